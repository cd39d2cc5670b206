"""A club record that does not load, repaired: what still reads is kept (P8).

``record.load`` is strict, and a record it refuses was set aside whole: one bad
day cost the player every streak, best and stat. ``repair`` reads the same
text leniently instead, item by item, with the strict readers of
``club.daily.record``: every day, run, best, streak span and mode best that
reads is kept, the rest dropped, and the numbers that must agree are made to
(a best streak no shorter than a kept span, ``played`` no fewer than the runs
kept, a best's history rising in date order, the best its last point). What it
answers always loads again. Text that is no club record at all (not JSON, not
the club's envelope, a newer version) is not repaired: ``NotationError``.

>>> import json
>>> from club.daily.record import bank, dump, fresh, load
>>> stored = json.loads(dump(bank(bank(fresh(), "blocks", 5, "2026-12-01", "2026-12-01").record,
...                               "blocks", 7, "2026-12-02", "2026-12-02").record))
>>> stored["data"]["games"]["blocks"]["days"][0] = ["2026-13-01", 5]  # one bad day
>>> mended, dropped = repair(json.dumps(stored))
>>> dropped
['blocks.days']
>>> games = mended.games["blocks"]
>>> games.days, games.streaks, games.best_streak, games.best
([('2026-12-02', 7)], [['2026-12-01', '2026-12-02']], 2, 7)
>>> load(dump(mended)) == mended
True
>>> repair("{not json")
Traceback (most recent call last):
...
club.errors.NotationError: record: record is not JSON
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from club import GAMES, calendar, save
from club.daily import days
from club.daily import record as records
from club.daily.days import Span
from club.daily.record import GameRecord, Record
from club.errors import NotationError

T = TypeVar("T")
#: A game record's keys, as ``record.load`` asks for them.
GAME_KEYS = ("played", "daily_played", "days", "runs", "best", "bests", "streaks", "best_streak", "modes", "archive")


def repair(text: object) -> tuple[Record, list[str]]:
    """The record ``text`` holds, with what does not read dropped, and the names
    of what was dropped or changed (``blocks.days``, ``club.streaks``...; empty
    when the text loads as it is)."""
    data = save.load(text, "club", "record", records.VERSION, records.upgrade)
    dropped: list[str] = []
    games = _dict(data.get("games"), "games", dropped)
    club = _dict(data.get("club"), "club", dropped)
    _unknown(data, {"games", "club"}, "record", dropped)
    _unknown(games, set(GAMES), "games", dropped)
    _unknown(club, {"streaks", "best_streak", "days"}, "club", dropped)
    mended = Record({game: _game(games.get(game), game, dropped) for game in GAMES})
    mended.club_streaks = _spans(club.get("streaks"), "club.streaks", dropped)
    mended.club_best = _least(club, "best_streak", days.longest(mended.club_streaks), "club", dropped)
    mended.club_days = _least(club, "days", sum(days.length(s) for s in mended.club_streaks), "club", dropped)
    return mended, sorted(set(dropped))


def _game(value: object, game: str, dropped: list[str]) -> GameRecord:
    if not isinstance(value, dict):
        dropped.append(game)
        return GameRecord()
    data: dict[str, Any] = value
    _unknown(data, set(GAME_KEYS), game, dropped)
    name = f"{game}.%s"
    counted = _items(data.get("days"), lambda item: records.read_point(item, "days"), name % "days", dropped)
    by_date = dict(sorted(counted, reverse=True))  # one result per date: the lowest, never a result raised
    kept_days = sorted(by_date.items())[-records.MAX_DAYS:]
    if kept_days != counted:
        dropped.append(name % "days")
    runs = _items(data.get("runs"), records.read_run, name % "runs", dropped)[-records.MAX_RUNS:]
    streaks = _spans(data.get("streaks"), name % "streaks", dropped)
    modes = _modes(data.get("modes"), name % "modes", dropped)
    dates = [date for date, _ in kept_days] + [run.date for run in runs] + [span[1] for span in streaks]
    bests = _best(data, _history(data.get("bests"), name % "bests", dropped), max(dates, default=None),
                  name % "best", dropped)
    best_streak = _least(data, "best_streak", days.longest(streaks), game, dropped)
    daily_played = _least(data, "daily_played", len(kept_days), game, dropped)
    played = _least(data, "played", max(daily_played, len(runs)), game, dropped)
    best = bests[-1][1] if bests else None
    archive = _archive(data.get("archive"), name % "archive", dropped)
    return GameRecord(played, daily_played, kept_days, runs, best, bests, streaks, best_streak, modes, archive)


def _archive(value: object, name: str, dropped: list[str]) -> list[tuple[str, int]]:
    """The archive bests that read: one per date (the lowest: never a best raised), the newest kept."""
    points = _items(value, lambda item: records.read_point(item, name), name, dropped)
    kept = sorted(dict(sorted(points, reverse=True)).items())[-records.MAX_ARCHIVE:]
    if kept != points:
        dropped.append(name)
    return kept


def _best(data: dict[str, Any], bests: list[tuple[str, int]], newest: str | None, name: str,
          dropped: list[str]) -> list[tuple[str, int]]:
    """The best's history, its last point the best: a stored best above the history's
    (its points lost) is kept dated the game's newest date, or the last point's."""
    try:
        best = None if data.get("best") is None else save.counter(data, "best")
    except NotationError:
        best = None
    last = bests[-1] if bests else None
    if best == (last[1] if last else None):
        return bests
    dropped.append(name)
    date = max(filter(None, [newest, last[0] if last else None]), default=None)
    if best is None or date is None or (last is not None and best < last[1]):
        return bests
    return records.rise(bests, date, best)


def _history(value: object, name: str, dropped: list[str]) -> list[tuple[str, int]]:
    """A best's history: the points that read, by date, each higher than the ones before."""
    points = _items(value, lambda item: records.read_point(item, name), name, dropped)
    rising: list[tuple[str, int]] = []
    for point in sorted(points, key=lambda p: p[0]):
        if not rising or point[1] > rising[-1][1]:
            rising.append(point)
    if rising[-records.MAX_BESTS:] != points:
        dropped.append(name)
    return rising[-records.MAX_BESTS:]


