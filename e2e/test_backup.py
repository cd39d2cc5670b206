"""Backup / Restore on the home screen: one versioned JSON
file with every game's profile, runs, slots and settings (and the
Daily Club's record and kept replays); a restore checks every part through
the engines first and changes nothing when a part is bad; persistent storage
is never asked for on load (after a finished run: e2e/test_persist.py).

The stored values are made by the CPython engines (the test hook), so the
page's engines must accept them exactly as a restore would.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import storage_key, wait_ready
from club.blocks import profile as cards
from club.blocks.api import Session as Blocks
from club.bowls.api import Session as Bowls
from club.bowls.profile import dump as dump_profile
from club.bowls.profile import empty_profile
from club.daily.api import Service as Club
from club.domino.api import Session as Domino
from club.merge.api import Session as Merge
from club.merge.profile import default_profile
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("blocks", "domino", "merge", "bowls")
SESSIONS = {"blocks": Blocks, "domino": Domino, "merge": Merge, "bowls": Bowls}
SLOW_MS = 15_000  # the machine is shared: assertions wait longer than Playwright's 5 s
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
# Counts the page's requests for persistent storage (the real call still runs).
COUNT_PERSIST = """
if (navigator.storage && navigator.storage.persist) {
  const real = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => { window.__persistAsked = (window.__persistAsked || 0) + 1; return real(); };
}
"""


def saved(session, start: dict) -> str:
    session.new(start)
    return session.save({})


@functools.cache
def club_progress() -> dict[str, str]:
    """The Daily Club's part: the record and domino's kept replays after a Sprint played
    to the end by the CPython engine and banked by the club service, as the page stores them."""
    session = Domino()
    session.new({"seed": 4242, "mode": "sprint", "set": "classic"})
    lanes = [["left"] * 3, ["left"], ["right"], ["right"] * 3]
    for drop in range(28):
        for move in lanes[drop % 4]:
            session.move({"move": move})
        events = session.move({"move": "hard"})["events"]
        finished = next((e for e in events if e["type"] == "finished"), None)
        if finished:
            break
    assert finished and finished["code"], "the Sprint did not end with a replayable run"
    banked = Club().bank({"record": None, "replays": None, "finished": finished, "now": 1_796_200_000_000})
    assert banked["summary"]["kept"]
    return {"6e-club/v1/club/record": banked["record"], storage_key("domino", "replays"): banked["replays"]}


def progress() -> dict[str, str]:
    """A device's progress in every game: runs, profiles with a best, a merge slot, settings, lessons,
    the Daily Club's record and kept replays."""
    blocks = Blocks().new_run({"seed": 99})["save"]
    return {
        storage_key("blocks", "run"): blocks,
        storage_key("blocks", "profile"): cards.dump(cards.Profile(stars=7, best=5000, crowns=1, runs=3)),
        storage_key("blocks", "paint"): "." * 61,
        storage_key("domino", "run"): saved(Domino(), {"mode": "marathon", "set": "classic", "seed": 7}),
        storage_key("domino", "profile"): json.dumps(
            {"records": {"sprint/classic": {"max": 3, "power": 420, "speed": 2, "games": 1}}}),
        storage_key("domino", "choice"): json.dumps({"mode": "marathon", "set": "classic"}),
        storage_key("merge", "run"): saved(Merge(), {"seed": 5}),
        storage_key("merge", "slot/2"): saved(Merge(), {"seed": 6}),
        storage_key("merge", "profile"): json.dumps({**default_profile(), "best": 1234, "best_moves": 90, "best_highest": 64, "rounds": 2}),
        storage_key("bowls", "run"): saved(Bowls(), {"mode": "endless", "seed": 3}),
        storage_key("bowls", "profile"): dump_profile({**empty_profile(), "best": {"endless": 321}, "played": {"endless": 1}}),
        "6e-club/v1/settings": json.dumps({"schema": 1, "lang": "en", "motion": "reduce"}),
        # the first lessons done and the tips shown travel with the progress.
        "6e-club/v1/seen": json.dumps({"schema": 1, "lessons": dict.fromkeys(GAMES, True), "tips": {"bowls.ice": True}}),
        **club_progress(),
    }


