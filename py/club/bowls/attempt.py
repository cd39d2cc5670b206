"""One attempt of a mode: the position, its PRNG, undo/redo and the training mark (W18-W21).

``Attempt`` plays in place (its undo line is a list): each action returns an
``Outcome`` (``club.outcome``) about the attempt itself, and refuses before it
changes anything. The Session hands every action a copy (``Attempt.copy``), so
to it a step is a pure ``Attempt -> Outcome``.

>>> a = Attempt.start("daily", date="2026-11-29")
>>> b = Attempt.start("daily", date="2026-11-29")
>>> a.position == b.position and a.position.stones() == 36
True
>>> bowl = a.choosable()[0]
>>> before = a.position, a.rng
>>> a.play(bowl).accepted, a.position.moves
(True, 1)
>>> a.undo().accepted, (a.position, a.rng) == before, a.training
(True, True, True)
>>> after_redo = a.redo()
>>> after_redo.accepted, a.position.moves
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from club.bowls.events import ChangedEvent, EndedEvent, UndoEvent
from club.bowls.modes import MODES, Mode
from club.bowls.notation import print_position
from club.bowls.position import COLOURS, OVER, Position, choosable, refusal, stuck
from club.bowls.puzzles import Puzzle, judge, puzzle_by_id
from club.bowls.refill import build_start
from club.bowls.rules import sow
from club.bowls.workshop import Made
from club.outcome import Outcome
from club.rng import Rng, seed_from_text

NOTHING_TO_UNDO, NOTHING_TO_REDO = "nothing-to-undo", "nothing-to-redo"
#: Undo refused on a finished Daily: its result was banked by the Daily Club and stays final (W20, W21).
DAILY_FINAL = "daily-final"
#: Why an attempt can set no personal best (W21), as the Daily Club is told (``finished``'s ``practice``).
TRAINING = "training"
UNDO_DEPTH = 100  # moves kept for undo: keeps every save (written after each move) small


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything a move changes, as it was before the move, and the bowl sown (W21)."""

    position: Position
    rng: Rng
    collected: tuple[int, ...]
    bowl: int
    last: dict[str, Any] | None
    text: str  # the position in notation, printed once for every later save
    best_combo: int = 0  # the attempt's best combo before the move (W13)


def daily_seed(date: str) -> int:
    """W20: the Daily PRNG is seeded by its UTC date ``YYYY-MM-DD``."""
    return seed_from_text(date)


