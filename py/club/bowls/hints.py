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

from typing import TypedDict

from club.bowls.attempt import Attempt
from club.bowls.move import sow
from club.bowls.position import BAD_ACTION, OVER
from club.bowls.puzzles import Puzzle
from club.bowls.solver import solve

NO_SOLUTION = "no-solution"
HINT_BUDGET_SPENT = "budget"  # the search stopped at its budget: no hint from here
# Moves the hint's solver may try off the solution path. It runs on the page's only
# thread: 1,200 moves cost at most ~50 ms in CPython (measured, CPU time, worst
# crafted position ~40 us a move; Pyodide is 2-3x slower) where the unbounded search
# took 0.5 s after one wrong move on puzzle 99 and 2.4 s from a crafted save.
HINT_BUDGET = 1200


class Hint(TypedDict):
    bowl: int | None
    reason: str | None  # bad-action (no puzzle), over, no-solution, budget


def hint(attempt: Attempt) -> Hint:
    puzzle = attempt.the_puzzle()
    if puzzle is None:
        return {"bowl": None, "reason": BAD_ACTION}
    if attempt.status() is not None:
        return {"bowl": None, "reason": OVER}
    played = on_path(puzzle, attempt)
    if played is not None:
        return {"bowl": puzzle.solution[played], "reason": None}
    left = puzzle.limit - attempt.position.moves
    found = solve(attempt.position, puzzle.goal, left, attempt.collected, budget=HINT_BUDGET)
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
