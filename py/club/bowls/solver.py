"""The puzzle solver (W18, P17): a shortest solution within a move limit, or a proof of none.

Breadth-first over the moves of a puzzle attempt (no refill), one layer per
move, so the first solution found is a shortest one and an exhausted search
proves there is none within the limit. What keeps it fast:

- a compact state: the twelve queues joined into one string (``"R/GB/..."``),
  the modifiers only when some are temporary, and the one counter the goal
  needs (score or the goal colour collected, capped at the target);
- deduplication with dominance: a board met again with no more of that
  counter than before is never expanded twice (fewer moves left, no gain);
- goal bounds: a state that can never reach the goal (a colour stranded
  with one or two stones and too few jokers, too few stones left to collect
  or to make the combo, ...) is dropped, since puzzles never add stones;
- the engine's own list-based ``sow_hand``/``resolve`` without events.

>>> from club.bowls.notation import parse
>>> from club.bowls.goals import parse_goal
>>> found = solve(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("empty"), 2)
>>> found.solution, found.proven
((2, 6), 1)
>>> solve(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("empty"), 1).solution is None
True
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from club.bowls.goals import Goal
from club.bowls.phase import resolve, sow_hand
from club.bowls.position import (
    BLOCKER,
    CAPACITY,
    COLOURS,
    ICE,
    JOKER,
    PLAIN_RING,
    REVERSE,
    RING,
    Mods,
    Position,
    count_down,
)
from club.bowls.rules import PERFECT_POINTS, STONE_POINTS, multiplier

SEP = "/"
EMPTY_KEY = SEP * (RING - 1)  # the key of an empty board: eleven separators
PLAIN = PLAIN_RING
T = TypeVar("T")


@dataclass(slots=True)
class Search:
    """The answer: a shortest ``solution`` (bowls to sow) or None, and the work done.

    ``proven``: no solution has fewer moves than this (when a solution was
    found, ``len(solution) - 1``; otherwise the limit: none within it).
    """

    solution: tuple[int, ...] | None
    proven: int
    nodes: int  # moves tried
    states: int  # distinct states kept
    exhausted: bool = False  # the node budget ran out first: nothing is proven beyond ``proven``


@dataclass(slots=True)
class _Node:
    key: str
    mods: tuple[Mods, ...]
    acc: int
    parent: int  # index in the previous layer
    bowl: int


def accumulates(goal: Goal) -> bool:
    return goal.kind in ("score", "collect")


def hopeless(goal: Goal, key: str, acc: int) -> bool:
    """True when no sequence of moves from this board can meet the goal.

    Puzzles never add stones, so a colour with 1-2 stones left can only go
    with jokers, and jokers only ever go with a colour (W8).
    """
    kind = goal.kind
    jokers = key.count(JOKER)
    if kind == "score":  # a stone scores at most 10 x4 once, plus one Perfect Clear
        removable = len(key) - (RING - 1) - key.count(BLOCKER)
        return acc + 4 * STONE_POINTS * removable + PERFECT_POINTS < goal.count
    if kind == "leave":  # without jokers a colour with 1-2 stones stays for good
        if jokers:
            return False
        stranded = 0
        for colour in COLOURS:
            have = key.count(colour)
            if have < 3:
                stranded += have
        return stranded > goal.count
    if kind == "clear":
        have = key.count(goal.colour)
        return 0 < have < 3 and have + jokers < 3
    if kind == "collect":
        have = key.count(goal.colour)
        need = goal.count - acc
        return have < need or (have < 3 and have + jokers < 3)
    ordinary = len(key) - (RING - 1) - jokers - key.count(BLOCKER)
    if kind == "combo":  # every matching bowl removes 3 or more colour stones and jokers
        return (ordinary + jokers) // 3 < goal.count or ordinary == 0
    # empty: every colour must go in groups; short colours need jokers; jokers need a colour
    if ordinary == 0:
        return len(key) > RING - 1
    shortage = 0
    for colour in COLOURS:
        have = key.count(colour)
        if 0 < have < 3:
            shortage += 3 - have
    return shortage > jokers


def met(goal: Goal, key: str, acc: int, combo: int) -> bool:
    kind = goal.kind
    if kind == "clear":
        return goal.colour not in key
    if kind == "collect" or kind == "score":
        return acc >= goal.count
    if kind == "combo":
        return combo >= goal.count
    if kind == "leave":
        return len(key) - (RING - 1) <= goal.count
    return len(key) == RING - 1


def temporary(mods: Sequence[Mods]) -> bool:
    return any(n > 0 for triple in mods for n in triple)


def solve(
    position: Position,
    goal: Goal,
    limit: int,
    collected: Sequence[int] = (0,) * len(COLOURS),
    budget: int | None = None,
) -> Search:
    """A shortest sequence of at most ``limit`` sows meeting ``goal`` after its last
    move, never overflowing before; ``collected`` is the attempt's count so far.

    ``budget`` caps the moves tried (``nodes``), so the cost is bounded by a
    count, the same in CPython and Pyodide, not by a clock: when it runs out
    the answer has no solution and ``exhausted`` is set (nothing proven).
    It runs ``solve_steps`` to its end.
    """
    return run(solve_steps(position, goal, limit, collected, budget))


def solve_steps(
    position: Position,
    goal: Goal,
    limit: int,
    collected: Sequence[int] = (0,) * len(COLOURS),
    budget: int | None = None,
) -> Generator[None, None, Search]:
    """``solve`` as a generator: it yields after every node it expands (at most
    twelve moves tried, well under a millisecond) and returns the ``Search``, so a caller (``Bridge.query`` in the
    worker) can run it in time slices and stop it between two of them.
    Everything it reads is read before the first yield.

    >>> from club.bowls.notation import parse
    >>> from club.bowls.goals import parse_goal
    >>> steps = solve_steps(parse("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0"), parse_goal("empty"), 2)
    >>> run(steps).solution
    (2, 6)
    """
    key = SEP.join(position.bowls)
    if accumulates(goal):
        start = position.score if goal.kind == "score" else collected[goal.colour_index()]
    else:
        start = 0
    start = min(start, goal.count)
    layers: list[list[_Node]] = [[_Node(key, position.mods, start, -1, -1)]]
    seen: dict[Any, int] = {}
    nodes = 0
    for depth in range(limit):
        layer = layers[-1]
        next_layer: list[_Node] = []
        for index, node in enumerate(layer):
            allowance = RING if budget is None else budget - nodes
            found, tried = _expand(node, index, goal, seen, next_layer, allowance)
            nodes += tried
            if found is not None:
                moves = path(layers, found)
                return Search(moves, depth, nodes, len(seen))
            if budget is not None and nodes >= budget:  # maybe mid-node: nothing more is proven
                return Search(None, depth, nodes, len(seen), exhausted=True)
            yield
        if not next_layer:
            break
        layers.append(next_layer)
    return Search(None, limit, nodes, len(seen))


def run(steps: Generator[None, None, T]) -> T:
    """Drive a step generator to its end and give what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def advance(queues: list[str], mods: tuple[Mods, ...], bowl: int) -> tuple[str, int, int, list[int]] | None:
    """One puzzle move on split queues (W6-W14, no refill): the new board key,
    points, combo and ordinary stones removed per colour; None on overflow.

    >>> advance(["", "", "R", "RR"] + [""] * 8, PLAIN, 2)
    ('///////////', 130, 1, [3, 0, 0, 0, 0])
    """
    bowls = queues.copy()
    hand = bowls[bowl]
    bowls[bowl] = ""
    sow_hand(bowls, bowl, hand, mods[bowl][REVERSE] != 0, None)
    counts = [0, 0, 0, 0, 0]
    removed, matching = resolve(bowls, mods, set(), None, counts)
    for queue in bowls:
        if len(queue) > CAPACITY:
            return None
    key = SEP.join(bowls)
    points = STONE_POINTS * removed * multiplier(len(matching))
    if key == EMPTY_KEY:
        points += PERFECT_POINTS  # W14
    return key, points, len(matching), counts


