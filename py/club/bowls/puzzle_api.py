"""Puzzle mode, achievements and themes for the page: the Session's part 2 methods (W18, W21, W24, W25).

Importing this module registers the ``puzzle`` mode (no refill, undo is plain
help) with a ``judge`` (the goal after every safe move, the puzzle's own move
limit) and a ``describe`` (the goal and its progress for the page).
``club.bowls.api.Session`` inherits ``PuzzleMethods``.

>>> import json
>>> from club.bowls.api import Session
>>> s = Session()
>>> v = s.puzzle_new({"puzzle": 1})
>>> v["mode"], v["puzzle"]["id"], v["puzzle"]["movesLeft"], v["over"]
('puzzle', 1, 1, False)
>>> s.hint({})["bowl"] == puzzle_by_id(1).solution[0]
True
>>> r = s.sow({"bowl": puzzle_by_id(1).solution[0]})
>>> r["view"]["status"], r["view"]["puzzle"]["progress"]["left"]
('solved', 0)
>>> s.sow({"bowl": 4})["reason"]
'over'
>>> answer = s.puzzle_record({"profile": ""})
>>> answer["recorded"], answer["fewest"], json.loads(answer["profile"])["puzzles"]
(True, 1, {'1': 1})
"""

from __future__ import annotations

from typing import Any

from club.bowls import achievements as awards
from club.bowls.attempt import Attempt
from club.bowls.goals import progress
from club.bowls.modes import Mode, register
from club.bowls.move import sow
from club.bowls.profile import dump_profile, parse_profile
from club.bowls.puzzles import COUNT, SOLVED, Puzzle, judge, load_puzzles, puzzle_by_id, specials
from club.bowls.solver import solve
from club.errors import NotationError

MODE = "puzzle"
NO_SOLUTION = "no-solution"
HINT_BUDGET_SPENT = "budget"  # the search stopped at its budget: no hint from here
# Moves the hint's solver may try off the solution path. It runs on the page's only
# thread: 1,200 moves cost at most ~50 ms in CPython (measured, CPU time, worst
# crafted position ~40 us a move; Pyodide is 2-3x slower) where the unbounded search
# took 0.5 s after one wrong move on puzzle 99 and 2.4 s from a crafted save.
HINT_BUDGET = 1200


def _puzzle(attempt: Attempt) -> Puzzle:
    ident = attempt.extra.get("puzzle")
    if not isinstance(ident, int) or isinstance(ident, bool):
        raise NotationError("extra", "a puzzle attempt names its puzzle")
    return puzzle_by_id(ident)


def _combos(attempt: Attempt) -> list[int]:
    """Matching bowls of every move of the attempt so far (W13), oldest first."""
    lasts = [snap.last for snap in attempt.history[1:]] + [attempt.last]
    return [last["combo"] for last in lasts if last]


def _judge(attempt: Attempt) -> str | None:
    """W18: solved, limit, stuck (overflow and End are checked before this hook)."""
    last = attempt.last
    return judge(_puzzle(attempt), attempt.position, attempt.collected, last["combo"] if last else 0)


def _describe(attempt: Attempt) -> dict[str, Any]:
    puzzle = _puzzle(attempt)
    position = attempt.position
    best_combo = max(_combos(attempt), default=0)
    return {
        "limit": puzzle.limit,
        "movesLeft": max(0, puzzle.limit - position.moves),
        "puzzle": {
            "id": puzzle.id,
            "title": puzzle.title,
            "goal": goal_view(puzzle),
            "limit": puzzle.limit,
            "movesLeft": max(0, puzzle.limit - position.moves),
            "progress": progress(puzzle.goal, position, attempt.collected, best_combo),
            "solved": attempt.status() == SOLVED,
            "last": puzzle.id == COUNT,
        },
    }


register(Mode(MODE, refills=False, special=False, limit=None, training_on_undo=False,
              judge=_judge, describe=_describe))


def _on_path(puzzle: Puzzle, attempt: Attempt) -> int | None:
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


def goal_view(puzzle: Puzzle) -> dict[str, Any]:
    goal = puzzle.goal
    return {"kind": goal.kind, "colour": goal.colour, "count": goal.count}


def _profile(payload: dict[str, Any]) -> dict[str, Any]:
    text = payload.get("profile") or ""
    if not isinstance(text, str):
        raise NotationError("profile", "profile must be text")
    profile = parse_profile(text)
    awards.check_profile(profile)
    return profile


