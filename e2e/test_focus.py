"""Focus you never lose (P11): the skip link moves the focus into the page shown
without changing the route; a route's heading takes the focus on a direct load;
a replay's bar takes it when the replay opens; the describe key (D) speaks in a
replay and with an end card folded to see the board."""

from __future__ import annotations

import pytest
from arcade import wait_ready
from club.blocks.api import Session
from heard import listen, wait_heard
from playwright.sync_api import Page, expect
from test_blocks import STUCK, mouse_drop, open_blocks, seeded

# route -> the heading that takes the focus on a direct load
HEADINGS = {
    "#/blocks": ".game-blocks h1.bk-title",
    "#/merge": ".game-merge h1",
    "#/club": "h1.club-title",
    "#/rules/merge": ".view-rules h1",
}


def blocks_replay() -> str:
    """A blocks run of one drop, as its replay code."""
    session = Session()
    session.new_run({"seed": 7})
    assert session.place({"slot": 0, "cell": "0:0"})["accepted"]
    code = session.replay_code()
    assert code
    return code


def focused_in_app(page: Page) -> bool:
    return page.evaluate(
        "document.activeElement !== document.body && document.getElementById('app').contains(document.activeElement)"
    )


def test_the_skip_link_moves_the_focus_into_the_game_and_keeps_the_route(
    page: Page, server_url: str, boot
) -> None:
    boot(page, "#/blocks")
    skip = page.locator("a.skip")
    skip.focus()
    expect(skip).to_be_visible()  # shown while focused
    page.keyboard.press("Enter")
    expect(page).to_have_url(server_url + "#/blocks")  # the old href="#app" went home
    wait_ready(page)
    expect(page.locator(".game-blocks h1.bk-title")).to_be_focused()
    page.keyboard.press("Tab")  # the next stop is the game's own
    assert focused_in_app(page)


@pytest.mark.parametrize("route", HEADINGS)
def test_a_routes_heading_takes_the_focus_on_a_direct_load(page: Page, boot, route: str) -> None:
    boot(page, route)
    expect(page.locator(HEADINGS[route])).to_be_focused()


def test_a_replay_bar_takes_the_focus_and_d_describes_the_replayed_board(page: Page, boot) -> None:
    boot(page, f"#/blocks?replay={blocks_replay()}")
    bar = page.locator(".replay-bar")
    expect(bar).to_be_focused()
    listen(page)
    page.keyboard.press("d")
    wait_heard(page, "Board: 0 of")
    bar.locator(".replay-last").click()
    expect(bar).to_have_attribute("data-index", "1")
    listen(page)
    page.keyboard.press("d")
    wait_heard(page, "Board: 4 of")  # the replayed drop's four cells


def test_d_describes_the_board_with_the_end_card_folded(page: Page, boot) -> None:
    """test_blocks' near-full position: the last piece ends the run; its card folded (See the board), D speaks."""
    open_blocks(page, boot, seeded(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 2 0"))
    mouse_drop(page, 0, "0:-4")
    over = page.locator("dialog.bk-over")
    expect(over).to_be_visible()
    over.locator(".kit-dialog-peek").click()  # See the board
    listen(page)
    page.keyboard.press("d")
    wait_heard(page, "Board:")
