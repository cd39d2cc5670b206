"""One path per move: a blocks drop by pointer, from the release to the board drawn, renders the
page once (the kit's ``invalidate``: one render at the next animation frame, however many changes
the drop made: the piece let go, the answer applied) and stores through one writer (the kit's
``keep``): each of the run, the view beside it and the cells' colours written once, the run first
(the stored view always matches the stored run, P3, P10).

Renders are the kit's count (``data-paints`` on the page's root, one a render); storage writes
are ``Storage.prototype.setItem`` calls of the game's keys, counted by a wrapper installed before the
drop (a first-time tip's ``seen`` record is the shell's, not the move's).
"""

from __future__ import annotations

from arcade import storage_key, view_copy
from playwright.sync_api import Page, expect
from test_blocks import SCREEN, TWO_ROWS, cell_centre, open_blocks, seeded, slot_centre

ROOT = "section.game-blocks"

COUNT_WRITES = """() => {
  const writes = [];
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('6e-club/v1/blocks/')) writes.push(key);
    return set.call(this, key, value);
  };
  window.__writes = writes;
}"""

# Two frames after the answer is drawn: a second render asked in the drop's task would have run.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))"


def paints(page: Page) -> int:
    return int(page.locator(ROOT).get_attribute("data-paints") or 0)


def test_a_blocks_drop_renders_once_and_stores_through_one_writer(page: Page, boot) -> None:
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    # the single (slot 1) dragged to the centre: it completes two rows (B13), the preview shown first
    sx, sy = slot_centre(page, 1)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy - 10, steps=2)
    page.mouse.move(*cell_centre(page, "0:0"), steps=6)
    expect(page.locator(".bk-board")).to_have_attribute("data-preview", "fit")
    page.evaluate(SETTLED)
    page.evaluate(COUNT_WRITES)
    before = paints(page)

    page.mouse.up()
    expect(page.locator(".bk-score")).not_to_have_attribute("data-score", "0")  # the drop's answer drawn
    expect(page.locator(ROOT)).not_to_have_attribute("data-busy", "1")
    page.evaluate(SETTLED)

    assert paints(page) - before == 1
    assert page.evaluate("window.__writes") == [
        storage_key("blocks", item) for item in ("run", "view", "paint")
    ]
    view, _, of_run = view_copy(page, "blocks")
    assert of_run  # the copy names the run written beside it
    assert view["board"] == page.evaluate(SCREEN)["board"]  # the drop's view, stored as drawn
