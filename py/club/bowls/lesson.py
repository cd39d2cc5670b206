"""The first lesson's position: choose, sow clockwise, make three.

A real position in the notation (W26), played as given without refill (the
``free`` mode, W27), the same every time. The page's steps ask for:

1. choosing bowl 1 (index 0, the top): a page event, no move;
2. sowing it: its two stones go one by one clockwise into bowls 2 and 3
   (index 1 and 2), nothing matches yet;
3. making three: bowl 3 (index 2) now holds a red and a blue; sown, the red
   lands on the two reds of bowl 4 and the blue on the two blues of bowl 5,
   two matching bowls at once (combo x2, W13).

Whatever the player sows instead, a match stays one move away
(``tests/bowls/test_bowls_lesson.py`` proves it for every first move).

>>> a = lesson_attempt()
>>> a.mode.name, a.position.stones(), a.position_text() == LESSON
('free', 17, True)
"""

from __future__ import annotations

from club.bowls.attempt import Attempt
from club.bowls.notation import parse

#: Bowls 0-11 clockwise from the top (W26): the position the lesson plays.
LESSON = "GB/Y/R/RR/BB/P/-/YY/YY/Y/PY/Y 0 0"
#: The bowls the lesson's words name (0-based; the page says them from 1).
FIRST_SOW, MAKE_THREE = 0, 2


def lesson_attempt() -> Attempt:
    """The lesson's attempt: ``LESSON`` in the ``free`` mode (no refill, no limit)."""
    return Attempt.start("free", position=parse(LESSON))
