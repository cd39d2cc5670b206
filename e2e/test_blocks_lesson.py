"""The first lesson of blocks played to its end through the
real UI, once per language, every input mode at least once:

- en: mouse (drag and drop), from a newcomer's first visit;
- it: touch (tap the piece, tap a cell to aim, tap it again to drop);
- de: keyboard only (Tab, Enter, arrows, Enter; Next by Enter);
- ru: replayed from the Rules page link, mouse and touch mixed, then Skip.

The lesson position is ``club.blocks.lesson`` (steps: drag a piece, fill a
row, the meter, win a Crown); its moves come from there too.
"""

from __future__ import annotations

import lessons
import pytest
from arcade import settings, storage_key, wait_ready
from club.blocks import lesson
from club.hexgrid import Hex
from lessons import coach_says, open_first_lesson
from playwright.sync_api import Page, expect
from test_blocks import cell_centre, focus_slot, key_path, mouse_drop

FIRST = (0, "0:0")  # step 1: the triangle anywhere empty
STEPS = ["drag", "fill", "meter", "crown"]


def says(page: Page, lang: str, step: int) -> None:
    coach_says(page, "blocks", lang, STEPS[step], step)


def tap_drop(page: Page, slot: int, cell: str) -> None:
    """Touch: tap the piece, tap the cell (the preview shows there), tap it again (drop)."""
    button = page.locator(f'.bk-slot[data-slot="{slot}"]')
    before = button.get_attribute("data-piece") or ""
    button.tap()
    page.touchscreen.tap(*cell_centre(page, cell))
    expect(page.locator(".bk-board")).to_have_attribute("data-preview", "fit")
    page.touchscreen.tap(*cell_centre(page, cell))
    expect(button).not_to_have_attribute("data-piece", before)  # used (the last one: three new dealt)


def key_drop(page: Page, slot: int, cell: str) -> None:
    button = page.locator(f'.bk-slot[data-slot="{slot}"]')
    before = button.get_attribute("data-piece") or ""
    focus_slot(page, slot)
    page.keyboard.press("Enter")
    for key in key_path(Hex(0, 0), Hex.parse(cell)):
        page.keyboard.press(key)
    expect(page.locator(".bk-board")).to_have_attribute("data-preview", "fit")
    page.keyboard.press("Enter")
    expect(button).not_to_have_attribute("data-piece", before)


def play_lesson(page: Page, lang: str, drops: list, next_step, run: str | None = None) -> None:
    """The four steps: a drop, a clearing drop, Next, the Crown's drop; then the end card.
    The stored run stays ``run`` (none on a first visit): a lesson keeps nothing."""
    expect(page.locator(".bk-new")).to_be_hidden()  # no New run, no player card in a lesson
    expect(page.locator(".bk-card")).to_be_hidden()
    expect(page.locator(".bk-meter-box")).to_have_attribute("data-meter", "4")
    says(page, lang, 0)
    drops[0](page, *FIRST)
    says(page, lang, 1)
    drops[1](page, *lesson.FILL_TOP)
    says(page, lang, 2)
    expect(page.locator(".bk-meter-box")).to_have_attribute("data-meter", "5")
    assert "kit-lesson-target" in (page.locator(".bk-meter-box").get_attribute("class") or "")
    next_step(page)
    says(page, lang, 3)
    drops[2](page, *lesson.FILL_BOTTOM)
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")
    card = page.locator(".kit-lesson")
    expect(card).to_have_attribute("data-done", "1")
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "run")) == run


def play_opens_the_game(page: Page, server_url: str, click) -> None:
    lessons.play_opens_the_game(page, server_url, "blocks", click)
    expect(page.locator(".bk-new")).to_be_visible()
    expect(page.locator(".bk-meter-box")).to_have_attribute("data-meter", "0")  # the player's own run


