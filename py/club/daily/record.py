"""The club record: everything the Daily Club remembers, in one
stored text (``6e-club/v1/club/record``, envelope ``save.dump("club",
"record", data)``).

Per game: the counted daily results by date (at most ``MAX_DAYS``, oldest
dropped), the last ``MAX_RUNS`` finished runs, games played, dailies counted,
the personal best and each time it rose (at most ``MAX_BESTS``), and the
streak spans with the best streak. For the Club: the spans of days on which
all four dailies counted, its best streak and the number of such days.

A **counted** daily is the first finished run of a game's daily for a date,
finished on that date or the next UTC day, that the game says could still set
a personal best; any other finished daily run is **practice**, and the
record keeps why (``why``): the game's own reason (``"training"``: help such
as an undo was used, bowls W21), ``CLOCK`` (the clock was impossible),
``REPEAT`` (the day already counted), ``LATE`` (past the day after) or
``EARLY`` (before its day). A run the game marks can raise no personal best
either, daily or not. Banking never changes a counted result.

**The clock** (``club.daily.clock``) may move back, forward or far, and every
record ``bank`` writes loads again (P8). A date before those already banked is
banked as it is: a daily keeps its own date (a counted one joins the streak
spans where it falls), and a new best is dated by the clock and kept in the
history by date, the points it beats that are dated on or after it dropped (the
history is each date's best so far, so it rises in date order). A run finished
on an impossible clock counts no day (``CLOCK``) and is dated the newest date
the record holds (``latest``): it is played, kept among the last runs, and can
raise the personal best, since its score is the game's.

>>> record = fresh()
>>> out = bank(record, "blocks", 120, "2026-12-02", "2026-12-02")
>>> out.counted, out.practice, out.new_best, out.why
(True, False, True, None)
>>> again = bank(out.record, "blocks", 300, "2026-12-02", "2026-12-02")
>>> again.practice, again.why
(True, 'repeat')
>>> helped = bank(fresh(), "bowls", 900, "2026-12-02", "2026-12-02", "training")
>>> helped.counted, helped.practice, helped.new_best, helped.why, helped.record.games["bowls"].streaks
(False, True, False, 'training', [])
>>> load(dump(out.record)) == out.record
True
>>> load(dump(out.record).replace('"played":1', '"plaied":1'))
Traceback (most recent call last):
...
club.errors.NotationError: played: missing key 'played'
"""

from __future__ import annotations

import bisect
import copy
import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from club import GAMES, calendar, save
from club.daily import days
from club.daily.days import Span
from club.errors import NotationError, count

#: Counted daily results kept per game (more than a year of dailies).
MAX_DAYS = 400
#: Finished runs kept per game for the score history.
MAX_RUNS = 30
#: Points of the personal best's history kept per game.
MAX_BESTS = 100
#: Version 3 keeps the mode of each run (``[score, daily, date, why, mode]``) and
#: each mode's personal bests (``modes``: a domino Sprint's and a Marathon's are
#: not one number); a version 2 record loads with ``mode`` null on every run and
#: no mode bests, a version 1 record also with ``why`` null (``upgrade``).
VERSION = 4
#: Version 4 keeps each game's archive bests (``archive``: the best of each past daily played
#: again from the archive, by date); a version 3 record loads with none (``upgrade``).
#: Past dailies' bests kept per game, newest dates (the archive holds 30 days: more is history).
MAX_ARCHIVE = 60
#: Modes kept per game (domino has two, bowls three): more is no record of a game.
MAX_MODES = 8
#: Why a daily was practice, when the game did not say: its day already
#: counted, it finished after the day after its date, or before its date (a
#: clock set wrong), or on a clock outside the Club's years (``club.daily.clock``).
REPEAT, LATE, EARLY, CLOCK = "repeat", "late", "early", "clock"
#: A reason code: a game's (``Session.practice``) or the record's own.
REASON = re.compile(r"[a-z][a-z0-9-]{0,31}")


