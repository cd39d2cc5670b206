"""P11 blocks by ear: the cells' names and the drops that clear (club.blocks.clears)."""

from __future__ import annotations

import pytest
from club.blocks import conform
from club.blocks.api import Session, start
from club.blocks.clears import NAMES, clearing
from club.blocks.pieces import CELLS
from club.hexgrid import Hex

E = "...../....../......./......../........./......../......./....../....."
TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x...."
TOP_GAP = "xxxx./....../......./......../........./......../......./....../....."


def session_at(position: str) -> Session:
    s = Session()
    s.load({"save": start(conform.load(position))})
    return s


@pytest.mark.parametrize(("cell", "name"), [
    (Hex(0, -4), (1, 5)), (Hex(4, -4), (1, 9)),  # the top row: cells 5 to 9
    (Hex(-4, 0), (5, 1)), (Hex(4, 0), (5, 9)),  # the middle row: 1 to 9
    (Hex(-4, 4), (9, 1)), (Hex(0, 4), (9, 5)),  # the bottom row: 1 to 5
])
def test_cells_are_named_by_row_and_a_slanted_ruler(cell: Hex, name: tuple[int, int]) -> None:
    assert NAMES[CELLS.index(cell)] == name


def test_a_step_down_right_keeps_the_cell_number_and_down_left_takes_one_off() -> None:
    named = dict(zip(CELLS, NAMES, strict=True))
    assert len(set(NAMES)) == len(CELLS)
    for cell, (row, n) in named.items():
        if Hex(cell.q, cell.r + 1) in named:  # down-right on screen (pointy-top)
            assert named[Hex(cell.q, cell.r + 1)] == (row + 1, n)
        if Hex(cell.q - 1, cell.r + 1) in named:  # down-left
            assert named[Hex(cell.q - 1, cell.r + 1)] == (row + 1, n - 1)
    assert Session().geometry({})["names"] == [list(n) for n in NAMES]


@pytest.mark.parametrize(("position", "first"), [
    (f"{TOP_GAP} 0:0|-|- 0 0 0 0 1", {"slot": 0, "cell": "4:-4", "rows": 1, "cleared": 5, "points": 51}),
    # B13: the single at the centre finishes two nine-cell rows, 341; the pair can finish one
    (f"{TWO_ROWS} 0:0|0:0,1:0|- 0 0 0 0 1", {"slot": 0, "cell": "0:0", "rows": 2, "cleared": 17, "points": 341}),
    (f"{E} 0:0|0:0,1:0|0:0,0:1 0 0 0 0 1", None),  # an empty board: nothing clears
])
def test_clearing_lists_the_drops_that_complete_a_row_best_first(position: str, first: dict | None) -> None:
    s = session_at(position)
    found = s.clearing({})
    assert (found[0] if found else None) == (first and {**first, "cells": found[0]["cells"]})
    assert [d["points"] for d in found] == sorted((d["points"] for d in found), reverse=True)


def test_clearing_is_every_preview_that_clears_and_nothing_else() -> None:
    s = session_at(f"{TWO_ROWS} 0:0|0:0,1:0|0:0,-1:0,1:0 0 2 3 0 1")
    expected = set()
    for slot in range(3):
        for cell in CELLS:
            p = s.preview({"slot": slot, "cell": str(cell)})
            if p["legal"] and p["rows"]:
                points = next(e["points"] for e in p["events"] if e["type"] == "points")
                expected.add((slot, str(cell), len(p["rows"]), points))
    assert {(d["slot"], d["cell"], d["rows"], d["points"]) for d in s.clearing({})} == expected
    assert expected  # the position has some
    before = s.save({})
    s.clearing({})
    assert s.save({}) == before  # asked, never kept


def test_clearing_of_a_run_over_is_empty() -> None:
    stuck = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"
    assert session_at(f"{stuck} 0:0,1:0|-|- 0 0 0 0 0").clearing({}) == []
    assert clearing(conform.load(f"{E} 0:0|-|- 0 0 0 0 1")) == []
