"""Progress that stays (P8): browsers clear what a site stored (Safari after seven days
without a visit unless the site is on the home screen, any browser under storage pressure
unless ``navigator.storage.persist()`` was granted), and a player's streaks live only there.

The arcade asks for persistence after the first finished run (never on load, never in
play) and remembers it asked; Settings says whether the storage is kept, in a player's
words, with what protects it (ask again, install, a backup); home reminds a player with a
streak or solved puzzles and no recent backup to save one, at most once a week, never in
a game; the browser's install prompt is offered, and on iOS the Share → Add to Home Screen
steps. The storage manager is stubbed where its answer is the subject (Chromium headless
may grant persistence by itself).
"""

from __future__ import annotations

import datetime
import json
import os
import time
from functools import cache
from pathlib import Path

from arcade import drop_first_legal, settings, storage_key, wait_ready
from club.blocks import profile as cards
from club.blocks.api import Session as Blocks
from club.blocks.pieces import CELLS
from club.bowls.profile import dump as dump_profile
from club.bowls.profile import empty_profile
from club.daily.api import Service as Club
from layout import overflow_report
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = {lang: json.loads((ROOT / f"web/i18n/shell.{lang}.json").read_text()) for lang in ("en", "ru")}
EN = STRINGS["en"]
DEVICE = "6e-club/device"  # web/persistplan.js DEVICE_KEY: not progress, never backed up
DAY_MS = 86_400_000
SLOW_MS = 30_000  # two cores shared: an engine answer may take a while
PHONE_SMALL = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.5 Mobile/15E148 Safari/604.1")

# The storage manager as a test wants it: `granted` is what persisted() says, `grants` whether
# persist() grants; persist() calls are counted (window.__persist.asks).
STUB = """(([granted, grants]) => {
  window.__persist = { asks: 0, granted, grants };
  const manager = navigator.storage;
  manager.persisted = async () => window.__persist.granted;
  manager.persist = async () => {
    window.__persist.asks += 1;
    window.__persist.granted ||= window.__persist.grants;
    return window.__persist.granted;
  };
})(%s)"""

# The browser's install prompt, as Chromium fires it when the arcade can be installed.
OFFER_INSTALL = """() => {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  window.__prompted = 0;
  event.prompt = async () => { window.__prompted += 1; };
  event.userChoice = Promise.resolve({ outcome: "accepted" });
  dispatchEvent(event);
  return event.defaultPrevented;
}"""

# Every box of `selector` lies inside the viewport and the element `within` (when given).
INSIDE = """([selector, within]) => {
  const out = [], w = innerWidth, h = innerHeight;
  const frame = within ? document.querySelector(within).getBoundingClientRect() : { left: 0, top: 0, right: w, bottom: h };
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.left < -1 || r.right > w + 1 || r.left < frame.left - 1 || r.right > frame.right + 1)
      out.push(`${el.className || el.tagName} [${Math.round(r.left)}, ${Math.round(r.right)}] outside ${w}`);
    if (r.height > h) out.push(`${el.className || el.tagName} taller than the screen`);
  }
  return out;
}"""


def now_ms() -> int:
    return int(time.time() * 1000)


