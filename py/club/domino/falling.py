"""The falling tile: its cells, moves, rotations with the one kick, landing (D3, D5).

>>> from club.domino.well import Well
>>> well = Well.empty(4, 3)
>>> tile = Falling(3, 4, 2, 0, 1)            # vertical in the last-but-one column
>>> moved(well, tile, "right")                # into the last column: fine
Falling(a=3, b=4, col=3, row=0, orient=1)
>>> moved(well, moved(well, tile, "right"), "cw")  # O2 needs column 4: kicked to column 2
Falling(a=3, b=4, col=2, row=0, orient=2)
>>> landing_row(well, tile)
1
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from club.domino.tiles import OFFSETS, tile_cells
from club.domino.well import Well

MOVES = ("left", "right", "down", "cw", "ccw")


@dataclass(frozen=True, slots=True)
class Falling:
    """Tile ``a-b`` with its top-left cell at ``(col, row)`` in orientation ``orient``."""

    a: int
    b: int
    col: int
    row: int
    orient: int

    def cells(self) -> tuple[tuple[int, int, int, str], ...]:
        return tile_cells(self.a, self.b, self.col, self.row, self.orient)

    def text(self) -> str:
        """The ``falling`` report ``C:R@O`` (D20)."""
        return f"{self.col}:{self.row}@{self.orient}"


def fits(well: Well, col: int, row: int, orient: int) -> bool:
    """Both halves inside the well on free cells (D5: else blocked)."""
    (dca, dra), (dcb, drb) = OFFSETS[orient]
    return well.free(col + dca, row + dra) and well.free(col + dcb, row + drb)


def resting(well: Well, tile: Falling) -> bool:
    """The tile cannot move down one row (the lock delay runs, D7)."""
    return not fits(well, tile.col, tile.row + 1, tile.orient)


def moved(well: Well, tile: Falling, move: str) -> Falling | None:
    """The tile after ``move`` (one of ``MOVES``), or None when blocked (D5).

    Only a blocked rotation into O0 or O2 is tried once more one column to
    the left, same row; plain moves and rotations into O1/O3 never kick.
    """
    col, row, orient = tile.col, tile.row, tile.orient
    if move == "left":
        col -= 1
    elif move == "right":
        col += 1
    elif move == "down":
        row += 1
    else:
        orient = (orient + (1 if move == "cw" else 3)) % 4
        if not fits(well, col, row, orient) and orient % 2 == 0:
            col -= 1
    if not fits(well, col, row, orient):
        return None
    return replace(tile, col=col, row=row, orient=orient)


def landing_row(well: Well, tile: Falling) -> int:
    """The row where a hard drop would leave the tile's top-left cell (the ghost)."""
    row = tile.row
    while fits(well, tile.col, row + 1, tile.orient):
        row += 1
    return row
