"""The first lesson's plumbing, the same for every game: the
first visit to a game opens its lesson in a session beside the run, Skip and the
end open the real game and are remembered, a player with a run in play is not
sent to a lesson, and the Rules page plays it again. Each game's own lesson,
played to its end by mouse, touch and keyboard, is tested in its own file."""

from __future__ import annotations

import json

import pytest
from arcade import SEEN, engine_save, settings, storage_key, wait_ready
from audit import axe_violations
from playwright.sync_api import Page, expect


def seen(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SEEN)})") or "null") or {}


def card_inside_viewport(page: Page) -> None:
    box = page.locator(".kit-lesson").bounding_box()
    size = page.viewport_size
    assert box and size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]


def test_a_first_visit_opens_the_lesson_and_skip_opens_the_game(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    boot(page, "#/blocks")
    expect(page).to_have_url(server_url + "#/blocks?lesson")
    card = page.locator(".kit-lesson")
    expect(card).to_be_visible()
    expect(card.locator(".kit-lesson-count")).to_contain_text("1")
    assert card.locator(".kit-lesson-say").inner_text().strip()
    card_inside_viewport(page)
    assert axe_violations(page, ".kit-lesson") == []
    # The lesson keeps nothing: no run was stored for it.
    assert page.evaluate(f"localStorage.getItem({json.dumps(storage_key('blocks', 'run'))})") is None
    card.locator(".kit-lesson-skip").click()
    expect(page).to_have_url(server_url + "#/blocks")
    expect(card).to_have_count(0)
    assert seen(page)["lessons"] == {"blocks": True}
    page.reload()
    wait_ready(page)
    expect(page).to_have_url(server_url + "#/blocks")
    expect(page.locator(".kit-lesson")).to_have_count(0)
    # Every game has its own first visit.
    page.goto(server_url + "#/domino")
    wait_ready(page)
    expect(page).to_have_url(server_url + "#/domino?lesson")
    expect(page.locator(".kit-lesson")).to_be_visible()


def test_a_player_with_a_run_in_play_is_not_sent_to_a_lesson(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    run = engine_save("merge", lambda s: (s.new({"seed": 77}), s.save({}))[1])
    boot(page, "#/merge", {storage_key("merge", "run"): run})
    expect(page).to_have_url(server_url + "#/merge")
    expect(page.locator(".kit-lesson")).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem({json.dumps(storage_key('merge', 'run'))})") == run


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_rules_page_plays_the_lesson_again_beside_the_run(page: Page, server_url: str, lang: str, boot) -> None:
    run = engine_save("bowls", lambda s: (s.new({"seed": 5}), s.save({}))[1])
    boot(page, "#/rules/bowls", {**settings(lang), storage_key("bowls", "run"): run})
    link = page.locator(".rules-page .lesson-link")
    english = "Play the lesson"
    assert link.inner_text().strip() and link.inner_text().strip() != english  # translated
    assert (link.bounding_box() or {}).get("height", 0) >= 44
    link.click()
    expect(page).to_have_url(server_url + "#/bowls?lesson")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_be_visible()
    card_inside_viewport(page)
    page.locator(".kit-lesson-skip").click()
    expect(page).to_have_url(server_url + "#/bowls")
    # The run in play was never touched by the lesson.
    assert page.evaluate(f"localStorage.getItem({json.dumps(storage_key('bowls', 'run'))})") == run


def test_a_corrupt_record_of_lessons_is_moved_aside(fresh_page: Page, server_url: str, boot) -> None:
    page = fresh_page
    boot(page, "#/", {SEEN: '{"schema": 3}'})
    # The notice goes by itself 12 s after the start.
    expect(page.locator(".notice")).to_contain_text("set aside")
    keys = page.evaluate("Object.keys(localStorage)")
    assert any(key.startswith(SEEN + "/corrupt/") for key in keys)
    page.goto(server_url + "#/merge")
    wait_ready(page)
    expect(page).to_have_url(server_url + "#/merge?lesson")


def test_on_a_phone_the_card_covers_nothing_of_the_game(fresh_phone: Page, server_url: str, boot) -> None:
    """The coach card sits above the page: the game's scores, board and controls start
    below it (the page makes room for its tallest step), and all of it fits the screen's width."""
    page = fresh_phone
    boot(page, "#/")
    for game in ("blocks", "domino", "merge", "bowls"):
        page.goto(server_url + f"#/{game}?lesson")  # in the document: only the route changes
        wait_ready(page)
        card = page.locator(".kit-lesson").bounding_box()
        assert card
        tops = page.evaluate(
            """() => [...document.querySelector('section.view').children]
                 .filter((el) => !el.classList.contains('kit-lesson') && !el.classList.contains('sr-only')
                   && el.getBoundingClientRect().height > 0)
                 .map((el) => el.getBoundingClientRect().top)""")
        assert tops and min(tops) >= card["y"] + card["height"], (game, card, tops)
        card_inside_viewport(page)
        # Below the site's header: its navigation and settings stay in reach during the lesson.
        header = page.locator("header.topbar").bounding_box()
        assert header and card["y"] >= header["y"] + header["height"], (game, card, header)
        page.locator("#settings-button").click()  # not covered: the click reaches it
        expect(page.locator(".settings-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        # The coach's buttons are the arcade's buttons (rounded, its font), not the browser's grey ones.
        for button in (".kit-lesson-next", ".kit-lesson-skip"):
            looks = page.locator(button).evaluate(
                "(b) => { const s = getComputedStyle(b); return [parseFloat(s.borderTopLeftRadius), s.fontFamily, s.fontWeight]; }")
            assert looks[0] >= 8 and looks[1] == page.evaluate("getComputedStyle(document.body).fontFamily"), (game, button, looks)


# Every animation on the page ends (its end time is finite) and then has ended: nothing is left
# to draw, so a page a newcomer reads in draws no frame.
ANIMATIONS_END = """() => Promise.all(document.getAnimations().map((a) => {
  const end = a.effect?.getComputedTiming().endTime;
  if (end === Infinity) throw new Error(`${a.animationName ?? a.constructor.name} on ${a.effect?.target?.className?.baseVal ?? a.effect?.target?.className} never ends`);
  return a.finished;
})).then(() => document.getAnimations().filter((a) => a.playState === 'running').length)"""


def test_the_step_target_pulses_a_few_times_then_holds_its_glow(fresh_page: Page, boot) -> None:
    """The target of the step a newcomer reads pulses, then holds still: an endless pulse repaints
    the page every frame for as long as the card is read (a phone's battery)."""
    page = fresh_page
    boot(page, "#/blocks")
    target = page.locator(".kit-lesson-target")
    expect(target).to_have_count(1)
    assert page.evaluate("document.querySelector('.kit-lesson-target').getAnimations().length") == 1  # it pulses
    assert page.evaluate(ANIMATIONS_END) == 0
    assert "drop-shadow" in target.evaluate("el => getComputedStyle(el).filter")  # still glowing
