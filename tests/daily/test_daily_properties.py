"""Hypothesis properties of the club record: random finishes
against a brute-force model of the rules; corrupt stored text is refused
with ``NotationError`` and never another exception."""

from __future__ import annotations

import datetime
import json
from typing import Any

from club import GAMES
from club.daily import freeze, record, replays
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import Player, ms
from hypothesis import given, settings
from hypothesis import strategies as st

START = datetime.date(2026, 11, 20)


def day(n: int) -> str:
    return (START + datetime.timedelta(days=n)).isoformat()


# one finish: (game, score, daily relative to the finish day or None, days to wait before, minute of the day)
finishes = st.lists(st.tuples(
    st.sampled_from(GAMES), st.integers(0, 10**6), st.one_of(st.none(), st.integers(-2, 1)),
    st.sampled_from([0, 0, 0, 1, 1, 2]), st.integers(0, 24 * 60 - 1),
), max_size=40)


def walked(dates: set[str], today: str) -> tuple[int, int, int, list[str]]:
    """The model of streaks with freezes (docs/daily-club.md, "Freezes"), walking day by day:
    (current, best, freezes held, the days frozen in the current streak)."""
    best = streak = run = held = 0
    used: list[str] = []
    last = (datetime.date.fromisoformat(today) - START).days
    for n in range(-40, last + 1):
        if day(n) in dates:
            streak, run = streak + 1, run + 1
            if run % 7 == 0:
                held = min(2, held + 1)
        elif n < last:  # a day over without its daily: a freeze keeps the streak, or it ends
            run = 0
            if streak and held:
                held, used = held - 1, [*used, day(n)]
            else:
                streak, held, used = 0, 0, []
        best = max(best, streak)
    return streak, best, held, used


def streaks(dates: set[str], today: str) -> tuple[int, int]:
    """The model: (current, best) streak of a set of dates, freezes counted."""
    current, best, _, _ = walked(dates, today)
    return current, best


@settings(max_examples=60, deadline=None)
@given(plays=finishes)
def test_random_finishes_match_the_model(plays: list[tuple[str, int, int | None, int, int]]) -> None:
    player = Player()
    counted: dict[str, dict[str, int]] = {game: {} for game in GAMES}
    best: dict[str, int] = {}
    played = dict.fromkeys(GAMES, 0)
    today_n = 0
    for game, score, offset, wait, minute in plays:
        today_n += wait
        today = day(today_n)
        now = ms(today, f"{minute // 60:02d}:{minute % 60:02d}")
        daily = None if offset is None else day(today_n + offset)
        summary = player.finish(game, score, daily, now)
        counts = daily is not None and offset in (0, -1) and daily not in counted[game]
        if counts:
            counted[game][daily] = score  # type: ignore[index]
        assert (summary["counted"], summary["practice"]) == (counts, daily is not None and not counts)
        assert summary["new_best"] == (game not in best or score > best[game])
        best[game] = max(best.get(game, score), score)
        played[game] += 1
        assert (summary["streak"], summary["best_streak"]) == streaks(set(counted[game]), today)
        club_dates = set.intersection(*(set(counted[g]) for g in GAMES))
        assert summary["club_streak"] == streaks(club_dates, today)[0]
        assert summary["club_today"] == sum(today in counted[g] for g in GAMES)
    later = ms(day(today_n + 1), "06:00")
    numbers = player.stats(later)
    home = player.home(later)
    for game in GAMES:
        mine = numbers["games"][game]
        assert (mine["played"], mine["daily_played"], mine["best"]) == (played[game], len(counted[game]), best.get(game))
        current, best_game, held, used = walked(set(counted[game]), day(today_n + 1))
        assert (mine["streak"], mine["best_streak"], mine["freezes"]) == (current, best_game, {"held": held, "used": used})
        assert sum(b["count"] for b in mine["distribution"]) == len(counted[game])
        for score in counted[game].values():
            assert sum(b["low"] <= score <= b["high"] for b in mine["distribution"]) == 1
        assert home["games"][game]["score"] == counted[game].get(day(today_n + 1))
    club_dates = set.intersection(*(set(counted[g]) for g in GAMES))
    current, best_club, held, used = walked(club_dates, day(today_n + 1))
    assert numbers["club"] == {"streak": current, "best_streak": best_club, "days": len(club_dates),
                               "freezes": {"held": held, "used": used}}
    if player.record is not None:
        assert record.dump(record.load(player.record)) == player.record
        assert Session().check({"record": player.record})
    for game, text in player.replays.items():
        assert replays.dump(game, replays.load(text, game)) == text


