"""Domino Drop's first lesson through the real UI, once per
language and input: English by keyboard, Italian by mouse (the on-screen pad),
German by touch on a phone (the pad tapped, the well tapped to rotate), Russian
skipped on the first visit, then replayed from the Rules page link and
completed by keyboard. Each time the lesson's position is the engine's
(3-6 over a 6 and a 3), no game time passes while the coach waits (the tile
stays in row 0), and Play opens the real game with the lesson marked done and
the player's own storage untouched.
"""

from __future__ import annotations

import json
import re
import time

from arcade import storage_key, wait_ready
from layout import switch_language
from lessons import SEEN, coach_says
from playwright.sync_api import Page, expect


def open_lesson(page: Page, boot, lang: str) -> None:
    """A newcomer opens Domino Drop (from home, in `lang`): the app opens its lesson instead."""
    boot(page, "#/")
    if lang != "en":
        switch_language(page, lang)
    page.evaluate("location.hash = '#/domino'")
    page.wait_for_function("location.hash === '#/domino?lesson'")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_be_visible()
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "3:0@0")


def step(page: Page, n: int) -> None:
    expect(page.locator(".kit-lesson")).to_have_attribute("data-step", str(n))


def says(page: Page, lang: str, key: str) -> None:
    coach_says(page, "domino", lang, key.removeprefix("domino.lesson."))


def frozen(page: Page) -> None:
    """No game time passes in the lesson: after a second the tile is still in row 0 (gravity is 800 ms)."""
    before = page.get_attribute(".dd-falling", "data-at")
    time.sleep(1.2)
    assert page.get_attribute(".dd-falling", "data-at") == before
    assert before and before.split(":")[1].startswith("0@")


def played(page: Page) -> None:
    """Play: the real game opens (its start screen: no run of the lesson kept), the lesson is done."""
    page.wait_for_function("location.hash === '#/domino'")
    wait_ready(page)
    expect(page.locator(".dd-start")).to_be_visible()
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", SEEN))["lessons"]["domino"] is True
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run")) is None


def test_lesson_in_english_by_keyboard(fresh_page: Page, boot) -> None:
    page = fresh_page
    open_lesson(page, boot, "en")
    says(page, "en", "domino.lesson.move")
    frozen(page)
    page.keyboard.press("ArrowLeft")
    step(page, 1)
    says(page, "en", "domino.lesson.rotate")
    page.keyboard.press("ArrowUp")  # clockwise: upright, the 3 on top, the 6 below
    step(page, 2)
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "2:0@1")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "0:0@1")
    page.keyboard.press("Space")  # the 6 lands on the 6: both cancel
    step(page, 3)
    expect(page.locator("[data-stat=power]")).to_have_attribute("data-value", "1")
    expect(page.locator(".dd-power")).to_have_class(re.compile("kit-lesson-target"))
    page.locator(".kit-lesson-next").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".kit-lesson")).to_have_attribute("data-done", "1")
    expect(page.locator(".kit-lesson-next")).to_be_focused()
    page.keyboard.press("Enter")  # Play
    played(page)


def test_lesson_in_italian_by_mouse(fresh_page: Page, boot) -> None:
    page = fresh_page
    open_lesson(page, boot, "it")
    says(page, "it", "domino.lesson.move")
    page.click(".dd-key-right")
    step(page, 1)
    page.click(".dd-key-ccw")  # counter-clockwise: upright, the 6 on top, the 3 below
    step(page, 2)
    for _ in range(3):
        page.click(".dd-key-right")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "7:0@3")
    page.click(".dd-key-soft")  # in the lesson ↓ moves one row (no time passes)
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "7:1@3")
    page.click(".dd-key-hard")  # the 3 lands on the 3
    step(page, 3)
    says(page, "it", "domino.lesson.score")
    page.click(".kit-lesson-next")
    page.click(".kit-lesson-next")  # Gioca
    played(page)


def test_lesson_in_german_by_touch(fresh_phone: Page, boot) -> None:
    page = fresh_phone
    open_lesson(page, boot, "de")
    page.locator(".dd-key-left").tap()
    step(page, 1)
    box = page.locator(".dd-well").bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6)  # a tap rotates clockwise
    step(page, 2)
    page.locator(".dd-key-cw").tap()  # half round: the 6 on the left
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "2:0@2")
    for _ in range(2):
        page.locator(".dd-key-left").tap()
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "0:0@2")
    page.locator(".dd-key-hard").tap()  # the 6 lands on the 6
    step(page, 3)
    says(page, "de", "domino.lesson.score")
    page.locator(".kit-lesson-next").tap()
    page.locator(".kit-lesson-next").tap()
    played(page)


def test_lesson_in_russian_skipped_then_replayed_from_the_rules(fresh_page: Page, boot) -> None:
    page = fresh_page
    open_lesson(page, boot, "ru")
    says(page, "ru", "domino.lesson.move")
    page.click(".kit-lesson-skip")
    played(page)
    page.evaluate("location.hash = '#/rules/domino'")
    page.click(".lesson-link")
    page.wait_for_function("location.hash === '#/domino?lesson'")
    wait_ready(page)
    step(page, 0)
    page.locator(".dd-well").focus()
    page.keyboard.press("x")  # clockwise first: the move step still waits for a move
    step(page, 0)
    page.keyboard.press("ArrowRight")
    step(page, 1)
    page.keyboard.press("z")  # back to horizontal (the 3 left, the 6 right)
    step(page, 2)
    page.keyboard.press("z")  # counter-clockwise again: upright, the 6 on top, the 3 below
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "7:0@3")
    page.keyboard.press("Space")
    step(page, 3)
    says(page, "ru", "domino.lesson.score")
    page.locator(".kit-lesson-next").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    played(page)
