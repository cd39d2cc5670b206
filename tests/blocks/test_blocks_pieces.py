"""B3, B5: the 59 fixed pieces, generated in code, equal the spec's appendix."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from club.blocks.pieces import BY_SHAPE, PIECES, SHAPES, canonical, centre, normalise, orientations
from club.hexgrid import DIRECTIONS, Hex

# The appendix of blocks.md, as printed there.
APPENDIX = {
    "single": "`0:0`",
    "pair": "`0:0,-1:1` `0:0,0:1` `0:0,1:0`",
    "line": "`0:0,-1:0,1:0` `0:0,0:-1,0:1` `0:0,1:-1,-1:1`",
    "bend": "`0:0,-1:0,0:1` `0:0,0:-1,-1:1` `0:0,0:-1,1:0` `0:0,1:-1,-1:0` `0:0,1:-1,0:1` `0:0,1:0,-1:1`",
    "triangle": "`0:0,-1:1,0:1` `0:0,1:0,0:1`",
    "bar": "`0:0,-1:0,1:0,2:0` `0:0,0:-1,0:1,0:2` `0:0,1:-1,-1:1,-2:2`",
    "propeller": "`0:0,0:-1,1:0,-1:1` `0:0,1:-1,-1:0,0:1`",
    "bee": "`0:0,-1:0,-1:1,0:1` `0:0,1:-1,1:0,0:1` `0:0,1:0,-1:1,0:1`",
    "arch": "`0:0,-1:0,0:1,-1:2` `0:0,0:-1,-2:1,-1:1` `0:0,0:-1,2:-1,1:0` `0:0,1:-1,0:1,1:1` "
            "`0:0,1:0,-1:1,-1:2` `0:0,1:0,-1:1,1:1`",
    "wave": "`0:0,-1:0,0:1,1:1` `0:0,0:-1,-1:1,-1:2` `0:0,0:-1,1:0,1:1` `0:0,1:-1,0:1,-1:2` "
            "`0:0,1:0,-2:1,-1:1` `0:0,2:-1,1:0,-1:1`",
    "worm": "`0:0,-1:-1,-1:0,1:0` `0:0,-1:-1,0:-1,0:1` `0:0,-1:0,1:0,-2:1` `0:0,-1:0,1:0,1:1` "
            "`0:0,0:-1,0:1,-1:2` `0:0,0:-1,0:1,1:1` `0:0,1:-1,-1:1,-1:2` `0:0,1:-1,-2:1,-1:1` "
            "`0:0,1:-1,2:-1,-1:1` `0:0,1:-2,0:-1,0:1` `0:0,1:-2,1:-1,-1:1` `0:0,2:-1,-1:0,1:0`",
    "pistol": "`0:0,-1:0,1:0,-1:1` `0:0,-1:0,1:0,0:1` `0:0,0:-1,-1:0,0:1` `0:0,0:-1,-1:0,1:0` "
              "`0:0,0:-1,-1:1,0:1` `0:0,0:-1,1:-1,-1:1` `0:0,0:-1,1:-1,0:1` `0:0,0:-1,1:0,0:1` "
              "`0:0,1:-1,-1:0,-1:1` `0:0,1:-1,-1:0,1:0` `0:0,1:-1,-1:1,0:1` `0:0,1:-1,1:0,-1:1`",
}
SPEC = Path(__file__).resolve().parents[2] / "spec" / "blocks.md"


def appendix_of(text: str) -> dict[str, list[str]]:
    return {name: re.findall(r"`([^`]+)`", body) for name, body in text.items()}


def test_generated_pieces_equal_the_appendix():
    expected = appendix_of(APPENDIX)
    assert [s.name for s in SHAPES] == list(expected)
    for shape in SHAPES:
        assert list(orientations(shape)) == expected[shape.name], shape.name
    assert len(PIECES) == 59 == sum(len(v) for v in expected.values())
    assert [p.text for p in PIECES] == [t for v in expected.values() for t in v]


def test_appendix_copy_matches_the_spec_file():
    rows = {}
    for line in SPEC.read_text(encoding="utf-8").split("## Appendix")[1].splitlines():
        match = re.match(r"\| (\w+) \| (\d+) \| (.*) \|", line)
        if match and match.group(1) != "shape":
            rows[match.group(1)] = re.findall(r"`([^`]+)`", match.group(3))
            assert int(match.group(2)) == len(rows[match.group(1)])
    assert rows == appendix_of(APPENDIX)


def all_fixed_polyhexes(size: int) -> set[frozenset[Hex]]:
    """Independent count: grow every polyhex cell by cell, up to translation."""
    def norm(cells):
        low = min(cells, key=lambda c: (c.r, c.q))
        return frozenset(c - low for c in cells)

    shapes = {norm([Hex(0, 0)])}
    for _ in range(size - 1):
        shapes = {norm([*s, c.neighbor(d)]) for s in shapes for c in s for d in range(6)
                  if c.neighbor(d) not in s}
    return shapes


def test_59_is_every_fixed_polyhex_of_size_1_to_4():
    counts = [len(all_fixed_polyhexes(n)) for n in (1, 2, 3, 4)]
    assert counts == [1, 3, 11, 44]
    made = {canonical(s) for n in (1, 2, 3, 4) for s in all_fixed_polyhexes(n)}
    assert made == {p.text for p in PIECES}


def test_pieces_are_connected_and_sized():
    for piece in PIECES:
        cells = set(piece.cells)
        assert 1 <= len(cells) == piece.size <= 4
        seen, todo = {piece.cells[0]}, [piece.cells[0]]
        while todo:
            c = todo.pop()
            for d in DIRECTIONS:
                n = c + d
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == cells


def float_centre(cells):
    xs = [math.sqrt(3) * (c.q + c.r / 2) for c in cells]
    ys = [1.5 * c.r for c in cells]
    cx, cy = sum(xs) / len(cells), sum(ys) / len(cells)
    return [(x - cx) ** 2 + (y - cy) ** 2 for x, y in zip(xs, ys, strict=False)]


def test_b5_centre_is_nearest_to_the_centroid():
    ties = 0
    for piece in PIECES:
        dist = float_centre(piece.cells)
        best = min(dist)
        assert dist[0] == pytest.approx(best)  # the centre is a nearest cell
        nearest = [c for c, d in zip(piece.cells, dist, strict=False) if abs(d - best) < 1e-9]
        if len(nearest) > 1:
            ties += 1
            # tie: the first in reading order wins
            assert piece.cells[0] == min(nearest, key=lambda c: (c.r, c.q))
    assert ties == 23  # "Ties decide 23 of the 59 pieces"


def test_b5_examples():
    assert centre([Hex(0, 0), Hex(1, 0)]) == Hex(0, 0)  # tie: reading order
    assert centre([Hex(0, 0), Hex(0, 1)]) == Hex(0, 0)
    assert centre([Hex(3, 3), Hex(2, 3), Hex(4, 3)]) == Hex(3, 3)  # a line: the middle
    assert normalise([Hex(5, 5), Hex(6, 5), Hex(5, 6)]) == (Hex(0, 0), Hex(1, 0), Hex(0, 1))
    assert canonical([Hex(0, 2), Hex(1, 1), Hex(0, 1)]) == "0:0,1:0,0:1"  # translation-free


def test_shape_families_and_weights():
    assert {s.name: s.weight for s in SHAPES if s.weight == 1} == {"propeller": 1, "wave": 1}
    assert sum(s.weight for s in SHAPES) == 22
    assert len({s.family for s in SHAPES}) == 12
    assert {name: len(v) for name, v in BY_SHAPE.items()} == {
        name: len(re.findall("`", body)) // 2 for name, body in APPENDIX.items()}
