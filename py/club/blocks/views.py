"""The typed answers of the blocks Session (P4): every number the page shows.

The page (``web/games/blocks.js``) reads these keys and nothing else; a key
renamed here and not there fails the e2e suite, and ``tests/blocks`` checks a
view has exactly these keys.
"""

from __future__ import annotations

from typing import TypedDict

from club.blocks.events import Event
from club.session import Preview


class Slot(TypedDict):
    slot: int
    piece: str | None  # notation of the piece (B3), None when the slot is used
    shape: str | None
    family: int | None  # colour family index (cosmetic, one per shape)
    cells: list[list[int]]  # [dq, dr] offsets from the piece's centre
    fits: bool  # the piece has a legal drop somewhere (B15)
    targets: list[int]  # cell indices where its centre may drop


class Card(TypedDict):
    stars: int
    best: int
    crowns: int
    runs: int


class View(TypedDict):
    board: str  # 61 characters in reading order: '.' empty, else the filled cell
    tray: list[Slot]
    score: int
    streak: int
    bonus: int  # % the next clearing drop adds to its clear points (B11)
    meter: int  # lit edges of the 6E meter, 0-5 (B12)
    crowns: int
    redeals: int
    redeal_offered: bool
    over: bool
    drops: int
    rows_cleared: int  # rows cleared in this run (the end card)
    in_progress: bool  # New run would bank this run (B17: not over, one drop made): the page asks first
    stars: int  # Club Stars this run would bank (score // 10, B16)
    banked: bool
    new_best: bool  # banking this run raised the best score (B16): the end card's line, after a reload too
    profile: Card


class Geometry(TypedDict):
    radius: int
    cells: list[list[int]]  # [q, r] in reading order
    rows: list[list[int]]  # the 27 rows as cell indices (B2)
    shapes: list[str]
    keys: dict[str, dict[str, str]]  # cell "q:r" -> screen direction (left, right, up, down) -> the cell it moves to (B19)
    meter_edges: int  # edges of the 6E meter: that many row clears make a Crown (B12)
    crown_points: int  # points of a 6E Crown (B12): the HUD's hint says it
    names: list[list[int]]  # [row, cell] of each cell, reading order: what a listener hears (club.blocks.clears)


class ClearingDrop(TypedDict):
    """A legal drop that completes a row (P11's list of drops that clear)."""

    slot: int
    cell: str  # "q:r" of the piece's centre (B5, B24)
    cells: list[str]  # "q:r" the drop fills, reading order
    rows: int  # rows it completes (B9)
    cleared: int  # distinct cells those rows clear
    points: int  # the drop's points, streak bonus and Crowns included (B10-B12)


class PreviewAnswer(Preview):
    events: list[Event]  # the contract's events, as this game's
    legal: bool
    cells: list[list[int]]  # [q, r] the drop fills (B20), [] when refused
    rows: list[int]  # rows it completes