@cache
def streak_progress() -> dict[str, str]:
    """A player with a Daily Club streak: today's blocks daily played to its end by the CPython
    engine and banked by the club service today, as the page stores them."""
    date = datetime.datetime.now(datetime.UTC).date().isoformat()
    session = Blocks()
    session.new_run({"daily": date})
    finished = None
    while finished is None:
        slot = next((s for s in session.view({})["tray"] if s.get("targets")), None)
        answer = session.place({"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])}) if slot else session.redeal({})
        finished = next((e for e in answer["events"] if e["type"] == "finished"), None)
    banked = Club().bank({"record": None, "replays": None, "finished": finished, "now": now_ms()})
    assert banked["summary"]["counted"] and banked["summary"]["streak"] == 1
    return {"6e-club/v1/club/record": banked["record"], storage_key("blocks", "replays"): banked["replays"]}


def near_end(seed: int) -> str:
    """A blocks run (not a daily) one drop from its end, that drop the one ``drop_first_legal`` makes."""
    session = Blocks()
    session.new_run({"seed": seed})
    while True:
        before = session.save({})
        slot = next((s for s in session.view({})["tray"] if s.get("targets")), None)
        if slot:
            session.place({"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])})
        else:
            session.redeal({})
        if session.view({})["over"]:
            assert slot, f"seed {seed} ends on a re-deal"
            return before


def device(page: Page) -> dict:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", DEVICE) or "{}")


def set_device(page: Page, **fields: int | None) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [DEVICE, json.dumps({"schema": 1, **fields})])


def go(page: Page, route: str) -> None:
    """Move inside the arcade (no load) and wait until the route is mounted and settled."""
    page.evaluate("document.querySelector('#app > section')?.setAttribute('data-old', '1')")
    page.evaluate("r => { location.hash = r; }", route)
    page.wait_for_function("document.querySelector('#app > section:not([data-old])') && "
                           "document.getElementById('app').getAttribute('aria-busy') === 'false'")
    wait_ready(page)


def home_settled(page: Page) -> None:
    """Home's Daily Club card has its answer (the reminder is decided right after it)."""
    expect(page.locator(".daily-club")).to_have_attribute("data-state", "ready", timeout=SLOW_MS)
    page.wait_for_function("document.getElementById('app').getAttribute('aria-busy') === 'false'")


def shot(page: Page, locator, name: str) -> None:
    """A screenshot for a reader, when E2E_SHOTS names a folder."""
    folder = os.environ.get("E2E_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(Path(folder) / f"{name}.png"))
        page.screenshot(path=str(Path(folder) / f"{name}-page.png"))


def test_persistence_is_asked_after_the_first_finished_run_not_on_load(page: Page, boot) -> None:
    page.add_init_script(STUB % json.dumps([False, False]))
    # a best on home (which once asked for persistence on load) and a run one drop from its end
    best = cards.dump(cards.Profile(stars=7, best=5000, crowns=1, runs=3))
    boot(page, "#/", {storage_key("blocks", "profile"): best, storage_key("blocks", "run"): near_end(1)})
    home_settled(page)
    assert page.evaluate("window.__persist.asks") == 0  # not on load
    go(page, "#/blocks")
    assert page.evaluate("window.__persist.asks") == 0  # not in play
    drop_first_legal(page)
    expect(page.locator(".club-end")).to_be_visible(timeout=SLOW_MS)  # the run is over: its end card
    page.wait_for_function("window.__persist.asks === 1")
    asked = device(page)["asked"]
    assert abs(asked - now_ms()) < 60_000

    # Remembered: another finished run, after a reload, asks nothing.
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("blocks", "run"), near_end(2)])
    page.reload()
    wait_ready(page)
    drop_first_legal(page)
    expect(page.locator(".club-end")).to_be_visible(timeout=SLOW_MS)
    page.wait_for_timeout(500)  # the banking's own answers are in (the end card waits for them)
    assert page.evaluate("window.__persist.asks") == 0
    assert device(page)["asked"] == asked


def test_settings_say_whether_the_storage_is_kept_and_what_protects_it(contexts, boot) -> None:
    page = contexts.page(**PHONE_SMALL)
    page.set_default_timeout(SLOW_MS)
    page.add_init_script(STUB % json.dumps([False, True]))  # not kept yet; granted when asked
    boot(page, "#/")
    home_settled(page)
    assert page.evaluate("window.__persist.asks") == 0
    assert page.evaluate(OFFER_INSTALL) is True  # the browser's banner is held back: the arcade offers it
    page.click("#settings-button")
    dialog = page.locator(".settings-dialog")
    expect(dialog).to_be_visible()
    status = dialog.locator(".keep-status")
    expect(status).to_have_text(EN["shell.keep.clearable"])
    expect(dialog.locator(".keep-last")).to_have_text(EN["shell.keep.noBackup"])
    ask, install = dialog.locator(".keep-ask"), dialog.locator(".keep-install")
    expect(ask).to_have_text(EN["shell.keep.ask"])
    expect(install).to_have_text(EN["shell.keep.install"])
    expect(dialog.locator(".keep-ios")).to_have_count(0)  # not an iPhone
    install.scroll_into_view_if_needed()
    assert page.evaluate(INSIDE, [".keep-status, .keep-actions .btn, .keep-notes p", ".settings-dialog"]) == []
    assert overflow_report(page, ".settings-dialog .btn, .keep-status, .keep-notes p") == []
    for button in (ask, install, dialog.locator(".keep-backup")):
        assert button.bounding_box()["height"] >= 44
    shot(page, dialog, "settings-360x640")

    ask.click()
    expect(status).to_have_text(EN["shell.keep.kept"])
    expect(status).to_have_attribute("data-status", "kept")
    expect(ask).to_be_hidden()
    assert page.evaluate("window.__persist.asks") == 1
    install.click()
    page.wait_for_function("window.__prompted === 1")
    expect(install).to_have_count(0)  # a prompt shows once
    # Back up leads to home's own button.
    dialog.locator(".keep-backup").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(".backup-save")).to_be_focused()


def test_home_reminds_a_player_with_a_streak_once_a_week_never_in_play(phone: Page, boot) -> None:
    page = phone
    page.set_default_timeout(SLOW_MS)
    boot(page, "#/", streak_progress())
    home_settled(page)
    card = page.locator(".keep-reminder")
    expect(card).to_be_visible()
    said = EN["shell.keep.remindStreak"]["one"].replace("{count}", "1")
    expect(card.locator(".keep-reminder-text")).to_have_text(said)
    expect(card.locator(".keep-reminder-save")).to_have_text(EN["shell.backup.save"])
    expect(card.locator(".keep-install")).to_have_count(0)  # no prompt from this browser yet
    # It sits before the games, after the Daily Club card that shows the streak.
    assert page.evaluate("(c => c.previousElementSibling.matches('.daily-club') && c.nextElementSibling.matches('.game-grid'))"
                         "(document.querySelector('.keep-reminder'))")
    reminded = device(page)["reminded"]
    assert abs(reminded - now_ms()) < 60_000

    # Not twice in a week: home again, no card.
    go(page, "#/rules/blocks")
    go(page, "#/")
    home_settled(page)
    expect(card).to_have_count(0)

    # A week later it is due again, but never in play: a game page shows none and leaves it due.
    set_device(page, reminded=now_ms() - 8 * DAY_MS)
    go(page, "#/blocks")
    expect(page.locator(".bk")).to_have_count(1)
    expect(card).to_have_count(0)
    assert device(page)["reminded"] < now_ms() - 7 * DAY_MS
    assert page.evaluate(OFFER_INSTALL) is True
    go(page, "#/")
    home_settled(page)
    expect(card).to_be_visible()
    expect(card.locator(".keep-install")).to_have_text(EN["shell.keep.install"])  # the prompt, kept, is offered
    shot(page, card, "reminder-390x844")

    # On a small phone the card fits the screen and its texts their boxes.
    page.set_viewport_size({"width": 360, "height": 640})
    card.scroll_into_view_if_needed()
    assert page.evaluate(INSIDE, [".keep-reminder, .keep-reminder .btn, .keep-reminder p", ".keep-reminder"]) == []
    assert overflow_report(page) == []

    # Back up saves the file (home's own button), the card goes, and the date is remembered.
    with page.expect_download() as saved:
        card.locator(".keep-reminder-save").click()
    assert saved.value.suggested_filename.startswith("6e-club-backup-")
    expect(card).to_have_count(0)
    expect(page.locator(".backup-status")).to_contain_text(saved.value.suggested_filename)
    assert abs(device(page)["backup"] - now_ms()) < 60_000
    # A recent backup: no reminder, even a week after the last one.
    set_device(page, reminded=now_ms() - 8 * DAY_MS, backup=now_ms() - DAY_MS)
    go(page, "#/rules/blocks")
    go(page, "#/")
    home_settled(page)
    expect(card).to_have_count(0)
    # Settings says when it was.
    page.click("#settings-button")
    expect(page.locator(".keep-last")).to_contain_text(EN["shell.keep.lastBackup"].split("{date}")[0])


def test_solved_puzzles_are_reminded_too_and_not_now_dismisses(phone: Page, boot) -> None:
    page = phone
    profile = dump_profile({**empty_profile(), "puzzles": {"1": 1, "2": 1}})
    boot(page, "#/", {**settings("ru"), storage_key("bowls", "profile"): profile})
    home_settled(page)
    card = page.locator(".keep-reminder")
    expect(card.locator(".keep-reminder-text")).to_have_text(STRINGS["ru"]["shell.keep.remindPuzzles"]["few"].replace("{count}", "2"))
    page.set_viewport_size({"width": 360, "height": 640})  # the longest words, on a small phone
    card.scroll_into_view_if_needed()
    assert page.evaluate(INSIDE, [".keep-reminder, .keep-reminder .btn, .keep-reminder p", ".keep-reminder"]) == []
    assert overflow_report(page) == []
    card.locator(".keep-reminder-later").click()
    expect(card).to_have_count(0)
    expect(page.locator(".game-card").first).to_be_focused()


def test_ios_explains_add_to_home_screen(contexts, boot) -> None:
    page = contexts.page(user_agent=IPHONE, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                         device_scale_factor=2)
    page.set_default_timeout(SLOW_MS)
    boot(page, "#/", streak_progress())
    home_settled(page)
    card = page.locator(".keep-reminder")
    expect(card.locator(".keep-ios")).to_have_text(EN["shell.keep.ios"])
    expect(card.locator(".keep-install")).to_have_count(0)  # Safari has no install prompt
    shot(page, card, "reminder-ios-390x844")
    page.click("#settings-button")
    expect(page.locator(".settings-dialog .keep-ios")).to_have_text(EN["shell.keep.ios"])
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 360, "height": 640})
    card.scroll_into_view_if_needed()
    assert page.evaluate(INSIDE, [".keep-reminder, .keep-reminder .btn, .keep-reminder p", ".keep-reminder"]) == []
    assert overflow_report(page) == []
