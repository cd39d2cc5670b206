"""Play from here (P4, docs/decisions.md): in a replay of each game, one move back from the
end, "Play from here" starts a run in the game's page at exactly the position the replay
showed (the engine's view of the run equals the replay's at that step, and the page draws
the same board), badged "Practice · from a replay". A run in play is ended only once the
player agrees (blocks: a run of two drops waits behind the question; "Keep my run" first keeps it).
One page walks the four games."""

from __future__ import annotations

import re

import longruns
from arcade import storage_key, wait_ready
from playwright.sync_api import Page, expect

ENGINE_HOOK = "addEventListener('club:ready', (event) => { window.__club = event.detail; });"
SLOW_MS = 60_000
#: game, bot moves in its replay (tools/longruns.py), the view's keys that say the position (a run
#: in play moves on in time: domino's tile falls, merge's clock runs), the page's board compared as
#: drawn (None: domino's falling tile has moved on by then).
GAMES = [
    ("blocks", 8, ["board", "tray", "score", "streak", "meter", "drops", "rows_cleared"], ".bk-board-wrap"),
    ("domino", 4, ["well", "cells", "next", "points", "turns", "tiles_left"], None),
    ("merge", 6, ["board", "current", "next", "score", "moves", "position"], ".hm-board-wrap"),
    ("bowls", 6, ["position", "bowls", "score", "moves"], ".bw-board"),
]
#: The engine's view of a session: the keys that say the position.
VIEW = """async ([name, keys]) => {
  const view = await window.__club.engine(name).call('view', {});
  return JSON.stringify(keys.map((key) => view[key]));
}"""


def drawn_now(page: Page, game: str) -> None:
    """The page's renders asked so far are done: a step or a start is drawn at the next animation frame (the kit's
    ``invalidate``), after the bar or the badge already says it; the page is data-busy until then."""
    expect(page.locator(f"section.game-{game}:not([data-busy])")).to_have_count(1)


def board_of(page: Page, board: str) -> str:
    """The board as drawn, its cosmetic colours left out (blocks' piece families follow the run's
    events, which a run from here has not seen) and its name too (a replay's board is named as
    the replay's position, a run's says how to play)."""
    return re.sub(r' ?fam-\w+| aria-label="[^"]*"', "", page.locator(board).first.inner_html())


def test_play_from_here_starts_practice_at_the_replays_step(page: Page, boot) -> None:
    page.add_init_script(ENGINE_HOOK)
    in_play = longruns.played("blocks", 2).save({})
    boot(page, "#/", {storage_key("blocks", "run"): in_play})
    wait_ready(page)
    page.wait_for_function("window.__club !== undefined", timeout=SLOW_MS)
    for game, moves, keys, board in GAMES:
        page.evaluate("(hash) => { location.hash = hash; }", f"#/{game}?replay={longruns.code(game, moves)}")
        expect(page.locator(".replay-bar")).to_be_visible(timeout=SLOW_MS)
        page.locator(".replay-last").click()
        page.locator(".replay-back").click()  # a move back from the end
        expect(page.locator(".replay-where")).to_have_text(f"Move {moves - 1} of {moves}")
        index = page.locator(".replay-bar").get_attribute("data-index")
        shown = page.evaluate(VIEW, [f"{game}/replay", keys])
        if board:
            drawn_now(page, game)
        drawn = board_of(page, board) if board else None
        here = page.locator(".replay-play-here")
        expect(here).to_have_text("Play from here")
        assert (here.get_attribute("href") or "").startswith(f"#/{game}?from={index}&code="), game
        if game == "blocks":  # a run in play: asked first, and kept when the player says so
            here.click()
            expect(page.locator(".club-confirm")).to_be_visible(timeout=SLOW_MS)
            page.locator(".club-confirm-no").click()
            expect(page.locator(".club-confirm")).to_have_count(0)
            assert page.evaluate(VIEW, [game, keys]) != shown  # the run in play stays
            page.go_back()
            expect(page.locator(".replay-bar")).to_be_visible(timeout=SLOW_MS)
            page.locator(".replay-last").click()
            page.locator(".replay-back").click()
            expect(page.locator(".replay-where")).to_have_text(f"Move {moves - 1} of {moves}")
            page.locator(".replay-play-here").click()
            page.locator(".club-confirm-yes").click(timeout=SLOW_MS)
        else:
            here.click()
        expect(page.locator(".club-badge")).to_have_text("Practice · from a replay", timeout=SLOW_MS)
        assert page.evaluate(VIEW, [game, keys]) == shown, game
        if board:
            drawn_now(page, game)
            assert board_of(page, board) == drawn, game
