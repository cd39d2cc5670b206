"""Touch targets of at least 44x44 CSS px on the smallest phone (P13): every button, link
and picker of the home page (its Daily card's Play among them) and of each game page's
header and top bar, at 360x640 by touch, in English and German. Before: the Daily card's
Play was 68x36, the top bar's "6E" 24 px wide, the language picker 35 px, the home mark 26 px."""

from __future__ import annotations

from arcade import wait_ready
from layout import settle, switch_language
from playwright.sync_api import Page

TAP = 44
# The places measured: the route, and which of its targets (all of the home page; a game's top bar and header).
PLACES = {
    "#/": "#app, .topbar",
    "#/blocks": ".topbar, .game-header, .bk-title",
    "#/domino": ".topbar, .game-header",
    "#/merge": ".topbar, .game-header",
    "#/bowls": ".topbar, .game-header",
}

# Every visible target inside ``within`` smaller than ``tap`` either way: "<what> <w>x<h>".
_SMALL_JS = """([within, tap]) => {
  const targets = 'a[href], button, select, input:not([type=hidden]), summary, [role=button], [role=tab]';
  const found = new Set();
  for (const area of document.querySelectorAll(within)) {
    for (const el of [area, ...area.querySelectorAll(targets)]) if (el.matches(targets)) found.add(el);
  }
  return [...found].flatMap((el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (!r.width || !r.height || s.visibility === 'hidden' || el.closest('[hidden], [inert], .sr-only') || r.bottom < 0) return [];
    if (r.width >= tap - 0.5 && r.height >= tap - 0.5) return [];
    const name = (el.getAttribute('aria-label') || el.textContent || el.className || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 30);
    return [`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`];
  });
}"""


def test_every_target_is_44_px_on_a_small_phone(phone: Page, boot, server_url: str) -> None:
    phone.set_viewport_size({"width": 360, "height": 640})
    boot(phone, "#/")
    small = []
    for lang in ("en", "de"):
        for route, within in PLACES.items():
            phone.goto(f"{server_url}{route}")
            wait_ready(phone)
            if phone.evaluate("document.documentElement.lang") != lang:
                switch_language(phone, lang)
            settle(phone)
            small += [f"{lang} {route}: {target}" for target in phone.evaluate(_SMALL_JS, [within, TAP])]
    switch_language(phone, "en")
    phone.set_viewport_size({"width": 390, "height": 844})
    assert small == [], "\n".join(small)
