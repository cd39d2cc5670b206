"""The layout guard (P13): what a player sees fits the screen.

``overflow_report(page)`` lists, as readable strings, every problem on the
current screen: horizontal page overflow, and any button, chip, label or
stat whose text is wider than its box. ``outside_first_screen(page, sels)``
lists the selectors whose first visible element does not lie entirely inside
the viewport without scrolling. Both return ``[]`` when all is well, so a test
asserts ``== []`` and its failure message names the culprit.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page

SIZES = [(360, 640), (390, 844), (1366, 768), (1920, 1080)]
LANGS = ["en", "it", "de", "ru"]

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
    return page.evaluate(_OUTSIDE_JS, selectors)


def set_language(page: Page, lang: str) -> None:
    """Store the language before the arcade starts (use before page.goto)."""
    settings = json.dumps({"schema": 1, "lang": lang, "motion": "reduce"})
    page.add_init_script(f"localStorage.setItem('6e-club/v1/settings', {json.dumps(settings)})")


# Text boxes laid out on more than one line (a button label that wraps).
_WRAPPED_JS = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length).flatMap((el) => {
  const range = document.createRange(); range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size > 1 ? [`${el.className} "${el.textContent.trim()}" wraps onto ${tops.size} lines`] : [];
})"""


def wrapped(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose text runs onto more than one line."""
    return page.evaluate(_WRAPPED_JS, selector)


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
