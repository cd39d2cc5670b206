"""The first lesson of Color Bowls played to its end through the
real UI, once per language, every input mode at least once:

- en: mouse, from a newcomer's first visit (``#/bowls`` opens the lesson);
- it: touch on a phone (tap bowl 1, tap it again to sow, tap bowl 3 twice, tap Next);
- de: keyboard only (arrows choose, Enter sows, Enter on Next and Play);
- ru: replayed from the Rules page link, touch and mouse mixed; then replayed
  again and skipped.

The position and the bowls the steps name are ``club.bowls.lesson``'s.
"""

from __future__ import annotations

import json
import re

from arcade import settings, storage_key, wait_ready
from club.bowls import lesson
from lessons import SEEN, coach_says, strings
from playwright.sync_api import Page, expect

STEPS = ["choose", "sow", "three", "room"]
ROOT = "section.game-bowls"




def says(page: Page, lang: str, step: int) -> None:
    coach_says(page, "bowls", lang, STEPS[step], step)


def bowl(page: Page, b: int):
    return page.locator(f".bw-bowl[data-bowl='{b}']")


def idle(page: Page) -> None:
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && !r.dataset.busy && r.dataset.animating !== '1'; })()")


def lesson_shown(page: Page) -> None:
    """The lesson's position, with nothing of a run around it: no Pause, no End attempt."""
    expect(page.locator(ROOT)).to_have_attribute("data-lesson", "1")
    expect(page.locator(ROOT)).to_have_attribute("data-position", lesson.LESSON)
    expect(page.locator(".bw-pause")).to_be_hidden()
    expect(page.locator(".bw-end")).to_be_hidden()
    expect(bowl(page, lesson.FIRST_SOW)).to_have_class(re.compile(r"(^|\s)kit-lesson-target(\s|$)"))
    # The chip names the lesson, not the engine's "free" mode (no mode a player can pick).
    lang = page.evaluate("document.documentElement.lang")
    expect(page.locator(".bw-chip")).to_have_text(strings("shell", lang)["shell.lesson.title"])


def play(page: Page, lang: str, act) -> None:
    """The four steps by ``act(kind, target)``: choose and sow bowl 1, make three at bowl 3, Next;
    then Play opens the game; nothing was stored as a run."""
    lesson_shown(page)
    says(page, lang, 0)
    act("bowl", lesson.FIRST_SOW)
    says(page, lang, 1)
    expect(page.locator(".bw-way-line")).to_have_attribute("data-way", "clockwise")
    act("sow", lesson.FIRST_SOW)
    says(page, lang, 2)
    idle(page)
    assert page.locator(ROOT).get_attribute("data-position", timeout=0).startswith("-/YG/RB/")  # clockwise
    act("bowl", lesson.MAKE_THREE)
    act("sow", lesson.MAKE_THREE)
    says(page, lang, 3)
    idle(page)
    expect(page.locator(".bw-score .value")).to_have_text("120")
    # the lesson's x2 combo earns nothing (W24): no toast of an achievement the Themes would not show
    expect(page.locator(".bwt-toast-item")).to_have_count(0)
    act("next", None)
    card = page.locator(".kit-lesson")
    expect(card).to_have_attribute("data-done", "1")
    act("next", None)  # Play
    page.wait_for_function("location.hash === '#/bowls'")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
    # The real game at its first puzzle, not a menu of modes to choose from.
    expect(page.locator(".bw-modes-screen")).to_be_hidden()
    expect(page.locator(".bw-chip")).to_have_text(strings("bowls", lang)["bowls.mode.puzzleN"].replace("{id}", "1"))
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", SEEN))["lessons"]["bowls"] is True


def test_lesson_by_mouse_on_the_first_visit_en(fresh_page: Page, boot) -> None:
    page = fresh_page
    boot(page, "#/bowls")
    page.wait_for_function("location.hash === '#/bowls?lesson'")

    def act(kind: str, b: int | None) -> None:
        if kind == "bowl":
            bowl(page, b).click()
        elif kind == "sow":
            page.click(".bw-sow")
        else:
            page.click(".kit-lesson-next")

    play(page, "en", act)
    assert page.errors == []


def test_lesson_by_touch_it(phone: Page, boot) -> None:
    page = phone
    boot(page, "#/bowls?lesson", settings("it"))

    def act(kind: str, b: int | None) -> None:
        if kind in ("bowl", "sow"):
            bowl(page, b).tap()  # a second tap on the chosen bowl sows (W22)
        else:
            page.locator(".kit-lesson-next").tap()

    play(page, "it", act)


def test_lesson_by_keyboard_de(page: Page, boot) -> None:
    boot(page, "#/bowls?lesson", settings("de"))
    chosen = {"b": None}

    def act(kind: str, b: int | None) -> None:
        if kind == "bowl":
            while chosen["b"] != b:  # the arrows walk the ring clockwise (W22)
                page.keyboard.press("ArrowRight")
                idle(page)
                chosen["b"] = int(page.locator(".bw-bowl.chosen").get_attribute("data-bowl"))
        elif kind == "sow":
            page.keyboard.press("Enter")
            chosen["b"] = None
        else:
            next_button = page.locator(".kit-lesson-next")
            if not next_button.evaluate("e => e === document.activeElement"):
                next_button.focus()
            page.keyboard.press("Enter")

    play(page, "de", act)


def test_lesson_replayed_from_the_rules_page_ru_then_skipped(phone: Page, boot) -> None:
    page = phone
    boot(page, "#/rules/bowls", settings("ru"))
    page.locator(".rules-page .lesson-link").tap()
    page.wait_for_function("location.hash === '#/bowls?lesson'")

    def act(kind: str, b: int | None) -> None:
        if kind == "bowl":
            bowl(page, b).tap()
        elif kind == "sow":
            page.locator(".bw-sow").click()  # the mouse on a touch screen
        else:
            page.locator(".kit-lesson-next").click()

    play(page, "ru", act)
    page.goto(page.url.split("#")[0] + "#/rules/bowls")
    wait_ready(page)
    page.locator(".rules-page .lesson-link").click()
    page.wait_for_function("location.hash === '#/bowls?lesson'")
    wait_ready(page)
    says(page, "ru", 0)
    page.locator(".kit-lesson-skip").tap()
    page.wait_for_function("location.hash === '#/bowls'")
    wait_ready(page)
    # The lesson played again beside the puzzle in play: that attempt is back as it was.
    expect(page.locator(".bw-chip")).to_have_text(strings("bowls", "ru")["bowls.mode.puzzleN"].replace("{id}", "1"))
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "run")) is not None


def test_the_first_real_x2_combo_earns_its_toast_after_the_lesson(phone: Page, boot) -> None:  # W24
    """The lesson's two moves played in a player's own Endless attempt: the toast comes there, and only there."""
    from club.bowls.api import Session

    session = Session()
    session.new({"mode": "endless", "position": lesson.LESSON})
    boot(phone, "#/bowls", {storage_key("bowls", "run"): session.save({})})
    idle(phone)
    for b in (lesson.FIRST_SOW, lesson.MAKE_THREE):
        bowl(phone, b).tap()
        bowl(phone, b).tap()
        idle(phone)
    expect(phone.locator(".bwt-toast-item[data-achievement='combo2']")).to_have_count(1)
