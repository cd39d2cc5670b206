"""Storage hygiene through the real page (P8, P9, D17): identical notices merge into one with a count; copies
set aside as corrupt are capped at the newest three per key and listed in "Your progress" with their size, each
deletable; a reload in the middle of a domino run loses none of its play time, and gives none twice."""

from __future__ import annotations

import json

from arcade import storage_key, wait_ready
from playwright.sync_api import Page, expect

SLOW_MS = 15_000  # the machine is shared: assertions wait longer than Playwright's 5 s
BAD_LINK = "This link does not open a game: it is incomplete or damaged."


def test_identical_notices_merge_into_one_with_a_count(page: Page, boot) -> None:
    """Five bad links in one tab: one notice that says ×5, not five notices."""
    boot(page)
    notices = page.locator(".notice")
    for times in range(1, 6):
        page.evaluate("location.hash = '#/blocks?daily=nope'")
        expect(notices.first).to_have_attribute("data-count", str(times), timeout=SLOW_MS)
    expect(notices).to_have_count(1)
    expect(notices.locator(".notice-text")).to_have_text(BAD_LINK)
    expect(notices.locator(".notice-count")).to_have_text("×5")
    expect(notices.locator(".notice-count")).to_have_attribute("aria-label", "5 times")
    notices.locator(".notice-close").click()
    expect(notices).to_have_count(0)
    page.evaluate("location.hash = '#/blocks?daily=nope'")  # after it was dismissed: a new notice, counted afresh
    expect(notices).to_have_count(1, timeout=SLOW_MS)
    expect(notices.locator(".notice-count")).to_be_hidden()


RUN = storage_key("domino", "run")
# Copies of domino's run set aside earlier: (epoch ms, length).
OLD_COPIES = [(1_700_000_000_000, 10), (1_700_000_000_001, 2000), (1_700_000_000_002, 30), (1_700_000_000_003, 400)]


def asides(page: Page) -> dict[str, int]:
    """The copies set aside in storage: key -> length."""
    return page.evaluate("""Object.fromEntries(Object.keys(localStorage).filter(k => k.includes('/corrupt/'))
        .map(k => [k, localStorage.getItem(k).length]))""")


def listed(page: Page) -> list[tuple[str, int]]:
    """The copies "Your progress" shows, in its order: (key, length)."""
    rows = page.locator(".backup-asides .aside")
    return [(rows.nth(i).get_attribute("data-key") or "", int(rows.nth(i).get_attribute("data-chars") or -1))
            for i in range(rows.count())]


def test_copies_set_aside_are_capped_listed_with_their_size_and_deletable(page: Page, boot, server_url: str) -> None:
    old = {f"{RUN}/corrupt/{time}": "x" * length for time, length in OLD_COPIES}
    boot(page, storage={**old, RUN: "not a run"})
    newest_three = sorted(OLD_COPIES, reverse=True)[:3]
    assert asides(page) == {f"{RUN}/corrupt/{time}": length for time, length in newest_three}  # capped at start
    assert listed(page) == [(f"{RUN}/corrupt/{time}", length) for time, length in newest_three]  # newest first
    first = page.locator(".backup-asides .aside").first
    expect(first).to_contain_text("Domino Drop: run")
    expect(first).to_contain_text("800 bytes")  # 400 code units, two bytes each
    expect(page.locator(".backup-asides .aside").nth(1)).to_contain_text("60 bytes")
    expect(page.locator(".backup-asides .aside").nth(2)).to_contain_text("4 kB")

    page.goto(server_url + "#/domino")  # the bad run is moved aside when the game reads it
    wait_ready(page)
    expect(page.locator(".notice")).to_contain_text("set aside", timeout=SLOW_MS)
    now = asides(page)
    fresh = [key for key in now if key not in old]
    assert len(fresh) == 1 and now[fresh[0]] == len("not a run")
    assert sorted(now) == sorted([fresh[0], *(f"{RUN}/corrupt/{time}" for time, _ in newest_three[:2])])

    page.goto(server_url + "#/")
    wait_ready(page)
    assert [key for key, _ in listed(page)] == [fresh[0], *(f"{RUN}/corrupt/{time}" for time, _ in newest_three[:2])]
    page.locator(".backup-asides .aside-delete").first.click()
    expect(page.locator(".backup-asides .aside")).to_have_count(2)
    assert fresh[0] not in asides(page)
    page.click(".asides-clear")
    expect(page.locator(".backup-asides")).to_be_hidden()
    assert asides(page) == {}


# The page's engines, for reading the engine's own play time (the app hands them to make bench on club:ready).
ENGINE_HOOK = "addEventListener('club:ready', (event) => { window.__club = event.detail; });"
ENGINE_PLAY_TIME = "async () => (await window.__club.engine('domino').call('view', {})).active_ms"
NOW = "() => performance.timeOrigin + performance.now()"
NOTE_PAGEHIDE = "() => addEventListener('pagehide', () => sessionStorage.setItem('hidden-at', String(performance.timeOrigin + performance.now())))"


def start_marathon(page: Page) -> None:
    for value in ("marathon", "classic"):
        page.click(f".dd-opt[data-value={value}]")
    page.click(".dd-go")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    if page.locator(".dd[data-held]").count():  # a tip over the pad holds the first tile until it is read
        page.locator(".kit-tip-ok").click()
    expect(page.locator(".dd")).not_to_have_attribute("data-held", "")


def fallen_to(page: Page, row: int) -> None:
    """Wait until gravity has brought the falling tile to this row: game time passed with no move (so no save)."""
    page.wait_for_function("(row) => Number(document.querySelector('.dd-falling').dataset.at.split(':')[1].split('@')[0]) >= row",
                           arg=row, timeout=SLOW_MS)


def reload_paused(page: Page) -> None:
    page.reload()
    wait_ready(page)
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused", timeout=SLOW_MS)


def stored_play_time(page: Page) -> int:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", RUN))["data"]["active_ms"]


def test_a_reload_mid_run_loses_no_domino_play_time(page: Page, boot) -> None:
    """D17: the engine's play time after a reload is at least what it was before (the stored save lagged behind it:
    no move was made), at most the time that really passed, and a second reload gives none of it again."""
    page.add_init_script(ENGINE_HOOK)
    boot(page, "#/domino")
    started = page.evaluate(NOW)
    start_marathon(page)
    fallen_to(page, 2)
    before = page.evaluate(ENGINE_PLAY_TIME)
    assert stored_play_time(page) < before  # what a reload would have lost
    page.evaluate(NOTE_PAGEHIDE)
    reload_paused(page)
    after = page.evaluate(ENGINE_PLAY_TIME)
    hidden_at = float(page.evaluate("sessionStorage.getItem('hidden-at')"))
    assert before <= after <= hidden_at - started, (before, after, hidden_at - started)
    assert stored_play_time(page) == after  # stored, not only in the engine
    reload_paused(page)
    assert page.evaluate(ENGINE_PLAY_TIME) == after

    # Hidden (the pause's save comes in), then reloaded: the time owed when it was hidden is in that save already.
    page.click(".dd-card .btn.primary")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    fallen_to(page, 4)
    page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                  "document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused", timeout=SLOW_MS)
    paused = page.evaluate(ENGINE_PLAY_TIME)
    page.wait_for_function("([k, ms]) => JSON.parse(localStorage.getItem(k)).data.active_ms === ms", arg=[RUN, paused],
                           timeout=SLOW_MS)
    reload_paused(page)
    assert page.evaluate(ENGINE_PLAY_TIME) == paused
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "owed")) is None
