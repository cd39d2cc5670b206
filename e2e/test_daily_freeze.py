"""Streak freezes as a player meets them (docs/daily-club.md, "Freezes").

(a) On a 390×844 phone by touch: a record of seven counted days of every game, a
missed day, then yesterday's dailies (made by the CPython club service) shows on
`#/club` the streaks kept (8), the day the freeze kept, the freezes held (0) and
the rule, inside the screen.
(b) On a desktop: seven counted domino days, yesterday missed, today's daily played
to its end: the end card says the freeze kept the streak ("counted · streak 8 · 🧊 1
freeze used").
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from club.daily.api import Service
from layout import overflow_report, settle
from playwright.sync_api import Page, expect
from test_daily_club import GAMES, card, ms, play_domino_daily

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)
BOXES = ".club-number dt, .club-number dd, .club-frozen, .club-freeze-rule"


def record_of(days_back: list[int], games: tuple[str, ...]) -> str:
    """A club record with the dailies of ``games`` counted on those days before NOW."""
    club, record = Service(), None
    for back in sorted(days_back, reverse=True):
        when = NOW - timedelta(days=back)
        for game in games:
            event = {"type": "finished", "game": game, "score": 10 + back, "daily": when.date().isoformat(),
                     "code": None, "seed": 1, "link": f"daily={when.date().isoformat()}"}
            record = club.bank({"record": record, "replays": None, "finished": event, "now": ms(when)})["record"]
    assert record is not None
    return record


def test_freezes_on_the_stats_page_by_touch(phone: Page, boot) -> None:
    """(a) The streak a freeze kept, the day it kept and the freezes held, on #/club at 390×844."""
    page = phone
    en = json.loads((ROOT / "web" / "i18n" / "club.en.json").read_text())
    record = record_of([*range(9, 2, -1), 1], GAMES)  # 7 days, day -2 missed, yesterday
    page.clock.set_fixed_time(NOW)
    boot(page, "#/", {"6e-club/v1/club/record": record})
    card(page)
    expect(page.locator(".dc-game[data-game=blocks]")).to_have_attribute("data-streak", "8")
    page.locator(".dc-stats").tap()
    page.wait_for_selector(".club-body[data-state=ready]", timeout=60_000)
    summary = page.locator(".club-summary")
    expect(summary.locator(".n-streak dd")).to_have_text("8")
    expect(summary.locator(".n-freezes dd")).to_have_text("0")
    kept = en["club.freezesUsed"].replace("{dates}", "Dec 8")
    expect(summary.locator(".club-frozen")).to_have_text(kept)
    expect(summary.locator(".club-freeze-rule")).to_have_text(en["club.freezesRule"])
    blocks = page.locator(".club-game[data-game=blocks]")
    expect(blocks.locator(".n-streak dd")).to_have_text("8")
    expect(blocks.locator(".club-frozen")).to_have_text(kept)
    settle(page)
    assert overflow_report(page, BOXES) == []


def test_the_end_card_says_a_freeze_kept_the_streak(page: Page, boot) -> None:
    """(b) Today's domino daily after a missed day: counted, the streak kept by the freeze, said so."""
    record = record_of(list(range(8, 1, -1)), ("domino",))  # days -8..-2: seven in a row; yesterday missed
    page.clock.set_fixed_time(NOW)
    boot(page, "#/", {"6e-club/v1/club/record": record})
    card(page)
    domino = page.locator(".dc-game[data-game=domino]")
    expect(domino).to_have_attribute("data-streak", "7")  # yesterday kept by the freeze
    domino.locator(".dc-play").click()
    play_domino_daily(page)
    expect(page.locator("dialog.dd-end .club-end-line")).to_have_text("Daily · Dec 10 — counted · streak 8 · 🧊 1 freeze used")