@dataclass
class Run:
    """One finished run of the history: its score, whether it was a daily
    (counted or practice), its date (the daily's, else the day it finished)
    and why it was practice or could set no best (None: no reason, or a run
    banked before the record kept reasons), and the game's mode it was played
    in (None: a game of one mode, or a run banked before version 3)."""

    score: int
    daily: bool
    date: str
    why: str | None = None
    mode: str | None = None


@dataclass
class GameRecord:
    """What the Club keeps of one game."""

    played: int = 0  # finished runs
    daily_played: int = 0  # counted dailies
    days: list[tuple[str, int]] = field(default_factory=list)  # counted (date, score), oldest first
    runs: list[Run] = field(default_factory=list)  # oldest first
    best: int | None = None
    bests: list[tuple[str, int]] = field(default_factory=list)  # (date, best) each time it rose
    streaks: list[Span] = field(default_factory=list)  # spans of counted dates, newest last
    best_streak: int = 0
    #: Each mode's personal best as it rose, (date, best), like ``bests`` (the best is the last).
    modes: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: The best of each past daily played from the archive, (date, best), oldest date first:
    #: kept apart from every other best (club.daily.archive).
    archive: list[tuple[str, int]] = field(default_factory=list)

    def score_on(self, date: str) -> int | None:
        """The counted daily score of ``date`` (None: not counted or no longer kept)."""
        at = bisect.bisect_left(self.days, (date, -1))
        return self.days[at][1] if at < len(self.days) and self.days[at][0] == date else None

    def archive_best(self, date: str) -> int | None:
        """The best of ``date``'s daily played from the archive (None: never, or no longer kept)."""
        return dict(self.archive).get(date)


@dataclass
class Record:
    """The whole club record: one ``GameRecord`` per game and the Club streak."""

    games: dict[str, GameRecord]
    club_streaks: list[Span] = field(default_factory=list)
    club_best: int = 0
    club_days: int = 0  # days on which all four dailies counted


@dataclass
class Banked:
    """A record with one more finished run, and what that run was."""

    record: Record
    counted: bool
    practice: bool
    new_best: bool
    why: str | None = None  # why it was practice or could set no best (see the module's note)
    date: str = ""  # the date the run was banked under: the daily's, else the clock's (``latest`` when impossible)
    archive_best: bool = False  # a past daily from the archive that beat that day's archive best


def fresh() -> Record:
    """The record of a player who has finished nothing yet."""
    return Record({game: GameRecord() for game in GAMES})


