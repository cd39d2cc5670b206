"""Bowls writes its Daily's date as every game does (P4): short, in the player's language, by Intl ("Dec 6",
"6. Dez."), never the engine's "2026-12-06": on the mode screen's Daily card and on the chip of a Daily in play."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from arcade import settings
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
SHORT = """([lang, date]) => new Intl.DateTimeFormat(lang, {day: 'numeric', month: 'short', timeZone: 'UTC'})
  .format(new Date(date + 'T00:00:00Z'))"""


def settled(page: Page, screen: str) -> None:
    page.wait_for_function(
        """(screen) => { const r = document.querySelector('section.game-bowls');
        return r && r.dataset.screen === screen && !r.dataset.starting && !r.dataset.busy; }""",
        arg=screen, timeout=30_000,
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_daily_date_in_the_players_words(phone: Page, boot, lang: str) -> None:
    strings = json.loads((ROOT / f"web/i18n/bowls.{lang}.json").read_text())
    today = datetime.now(UTC).date().isoformat()
    boot(phone, "#/bowls", storage=settings(lang))
    settled(phone, "modes")
    short = phone.evaluate(SHORT, [lang, today])
    pitch = phone.locator(".bw-mode-daily")
    expect(pitch).to_contain_text(strings["bowls.dailyPitch"].split("{date}")[0] + short)
    expect(pitch).not_to_contain_text(today)
    phone.locator(".bw-mode-daily .bw-start").tap()
    settled(phone, "game")
    chip = phone.locator(".bw-chip")
    expect(chip).to_have_text(strings["bowls.mode.dailyOn"].replace("{date}", short))