def bests(data: dict[str, str]) -> dict[str, int | None]:
    """What each engine says the home card's best is for this progress."""
    return {g: SESSIONS[g]().headline({"profile": data.get(storage_key(g, "profile"))})["best"] for g in GAMES}


@pytest.fixture
def strict(contexts) -> Iterator[Page]:
    """A page under the real CSP (downloads and file reading included)."""
    context = contexts.context(viewport={"width": 1280, "height": 800}, bypass_csp=False, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script(COUNT_PERSIST)
    yield page


# Drawing aids the pages keep beside the progress (P3: the engine's last view, geometry,
# headline, records, the theme to paint before Python is up). Derived, never backed up.
CACHES = re.compile(r"/(view|geometry|headline|records|theme)$")


def stored(page: Page) -> dict[str, str]:
    """The progress in storage: every key but the drawing aids."""
    every = page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    return {key: value for key, value in every.items() if not CACHES.search(key)}


def home_bests(page: Page) -> dict[str, str]:
    return {g: page.get_attribute(f".game-card[data-game={g}] .best", "data-best") or "" for g in GAMES}


def choose_file(page: Page, text: str) -> None:
    page.set_input_files("#restore-file", {"name": "backup.json", "mimeType": "application/json",
                                           "buffer": text.encode()})


def test_back_up_clear_restore_everything_is_back(strict: Page, boot, server_url: str) -> None:
    page = strict
    data = progress()
    expected = bests(data)
    assert all(expected.values())
    boot(page, storage={**data, storage_key("blocks", "run") + "/corrupt/1": "junk"})
    assert home_bests(page) == {g: str(b) for g, b in expected.items()}
    assert page.evaluate("window.__persistAsked") is None  # P8: never on load, bests or not (after a finished run)

    with page.expect_download() as info:
        page.click(".backup-save")
    backup = json.loads(Path(info.value.path()).read_text())
    assert info.value.suggested_filename.startswith("6e-club-backup-")
    assert backup["format"] == "6e-club-backup" and backup["version"] == 1
    assert backup["keys"] == data  # everything, exactly as stored, and no corrupt leftover
    expect(page.locator(".backup-status")).to_contain_text(info.value.suggested_filename, timeout=SLOW_MS)

    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    assert home_bests(page) == {g: "" for g in GAMES}
    assert page.evaluate("window.__persistAsked") is None  # not on load

    choose_file(page, json.dumps(backup))
    expect(page.locator(".backup-confirm")).to_be_visible(timeout=SLOW_MS)
    with page.expect_navigation():
        page.click(".backup-replace")
    wait_ready(page)
    assert stored(page) == data
    assert home_bests(page) == {g: str(b) for g, b in expected.items()}
    restored = STRINGS["shell.backup.restored"]["other"].replace("{count}", str(len(data)))
    expect(page.locator(".backup-status")).to_have_text(restored, timeout=SLOW_MS)
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"  # settings are back too
    # the unfinished runs resume: opening each game keeps the restored run
    for game in GAMES:
        page.goto(server_url + f"#/{game}")
        page.wait_for_function(f"document.documentElement.dataset.route === '{game}'")
        wait_ready(page)
        assert page.evaluate("k => localStorage.getItem(k)", storage_key(game, "run")) is not None
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "run")) == data[storage_key("blocks", "run")]


