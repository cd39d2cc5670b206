"""The layout guard (P13): what a player sees fits the screen.

``overflow_report(page)`` lists, as readable strings, every problem on the
current screen: horizontal page overflow, and any button, chip, label or
stat whose text is wider than its box. ``outside_first_screen(page, sels)``
lists the selectors whose first visible element does not lie entirely inside
the viewport without scrolling. Both return ``[]`` when all is well, so a test
asserts ``== []`` and its failure message names the culprit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from playwright.sync_api import Page

SIZES = [(360, 640), (390, 844), (1366, 768), (1920, 1080)]
LANGS = ["en", "it", "de", "ru"]
# The sizes by kind of screen, a phone's (touch) and a desktop's: a layout guard walks a game's
# screens once per language on one page of each kind and checks every screen at both of its
# sizes by resizing the page in place (``each_size``), as a phone turned or a window resized
# shows it: every (language, size, screen) checked, with half the walks of a page per size.
DEVICES = {"phone": SIZES[:2], "desktop": SIZES[2:]}

# Elements whose text must fit their box; games may pass more selectors.
TEXT_BOXES = "button, .btn, .chip, label, .stat, .stat-label, .stat-value, select, h1, h2, .badge, [role=tab]"

_OVERFLOW_JS = """(selector) => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  const seen = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[hidden], [inert]'); };
  for (const el of document.querySelectorAll(selector)) {
    if (!seen(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const name = (el.className && typeof el.className === 'string') ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      problems.push(`${el.tagName.toLowerCase()}${name} "${(el.textContent || '').trim().slice(0, 40)}": text ${el.scrollWidth}px in a ${el.clientWidth}px box`);
    }
  }
  return problems;
}"""

_OUTSIDE_JS = """(selectors) => {
  const out = [];
  const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
  for (const sel of selectors) {
    const el = [...document.querySelectorAll(sel)].find((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
    if (!el) { out.push(`${sel}: not shown`); continue; }
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
      out.push(`${sel}: [${Math.round(r.left)},${Math.round(r.top)} – ${Math.round(r.right)},${Math.round(r.bottom)}] outside ${w}x${h}`);
  }
  return out;
}"""


def overflow_report(page: Page, selector: str = TEXT_BOXES) -> list[str]:
    """Every sideways page scroll and every text wider than its box."""
    return page.evaluate(_OVERFLOW_JS, selector)


def outside_first_screen(page: Page, selectors: list[str]) -> list[str]:
    """The selectors whose element is not fully inside the viewport at scroll 0."""
    page.evaluate("window.scrollTo(0, 0)")
    return outside_viewport(page, selectors)


def outside_viewport(page: Page, selectors: list[str]) -> list[str]:
    """The selectors whose element is not fully inside the viewport where the page is scrolled now
    (what a player who scrolled to a button sees of its answer)."""
    return page.evaluate(_OUTSIDE_JS, selectors)


# Text boxes laid out on more than one line (a button label that wraps).
_WRAPPED_JS = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length).flatMap((el) => {
  const range = document.createRange(); range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size > 1 ? [`${el.className} "${el.textContent.trim()}" wraps onto ${tops.size} lines`] : [];
})"""


def wrapped(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose text runs onto more than one line."""
    return page.evaluate(_WRAPPED_JS, selector)


def device_page(contexts, device: str, **options) -> Page:
    """A page of the kind ``device`` names (a phone's: touch, mobile) at its first size."""
    width, height = DEVICES[device][0]
    phone = device == "phone"
    return contexts.page(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, **options)


def each_size(page: Page, sizes: list[tuple[int, int]], check) -> list[str]:
    """``check(size)``'s problems at each of ``sizes``, the page resized in place, beginning with the
    size it has (so the screen is first checked as it was opened, and the next step is taken at the
    size checked last: the sizes take turns at being the one a screen is opened in)."""
    now = page.viewport_size
    current = (now["width"], now["height"]) if now else None
    order = sorted(sizes, key=lambda size: size != current)
    problems: list[str] = []
    for width, height in order:
        if (width, height) != current:
            page.set_viewport_size({"width": width, "height": height})
            current = (width, height)
            steady(page)  # a board refits a frame after a resize (its ResizeObserver)
        problems += check((width, height))
    return problems


def switch_language(page: Page, lang: str) -> None:
    """Pick the language in the header; wait until the route is mounted again in it, its stylesheet applied."""
    page.evaluate("document.querySelector('#app > section').dataset.old = '1'")
    page.select_option("#lang-select", lang)
    page.wait_for_function(
        """(lang) => document.documentElement.lang === lang && document.querySelector('#app > section:not([data-old])')
             && document.getElementById('app').getAttribute('aria-busy') === 'false'
             && [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)""",
        arg=lang,
    )


def settle(page: Page) -> None:
    """Wait for the final font (Cyrillic loads late) and for running CSS transitions
    (base.css gives every property a 0.12 s transition under reduced motion)."""
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function("!document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')")


_STEADY_JS = """(frames) => new Promise((done) => {
  // Where everything on the page stands: the size of every box, in one string.
  const where = () => [...document.querySelectorAll('body *')].map((el) => {
    const r = el.getBoundingClientRect(); return `${r.left|0},${r.top|0},${r.width|0},${r.height|0}`; }).join(';');
  let last = where(), same = 0, left = 120;
  const step = () => {
    const now = where();
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= frames || --left <= 0) done(same >= frames); else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


def steady(page: Page, frames: int = 3) -> bool:
    """Wait until no box on the page moved for ``frames`` animation frames (a
    page that refits itself a frame after a change, through a ResizeObserver,
    has then finished); False when it still moved after 120 frames."""
    return bool(page.evaluate(_STEADY_JS, frames))


def screen_problems(page: Page, where: str, first_screen: list[str], *, boxes: str = TEXT_BOXES,
                    buttons: str = "") -> list[str]:
    """Every layout problem on the current screen once it settled, prefixed with
    ``where``: text wider than its box (``boxes``), selectors not on the first
    screen, and wrapped ``buttons``. A game binds its selectors once with
    ``functools.partial``."""
    settle(page)
    problems = overflow_report(page, boxes) + outside_first_screen(page, first_screen)
    if buttons:
        problems += wrapped(page, buttons)
    return [f"{where}: {problem}" for problem in problems]


def game_check(boxes: str, buttons: str) -> Callable[..., list[str]]:
    """``screen_problems`` bound once for a game: its own text ``boxes`` beside ``TEXT_BOXES``, and the
    ``buttons`` whose labels must not wrap; called as ``(page, where, first_screen)``."""
    return partial(screen_problems, boxes=f"{TEXT_BOXES}, {boxes}", buttons=buttons)


# Every control of the open dialog (its buttons, links and fields) inside the viewport, and
# the dialog showing all of its content at once (nothing inside it scrolls): an end card's
# every action reachable without a scroll (P13).
_CARD_JS = """() => {
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (!dialog) return ['no dialog is open'];
  const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
  const out = [];
  for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
    const s = getComputedStyle(el);
    if (['auto', 'scroll'].includes(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} scrolls: ${el.scrollHeight}px in ${el.clientHeight}px`);
  }
  for (const el of dialog.querySelectorAll('button, a[href], input, select')) {
    if (!el.getClientRects().length || el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
      out.push(`"${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" at `
        + `[${Math.round(r.left)},${Math.round(r.top)} – ${Math.round(r.right)},${Math.round(r.bottom)}] outside ${w}x${h}`);
  }
  return out;
}"""


def card_problems(page: Page) -> list[str]:
    """What of the open dialog a player cannot reach without scrolling (``[]`` when all fits)."""
    settle(page)
    return page.evaluate(_CARD_JS)


def end_card_problems(page: Page, card: str) -> list[str]:
    """The finished run's end card (``card``, a selector) in every language at every size: what
    of it needs a scroll (``card_problems``). A language switch mounts the route again, and the
    card of a finished run comes back with it (P4). The page is left in English at its size."""
    size = page.viewport_size
    problems = []
    for lang in [*LANGS[1:], LANGS[0]]:  # end back in English
        switch_language(page, lang)
        page.locator(card).wait_for(state="visible")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            problems += [f"{lang} {width}x{height}: {problem}" for problem in card_problems(page)]
    if size:
        page.set_viewport_size(size)
    return problems


_PEEK_JS = """(board) => {
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  const card = dialog.getBoundingClientRect(), b = document.querySelector(board).getBoundingClientRect();
  const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
  return { covers: x >= card.left && x <= card.right && y >= card.top && y <= card.bottom,
           backdrop: getComputedStyle(dialog, '::backdrop').backgroundColor, height: Math.round(card.height) };
}"""


def peek_problems(page: Page, board: str) -> list[str]:
    """"See the board" on the open end card: folded, the card leaves the board's centre in
    sight with no shade over it; unfolded, the card is whole again (its first button shown)."""
    peek = page.locator("dialog[open] .kit-dialog-peek")
    shown = peek.text_content()
    peek.click()
    settle(page)
    folded = page.evaluate(_PEEK_JS, board)
    problems = []
    if folded["covers"]:
        problems.append(f"folded, the card still covers the board's centre ({folded})")
    if folded["backdrop"] not in ("rgba(0, 0, 0, 0)", "transparent"):
        problems.append(f"folded, the board is shaded: {folded['backdrop']}")
    if peek.text_content() == shown or peek.get_attribute("aria-pressed") != "true":
        problems.append("folded, the button does not say how to come back")
    peek.click()
    settle(page)
    if page.evaluate(_PEEK_JS, board)["height"] <= folded["height"]:
        problems.append("unfolded, the card did not come back")
    if not page.locator("dialog[open] .kit-dialog-buttons .btn").first.is_visible():
        problems.append("unfolded, the card's buttons are hidden")
    return problems


# Each game's board: the element whose drawn box a layout test measures.
BOARDS = {"blocks": ".bk-board", "domino": ".dd-well", "merge": ".hm-board", "bowls": ".bw-ring"}

# The board as a player sees it: the first shown element of ``board``, an SVG's viewBox fitted in its box
# (preserveAspectRatio's default, meet: the drawing, not the letterbox round it); null when none is shown.
_BOARD_JS = """(board) => {
  const el = [...document.querySelectorAll(board)].find((e) => e.getClientRects().length);
  if (!el) return null;
  const r = el.getBoundingClientRect(), vb = el.viewBox?.baseVal;
  const scale = vb && vb.width ? Math.min(r.width / vb.width, r.height / vb.height) : 1;
  const [w, h] = vb && vb.width ? [vb.width * scale, vb.height * scale] : [r.width, r.height];
  return [r.left + (r.width - w) / 2, r.top + (r.height - h) / 2, r.left + (r.width + w) / 2, r.top + (r.height + h) / 2]
    .map(Math.round);
}"""


def board_box(page: Page, game: str) -> list[int] | None:
    """``game``'s board as drawn: [left, top, right, bottom] in CSS px, None when it is not shown."""
    return page.evaluate(_BOARD_JS, BOARDS[game])


def inside(box: list[int] | None, view: list[int]) -> bool:
    """``box`` lies in the viewport ``view`` ([width, height]), a rounding pixel allowed."""
    return box is not None and box[0] >= -1 and box[1] >= -1 and box[2] <= view[0] + 1 and box[3] <= view[1] + 1


def set_type(page: Page, cdp, size: int) -> None:
    """The browser's standard font at ``size`` px (a player's text size: rem follows it), through Chromium's
    ``Page.setFontSizes`` on the page's CDP session ``cdp``."""
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": size}})
    page.wait_for_function(
        "(size) => parseFloat(getComputedStyle(document.documentElement).fontSize) === size", arg=size
    )
