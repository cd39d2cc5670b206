"""Dates as the club record counts them: ``YYYY-MM-DD`` text of UTC days
(``club.calendar`` says what a date and today are; this module only counts).

A streak is a run of consecutive dates, kept as ``[first, last]`` spans.

>>> ordinal("2026-12-02") - ordinal("2026-11-30")
2
>>> add_day([["2026-11-28", "2026-11-29"]], "2026-11-30")
[['2026-11-28', '2026-11-30']]
>>> add_day([["2026-11-28", "2026-11-28"], ["2026-11-30", "2026-11-30"]], "2026-11-29")
[['2026-11-28', '2026-11-30']]
>>> add_day([["2026-11-28", "2026-11-28"]], "2026-12-01")
[['2026-11-28', '2026-11-28'], ['2026-12-01', '2026-12-01']]
"""

from __future__ import annotations

import datetime

from club import calendar

#: Spans kept per streak: the current one and the one before it (a daily of
#: yesterday counted after today's can join them; older spans only matter for
#: the best streak, which is kept as a number).
SPANS = 2

Span = list[str]
#: Day 0 of ``ordinal``.
EPOCH = "1970-01-01"


def ordinal(date: str) -> int:
    """The day number of a valid date (``calendar.is_date``)."""
    return calendar.days_between(EPOCH, date)


def length(span: Span) -> int:
    """Days in a span.

    >>> length(["2026-12-01", "2026-12-03"])
    3
    """
    return ordinal(span[1]) - ordinal(span[0]) + 1


def add_day(spans: list[Span], date: str) -> list[Span]:
    """The spans with ``date`` added: joined to a span it touches, merged when
    it fills a gap, only the newest ``SPANS`` kept (a new list)."""
    day = ordinal(date)
    merged: list[list[int]] = []
    for first, last in sorted([[ordinal(a), ordinal(b)] for a, b in spans] + [[day, day]]):
        if merged and first <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    return [[_text(a), _text(b)] for a, b in merged[-SPANS:]]


def current(spans: list[Span], today: str) -> int:
    """The current streak: the longest span not yet ended on ``today``. A span
    ends once the day after its last date has passed, so a daily finished at
    23:59 keeps it alive all the next day; a clock moved back before a counted
    date ends none (the streak never breaks because the clock went back, and
    the spans a clock set ahead made never hide the streak of the true days).

    >>> current([["2026-11-30", "2026-12-01"]], "2026-12-02")
    2
    >>> current([["2026-11-30", "2026-12-01"]], "2026-12-03")
    0
    >>> current([], "2026-12-03")
    0
    >>> current([["2026-11-20", "2026-11-21"], ["2026-12-04", "2026-12-06"]], "2026-12-05")  # the clock went back
    3
    >>> current([["2026-12-01", "2026-12-06"], ["2030-05-05", "2030-05-05"]], "2026-12-07")  # a day of a clock ahead
    6
    """
    day = ordinal(today)
    return max((length(span) for span in spans if day <= ordinal(span[1]) + 1), default=0)


def longest(spans: list[Span]) -> int:
    """The longest span's length (0 for none).

    >>> longest([["2026-11-01", "2026-11-04"], ["2026-11-30", "2026-12-01"]])
    4
    """
    return max((length(span) for span in spans), default=0)


def text(day: int) -> str:
    """The date of a day number (``ordinal``'s inverse).

    >>> text(ordinal("2026-12-02"))
    '2026-12-02'
    """
    return _text(day)


def _text(day: int) -> str:
    return (datetime.date.fromisoformat(EPOCH) + datetime.timedelta(days=day)).isoformat()
