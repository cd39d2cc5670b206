"""Blocks for a player who listens (P11): the cells' names and the drops that clear.

A cell is named by its row and its place on a slanted ruler: row ``r + 5``
(1 at the top, 9 at the bottom) and cell ``q + 5``. The numbers are the same
on every row, so both slanted lines are easy to follow by ear: a step down and
to the right keeps the cell number, a step down and to the left takes one off.
The top row holds cells 5 to 9, the middle row 1 to 9, the bottom row 1 to 5
(docs/decisions.md, P11 blocks).

``clearing`` lists every legal drop that completes a row (B7, B9), each one the
``place`` rule applied to the immutable state (a copy: nothing is kept), best
first, so a page can say the drops worth hearing without sweeping the board.

>>> name(Hex(0, -4)), name(Hex(-4, 4)), name(Hex(0, 0))
((1, 5), (9, 1), (5, 5))
>>> from club.blocks import conform
>>> row = "xxxx./....../......./......../........./......../......./....../....."
>>> [(d["slot"], d["cell"], d["rows"], d["points"]) for d in clearing(conform.load(f"{row} 0:0|-|- 0 0 0 0 1"))]
[(0, '4:-4', 1, 51)]
"""

from __future__ import annotations

from club.blocks.pieces import CELLS, RADIUS
from club.blocks.rules import State, place
from club.blocks.views import ClearingDrop
from club.hexgrid import Hex


def name(cell: Hex) -> tuple[int, int]:
    """A cell's (row, cell) numbers: row ``r + 5`` top to bottom, cell ``q + 5``."""
    return (cell.r + RADIUS + 1, cell.q + RADIUS + 1)


#: Every board cell's (row, cell) numbers, in reading order (the geometry's ``names``).
NAMES: tuple[tuple[int, int], ...] = tuple(name(c) for c in CELLS)


def clearing(state: State) -> list[ClearingDrop]:
    """Every legal drop of the tray that clears a row, most points first (then
    more rows, then slot and reading order: the same list for the same state)."""
    found: list[tuple[tuple[int, int, int, int], ClearingDrop]] = []
    for slot in range(3):
        for index in state.targets(slot):
            outcome = place(state, slot, CELLS[index])
            cleared = next((e for e in outcome.events if e["type"] == "cleared"), None)
            if cleared is None:
                continue
            placed = next(e for e in outcome.events if e["type"] == "placed")
            points = next(e["points"] for e in outcome.events if e["type"] == "points")
            drop: ClearingDrop = {"slot": slot, "cell": str(CELLS[index]), "cells": list(placed["cells"]),
                                  "rows": cleared["count"], "cleared": len(cleared["cells"]), "points": points}
            found.append(((-points, -cleared["count"], slot, index), drop))
    found.sort(key=lambda item: item[0])
    return [drop for _, drop in found]
