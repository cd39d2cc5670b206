"""The landing preview of assist pace (P11): where the falling tile would land
and what that drop would do, the drop applied to a copy of the well.

A screen-reader player cannot see the ghost; the page words this instead
("lands on row 2, its 6 touches a 6, cancels 2"). Every fact is the rules':
the landing row is the ghost (D5), ``touches`` are the halves of the tile that
would sit orthogonally beside an equal resting half (D11: two tiles' equal
halves that touch cancel), ``points`` and ``chain`` are the turn the drop
would resolve (D12, D13), cascade included.

>>> from club.domino.lesson import lesson_game
>>> from dataclasses import replace
>>> game = lesson_game()
>>> landing(game)["points"], landing(game)["touches"]
(0, [])
>>> tile = replace(game.falling, col=0, orient=3)  # 3-6 upright, its 6 on top: its 3 lands on the 6
>>> ahead = landing(replace(game, falling=tile))
>>> ahead["cells"], ahead["touches"], ahead["points"], ahead["chain"]
([[0, 14, 3], [0, 13, 6]], [], 0, 0)
>>> ahead = landing(replace(game, falling=replace(tile, orient=1)))
>>> ahead["cells"], ahead["touches"], ahead["points"], ahead["chain"]
([[0, 13, 3], [0, 14, 6]], [6], 2, 1)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from club.domino.falling import landing_row
from club.domino.resolve import resolve
from club.domino.rules import Game

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Landing(TypedDict):
    """A hard drop now, applied to a copy: the tile's halves where it lands
    (``[col, row, pips]``, the engine's rows: 0 at the top), the pips of its
    halves that would touch an equal half of another tile (each half once),
    and the turn it would resolve: halves cancelled and cascade steps."""

    row: int
    cells: list[list[int]]
    touches: list[int]
    points: int
    chain: int


def landing(game: Game) -> Landing | None:
    """The falling tile's landing preview, None when no tile falls."""
    tile = game.falling
    if tile is None:
        return None
    row = landing_row(game.well, tile)
    cells = tile_at(game, row)
    well = game.well
    touches = [p for c, r, p, _ in cells
               if any(well.inside(c + dc, r + dr) and well.pip(c + dc, r + dr) == p for dc, dr in NEIGHBOURS)]
    turn = resolve(well.with_cells(cells))
    return {"row": row, "cells": [[c, r, p] for c, r, p, _ in cells], "touches": touches,
            "points": turn.points, "chain": turn.chain}


def tile_at(game: Game, row: int) -> tuple[tuple[int, int, int, str], ...]:
    tile = game.falling
    assert tile is not None
    return replace(tile, row=row).cells()