def bank(record: Record, game: str, score: int, daily: str | None, today: str,
         practice: str | None = None, mode: str | None = None, possible: bool = True,
         archive: bool = False) -> Banked:
    """``record`` with a finished run of ``game`` added (a new record; the
    old one is not changed). ``daily`` is the daily's date (None: no daily),
    ``today`` the UTC date it finished, ``practice`` the game's reason why the
    run can set no personal best (None: it can), ``mode`` the game's mode it
    was played in (None: the game has none), ``archive`` true for a past daily played
    from the archive (practice ``archive``: its best is kept per date, apart), ``possible`` false when the clock
    was outside the Club's years (``today`` is then only the nearest date of
    them: the run counts no day and is dated ``latest(record)``). A run of a
    mode is a new best when it beats its mode's best (``new_best``); ``best``
    stays the best of any run of the game.

    >>> first = bank(fresh(), "merge", 50, "2026-12-01", "2026-12-02")  # begun 23:59, ended 00:01
    >>> first.counted, first.record.games["merge"].streaks
    (True, [['2026-12-01', '2026-12-01']])
    >>> late = bank(fresh(), "merge", 50, "2026-11-30", "2026-12-02")  # too late to count
    >>> late.practice, late.why
    (True, 'late')
    >>> lost = bank(first.record, "merge", 80, "2100-12-31", "2100-12-31", possible=False)  # a clock in 2101
    >>> lost.counted, lost.why, lost.new_best, lost.record.games["merge"].bests
    (False, 'clock', True, [('2026-12-02', 50), ('2026-12-02', 80)])
    """
    new = copy.deepcopy(record)
    games = new.games[game]
    dated = today if possible else latest(record) or today
    why = practice_reason(games, daily, today, practice, possible)
    counted = daily is not None and why is None
    if mode is not None and mode not in games.modes and len(games.modes) >= MAX_MODES:
        raise NotationError("mode", f"a game keeps at most {MAX_MODES} modes")
    mode_bests = games.modes.get(mode, []) if mode is not None else games.bests
    new_best = practice is None and (not mode_bests or score > mode_bests[-1][1])
    games.played += 1
    games.runs = [*games.runs, Run(score, daily is not None, daily or dated, why, mode)][-MAX_RUNS:]
    if practice is None and (games.best is None or score > games.best):
        games.best = score
        games.bests = rise(games.bests, dated, score)
    if new_best and mode is not None:
        games.modes = {**games.modes, mode: rise(mode_bests, dated, score)}
    if counted and daily is not None:
        games.daily_played += 1
        bisect.insort(games.days, (daily, score))
        games.days = games.days[-MAX_DAYS:]
        games.streaks = days.add_day(games.streaks, daily)
        games.best_streak = max(games.best_streak, days.longest(games.streaks))
        if all(other.score_on(daily) is not None for other in new.games.values()):
            new.club_days += 1
            new.club_streaks = days.add_day(new.club_streaks, daily)
            new.club_best = max(new.club_best, days.longest(new.club_streaks))
    archive_best = archive and daily is not None and practice == calendar.ARCHIVE and \
        (games.archive_best(daily) is None or score > (games.archive_best(daily) or 0))
    if archive_best and daily is not None:
        games.archive = sorted({**dict(games.archive), daily: score}.items())[-MAX_ARCHIVE:]
    return Banked(new, counted, daily is not None and not counted, new_best, why, daily or dated, archive_best)


def rise(points: list[tuple[str, int]], date: str, score: int) -> list[tuple[str, int]]:
    """A best's history with a new best ``score`` set on ``date`` (higher than
    every point): each date's best so far, so the points dated on or after
    ``date`` (a clock moved back) are beaten and dropped. A new list, the newest
    ``MAX_BESTS`` kept.

    >>> rise([("2026-12-01", 50), ("2026-12-06", 100)], "2026-12-07", 200)
    [('2026-12-01', 50), ('2026-12-06', 100), ('2026-12-07', 200)]
    >>> rise([("2026-12-01", 50), ("2026-12-06", 100)], "2026-12-05", 200)
    [('2026-12-01', 50), ('2026-12-05', 200)]
    """
    return [*(point for point in points if point[0] <= date), (date, score)][-MAX_BESTS:]


def latest(record: Record) -> str | None:
    """The newest date a believed clock gave the record (a plain run's, a
    counted day's, a best's, a streak's; a daily run's date is its daily's,
    which any link may name), or None for a fresh record: the date of a run
    finished on an impossible clock."""
    dates = [span[1] for span in record.club_streaks]
    for games in record.games.values():
        dates += [run.date for run in games.runs if not run.daily] + [date for date, _ in games.days]
        dates += [date for date, _ in games.bests] + [span[1] for span in games.streaks]
        dates += [date for points in games.modes.values() for date, _ in points]
    return max(dates, default=None)


def practice_reason(games: GameRecord, daily: str | None, today: str, practice: str | None,
                    possible: bool = True) -> str | None:
    """Why a finished run is practice (or, no daily, why it set no best): the
    game's reason first (the run itself could not count), then a daily
    finished on an impossible clock (``CLOCK``), a daily's day already counted
    (``REPEAT``), a daily finished after the day after its date (``LATE``) or
    before its date (``EARLY``); None for a daily that counts, or a plain run.

    >>> [practice_reason(GameRecord(), daily, "2026-12-03", None) for daily in ("2026-12-01", "2026-12-04", None)]
    ['late', 'early', None]
    """
    if practice is not None:
        return practice
    if daily is None:
        return None
    if not possible:
        return CLOCK
    if games.score_on(daily) is not None:
        return REPEAT
    waited = calendar.days_between(daily, today)
    return LATE if waited > 1 else EARLY if waited < 0 else None


