"""The puzzle hint (W18): the next move of a shortest solution from here, or why there is none.

On the stored solution's path the answer is immediate; elsewhere the solver
searches the moves left (at most the puzzle's limit) within ``HINT_BUDGET``
tried moves: ``no-solution`` when it proved there is none, ``budget`` when
it gave up first ("no hint from here").

>>> from club.bowls.attempt import Attempt
>>> from club.bowls.puzzles import puzzle_by_id
>>> hint(Attempt.for_puzzle(1)) == {"bowl": puzzle_by_id(1).solution[0], "reason": None}
True
>>> hint(Attempt.start("endless"))
{'bowl': None, 'reason': 'bad-action'}
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypedDict

from club.bowls.attempt import Attempt
from club.bowls.position import BAD_ACTION, OVER
from club.bowls.puzzles import Puzzle
from club.bowls.rules import sow
from club.bowls.solver import Search, run, solve_steps

NO_SOLUTION = "no-solution"
HINT_BUDGET_SPENT = "budget"  # the search stopped at its budget: no hint from here
# Moves the hint's solver may try off the solution path. It runs in the
# engine worker in 15 ms slices (Session.hint_search, Bridge.query) and a move cancels
# it, so the page never waits on it: the budget bounds how long "thinking" lasts.
# 20,000 finds a hint from every position one wrong move off a puzzle's path that can
# still be solved (18 of them; the hardest, puzzle 97 after bowl 12, needs 18,795
# moves; 1,200, the budget while the search ran on the page's thread, found 7) and
# proves 416 of the 453 dead ends (228 before). Worst case from there: 0.22 s CPU in
# CPython (puzzle 100 after bowl 12); a crafted save may spend the whole budget (~0.5 s
# at ~25 us a move); Pyodide is 2-3x slower. 64,000 would decide all 471 such positions
# but let a crafted save think for several seconds in Pyodide.
HINT_BUDGET = 20_000


class Hint(TypedDict):
    bowl: int | None
    reason: str | None  # bad-action (no puzzle), over, no-solution, budget


def hint(attempt: Attempt) -> Hint:
    return run(hint_steps(attempt))


def hint_steps(attempt: Attempt) -> Generator[None, None, Hint]:
    """``hint`` as a generator (``Session.hint_search``): it yields between the
    solver's units of work and returns the hint. Everything it needs from
    ``attempt`` is read here, before the generator is handed out, so a move
    played while it searches (the Session keeps a new attempt) changes nothing.

    >>> from club.bowls.puzzles import puzzle_by_id
    >>> run(hint_steps(Attempt.for_puzzle(2))) == hint(Attempt.for_puzzle(2))
    True
    """
    puzzle = attempt.the_puzzle()
    if puzzle is None:
        return _answered({"bowl": None, "reason": BAD_ACTION})
    if attempt.status() is not None:
        return _answered({"bowl": None, "reason": OVER})
    played = on_path(puzzle, attempt)
    if played is not None:
        return _answered({"bowl": puzzle.solution[played], "reason": None})
    left = puzzle.limit - attempt.position.moves
    return _from_search(solve_steps(attempt.position, puzzle.goal, left, tuple(attempt.collected), budget=HINT_BUDGET))


def _answered(answer: Hint) -> Generator[None, None, Hint]:
    return answer
    yield  # a generator that returns at once


def _from_search(steps: Generator[None, None, Search]) -> Generator[None, None, Hint]:
    found = yield from steps
    if found.solution is None:
        return {"bowl": None, "reason": HINT_BUDGET_SPENT if found.exhausted else NO_SOLUTION}
    return {"bowl": found.solution[0], "reason": None}


def on_path(puzzle: Puzzle, attempt: Attempt) -> int | None:
    """Moves played along the stored solution when the attempt is on its path, else None.

    The bowls sown must be the solution's first moves and replaying them from
    the puzzle's start must give this very position (a save can be crafted);
    at most a limit's worth of sows without refill, so it stays cheap.
    """
    played = [snap.bowl for snap in attempt.history]
    if played != list(puzzle.solution[: len(played)]) or len(played) >= len(puzzle.solution):
        return None
    position = puzzle.position
    for bowl in played:
        position = sow(position, bowl).position
    return len(played) if position == attempt.position else None
