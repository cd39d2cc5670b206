"""The workshop's proof (W28): a built puzzle's par, how many shortest solutions it
has, and what the search met, in slices and within a budget.

The puzzle solver (``club.bowls.solver``) stops at the first solution; a proof
goes on in that layer until it finds a second move sequence that reaches the
goal in ``par`` moves (or the layer ends), so it can say whether the shortest
solution is *unique*. Each board of a layer carries how many sequences reach it; two
sequences meeting on one board (with the same goal counter) add up. A board
met in an earlier layer with at least the same counter is dropped: whatever
solves from it here solves from there in fewer moves, so no shortest solution
goes through it. Within one layer boards are told apart by their counter too
(the solver's dominance would lose sequences that still solve).

The search yields after every board it expands (at most twelve moves tried)
with the work done so far, so the bridge's ``query`` runs it in 15 ms slices
(``Bridge.query``: other calls are answered between them, ``cancel`` stops it)
and the page can show progress. Its ``budget`` counts work (moves tried,
weighted by the stones on their board), not seconds: the author's proof and every opener's give the same answer on any
device, so a puzzle proven once is proven everywhere (W28).

>>> from club.bowls.notation import parse
>>> from club.bowls.goals import parse_goal
>>> found = prove(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("empty"), 3)
>>> found.par, found.solution, found.solutions
(2, (2, 6), 2)
>>> found = prove(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("clear R"), 3)
>>> found.par, found.solution, found.solutions
(1, (2,), 1)
>>> prove(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("empty"), 1).par is None
True
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from club.bowls.goals import Goal
from club.bowls.position import COLOURS, ICE, RING, Position, count_down
from club.bowls.solver import SEP, advance, hopeless, met, path, run, temporary

#: The fixed cost of one move tried, in the unit of a stone on the board: a move
#: costs ``MOVE_COST`` plus the stones on the board it is tried on. Fitted in
#: CPython (CPU time) on puzzle 100 (6.0 us a move, 24 units) against boards
#: crowded to the W18 limits (12 us a move, 42-51 units): 0.23-0.29 us a unit
#: on either, where counting moves alone would let a crowded board run twice as long.
MOVE_COST = 12
#: The work the proof may do (W28): counted, not timed, so every device agrees and a
#: puzzle its author proved is proven by every opener. The hardest of the 100
#: puzzles, puzzle 100, needs 2.93 million (119,495 moves). Spending all of it
#: takes 0.67-0.87 s of CPU in CPython on the 2-core build machine (the crowded
#: boards of ``tests/bowls/test_workshop.py``'s budget table); Pyodide took
#: 1.1-2.5 s of wall time there (1.1-2.3x CPython, V8, loaded machine), and a
#: phone is about 2x slower again: 2-5 s (docs/workshop.md; ``make bench``:
#: ``bowls.workshop_proof``). A puzzle that needs more is refused as ``budget``:
#: smaller, or a lower limit.
BUDGET = 3_000_000
#: Boards of a finished layer kept as seen between two yields (about a millisecond).
COMMITS = 512


@dataclass(frozen=True, slots=True)
class Proof:
    """What the proof found: ``par`` (None: no solution within the limit, or the
    budget ran out first, ``spent``), one shortest ``solution``, how many shortest
    ``solutions`` there are, and the work done."""

    par: int | None
    solution: tuple[int, ...] | None
    solutions: int  # move sequences of ``par`` moves that meet the goal: 1, or 2 for two or more
    nodes: int  # moves tried
    work: int  # moves tried weighted by the stones they sow and resolve (``MOVE_COST``): what the budget counts
    states: int  # distinct boards kept, the start's among them (a puzzle of one move looked at one: its start)
    dead_ends: int  # moves that overflow (W12) or leave a board the goal can never be met from
    spent: bool = False  # the budget ran out before the search ended: nothing proven


@dataclass(slots=True)
class _Board:
    key: str
    mods: tuple[Any, ...]
    acc: int
    paths: int  # move sequences reaching this board in this layer
    parent: int  # index of one board of the layer before that reaches it
    bowl: int


def prove(position: Position, goal: Goal, limit: int, budget: int = BUDGET) -> Proof:
    """``prove_steps`` run to its end at once."""
    return run(prove_steps(position, goal, limit, budget))


def prove_steps(position: Position, goal: Goal, limit: int,
                budget: int = BUDGET) -> Generator[int, None, Proof]:
    """The proof as a generator: it yields the work done so far after every board
    it expands, and returns the ``Proof``. Everything it reads is read before its first yield.

    >>> from club.bowls.notation import parse
    >>> from club.bowls.goals import parse_goal
    >>> steps = prove_steps(parse("R/R/R/-/-/-/-/-/-/-/-/- 0 0"), parse_goal("empty"), 2, budget=40)
    >>> run(steps)
    Proof(par=None, solution=None, solutions=0, nodes=3, work=45, states=4, dead_ends=0, spent=True)
    """
    start = min(position.score, goal.count) if goal.kind == "score" else 0
    layer = [_Board(SEP.join(position.bowls), position.mods, start, 1, -1, -1)]
    layers = [layer]
    seen: dict[Any, int] = {}
    first = (layer[0].key, position.mods) if temporary(position.mods) else layer[0].key

    def kept() -> int:
        """The distinct boards kept, the start's counted too: it is never committed to ``seen`` (no move
        leads back to it in fewer moves than none), and a proof of one move would say it looked at none."""
        return len(seen) + (first not in seen)

    nodes = work = dead_ends = 0
    colour = COLOURS.index(goal.colour) if goal.kind == "collect" else -1
    for depth in range(1, limit + 1):
        found: _Board | None = None
        solutions = 0
        index_of: dict[Any, int] = {}
        following: list[_Board] = []
        for index, board in enumerate(layer):
            queues = board.key.split(SEP)
            cost = MOVE_COST + len(board.key) - (RING - 1)
            after, _ = count_down(board.mods)
            keep_mods = temporary(after)
            for bowl in range(RING):
                if not queues[bowl] or board.mods[bowl][ICE]:
                    continue
                if work >= budget:
                    return Proof(None, None, 0, nodes, work, kept(), dead_ends, spent=True)
                nodes += 1
                work += cost
                step = advance(queues, board.mods, bowl)
                if step is None:  # W12: an overflow ends the attempt
                    dead_ends += 1
                    continue
                key, points, combo, counts = step
                acc = board.acc
                if goal.kind == "score":
                    acc = min(goal.count, acc + points)
                elif colour >= 0:
                    acc = min(goal.count, acc + counts[colour])
                if met(goal, key, acc, combo):
                    solutions += board.paths
                    found = found or _Board(key, after, acc, board.paths, index, bowl)
                    if solutions > 1:  # not unique: the rest of the layer need not be searched
                        return Proof(depth, path(layers, found), 2, nodes, work, kept(), dead_ends)
                    continue
                if found is not None:
                    continue  # the next layer is never searched: no need to build it
                if hopeless(goal, key, acc):
                    dead_ends += 1
                    continue
                state = (key, after) if keep_mods else key
                if seen.get(state, -1) >= acc:
                    continue  # reached in fewer moves with as much: no shortest solution goes on from here
                at = index_of.get((state, acc))
                if at is None:
                    index_of[(state, acc)] = len(following)
                    following.append(_Board(key, after, acc, board.paths, index, bowl))
                else:
                    following[at].paths += board.paths
            yield work
        if found is not None:
            return Proof(depth, path(layers, found), solutions, nodes, work, kept(), dead_ends)
        for number, board in enumerate(following, 1):
            state = (board.key, board.mods) if temporary(board.mods) else board.key
            seen[state] = max(seen.get(state, -1), board.acc)
            if number % COMMITS == 0:
                yield work  # a layer of 100,000 boards is no single slice
        if not following:
            break
        layers.append(following)
        layer = following
    return Proof(None, None, 0, nodes, work, kept(), dead_ends)
