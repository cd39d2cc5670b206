"""The first lesson of Hex Merge played to its end through the
real UI, once per language, every input mode at least once:

- en: mouse (clicks on cells, the ↻ button), from a newcomer's first visit;
- it: keyboard only (Tab to the board, arrows, Enter, R; Play by Enter);
- de: touch on a 390x844 phone (taps on cells, a tap on the pair turns it; ↻ on the first screen, P13);
- ru: replayed from the Rules page link, touch and mouse mixed, then Skip.

The lesson round is ``club.merge.lesson``: the 8 anywhere, the 2 beside the two
2s (``0:1``), turn the pair 4-4 once (turn 1: partner south-east), the pair at
``-1:1`` touching the new 4 (``tests/merge/test_merge_lesson.py`` proves each).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import lessons
from arcade import settings, storage_key, wait_ready
from layout import outside_first_screen
from lessons import coach_says, open_first_lesson
from playwright.sync_api import Page, expect
from test_merge import centre, stones

STEPS = ["place", "merge", "rotate", "pair"]
PLACE, MERGE, PAIR = "0:-3", "0:1", "-1:1"
Act = Callable[[Page, str], None]




def says(page: Page, lang: str, step: int) -> None:
    coach_says(page, "merge", lang, STEPS[step], step)


def position(page: Page) -> str:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "run")))["data"]["position"]


def without_play_time(text: str) -> dict:
    """A stored run without the play time a live game page hands over on its own (M15: a tick at
    least every 5 s while its clock runs): its play_ms and the replay's tick actions."""
    run = json.loads(text)
    del run["data"]["play_ms"]
    if run.get("replay"):
        run["replay"]["actions"] = [a for a in run["replay"].get("actions", []) if a[0] != "tick"]
    return run


def click(page: Page, cell: str) -> None:
    page.mouse.click(*centre(page, cell))


def tap(page: Page, cell: str) -> None:
    page.touchscreen.tap(*centre(page, cell))


def play_lesson(page: Page, lang: str, put: list[Act], turn: Callable[[Page], None], run: str | None = None) -> None:
    """The four steps: the 8, the merging 2, a turn, the merging pair; then the end card.
    The stored run stays ``run`` (the lesson keeps nothing)."""
    expect(page.locator(".hm-new")).to_be_hidden()  # no New round, no slots in a lesson
    expect(page.locator(".hm-slots-btn")).to_be_hidden()
    says(page, lang, 0)
    assert "kit-lesson-target" in (page.locator(".hm-current").get_attribute("class") or "")
    put[0](page, PLACE)
    says(page, lang, 1)
    put[1](page, MERGE)
    says(page, lang, 2)
    assert stones(page)[MERGE] == "4"
    turn(page)
    says(page, lang, 3)
    expect(page.locator(".hm-tray")).to_have_attribute("data-kind", "pair")
    put[2](page, PAIR)
    expect(page.locator(".kit-lesson")).to_have_attribute("data-done", "1")
    assert stones(page)[PAIR] == "8"
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "run")) == run  # nothing kept


def play_opens_the_game(page: Page, server_url: str, press: Callable) -> None:
    lessons.play_opens_the_game(page, server_url, "merge", press)
    expect(page.locator(".hm-new")).to_be_visible()
    expect(page.locator(".hm-moves .value")).to_have_text("0")  # the player's own, fresh round


def test_en_lesson_by_mouse_on_the_first_visit(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    open_first_lesson(page, boot, "merge", "en")
    play_lesson(page, "en", [click] * 3, lambda p: p.locator(".hm-rotate-cw").click())
    play_opens_the_game(page, server_url, lambda button: button.click())


def turn_by_a_tap(page: Page) -> None:
    """The ↻ buttons the step names are on the first screen (they were below the fold at 390x844 in
    German, P13); a tap on the pair turns it."""
    assert outside_first_screen(page, [".hm-rotate-cw", ".hm-rotate-ccw", ".hm-current"]) == []
    page.locator(".hm-current").tap()


def test_de_lesson_by_touch(fresh_phone: Page, server_url: str, boot) -> None:
    page = fresh_phone
    open_first_lesson(page, boot, "merge", "de")
    play_lesson(page, "de", [tap] * 3, turn_by_a_tap)
    play_opens_the_game(page, server_url, lambda button: button.tap())


def test_it_lesson_by_keyboard(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    open_first_lesson(page, boot, "merge", "it")
    board = page.locator(".hm-board")

    def keys(*pressed: str) -> Act:
        def go(p: Page, cell: str) -> None:
            if not p.evaluate("document.activeElement?.classList.contains('hm-board')"):
                for _ in range(30):  # Tab to the board: the marker starts in the middle (0:0)
                    p.keyboard.press("Tab")
                    if p.evaluate("document.activeElement?.classList.contains('hm-board')"):
                        break
                expect(board).to_have_attribute("data-target", "0:0")
            for key in pressed:
                p.keyboard.press(key)
            expect(board).to_have_attribute("data-target", cell)
            p.keyboard.press("Enter")
        return go

    put = [keys("ArrowUp", "ArrowUp", "ArrowUp"), keys(*["ArrowDown"] * 4), keys("ArrowLeft")]
    play_lesson(page, "it", put, lambda p: p.keyboard.press("r"))
    expect(page.locator(".kit-lesson-next")).to_be_focused()  # Play has the focus at the end
    play_opens_the_game(page, server_url, lambda button: page.keyboard.press("Enter"))


def test_ru_lesson_again_from_the_rules_page_then_skip(contexts, server_url: str, boot) -> None:
    """A player with a round in play replays the lesson from the Rules link (touch and mouse
    mixed), and Skip leaves a second replay at once; the round in play is never touched."""
    page = contexts.page(viewport={"width": 1280, "height": 800}, has_touch=True)
    boot(page, "#/merge", settings("ru"))
    click(page, "0:0")
    expect(page.locator(".hm-moves .value")).to_have_text("1")
    page.goto(server_url + "#/rules/merge")
    wait_ready(page)
    page.locator(".lesson-link").click()
    expect(page).to_have_url(server_url + "#/merge?lesson")
    wait_ready(page)
    # Read once the lesson's engine is up: the engine answers in order, so the play time the
    # game handed over on leaving (M15) is in the stored run by now.
    run = page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "run"))
    assert run and json.loads(run)["data"]["play_ms"] > 0
    play_lesson(page, "ru", [tap, click, tap], lambda p: p.locator(".hm-rotate-ccw").tap(), run)
    page.locator(".kit-lesson .kit-lesson-next").click()  # Play
    expect(page).to_have_url(server_url + "#/merge")
    wait_ready(page)
    expect(page.locator(".hm-moves .value")).to_have_text("1")  # the round in play, as it was
    # Its clock runs again here: a play-time tick (M15) may store the run before it is read (a slow start).
    now = page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "run"))
    assert without_play_time(now) == without_play_time(run)
    assert json.loads(now)["data"]["play_ms"] >= json.loads(run)["data"]["play_ms"]
    page.goto(server_url + "#/merge?lesson")
    wait_ready(page)
    says(page, "ru", 0)
    page.locator(".kit-lesson-skip").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(server_url + "#/merge")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
    expect(page.locator(".game-merge svg[tabindex]").first).to_be_focused()  # the keyboard is on the board, not on <body>
    # the round in play as it was (its play time went on while it was open)
    assert position(page) == json.loads(run)["data"]["position"]
