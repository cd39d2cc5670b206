"""The mode registry: what each mode does around the same engine (W18-W21).

A mode says whether it refills (W16), whether Endless events run (W17),
how many moves an attempt has, whether undo marks the attempt as
training (W21) and whether a finished attempt is final (Daily: the Daily
Club banked it, so undo cannot open it again). A puzzle attempt (W18) also names its puzzle, whose goal
and move limit ``Attempt.status`` judges (club.bowls.puzzles.judge).

>>> MODES["daily"].refills_after(19), MODES["daily"].refills_after(20)
(True, False)
>>> MODES["endless"].refills_after(500), MODES["free"].refills_after(1)
(True, False)
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

DAILY_MOVES = 20  # W20
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only: never ٢٠٢٦-11-29


@dataclass(frozen=True, slots=True)
class Mode:
    name: str
    refills: bool  # W16: refill after every safe move
    special: bool  # W17: Endless events
    limit: int | None  # moves per attempt, None for unlimited
    training_on_undo: bool  # W21: the first undo marks the attempt
    dated: bool = False  # W20: seeded by the UTC date
    final_when_over: bool = False  # W20/W21: undo cannot reopen a finished attempt (it was banked)

    def refills_after(self, move_number: int) -> bool:
        """Whether the move that would become number ``move_number`` refills.

        Daily refills after every safe move except the 20th (W20).
        """
        if not self.refills:
            return False
        return self.limit is None or move_number < self.limit


MODES: dict[str, Mode] = {
    "endless": Mode("endless", refills=True, special=True, limit=None, training_on_undo=True),
    "daily": Mode("daily", refills=True, special=False, limit=DAILY_MOVES, training_on_undo=True,
                  dated=True, final_when_over=True),
    # A position played as given, without refill (as the vectors, W27): tests, bug reports.
    "free": Mode("free", refills=False, special=False, limit=None, training_on_undo=False),
    # W18: no refill, undo is plain help; the puzzle sets the limit and the goal.
    "puzzle": Mode("puzzle", refills=False, special=False, limit=None, training_on_undo=False),
    # W28: a workshop puzzle, played as W18; the attempt carries the puzzle itself.
    "workshop": Mode("workshop", refills=False, special=False, limit=None, training_on_undo=False),
}


def is_date(text: str) -> bool:
    """``YYYY-MM-DD``, a day of the calendar, in ASCII digits.

    >>> is_date("2026-11-29"), is_date("2026-13-01"), is_date("26-1-1")
    (True, False, False)
    >>> is_date("2026-02-31"), is_date("2028-02-29"), is_date("٢٠٢٦-11-29")
    (False, True, False)
    """
    if not isinstance(text, str) or not DATE.fullmatch(text):
        return False
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        return False
    return True
