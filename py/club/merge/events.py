"""The events of Hex Merge, typed: one ``TypedDict`` per kind, told apart by ``type``.

``rules.place`` emits, in order (M5-M13, M17): ``set``, per chain step a
``merged`` per group then its ``chain``, ``scored`` (the whole move),
``next`` and ``over``; a refused preview of a spot outlines it with
``misfit`` (M13). ``rotate`` emits ``turn`` (M4); the Session adds
``recorded`` (the round on the profile) and the base's ``finished``
(``club.outcome.FinishedEvent``). ``Event`` is their union: the page reads it
as ``Merge.Event`` (``tools/viewtypes.py``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

from club.outcome import FinishedEvent


class SetEvent(TypedDict):
    """The piece set on the board (M5): its cells and their values, in piece order."""

    type: Literal["set"]
    cells: list[str]  # "q:r"
    values: list[int]


class MergedEvent(TypedDict):
    """One group of chain step ``step`` merged into one stone of ``result`` on ``target`` (M8-M10)."""

    type: Literal["merged"]
    step: int  # 1, 2, 3...
    value: int  # v (2 for a pure joker group)
    result: int  # 2v
    cells: list[str]  # the group's cells, "q:r", reading order
    target: str  # where the 2v stone is set (M9)
    points: int  # M10
    joker: bool  # a joker took part
    pure: bool  # jokers only
    factor: int


class ChainEvent(TypedDict):
    """Chain step ``step`` done: its groups and points (M10)."""

    type: Literal["chain"]
    step: int
    groups: int
    points: int


class ScoredEvent(TypedDict):
    """The whole move at once (M10, M13, M17): its points, groups and chain steps,
    and every cell a merge empties or fills, in reading order."""

    type: Literal["scored"]
    points: int
    groups: int
    chain: int
    merging: list[str]


class NextEvent(TypedDict):
    """The pieces now current and next (M3)."""

    type: Literal["next"]
    current: list[int]
    next: list[int]


class OverEvent(TypedDict):
    """The current piece has no legal placement: the round is over (M6); its score, moves, highest (M11)."""

    type: Literal["over"]
    score: int
    moves: int
    highest: int


class MisfitEvent(TypedDict):
    """A preview's refused spot (M13): the on-board cells the piece would take."""

    type: Literal["misfit"]
    cells: list[str]
    taken: list[str]  # those of them a stone already holds (M5: what makes the spot "occupied"), read out (P11)


class TurnEvent(TypedDict):
    """The current pair turned (M4): its turn now."""

    type: Literal["turn"]
    turn: int


class RecordedEvent(TypedDict):
    """The round went on the profile (finished, or abandoned): the best after it."""

    type: Literal["recorded"]
    best: int
    new_best: bool


Event: TypeAlias = (
    SetEvent | MergedEvent | ChainEvent | ScoredEvent | NextEvent | OverEvent | MisfitEvent | TurnEvent
    | RecordedEvent | FinishedEvent
)
