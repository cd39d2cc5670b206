"""Streak freezes (``club.daily.freeze``, docs/daily-club.md "Freezes"): one earned for every 7
consecutive counted days, at most 2 held, each spent on a missed day; read from the record alone."""

from __future__ import annotations

import datetime

import pytest
from club.daily import freeze
from daily.clubtime import Player, ms

START = datetime.date(2026, 11, 1)


def day(n: int) -> str:
    return (START + datetime.timedelta(days=n)).isoformat()


def runs(*spans: tuple[int, int]) -> list[int]:
    return [n for first, last in spans for n in range(first, last + 1)]


# (what, counted day numbers, today's number) -> (streak, best, held, frozen day numbers)
FREEZE_TABLE: list[tuple[str, list[int], int, tuple[int, int, int, list[int]]]] = [
    ("no days", [], 5, (0, 0, 0, [])),
    ("six days earn nothing: a missed day ends it", runs((0, 5)), 7, (0, 6, 0, [])),
    ("six days, today still open", runs((0, 5)), 6, (6, 6, 0, [])),
    ("seven days earn one", runs((0, 6)), 7, (7, 7, 1, [])),
    ("the one earned keeps a missed day", runs((0, 6)), 8, (7, 7, 0, [7])),
    ("a second missed day ends it", runs((0, 6)), 9, (0, 7, 0, [])),
    ("a frozen day joins the days after it, and adds none", runs((0, 6), (8, 10)), 11, (10, 10, 0, [7])),
    ("fourteen days earn two", runs((0, 13)), 14, (14, 14, 2, [])),
    ("two held keep two missed days", runs((0, 13), (16, 16)), 17, (15, 15, 0, [14, 15])),
    ("three missed days with two held: both spent, the streak ended", runs((0, 13), (17, 17)), 18, (1, 14, 0, [])),
    ("at most two held: 21 days hold two", runs((0, 20)), 21, (21, 21, 2, [])),
    ("a frozen day starts the count of 7 again", runs((0, 6), (8, 13)), 14, (13, 13, 0, [7])),
    ("...and 7 after it earn one more", runs((0, 6), (8, 14)), 15, (14, 14, 1, [7])),
    ("a held freeze carried over a frozen day", runs((0, 13), (15, 15)), 16, (15, 15, 1, [14])),
    ("an ended streak's freezes are gone", runs((0, 6), (10, 10)), 11, (1, 7, 0, [])),
    ("the best streak counts frozen chains", runs((0, 6), (8, 12)), 30, (0, 12, 0, [])),
    ("a clock moved back before the last day: the streak stands", runs((0, 9)), 4, (10, 10, 1, [])),
]


@pytest.mark.parametrize(("name", "numbers", "today", "expected"), FREEZE_TABLE, ids=[row[0] for row in FREEZE_TABLE])
def test_freezes(name: str, numbers: list[int], today: int, expected: tuple[int, int, int, list[int]]) -> None:
    streak, best, held, frozen = expected
    got = freeze.protect([(day(n), day(n)) for n in numbers], day(today))
    assert (got.streak, got.best, got.held, got.used) == (streak, best, held, [day(n) for n in frozen])


def test_the_summary_and_stats_say_when_a_freeze_was_used() -> None:
    player = Player()
    for n in range(7):
        s = player.finish("blocks", 10 + n, day(n), ms(day(n), "10:00"))
    assert (s["streak"], s["freezes"], s["freezes_used"]) == (7, 1, 0)
    s = player.finish("blocks", 50, day(8), ms(day(8), "10:00"))  # day 7 missed: the freeze kept the streak
    assert (s["counted"], s["streak"], s["freezes"], s["freezes_used"]) == (True, 8, 0, 1)
    mine = player.stats(ms(day(8), "11:00"))["games"]["blocks"]
    assert (mine["streak"], mine["best_streak"], mine["freezes"]) == (8, 8, {"held": 0, "used": [day(7)]})
    assert player.home(ms(day(9), "11:00"))["games"]["blocks"]["streak"] == 8  # alive all the next day
    assert player.home(ms(day(10), "11:00"))["games"]["blocks"]["streak"] == 0  # day 9 missed, none held