def _expand(node: _Node, index: int, goal: Goal, seen: dict[Any, int], out: list[_Node],
            allowance: int = RING) -> tuple[_Node | None, int]:
    """Try the choosable bowls of ``node`` (at most ``allowance`` of them); return a
    goal-meeting child if one exists."""
    queues = node.key.split(SEP)
    mods = node.mods
    after_mods, _ = count_down(mods)
    keep_mods = temporary(after_mods)
    score_goal = goal.kind == "score"
    colour = goal.colour_index() if goal.kind == "collect" else -1
    cap = goal.count
    tried = 0
    for bowl in range(RING):
        hand = queues[bowl]
        if not hand or mods[bowl][ICE]:
            continue
        if tried == allowance:
            break  # the budget is spent; solve() stops before the next node
        tried += 1
        step = advance(queues, mods, bowl)
        if step is None:
            continue  # W12: overflow ends the attempt
        key, points, combo, counts = step
        acc = node.acc
        if score_goal:
            acc = min(cap, acc + points)
        elif colour >= 0:
            acc = min(cap, acc + counts[colour])
        child = _Node(key, after_mods, acc, index, bowl)
        if met(goal, key, acc, combo):
            return child, tried
        if hopeless(goal, key, acc):
            continue
        state: Any = (key, after_mods) if keep_mods else key
        if seen.get(state, -1) >= acc:
            continue
        seen[state] = acc
        out.append(child)
    return None, tried


