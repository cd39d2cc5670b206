"""The shapes of the club service's answers, one ``TypedDict``
each, so the page's JSDoc reads them as ``Daily.<Name>`` (tools/viewtypes.py).

>>> sorted(Summary.__annotations__)[2:6]
['best_streak', 'club_streak', 'club_today', 'counted']
"""

from __future__ import annotations

from typing import TypedDict


class DailyLink(TypedDict):
    """How to open a game's daily: the challenge query ``daily=YYYY-MM-DD``."""

    query: str


class Today(TypedDict):
    """Today's UTC date, the ms until the next UTC midnight and each game's daily."""

    date: str
    next_ms: int
    games: dict[str, DailyLink]


class Summary(TypedDict):
    """What banking one finished run made of it (the end card's daily line)."""

    game: str
    date: str | None  # the daily's date; None for a run that is no daily
    daily: bool
    counted: bool  # the day's result of that daily
    practice: bool  # a daily that does not count: the game's reason, its day already counted, or off its day
    #: Why it is practice, or (no daily) why it set no best: the game's code ("training": help used),
    #: "repeat", "late" or "early"; None: a counted daily, or a plain run.
    why: str | None
    streak: int
    best_streak: int
    club_streak: int
    club_today: int  # dailies counted today, 0-4
    new_best: bool
    kept: bool  # its replay code was kept
    freezes: int  # streak freezes held now (club.daily.freeze)
    freezes_used: int  # missed days a freeze kept in the game's current streak (0: none)
    archive: bool  # a past daily played from the archive (practice "archive")
    archive_best: bool  # ...that beat that day's archive best (kept apart from every other best)


class Banked(TypedDict):
    """The new stored texts and the summary of one finished run."""

    record: str
    replays: str
    summary: Summary


class Repaired(TypedDict):
    """A club record repaired: its new text and what was dropped or changed (``blocks.days``...)."""

    record: str
    dropped: list[str]


class HomeGame(TypedDict):
    """One game on the Daily Club card."""

    done: bool  # today's daily is counted
    score: int | None  # its counted score
    streak: int
    query: str


class ClubLine(TypedDict):
    """The Club streak: days on which all four dailies counted."""

    streak: int
    best_streak: int
    today: int  # dailies counted today, 0-4


class Home(TypedDict):
    """The home screen's Daily Club card."""

    date: str
    next_ms: int
    games: dict[str, HomeGame]
    club: ClubLine


class RunPoint(TypedDict):
    """One finished run in the score history (oldest first)."""

    score: int
    daily: bool
    date: str  # the daily's date, or the UTC date the run finished
    why: str | None  # why it was practice or set no best (None: none, or banked before reasons were kept)
    mode: str | None  # the game's mode (None: a game of one mode, or banked before modes were kept)


class Bucket(TypedDict):
    """Counted daily scores ``low <= score <= high``."""

    low: int
    high: int
    count: int


class BestPoint(TypedDict):
    """The personal best as it rose: the UTC date and the new best."""

    date: str
    best: int


class ModeStats(TypedDict):
    """One mode of a game of modes: its personal best and how it rose (oldest first)."""

    mode: str
    best: int
    bests: list[BestPoint]


class Freezes(TypedDict):
    """A streak's freezes (club.daily.freeze): how many are held, and the days they kept in the current streak."""

    held: int
    used: list[str]


class GameStats(TypedDict):
    """A game's numbers and chart data on the stats page."""

    played: int  # finished runs
    daily_played: int  # counted dailies
    streak: int
    best_streak: int
    freezes: Freezes
    best: int | None
    last: list[RunPoint]
    distribution: list[Bucket]
    bests: list[BestPoint]
    modes: list[ModeStats]  # each mode's bests (by name; none: a game of one mode, or no run since they were kept)


class ClubStats(TypedDict):
    """The Club streak on the stats page and the days all four counted."""

    streak: int
    best_streak: int
    days: int
    freezes: Freezes


class Stats(TypedDict):
    """The stats page."""

    games: dict[str, GameStats]
    club: ClubStats


class ReplayEntry(TypedDict):
    """One kept replay: its code, final score, date and whether it set a best."""

    code: str
    score: int
    date: str
    pb: bool


class ReplayList(TypedDict):
    """A game's kept replays, newest first."""

    list: list[ReplayEntry]


class ArchiveGame(TypedDict):
    """One game's past daily of one date: its counted score (played on its day) and its archive best."""

    score: int | None
    best: int | None


class ArchiveDay(TypedDict):
    """One date of the archive, each game's daily of it."""

    date: str
    games: dict[str, ArchiveGame]


class Archive(TypedDict):
    """The archive page: today's date and the past dailies open, newest first."""

    date: str
    days: list[ArchiveDay]


class ArchiveOpenPayload(TypedDict):
    """The game's ``new`` payload of a past daily played from the archive."""

    daily: str
    archive: bool


class ArchiveOpen(TypedDict):
    """A past daily opened from the archive: its date, the ``new`` payload and its deal's link."""

    date: str
    payload: ArchiveOpenPayload
    link: str
