"""Bowls writes its Daily's date as every game does (P4): short, in the player's language, by Intl ("Dec 6",
"6. Dez."), never the engine's "2026-12-06": on the mode screen's Daily card and on the chip of a Daily in play."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from arcade import settings
from layout import TEXT_BOXES, overflow_report
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


ARCHIVE_NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("lang", ["en", "it", "de", "ru"])
def test_a_past_daily_from_the_archive_is_named_so_on_a_phone(phone: Page, boot, lang: str) -> None:
    """A past daily opened from the archive (#/bowls?archive=DATE, club.daily.archive) is practice: the mode chip
    names it a past daily of its date, not the day's Daily, and fits the phone's header beside the badge (P13)."""
    strings = json.loads((ROOT / f"web/i18n/bowls.{lang}.json").read_text())
    phone.clock.set_fixed_time(ARCHIVE_NOW)
    boot(phone, "#/bowls?archive=2026-12-04", storage=settings(lang))
    settled(phone, "game")
    short = phone.evaluate(SHORT, [lang, "2026-12-04"])
    expect(phone.locator(".bw-chip")).to_have_text(strings["bowls.mode.pastDailyOn"].replace("{date}", short))
    expect(phone.locator(".club-badge[data-kind=archive]")).to_be_visible()
    assert overflow_report(phone, f"{TEXT_BOXES}, .bw-chip") == []