BAD_FILES = {
    "a damaged slot": ("merge/slot/2", lambda keys: {**keys, storage_key("merge", "slot/2"): "{nonsense"},
                       "Hex Merge: slot/2"),
    "a damaged profile": ("domino/profile", lambda keys: {**keys, storage_key("domino", "profile"): '{"records": 3}'},
                          "Domino Drop: profile"),
    "a damaged run": ("bowls/run", lambda keys: {**keys, storage_key("bowls", "run"): "W1 nope"}, "Color Bowls: run"),
    "bad settings": ("settings", lambda keys: {**keys, "6e-club/v1/settings": '{"schema": 9}'}, "settings"),
    "a bad record of lessons": ("seen", lambda keys: {**keys, "6e-club/v1/seen": '{"schema": 1, "lessons": []}'}, "seen"),
    # the club's record and a game's kept replays are checked by the club service.
    "a damaged club record": ("club/record", lambda keys: {**keys, "6e-club/v1/club/record": '{"schema": 1, "days": 3'},
                              "club/record"),
    "damaged replays": ("domino/replays", lambda keys: {**keys, storage_key("domino", "replays"): "6E1.domino.nope"},
                        "Domino Drop: replays"),
    "an unknown part": ("blocks/secret", lambda keys: {**keys, storage_key("blocks", "secret"): "1"},
                        "6E Club Game: secret"),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_a_bad_part_changes_nothing_and_is_named(page: Page, boot, case: str) -> None:
    """One bad part refuses the whole file: storage is exactly as before, the message names the part."""
    boot(page, storage={storage_key("merge", "profile"): json.dumps({**default_profile(), "best": 77, "best_moves": 12, "best_highest": 16})})
    before = stored(page)
    _, spoil, name = BAD_FILES[case]
    keys = spoil(progress())
    choose_file(page, json.dumps({"format": "6e-club-backup", "version": 1, "saved": "2026-01-02T03:04:05Z",
                                  "keys": keys}))
    status = page.locator(".backup-status")
    expect(status).to_contain_text(f"“{name}”", timeout=SLOW_MS)
    expect(status).to_contain_text("Nothing was changed", timeout=SLOW_MS)
    if case != "an unknown part":  # refused by the part's owner, which knows it (not as a stranger)
        expect(status).not_to_contain_text(STRINGS["shell.backup.unknownPart"])
    expect(page.locator(".backup-confirm")).to_be_hidden(timeout=SLOW_MS)
    assert stored(page) == before
    assert home_bests(page)["merge"] == "77"


@pytest.mark.parametrize(("text", "message"), [
    ("not json at all", "shell.backup.notBackup"),
    (json.dumps({"format": "something-else", "version": 1, "keys": {}}), "shell.backup.notBackup"),
    (json.dumps({"format": "6e-club-backup", "version": 2, "saved": "2030-01-01T00:00:00Z", "keys": {}}),
     "shell.backup.newer"),
])
def test_not_a_backup_is_refused(page: Page, boot, text: str, message: str) -> None:
    boot(page, storage={storage_key("blocks", "profile"): cards.dump(cards.Profile(stars=1, best=10, runs=1))})
    before = stored(page)
    choose_file(page, text)
    expect(page.locator(".backup-status")).to_have_text(STRINGS[message].replace("{version}", "2"), timeout=SLOW_MS)
    assert stored(page) == before


def test_cancel_keeps_the_progress(page: Page, boot) -> None:
    mine = {storage_key("merge", "profile"): json.dumps({**default_profile(), "best": 6, "best_moves": 3, "best_highest": 4})}
    boot(page, storage=mine)
    before = stored(page)
    assert before.items() >= mine.items()
    choose_file(page, json.dumps({"format": "6e-club-backup", "version": 1, "saved": "2026-01-02T03:04:05Z",
                                  "keys": progress()}))
    expect(page.locator(".backup-confirm")).to_be_visible(timeout=SLOW_MS)
    page.click(".backup-cancel")
    expect(page.locator(".backup-confirm")).to_be_hidden(timeout=SLOW_MS)
    assert stored(page) == before


# A device nearly full (P9): another site of the origin (all of a user's GitHub Pages sites share one) fills
# localStorage's quota, which Chromium counts in UTF-16 code units of keys plus values.
FILLER = "another-site/cache"
# The most code units a value under `key` can take now: a binary search of writes (then removed).
ROOM_PROBE = """(key) => {
  let lo = 0, hi = 8 * 1024 * 1024;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try { localStorage.setItem(key, "f".repeat(mid)); lo = mid; } catch { hi = mid - 1; }
  }
  localStorage.removeItem(key);
  return lo;
}"""


def everything(page: Page) -> dict[str, str]:
    """Every key of the origin, as stored."""
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def fill(page: Page, size: int) -> None:
    page.evaluate("([key, size]) => localStorage.setItem(key, 'f'.repeat(size))", [FILLER, size])


def ask_restore(page: Page, text: str) -> None:
    choose_file(page, text)
    expect(page.locator(".backup-confirm")).to_be_visible(timeout=SLOW_MS)


def size_text(chars: int) -> str:
    """The room as the English page says it: two bytes a code unit, in bytes, kB or MB (one decimal at most)."""
    size = chars * 2
    if size < 1000:
        return f"{size} bytes"
    value, unit = (size / 1000, "kB") if size < 1_000_000 else (size / 1_000_000, "MB")
    return f"{round(value, 1):,.1f}".removesuffix(".0") + f" {unit}"


def test_restore_onto_a_nearly_full_device_loses_nothing(page: Page, boot) -> None:
    """A backup that does not fit is refused before anything changes, and the message names the room missing;
    freeing one code unit less than that is still not enough (1 missing), freeing exactly that is: the parts
    are all there after the reload, and only then does the page say so."""
    mine = {storage_key("merge", "profile"): json.dumps({**default_profile(), "best": 77, "best_moves": 12, "best_highest": 16}),
            storage_key("blocks", "run"): Blocks().new_run({"seed": 5})["save"]}
    boot(page, storage=mine)
    room = page.evaluate(ROOM_PROBE, FILLER)
    used = sum(len(k) + len(v) for k, v in everything(page).items())
    print(f"quota measured: {used + len(FILLER) + room} code units (used {used}, room for a value {room})")
    data = progress()
    text = json.dumps({"format": "6e-club-backup", "version": 1, "saved": "2026-01-02T03:04:05Z", "keys": data})
    parts = sum(len(k) + len(v) for k, v in data.items())
    filler = room - parts // 2  # the parts alone need twice the room left
    fill(page, filler)
    before = everything(page)
    status = page.locator(".backup-status")

    ask_restore(page, text)
    page.click(".backup-replace")
    expect(status).to_have_attribute("data-missing", re.compile(r"^\d+$"), timeout=SLOW_MS)
    missing = int(status.get_attribute("data-missing") or "0")
    assert missing >= parts - parts // 2, "the parts' own text does not fit in the room left"
    print(f"backup parts {parts} code units, another site's key {filler}: refused, {missing} missing")
    expect(status).to_have_text(STRINGS["shell.backup.noRoom"].replace("{size}", size_text(missing)))
    assert everything(page) == before  # byte for byte, nothing staged left behind

    fill(page, filler - (missing - 1))
    ask_restore(page, text)
    page.click(".backup-replace")
    expect(status).to_have_attribute("data-missing", "1", timeout=SLOW_MS)
    assert everything(page) == {**before, FILLER: "f" * (filler - missing + 1)}

    fill(page, filler - missing)
    ask_restore(page, text)
    with page.expect_navigation():
        page.click(".backup-replace")
    wait_ready(page)
    after = stored(page)
    assert after.pop(FILLER) == "f" * (filler - missing)
    assert after == data  # every part, exactly; the old progress is gone
    restored = STRINGS["shell.backup.restored"]["other"].replace("{count}", str(len(data)))
    expect(status).to_have_text(restored, timeout=SLOW_MS)
    assert not [k for k in everything(page) if k.startswith("6e-club/restor")]  # no staged copy, no journal


# Hostile files: refused with a sentence and nothing changed. The time from the file's choice to the refusal
# is measured in the page (a capturing listener sees the choice before the page does; the status's change is
# the refusal), and its longest task, the page's freeze: printed, not asserted (speed is make bench's).
TIMED = """() => {
  window.__refusal = {longest: 0};
  document.addEventListener("change", () => { window.__refusal.start = performance.now(); }, true);
  new MutationObserver(() => { window.__refusal.end ??= performance.now(); })
    .observe(document.querySelector(".backup-status"), {childList: true, characterData: true, subtree: true});
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__refusal.longest = Math.max(window.__refusal.longest, task.duration);
  }).observe({type: "longtask"});
}"""
MOST_BYTES = 8 * 1024 * 1024  # web/backup.js: the largest file read as a backup
SLOT = storage_key("merge", "slot/")


def backup_file(keys: object) -> str:
    return json.dumps({"format": "6e-club-backup", "version": 1, "saved": "2026-01-02T03:04:05Z", "keys": keys})


def many_slots() -> str:
    slot = saved(Merge(), {"seed": 6})
    return backup_file({f"{SLOT}{n}": slot for n in range(1, 3001)})


def huge_index() -> str:
    return backup_file({f"{SLOT}1": saved(Merge(), {"seed": 6}), f"{SLOT}99999999999999999999999": saved(Merge(), {"seed": 7})})


def slot_refused(part: str) -> str:
    reason = STRINGS["shell.backup.extraSlot"].replace("{game}", "Hex Merge").replace("{count}", "3")
    return STRINGS["shell.backup.badPart"].replace("{part}", f"Hex Merge: {part}").replace("{reason}", reason)


def big(size: int) -> str:
    """A backup file of `size` bytes: one run of that much text."""
    head = backup_file({storage_key("blocks", "run"): ""})
    return head.replace('""', '"' + "x" * (size - len(head)) + '"')


HOSTILE = {
    "empty keys": (lambda: backup_file({}), STRINGS["shell.backup.empty"]),
    "keys as a list": (lambda: backup_file([]), STRINGS["shell.backup.notBackup"]),
    "3000 slots": (many_slots, slot_refused("slot/4")),
    "a huge slot index": (huge_index, slot_refused("slot/99999999999999999999999")),
    "a 40 MB file": (lambda: big(40_000_000), STRINGS["shell.backup.tooBig"].replace("{size}", "40 MB")
                     .replace("{most}", "8.4 MB")),
    # the largest file read: its run is refused by the engine (a bridge payload is at most 1 MiB)
    "a file just under the bound": (lambda: big(MOST_BYTES), "“6E Club Game: run”"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_backup_is_refused_and_changes_nothing(page: Page, boot, tmp_path: Path, case: str) -> None:
    make, said = HOSTILE[case]
    path = tmp_path / "backup.json"
    path.write_text(make())
    boot(page, storage={storage_key("merge", "profile"): json.dumps({**default_profile(), "best": 77, "best_moves": 12,
                                                                       "best_highest": 16}),
                        storage_key("blocks", "run"): Blocks().new_run({"seed": 5})["save"]})
    before = stored(page)
    page.evaluate(TIMED)
    page.set_input_files("#restore-file", str(path))
    status = page.locator(".backup-status")
    expect(status).to_contain_text(said, timeout=SLOW_MS)
    expect(status).to_contain_text("Nothing was changed")
    expect(page.locator(".backup-confirm")).to_be_hidden()
    timing = page.evaluate("window.__refusal")
    print(f"refused {case} ({path.stat().st_size:,} bytes) in {timing['end'] - timing['start']:.0f} ms, "
          f"longest task {timing['longest']:.0f} ms")
    assert stored(page) == before


def test_a_restore_that_would_remove_progress_names_it_and_cancel_keeps_it(page: Page, boot) -> None:
    """The backup holds settings only; the device has a run, records with puzzles, the Daily Club record and
    the lessons done: the question names each, its button says the progress goes, and Cancel changes nothing."""
    data = progress()
    mine = {key: data[key] for key in (storage_key("blocks", "run"), storage_key("bowls", "profile"),
                                       "6e-club/v1/club/record", "6e-club/v1/seen")}
    boot(page, storage=mine)
    before = stored(page)
    ask_restore(page, backup_file({"6e-club/v1/settings": json.dumps({"schema": 1, "lang": "en"})}))
    names = ["the saved run of 6E Club Game", "the records and puzzle progress of Color Bowls", "the Daily Club record",
             "the record of lessons done and tips shown"]  # by key: blocks/run, bowls/profile, club/record, seen
    items = ", ".join(names[:-1]) + ", and " + names[-1]
    question = page.locator(".backup-confirm p")
    expect(question).to_contain_text(STRINGS["shell.backup.confirmLoss"].split("{date}")[0])
    expect(question).to_contain_text(STRINGS["shell.backup.confirmLoss"].split("{date}")[1].replace("{items}", items))
    expect(page.locator(".backup-replace")).to_have_text(STRINGS["shell.backup.replaceLoss"])
    page.click(".backup-cancel")
    expect(page.locator(".backup-confirm")).to_be_hidden(timeout=SLOW_MS)
    assert stored(page) == before
