"""A problem's notice never covers a game (P13): between a phone and a wide screen (800x600, 1024x700) the
corrupt-save notice of each game's run, shown as the game opens, lies over none of its board, tray, controls or
words; the page makes room for it."""

from __future__ import annotations

import pytest
from arcade import storage_key, wait_ready
from playwright.sync_api import Page, expect

SIZES = [(800, 600), (1024, 700)]
SLOW_MS = 15_000  # the machine is shared: assertions wait longer than Playwright's 5 s
# What a player reads or touches on a game's page: its board (an svg), its tray's and controls' buttons, its words.
SEEN = "#app :is(svg, button, a, input, select, h1, h2, p, dl, [role=button], [role=img])"
# Each element of SEEN drawn where the notice is: "<tag.class> [left,top – right,bottom]".
_UNDER_JS = """([sel, n]) => [...document.querySelectorAll(sel)].flatMap((e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  if (r.width < 1 || r.height < 1 || s.visibility === 'hidden' || e.closest('[hidden], .sr-only')) return [];
  if (r.right <= n.x || r.left >= n.x + n.width || r.bottom <= n.y || r.top >= n.y + n.height) return [];
  const name = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
  return [`${e.tagName.toLowerCase()}${name} [${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`];
})"""


@pytest.mark.parametrize("game", ["blocks", "domino", "merge", "bowls"])
def test_a_notice_covers_none_of_the_game_between_phone_and_wide(page: Page, boot, game: str) -> None:
    boot(page, f"#/{game}", storage={storage_key(game, "run"): "not a run"})
    wait_ready(page)
    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1, timeout=SLOW_MS)
    covered = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        for scroll in ("0", "document.documentElement.scrollHeight"):  # the page's first screen and its end
            page.evaluate(f"window.scrollTo(0, {scroll})")
            box = notice.bounding_box()
            assert box and box["height"] > 0
            covered += [f"{width}x{height}: {under}" for under in page.evaluate(_UNDER_JS, [SEEN, box])]
    assert covered == []
