"""The first lesson on a phone, by touch (P13, P11): at 360x640 and 390x844 the coach card
leaves the board a usable size at every game's lesson, and Back from the game a lesson
opened goes where the player came from (home), not into the lesson again at step 1.

The usable minimum is measured against the same page outside the lesson, at the same
size and in the same language: the lesson's board keeps at least ``MIN_SHARE`` of its
height there (the player must read the pips and cells a step talks about)."""

from __future__ import annotations

import pytest
from arcade import settings, wait_ready
from playwright.sync_api import expect

GAMES = ["blocks", "domino", "merge", "bowls"]
PHONES = [(360, 640), (390, 844)]
PHONE = {"has_touch": True, "is_mobile": True, "first_visit": True}


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("game", GAMES)
def test_back_from_the_game_a_lesson_opened_goes_home(
    contexts, boot, server_url: str, game: str, size
) -> None:
    width, height = size
    page = contexts.page(viewport={"width": width, "height": height}, **PHONE)
    boot(page, "#/", settings("en"))
    page.locator(f'.game-card[href="#/{game}"]').tap()
    expect(page).to_have_url(server_url + f"#/{game}?lesson")
    wait_ready(page)
    page.locator(".kit-lesson-skip").tap()
    expect(page).to_have_url(server_url + f"#/{game}")
    wait_ready(page)
    page.go_back()
    expect(page).to_have_url(server_url + "#/")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
