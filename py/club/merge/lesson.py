"""The first lesson's position: a real round in the M16 notation.

Four steps, each one move of the real rules (``web/games/merge/lesson.js``):

1. place the single 8 anywhere (no 8 can merge on this board: it never merges);
2. place the single 2 next to the two 2s in the middle: three 2s merge into a 4;
3. the next piece is the pair 4-4 (the PRNG below deals it): turn it;
4. place the pair touching a 4: three or more 4s merge into an 8.

Nothing is saved in a lesson (the page's store is in memory); after the steps
the round simply goes on. ``LESSON_SEED`` is the round's PRNG: it deals 4-4,
then 2, 2, 4-2, 4-2, 4 and no joker early on (``tests/merge/test_merge_lesson.py``).

>>> state = lesson_round()
>>> state.current, state.next, state.score, state.moves, state.highest
((8,), (2,), 0, 0, 16)
"""

from __future__ import annotations

from dataclasses import replace

from club.merge.notation import parse
from club.merge.rules import Round
from club.rng import Rng

#: 2s at 0:0 and 1:0, a 4 at -2:1, an 8 at 2:-2 and a 16 at -1:-2; the 8 to place, then a 2.
LESSON = ".,.,.,./16,.,.,8,./.,.,.,.,.,./.,.,.,2,2,.,./.,4,.,.,.,./.,.,.,.,./.,.,.,. 8 2 0 0"
LESSON_SEED = 171


def lesson_round() -> Round:
    """The lesson's round: the position above, jokers on (the default game), its own PRNG."""
    return replace(parse(LESSON), rng=Rng.from_seed(LESSON_SEED), jokers=True)
