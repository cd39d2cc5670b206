"""No value can kill the engine (P8): a value thousands of levels deep stored under a game's
``run``, ``profile`` or ``replays`` key or as the club record (a corrupted storage, a hostile
backup restored) overflows the stack of Pyodide ("Pyodide already fatally failed") where
CPython refuses it cleanly. Measured in Chromium's worker with the arcade's engine: a save
2,000 arrays deep read, 3,000 fatal on a first visit; with the memory snapshot 6,000 read,
10,000 fatal; a replay code's start 4,080 deep and never closed, fatal through ``call`` and
refused cleanly through ``query`` (the path the page opens links by). So 20,000 here.
Refused before it is parsed (``club.jsontext``), each is moved aside with its notice on
whichever route reads it first, home and the Daily Club's page included, and the engine
lives on: a game then starts and plays. The same holds for merge slot codes (the Slots
dialog's Import) and for hostile replay and challenge links carrying a deep code."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from arcade import drop_first_legal, storage_key
from club.bridge import Bridge
from club.merge.saves import export_code
from club.replay import seal
from playwright.sync_api import Page, expect
from test_ghost import near_end
from test_replays import blocks_move, call, play_to_end

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
MERGE_STRINGS = json.loads((ROOT / "web/i18n/merge.en.json").read_text())
SLOW_MS = 30_000
DEEP = "[" * 20_000 + "]" * 20_000
RUN, PROFILE, REPLAYS = (storage_key("blocks", item) for item in ("run", "profile", "replays"))
RECORD = storage_key("club", "record")
GAME = STRINGS["shell.game.blocks.name"]
ITEM = {  # each key -> how its notice names it (shell.item.*)
    RUN: STRINGS["shell.item.run"].format(game=GAME),
    PROFILE: STRINGS["shell.item.profile"].format(game=GAME),
    REPLAYS: STRINGS["shell.item.replays"].format(game=GAME),
    RECORD: STRINGS["shell.item.club"],
}
ISSUE_SLOT_CODE = "HM1.eNrtwTENAAAAAqCgzv41rOEBJAAAwLsCAAD3BkhrbLk.88bdfc8d"  # 6,000 arrays inside
DEEP_SLOT_CODE = export_code(DEEP)  # 55 characters


def aside(page: Page) -> dict[str, int]:
    """How many copies of each key were set aside as corrupt."""
    return page.evaluate("""() => { const out = {};
      for (const k of Object.keys(localStorage)) if (k.includes('/corrupt/')) {
        const of = k.slice(0, k.indexOf('/corrupt/')); out[of] = (out[of] ?? 0) + 1; }
      return out; }""")


def moved_aside(page: Page, keys: tuple[str, ...], told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Wait until each of ``keys`` has its value set aside (once: what the key holds now, if
    anything, is the game's new value), and a notice naming each but those ``told`` of before
    (shell.item.*: one notice per kind of item; a route left takes its notices). Answers every key
    set aside so far, to be ``told`` next time."""
    page.wait_for_function("keys => keys.every(k => Object.keys(localStorage).some(a => a.startsWith(k + '/corrupt/')))",
                           arg=list(keys), timeout=SLOW_MS)
    counts = aside(page)
    assert all(counts.get(key) == 1 for key in keys), counts
    for key in keys:
        held = page.evaluate("""k => [localStorage.getItem(k),
            localStorage.getItem(Object.keys(localStorage).find(a => a.startsWith(k + '/corrupt/')))]""", key)
        assert held[0] != held[1], f"{key} still holds the value set aside"
    notices = page.locator(".notice", has_text=STRINGS["shell.corrupt"].split("{what}")[0])
    for key in set(keys) - set(told):
        expect(notices.filter(has_text=ITEM[key])).to_have_count(1)
    return tuple(counts)


def plays_blocks(page: Page) -> None:
    """The engine is alive: blocks starts (its run stored) and a drop is answered and stored."""
    page.evaluate("location.hash = '#/blocks'")
    page.wait_for_function("k => { try { return JSON.parse(localStorage.getItem(k)).game === 'blocks'; }"
                           " catch { return false; } }", arg=RUN, timeout=SLOW_MS)
    drop_first_legal(page)


READ = {  # route -> what the deep values stored show there once the engine answered, and the keys it reads
    "#/": (".daily-club[data-state=ready]", (PROFILE, RECORD)),
    "#/club": (".club-body[data-state=ready]", (RECORD, REPLAYS)),
    "#/blocks": (".bk-board", (RUN, PROFILE)),
}


