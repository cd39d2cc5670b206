"""The 59 fixed pieces of blocks, generated from the 12 free shapes (B3, B5).

Pieces never rotate, so each orientation of a free shape is its own piece.
The orientations are made here by applying the twelve symmetries of the hex
grid to one drawing of each shape, deduplicated after normalising by the B5
centre rule; they are never typed in by hand (the tests compare them with the
spec's appendix).

>>> len(PIECES)
59
>>> [len(orientations(s)) for s in SHAPES]
[1, 3, 3, 6, 2, 3, 2, 3, 6, 6, 12, 12]
>>> canonical([Hex(0, 0), Hex(1, 0), Hex(2, 0)])
'0:0,-1:0,1:0'
>>> BY_TEXT['0:0,0:-1,1:0,-1:1'].shape.name
'propeller'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from club.hexgrid import Hex, hexagon, reading_key

RADIUS = 4


@dataclass(frozen=True)
class Shape:
    """A free shape: its name, its deal weight (B4) and one drawing of it."""

    name: str
    weight: int
    drawing: tuple[tuple[int, int], ...]
    family: int  # colour family index (cosmetic, one per shape)


#: The 12 free shapes in the appendix's order; weight 1 for the propeller
#: and the wave, 2 for the others (B4).
SHAPES: tuple[Shape, ...] = tuple(
    Shape(name, weight, drawing, family)
    for family, (name, weight, drawing) in enumerate(
        (
            ("single", 2, ((0, 0),)),
            ("pair", 2, ((0, 0), (1, 0))),
            ("line", 2, ((0, 0), (1, 0), (2, 0))),
            ("bend", 2, ((0, 0), (1, 0), (1, 1))),
            ("triangle", 2, ((0, 0), (1, 0), (0, 1))),
            ("bar", 2, ((0, 0), (1, 0), (2, 0), (3, 0))),
            ("propeller", 1, ((0, 0), (0, -1), (1, 0), (-1, 1))),
            ("bee", 2, ((0, 0), (1, 0), (0, 1), (1, 1))),
            ("arch", 2, ((0, 0), (1, 0), (1, 1), (0, 2))),
            ("wave", 1, ((0, 0), (1, 0), (1, 1), (2, 1))),
            ("worm", 2, ((0, 0), (1, 0), (2, 0), (3, -1))),
            ("pistol", 2, ((0, 0), (1, 0), (2, 0), (0, 1))),
        )
    )
)
SHAPE_WEIGHTS: tuple[int, ...] = tuple(s.weight for s in SHAPES)


@dataclass(frozen=True, eq=False)
class Piece:
    """One fixed piece: cell offsets from its centre (centre first, B5).

    Pieces are interned (one object per orientation), so identity is equality.
    """

    text: str
    cells: tuple[Hex, ...]
    shape: Shape
    index: int  # position in PIECES
    #: centre cell index -> board bitmask of the drop, for every cell where
    #: the whole piece lands on the board (filled lazily by ``drops``).
    _drops: dict[int, int] = field(default_factory=dict, repr=False, compare=False)

    def __str__(self) -> str:
        return self.text

    @property
    def size(self) -> int:
        return len(self.cells)


def centre(cells: Iterable[tuple[int, int]]) -> Hex:
    """The cell of the piece nearest its screen-space centroid (B5), exactly.

    Rank ``3a² + 9b²`` with ``a = 2(nq − Σq) + (nr − Σr)``, ``b = nr − Σr``
    (proportional to the squared pixel distance); ties go to reading order.

    >>> centre([Hex(0, 0), Hex(1, 0)])
    Hex(q=0, r=0)
    >>> centre([Hex(0, 0), Hex(0, 1), Hex(1, 1)])
    Hex(q=0, r=1)
    """
    cells = [Hex(*c) for c in cells]
    n = len(cells)
    sq = sum(c.q for c in cells)
    sr = sum(c.r for c in cells)

    def rank(c: Hex) -> tuple[int, int, int]:
        a = 2 * (n * c.q - sq) + (n * c.r - sr)
        b = n * c.r - sr
        return (3 * a * a + 9 * b * b, c.r, c.q)

    return min(cells, key=rank)


def normalise(cells: Iterable[tuple[int, int]]) -> tuple[Hex, ...]:
    """Offsets from the B5 centre, centre first, the rest in reading order."""
    cells = [Hex(*c) for c in cells]
    middle = centre(cells)
    rest = sorted((c - middle for c in cells if c != middle), key=reading_key)
    return (Hex(0, 0), *rest)


def canonical(cells: Iterable[tuple[int, int]]) -> str:
    """The canonical notation of a piece (B5): ``0:0,1:0,0:1``."""
    return ",".join(str(c) for c in normalise(cells))


def _symmetries(cell: Hex) -> list[Hex]:
    """The cell under the 12 symmetries of the grid (6 rotations × mirror)."""
    out = []
    q, r, s = cell.q, cell.r, cell.s
    for _ in range(6):
        out.append(Hex(q, r))
        out.append(Hex(q, s))  # mirror: swap r and s
        q, r, s = -r, -s, -q  # rotate 60°
    return out


@cache
def orientations(shape: Shape) -> tuple[str, ...]:
    """The distinct fixed orientations of a free shape, canonical, sorted."""
    images = list(zip(*(_symmetries(Hex(*c)) for c in shape.drawing), strict=False))
    return tuple(sorted({canonical(image) for image in images}))


def _build() -> tuple[Piece, ...]:
    pieces = []
    for shape in SHAPES:
        for text in orientations(shape):
            cells = tuple(Hex.parse(part) for part in text.split(","))
            pieces.append(Piece(text, cells, shape, len(pieces)))
    return tuple(pieces)


#: All 59 fixed pieces, grouped by shape in SHAPES order.
PIECES: tuple[Piece, ...] = _build()
BY_TEXT: dict[str, Piece] = {p.text: p for p in PIECES}
BY_SHAPE: dict[str, tuple[Piece, ...]] = {
    s.name: tuple(p for p in PIECES if p.shape is s) for s in SHAPES
}

#: The board's cells in reading order and each one's bit index.
CELLS: tuple[Hex, ...] = hexagon(RADIUS)
INDEX: dict[Hex, int] = {c: i for i, c in enumerate(CELLS)}


def drops(piece: Piece) -> dict[int, int]:
    """Centre cell index -> board bitmask, for every on-board drop of ``piece``."""
    table = piece._drops
    if not table:
        for i, cell in enumerate(CELLS):
            mask = 0
            for dq, dr in piece.cells:
                bit = INDEX.get(Hex(cell.q + dq, cell.r + dr))
                if bit is None:
                    break
                mask |= 1 << bit
            else:
                table[i] = mask
    return table
