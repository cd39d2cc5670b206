"""The Daily Club on a clock that moves (P8: nothing lost to a clock or a damaged record).

(a) A blocks daily banked on 6 Dec, then the clock moved back a day and a higher run banked on 5 Dec
(the best set on a clock moved back): after a reload, home shows the 3-day streak and the stats page
every number, and nothing was set aside.
(b) A clock in 2101, then in 2019: home shows the club (as of 2100-12-31, then 2025-01-01, the streak
alive), and a daily finished then is banked as practice ("the device's clock is far off"), its score
kept as the personal best.
(c) A record with one bad day (a hand-made 13th month) is repaired on reading: the streak kept, the
player told it was repaired, the original kept aside.

Every record is made by the CPython club service (the documented test hook); each run's last drop
is the player's, through the UI.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arcade import storage_key, wait_ready
from club.daily.api import Service
from playwright.sync_api import Page, expect
from test_blocks_club import near_end, settled

ROOT = Path(__file__).resolve().parent.parent
RECORD = "6e-club/v1/club/record"
RUN = storage_key("blocks", "run")
D4, D5, D6 = "2026-12-04", "2026-12-05", "2026-12-06"


def strings(scope: str) -> dict[str, str]:
    return json.loads((ROOT / "web" / "i18n" / f"{scope}.en.json").read_text())


def at(date: str, hour: int = 10) -> datetime:
    return datetime.fromisoformat(date).replace(hour=hour, tzinfo=UTC)


def record_of(dailies: list[tuple[str, int]]) -> str:
    """A record of blocks dailies (date, score), each banked on its own day by the CPython club service."""
    club, record = Service(), None
    for date, score in dailies:
        event = {"type": "finished", "game": "blocks", "score": score, "daily": date, "code": None}
        record = club.bank({"record": record, "replays": None, "finished": event,
                            "now": int(at(date).timestamp() * 1000)})["record"]
    assert record is not None
    return record


def stored(page: Page) -> dict[str, Any]:
    """The blocks part of the stored club record."""
    return json.loads(page.evaluate("k => localStorage.getItem(k)", RECORD))["data"]["games"]["blocks"]


def asides(page: Page) -> list[str]:
    return page.evaluate("k => Object.keys(localStorage).filter((key) => key.startsWith(k + '/corrupt/'))", RECORD)


def finish(page: Page, action: tuple[str, dict[str, Any]]) -> Any:
    """The stored run's last action made through the UI; the end card's Daily Club block, once banked."""
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.route === 'blocks'"
                           " && document.getElementById('app').getAttribute('aria-busy') === 'false'")
    settled(page)
    method, payload = action
    if method == "place":
        page.locator(f'.bk-slot[data-slot="{payload["slot"]}"]').click()
        page.locator(f'.bk-cell[data-cell="{payload["cell"]}"]').click(force=True)
    else:
        page.locator(".bk-redeal").click()
    block = page.locator("dialog.bk-over .club-end")
    expect(block).to_be_visible(timeout=30_000)
    return block


def open_with_run(page: Page, save: str, route: str) -> None:
    """The page loaded again at ``route`` with ``save`` as the blocks run (a returning player's)."""
    page.evaluate("([k, v, r]) => { localStorage.setItem(k, v); history.replaceState(null, '', r); }", [RUN, save, route])
    page.reload()
    wait_ready(page)


def home_card(page: Page, date: str) -> Any:
    card = page.locator(".daily-club")
    expect(card).to_have_attribute("data-state", "ready", timeout=60_000)  # not "could not be read"
    expect(card).to_have_attribute("data-date", date)
    return card


def test_a_clock_moved_back_a_day_keeps_the_streak_and_the_stats(page: Page, boot) -> None:
    """(a) Before, the second bank wrote a record its own check refused ("bests must rise in date
    order") and the next load set it aside whole: the 3-day streak became 0, every stat reset."""
    shell = strings("shell")
    before, last, first_score = near_end(D6)
    page.clock.install(time=at(D6))
    boot(page, "#/blocks", {RECORD: record_of([(D4, 1), (D5, 2)]), RUN: before})
    expect(finish(page, last).locator(".club-end-line.counted")).to_be_visible()
    assert stored(page)["best"] == first_score

    page.clock.set_fixed_time(at(D5))  # the clock moved back a day; the daily of 5 Dec again, played better
    before, last, score = near_end(D5)
    assert score > first_score  # a new best, set on a date before the last one banked
    open_with_run(page, before, "#/blocks")
    finish(page, last)
    assert stored(page)["bests"][-1] == [D5, score]

    page.evaluate("history.replaceState(null, '', '#/')")
    page.reload()
    card = home_card(page, D5)
    blocks = card.locator(".dc-game[data-game=blocks]")
    expect(blocks).to_have_attribute("data-streak", "3")
    expect(blocks.locator(".dc-streak")).to_have_text("3 day streak")
    expect(blocks.locator(".dc-done [aria-hidden]")).to_have_text("✓ 2")  # 5 Dec's counted result stays
    page.click(".dc-stats")
    page.wait_for_selector(".club-body[data-state=ready]", timeout=30_000)
    section = page.locator(".club-game[data-game=blocks]")
    for number, shown in (("n-played", "4"), ("n-daily", "3"), ("n-streak", "3"), ("n-best-streak", "3"),
                          ("n-best", f"{score:,}")):
        expect(section.locator(f".{number} dd")).to_have_text(shown)
    expect(page.locator(".notice-text", has_text=shell["shell.corrupt"])).to_have_count(0)
    assert asides(page) == []


def test_a_clock_in_2101_or_2019_shows_the_club_and_banks_the_run(page: Page, boot) -> None:
    """(b) Before, home said "The Daily Club could not be read." and bank refused the run's now."""
    club = strings("club")
    streak = [(D4, 1), (D5, 2), (D6, 3)]
    before, last, score_2101 = near_end("2100-12-31")  # the daily home offers on a clock in 2101
    page.clock.install(time=datetime(2101, 1, 1, 6, tzinfo=UTC))
    boot(page, "#/", {RECORD: record_of(streak), RUN: before})
    card = home_card(page, "2100-12-31")
    expect(card.locator(".dc-game[data-game=blocks]")).to_have_attribute("data-streak", "0")  # ended by that clock
    expect(card.locator(".dc-club")).to_contain_text("0 of 4 today")
    page.evaluate("location.hash = '#/blocks'")
    line = finish(page, last).locator(".club-end-line")
    expect(line).to_contain_text(club["club.why.clock"])  # banked, counting no day
    blocks = stored(page)
    assert (blocks["played"], blocks["daily_played"], blocks["best"]) == (4, 3, score_2101)
    assert blocks["bests"][-1] == [D6, score_2101]  # dated the last day the clock was believed

    page.clock.set_fixed_time(datetime(2019, 1, 1, 6, tzinfo=UTC))
    before, last, score_2019 = near_end("2025-01-01")
    open_with_run(page, before, "#/")
    card = home_card(page, "2025-01-01")
    expect(card.locator(".dc-game[data-game=blocks]")).to_have_attribute("data-streak", "3")  # a clock back ends none
    page.evaluate("location.hash = '#/blocks'")
    expect(finish(page, last).locator(".club-end-line")).to_contain_text(club["club.why.clock"])
    blocks = stored(page)
    assert (blocks["played"], blocks["daily_played"], blocks["streaks"]) == (5, 3, [[D4, D6]])
    assert blocks["best"] == max(score_2101, score_2019)


def test_a_record_with_one_bad_day_is_repaired_keeping_the_streak(page: Page, boot) -> None:
    """(c) Before, the whole record was set aside ("A saved game could not be read…"): streak 0."""
    shell = strings("shell")
    original = json.loads(record_of([(D4, 1), (D5, 2), (D6, 3)]))
    original["data"]["games"]["blocks"]["days"][1] = ["2026-13-05", 2]  # one day no calendar has
    text = json.dumps(original)
    page.clock.set_fixed_time(at(D6, 12))
    boot(page, "#/", {RECORD: text})
    card = home_card(page, D6)
    blocks = card.locator(".dc-game[data-game=blocks]")
    expect(blocks).to_have_attribute("data-streak", "3")
    expect(blocks.locator(".dc-done [aria-hidden]")).to_have_text("✓ 3")
    expect(page.locator(".notice-text", has_text=shell["shell.repaired"])).to_be_visible()
    expect(page.locator(".notice-text", has_text=shell["shell.corrupt"])).to_have_count(0)
    kept = asides(page)
    assert len(kept) == 1 and page.evaluate("k => localStorage.getItem(k)", kept[0]) == text
    assert stored(page)["days"] == [[D4, 1], [D6, 3]]
