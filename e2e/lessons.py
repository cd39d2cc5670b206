"""What the four games' first-lesson tests share: the strings
a coach card must show, and a player's language chosen before the page starts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade import SEEN, settings, wait_ready
from playwright.sync_api import Page, expect

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"


def strings(game: str, lang: str) -> dict:
    return json.loads((I18N / f"{game}.{lang}.json").read_text(encoding="utf-8"))


def coach_says(page: Page, game: str, lang: str, key: str, step: int | None = None) -> None:
    """The coach card shows ``<game>.lesson.<key>`` in ``lang`` (the translated text, not
    a key), at step ``step`` (0-based) when given."""
    card = page.locator(".kit-lesson")
    if step is not None:
        expect(card).to_have_attribute("data-step", str(step))
    expect(card.locator(".kit-lesson-say")).to_have_text(strings(game, lang)[f"{game}.lesson.{key}"])


def open_first_lesson(page: Page, boot, game: str, lang: str) -> None:
    """A newcomer speaking ``lang`` (stored settings) opens ``game``: its lesson comes first."""
    boot(page, f"#/{game}", settings(lang))
    expect(page).to_have_url(re.compile(rf"#/{game}\?lesson$"))


def play_opens_the_game(page: Page, server_url: str, game: str, press) -> None:
    """The last card's Play (``press``: click, tap or a key) opens the real game, with no
    coach card, and the lesson is remembered as done."""
    press(page.locator(".kit-lesson .kit-lesson-next"))
    expect(page).to_have_url(server_url + f"#/{game}")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
    assert json.loads(page.evaluate(f"localStorage.getItem('{SEEN}')"))["lessons"][game] is True