class Step(Protocol):
    """A board of a layered search: the bowl sown to reach it, from which board of the layer before."""

    @property
    def bowl(self) -> int: ...

    @property
    def parent(self) -> int: ...


def path(layers: Sequence[Sequence[Step]], last: Step) -> tuple[int, ...]:
    """The bowls sown from the start to ``last``, read back through each layer's parent
    (the solver's search and the workshop's proof, club.bowls.proof)."""
    moves = [last.bowl]
    parent = last.parent
    for layer in reversed(layers[1:]):
        node = layer[parent]
        moves.append(node.bowl)
        parent = node.parent
    return tuple(reversed(moves))


def next_move(
    position: Position, goal: Goal, moves_left: int, collected: Sequence[int] = (0,) * len(COLOURS)
) -> int | None:
    """The hint: the first sow of a shortest solution from here, or None if there is none."""
    found = solve(position, goal, moves_left, collected)
    return found.solution[0] if found.solution else None


def bench_all() -> dict[str, Any]:
    """P17: prove every puzzle of ``puzzles.json`` within its limit; seconds and counts.

    Called by ``tools/bench.py``; a puzzle counts as proven when the solver
    finds a solution within its limit (the file's checks are in the tests).
    """
    from club.bowls.puzzles import load_puzzles  # the solver does not need the file otherwise

    puzzles = load_puzzles()
    started = time.perf_counter()
    proven = nodes = 0
    slowest = (0.0, 0)
    for puzzle in puzzles:
        began = time.perf_counter()
        found = solve(puzzle.position, puzzle.goal, puzzle.limit)
        spent = time.perf_counter() - began
        slowest = max(slowest, (spent, puzzle.id))
        nodes += found.nodes
        proven += found.solution is not None
    return {
        "name": "bowls.solve_all",
        "seconds": round(time.perf_counter() - started, 3),
        "puzzles": len(puzzles),
        "proven": proven,
        "nodes": nodes,
        "slowest_id": slowest[1],
        "slowest_seconds": round(slowest[0], 3),
        "target_seconds": 60,
    }


if __name__ == "__main__":  # python -m club.bowls.solver: the P17 benchmark alone
    print(bench_all())
