"""The archive of past dailies (``club.daily.archive``): which dates are open,
a past daily's deal started as practice (``archive``) by every game, and its best
kept apart per date: never counted, never a streak day, never the personal best."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from club import GAMES
from club.daily import archive, record
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import Player, ms

TODAY = "2026-12-06"

# ----- (date asked, today) -> the refusal (None: open) ------------------------------------------
OPEN_TABLE: list[tuple[str, object, str, str | None]] = [
    ("yesterday is open", "2026-12-05", TODAY, None),
    ("30 days back is the window's last", "2026-11-06", TODAY, None),
    ("31 days back is out of the window", "2026-11-05", TODAY, "archive-old"),
    ("today is the real daily", TODAY, TODAY, "archive-today"),
    ("tomorrow has no deal yet", "2026-12-07", TODAY, "archive-future"),
    ("a year ahead", "2027-12-06", TODAY, "archive-future"),
    ("no such day", "2026-02-30", TODAY, "archive-date"),
    ("not a date", "yesterday", TODAY, "archive-date"),
    ("a number", 20261205, TODAY, "archive-date"),
    ("none", None, TODAY, "archive-date"),
    ("across a year's end", "2025-12-31", "2026-01-02", None),
    ("before the Club's years", "2024-12-31", "2025-01-02", "archive-date"),
]


@pytest.mark.parametrize(("name", "date", "today", "why"), OPEN_TABLE, ids=[row[0] for row in OPEN_TABLE])
def test_which_past_dailies_are_open(name: str, date: object, today: str, why: str | None) -> None:
    assert archive.refusal(date, today) == why
    club = Session()
    if why is None:
        opened = club.archive_open({"date": date, "now": ms(today, "09:00")})
        assert opened == {"date": date, "payload": {"daily": date, "archive": True}, "link": f"daily={date}"}
    else:
        with pytest.raises(NotationError) as refused:
            club.archive_open({"date": date, "now": ms(today, "09:00")})
        assert refused.value.field == why
    # the archive page lists exactly the open dates
    listed = [day["date"] for day in club.archive({"record": None, "now": ms(today, "23:59")})["days"]]
    assert (date in listed) == (why is None)


# ----- (today) -> the window: newest first, 30 days, none before the Club's first year -------------
WINDOW_TABLE = [
    ("a day of the Club's years", TODAY, 30, "2026-12-05", "2026-11-06"),
    ("its first days", "2025-01-03", 2, "2025-01-02", "2025-01-01"),
    ("its first day", "2025-01-01", 0, None, None),
]


@pytest.mark.parametrize(("name", "today", "count", "newest", "oldest"), WINDOW_TABLE, ids=[r[0] for r in WINDOW_TABLE])
def test_the_window(name: str, today: str, count: int, newest: str | None, oldest: str | None) -> None:
    dates = archive.window(today)
    assert len(dates) == count
    assert (dates[0] if dates else None, dates[-1] if dates else None) == (newest, oldest)
    assert dates == sorted(dates, reverse=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_starts_a_past_daily_as_practice(game: str) -> None:
    session = importlib.import_module(f"club.{game}.api").Session()
    session.new({"daily": "2026-12-01"})
    daily_info = session.run_info({})
    session.new({"daily": "2026-12-01", "archive": True})
    info = session.run_info({})
    # the same deal as that day's daily, its own link, practice "archive"
    assert (info["seed"], info["daily"], info["link"]) == (daily_info["seed"], "2026-12-01", "daily=2026-12-01")
    assert (info["practice"], info["archive"], daily_info["practice"], daily_info["archive"]) == \
        ("archive", True, None, False)
    # a reload keeps it: the recording's start says so
    again = type(session)()
    again.load({"save": session.save({})})
    assert (again.run_info({})["practice"], again.run_info({})["archive"]) == ("archive", True)


BAD_NEW = [
    ("archive without a date", {"archive": True}, "archive"),
    ("archive not a flag", {"daily": "2026-12-01", "archive": "yes"}, "archive"),
    ("archive of no date", {"daily": "2026-13-01", "archive": True}, "daily"),
]


@pytest.mark.parametrize(("name", "payload", "field"), BAD_NEW, ids=[row[0] for row in BAD_NEW])
def test_a_bad_archive_start_is_refused(name: str, payload: dict[str, Any], field: str) -> None:
    session = importlib.import_module("club.blocks.api").Session()
    with pytest.raises(NotationError) as refused:
        session.new(payload)
    assert refused.value.field == field


D1, D2, D6 = "2026-12-01", "2026-12-02", TODAY

# ----- finishes (daily, score, archive) on TODAY -> (counted, why, streak, new_best, archive_best) ----
BANK_TABLE: list[tuple[str, list[tuple[str, int, bool]], list[tuple[bool, str | None, int, bool, bool]]]] = [
    ("a past daily is practice, no streak, no best, its own best",
     [(D1, 500, True)], [(False, "archive", 0, False, True)]),
    ("a lower try of the same day keeps the day's best",
     [(D1, 500, True), (D1, 300, True)], [(False, "archive", 0, False, True), (False, "archive", 0, False, False)]),
    ("a higher try raises it",
     [(D1, 300, True), (D1, 500, True)], [(False, "archive", 0, False, True), (False, "archive", 0, False, True)]),
    ("each day its own best",
     [(D1, 500, True), (D2, 100, True)], [(False, "archive", 0, False, True), (False, "archive", 0, False, True)]),
    ("today's daily still counts after the archive",
     [(D1, 900, True), (D6, 40, False)], [(False, "archive", 0, False, True), (True, None, 1, True, False)]),
    ("an archive run does not spend a day the archive shows",
     [(D6, 40, False), (D1, 900, True)], [(True, None, 1, True, False), (False, "archive", 1, False, True)]),
]


@pytest.mark.parametrize(("name", "finishes", "expected"), BANK_TABLE, ids=[row[0] for row in BANK_TABLE])
def test_a_past_daily_banks_apart(name: str, finishes: list[Any], expected: list[Any]) -> None:
    player = Player()
    got = []
    for daily, score, past in finishes:
        extra = {"practice": "archive", "archive": True} if past else {}
        s = player.finish("merge", score, daily, ms(D6, "12:00"), **extra)
        got.append((s["counted"], s["why"], s["streak"], s["new_best"], s["archive_best"]))
        assert s["archive"] is past
    assert got == expected
    # the archive page's numbers: each day's archive best, the counted score of a day played on its day
    bests: dict[str, int] = {}
    for daily, score, past in finishes:
        if past:
            bests[daily] = max(bests.get(daily, 0), score)
    days = {day["date"]: day["games"]["merge"] for day in player.club.archive(
        {"record": player.record, "now": ms(D6, "13:00")})["days"]}
    for date, best in bests.items():
        assert days[date] == {"score": None, "best": best}
    stats = player.stats(ms(D6, "13:00"))["games"]["merge"]
    assert stats["daily_played"] == sum(1 for _, _, past in finishes if not past)


def test_a_version_3_record_loads_with_no_archive_bests() -> None:
    player = Player()
    player.finish("blocks", 70, D6, ms(D6))
    stored = json.loads(player.record or "")
    stored["version"] = 3
    for game in stored["data"]["games"].values():
        del game["archive"]
    loaded = record.load(json.dumps(stored))
    assert [loaded.games[g].archive for g in GAMES] == [[], [], [], []]
    assert loaded.games["blocks"].score_on(D6) == 70


# ----- a stored archive that is off -> refused by load, repaired to what reads ----------------------
REPAIR_TABLE = [
    ("a bad date", [["2026-13-01", 5], ["2026-12-02", 7]], [("2026-12-02", 7)]),
    ("out of order", [["2026-12-02", 7], ["2026-12-01", 5]], [("2026-12-01", 5), ("2026-12-02", 7)]),
    ("a date twice: the lower kept", [["2026-12-01", 9], ["2026-12-01", 5]], [("2026-12-01", 5)]),
    ("no list", "x", []),
]


@pytest.mark.parametrize(("name", "stored", "kept"), REPAIR_TABLE, ids=[row[0] for row in REPAIR_TABLE])
def test_a_damaged_archive_is_repaired(name: str, stored: object, kept: list[tuple[str, int]]) -> None:
    player = Player()
    player.finish("bowls", 70, D1, ms(D6), practice="archive", archive=True)
    data = json.loads(player.record or "")
    data["data"]["games"]["bowls"]["archive"] = stored
    text = json.dumps(data)
    with pytest.raises(NotationError):
        record.load(text)
    repaired = player.club.repair({"record": text})
    assert "bowls.archive" in repaired["dropped"]
    assert record.load(repaired["record"]).games["bowls"].archive == kept


def test_an_archive_flag_needs_a_daily() -> None:
    player = Player()
    with pytest.raises(NotationError) as refused:
        player.finish("blocks", 5, None, ms(D6), archive=True)
    assert refused.value.field == "finished"
