"""The first lesson of Domino Drop: a real Sprint of the classic set
on a prepared well, the same every time.

The well, in notation (D19), has four tiles resting on the bottom row; the
falling tile is ``3-6`` at the spawn cells (D4). The lesson asks the player to
move it, rotate it and drop it so that equal halves of two tiles touch (D11):
its 6 on the resting 6 (column 0, vertical or with the 6 on the left) or its 3
on the resting 3 (column 7). Straight down, as it spawned, it cancels nothing,
so the player learns to move and turn it first. The rest of the set follows in
a fixed order (a whole classic set: the save of a lesson loads like any run).

>>> game = lesson_game()
>>> game.mode, game.set_kind, (game.falling.a, game.falling.b, game.falling.col, game.falling.orient)
('sprint', 'classic', (3, 6, 3, 0))
>>> len(game.queue) + 1
28
"""

from __future__ import annotations

from club.domino import rules
from club.domino.notation import parse
from club.domino.rules import Game
from club.domino.tiles import shuffled_set
from club.rng import Rng

EMPTY_ROW = "." * 16
#: The lesson's well (D19): 6-1, 2-5 and 4-3 resting on the bottom row.
POSITION = "/".join([EMPTY_ROW] * 15 + ["6r1l....2r5l4r3l"]) + " 0 0"
#: The tiles dealt first, in this order (half a, half b): the lesson's tile, then friendly ones.
FIRST = ((3, 6), (1, 2), (5, 4), (6, 6))
SEED = 15  # the order of the rest of the set


def lesson_game() -> Game:
    """The lesson's run: the prepared well, ``3-6`` falling, the set's other 27 tiles queued."""
    rest, rng = shuffled_set("classic", Rng.from_seed(SEED))
    first = {tuple(sorted(t)) for t in FIRST}
    queue = FIRST + tuple(t for t in rest if tuple(sorted(t)) not in first)
    # the lesson's tile always waits for the player (assist pace, P11): its landing is said before each drop
    game = Game(parse(POSITION).well, mode="sprint", set_kind="classic", queue=queue, queue_set=1, rng=rng, assist=True)
    return rules.spawn_next(game)[0]
