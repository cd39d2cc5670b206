"""The replay bar's links on a phone (P13): at 360 px wide "Play this deal", "Play from here" and Close do not fit
one row in any language; in every language they stand in two tidy rows, the deal's link across the bar and the other
two side by side under it, filling the same width, each label on one line and inside its button, all on screen."""

from __future__ import annotations

import pytest
from arcade import settings, wait_ready
from club.merge.api import Session
from layout import LANGS, outside_viewport, overflow_report, wrapped
from playwright.sync_api import Page, expect

SLOW_MS = 60_000
LINKS = ".replay-links > *"
# Each link's box, rounded: [left, top, right, bottom] by its class.
_BOXES_JS = """(sel) => Object.fromEntries([...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect(); return [e.classList[e.classList.length - 1], [r.left, r.top, r.right, r.bottom].map(Math.round)]; }))"""


def daily_replay() -> str:
    session = Session()
    session.new({"daily": "2026-11-30"})
    code = session.replay_code()
    assert code
    return code


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_links_stand_in_two_tidy_rows_at_360_px(page: Page, boot, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    boot(page, f"#/merge?replay={daily_replay()}", storage=settings(lang))
    wait_ready(page)
    expect(page.locator(LINKS)).to_have_count(3, timeout=SLOW_MS)
    bar = page.locator(".replay-bar")
    bar.scroll_into_view_if_needed()
    boxes = page.evaluate(_BOXES_JS, LINKS)
    deal, here, close = boxes["replay-play-deal"], boxes["replay-play-here"], boxes["replay-close"]
    problems = [f"{lang}: {boxes}" for ok in [here[1] == close[1] > deal[1], (deal[0], deal[2]) == (here[0], close[2])] if not ok]
    problems += wrapped(page, LINKS) + overflow_report(page, LINKS) + outside_viewport(page, [".replay-links"])
    assert problems == []
