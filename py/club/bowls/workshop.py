"""The Puzzle Workshop (W28): a puzzle a player builds, checked, proven and played.

A ``Draft`` is what the player built: a start position (W26 notation, within
W18's limits for a puzzle start), a goal (W18 grammar), a limit of 1 to 12
moves and an optional plain-text title of at most 40 characters. Every way
in refuses with a *reason code* (``WorkshopError.field``), never an engine
error, so the editor page can say what is wrong in the player's language:

- ``limits(position)``: W18's start limits, each broken one with its bowl,
  cheap enough for every edit (``overfull``, ``ready-match``,
  ``ready-volcano``, ``long-count``, ``not-at-start``, ``nothing-to-sow``);
- ``read_draft(payload)``: the fields (``bad-position``, ``bad-goal``,
  ``bad-limit``, ``bad-title``), then the limits (``start-limits``) and a
  goal already met at the start (``goal-met``);
- ``check_steps(draft)``: the proof in slices (``club.bowls.proof``): the par,
  whether the shortest solution is unique and a difficulty, or
  ``no-solution`` (none within the limit) or ``budget`` (the search's budget
  spent: the puzzle must be smaller or its limit lower before it is shared);
- ``solved_by(draft, moves)``: the author's moves replayed as an attempt
  (``bad-moves``, ``not-solved``).

>>> draft = read_draft({"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 3})
>>> verdict = check(draft)
>>> verdict.par, verdict.unique, verdict.difficulty["stars"]
(2, False, 1)
>>> solved_by(draft, [2, 6])
2
>>> read_draft({"position": "RRR/-/-/-/-/-/-/-/-/-/-/- 0 0", "goal": "empty", "limit": 3})
Traceback (most recent call last):
...
club.bowls.workshop.WorkshopError: start-limits: the start breaks W18's limits: ready-match (bowl 0)
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from club.bowls.goals import Goal, goal_met, parse_goal, print_goal
from club.bowls.notation import parse, print_position
from club.bowls.phase import match_bowl
from club.bowls.position import CAPACITY, COLOURS, PERMANENT, RING, VOLCANO, Position, choosable
from club.bowls.proof import BUDGET, Proof, prove_steps
from club.bowls.puzzles import SOLVED, VOLCANO_READY, Puzzle, replay
from club.bowls.solver import run
from club.errors import NotationError, is_int

MAX_LIMIT = 12  # W28: a limit of 1 to 12 moves
MAX_TITLE = 40  # W28: a title of at most 40 characters
#: The longest temporary count a workshop modifier may have (W16): two digits,
#: so the code stays within its 600 characters (our bound; W26 sets none).
MAX_MOD_COUNT = 99
#: The longest position text read (a full board with every modifier is under 240).
MAX_POSITION = 400
#: Characters a title may not hold: controls (a line break, NUL...) and the
#: bidirectional overrides that make text read otherwise than it is stored.
#: Listed, not read from ``unicodedata``, so CPython and Pyodide agree.
FORBIDDEN = frozenset([*map(chr, range(0x20)), *map(chr, range(0x7F, 0xA0)), "\u2028", "\u2029",
                       *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))])

# Reason codes of a broken start limit (W18), each with its bowl (None: the whole board).
OVERFULL, READY_MATCH, READY_VOLCANO, LONG_COUNT = "overfull", "ready-match", "ready-volcano", "long-count"
NOT_AT_START, NOTHING_TO_SOW = "not-at-start", "nothing-to-sow"
LIMIT_REASONS = (OVERFULL, READY_MATCH, READY_VOLCANO, LONG_COUNT, NOT_AT_START, NOTHING_TO_SOW)
# Reason codes of a refused draft, check or code (the error's ``field``).
BAD_POSITION, BAD_GOAL, BAD_LIMIT, BAD_TITLE, BAD_MOVES = (
    "bad-position", "bad-goal", "bad-limit", "bad-title", "bad-moves")
START_LIMITS, GOAL_MET, NO_SOLUTION, BUDGET_SPENT, NOT_SOLVED = (
    "start-limits", "goal-met", "no-solution", "budget", "not-solved")
REASONS = (BAD_POSITION, BAD_GOAL, BAD_LIMIT, BAD_TITLE, BAD_MOVES, START_LIMITS, GOAL_MET, NO_SOLUTION,
           BUDGET_SPENT, NOT_SOLVED)


class WorkshopError(NotationError):
    """A draft, check or code refused; ``field`` is its reason code, ``limits`` the
    start limits it breaks (``start-limits``)."""

    def __init__(self, field: str, message: str = "", limits: Sequence[Limit] = ()) -> None:
        super().__init__(field, message)
        self.limits = list(limits)


class Limit(TypedDict):
    """One of W18's start limits broken: its reason code and bowl (None: the whole board)."""

    reason: str
    bowl: int | None