# counted dates within 60 days, dense enough for runs of 7 and more, and the day asked
counted_days = st.tuples(st.sets(st.integers(-40, 19), max_size=60), st.integers(-40, 20))


@settings(max_examples=400, deadline=None)
@given(case=counted_days)
def test_freezes_match_the_day_by_day_model(case: tuple[set[int], int]) -> None:
    numbers, today_n = case
    dates = {day(n) for n in numbers if n <= today_n}
    got = freeze.protect([(date, date) for date in dates], day(today_n))
    assert (got.streak, got.best, got.held, got.used) == walked(dates, day(today_n))
    assert 0 <= got.held <= freeze.MOST
    assert all(date not in dates for date in got.used)


# ----- corrupt stored text ----------------------------------------------------------------
def a_record() -> Player:
    player = Player()
    for i, game in enumerate([*GAMES, *GAMES, "blocks"]):
        player.finish(game, 10 * i, day(i // 4), ms(day(i // 4), "10:00"))
    return player


PLAYER = a_record()
ODD = [float("nan"), float("inf"), 1e999, 2**60, -1, 1.5, "x", True, None, [], {}, "2026-02-30", 10**400]


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON value."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*at, index))
    return found


def changed(text: str, data: st.DataObject) -> str:
    """``text`` with one thing changed: truncated, a value replaced, a key added or removed."""
    how = data.draw(st.sampled_from(["truncate", "replace", "add", "remove"]))
    if how == "truncate":
        return text[: data.draw(st.integers(0, len(text) - 1))]
    value = json.loads(text)
    path = data.draw(st.sampled_from(paths(value)[1:]))
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    if how == "replace":
        parent[path[-1]] = data.draw(st.sampled_from(ODD))
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["extra", "plaied", "Games"]))] = 1
    elif how == "add" and isinstance(parent, list):
        parent.append(parent[-1] if parent else 1)
    else:
        del parent[path[-1]]
    return json.dumps(value, allow_nan=True)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_corrupt_records_raise_only_notation_errors(data: st.DataObject) -> None:
    text = changed(PLAYER.record or "", data)
    club = Session()
    now = ms(day(5))
    try:
        loaded = record.load(text)
    except NotationError:
        for call in (club.home, club.stats, club.check):
            try:
                call({"record": text, "now": now})
            except NotationError as error:
                assert error.field == "record"
            else:
                raise AssertionError("a record that does not load answered")
        return
    club.home({"record": text, "now": now})  # what loads, draws
    club.stats({"record": text, "now": now})
    assert record.load(record.dump(loaded)) == loaded


@settings(max_examples=200, deadline=None)
@given(data=st.data(), game=st.sampled_from(GAMES))
def test_corrupt_replays_raise_only_notation_errors(data: st.DataObject, game: str) -> None:
    text = changed(PLAYER.replays[game] or "", data)
    try:
        entries = replays.load(text, game)
    except NotationError:
        try:
            Session().replays({"replays": text})
        except NotationError as error:
            assert error.field in ("replays", "game")
        else:
            raise AssertionError("replays that do not load answered")
        return
    assert replays.load(replays.dump(game, entries), game) == entries
    Session().replays({"replays": text})
