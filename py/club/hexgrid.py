"""Hexagon geometry on axial coordinates (pointy-top), after Red Blob Games.

Cells are ``Hex(q, r)`` values; the third cube coordinate is ``s = -q - r``.
Directions are indexed clockwise from East (spec README). Pixel layout is the
renderer's business and lives in ``web/``; only the exact-integer centroid
math that rules need (blocks B5) is here.

>>> len(hexagon(4)), len(hexagon(3))
(61, 37)
>>> Hex(0, 0).neighbor(1)
Hex(q=0, r=1)
>>> Hex.parse("-2:1")
Hex(q=-2, r=1)
>>> str(Hex(3, -1))
'3:-1'
>>> [len(row) for row in rows(4)][:9]
[5, 6, 7, 8, 9, 8, 7, 6, 5]
>>> len(rows(4))
27
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple


class Hex(NamedTuple):
    """An axial cell coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, tuple):
            return NotImplemented
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def neighbor(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        return distance(self, other)

    def __str__(self) -> str:
        return f"{self.q}:{self.r}"

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Parse ``Q:R``; raises ``ValueError`` on anything else."""
        q_text, sep, r_text = text.partition(":")
        if not sep:
            raise ValueError(f"not a cell: {text!r}")
        return cls(_parse_int(q_text), _parse_int(r_text))


def _parse_int(text: str) -> int:
    body = text[1:] if text.startswith("-") else text
    if not body.isdigit() or not body.isascii():
        raise ValueError(f"not an integer: {text!r}")
    return int(text)


#: The six directions clockwise from East: E, SE, SW, W, NW, NE.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1),
)
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance in steps.

    >>> distance(Hex(0, 0), Hex(2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def on_board(cell: tuple[int, int], radius: int) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= radius


def row_span(r: int, radius: int) -> range:
    """The ``q`` values of row ``r`` on a board of ``radius``."""
    return range(max(-radius, -r - radius), min(radius, -r + radius) + 1)


@cache
def hexagon(radius: int) -> tuple[Hex, ...]:
    """All cells of the hexagon of ``radius``, in reading order."""
    return tuple(Hex(q, r) for r in range(-radius, radius + 1) for q in row_span(r, radius))


@cache
def reading_rows(radius: int) -> tuple[tuple[Hex, ...], ...]:
    """The board's rows top to bottom (constant r), each in reading order."""
    return tuple(
        tuple(Hex(q, r) for q in row_span(r, radius)) for r in range(-radius, radius + 1)
    )


@cache
def rows(radius: int) -> tuple[tuple[Hex, ...], ...]:
    """Every full line edge to edge on the three axes (constant r, q, then s).

    Each line's cells are in reading order; 3 * (2 * radius + 1) lines.
    """
    cells = hexagon(radius)
    lines: list[tuple[Hex, ...]] = []
    for axis in ("r", "q", "s"):
        for value in range(-radius, radius + 1):
            lines.append(tuple(c for c in cells if getattr(c, axis) == value))
    return tuple(lines)


def reading_key(cell: tuple[int, int]) -> tuple[int, int]:
    """Sort key for reading order: row (r) first, then q."""
    return (cell[1], cell[0])


def target_step(cell: Hex, direction: str, radius: int) -> Hex:
    """Where a target marker moves one step ``direction`` on screen (blocks B19,
    merge M12): ``left``, ``right``, ``up`` or ``down`` (``SCREEN_DIRECTIONS``).

    Left/right move along the row; up goes to (q, r-1), or (q+1, r-1) when that
    is off the board; down to (q, r+1), or (q-1, r+1). At an edge the marker
    stays where it is.

    >>> target_step(Hex(-4, 0), "up", 4)
    Hex(q=-3, r=-1)
    >>> target_step(Hex(0, -4), "up", 4)
    Hex(q=0, r=-4)
    """
    q, r = cell
    if direction == "left":
        options = [Hex(q - 1, r)]
    elif direction == "right":
        options = [Hex(q + 1, r)]
    elif direction == "up":
        options = [Hex(q, r - 1), Hex(q + 1, r - 1)]
    elif direction == "down":
        options = [Hex(q, r + 1), Hex(q - 1, r + 1)]
    else:
        options = []
    for option in options:
        if on_board(option, radius):
            return option
    return cell


#: The four directions a target marker moves on screen (the page maps its keys to them).
SCREEN_DIRECTIONS = ("left", "right", "up", "down")


@cache
def target_map(radius: int) -> dict[str, dict[str, str]]:
    """For every cell ``"q:r"`` of the board, where each screen direction moves the
    target marker (``target_step``): the page maps its arrow keys to directions
    and looks the cell up instead of keeping its own copy of the rule (B19, M12, P4).

    >>> target_map(4)["-4:0"]["up"], target_map(4)["0:-4"]["up"], len(target_map(4))
    ('-3:-1', '0:-4', 61)
    """
    return {
        str(cell): {direction: str(target_step(cell, direction, radius)) for direction in SCREEN_DIRECTIONS}
        for cell in hexagon(radius)
    }