def read_reason(value: object, name: str = "practice") -> str:
    """A reason code (``REASON``), else ``NotationError(name)``.

    >>> read_reason("training")
    'training'
    >>> read_reason("Undo used!")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: practice: a reason is a short code of a-z, 0-9 and -
    """
    if not isinstance(value, str) or not REASON.fullmatch(value):
        raise NotationError(name, "a reason is a short code of a-z, 0-9 and -")
    return value


# ----- stored text ---------------------------------------------------------------------
def dump(record: Record) -> str:
    """The record as stored text (the versioned envelope)."""
    return save.dump("club", "record", {
        "games": {game: _dump_game(record.games[game]) for game in GAMES},
        "club": {"streaks": record.club_streaks, "best_streak": record.club_best, "days": record.club_days},
    }, VERSION)


def load(text: object) -> Record:
    """Read stored text strictly: every field typed and bounded, no key
    missing or unknown, dates real and in order; else ``NotationError``."""
    data = save.load(text, "club", "record", VERSION, upgrade)
    save.keys(data, "record", {"games", "club"})
    games = save.field(data, "games", dict)
    save.keys(games, "games", set(GAMES))
    club = save.field(data, "club", dict)
    save.keys(club, "club", {"streaks", "best_streak", "days"})
    club_streaks = _spans(club.get("streaks"), "club.streaks")
    club_best = save.counter(club, "best_streak")
    club_days = save.counter(club, "days")
    if club_best < days.longest(club_streaks) or club_days < sum(days.length(s) for s in club_streaks):
        raise NotationError("club", "the club's streaks exceed its best streak or days")
    return Record({game: _load_game(save.field(games, game, dict)) for game in GAMES},
                  club_streaks, club_best, club_days)


def upgrade(version: int, data: dict[str, Any]) -> dict[str, Any]:
    """Record ``data`` of ``version`` one version on: version 3 kept no archive bests, so
    each game gets none; version 1 kept no
    reason, so each run of every game gets ``why`` null (what was practice
    then stays practice: the counted days and streaks are kept as they are);
    version 2 kept no mode, so each run gets ``mode`` null and each game no
    mode bests (its ``best`` and ``bests`` stay: the best of any run, as
    they were). Anything malformed is left for ``load`` to refuse.

    >>> upgrade(1, {"games": {"blocks": {"runs": [[5, True, "2026-12-01"]]}}})["games"]["blocks"]["runs"]
    [[5, True, '2026-12-01', None]]
    >>> upgrade(2, {"games": {"domino": {"runs": [[5, True, "2026-12-01", None]]}}})["games"]["domino"]
    {'runs': [[5, True, '2026-12-01', None, None]], 'modes': {}}
    >>> upgrade(3, {"games": {"merge": {"runs": []}}})["games"]["merge"]
    {'runs': [], 'archive': []}
    """
    games = data.get("games")
    if version not in (1, 2, 3) or not isinstance(games, dict):
        return data
    out = copy.deepcopy(data)
    for game in out["games"].values():
        if not isinstance(game, dict):
            continue
        if version == 3:
            game.setdefault("archive", [])
            continue
        runs = game.get("runs")
        if isinstance(runs, list):
            game["runs"] = [[*run, None] if isinstance(run, list) else run for run in runs]
        if version == 2:
            game.setdefault("modes", {})
    return out


def _dump_game(games: GameRecord) -> dict[str, Any]:
    return {
        "played": games.played, "daily_played": games.daily_played,
        "days": [list(day) for day in games.days],
        "runs": [[run.score, run.daily, run.date, run.why, run.mode] for run in games.runs],
        "best": games.best, "bests": [list(point) for point in games.bests],
        "streaks": games.streaks, "best_streak": games.best_streak,
        "modes": {mode: [list(point) for point in points] for mode, points in games.modes.items()},
        "archive": [list(point) for point in games.archive],
    }