def test_en_lesson_by_mouse_on_the_first_visit(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    open_first_lesson(page, boot, "blocks", "en")
    play_lesson(page, "en", [mouse_drop] * 3, lambda p: p.locator(".kit-lesson-next").click())
    play_opens_the_game(page, server_url, lambda button: button.click())


def test_it_lesson_by_touch(fresh_phone: Page, server_url: str, boot) -> None:
    page = fresh_phone
    open_first_lesson(page, boot, "blocks", "it")
    play_lesson(page, "it", [tap_drop] * 3, lambda p: p.locator(".kit-lesson-next").tap())
    play_opens_the_game(page, server_url, lambda button: button.tap())


def test_de_lesson_by_keyboard(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    open_first_lesson(page, boot, "blocks", "de")

    def next_by_keyboard(p: Page) -> None:
        for _ in range(40):
            if p.evaluate("document.activeElement?.classList.contains('kit-lesson-next')"):
                break
            p.keyboard.press("Tab")
        p.keyboard.press("Enter")

    play_lesson(page, "de", [key_drop] * 3, next_by_keyboard)
    expect(page.locator(".kit-lesson-next")).to_be_focused()  # Play has the focus at the end

    def enter(button) -> None:
        page.keyboard.press("Enter")

    play_opens_the_game(page, server_url, enter)


def test_ru_lesson_again_from_the_rules_page_then_skip(contexts, server_url: str, boot) -> None:
    """A player who did the lesson replays it from the Rules link (mouse and touch mixed),
    and Skip leaves a second replay at once; the run in play is never touched."""
    page = contexts.page(viewport={"width": 1280, "height": 800}, has_touch=True)
    boot(page, "#/blocks", settings("ru"))
    run = page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "run"))
    assert run
    page.goto(server_url + "#/rules/blocks")
    wait_ready(page)
    page.locator(".lesson-link").click()
    expect(page).to_have_url(server_url + "#/blocks?lesson")
    wait_ready(page)
    play_lesson(
        page, "ru", [tap_drop, mouse_drop, tap_drop], lambda p: p.locator(".kit-lesson-next").click(), run
    )
    play_opens_the_game(page, server_url, lambda button: button.click())
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "run")) == run
    page.goto(server_url + "#/blocks?lesson")
    wait_ready(page)
    says(page, "ru", 0)
    page.locator(".kit-lesson-skip").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(server_url + "#/blocks")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
    expect(
        page.locator(".game-blocks .bk-slot").first
    ).to_be_focused()  # the keyboard is at the tray, not on <body>
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "run")) == run


def test_clearing_both_rows_before_next_never_sticks(fresh_page: Page, boot) -> None:
    """The first drop clears the top row: step 1 is done, and step 2 comes (steps keep their
    order); the second drop clears the other row and wins the Crown: the meter's step waits for
    Next, which then reaches the end card, not a step that waits for a second Crown."""
    page = fresh_page
    open_first_lesson(page, boot, "blocks", "en")
    says(page, "en", 0)
    mouse_drop(page, *lesson.FILL_TOP)
    says(page, "en", 1)
    mouse_drop(page, *lesson.FILL_BOTTOM)
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")
    says(page, "en", 2)
    page.locator(".kit-lesson-next").click()
    expect(page.locator(".kit-lesson")).to_have_attribute("data-done", "1")


# What B19 asks of touch, in each language's first step: a tap on a cell previews, a second
# tap on that cell drops (the words a player must read to know the second tap).
AGAIN = {"en": "again", "it": "di nuovo", "de": "noch einmal", "ru": "ещё раз"}
PHONES = [("en", 360, 640), ("de", 390, 844), ("it", 360, 640), ("ru", 390, 844)]


@pytest.mark.parametrize(("lang", "width", "height"), PHONES, ids=[f"{lang}-{w}x{h}" for lang, w, h in PHONES])
def test_the_first_step_says_tap_twice_and_a_clearing_first_drop_goes_to_step_2(
    contexts, boot, lang: str, width: int, height: int
) -> None:
    """By touch on a phone: the first step says how a tap drops (B19), and a first drop that fills
    the top row passes step 1 only (Step 2 of 4 shows next, not Step 3)."""
    page = contexts.page(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True, first_visit=True
    )
    open_first_lesson(page, boot, "blocks", lang)
    says(page, lang, 0)
    assert AGAIN[lang] in page.locator(".kit-lesson-say").text_content()
    tap_drop(page, *lesson.FILL_TOP)
    says(page, lang, 1)
    expect(page.locator(".kit-lesson-count")).to_have_text(
        lessons.strings("shell", lang)["shell.lesson.step"].replace("{n}", "2").replace("{total}", "4")
    )
