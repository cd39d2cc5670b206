"""Boards that grow with zoom (P13, P11): at 200 % page zoom (a 1280x800 window is a 640x400 CSS px viewport) and at
200 % text size (the browser's standard font 32 px instead of 16), every game's board, in play, in its first lesson and
in a replay, takes at least the share of the room it has at 1280x800 in the standard type; nothing scrolls sideways, no
text spills out of its box, domino's pause card and every game's end card show every action; at 640x400 the board, the
coach card and its Skip lie inside the first screen and the card covers no part of the board. At 640x400 with the 32 px
font (about 400 %) every screen still fits the width: no sideways scroll, no text out of its box.

The room is the square the game can use without scrolling: the smaller of its column's width and the screen's
height below the top bar. One page: each game's screens measured at each case by resizing the viewport
and setting the standard font size (Chromium's ``Page.setFontSizes``, the setting a player's text size changes:
rem follows it) before the route mounts."""

from __future__ import annotations

import longruns
from arcade import storage_key, wait_ready
from club.blocks.api import Session as Blocks
from club.blocks.pieces import CELLS as BLOCKS_CELLS
from club.bowls.api import Session as Bowls
from club.domino.api import Session as Domino
from club.merge.api import Session as Merge
from layout import (
    BOARDS,
    TEXT_BOXES,
    board_box,
    card_problems,
    inside,
    overflow_report,
    set_type,
    settle,
    steady,
)
from playwright.sync_api import Page, expect

# case: (width, height, standard font size in px); the first is the reference
CASES = [(1280, 800, 16), (640, 400, 16), (1280, 800, 32), (640, 400, 32)]
# The cases held to the fit's width only (no sideways scroll, no text out of its box): 400 % leaves a 400 px
# screen 12 lines of the standard type, a board's share of it is not asked of them.
WIDTH_ONLY = {(640, 400, 32)}
SLACK = 0.97  # of the reference share: a rounding pixel, a card a line taller
MIN_SIDE = 240  # px: a board's long side is never smaller
MIN_PIP_CELL = 14  # px: a domino cell this wide still shows its six pips apart (D2)
# A lesson's page hides its heading on a narrow screen (base.css: the coach card names the lesson).
BOXES = TEXT_BOXES.replace("h1, ", "h1:not(.kit-lesson-page h1), ")
# screen: its route's query; a replay's is the code of a short run of the game's bot (tools/longruns.py)
REPLAYS = {game: longruns.code(game, 6) for game in BOARDS}
SCREENS = {"lesson": lambda game: "?lesson", "play": lambda game: "", "replay": lambda game: f"?replay={REPLAYS[game]}"}

# What else a player sees: the room, the coach card's, Skip's and a replay bar's boxes, the viewport.
_SEEN_JS = """() => {
  const box = (el) => { if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const column = document.querySelector('#app > section').getBoundingClientRect().width;
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const card = document.querySelector('.kit-lesson');
  return { room: Math.min(column, innerHeight - bar), card: box(card), bar: box(document.querySelector('.replay-bar')),
           skip: box(card?.querySelector('.kit-lesson-skip')), view: [document.documentElement.clientWidth, innerHeight] };
}"""


def blocks_over() -> str:
    """A blocks run played to its end by the first piece that fits (a re-deal when none does): its save."""
    session = Blocks()
    session.new_run({"seed": 11})
    while not session.view({})["over"]:
        view = session.view({})
        slot = next((s for s in view["tray"] if s.get("piece") and s.get("fits")), None)
        answer = (session.place({"slot": slot["slot"], "cell": str(BLOCKS_CELLS[slot["targets"][0]])}) if slot
                  else session.redeal({}))
        assert answer["accepted"], answer["reason"]
    return session.save({})


def domino_over() -> str:
    """A Sprint whose every tile is dropped where it appears until the well is full: its save."""
    session = Domino()
    session.new({"seed": 1, "mode": "sprint", "set": "classic"})
    while not session.over(session.state):
        session.tick({"ms": 17})
        session.move({"move": "hard"})
    return session.save({})


def merge_over() -> str:
    """A round played by placing each piece on the first cell that takes it (turned when none does): its save."""
    session = Merge()
    session.new({"seed": 3, "jokers": True})
    cells = session.geometry({})["cells"]
    while not session.view({})["over"]:
        if next((c for c in cells if session.place({"cell": c})["accepted"]), None) is None:
            assert session.rotate({"step": 1})["accepted"], "a piece that fits nowhere, in any turn"
    return session.save({})


def bowls_over() -> str:
    """An Endless attempt of three sows, then ended by the player (W19): its save."""
    session = Bowls()
    session.new({"seed": 1, "mode": "endless"})
    for _ in range(3):
        assert session.sow({"bowl": session.state.choosable()[0]})["accepted"]
    assert session.end({})["accepted"]
    return session.save({})


# game: its finished run's save, opened with its end card
END_RUNS = {"blocks": blocks_over, "domino": domino_over, "merge": merge_over, "bowls": bowls_over}