def _load_game(data: dict[str, Any]) -> GameRecord:
    save.keys(data, "game", {"played", "daily_played", "days", "runs", "best", "bests", "streaks", "best_streak", "modes",
                             "archive"})
    played, daily_played = save.counter(data, "played"), save.counter(data, "daily_played")
    counted = [read_point(item, "days") for item in _items(data.get("days"), "days", MAX_DAYS)]
    if any(a[0] >= b[0] for a, b in itertools.pairwise(counted)):
        raise NotationError("days", "days must be in date order, each once")
    runs = [read_run(item) for item in _items(data.get("runs"), "runs", MAX_RUNS)]
    best = None if data.get("best") is None else save.counter(data, "best")
    bests = _bests(data.get("bests"), "bests")
    if best != (bests[-1][1] if bests else None):
        raise NotationError("best", "best must be the last of bests")
    streaks = _spans(data.get("streaks"), "streaks")
    best_streak = save.counter(data, "best_streak")
    if best_streak < days.longest(streaks):
        raise NotationError("best_streak", "best_streak is shorter than a streak")
    if not len(counted) <= daily_played <= played or len(runs) > played:
        raise NotationError("played", "played must count every run and counted daily")
    modes = save.field(data, "modes", dict)
    if len(modes) > MAX_MODES:
        raise NotationError("modes", f"a game keeps at most {MAX_MODES} modes")
    mode_bests = {read_reason(mode, "modes"): _bests(points, "modes") for mode, points in modes.items()}
    if any(not points for points in mode_bests.values()):
        raise NotationError("modes", "a mode is kept with its first best")
    archive = [read_point(item, "archive") for item in _items(data.get("archive"), "archive", MAX_ARCHIVE)]
    if any(a[0] >= b[0] for a, b in itertools.pairwise(archive)):
        raise NotationError("archive", "archive bests must be in date order, each once")
    return GameRecord(played, daily_played, counted, runs, best, bests, streaks, best_streak, mode_bests, archive)


def _bests(value: object, name: str) -> list[tuple[str, int]]:
    """A personal best's history: [date, best] points rising in date order."""
    bests = [read_point(item, name) for item in _items(value, name, MAX_BESTS)]
    if any(a[0] > b[0] or a[1] >= b[1] for a, b in itertools.pairwise(bests)):
        raise NotationError(name, f"{name} must rise in date order")
    return bests


def _items(value: object, name: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise NotationError(name, f"{name} must be a list of at most {most}")
    return value


def _date(value: object, name: str) -> str:
    return calendar.read_date(value, name)


def read_point(item: object, name: str) -> tuple[str, int]:
    """One ``[date, score]`` of a list of ``name`` (a counted day, a best's point)."""
    if not isinstance(item, list) or len(item) != 2:
        raise NotationError(name, f"each of {name} must be [date, score]")
    return _date(item[0], name), count(item[1], name)


def read_run(item: object) -> Run:
    """One ``[score, daily, date, why, mode]`` of the last runs."""
    if not isinstance(item, list) or len(item) != 5 or not isinstance(item[1], bool):
        raise NotationError("runs", "each run must be [score, daily, date, why, mode]")
    why = None if item[3] is None else read_reason(item[3], "runs")
    mode = None if item[4] is None else read_reason(item[4], "runs")
    return Run(count(item[0], "runs"), item[1], _date(item[2], "runs"), why, mode)


def _spans(value: object, name: str) -> list[Span]:
    spans: list[Span] = []
    for item in _items(value, name, days.SPANS):
        if not isinstance(item, list) or len(item) != 2:
            raise NotationError(name, f"each of {name} must be [first, last]")
        first, last = _date(item[0], name), _date(item[1], name)
        if calendar.days_between(first, last) < 0 or (spans and calendar.days_between(spans[-1][1], first) < 2):
            raise NotationError(name, f"{name} must be separate spans in date order")
        spans.append([first, last])
    return spans