@pytest.mark.parametrize("route", READ)
def test_deep_stored_values_are_set_aside_where_first_read_and_the_engine_lives(page: Page, boot, route: str) -> None:
    shown, read = READ[route]
    boot(page, route, {RUN: DEEP, PROFILE: DEEP, REPLAYS: DEEP, RECORD: DEEP})
    moved_aside(page, read)
    expect(page.locator(shown)).to_be_visible(timeout=SLOW_MS)
    plays_blocks(page)
    # Each later value is set aside once; its notice may have come and gone with a route (read above).
    every = (RUN, PROFILE, RECORD, REPLAYS)
    moved_aside(page, (RUN, PROFILE), told=every)
    page.evaluate("location.hash = '#/club'")
    expect(page.locator(".club-body[data-state=ready]")).to_be_visible(timeout=SLOW_MS)
    moved_aside(page, every, told=every)
    expect(page.locator(".placeholder")).to_have_count(0)  # no "could not start"


def club_record() -> str:
    """A Daily Club record of a player who finished a blocks run (the CPython service banked it)."""
    bridge = Bridge()
    call(bridge, "blocks", "new", {"seed": 5})
    finished = play_to_end(bridge, "blocks", blocks_move, random.Random(3), resume_at=-1)
    return call(bridge, "club", "bank", {"record": None, "replays": None, "finished": finished,
                                         "now": 1764633600000})["record"]


@pytest.mark.parametrize("route", ["#/club", "#/blocks"])
def test_deep_kept_replays_are_set_aside_where_first_read(page: Page, boot, route: str) -> None:
    """The stats page lists a game's kept replays; a game banks a finished run beside them: either
    reads them first and sets them aside, the stats are shown, and the run is banked."""
    boot(page, route, {RECORD: club_record(), REPLAYS: DEEP, RUN: near_end()})
    if route == "#/club":
        moved_aside(page, (REPLAYS,))
        expect(page.locator('.club-game[data-game="blocks"] .n-played dd')).to_have_text("1", timeout=SLOW_MS)
        page.evaluate("location.hash = '#/blocks'")
    drop_first_legal(page)  # the last drop: the run is banked with the Daily Club
    expect(page.locator(".club-end")).to_be_visible(timeout=SLOW_MS)
    moved_aside(page, (REPLAYS,), told=(REPLAYS,) if route == "#/club" else ())
    page.wait_for_function("k => (localStorage.getItem(k) ?? '').includes('6E1.blocks.')", arg=REPLAYS, timeout=SLOW_MS)


def test_deep_merge_slot_codes_are_refused_and_every_game_still_starts(page: Page, boot) -> None:
    """The tracker's code (6,000 arrays: fatal on a first visit) and a deeper one (fatal with the
    memory snapshot too): each refused in the dialog's words, nothing stored, and the games play."""
    boot(page, "#/merge")
    page.click(".hm-slots-btn")
    dialog = page.locator(".hm-slots")
    error = dialog.locator(".hm-import-error")
    for code in (ISSUE_SLOT_CODE, DEEP_SLOT_CODE):
        dialog.locator(".hm-import-code").fill(code)
        dialog.locator(".hm-import-go").click()
        expect(error).to_have_text(MERGE_STRINGS["merge.importBad"], timeout=SLOW_MS)
        expect(dialog.locator('.hm-slot[data-slot="1"] .hm-slot-info')).to_have_text("Empty")
    page.keyboard.press("Escape")
    moves = page.locator(".hm-moves .value")
    expect(moves).to_have_text("0")
    page.locator('.hm-cell[data-cell="0:0"]').click(force=True)  # the merge game plays on
    expect(moves).to_have_text("1", timeout=SLOW_MS)
    plays_blocks(page)  # and another game starts and plays


def deep_code(game: str) -> str:
    """A replay code, its checksum right, whose start opens 4,000 arrays and never closes them:
    the parser descends all 4,000 levels before it finds the text ends."""
    return seal(game, '{"a":[],"s":' + "[" * 4000)


def test_hostile_replay_and_challenge_links_are_refused_and_the_deal_plays(page: Page, boot) -> None:
    boot(page, "#/blocks")
    page.evaluate("code => { location.hash = '#/blocks?replay=' + code; }", deep_code("blocks"))
    expect(page.locator(".replay-refused")).to_contain_text(STRINGS["shell.replay.error.replay-corrupt"], timeout=SLOW_MS)
    page.evaluate("code => { location.hash = '#/blocks?seed=11&vs=' + code; }", deep_code("blocks"))
    expect(page.locator("#notices")).to_contain_text(STRINGS["shell.club.ghostRefused.damaged"], timeout=SLOW_MS)
    expect(page.locator(".bk .club-ghost")).to_be_hidden()
    page.wait_for_function("location.hash === '#/blocks'", timeout=SLOW_MS)
    page.wait_for_function("k => { try { return JSON.parse(localStorage.getItem(k)).game === 'blocks'; }"
                           " catch { return false; } }", arg=RUN, timeout=SLOW_MS)
    drop_first_legal(page)  # the challenge's deal plays, without the ghost