def seen(page: Page, game: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    steady(page)
    settle(page)
    return {**page.evaluate(_SEEN_JS), "board": board_box(page, game)}


def apart(a: list[int], b: list[int]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def share(at: dict) -> float:
    board = at["board"]
    return max(board[2] - board[0], board[3] - board[1]) / at["room"]


def case_problems(page: Page, game: str, short: bool, width_only: bool) -> tuple[dict, list[str]]:
    """What is wrong on the screen shown: the board's box and share, and every problem a player would meet."""
    at = seen(page, game)
    board, view = at["board"], at["view"]
    problems = overflow_report(page, BOXES)
    if width_only:
        return at, problems
    if max(board[2] - board[0], board[3] - board[1]) < MIN_SIDE:
        problems.append(f"board {board} under {MIN_SIDE} px")
    if game == "domino" and (board[2] - board[0]) / 8 < MIN_PIP_CELL:
        problems.append(f"well cells {(board[2] - board[0]) / 8:.1f} px wide, pips unreadable")
    if short:  # a short screen: the board in the first screen, the card beside it
        if not inside(board, view):
            problems.append(f"board {board} outside {view}")
        if at["card"]:
            problems += [
                f"{name} {at[name]} outside {view}" for name in ("card", "skip") if not inside(at[name], view)
            ]
            if not apart(at["card"], board):
                problems.append(f"the coach card {at['card']} covers the board {board}")
        if at["bar"] and not (inside(at["bar"], view) and apart(at["bar"], board)):
            problems.append(f"the replay bar {at['bar']} covers the board {board} or is outside {view}")
    return at, problems


def test_boards_grow_with_zoom_and_text_size(page: Page, boot, server_url: str) -> None:
    boot(page, "#/")
    cdp = page.context.new_cdp_session(page)
    problems: list[str] = []
    shares: dict[tuple[str, str], float] = {}
    try:
        for font in sorted({case[2] for case in CASES}):
            set_type(page, cdp, font)
            for game in BOARDS:
                for screen, query in SCREENS.items():
                    page.set_viewport_size({"width": 1280, "height": 800})
                    page.goto(server_url + f"#/{game}" + query(game))
                    wait_ready(page)
                    start(page, game, screen)
                    for case in CASES:
                        if case[2] == font:
                            problems += screen_case(page, game, screen, case, shares)
                problems += end_card(page, server_url, game, font)
    finally:
        set_type(page, cdp, 16)
        cdp.detach()
    assert problems == [], "\n".join(problems)


def screen_case(page: Page, game: str, screen: str, case: tuple[int, int, int],
                shares: dict[tuple[str, str], float]) -> list[str]:
    """The screen shown at ``case``: its problems; its board's share printed beside the reference's."""
    width, height, size = case
    page.set_viewport_size({"width": width, "height": height})
    where = f"{game} {screen} {width}x{height} {size}px"
    width_only = case in WIDTH_ONLY
    at, found = case_problems(page, game, short=height < 560, width_only=width_only)
    if game == "domino" and screen == "play" and not width_only:
        found += card_problems(page)  # the pause card: every action without a scroll
    ratio = share(at)
    ref = shares.setdefault((game, screen), ratio)
    page_width = page.evaluate("document.documentElement.scrollWidth")
    print(
        f"{where}: board {at['board'][2] - at['board'][0]}x{at['board'][3] - at['board'][1]}"
        f" of a {round(at['room'])} px room, share {ratio:.2f} (reference {ref:.2f}), page {page_width} px wide"
    )
    if ratio < ref * SLACK and not width_only:
        found.append(f"board share {ratio:.2f} under {ref:.2f} at 1280x800 in the standard type")
    return [f"{where}: {problem}" for problem in found]


def end_card(page: Page, server_url: str, game: str, font: int) -> list[str]:
    """The game's finished run opened (its end card comes back with it, P4): in each case of this font the card
    shows every action without a scroll (but at 400 %), its words in their boxes, nothing sideways."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key(game, "run"), END_RUNS[game]()])
    page.goto(server_url + "#/")
    wait_ready(page)
    page.goto(server_url + f"#/{game}")
    wait_ready(page)
    expect(page.locator("dialog.kit-end")).to_be_visible()
    problems = []
    for case in CASES:
        width, height, size = case
        if size == font:
            page.set_viewport_size({"width": width, "height": height})
            # at 400 % a card taller than the screen scrolls in itself (its actions reached so): its width is held
            found = ([] if case in WIDTH_ONLY else card_problems(page)) + overflow_report(page, BOXES)
            problems += [f"{game} end card {width}x{height} {size}px: {problem}" for problem in found]
    page.evaluate("(k) => localStorage.removeItem(k)", storage_key(game, "run"))
    return problems


def start(page: Page, game: str, screen: str) -> None:
    """The screen shown and still: a replay's bar; in play, domino's start screen's Play then its pause card (the well
    still, behind it), bowls' Endless when it opens on its modes."""
    if screen == "replay":
        expect(page.locator(".replay-bar")).to_be_visible()
        return
    if screen == "lesson":
        return
    if game == "domino":
        page.wait_for_function(
            "['start', 'play', 'paused'].includes(document.querySelector('.dd')?.dataset.phase)"
        )
        if (
            page.locator(".dd").get_attribute("data-phase") == "start"
        ):  # no run yet (the one started is kept paused)
            page.locator(".dd-go").click()
            page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
        if page.locator(".dd").get_attribute("data-phase") == "play":
            page.locator(".dd-pause").click()
        expect(page.locator(".dd-card")).to_be_visible()
    if game == "bowls":
        page.wait_for_function("document.querySelector('.bw')?.dataset.screen")
        if page.locator(".bw").get_attribute("data-screen") == "modes":
            page.locator(".bw-mode-endless .bw-start").click()
        expect(page.locator(".bw-game .bw-ring")).to_be_visible()
