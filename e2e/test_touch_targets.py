"""Touch targets of at least 44x44 CSS px on the smallest phone (P13): every button, link
and picker of the home page (its Daily card's Play among them) and of each game page's
header and top bar, at 360x640 by touch, in English and German. Before: the Daily card's
Play was 68x36, the top bar's "6E" 24 px wide, the language picker 35 px, the home mark 26 px."""

from __future__ import annotations

from arcade import wait_ready
from layout import set_type, settle, switch_language
from playwright.sync_api import Page, expect
from test_ghost_board import challenge, open_challenge

TAP = 44
# The places measured: the route, and which of its targets (all of the home page; a game's top bar and header).
PLACES = {
    "#/": "#app, .topbar",
    "#/blocks": ".topbar, .game-header, .bk-title",
    "#/domino": ".topbar, .game-header",
    "#/merge": ".topbar, .game-header",
    "#/bowls": ".topbar, .game-header",
}

# A challenge's ghost line (web/kit/clubghost.js), on a phone the toggle of the friend's board: each game's.
GHOSTS = ["blocks", "domino", "merge", "bowls"]
# The top bar's language picker shows its whole current label at these widths, on these pages (it showed "E|").
PICKER_WIDTHS = [390, 360]
PICKER_FONTS = [16, 32]  # px: the standard text size and 200 %
PICKER_PAGES = ["#/domino", "#/blocks", "#/merge", "#/bowls", "#/"]

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


def test_the_ghost_toggle_is_44_px_on_a_small_phone(phone: Page, boot) -> None:
    """The friend's-board peek (web/kit/clubghostboard.js) is opened by the ghost line: a button whose own box,
    the one a player sees, is at least 44x44 (it was the line of text, 16 px tall, with a taller invisible hit area)."""
    phone.set_viewport_size({"width": 360, "height": 640})
    boot(phone, "#/")
    small = []
    for game in GHOSTS:
        deal, code = challenge(game, 3)
        open_challenge(phone, game, deal, code)
        expect(phone.locator("button.club-ghost")).to_be_visible()
        settle(phone)
        small += [f"{game}: {target}" for target in phone.evaluate(_SMALL_JS, ["button.club-ghost", TAP])]
    phone.set_viewport_size({"width": 390, "height": 844})
    assert small == [], "\n".join(small)


# The picker's current label against the room its box gives it: the text's width in the select's font, and the
# select's content box (its width less its padding and the arrow a native picker draws when it has one).
_PICKER_JS = """() => {
  const select = document.getElementById('lang-select');
  const s = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const label = select.selectedOptions[0].textContent;
  const arrow = s.appearance === 'none' ? 0 : 16;
  const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - arrow;
  return { label, text: Math.ceil(context.measureText(label).width), room: Math.floor(room) };
}"""


def test_the_language_picker_shows_its_label_in_a_phones_top_bar(phone: Page, boot, server_url: str) -> None:
    boot(phone, "#/")
    cdp = phone.context.new_cdp_session(phone)
    cut = []
    try:
        for font in PICKER_FONTS:
            set_type(phone, cdp, font)
            for width in PICKER_WIDTHS:
                phone.set_viewport_size({"width": width, "height": 844})
                for route in PICKER_PAGES:
                    phone.goto(f"{server_url}{route}")
                    wait_ready(phone)
                    settle(phone)
                    seen = phone.evaluate(_PICKER_JS)
                    if seen["text"] > seen["room"]:
                        cut.append(f"{width} px {font} px type {route}: {seen['label']!r} {seen['text']} px in {seen['room']} px")
    finally:
        set_type(phone, cdp, 16)
        cdp.detach()
    phone.set_viewport_size({"width": 390, "height": 844})
    assert cut == [], "\n".join(cut)
