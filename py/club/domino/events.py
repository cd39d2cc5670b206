"""The events of Domino Drop, typed: one ``TypedDict`` per kind, told apart by ``type``.

The rules emit ``spawned`` and ``set-started`` (D4, D6, D16), ``moved`` (D5,
D6: the player's moves, a hard drop, gravity), ``locked`` and the turn's
resolution: ``fell`` and ``cancelled`` per cascade step (D10-D12), ``scored``
(D13), ``set-finished`` (D15, D16), ``over`` (D4, D15); the Session adds
``record`` (D18) and the base's ``finished`` (``club.outcome.FinishedEvent``).
``Event`` is their union: the page reads it as ``Domino.Event``
(``tools/viewtypes.py``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

from club.outcome import FinishedEvent

#: One half of a tile on the well: [col, row, pips, link] (link: where its other half is, D2).
Half: TypeAlias = tuple[int, int, int, str]


class SpawnedEvent(TypedDict):
    """A tile appears at the spawn cells in orientation 0 (D4)."""

    type: Literal["spawned"]
    tile: list[int]  # its two pips
    at: list[int]  # [col, row, orient]
    next: tuple[int, int] | None  # the next tile, None when the set has no more


class MovedEvent(TypedDict):
    """The falling tile moved (D5, D6): ``by`` left, right, down, cw, ccw, hard or gravity."""

    type: Literal["moved"]
    by: str
    at: list[int]  # [col, row, orient] after the move


class LockedEvent(TypedDict):
    """The falling tile locked where it is (D7)."""

    type: Literal["locked"]
    cells: list[Half]  # [col, row, pips, link] per half


class FellPiece(TypedDict):
    """One piece that fell while the well settled (D10)."""

    cells: list[list[int]]  # [col, row] of its cells before the fall
    rows: int  # how far it fell


class FellEvent(TypedDict):
    """Pieces fell before cascade step ``step`` (D10, D12)."""

    type: Literal["fell"]
    step: int
    pieces: list[FellPiece]


class CancelledEvent(TypedDict):
    """One cascade step (D12): the halves that vanish and ``points``, T so far (D13)."""

    type: Literal["cancelled"]
    step: int
    cells: list[list[int]]  # [col, row, pips]
    points: int


class ScoredEvent(TypedDict):
    """A turn's T, its cascade steps, Max and Power after it, and its Power gain (D13)."""

    type: Literal["scored"]
    points: int
    chain: int
    max: int
    power: int
    power_gain: int


class SetStartedEvent(TypedDict):
    """A Marathon set begins, with its gravity (D6, D16)."""

    type: Literal["set-started"]
    set: int
    gravity: int


class SetFinishedEvent(TypedDict):
    """Every tile of set ``set`` has been played (D15, D16)."""

    type: Literal["set-finished"]
    set: int


class OverEvent(TypedDict):
    """The run ended: topped out (D4), or a Sprint's set played out (D15)."""

    type: Literal["over"]
    topped_out: bool


class Best(TypedDict):
    """The records of a mode and set (D18)."""

    max: int
    power: int
    speed: float


class RecordEvent(TypedDict):
    """The run ended: the record fields it beat and the records after it (D18);
    ``best`` is None for a game of no mode (notation-loaded), which banks nothing."""

    type: Literal["record"]
    beaten: list[str]
    best: Best | None


Event: TypeAlias = (
    SpawnedEvent | MovedEvent | LockedEvent | FellEvent | CancelledEvent | ScoredEvent | SetStartedEvent
    | SetFinishedEvent | OverEvent | RecordEvent | FinishedEvent
)
