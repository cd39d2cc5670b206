"""A newcomer who arrives by a Daily or a challenge link gets the first lesson first, and
then the deal they came for, fresh and counted (docs/game-pages.md "Lesson mode").

On a 390x844 phone by touch, one page: from home's Daily card, each game's "Play" opens
that game's lesson (its step line says the daily follows; nothing of the daily is stored
yet); domino's lesson is played to its end, the others skipped; then the daily starts:
today's deal, no move made, not practice, the lesson marked done, and Back goes home.
Then a newcomer again (the arcade restarted in place with nothing stored) opens a domino
challenge whose first tile is a double: the lesson says the challenge follows; after Skip
the double's tip covers the pad and the tile waits in row 0 (no game time) until the tip
is dismissed, then falls. A daily link opened again with the lesson done goes straight to
its run.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from arcade import REOPEN, SEEN, settings, storage_key, wait_ready
from club.blocks.api import Session as Blocks
from club.bowls.api import Session as Bowls
from club.domino.api import Session as Domino
from club.merge.api import Session as Merge
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
SHELL = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
SESSIONS = {"blocks": Blocks, "domino": Domino, "merge": Merge, "bowls": Bowls}
# seed 1's first tile is the 6-6: a double, whose tip shows as the run starts
CHALLENGE = "seed=1&mode=sprint&set=classic&beat=50"
SLOW_MS = 30_000
# The page's arcade closed as after a test (e2e/conftest.py's CLOSE_FOR_KEEPING), to open it again in place.
CLOSE = "async () => { await window.__e2eRestart.close(); }"


def step_line(kind: str) -> str:
    """The lesson card's first step line when a daily or a challenge follows."""
    return SHELL[f"shell.lesson.step{kind}"].replace("{n}", "1").replace("{total}", "4")


def stored(page: Page, game: str, name: str = "run") -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", storage_key(game, name))


def run_info(page: Page, game: str) -> dict:
    """The engine's word (CPython) on the run the page stored."""
    session = SESSIONS[game]()
    session.load({"save": stored(page, game)})
    return session.run_info({})


def domino_lesson_by_touch(page: Page) -> None:
    """Domino's four steps by touch: move, rotate (a tap on the well, then the pad), land the 6 on the 6, Next, Play."""
    card = page.locator(".kit-lesson")
    page.locator(".dd-key-left").tap()
    expect(card).to_have_attribute("data-step", "1")
    box = page.locator(".dd-well").bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6)
    expect(card).to_have_attribute("data-step", "2")
    page.locator(".dd-key-cw").tap()
    for _ in range(2):
        page.locator(".dd-key-left").tap()
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "0:0@2")
    page.locator(".dd-key-hard").tap()
    expect(card).to_have_attribute("data-step", "3")
    page.locator(".kit-lesson-next").tap()
    expect(card).to_have_attribute("data-done", "1")
    page.locator(".kit-lesson-next").tap()  # Play: the daily


def row_of(at: str | None) -> int:
    assert at, "no falling tile"
    return int(at.split(":")[1].split("@")[0])


def test_a_newcomer_gets_the_lesson_then_the_daily_or_the_challenge(fresh_phone: Page, boot, server_url: str) -> None:
    page = fresh_phone
    boot(page, "#/", settings("en"))
    queries = {}
    for game in ("blocks", "domino", "merge", "bowls"):
        expect(page.locator(".daily-club")).to_have_attribute("data-state", "ready", timeout=SLOW_MS)
        today = page.get_attribute(".daily-club", "data-date")
        play = page.locator(f".dc-game[data-game={game}] .dc-play")
        query = queries[game] = (play.get_attribute("href") or "").split("?", 1)[1]
        assert f"daily={today}" in query
        play.tap()
        # The lesson first, saying the daily follows; the daily waits in its address, not played.
        expect(page).to_have_url(f"{server_url}#/{game}?lesson&{query}")
        wait_ready(page)
        expect(page.locator(".kit-lesson-count")).to_have_text(step_line("Daily"))
        assert stored(page, game) is None
        if game == "domino":
            domino_lesson_by_touch(page)
        else:
            page.locator(".kit-lesson-skip").tap()
        # Then the daily, fresh and counted: today's deal, nothing played of it, no practice.
        page.wait_for_function("(g) => location.hash === '#/' + g", arg=game, timeout=SLOW_MS)
        wait_ready(page)
        expect(page.locator(".kit-lesson")).to_have_count(0)
        page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=storage_key(game, "run"))
        info = run_info(page, game)
        assert (info["daily"], info["moves"], info["practice"], info["over"]) == (today, 0, None, False), info
        assert json.loads(page.evaluate("k => localStorage.getItem(k)", SEEN))["lessons"][game] is True
        if game == "domino" and page.locator(".kit-tip").count():
            expect(page.locator(".dd")).to_have_attribute("data-held", "")  # a tip over the pad: the tile waits
        page.go_back()  # the lesson took no place in the history
        expect(page).to_have_url(server_url + "#/")
        wait_ready(page)

    # The lesson done, today's daily link goes straight to its run (resumed, no lesson).
    page.evaluate("q => { location.hash = '#/blocks?' + q; }", queries["blocks"])
    page.wait_for_function("location.hash === '#/blocks'", timeout=SLOW_MS)
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)

    # A newcomer again (nothing stored) opens a friend's domino challenge.
    page.evaluate(CLOSE)
    page.evaluate(REOPEN, [f"{server_url}#/domino?{CHALLENGE}", settings("en"), None])
    wait_ready(page)
    expect(page).to_have_url(f"{server_url}#/domino?lesson&{CHALLENGE}")
    expect(page.locator(".kit-lesson-count")).to_have_text(step_line("Challenge"))
    assert stored(page, "domino") is None
    page.locator(".kit-lesson-skip").tap()
    page.wait_for_function("location.hash === '#/domino'", timeout=SLOW_MS)
    wait_ready(page)
    expect(page.locator(".dd .club-badge")).to_have_text(SHELL["shell.club.challengeBeat"].replace("{score}", "50"))
    assert run_info(page, "domino")["link"] == "seed=1&mode=sprint&set=classic"
    # The double's tip covers the pad: the first tile waits in row 0, no game time passing (gravity is 800 ms).
    tip = page.locator(".kit-tip[data-tip='domino.double']")
    expect(tip).to_be_visible()
    expect(page.locator(".dd")).to_have_attribute("data-held", "")
    falling = page.locator(".dd-falling")
    expect(falling).to_have_attribute("data-at", re.compile(r"^3:0@0$"))
    time.sleep(1.2)
    assert row_of(falling.get_attribute("data-at")) == 0
    tip.locator(".kit-tip-ok").tap()  # read: the tile falls
    expect(tip).to_have_count(0)
    expect(page.locator(".dd")).not_to_have_attribute("data-held", "")
    page.wait_for_function("row => { const at = document.querySelector('.dd-falling')?.dataset.at ?? '';"
                           " return Number(at.split(':')[1]?.split('@')[0]) > row; }", arg=0, timeout=SLOW_MS)
