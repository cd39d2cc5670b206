"""The merge board (M1): 37 hex cells of radius 3, as indices in reading order.

Rules work on a flat tuple of 37 ints (``Board``) so that a move or a preview
copies one small list instead of a dict. Index order is reading order, so a
tie "broken by reading order" is simply the smaller index.

>>> len(CELLS), ROW_LENGTHS
(37, (4, 5, 6, 7, 6, 5, 4))
>>> CELLS[INDEX[Hex(0, 0)]]
Hex(q=0, r=0)
>>> [str(CELLS[i]) for i in NEIGHBORS[INDEX[Hex(0, -3)]]]
['1:-3', '-1:-2', '0:-2']
>>> STEP[INDEX[Hex(3, -3)]][0]
-1
>>> DISTANCE[0][36]
6
"""

from __future__ import annotations

from club.hexgrid import DIRECTIONS, Hex, distance, hexagon, on_board, reading_rows

RADIUS = 3
EMPTY = 0
JOKER = -1

#: A board: one int per cell in reading order; EMPTY, JOKER or a number >= 2.
Board = tuple[int, ...]

CELLS: tuple[Hex, ...] = hexagon(RADIUS)
INDEX: dict[Hex, int] = {cell: i for i, cell in enumerate(CELLS)}
ROW_LENGTHS: tuple[int, ...] = tuple(len(row) for row in reading_rows(RADIUS))
SIZE = len(CELLS)

#: STEP[i][k]: index of the neighbour of cell i in direction k, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get(cell + d, -1) if on_board(cell + d, RADIUS) else -1 for d in DIRECTIONS)
    for cell in CELLS
)
#: NEIGHBORS[i]: the on-board neighbours of cell i, ascending (reading order).
NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(j for j in row if j >= 0)) for row in STEP)
DISTANCE: tuple[tuple[int, ...], ...] = tuple(tuple(distance(a, b) for b in CELLS) for a in CELLS)

EMPTY_BOARD: Board = (EMPTY,) * SIZE


def cell_index(cell: Hex) -> int:
    """Index of an on-board cell, -1 when it is off the board."""
    return INDEX.get(cell, -1)


def cell_name(index: int) -> str:
    """``Q:R`` of a cell index (the action and event notation)."""
    return str(CELLS[index])


def highest_number(board: Board) -> int:
    """The largest number on the board, 0 if none (M16)."""
    return max(max(board), 0)