class Difficulty(TypedDict):
    """How hard the search found it (W28): ``stars`` 1-5 from the boards it had to
    tell apart per shortest solution, and what it counted."""

    stars: int
    states: int  # distinct boards the search kept
    dead_ends: int  # moves that overflow (W12) or leave a board the goal can no longer be met from
    nodes: int  # moves tried


@dataclass(frozen=True, slots=True)
class Draft:
    """A built puzzle: its start, goal, limit (1-12) and title (plain text, may be empty)."""

    position: Position
    goal: Goal
    limit: int
    title: str = ""

    def puzzle(self, solution: tuple[int, ...] = ()) -> Puzzle:
        """The draft as a W18 puzzle (id 0: none of the 100), judged as they are."""
        return Puzzle(0, self.title, self.position, self.goal, self.limit, solution)

    def fields(self) -> dict[str, Any]:
        """The payload fields it was read from (``read_draft`` gives it back)."""
        return {"position": print_position(self.position), "goal": print_goal(self.goal), "limit": self.limit,
                "title": self.title}


@dataclass(frozen=True, slots=True)
class Verdict:
    """A proven draft (W28): its par, one shortest solution, uniqueness, difficulty."""

    par: int
    solution: tuple[int, ...]
    unique: bool
    difficulty: Difficulty


def limits(position: Position) -> list[Limit]:
    """W18's limits for a puzzle start that ``position`` breaks, bowl by bowl (none: []).

    >>> limits(parse("RGBYPRG/-/-/-/-/-/-/-/-/-/-/- 0 0"))
    []
    >>> [(x["reason"], x["bowl"]) for x in limits(parse("RRGGBBYP/RRJ/RGBYPJ[v]/-[i100]/-/-/-/-/-/-/-/- 0 1"))]
    [('overfull', 0), ('ready-match', 1), ('ready-volcano', 2), ('long-count', 3), ('not-at-start', None)]
    >>> [x["reason"] for x in limits(parse("-/-/-/-/-/-/-/-/-/-/-/R[i] 0 0"))]
    ['nothing-to-sow']
    """
    found: list[Limit] = []
    for bowl, queue in enumerate(position.bowls):
        if len(queue) > CAPACITY:
            found.append({"reason": OVERFULL, "bowl": bowl})
        if match_bowl(queue) is not None:
            found.append({"reason": READY_MATCH, "bowl": bowl})
        if position.mods[bowl][VOLCANO] and len(queue) >= VOLCANO_READY:
            found.append({"reason": READY_VOLCANO, "bowl": bowl})
        if any(n != PERMANENT and n > MAX_MOD_COUNT for n in position.mods[bowl]):
            found.append({"reason": LONG_COUNT, "bowl": bowl})
    if position.score or position.moves:
        found.append({"reason": NOT_AT_START, "bowl": None})
    if not choosable(position):
        found.append({"reason": NOTHING_TO_SOW, "bowl": None})
    return found


def read_position(text: object) -> Position:
    """A start position from its notation (``bad-position``)."""
    if not isinstance(text, str) or len(text) > MAX_POSITION:
        raise WorkshopError(BAD_POSITION, f"a position is notation text of at most {MAX_POSITION} characters")
    try:
        return parse(text)
    except NotationError as exc:
        raise WorkshopError(BAD_POSITION, f"{exc.field}: {exc.message}") from None


def read_title(title: object) -> str:
    """A title: plain text of at most 40 characters, no line breaks or control characters
    (``bad-title``). Markup is text like any other: the page shows it as written.

    >>> read_title("<b>Mine</b> & yours"), read_title("")
    ('<b>Mine</b> & yours', '')
    >>> read_title("two\\nlines")
    Traceback (most recent call last):
    ...
    club.bowls.workshop.WorkshopError: bad-title: a title is one line of plain text
    """
    if not isinstance(title, str) or len(title) > MAX_TITLE:
        raise WorkshopError(BAD_TITLE, f"a title is text of at most {MAX_TITLE} characters")
    if any(ch in FORBIDDEN or "\ud800" <= ch <= "\udfff" for ch in title):
        raise WorkshopError(BAD_TITLE, "a title is one line of plain text")
    return title


def read_draft(payload: dict[str, Any], start_checked: bool = True) -> Draft:
    """The draft a payload ``{"position", "goal", "limit", "title"?}`` holds, every
    field checked; ``start_checked``: also W18's start limits and a goal met at the start."""
    position = read_position(payload.get("position"))
    try:
        goal = parse_goal(payload.get("goal"))
    except NotationError as exc:
        raise WorkshopError(BAD_GOAL, exc.message) from None
    limit = payload.get("limit")
    if not is_int(limit) or not 1 <= limit <= MAX_LIMIT:
        raise WorkshopError(BAD_LIMIT, f"a limit is 1 to {MAX_LIMIT} moves")
    draft = Draft(position, goal, limit, read_title(payload.get("title", "")))
    if start_checked:
        broken = limits(position)
        if broken:
            said = ", ".join(x["reason"] + ("" if x["bowl"] is None else f" (bowl {x['bowl']})") for x in broken)
            raise WorkshopError(START_LIMITS, f"the start breaks W18's limits: {said}", broken)
        if goal_met(goal, position, (0,) * len(COLOURS), 0):
            raise WorkshopError(GOAL_MET, "the goal is met before any move")
    return draft


