"""The archive of past dailies as a player meets it (docs/daily-club.md, "The archive").

(a) On a 390×844 phone in German, by touch: home's Daily Club card links to the
archive; it lists the 30 days before today for each game, newest first; a tap on a
day's Play opens that past daily in the game with the "Übung · 5. Dez." badge (the
engine says it is practice, ``archive``), nothing on the page leaves the screen.
(b) On a desktop: a past domino daily played to its end is practice ("Practice ·
Dec 5 — your best of this day"), counts no day and no streak, and the archive then
shows that day's best; the stats page links to the archive too.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from arcade import settings
from layout import TEXT_BOXES, overflow_report, settle
from playwright.sync_api import Page, expect
from test_daily_club import card, play_domino_daily

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
ARCHIVE_BOXES = f"{TEXT_BOXES}, .archive-date, .archive-scores, .archive-play, .archive-game, .club-badge"


def strings(part: str, lang: str) -> dict:
    return json.loads((ROOT / "web" / "i18n" / f"{part}.{lang}.json").read_text())


def inside(page: Page, selector: str) -> bool:
    """The element's box lies inside the viewport's width (a phone never pans sideways)."""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth; }""", selector)


def test_the_archive_on_a_phone_in_german_by_touch(phone: Page, boot) -> None:
    """(a) Home's card → the archive → a past daily, badged as practice, by touch in German."""
    page = phone
    de = strings("club", "de")
    page.clock.set_fixed_time(NOW)
    boot(page, "#/", settings("de"))
    card(page)
    link = page.locator(".dc-archive")
    expect(link).to_have_text(de["club.archive.link"])
    box = link.bounding_box()
    assert box and box["height"] >= 44, box  # a touch target
    link.tap()
    page.wait_for_selector(".archive-body[data-state=ready]", timeout=60_000)
    expect(page.locator("h1")).to_have_text(de["club.archive.title"])
    days = page.locator(".archive-day")
    expect(days).to_have_count(30)
    expect(days.first).to_have_attribute("data-date", "2026-12-05")
    expect(days.last).to_have_attribute("data-date", "2026-11-06")
    expect(page.locator(".archive-game[aria-pressed=true]")).to_have_attribute("data-game", "blocks")
    page.locator(".archive-game[data-game=merge]").tap()
    expect(page.locator(".archive-body")).to_have_attribute("data-game", "merge")
    play = days.first.locator(".archive-play")
    expect(play).to_have_attribute("href", "#/merge?archive=2026-12-05")
    expect(play).to_have_text(de["club.archive.play"])
    settle(page)
    assert overflow_report(page, ARCHIVE_BOXES) == []
    for selector in (".archive-day:first-child .archive-play", ".archive-game[data-game=bowls]"):
        assert inside(page, selector), selector
        tap = page.locator(selector).bounding_box()
        assert tap and tap["height"] >= 44, (selector, tap)

    play.tap()
    badge = page.locator(".club-badge")
    expect(badge).to_have_text(strings("shell", "de")["shell.club.badgeArchive"].replace("{date}", "5. Dez."),
                               timeout=60_000)
    expect(badge).to_have_attribute("data-kind", "archive")
    assert page.evaluate("location.hash") == "#/merge"  # a reload resumes it, not the link again
    settle(page)
    assert inside(page, ".club-badge")
    assert overflow_report(page, ARCHIVE_BOXES) == []


def test_a_past_daily_is_practice_with_its_own_best(page: Page, boot) -> None:
    """(b) A past domino daily played to its end: practice, no day, no streak; its best in the archive."""
    en = strings("club", "en")
    page.clock.set_fixed_time(NOW)
    boot(page, "#/club")
    page.wait_for_selector(".club-body[data-state=ready]", timeout=60_000)
    page.click(".club-archive-link")  # the stats page links to it
    page.wait_for_selector(".archive-body[data-state=ready]", timeout=60_000)
    page.click(".archive-game[data-game=domino]")
    day = page.locator(".archive-day[data-date='2026-12-05']")
    expect(day.locator(".archive-best")).to_have_text(en["club.archive.unplayed"])
    day.locator(".archive-play").click()
    expect(page.locator(".club-badge")).to_have_text("Practice · Dec 5", timeout=60_000)
    play_domino_daily(page)
    expect(page.locator("dialog.dd-end .club-end-line")).to_have_text(
        en["club.end.archiveBest"].replace("{date}", "Dec 5"))
    record = json.loads(page.evaluate("localStorage.getItem('6e-club/v1/club/record')"))["data"]["games"]["domino"]
    assert record["days"] == [] and record["streaks"] == [] and record["daily_played"] == 0
    assert record["best"] is None  # a practice run raises no personal best
    [(date, best)] = record["archive"]
    assert date == "2026-12-05"

    page.evaluate("location.hash = '#/club/archive'")
    page.wait_for_selector(".archive-body[data-state=ready]", timeout=60_000)
    page.click(".archive-game[data-game=domino]")
    expect(day.locator(".archive-best")).to_have_text(en["club.archive.best"].replace("{score}", f"{best:,}"))
    page.evaluate("location.hash = '#/'")
    card(page)
    expect(page.locator(".dc-game[data-game=domino]")).to_have_attribute("data-done", "0")  # today's daily still open
