"""The 100 puzzles (W18): the file, a valid start, and how a puzzle attempt is judged.

``puzzles.json`` is a list of objects ``{"id", "title", "position", "goal",
"limit", "solution"}`` and an optional ``"teaching": true``; positions are in
bowls notation (W26), goals in the W18 grammar, solutions ``sow 3, sow 7``.
The file is made by ``tools/make_puzzles.py``; ``tests/bowls/test_puzzles.py``
checks every rule of the set.

>>> puzzle = puzzle_by_id(1)
>>> puzzle.id, puzzle.limit, print_solution(puzzle.solution) == puzzle.solution_text()
(1, 1, True)
>>> replay(puzzle, puzzle.solution)[0]
'solved'
>>> parse_solution("sow 3, sow 11"), print_solution((3, 11))
((3, 11), 'sow 3, sow 11')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from club import jsontext
from club.bowls.goals import Goal, goal_met, parse_goal, print_goal
from club.bowls.notation import parse, parse_action, print_position
from club.bowls.phase import match_bowl
from club.bowls.position import (
    BLOCKER,
    CAPACITY,
    COLOURS,
    JOKER,
    PERMANENT,
    VOLCANO,
    Position,
    choosable,
    refusal,
)
from club.bowls.rules import sow
from club.errors import NotationError

FILE = Path(__file__).with_name("puzzles.json")
COUNT = 100
VOLCANO_READY = 6  # W10: a volcano with 6 or more stones erupts
SPECIALS = ("joker", "blocker", "ice", "reverse", "volcano", "temporary")
SOLVED, OVERFLOW, LIMIT, STUCK = "solved", "overflow", "limit", "stuck"


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: int
    title: str
    position: Position
    goal: Goal
    limit: int
    solution: tuple[int, ...]
    teaching: bool = False

    def solution_text(self) -> str:
        return print_solution(self.solution)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "position": print_position(self.position),
            "goal": print_goal(self.goal),
            "limit": self.limit,
            "solution": self.solution_text(),
        }
        if self.teaching:
            out["teaching"] = True
        return out


def parse_solution(text: object) -> tuple[int, ...]:
    """``sow 3, sow 7`` -> (3, 7); raises ``NotationError("solution")``."""
    if not isinstance(text, str) or not text:
        raise NotationError("solution", "solution must be text like 'sow 3, sow 7'")
    moves = []
    for part in text.split(", "):
        bowl = parse_action(part)
        if bowl is None:
            raise NotationError("solution", f"{part!r} is not 'sow N'")
        moves.append(bowl)
    return tuple(moves)


def print_solution(moves: Sequence[int]) -> str:
    return ", ".join(f"sow {bowl}" for bowl in moves)


def parse_puzzle(entry: object) -> Puzzle:
    """One entry of the file; a bad field raises ``NotationError`` naming it."""
    if not isinstance(entry, dict):
        raise NotationError("puzzle", "each puzzle is an object")
    ident, limit, title = entry.get("id"), entry.get("limit"), entry.get("title")
    if not isinstance(ident, int) or isinstance(ident, bool) or not 1 <= ident <= COUNT:
        raise NotationError("id", f"id must be 1-{COUNT}")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise NotationError("limit", "limit must be an integer >= 1")
    if not isinstance(title, str) or not title:
        raise NotationError("title", "title must be text")
    teaching = entry.get("teaching", False)
    if not isinstance(teaching, bool):
        raise NotationError("teaching", "teaching must be true or false")
    text = entry.get("position")
    if not isinstance(text, str):
        raise NotationError("position", "position must be text")
    return Puzzle(ident, title, parse(text), parse_goal(entry.get("goal")), limit,
                  parse_solution(entry.get("solution")), teaching)


def parse_puzzles(text: str) -> list[Puzzle]:
    data = jsontext.loads(text, field="puzzles", max_chars=1 << 20)
    if not isinstance(data, list):
        raise NotationError("puzzles", "puzzles file must be a list")
    return [parse_puzzle(entry) for entry in data]


@lru_cache(maxsize=1)
def _cached() -> tuple[Puzzle, ...]:
    return tuple(parse_puzzles(FILE.read_text(encoding="utf-8")))


def load_puzzles() -> list[Puzzle]:
    """The shipped set, read once."""
    return list(_cached())


@lru_cache(maxsize=1)
def _by_id() -> dict[int, Puzzle]:
    return {puzzle.id: puzzle for puzzle in _cached()}


def puzzle_by_id(ident: int) -> Puzzle:
    puzzle = _by_id().get(ident)
    if puzzle is None:
        raise NotationError("puzzle", f"no puzzle {ident!r}")
    return puzzle


def start_problems(position: Position) -> list[str]:
    """W18: why ``position`` is not a valid puzzle start (empty list when it is).

    At most 7 stones per bowl, no ready match (also none its jokers could
    complete), no volcano with 6 or more; and (our choice) score and moves at
    0 and at least one bowl to choose.

    >>> start_problems(parse("RJG/-/-/-/-/-/-/-/-/-/-/- 0 0"))
    []
    >>> start_problems(parse("RJR/-/-/-/-/-/-/-/-/-/-/RGBYPR[v] 0 0"))
    ['bowl 0 holds a ready match', 'volcano 11 holds 6 stones']
    """
    problems = []
    for bowl, queue in enumerate(position.bowls):
        if len(queue) > CAPACITY:
            problems.append(f"bowl {bowl} holds {len(queue)} stones")
        if match_bowl(queue) is not None:
            problems.append(f"bowl {bowl} holds a ready match")
        if position.mods[bowl][VOLCANO] and len(queue) >= VOLCANO_READY:
            problems.append(f"volcano {bowl} holds {len(queue)} stones")
    if position.score or position.moves:
        problems.append("score and moves must start at 0")
    if not choosable(position):
        problems.append("no bowl can be chosen")
    return problems


def specials(position: Position) -> set[str]:
    """The specials a position uses (W2, W4, W16): the names in ``SPECIALS``.

    >>> sorted(specials(parse("JX/-[i2]/-/-/-/-/-/-/-/-/-/R[rv] 0 0")))
    ['blocker', 'ice', 'joker', 'reverse', 'temporary', 'volcano']
    """
    found = set()
    text = "".join(position.bowls)
    if JOKER in text:
        found.add("joker")
    if BLOCKER in text:
        found.add("blocker")
    for triple in position.mods:
        for name, value in zip(("ice", "reverse", "volcano"), triple, strict=True):
            if value:
                found.add(name)
            if value not in (0, PERMANENT):
                found.add("temporary")
    return found


def judge(puzzle: Puzzle, position: Position, collected: Sequence[int], combo: int) -> str | None:
    """W18 after a move (or at the start): ``solved``, ``overflow``, ``limit``,
    ``stuck``, or None while the attempt goes on. Overflow wins over a goal met
    by the same move (W12); the goal is only checked after a move."""
    if position.lost():
        return OVERFLOW
    if position.moves and goal_met(puzzle.goal, position, collected, combo):
        return SOLVED
    if position.moves >= puzzle.limit:
        return LIMIT
    if not choosable(position):
        return STUCK
    return None


def replay(puzzle: Puzzle, moves: Sequence[int]) -> tuple[str | None, Position, tuple[int, ...]]:
    """Play ``moves`` from the start as an attempt; stops at the first end.

    Returns the status (or ``"refused"`` for a move that may not be made),
    the position and the stones collected per colour.
    """
    position = puzzle.position
    collected = (0,) * len(COLOURS)
    status = judge(puzzle, position, collected, 0)
    for bowl in moves:
        if status is not None or refusal(position, bowl) is not None:
            return "refused", position, collected
        out = sow(position, bowl)
        position = out.position
        collected = tuple(a + b for a, b in zip(collected, out.collected, strict=True))
        status = judge(puzzle, position, collected, out.combo)
    return status, position, collected
