"""The archive of past dailies: which dates are open to play again.

A past daily is played as *practice* (``ARCHIVE``, the reason the run's
``finished`` event carries): never counted, never a streak day, and its best is
kept apart, per date (``record.GameRecord.archive``). The archive holds the
``WINDOW`` days before today; today is the real daily (its own link), a date
ahead has no deal yet, an older one is out of the window. Each refusal is its
own reason code, the error's field, so the page says which.

>>> window("2026-12-06")[:2], len(window("2026-12-06"))
(['2026-12-05', '2026-12-04'], 30)
>>> [refusal(date, "2026-12-06") for date in ("2026-12-05", "2026-11-06", "2026-11-05", "2026-12-06", "2026-12-07")]
[None, None, 'archive-old', 'archive-today', 'archive-future']
>>> refusal("2026-02-30", "2026-12-06"), refusal(7, "2026-12-06")
('archive-date', 'archive-date')
>>> window("2025-01-02")  # the Club's first days: nothing older than its first year
['2025-01-01']
"""

from __future__ import annotations

import datetime

from club import calendar
from club.errors import NotationError

#: Days before today the archive holds (the last 30 dailies of every game).
WINDOW = 30
ARCHIVE = calendar.ARCHIVE
#: Why a date is not open: no date, ahead of today, today (the real daily), older than the window.
DATE, FUTURE, TODAY, OLD = "archive-date", "archive-future", "archive-today", "archive-old"


def window(today: str) -> list[str]:
    """The dates open in the archive on ``today``, newest first (none before the Club's first year)."""
    day = datetime.date.fromisoformat(today)
    dates = [day - datetime.timedelta(days=back) for back in range(1, WINDOW + 1)]
    return [date.isoformat() for date in dates if date >= calendar.FIRST]


def refusal(date: object, today: str) -> str | None:
    """Why ``date`` is not open on ``today`` (a reason code), None when it is."""
    if not calendar.is_date(date):
        return DATE
    back = calendar.days_between(str(date), today)
    if back < 0:
        return FUTURE
    if back == 0:
        return TODAY
    return OLD if back > WINDOW else None


def open_date(date: object, today: str) -> str:
    """``date`` when it is open on ``today``, else ``NotationError`` whose field is the reason.

    >>> open_date("2026-12-06", "2026-12-06")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: archive-today: today's daily is played from its own link, not the archive
    """
    why = refusal(date, today)
    if why is not None:
        raise NotationError(why, _SAID[why])
    return str(date)


_SAID = {
    DATE: "an archive day is a date YYYY-MM-DD",
    FUTURE: "that daily has not come yet",
    TODAY: "today's daily is played from its own link, not the archive",
    OLD: f"the archive holds the {WINDOW} days before today",
}

__all__ = ["ARCHIVE", "WINDOW", "open_date", "refusal", "window"]
