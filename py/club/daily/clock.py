"""The Club's clock: which date a ``now`` is, and whether the Club believes it.

``now`` is the device's clock (the page's ``Date.now()``), and devices are set
by hand, cross time zones and correct themselves. A ``now`` whose UTC date lies
within the Club's years (``calendar.FIRST`` to ``calendar.LAST``) is
*possible*: its date is today, even one before dates already banked (a clock
moved back). One outside them is *impossible* (a clock before the arcade
existed, or far ahead): it reads as the nearest date of the Club's years, so
the record still shows, and a run finished then counts no day (``record.bank``).

>>> read(1_796_213_400_000)
(1796213400000, '2026-12-02', True)
>>> read(1_546_300_800_000)  # 2019-01-01
(1546300800000, '2025-01-01', False)
>>> read(4_133_980_800_000)  # 2101-01-01
(4133980800000, '2100-12-31', False)
>>> read(-5)  # a clock set before 1970
(-5, '2025-01-01', False)
>>> read(1.5)
Traceback (most recent call last):
...
club.errors.NotationError: now: now must be milliseconds since 1970 (an integer)
"""

from __future__ import annotations

import datetime

from club import calendar
from club.errors import NotationError

#: The widest ``Date.now()`` a browser gives (ECMAScript's time values, ±10**8 days).
MOST = 8_640_000_000_000_000
#: The first millisecond of the Club's years and the one after their last.
_EPOCH = datetime.date(1970, 1, 1)
FIRST_MS = (calendar.FIRST - _EPOCH).days * calendar.DAY_MS
END_MS = ((calendar.LAST - _EPOCH).days + 1) * calendar.DAY_MS


def read(value: object) -> tuple[int, str, bool]:
    """``now`` as given, its date within the Club's years, and whether it is possible;
    ``NotationError("now")`` when it is no integer of milliseconds."""
    if isinstance(value, bool) or not isinstance(value, int) or not -MOST <= value <= MOST:
        raise NotationError("now", "now must be milliseconds since 1970 (an integer)")
    if value < FIRST_MS:
        return value, str(calendar.FIRST), False
    if value >= END_MS:
        return value, str(calendar.LAST), False
    return value, calendar.utc_date(value), True
