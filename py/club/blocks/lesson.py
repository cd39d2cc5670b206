"""The first lesson of blocks: a real position in the B22 notation.

Four steps on it (``web/games/blocks.js``): drag a piece onto the board, fill
a row (the top one misses one cell, the bottom one two), watch the 6E meter
(four edges already lit: that clear lights the fifth), then clear a second
row: the sixth edge wins a Crown.

>>> state = lesson_state()
>>> state.meter, [p.shape.name for p in state.tray]
(4, ['triangle', 'single', 'pair'])
"""

from __future__ import annotations

from club.blocks import notation
from club.blocks.rules import State

POSITION = (
    "xx.xx/....../......./......../........./......../......./x....x/x..xx "
    "0:0,1:0,0:1|0:0|0:0,1:0 0 0 4 0 1"
)
#: The drops that do what each step asks: (slot, cell) in B24 terms.
FILL_TOP = (1, "2:-4")  # the single into the top row's gap: one row, meter 4 -> 5
FILL_BOTTOM = (2, "-3:4")  # the pair into the bottom row's gap: the sixth edge, a Crown


def lesson_state() -> State:
    """The lesson's position (the default PRNG: the same pieces follow every time)."""
    return notation.parse(POSITION)
