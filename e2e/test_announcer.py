"""One announcer with a queue (P11), heard as a screen-reader user hears it:
every text added to a live region, recorded in order. Nothing is dropped (a
lesson's next step does not replace the move's result, a tip is read), nothing
is said twice, each message is a sentence of its own, and the end of a run is
assertive."""

from __future__ import annotations

from club.blocks import lesson
from club.merge.board import CELLS
from club.merge.notation import board_from_cells as B
from heard import heard, heard_with_urgency, listen, wait_heard
from lessons import coach_says, open_first_lesson, strings
from playwright.sync_api import Page, expect
from test_blocks import mouse_drop
from test_merge import open_at

FIRST = (0, "0:0")


def test_a_lesson_move_its_tip_and_the_next_step_are_all_heard_once_in_order(fresh_page: Page, boot) -> None:
    page = fresh_page
    open_first_lesson(page, boot, "blocks", "en")
    coach_says(page, "blocks", "en", "drag", 0)
    listen(page)
    mouse_drop(page, *FIRST)
    coach_says(page, "blocks", "en", "fill", 1)
    mouse_drop(page, *lesson.FILL_TOP)
    coach_says(page, "blocks", "en", "meter", 2)
    step = f"Step 3 of 4. {strings('blocks', 'en')['blocks.lesson.meter']}"
    wait_heard(page, step)
    said = heard(page)
    cleared = [i for i, text in enumerate(said) if "1 row cleared." in text]
    steps = [i for i, text in enumerate(said) if text == step]
    assert len(cleared) == 1 and len(steps) == 1, (
        said
    )  # each heard, once (the old debounce dropped the move's words)
    assert cleared[0] < steps[0], said  # in the order they happened
    tip = page.locator('.kit-tip[data-tip="blocks.meter"] span')
    if tip.count():  # the meter's tip, shown on the board, is heard too
        assert said.count(tip.inner_text()) == 1, said
    assert all(text[-1] in ".!?…:" for text in said), said  # each a sentence of its own
    assert len(said) == len(set(said)), said


def test_the_end_of_a_run_is_assertive_and_the_move_before_it_is_heard(phone: Page, boot) -> None:
    """A merge round two cells from its end (test_merge's position): the last tap's words and
    the round's end, each heard once, in the assertive region."""
    holes = {"0:0", "3:-3"}
    full = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) not in holes))
    open_at(phone, boot, f"{full} 2 2 50 35")
    phone.locator('.hm-cell[data-cell="0:0"]').tap(force=True)
    listen(phone)
    phone.locator('.hm-cell[data-cell="3:-3"]').tap(force=True)
    expect(phone.locator(".hm-over")).to_be_visible()
    wait_heard(phone, "Round over")
    said = heard_with_urgency(phone)
    over = [(text, urgency) for text, urgency in said if "Round over" in text]
    assert len(over) == 1 and over[0][1] == "assertive", said
    expect(phone.locator("#live-alert")).to_contain_text("Round over. Final score 50.")