@dataclass(slots=True)
class Attempt:
    mode: Mode
    position: Position
    rng: Rng
    seed: int = 0
    date: str = ""
    collected: tuple[int, ...] = (0,) * len(COLOURS)  # ordinary stones removed per colour
    training: bool = False  # W21
    ended: bool = False  # the player pressed End attempt (W19)
    history: list[Snapshot] = field(default_factory=list)
    redo_bowls: list[int] = field(default_factory=list)  # last undone move last
    last: dict[str, Any] | None = None  # what the last move did, for the page
    puzzle: int | None = None  # W18: the puzzle played (puzzle mode only)
    recorded: bool = False  # W25: the finished attempt is counted in the profile
    new_best: bool = False  # W25: counting it raised a best (its mode's or the Daily's): its end card says so
    best_combo: int = 0  # the most matching bowls of one safe move so far (the end card, W13)
    workshop: Made | None = None  # W28: the workshop puzzle played (workshop mode only)
    _text: tuple[Position, str] | None = None  # cached notation of the current position

    @classmethod
    def start(cls, mode: str, seed: int = 0, date: str = "", position: Position | None = None) -> Attempt:
        """A new attempt; Daily ignores ``seed`` and seeds from ``date`` (W20)."""
        rules = MODES[mode]
        if rules.dated:
            seed = daily_seed(date)
        rng = Rng.from_seed(seed)
        if position is None:
            position, rng = build_start(rng)
        return cls(rules, position, rng, seed=seed, date=date if rules.dated else "")

    @classmethod
    def for_puzzle(cls, ident: int) -> Attempt:
        """W18: puzzle ``ident`` from its start position (``NotationError`` for no such puzzle)."""
        puzzle = puzzle_by_id(ident)
        return cls(MODES["puzzle"], puzzle.position, Rng.from_seed(0), puzzle=puzzle.id)

    @classmethod
    def for_workshop(cls, made: Made) -> Attempt:
        """W28: a workshop puzzle from its start position, played as W18."""
        return cls(MODES["workshop"], made.draft.position, Rng.from_seed(0), workshop=made)

    def copy(self) -> Attempt:
        """An attempt to play on: its own history and redo lists (positions are values)."""
        return replace(self, history=list(self.history), redo_bowls=list(self.redo_bowls))

    # -- state -------------------------------------------------------------
    def position_text(self) -> str:
        """The current position in notation (printed once per position)."""
        if self._text is None or self._text[0] is not self.position:
            self._text = (self.position, print_position(self.position))
        return self._text[1]

    def choosable(self) -> list[int]:
        return [] if self.status() else choosable(self.position)

    def the_puzzle(self) -> Puzzle | None:
        """The puzzle judged (W18): one of the 100, or a workshop puzzle (W28)."""
        if self.workshop is not None:
            return self.workshop.puzzle()
        return None if self.puzzle is None else puzzle_by_id(self.puzzle)

    def played(self) -> list[int]:
        """The bowls sown on the attempt's line so far (undone moves not among them)."""
        return [snap.bowl for snap in self.history]

    @property
    def limit(self) -> int | None:
        """Moves this attempt may make: the puzzle's (W18), Daily's 20 (W20), or None."""
        puzzle = self.the_puzzle()
        return puzzle.limit if puzzle is not None else self.mode.limit

    def status(self) -> str | None:
        """Why the attempt is over (W12, W18, W19, W20), or None while it goes on."""
        if self.position.lost():
            return "overflow"
        if self.ended:
            return "ended"
        puzzle = self.the_puzzle()
        if puzzle is not None:  # W18: solved, limit, stuck after a safe move
            return judge(puzzle, self.position, self.collected, self.last["combo"] if self.last else 0)
        if self.mode.limit is not None and self.position.moves >= self.mode.limit:
            return "limit"
        if stuck(self.position):
            return "stuck"
        return None

    # -- actions -----------------------------------------------------------
    def refusal(self, bowl: int) -> str | None:
        if self.status():
            return OVER
        return refusal(self.position, bowl)

    def play(self, bowl: int, keep_redo: bool = False) -> Outcome[Attempt]:
        """Sow ``bowl`` (W5-W17); a new move clears the redo list (W21)."""
        reason = self.refusal(bowl)
        if reason is not None:
            return Outcome.refuse(self, reason)
        position = self.position
        refill = self.rng if self.mode.refills_after(position.moves + 1) else None
        out = sow(position, bowl, refill, self.mode.special, log=True)
        self.history.append(
            Snapshot(position, self.rng, self.collected, bowl, self.last, self.position_text(), self.best_combo))
        if len(self.history) > UNDO_DEPTH:
            del self.history[0]
        if not keep_redo:
            self.redo_bowls.clear()
        self.position = out.position
        if out.rng is not None:
            self.rng = out.rng
        self.collected = tuple(a + b for a, b in zip(self.collected, out.collected, strict=True))
        self.last = {
            "bowl": bowl,
            "points": out.points,
            "combo": out.combo,
            "matching": list(out.matching),
            "perfect": out.perfect,
            "overflow": out.overflow,
        }
        self.best_combo = max(self.best_combo, safe_combo(self.last))
        changed: ChangedEvent = {"type": "changed", "bowls": changed_bowls(position, self.position)}
        return Outcome(self, (*(out.events or ()), changed))

    def undo_refusal(self) -> str | None:
        """Why undo is refused now (None: it is allowed). A finished Daily is
        final (``DAILY_FINAL``): the Daily Club banked it when it ended, and an
        undo would let a banked daily carry on (decision; W20 and W21 are
        silent on undo after the end)."""
        if self.ended:
            return OVER
        if self.mode.final_when_over and self.status() is not None:
            return DAILY_FINAL
        if not self.history:
            return NOTHING_TO_UNDO
        return None

    def practice(self) -> str | None:
        """Why this attempt can no longer set a personal best (W21: ``TRAINING``), None while it can."""
        return TRAINING if self.training else None

    def undo(self) -> Outcome[Attempt]:
        """W21: back to before the whole last move; Endless/Daily become training.

        An attempt recorded when it ended is open again, so it is recorded again
        when it ends again (a decision: a puzzle may then be solved in
        fewer moves; a run is training by now and sets no best), except a
        finished Daily, which is final (``undo_refusal``)."""
        reason = self.undo_refusal()
        if reason is not None:
            return Outcome.refuse(self, reason)
        snap = self.history.pop()
        self.position, self.rng, self.collected, self.last, self.best_combo = (
            snap.position, snap.rng, snap.collected, snap.last, snap.best_combo)
        self.redo_bowls.append(snap.bowl)
        self.recorded = self.new_best = False
        if self.mode.training_on_undo:
            self.training = True
        undone: UndoEvent = {"type": "undo", "bowl": snap.bowl}
        return Outcome(self, (undone,))

    def redo(self) -> Outcome[Attempt]:
        """W21: replay the last undone move (same PRNG state, so the same refill)."""
        if not self.redo_bowls:
            return Outcome.refuse(self, NOTHING_TO_REDO)
        bowl = self.redo_bowls[-1]
        result = self.play(bowl, keep_redo=True)
        if result.accepted:
            self.redo_bowls.pop()
        return result

    def end(self) -> Outcome[Attempt]:
        """W19: End attempt; the score is final and every later action is refused."""
        if self.status():
            return Outcome.refuse(self, OVER)
        self.ended = True
        ended: EndedEvent = {"type": "ended"}
        return Outcome(self, (ended,))


def changed_bowls(before: Position, after: Position) -> list[int]:
    """The bowls whose queues differ after a move (P11: the page says which changed).

    >>> from club.bowls.notation import parse
    >>> changed_bowls(parse("RG/B/-/-/-/-/-/-/-/-/-/- 0 0"), parse("-/BR/G/-/-/-/-/-/-/-/-/- 0 1"))
    [0, 1, 2]
    """
    return [b for b, (old, new) in enumerate(zip(before.bowls, after.bowls, strict=True)) if old != new]


def safe_combo(last: dict[str, Any] | None) -> int:
    """The combo a move counts for (W13): none when it overflowed (W12, as the achievements read it).

    >>> safe_combo({"combo": 3, "overflow": None}), safe_combo({"combo": 3, "overflow": "player"}), safe_combo(None)
    (3, 0, 0)
    """
    return 0 if last is None or last.get("overflow") else int(last.get("combo", 0))

