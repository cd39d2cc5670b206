"""Game feel of blocks through the real UI.

- a drop, a clear and a Crown play their cues on the REAL audio graph (nodes
  made and connected to the destination, e2e/feel.py), a refused drop plays
  "refuse"; the HUD explains itself (meter note and description, the hint line
  until the first clear); the meter and Crown tips show once ever;
- reduced motion: no animation moves anything (while full motion does);
- the end card: this run's figures, the board in sight beside it, Play again focused;
- screen-reader play: the aim in words with the rows it clears, D describes the board.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from arcade import wait_ready
from club.blocks import conform, lesson
from club.blocks.api import start
from feel import feel_log, reaches_destination, watch_feel
from playwright.sync_api import Page, expect
from test_blocks import RUN, TWO_ROWS, cell_centre, engine, focus_slot, mouse_drop, open_blocks, seeded

LESSON_RUN = seeded(lesson.POSITION)  # meter 4, a one-cell gap on top, a two-cell gap at the bottom
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"  # no pair fits
# 40 drops, 7 rows and 12 Crowns so far; the single on 0:-4 ends it (the pair never fits, no re-deal).
LAST_DROP = start(replace(conform.load(f"{STUCK} 0:0|0:0,1:0|- 98765 4 5 12 0"), drops=40, rows=7), seed=3)


def wait_cue(page: Page, name: str, count: int = 1) -> list[dict]:
    page.wait_for_function(
        "([n, k]) => window.__feelLog.cues.filter((c) => c.name === n).length >= k", arg=[name, count])
    return [c for c in feel_log(page)["cues"] if c["name"] == name]


def heard_for_real(page: Page, name: str) -> None:
    """The cue sounded: nodes were made for it and one of them reaches the destination."""
    log = feel_log(page)
    at = next(i for i, c in enumerate(log["cues"]) if c["name"] == name)
    assert log["cues"][at]["sounded"], log["cues"][at]
    made = [n["id"] for n in log["nodes"] if n["at"] == at]  # made while this cue played
    assert made and any(reaches_destination(log, n) for n in made), (name, made)
    if log["cues"][at]["buzzed"]:
        assert log["vibrations"], "a buzz without a vibrate call"


def test_cues_tips_and_a_hud_that_explains_itself(page: Page, boot) -> None:
    watch_feel(page)
    open_blocks(page, boot, LESSON_RUN)
    hint = page.locator(".bk-hint")
    expect(hint).to_be_visible()
    expect(page.locator(".bk-meter-note")).to_have_text("6 rows = ♛ +600")
    description = page.locator(".bk-meter-box").get_attribute("aria-description") or ""
    assert "600" in description and "6" in description
    expect(page.locator(".kit-tip")).to_have_count(0)

    mouse_drop(page, *lesson.FILL_TOP)  # the single fills the top row: one row, the meter's 5th edge
    place = wait_cue(page, "place")
    clear = wait_cue(page, "clear")
    assert clear[0]["size"] == 1 and place
    heard_for_real(page, "place")
    heard_for_real(page, "clear")
    tip = page.locator('.kit-tip[data-tip="blocks.meter"]')
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("6E")
    expect(hint).to_be_hidden()  # the run's first clear: the hint has done its job
    score = engine(page).view({})["score"]
    expect(page.locator(".bk-score .value")).to_have_text(str(score))  # counted up to the engine's score
    page.keyboard.press("Tab")  # moving around the page leaves it up (Tab reaches its button)
    expect(tip).to_be_visible()
    page.keyboard.press("d")  # the player's next move in the game ends it: it never stays over the board
    expect(tip).to_have_count(0)

    mouse_drop(page, *lesson.FILL_BOTTOM)  # the pair: the 6th edge, a Crown
    assert wait_cue(page, "fanfare")[0]["size"] == 1
    expect(page.locator('.kit-tip[data-tip="blocks.crown"]')).to_be_visible()
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")

    mouse_drop(page, 0, "-4:3")  # the triangle onto a filled cell: refused
    wait_cue(page, "refuse")
    heard_for_real(page, "refuse")
    assert engine(page).view({})["drops"] == 2

    # Tips are shown once ever: a new run's first clear shows none.
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, LESSON_RUN])
    page.reload()
    wait_ready(page)
    expect(hint).to_be_visible()
    mouse_drop(page, *lesson.FILL_TOP)
    expect(page.locator(".bk-meter-box")).to_have_attribute("data-meter", "5")
    expect(page.locator(".kit-tip")).to_have_count(0)
    assert json.loads(page.evaluate("localStorage.getItem('6e-club/v1/seen')"))["tips"] == {
        "blocks.meter": True, "blocks.crown": True}


MOTION = """
window.__moved = [];
const moves = (frames) => frames.some((k) => k.transform && k.transform !== "none");
const real = Element.prototype.animate;
Element.prototype.animate = function (frames, timing) {
  const animation = real.call(this, frames, timing);
  if (moves(animation.effect.getKeyframes())) window.__moved.push("js:" + this.className);
  return animation;
};
document.addEventListener("animationstart", (e) => {
  for (const a of e.target.getAnimations()) {
    if (a.animationName === e.animationName && moves(a.effect.getKeyframes())) window.__moved.push("css:" + e.animationName);
  }
}, true);
"""


@pytest.mark.parametrize("motion", ["reduce", "full"])
def test_reduced_motion_moves_nothing(page: Page, boot, motion: str) -> None:
    """A clear and a Crown (float, burst, praise, shake, deal): under reduced motion
    no animation has a transform; with full motion they do (the check can fail)."""
    settings = json.dumps({"schema": 1, "lang": "en", "motion": motion})
    page.add_init_script(f"localStorage.setItem('6e-club/v1/settings', {json.dumps(settings)})")
    page.add_init_script(MOTION)
    open_blocks(page, boot, LESSON_RUN)
    page.evaluate("window.__moved.length = 0")  # the game's moves only, not the shell's start
    mouse_drop(page, *lesson.FILL_TOP)
    mouse_drop(page, *lesson.FILL_BOTTOM)
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")
    page.wait_for_timeout(300)
    moved = page.evaluate("window.__moved")
    if motion == "reduce":
        assert moved == []
    else:
        assert moved


def test_end_card_shows_the_runs_figures_beside_the_board(page: Page, boot) -> None:
    watch_feel(page)
    open_blocks(page, boot, LAST_DROP)
    page.click('.bk-slot[data-slot="0"]')
    page.mouse.click(*cell_centre(page, "0:-4"))  # the last fitting piece: game over
    dialog = page.locator("dialog.bk-over")
    expect(dialog).to_be_visible()
    wait_cue(page, "over")
    for cls, value in (("drops", 41), ("rows", 7), ("crowns", 12)):
        expect(dialog.locator(f".bk-over-{cls} dd")).to_have_attribute("data-value", str(value))
        assert dialog.locator(f".bk-over-{cls} dt").inner_text().strip()
    expect(dialog.locator(".bk-again")).to_be_focused()
    # The final board stays in sight: the card beside it on a desktop, over a light backdrop.
    card, board = dialog.bounding_box(), page.locator(".bk-board").bounding_box()
    assert card["x"] >= board["x"] + board["width"] or card["x"] + card["width"] <= board["x"], (card, board)
    alpha = page.evaluate("() => getComputedStyle(document.querySelector('dialog.bk-over'), '::backdrop').backgroundColor")
    assert float(alpha.rstrip(")").split(",")[-1]) <= 0.4, alpha
    page.keyboard.press("Enter")  # Play again
    expect(dialog).to_have_count(0)


def live(page: Page) -> str:
    page.wait_for_timeout(80)  # the announcer writes after a tick
    return page.locator("#live").inner_text()


def test_screen_reader_hears_cells_rows_and_the_board(page: Page, boot) -> None:
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    expect(page.locator(".game-blocks .sr-only")).to_contain_text("D")
    focus_slot(page, 1)  # the single
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # to 1:0 ...
    page.keyboard.press("ArrowLeft")  # ... and back to the centre: both rows through it are complete
    expect(page.locator("#live")).to_contain_text("row 5, cell 5: fits. Covers r5c5. Clears 2 rows: row 5; the slanted row")
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    expect(page.locator("#live")).to_contain_text("Board: 16 of 61 cells filled.")
    text = live(page)
    assert "Row 5: all filled but cell 5." in text and "Row 1, 1 cell filled: 9." in text  # the top row's cells: 5 to 9
    assert "Row 9, 1 cell filled: 1." in text and "Piece 1: pair, 2 cells: centre, right" in text and "Slot 3: used" in text
    page.select_option("#lang-select", "it")  # the English sentence is not left for the Italian reader (P12)
    expect(page.locator(".game-blocks")).to_be_visible()
    expect(page.locator("#live")).not_to_contain_text("Board:")