def _modes(value: object, name: str, dropped: list[str]) -> dict[str, list[tuple[str, int]]]:
    modes: dict[str, list[tuple[str, int]]] = {}
    for mode, points in _dict(value, name, dropped).items():
        try:
            records.read_reason(mode, name)
        except NotationError:
            dropped.append(name)
            continue
        history = _history(points, name, dropped)
        if history and len(modes) < records.MAX_MODES:
            modes[mode] = history
        else:
            dropped.append(name)
    return modes


def _spans(value: object, name: str, dropped: list[str]) -> list[Span]:
    """Streak spans: those that read, joined where they touch, the newest ``days.SPANS``."""
    spans = _items(value, lambda item: _span(item, name), name, dropped)
    merged: list[Span] = []
    for first, last in sorted(spans):
        if merged and days.ordinal(first) <= days.ordinal(merged[-1][1]) + 1:
            merged[-1] = [merged[-1][0], max(merged[-1][1], last)]
        else:
            merged.append([first, last])
    if merged[-days.SPANS:] != spans:
        dropped.append(name)
    return merged[-days.SPANS:]


def _span(item: object, name: str) -> Span:
    if not isinstance(item, list) or len(item) != 2:
        raise NotationError(name, f"each of {name} must be [first, last]")
    first, last = calendar.read_date(item[0], name), calendar.read_date(item[1], name)
    if first > last:
        raise NotationError(name, f"{name} must end after it begins")
    return [first, last]


def _least(data: dict[str, Any], key: str, least: int, name: str, dropped: list[str]) -> int:
    """A counter, no less than ``least`` (what the kept lists prove); a bad one is ``least``."""
    try:
        value = save.counter(data, key)
    except NotationError:
        value = -1
    if value < least:
        dropped.append(f"{name}.{key}")
    return max(value, least)


def _items(value: object, read: Callable[[object], T], name: str, dropped: list[str]) -> list[T]:
    """The items of a list that ``read`` reads (none when it is no list)."""
    if not isinstance(value, list):
        dropped.append(name)
        return []
    out: list[T] = []
    for item in value:
        try:
            out.append(read(item))
        except NotationError:
            dropped.append(name)
    return out


def _dict(value: object, name: str, dropped: list[str]) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    dropped.append(name)
    return {}


def _unknown(data: dict[str, Any], known: set[str], name: str, dropped: list[str]) -> None:
    if data.keys() - known:
        dropped.append(name)


__all__ = ["repair"]
