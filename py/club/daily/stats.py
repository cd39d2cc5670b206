"""Streaks, the distribution of daily scores and the home and stats answers
of the club record. ``today`` is the UTC date the page asks on.

The distribution has ``BUCKETS`` equal-width buckets of whole scores from 0:
the width is the smallest "nice" number (1, 2 or 5 times a power of ten)
with which the buckets reach the best counted daily score, so the top bucket
holds it. With no counted daily, or only scores of 0, the width is 1
(buckets 0, 1, ... 5, everything in the first).

>>> [(b["low"], b["high"], b["count"]) for b in distribution([0, 7, 45, 59])]
[(0, 9, 2), (10, 19, 0), (20, 29, 0), (30, 39, 0), (40, 49, 1), (50, 59, 1)]
>>> [b["high"] for b in distribution([])]
[0, 1, 2, 3, 4, 5]
>>> home(fresh(), "2026-12-02")["club"]
{'streak': 0, 'best_streak': 0, 'today': 0}
"""

from __future__ import annotations

from club import GAMES
from club.daily import freeze
from club.daily.record import GameRecord, Record, fresh
from club.daily.views import Bucket, ClubLine, Freezes, GameStats, Home, HomeGame, ModeStats, Stats

__all__ = ["BUCKETS", "club_protected", "club_today", "distribution", "fresh", "game_stats", "home", "protected", "stats",
           "width"]

BUCKETS = 6


def width(top: int) -> int:
    """The bucket width for scores up to ``top``: the smallest 1, 2 or 5 times
    a power of ten with ``BUCKETS * width > top``.

    >>> width(0), width(5), width(6), width(59), width(60), width(1000)
    (1, 1, 2, 10, 20, 200)
    """
    scale = 1
    while True:
        for step in (1, 2, 5):
            if BUCKETS * step * scale > top:
                return step * scale
        scale *= 10


def distribution(scores: list[int]) -> list[Bucket]:
    """Counted daily scores in ``BUCKETS`` buckets (see the module's note)."""
    size = width(max(scores, default=0))
    counts = [0] * BUCKETS
    for score in scores:
        counts[score // size] += 1
    return [{"low": i * size, "high": (i + 1) * size - 1, "count": counts[i]} for i in range(BUCKETS)]


def club_today(record: Record, today: str) -> int:
    """How many of the four dailies of ``today`` counted (0-4)."""
    return sum(games.score_on(today) is not None for games in record.games.values())


def protected(games: GameRecord, today: str) -> freeze.Protected:
    """A game's streak on ``today`` with the freezes it earned (``club.daily.freeze``): its counted dates
    and its streak spans (which outlive the bounded list of days)."""
    return freeze.protect(freeze.of_dates((date for date, _ in games.days), games.streaks), today)


def club_protected(record: Record, today: str) -> freeze.Protected:
    """The Club streak with its freezes: the dates on which all four dailies counted, and its spans."""
    dates = set.intersection(*({date for date, _ in games.days} for games in record.games.values()))
    return freeze.protect(freeze.of_dates(dates, record.club_streaks), today)


def freezes(streak: freeze.Protected) -> Freezes:
    """What the stats page says of a streak's freezes: how many are held, the days they kept."""
    return {"held": streak.held, "used": streak.used}


def club_line(record: Record, today: str) -> ClubLine:
    """The Club streak, its best and today's count."""
    club = club_protected(record, today)
    return {"streak": club.streak, "best_streak": max(record.club_best, club.best),
            "today": club_today(record, today)}


def home(record: Record, today: str, next_ms: int = 0) -> Home:
    """The Daily Club card: each game's daily of ``today`` (done, score,
    streak, link) and the Club line; ``next_ms`` until the next UTC day."""
    games: dict[str, HomeGame] = {}
    for game in GAMES:
        score = record.games[game].score_on(today)
        games[game] = {"done": score is not None, "score": score,
                       "streak": protected(record.games[game], today).streak, "query": f"daily={today}"}
    return {"date": today, "next_ms": next_ms, "games": games, "club": club_line(record, today)}


def game_stats(games: GameRecord, today: str) -> GameStats:
    """One game's numbers and chart data.

    >>> game_stats(GameRecord(), "2026-12-02")["best"] is None
    True
    """
    streak = protected(games, today)
    return {
        "played": games.played, "daily_played": games.daily_played,
        "streak": streak.streak, "best_streak": max(games.best_streak, streak.best), "freezes": freezes(streak),
        "best": games.best,
        "last": [{"score": run.score, "daily": run.daily, "date": run.date, "why": run.why, "mode": run.mode}
                 for run in games.runs],
        "distribution": distribution([score for _, score in games.days]),
        "bests": [{"date": date, "best": best} for date, best in games.bests],
        "modes": [mode_stats(mode, points) for mode, points in sorted(games.modes.items())],
    }


def mode_stats(mode: str, points: list[tuple[str, int]]) -> ModeStats:
    """One mode's best (the last point of its history) and its history."""
    return {"mode": mode, "best": points[-1][1], "bests": [{"date": date, "best": best} for date, best in points]}


def stats(record: Record, today: str) -> Stats:
    """The stats page: every game's numbers and the Club's."""
    club = club_protected(record, today)
    return {"games": {game: game_stats(record.games[game], today) for game in GAMES},
            "club": {"streak": club.streak, "best_streak": max(record.club_best, club.best),
                     "days": record.club_days, "freezes": freezes(club)}}
