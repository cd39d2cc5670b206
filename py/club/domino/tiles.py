"""Domino tiles: the two sets (D2) and the four orientations of a falling tile (D3).

A tile is a pair ``(a, b)`` of pip values. Its orientation ``o`` places the
halves relative to the top-left cell ``(c, r)`` of the tile:

>>> tile_cells(1, 2, 0, 0, 0)
((0, 0, 1, 'r'), (1, 0, 2, 'l'))
>>> tile_cells(1, 2, 3, 0, 1)
((3, 0, 1, 'd'), (3, 1, 2, 'u'))
>>> tile_cells(1, 2, 1, 0, 2)
((2, 0, 1, 'l'), (1, 0, 2, 'r'))
>>> tile_cells(1, 2, 2, 0, 3)
((2, 1, 1, 'u'), (2, 0, 2, 'd'))
>>> len(set_tiles("classic")), len(set_tiles("extended"))
(28, 55)
"""

from __future__ import annotations

from club.rng import Rng

Tile = tuple[int, int]

SET_TOP = {"classic": 6, "extended": 9}
"""Highest pip of each set (D2)."""

# Per orientation: (dc, dr, link) of half a, then of half b (D3).
_LAYOUT: tuple[tuple[tuple[int, int, str], tuple[int, int, str]], ...] = (
    ((0, 0, "r"), (1, 0, "l")),  # O0: a left, b right
    ((0, 0, "d"), (0, 1, "u")),  # O1: a on top, b below
    ((1, 0, "l"), (0, 0, "r")),  # O2: b left, a right
    ((0, 1, "u"), (0, 0, "d")),  # O3: b on top, a below
)

OFFSETS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
    ((la[0], la[1]), (lb[0], lb[1])) for la, lb in _LAYOUT
)
"""Cell offsets of half a and half b for each orientation."""

HORIZONTAL = (True, False, True, False)


def tile_cells(a: int, b: int, col: int, row: int, orient: int) -> tuple[tuple[int, int, int, str], ...]:
    """The two cells ``(c, r, pip, link)`` of a tile, half a first."""
    (dca, dra, la), (dcb, drb, lb) = _LAYOUT[orient]
    return ((col + dca, row + dra, a, la), (col + dcb, row + drb, b, lb))


def set_tiles(kind: str) -> tuple[Tile, ...]:
    """Every tile ``a-b`` with ``0 <= a <= b <= top`` of the set, in order (D2)."""
    top = SET_TOP[kind]
    return tuple((a, b) for a in range(top + 1) for b in range(a, top + 1))


def shuffled_set(kind: str, rng: Rng) -> tuple[tuple[Tile, ...], Rng]:
    """The whole set in a uniformly random order, each tile in a random half order (D2).

    Drawing the shuffled set front to back is drawing without replacement.

    >>> tiles, _ = shuffled_set("classic", Rng.from_seed(7))
    >>> sorted(tuple(sorted(t)) for t in tiles) == list(set_tiles("classic"))
    True
    """
    order, rng = rng.shuffled(set_tiles(kind))
    out = []
    for a, b in order:
        flip, rng = rng.below(2)
        out.append((b, a) if flip else (a, b))
    return tuple(out), rng


def parse_tile(text: str) -> Tile | None:
    """``"A-B"`` with single pip digits 0-9, else None (never raises).

    >>> parse_tile("2-5"), parse_tile("10-1"), parse_tile("2-")
    ((2, 5), None, None)
    """
    if len(text) != 3 or text[1] != "-" or text[0] not in DIGITS or text[2] not in DIGITS:
        return None
    return int(text[0]), int(text[2])


def format_tile(tile: Tile) -> str:
    """The tile as ``A-B``.

    >>> format_tile((2, 5))
    '2-5'
    """
    return f"{tile[0]}-{tile[1]}"


DIGITS = "0123456789"