def check(draft: Draft, budget: int = BUDGET) -> Verdict:
    """``check_steps`` run to its end at once."""
    return run(check_steps(draft, budget))


def check_steps(draft: Draft, budget: int = BUDGET) -> Generator[int, None, Verdict]:
    """The proof of a read draft (``read_draft``) in slices: yields the moves tried
    so far, returns the ``Verdict``; ``no-solution`` or ``budget`` refuse it."""
    proof = yield from prove_steps(draft.position, draft.goal, draft.limit, budget)
    return verdict_of(proof, draft.limit)


def verdict_of(proof: Proof, limit: int) -> Verdict:
    if proof.spent:
        raise WorkshopError(BUDGET_SPENT, f"the search tried {proof.nodes} moves without an answer: "
                                          "a smaller puzzle or a lower limit")
    if proof.par is None or proof.solution is None:
        raise WorkshopError(NO_SOLUTION, f"no solution within {limit} moves")
    return Verdict(proof.par, proof.solution, proof.solutions == 1, difficulty(proof))


def difficulty(proof: Proof) -> Difficulty:
    """Stars 1-5 (W28): the decades of boards the search kept per shortest solution,
    plus one for a unique one; a puzzle of one move is one star.

    >>> difficulty(Proof(1, (0,), 1, 5, 300, 0, 0))["stars"], difficulty(Proof(7, (0,) * 7, 1, 10**5, 10**7, 17_000, 0))["stars"]
    (1, 5)
    """
    par = proof.par or 0
    per_solution = proof.states / max(1, proof.solutions)
    stars = 1 if par <= 1 else min(5, 1 + int(math.log10(1 + per_solution)) + (proof.solutions == 1))
    return {"stars": stars, "states": proof.states, "dead_ends": proof.dead_ends, "nodes": proof.nodes}


def read_moves(moves: object, limit: int) -> tuple[int, ...]:
    """A list of 1 to ``limit`` bowls 0-11 (``bad-moves``)."""
    if not isinstance(moves, list) or not 1 <= len(moves) <= limit or \
            not all(is_int(bowl) and 0 <= bowl < RING for bowl in moves):
        raise WorkshopError(BAD_MOVES, f"moves are a list of 1 to {limit} bowls 0-11")
    return tuple(moves)


def solved_by(draft: Draft, moves: object) -> int:
    """How many moves the author's ``moves`` took to solve ``draft`` as an attempt
    (W18: every move allowed, the goal met by the last one within the limit);
    ``not-solved`` otherwise."""
    bowls = read_moves(moves, draft.limit)
    status, position, _ = replay(draft.puzzle(), bowls)
    if status != SOLVED or position.moves != len(bowls):
        raise WorkshopError(NOT_SOLVED, "the moves do not solve the puzzle within its limit")
    return len(bowls)


@dataclass(frozen=True, slots=True)
class Made:
    """A workshop puzzle as an attempt plays it (W28, played as W18): the draft, one
    shortest ``solution`` when the proof gave one (its length is the par; the hint
    follows it), and the ``author``'s moves when it came from a code."""

    draft: Draft
    solution: tuple[int, ...] = ()
    author: tuple[int, ...] = ()

    @property
    def par(self) -> int | None:
        return len(self.solution) or None

    def puzzle(self) -> Puzzle:
        return self.draft.puzzle(self.solution)

    def fields(self) -> dict[str, Any]:
        """As a save keeps it (``read_made`` reads it back)."""
        return {**self.draft.fields(), "solution": list(self.solution), "author": list(self.author)}


def read_made(value: object) -> Made:
    """A workshop puzzle as a save keeps it, every field checked as a draft is and its
    two lines of moves replayed (each empty, or solving it within the limit; the
    solution no longer than the author's), so a save cannot carry a puzzle the
    workshop would refuse."""
    if not isinstance(value, dict) or set(value) != {"position", "goal", "limit", "title", "solution", "author"}:
        raise WorkshopError("workshop", "a workshop attempt keeps its puzzle's fields")
    draft = read_draft(value)
    lines = [(), ()]
    for index, key in enumerate(("solution", "author")):
        moves = value[key]
        if moves != []:
            solved_by(draft, moves)
            lines[index] = tuple(moves)
    if lines[0] and lines[1] and len(lines[0]) > len(lines[1]):
        raise WorkshopError("workshop", "the shortest solution is longer than the author's")
    return Made(draft, lines[0], lines[1])
