"""The first Undo of a bowls Daily asks first (W21), on a phone by touch, in every language: the question says what
it costs (the day no longer counts, no personal best), Cancel changes nothing (the same position, no Training pill),
yes undoes and marks the attempt as practice, and no later Undo asks again."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from arcade import settings
from club.bowls.api import Session
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
SECTION = "section.game-bowls"


def settled(page: Page, screen: str = "game") -> None:
    page.wait_for_function(
        """(screen) => { const r = document.querySelector('section.game-bowls');
        return r && r.dataset.screen === screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; }""",
        arg=screen, timeout=30_000,
    )


def first_bowl(date: str) -> int:
    """A bowl today's Daily lets the player sow first without ending it (the CPython engine's)."""
    for b in Session().new({"daily": date})["choosable"]:
        session = Session()
        session.new({"daily": date})
        if not session.sow({"bowl": b})["view"]["over"]:
            return b
    raise AssertionError("no first sow keeps today's daily going")


def sow(page: Page, b: int) -> None:
    moves = page.get_attribute(SECTION, "data-moves")
    bowl = page.locator(f".bw-bowl[data-bowl='{b}']")
    bowl.tap()
    bowl.tap()
    page.wait_for_function("(m) => document.querySelector('section.game-bowls').dataset.moves !== m", arg=moves)
    settled(page)


@pytest.mark.parametrize("lang", ["en", "it", "de", "ru"])
def test_the_first_undo_of_a_daily_asks_once(phone: Page, boot, lang: str) -> None:
    strings = json.loads((ROOT / f"web/i18n/bowls.{lang}.json").read_text())
    phone.emulate_media(reduced_motion="reduce")
    boot(phone, "#/bowls", storage=settings(lang))
    settled(phone, "modes")
    phone.locator(".bw-mode-daily .bw-start").tap()
    settled(phone)
    sow(phone, first_bowl(datetime.now(UTC).date().isoformat()))
    after = phone.get_attribute(SECTION, "data-position")

    phone.locator(".bw-undo").tap()
    ask = phone.locator("dialog.bw-undo-card")
    expect(ask).to_be_visible()
    expect(ask.locator("h2")).to_have_text(strings["bowls.undoDaily.title"])
    expect(ask).to_contain_text(strings["bowls.undoDaily.text"])
    for button in (".bw-undo-yes", ".bw-undo-no"):  # both answers in sight and fit the phone
        box = ask.locator(button).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, box
    ask.locator(".bw-undo-no").tap()
    expect(ask).to_have_count(0)
    settled(phone)
    assert phone.get_attribute(SECTION, "data-position") == after  # Cancel changes nothing
    assert phone.get_attribute(SECTION, "data-moves") == "1"
    expect(phone.locator(".bw-training")).to_be_hidden()

    phone.locator(".bw-undo").tap()
    phone.locator("dialog.bw-undo-card .bw-undo-yes").tap()
    phone.wait_for_function("() => document.querySelector('section.game-bowls').dataset.moves === '0'")
    settled(phone)
    expect(phone.locator(".bw-training")).to_be_visible()

    phone.locator(".bw-redo").tap()  # the move again, and Undo once more: asked once, not again
    phone.wait_for_function("() => document.querySelector('section.game-bowls').dataset.moves === '1'")
    settled(phone)
    phone.locator(".bw-undo").tap()
    phone.wait_for_function("() => document.querySelector('section.game-bowls').dataset.moves === '0'")
    expect(phone.locator("dialog.bw-undo-card")).to_have_count(0)
