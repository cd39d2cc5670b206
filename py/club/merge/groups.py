"""Groups, target cells, points and chains (M7-M10).

A *v-group* is an edge-connected component of cells holding ``v`` or a joker
with at least 3 cells and at least one ``v`` (M7); a component of jokers
alone with at least 3 cells in no v-group is a *pure joker group* (a group of
2s). All groups of a step merge at once (M8), each leaving ``2v`` on its
target cell (M9) and scoring ``n * v * 2**(n-3)``, doubled when it holds a
joker (M10).

Groups are searched only from the stones set in the previous step (the
placed piece, then the merge results): a valid position holds no group
(M16), and what is left after a step's groups are emptied is again
group-free, so every new group contains one of those stones. ``tests/merge``
checks this shortcut against a literal all-values search.

>>> from club.merge.board import INDEX
>>> from club.hexgrid import Hex
>>> board = [0] * 37
>>> for cell, value in ((Hex(-1, 0), 2), (Hex(1, 0), 2), (Hex(0, 0), JOKER)):
...     board[INDEX[cell]] = value
>>> steps = resolve(board, {INDEX[Hex(0, 0)]: 0}, [INDEX[Hex(0, 0)]])
>>> [(g.value, g.points, str(CELLS[g.target])) for g in steps[0]]
[(2, 12, '-1:0')]
>>> group_points(5, 2, jokers=False), group_points(3, 8, jokers=True)
(40, 48)
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass

from club.merge.board import CELLS, DISTANCE, EMPTY, JOKER, NEIGHBORS, Board

PURE_VALUE = 2  # M7: a pure joker group counts as a group of 2s
JOKER_FACTOR = 2  # M10: a group holding a joker scores double (once, however many)
_NEVER = 1 << 30  # set time of a stone not set in this move


@dataclass(frozen=True, slots=True)
class Group:
    """One merging group of one chain step."""

    value: int  # v (2 for a pure joker group)
    cells: tuple[int, ...]  # ascending = reading order
    jokers: tuple[int, ...]  # its joker cells
    target: int  # where the 2v stone is set (M9)
    points: int  # M10

    @property
    def result(self) -> int:
        return 2 * self.value

    @property
    def pure(self) -> bool:
        return len(self.jokers) == len(self.cells)

    @property
    def factor(self) -> int:
        """M10: what the group's points were multiplied by (the page shows it)."""
        return JOKER_FACTOR if self.jokers else 1


def group_points(n: int, value: int, jokers: bool) -> int:
    """M10: ``n * v * 2**(n-3)``, doubled once when the group holds a joker."""
    points = n * value << (n - 3)
    return JOKER_FACTOR * points if jokers else points


def component(board: Board | MutableSequence[int], start: int, value: int) -> set[int]:
    """Cells holding ``value`` or a joker connected to ``start`` by edges.

    With ``value == JOKER`` this is the joker-only component of ``start``.
    """
    seen = {start}
    stack = [start]
    while stack:
        for j in NEIGHBORS[stack.pop()]:
            if j not in seen and (board[j] == value or board[j] == JOKER):
                seen.add(j)
                stack.append(j)
    return seen


def find_groups(board: Board | MutableSequence[int], seeds: Iterable[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every group (M7) containing a seed cell, as ``(v, cells)``, no duplicates.

    A joker seed looks at every value that touches its joker component: a
    v-component through the joker must reach a ``v`` cell next to it. A joker
    component of 3+ that touches no number is in no v-group: it is pure.
    """
    found: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    for seed in seeds:
        stone = board[seed]
        if stone == JOKER:
            jokers = component(board, seed, JOKER)
            values = {board[j] for i in jokers for j in NEIGHBORS[i] if board[j] > 0}
            if not values and len(jokers) >= 3:
                found.setdefault((JOKER, min(jokers)), (PURE_VALUE, tuple(sorted(jokers))))
        elif stone > 0:
            values = {stone}
        else:
            continue
        for value in sorted(values):
            cells = component(board, seed, value)
            if len(cells) >= 3:
                found.setdefault((value, min(cells)), (value, tuple(sorted(cells))))
    return list(found.values())


def target_cell(board: Board | MutableSequence[int], cells: tuple[int, ...], set_time: dict[int, int]) -> int:
    """M9: where a group leaves its stone, from the set times of this move."""

    def set_first(candidates: Iterable[int]) -> int:
        return min(candidates, key=lambda c: (set_time.get(c, _NEVER), c))

    numbers = [c for c in cells if board[c] != JOKER]
    jokers = [c for c in cells if board[c] == JOKER]
    if not numbers:  # pure joker group
        return set_first(jokers)
    if not jokers or any(c in set_time for c in numbers):
        return set_first(numbers)
    joker = set_first(jokers)
    return min(numbers, key=lambda c: (DISTANCE[joker][c], c))


def merge_step(board: MutableSequence[int], set_time: dict[int, int], seeds: Iterable[int]) -> list[Group]:
    """Find and merge one step's groups in place (M8); [] when none is left.

    Returns the groups in reading order of their targets, which is also the
    order their results are set in (M9).
    """
    raw = find_groups(board, seeds)
    groups = []
    for value, cells in raw:
        jokers = tuple(c for c in cells if board[c] == JOKER)
        target = target_cell(board, cells, set_time)
        groups.append(Group(value, cells, jokers, target, group_points(len(cells), value, bool(jokers))))
    groups.sort(key=lambda g: g.target)
    for group in groups:
        for cell in group.cells:  # a shared joker is emptied once
            board[cell] = EMPTY
            set_time.pop(cell, None)
    clock = max(set_time.values(), default=-1) + 1
    for group in groups:
        board[group.target] = group.result
        set_time[group.target] = clock
        clock += 1
    return groups


def resolve(board: MutableSequence[int], set_time: dict[int, int], seeds: Iterable[int]) -> list[list[Group]]:
    """Merge step after step until no group is left (M8); the chain steps.

    ``board`` and ``set_time`` are updated in place; ``set_time`` holds the
    stones set in this move (anchor 0, partner 1).
    """
    steps = []
    groups = merge_step(board, set_time, seeds)
    while groups:
        steps.append(groups)
        groups = merge_step(board, set_time, [g.target for g in groups])
    return steps


def all_groups(board: Board | MutableSequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every group on a board (for validating positions, M16)."""
    return find_groups(board, range(len(board)))


def describe(group: tuple[int, tuple[int, ...]]) -> str:
    value, cells = group
    return f"{len(cells)} cells of {value} at {' '.join(str(CELLS[c]) for c in cells)}"
