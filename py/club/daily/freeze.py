"""Streak freezes: protection that is earned, never sold (docs/daily-club.md, "Freezes").

The rule, read from the counted dates alone (nothing stored, so no record
changes and every record, old ones too, answers the same):

- every ``EARN`` = 7 consecutive counted days (the 7th, 14th, ... day of an
  unbroken run of counted dates) earn one freeze; at most ``MOST`` = 2 are held,
  one earned beyond them is not kept;
- a missed day after a counted day (a day that ended without the daily counting)
  spends one held freeze: the streak goes on, the day is *frozen* (it adds no day
  to the streak, and a run of consecutive days starts again after it);
- a missed day with no freeze held ends the streak (the freezes were all spent on
  the days before it); a new streak starts with none held;
- today is never missed while it lasts: a freeze is spent on a day only once it is over.

The streak is the counted days of the current chain (counted days joined by
frozen ones); the best streak the longest chain. ``walk`` reads the dates as
spans, so a long record is a few steps, not a step per day.

>>> spans = [("2026-11-01", "2026-11-07"), ("2026-11-09", "2026-11-10")]
>>> protect(spans, "2026-11-11")  # 7 days earn one freeze, spent on 8 Nov
Protected(streak=9, best=9, held=0, used=['2026-11-08'])
>>> protect(spans, "2026-11-12").streak  # 11 Nov missed, no freeze left: the streak ended
0
>>> protect([("2026-11-01", "2026-11-06"), ("2026-11-08", "2026-11-08")], "2026-11-09").streak  # 6 days earn none
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from club.daily import days

#: Consecutive counted days that earn one freeze, and the most held at once.
EARN, MOST = 7, 2


@dataclass
class Chain:
    """Counted days joined by frozen ones: day numbers (``days.ordinal``)."""

    first: int
    last: int
    counted: int
    held: int  # freezes held after its last counted day
    frozen: list[int] = field(default_factory=list)


@dataclass
class Protected:
    """A streak with its freezes: the current streak (counted days), the best one, the freezes held
    now and the days frozen in the current streak (its missed days a freeze kept, oldest first)."""

    streak: int
    best: int
    held: int
    used: list[str]


def merged(spans: Iterable[tuple[str, str] | list[str]]) -> list[tuple[int, int]]:
    """Spans of dates as day numbers, joined where they touch or overlap, in date order.

    >>> merged([("2026-11-03", "2026-11-04"), ("2026-11-01", "2026-11-02")]) == [(20758, 20761)]
    True
    """
    out: list[tuple[int, int]] = []
    for first, last in sorted((days.ordinal(a), days.ordinal(b)) for a, b in spans):
        if out and first <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


def walk(spans: Iterable[tuple[str, str] | list[str]]) -> list[Chain]:
    """The chains of counted spans by the rule (see the module's note), oldest first."""
    chains: list[Chain] = []
    for first, last in merged(spans):
        earned = (last - first + 1) // EARN
        chain = chains[-1] if chains else None
        gap = first - chain.last - 1 if chain else 0
        if chain is not None and gap <= chain.held:
            chain.frozen += range(chain.last + 1, first)
            chain.last, chain.counted = last, chain.counted + last - first + 1
            chain.held = min(MOST, chain.held - gap + earned)
        else:
            chains.append(Chain(first, last, last - first + 1, min(MOST, earned)))
    return chains


def protect(spans: Iterable[tuple[str, str] | list[str]], today: str) -> Protected:
    """The streak on ``today`` with its freezes: the longest chain still alive (its missed days since
    its last counted one, today not among them, all kept by freezes it held; a chain after today,
    on a clock moved back, is alive too, as ``days.current`` has it)."""
    day = days.ordinal(today)
    chains = walk(spans)
    best = max((chain.counted for chain in chains), default=0)
    alive = [chain for chain in chains if day - chain.last - 1 <= chain.held]
    if not alive:
        return Protected(0, best, 0, [])
    chain = max(alive, key=lambda c: (c.counted, c.last))
    pending = max(0, day - chain.last - 1)
    frozen = [*chain.frozen, *range(chain.last + 1, chain.last + 1 + pending)]
    return Protected(chain.counted, best, chain.held - pending, [days.text(n) for n in frozen])


def of_dates(dates: Iterable[str], spans: Iterable[list[str]]) -> list[tuple[str, str]]:
    """Counted dates and streak spans as one list of spans (a date is a span of one day)."""
    return [*((date, date) for date in dates), *((span[0], span[1]) for span in spans)]


__all__ = ["EARN", "MOST", "Chain", "Protected", "merged", "of_dates", "protect", "walk"]
