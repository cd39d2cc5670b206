"""Notices that tell the truth (P8, P9, P12): a value set aside on a full origin is kept when room can be made
(its own room, then older copies set aside), or the notice says it is gone and why; each kind of stored item is
named for what it is; a string table that cannot be had shows English words (built in when English itself
fails), never keys, with one notice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from arcade import settings, storage_key, wait_ready
from club.blocks.api import Session as Blocks
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
SLOW_MS = 15_000  # the machine is shared: assertions wait longer than Playwright's 5 s
RUN = storage_key("domino", "run")
OLDER = "6e-club/v1/seen/corrupt/1700000000000"  # a copy set aside long ago, of another key
FILLER = "another-site/cache"  # another site of the origin (a user's GitHub Pages sites share one quota)
# Fills the origin to the last code unit: the longest value under `key` that fits.
FILL_UP = """(key) => {
  let lo = 0, hi = 8 * 1024 * 1024;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try { localStorage.setItem(key, "f".repeat(mid)); lo = mid; } catch { hi = mid - 1; }
  }
  localStorage.setItem(key, "f".repeat(lo));
  return lo;
}"""


def what(text: str, name: str) -> str:
    return text.replace("{what}", name)


def asides_of(page: Page, key: str) -> dict[str, str]:
    return page.evaluate("k => Object.fromEntries(Object.keys(localStorage).filter(x => x.startsWith(k + '/corrupt/'))"
                         ".map(x => [x, localStorage.getItem(x)]))", key)


FULL = {
    "an older copy makes room": ({OLDER: "x" * 100},
                                 what(STRINGS["shell.corrupt"], "the saved run of Domino Drop") + " "
                                 + STRINGS["shell.corruptRoom"]["one"].replace("{count}", "1")),
    "no room can be made": ({}, what(STRINGS["shell.corruptLost"], "the saved run of Domino Drop")),
}


@pytest.mark.parametrize("case", FULL, ids=list(FULL))
def test_a_corrupt_run_on_a_full_origin_is_kept_or_said_lost(page: Page, boot, server_url: str, case: str) -> None:
    older, said = FULL[case]
    boot(page, storage={RUN: "not a run", **older})
    filled = page.evaluate(FILL_UP, FILLER)
    print(f"another site's key filled the origin with {filled} code units")
    page.goto(server_url + "#/domino")  # the bad run is read, and moved aside, with the origin full
    wait_ready(page)
    expect(page.locator(".notice-text", has_text=said)).to_have_count(1, timeout=SLOW_MS)
    kept = asides_of(page, RUN)
    if older:
        assert list(kept.values()) == ["not a run"]  # the copy the notice speaks of is there
        assert page.evaluate("k => localStorage.getItem(k)", OLDER) is None  # the room it took
    else:
        assert kept == {}  # none, as the notice says
    assert page.evaluate("k => localStorage.getItem(k)", RUN) is None


def test_a_corrupt_settings_lessons_and_club_record_are_each_named(page: Page, boot) -> None:
    boot(page, "#/blocks", storage={"6e-club/v1/settings": "{bad", "6e-club/v1/seen": "{bad",
                                    "6e-club/v1/club/record": "{bad", storage_key("blocks", "run"): Blocks().new_run({"seed": 5})["save"]})
    for name in ("the settings", "the record of lessons done and tips shown", "the Daily Club record"):
        expect(page.locator(".notice-text", has_text=what(STRINGS["shell.corrupt"], name))).to_have_count(1, timeout=SLOW_MS)
    expect(page.locator(".notice-text", has_text="saved game")).to_have_count(0)


RAW_KEY = re.compile(r"\b(shell|club)\.[a-zA-Z]")
MISSING = {
    "shell.de.json, in German": ("de", "**/web/i18n/shell.de.json",
                                 STRINGS["shell.stringsMissing"].replace("{language}", "German")),
    "shell.en.json, in English": ("en", "**/web/i18n/shell.en.json", STRINGS["shell.stringsBuiltin"]),
}


@pytest.mark.parametrize("case", MISSING, ids=list(MISSING))
def test_a_string_table_that_fails_shows_english_words_and_one_notice(held_page: Page, boot, case: str) -> None:
    lang, table, said = MISSING[case]
    asked: list[str] = []
    held_page.route(table, lambda route: (asked.append(route.request.url), route.abort()))
    boot(held_page, storage=settings(lang))
    expect(held_page.locator(".home-title")).to_have_text(STRINGS["shell.homeTitle"], timeout=SLOW_MS)
    expect(held_page.locator(".game-card[data-game=bowls] h2")).to_have_text(STRINGS["shell.game.bowls.name"])
    expect(held_page.locator(".notice-text")).to_have_text([said], timeout=SLOW_MS)  # one notice, this one
    text = held_page.locator("body").inner_text()
    assert not RAW_KEY.search(text), RAW_KEY.search(text)
    assert len(asked) >= 2  # asked for again before English stood in
