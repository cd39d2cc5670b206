"""Every step of every game's first lesson fits a phone (P13): at 360x640 and 390x844, by touch, in English
and German, the board keeps a playable size (at least ``MIN_SHARE`` of its size in the game itself at the same
size and language; domino's pips readable), the coach card's words fit it, Skip is in reach, no empty gap opens
between the card and the page, and the step's target, the board and the card lie inside the viewport.

One page: each game's lesson walked once per language, each step measured at both sizes by resizing the
viewport (at the size it was taken at first, so one resize a step); the game the lesson's Play opens gives
the sizes to compare with."""

from __future__ import annotations

from arcade import settings, wait_ready
from club.blocks import lesson as blocks_lesson
from layout import board_box, each_size, inside, settle, steady, switch_language
from playwright.sync_api import Page, expect
from test_blocks_lesson import tap_drop
from test_merge import centre

PHONES = [(360, 640), (390, 844)]
LANGS = ["en", "de"]
MIN_SHARE = 0.6  # of the board's width and height in the game itself
MIN_PIP_CELL = 14  # px: a domino cell this wide still shows its six pips apart (D2; 19 px in the game at 360x640)
MAX_GAP = 40  # px of nothing between the card and the page below it

# What a player sees at a step (the board's drawn box is ``layout.board_box``'s): the card's box, Skip's, the step target's, the page's first
# content below the card, and whether the card's words fit it.
_SEEN_JS = """() => {
  const box = (el) => { if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const card = document.querySelector('.kit-lesson');
  const root = card.parentElement;
  // What shows something: a control, a drawing, or an element with words of its own.
  const shows = (el) => el.matches('button, a, svg, input') || [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const content = [...root.querySelectorAll('*')]
    .filter((el) => !card.contains(el) && shows(el) && el.getBoundingClientRect().height > 2 && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => el.getBoundingClientRect().top);
  const say = card.querySelector('.kit-lesson-say');
  return {
    card: box(card), skip: box(card.querySelector('.kit-lesson-skip')),
    target: box(document.querySelector('.kit-lesson-target')), below: Math.round(Math.min(...content)),
    sayFits: say.scrollHeight <= say.clientHeight + 1 && say.scrollWidth <= say.clientWidth + 1,
    view: [document.documentElement.clientWidth, innerHeight],
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  };
}"""


def seen(page: Page, game: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    steady(page)
    settle(page)
    return {**page.evaluate(_SEEN_JS), "board": board_box(page, game)}


def step_problems(at: dict, done: bool) -> list[str]:
    problems = []
    view = at["view"]
    if at["sideways"]:
        problems.append("the page scrolls sideways")
    if not at["sayFits"]:
        problems.append("the card's words overflow it")
    for name in ("card", "board") + (() if done else ("skip",)):
        if not inside(at[name], view):
            problems.append(f"{name} {at[name]} outside {view}")
    if at["target"] is not None and not inside(at["target"], view):
        problems.append(f"the step's target {at['target']} outside {view}")
    gap = at["below"] - at["card"][3]
    if gap > MAX_GAP:
        problems.append(f"{gap} px of nothing between the card and the page")
    return problems


def step_measure(page: Page, game: str, step: str, done: bool, boards: list):
    """The step's problems at a size (``each_size``'s check); its board's box noted in ``boards``."""

    def measure(size: tuple[int, int]) -> list[str]:
        at = seen(page, game)
        where = f"{step} {size[0]}x{size[1]}"
        boards.append((where, size, at["board"]))
        return [f"{where}: {p}" for p in step_problems(at, done)]

    return measure


def tap_cell(page: Page, cell: str) -> None:
    page.touchscreen.tap(*centre(page, cell))


def tap(selector: str):
    return lambda page: page.locator(selector).tap()


def idle(selector: str):
    return lambda page: page.wait_for_function(f"(() => {{ const r = document.querySelector('{selector}');"
                                               " return r && !r.dataset.busy && r.dataset.animating !== '1'; }})()")


def domino_tap(page: Page, key: str) -> None:
    page.locator(f".dd-key-{key}").tap()


def domino_cancel(page: Page) -> None:
    """The turned tile to the wall, then down: its 6 lands on the 6 (club.domino.lesson)."""
    for _ in range(2):
        domino_tap(page, "left")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "0:0@1")
    domino_tap(page, "hard")


# game: the acts that pass each step, in order (touch), after each the step it reaches
WALKS = {
    "blocks": [lambda p: tap_drop(p, 0, "0:0"), lambda p: tap_drop(p, *blocks_lesson.FILL_TOP), tap(".kit-lesson-next"),
               lambda p: tap_drop(p, *blocks_lesson.FILL_BOTTOM)],
    "domino": [lambda p: domino_tap(p, "left"), lambda p: domino_tap(p, "cw"),
               domino_cancel,
               tap(".kit-lesson-next")],
    "merge": [lambda p: tap_cell(p, "0:-3"), lambda p: tap_cell(p, "0:1"), tap(".hm-current"),
              lambda p: tap_cell(p, "-1:1")],
    "bowls": [lambda p: (p.locator(".bw-bowl[data-bowl='0']").tap()), lambda p: p.locator(".bw-bowl[data-bowl='0']").tap(),
              lambda p: (p.locator(".bw-bowl[data-bowl='2']").tap(), p.locator(".bw-bowl[data-bowl='2']").tap()),
              tap(".kit-lesson-next")],
}


def in_game(page: Page, game: str) -> dict[tuple[int, int], list[int]]:
    """The board's size in the game the lesson's Play opened, at each phone size."""
    if game == "domino" and page.locator(".dd-go").is_visible():  # its start screen (a run paused: its well)
        page.locator(".dd-go").tap()
        page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
        page.locator(".dd-pause").tap()
    sizes = {}

    def measure(size: tuple[int, int]) -> list[str]:
        page.evaluate("window.scrollTo(0, 0)")
        steady(page)
        board = board_box(page, game)
        assert board
        sizes[size] = [board[2] - board[0], board[3] - board[1]]
        return []

    each_size(page, PHONES, measure)
    return sizes


def test_every_lesson_step_fits_a_phone(phone: Page, boot, server_url: str) -> None:
    page = phone
    boot(page, "#/", settings("en"))
    problems: list[str] = []
    for lang in LANGS:
        if lang != "en":
            switch_language(page, lang)
        for game, walk in WALKS.items():
            page.goto(server_url + f"#/{game}?lesson")
            wait_ready(page)
            boards = []
            for n in range(len(walk) + 1):
                expect(page.locator(".kit-lesson")).to_have_attribute("data-step", str(n))
                # at the size the step was taken at first, then the other
                problems += each_size(page, PHONES, step_measure(page, game, f"{lang} {game} step {n + 1}", n == len(walk), boards))
                if n < len(walk):
                    walk[n](page)
            page.locator(".kit-lesson-next").tap()  # Play: the game itself
            page.wait_for_function("(game) => location.hash === `#/${game}`", arg=game)
            wait_ready(page)
            ref = in_game(page, game)
            for where, size, board in boards:
                w, h = board[2] - board[0], board[3] - board[1]
                print(f"{where}: board {w}x{h}, in the game {ref[size][0]}x{ref[size][1]}")
                if w < MIN_SHARE * ref[size][0] and h < MIN_SHARE * ref[size][1]:
                    problems.append(f"{where}: board {w}x{h} under {MIN_SHARE:.0%} of {ref[size]} in the game")
                if game == "domino" and w / 8 < MIN_PIP_CELL:
                    problems.append(f"{where}: well cells {w / 8:.1f} px wide, pips unreadable")
    assert problems == [], "\n".join(problems)
