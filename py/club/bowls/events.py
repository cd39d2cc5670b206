"""The events of Color Bowls, typed: one ``TypedDict`` per kind, told apart by ``type``.

A sow emits, in order (W6-W17): ``pickup``, then per stone ``deliver``, per
group ``match``, ``blockers`` cleared beside a match, ``erupt`` (a volcano,
its stones delivered again), the player phase's ``points`` and ``perfect``,
the refill's ``refill`` stones and their ``points``, ``expire`` and
``modifier`` (W16, W17), or ``overflow`` (W12) that ends the attempt, and
last ``changed``, the bowls whose stones differ after it (P11). ``undo``
and ``ended`` come from their actions (W19, W21); the Session adds
``achievement`` (W24), ``recorded`` and ``puzzle_solved`` (W18, W25),
``theme`` (``set_theme``, W24) and the base's ``finished``
(``club.outcome.FinishedEvent``). ``Event`` is their union: the page reads it
as ``Bowls.Event`` (``tools/viewtypes.py``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

from club.outcome import FinishedEvent


class PickupEvent(TypedDict):
    """The sown bowl's stones taken into the hand (W6)."""

    type: Literal["pickup"]
    bowl: int
    stones: str  # the hand, front first


# ``from`` is a Python keyword, hence the functional form.
DeliverEvent = TypedDict("DeliverEvent", {"type": Literal["deliver"], "from": int, "bowl": int, "stone": str})
DeliverEvent.__doc__ = """One stone of a hand lands in ``bowl`` (W6, W10): ``from`` the bowl sown or the
volcano erupting."""


class MatchEvent(TypedDict):
    """A group of one colour removed from a bowl (W8): where its stones stood."""

    type: Literal["match"]
    bowl: int
    colour: str
    stones: int  # stones of the colour removed
    jokers: int  # jokers removed with them
    slots: list[int]  # their places in the queue (front 0)


class BlockersEvent(TypedDict):
    """A match in ``by`` cleared the blockers of its neighbour ``bowl`` (W9)."""

    type: Literal["blockers"]
    bowl: int
    by: int
    count: int
    slots: list[int]  # where the blockers stood in the queue


class EruptEvent(TypedDict):
    """A volcano of six stones or more empties into a hand (W10)."""

    type: Literal["erupt"]
    bowl: int
    stones: str


class PointsEvent(TypedDict):
    """A phase's points (W13, W15): ``combo`` matching bowls, its ``multiplier``."""

    type: Literal["points"]
    phase: Literal["player", "refill"]
    stones: int  # stones removed in the phase
    combo: int  # 0 in the refill phase
    multiplier: int  # 1 in the refill phase
    points: int


class PerfectEvent(TypedDict):
    """A Perfect Clear: the ring empty after the player phase (W14)."""

    type: Literal["perfect"]
    points: int


class RefillEvent(TypedDict):
    """One refill stone joins a bowl (W16); ``event``: joker or blocker when turned (W17)."""

    type: Literal["refill"]
    bowl: int
    stone: str
    event: str | None


class ExpireEvent(TypedDict):
    """A timed modifier ran out (W16)."""

    type: Literal["expire"]
    bowl: int
    kind: str  # ice, reverse or volcano


class ModifierEvent(TypedDict):
    """An Endless event gave a bowl a modifier for ``moves`` moves (W17)."""

    type: Literal["modifier"]
    bowl: int
    kind: str  # ice, reverse or volcano
    moves: int


class OverflowEvent(TypedDict):
    """Bowls over capacity after a phase: the attempt is lost (W12)."""

    type: Literal["overflow"]
    phase: str  # player or refill
    bowls: list[int]


class ChangedEvent(TypedDict):
    """The bowls whose stones differ after a whole sow (W6-W17, refill included), ascending: what a
    screen reader says changed (P11). The last event of a sow."""

    type: Literal["changed"]
    bowls: list[int]


class UndoEvent(TypedDict):
    """The last move taken back (W21): the bowl it sowed."""

    type: Literal["undo"]
    bowl: int


class EndedEvent(TypedDict):
    """End attempt (W19): the score is final."""

    type: Literal["ended"]


class RecordedEvent(TypedDict):
    """An attempt that ended was banked (W25): did it set the mode's best, the day's?"""

    type: Literal["recorded"]
    best: bool
    daily_best: bool


class PuzzleSolvedEvent(TypedDict):
    """A puzzle solved (W18): the fewest moves now, a first solve, the puzzles solved."""

    type: Literal["puzzle_solved"]
    fewest: int
    first: bool
    solved: int


class AchievementEvent(TypedDict):
    """An achievement earned (W24), with the theme it opened (None: no more themes)."""

    type: Literal["achievement"]
    id: str
    theme: str | None


class ThemeEvent(TypedDict):
    """The theme now in use (``set_theme``, W24)."""

    type: Literal["theme"]
    theme: str


Event: TypeAlias = (
    PickupEvent | DeliverEvent | MatchEvent | BlockersEvent | EruptEvent | PointsEvent | PerfectEvent
    | RefillEvent | ExpireEvent | ModifierEvent | OverflowEvent | ChangedEvent | UndoEvent | EndedEvent | RecordedEvent
    | PuzzleSolvedEvent | AchievementEvent | ThemeEvent | FinishedEvent
)