class PuzzleMethods:
    """The Session's puzzle, achievement and theme methods (mixed into ``api.Session``)."""

    attempt: Attempt | None
    _save: str | None

    def view(self, payload: dict[str, Any]) -> dict[str, Any]:  # provided by Session
        raise NotImplementedError

    def _adopt(self, attempt: Attempt, save_text: str | None) -> dict[str, Any]:  # provided by Session
        raise NotImplementedError

    # -- puzzles (W18) ---------------------------------------------------------------
    def puzzles(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The grid: every puzzle with its goal and limit, solved marks and fewest moves,
        and the next unsolved one (``{"profile": text}``)."""
        profile = _profile(payload)
        solved = profile.get("puzzles", {})
        rows = []
        for puzzle in load_puzzles():
            rows.append({
                "id": puzzle.id,
                "title": puzzle.title,
                "goal": goal_view(puzzle),
                "limit": puzzle.limit,
                "specials": sorted(specials(puzzle.position)),
                "fewest": solved.get(str(puzzle.id)),
            })
        upcoming = next((row["id"] for row in rows if row["fewest"] is None), None)
        return {"puzzles": rows, "next": upcoming, "solved": len(solved)}

    def puzzle_new(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Start (or restart) puzzle ``{"puzzle": id}`` from its start position."""
        ident = payload.get("puzzle")
        if not isinstance(ident, int) or isinstance(ident, bool):
            raise NotationError("puzzle", "puzzle must be an id 1-100")
        puzzle = puzzle_by_id(ident)
        attempt = Attempt.start(MODE, position=puzzle.position)
        attempt.extra["puzzle"] = puzzle.id
        return self._adopt(attempt, None)

    def hint(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The solver's next move from here (W18), or why there is none.

        On the stored solution's path the answer is immediate; elsewhere the
        solver searches the moves left (at most the puzzle's limit) within
        ``HINT_BUDGET`` tried moves: ``no-solution`` when it proved there is
        none, ``budget`` when it gave up first ("no hint from here").
        """
        attempt = self.attempt
        if attempt is None or attempt.mode.name != MODE:
            return {"bowl": None, "reason": "bad-action"}
        if attempt.status() is not None:
            return {"bowl": None, "reason": "over"}
        puzzle = _puzzle(attempt)
        played = _on_path(puzzle, attempt)
        if played is not None:
            return {"bowl": puzzle.solution[played], "reason": None}
        left = puzzle.limit - attempt.position.moves
        found = solve(attempt.position, puzzle.goal, left, attempt.collected, budget=HINT_BUDGET)
        if found.solution is None:
            return {"bowl": None, "reason": HINT_BUDGET_SPENT if found.exhausted else NO_SOLUTION}
        return {"bowl": found.solution[0], "reason": None}

    def puzzle_record(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Fold a solved puzzle into the profile once: solved mark, fewest moves (W18, W25),
        and the achievements it earns (10 and 50 solved, W24)."""
        profile = _profile(payload)
        attempt = self.attempt
        answer: dict[str, Any] = {"recorded": False, "new": [], "fewest": None, "first": False}
        if attempt is not None and attempt.mode.name == MODE and attempt.status() == SOLVED:
            puzzle = _puzzle(attempt)
            key = str(puzzle.id)
            before = profile.get("puzzles", {}).get(key)
            if not attempt.extra.get("puzzleRecorded"):
                profile, answer["new"] = awards.solve_puzzle(profile, puzzle.id, attempt.position.moves)
                attempt.extra["puzzleRecorded"] = True
                self._save = None
                answer["recorded"] = True
            answer["first"] = before is None
            answer["fewest"] = profile["puzzles"][key]
        return {**answer, **self._awards_view(profile)}

    # -- achievements and themes (W24) ---------------------------------------------------
    def achievements(self, payload: dict[str, Any]) -> dict[str, Any]:
        """After an accepted action in any mode: the achievements it earned (W24).

        The facts come from the attempt itself: its mode, the last player
        phase's combo and Perfect Clear, its score and how it ended.
        """
        profile = _profile(payload)
        attempt = self.attempt
        new: list[str] = []
        if attempt is not None and attempt.last is not None:
            last = attempt.last
            facts = {
                "mode": attempt.mode.name,
                "combo": last.get("combo", 0) if not last.get("overflow") else 0,
                "perfect": bool(last.get("perfect")),
                "score": attempt.position.score,
                "status": attempt.status(),
            }
            profile, new = awards.award(profile, facts)
        return {"new": new, **self._awards_view(profile)}

    def themes(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The gallery: all seven themes, which are open, the one in use, the achievements."""
        return self._awards_view(_profile(payload))

    def set_theme(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Use theme ``{"theme": name}`` if it is unlocked (W24); refused otherwise."""
        profile = _profile(payload)
        name = payload.get("theme")
        chosen = awards.choose_theme(profile, name) if isinstance(name, str) else None
        if chosen is None:
            return {"accepted": False, "reason": "locked", **self._awards_view(profile)}
        return {"accepted": True, "reason": None, **self._awards_view(chosen)}

    def _awards_view(self, profile: dict[str, Any]) -> dict[str, Any]:
        return {
            "profile": dump_profile(profile),
            "themes": list(awards.THEMES),
            "unlocked": awards.unlocked(profile),
            "theme": awards.theme(profile),
            "achievements": list(awards.ACHIEVEMENTS),
            "earned": awards.earned(profile),
            "solved": awards.solved_count(profile),
        }
