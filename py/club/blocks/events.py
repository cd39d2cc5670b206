"""The events of blocks, typed: one ``TypedDict`` per kind, told apart by ``type``.

``rules.place`` and ``rules.redeal`` emit them in this order (B7, B9-B14):
``placed``, ``cleared``, ``points``, ``meter``, ``crown``, ``dealt``, ``over``;
the Session adds ``banked`` (B16) and the base's ``finished``
(``club.outcome.FinishedEvent``). ``Event`` is their union: the page reads it as
``Blocks.Event`` (``tools/viewtypes.py``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

from club.outcome import FinishedEvent


class PlacedEvent(TypedDict):
    """A piece dropped (B7): its slot, centre cell and the cells it filled."""

    type: Literal["placed"]
    slot: int
    cell: str  # the centre cell, "q:r"
    piece: str  # notation of the piece (B3)
    shape: str
    family: int  # colour family index (cosmetic, one per shape)
    cells: list[str]  # the cells filled, "q:r", in reading order


class ClearedEvent(TypedDict):
    """Rows completed by the drop, cleared together (B9)."""

    type: Literal["cleared"]
    rows: list[int]  # row indices (B2)
    count: int  # how many rows
    cells: list[str]  # every cell emptied, "q:r"


class PointParts(TypedDict):
    placement: int
    clear: int
    streak_bonus: int
    crown: int


class PointsEvent(TypedDict):
    """The drop's points and their parts (B10-B12); ``streak``: clearing drops in a row."""

    type: Literal["points"]
    points: int
    streak: int
    parts: PointParts


class MeterEvent(TypedDict):
    """The 6E meter lit ``edges`` (B12), from ``before`` to ``after`` (0-5)."""

    type: Literal["meter"]
    before: int
    after: int
    edges: list[int]


class CrownEvent(TypedDict):
    """A full meter made ``won`` Crowns (B12); ``crowns``: the run's after it."""

    type: Literal["crown"]
    won: int
    crowns: int


class DealtEvent(TypedDict):
    """A new tray: all three used (B6) or the re-deal (B14)."""

    type: Literal["dealt"]
    why: Literal["used", "redeal"]
    tray: list[str]  # the three pieces in notation


class OverEvent(TypedDict):
    """No piece of the tray fits (B15): the run is over."""

    type: Literal["over"]
    score: int


class BankedEvent(TypedDict):
    """The run went on the player card (B16): its Club Stars and the best after it."""

    type: Literal["banked"]
    score: int
    stars: int
    best: int
    new_best: bool


Event: TypeAlias = (
    PlacedEvent | ClearedEvent | PointsEvent | MeterEvent | CrownEvent | DealtEvent | OverEvent
    | BankedEvent | FinishedEvent
)
