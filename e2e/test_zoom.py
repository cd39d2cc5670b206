"""Boards that grow with zoom (P13): at 200 % page zoom (a 1280x800 window is a 640x400 CSS px viewport) and at
200 % text size (the browser's standard font 32 px instead of 16), every game's board, in play and in its first
lesson, takes at least the share of the room it has at 1280x800 in the standard type; nothing scrolls sideways, no
text spills out of its box, domino's pause card and blocks' end card show every action; at 640x400 the board, the coach card and its Skip lie
inside the first screen and the card covers no part of the board.

The room is the square the game can use without scrolling: the smaller of its column's width and the screen's
height below the top bar. One page: each game's lesson and play measured at each case by resizing the viewport
and setting the standard font size (Chromium's ``Page.setFontSizes``, the setting a player's text size changes:
rem follows it) before the route mounts."""

from __future__ import annotations

from dataclasses import replace

from arcade import storage_key, wait_ready
from club.blocks import conform
from club.blocks.api import start as blocks_start
from layout import TEXT_BOXES, card_problems, overflow_report, settle, steady
from playwright.sync_api import Page, expect

# case: (width, height, standard font size in px); the first is the reference
CASES = [(1280, 800, 16), (640, 400, 16), (1280, 800, 32)]
BOARDS = {"blocks": ".bk-board", "domino": ".dd-well", "merge": ".hm-board", "bowls": ".bw-ring"}
SLACK = 0.97  # of the reference share: a rounding pixel, a card a line taller
MIN_SIDE = 240  # px: a board's long side is never smaller
MIN_PIP_CELL = 14  # px: a domino cell this wide still shows its six pips apart (D2)
# A blocks run whose last piece, the single, ends it when dropped on 0:-4 (the pair never fits, the re-deal is spent).
RUN = storage_key("blocks", "run")
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"
LAST_DROP = blocks_start(replace(conform.load(f"{STUCK} 0:0|0:0,1:0|- 98765 4 5 12 0"), drops=40), seed=3)
# A lesson's page hides its heading on a narrow screen (base.css: the coach card names the lesson).
BOXES = TEXT_BOXES.replace("h1, ", "h1:not(.kit-lesson-page h1), ")

# The board as drawn (an SVG's viewBox fitted in its box), the room, the coach card's and Skip's boxes.
_SEEN_JS = """(board) => {
  const box = (el) => { if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const el = [...document.querySelectorAll(board)].find((e) => e.getClientRects().length);
  const r = el.getBoundingClientRect(), vb = el.viewBox?.baseVal;
  const scale = vb && vb.width ? Math.min(r.width / vb.width, r.height / vb.height) : 1;
  const [w, h] = vb && vb.width ? [vb.width * scale, vb.height * scale] : [r.width, r.height];
  const drawn = [r.left + (r.width - w) / 2, r.top + (r.height - h) / 2, r.left + (r.width + w) / 2, r.top + (r.height + h) / 2];
  const column = document.querySelector('#app > section').getBoundingClientRect().width;
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const card = document.querySelector('.kit-lesson');
  return { board: drawn.map(Math.round), room: Math.min(column, innerHeight - bar), card: box(card),
           skip: box(card?.querySelector('.kit-lesson-skip')), view: [document.documentElement.clientWidth, innerHeight] };
}"""


def seen(page: Page, game: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    steady(page)
    settle(page)
    return page.evaluate(_SEEN_JS, BOARDS[game])


def inside(box: list[int] | None, view: list[int]) -> bool:
    return (
        box is not None and box[0] >= -1 and box[1] >= -1 and box[2] <= view[0] + 1 and box[3] <= view[1] + 1
    )


def apart(a: list[int], b: list[int]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def share(at: dict) -> float:
    board = at["board"]
    return max(board[2] - board[0], board[3] - board[1]) / at["room"]


def case_problems(page: Page, game: str, short: bool) -> tuple[dict, list[str]]:
    """What is wrong on the screen shown: the board's box and share, and every problem a player would meet."""
    at = seen(page, game)
    board, view = at["board"], at["view"]
    problems = overflow_report(page, BOXES)
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
    return at, problems


def set_type(page: Page, cdp, size: int) -> None:
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": size}})
    page.wait_for_function(
        "(size) => parseFloat(getComputedStyle(document.documentElement).fontSize) === size", arg=size
    )


def test_boards_grow_with_zoom_and_text_size(page: Page, boot, server_url: str) -> None:
    boot(page, "#/")
    cdp = page.context.new_cdp_session(page)
    problems: list[str] = []
    shares: dict[tuple[str, str], float] = {}
    try:
        for font in sorted({case[2] for case in CASES}):
            set_type(page, cdp, font)
            for game in BOARDS:
                for screen in ("lesson", "play"):
                    page.set_viewport_size({"width": 1280, "height": 800})
                    page.goto(server_url + f"#/{game}" + ("?lesson" if screen == "lesson" else ""))
                    wait_ready(page)
                    if screen == "play":
                        start(page, game)
                    for width, height, size in CASES:
                        if size != font:
                            continue
                        page.set_viewport_size({"width": width, "height": height})
                        where = f"{game} {screen} {width}x{height} {size}px"
                        at, found = case_problems(page, game, short=height < 560)
                        if game == "domino" and screen == "play":
                            found += card_problems(page)  # the pause card: every action without a scroll
                        ratio = share(at)
                        ref = shares.setdefault((game, screen), ratio)
                        print(
                            f"{where}: board {at['board'][2] - at['board'][0]}x{at['board'][3] - at['board'][1]}"
                            f" of a {round(at['room'])} px room, share {ratio:.2f} (reference {ref:.2f})"
                        )
                        if ratio < ref * SLACK:
                            found.append(
                                f"board share {ratio:.2f} under {ref:.2f} at 1280x800 in the standard type"
                            )
                        problems += [f"{where}: {problem}" for problem in found]
                    if game == "blocks" and screen == "play":
                        problems += blocks_end_card(page, server_url, font)
    finally:
        set_type(page, cdp, 16)
        cdp.detach()
    assert problems == [], "\n".join(problems)


def blocks_end_card(page: Page, server_url: str, font: int) -> list[str]:
    """A blocks run ended by its last drop (the crafted save of the layout guard): its end card shows every action
    without a scroll in each case of this font."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, LAST_DROP])
    page.goto(server_url + "#/")
    wait_ready(page)
    page.goto(server_url + "#/blocks")
    wait_ready(page)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "98765")
    page.click('.bk-slot[data-slot="0"]')
    page.locator('.bk-cell[data-cell="0:-4"]').scroll_into_view_if_needed()  # a larger text: the board a scroll away
    cell = page.locator('.bk-cell[data-cell="0:-4"]').bounding_box()
    assert cell
    page.mouse.click(
        cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2
    )  # the last fitting piece: game over (B15)
    expect(page.locator(".bk-over")).to_be_visible()
    problems = []
    for width, height, size in CASES:
        if size == font:
            page.set_viewport_size({"width": width, "height": height})
            problems += [
                f"blocks end card {width}x{height} {size}px: {problem}" for problem in card_problems(page)
            ]
    return problems


def start(page: Page, game: str) -> None:
    """The game in play: domino's start screen's Play then its pause card (the well still, behind it); bowls' Endless when it opens on its modes."""
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
