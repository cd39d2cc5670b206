"""UTC dates of the Daily Club: one deal per game and date.

Time is passed in (ms since the Unix epoch, UTC) and never read here, so
every answer is the same for the same input. A date is ``YYYY-MM-DD``.

>>> utc_date(0), next_day_ms(0)
('1970-01-01', 86400000)
>>> utc_date(1_764_633_599_999), utc_date(1_764_633_600_000)
('2025-12-01', '2025-12-02')
>>> daily_seed("blocks", "2026-12-02") == daily_seed("blocks", "2026-12-02") != daily_seed("merge", "2026-12-02")
True
>>> previous("2026-03-01"), days_between("2026-12-30", "2027-01-02")
('2026-02-28', 3)
"""

from __future__ import annotations

import datetime
import hashlib
import re

from club.errors import NotationError

DAY_MS = 86_400_000
#: The range of dates a daily may have: the Club started in 2025; a year far
#: ahead is a clock gone wrong, not a day to play.
FIRST, LAST = datetime.date(2025, 1, 1), datetime.date(2100, 12, 31)
#: The practice reason of a past daily played again from the archive (``club.daily.archive``):
#: the run's deal is its date's daily, it is never counted and its best is kept apart.
ARCHIVE = "archive"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def is_date(text: object) -> bool:
    """A real calendar date ``YYYY-MM-DD`` within the Club's years.

    >>> is_date("2026-02-28"), is_date("2026-02-30"), is_date("2026-2-1"), is_date(20260201)
    (True, False, False, False)
    """
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return False
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return FIRST <= day <= LAST


def read_date(text: object, field: str = "date") -> str:
    """``text`` when it is a date, else ``NotationError(field)``."""
    if not is_date(text):
        raise NotationError(field, f"{field} must be a date YYYY-MM-DD from {FIRST} to {LAST}")
    return str(text)


def read_now(value: object, field: str = "now") -> int:
    """Milliseconds since the epoch, as the page's ``Date.now()`` gives them."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8_000_000_000_000:
        raise NotationError(field, f"{field} must be milliseconds since 1970 (an integer)")
    return value


def utc_date(now_ms: int) -> str:
    """The UTC date at ``now_ms``."""
    return datetime.datetime.fromtimestamp(now_ms // 1000, datetime.UTC).date().isoformat()


def next_day_ms(now_ms: int) -> int:
    """Milliseconds from ``now_ms`` until the next UTC midnight (1..86,400,000)."""
    return DAY_MS - now_ms % DAY_MS


def previous(date: str) -> str:
    """The UTC date before ``date``."""
    return (datetime.date.fromisoformat(date) - datetime.timedelta(days=1)).isoformat()


def days_between(first: str, last: str) -> int:
    """Whole days from ``first`` to ``last`` (negative when ``last`` is earlier)."""
    return (datetime.date.fromisoformat(last) - datetime.date.fromisoformat(first)).days


def daily_seed(game: str, date: str) -> int:
    """The seed of ``game``'s daily on ``date``: the first 4 bytes of
    SHA-256 of ``"<game>:<date>"`` (0 <= seed < 2**32), the same everywhere."""
    digest = hashlib.sha256(f"{game}:{read_date(date)}".encode()).digest()
    return int.from_bytes(digest[:4], "big")
