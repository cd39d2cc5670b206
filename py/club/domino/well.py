"""The well: a grid of resting halves (D1) and its notation field (D19).

Cells are kept in two flat tuples indexed ``r * width + c`` (row 0 at the
top): ``pips`` (-1 when empty) and ``links`` (``.`` when empty, else the link
letter of D19: ``r``/``l``/``d``/``u`` point at the partner half, ``s`` is a
single half). Flat tuples keep the hot paths (settling, matching, collision
tests) to plain index arithmetic.

>>> w = parse_well("......../..2r5l../2d....1s/3u..1r6l")
>>> w.width, w.height, w.pip(1, 1), w.link(2, 1)
(4, 4, 2, 'l')
>>> print_well(w)
'......../..2r5l../2d....1s/3u..1r6l'
>>> parse_well("..2r..5s")
Traceback (most recent call last):
...
club.errors.NotationError: well: link 'r' at column 1, row 0 has no partner 'l' at column 2, row 0
"""

from __future__ import annotations

from dataclasses import dataclass

from club.domino.tiles import DIGITS
from club.errors import NotationError

LINKS = "rldus"
#: D1 lets a position give any size; a side is at most 64 cells (a well the page
#: plays is 8 x 16, test wells are smaller), so a text cannot ask for a huge grid.
MAX_SIDE = 64
# Where a link points: (dc, dr) and the link the partner must carry.
PARTNER = {"r": (1, 0, "l"), "l": (-1, 0, "r"), "d": (0, 1, "u"), "u": (0, -1, "d")}


@dataclass(frozen=True, slots=True)
class Well:
    """Resting halves of a ``width`` x ``height`` well (immutable)."""

    width: int
    height: int
    pips: tuple[int, ...]
    links: tuple[str, ...]

    @classmethod
    def empty(cls, width: int = 8, height: int = 16) -> Well:
        """An empty well (8 x 16 in play, D1)."""
        size = width * height
        return cls(width, height, (-1,) * size, (".",) * size)

    def inside(self, c: int, r: int) -> bool:
        return 0 <= c < self.width and 0 <= r < self.height

    def free(self, c: int, r: int) -> bool:
        """Inside the well and not holding a resting half."""
        return 0 <= c < self.width and 0 <= r < self.height and self.pips[r * self.width + c] < 0

    def pip(self, c: int, r: int) -> int:
        return self.pips[r * self.width + c]

    def link(self, c: int, r: int) -> str:
        return self.links[r * self.width + c]

    def with_cells(self, cells: tuple[tuple[int, int, int, str], ...]) -> Well:
        """A copy with the given ``(c, r, pip, link)`` cells written in."""
        pips, links = list(self.pips), list(self.links)
        for c, r, pip, link in cells:
            pips[r * self.width + c] = pip
            links[r * self.width + c] = link
        return Well(self.width, self.height, tuple(pips), tuple(links))

    def occupied(self) -> list[tuple[int, int, int, str]]:
        """Every resting half as ``(c, r, pip, link)`` in reading order."""
        w = self.width
        return [(i % w, i // w, p, self.links[i]) for i, p in enumerate(self.pips) if p >= 0]


def parse_well(text: str) -> Well:
    """Parse the ``well`` field; any problem is a ``NotationError('well')``."""
    rows = text.split("/")
    size = len(rows[0])
    if size == 0 or size % 2 or any(len(row) != size for row in rows):
        raise NotationError("well", "rows must be equally long runs of 2-character cells")
    if size > 2 * MAX_SIDE or len(rows) > MAX_SIDE:
        raise NotationError("well", f"a well is at most {MAX_SIDE} x {MAX_SIDE} cells")
    width, pips, links = size // 2, [], []
    for r, row in enumerate(rows):
        for c in range(width):
            cell = row[2 * c : 2 * c + 2]
            if cell == "..":
                pips.append(-1)
                links.append(".")
            elif cell[0] in DIGITS and cell[1] in LINKS:
                pips.append(int(cell[0]))
                links.append(cell[1])
            else:
                raise NotationError("well", f"bad cell {cell!r} at column {c}, row {r}")
    well = Well(width, len(rows), tuple(pips), tuple(links))
    check_links(well)
    return well


def check_links(well: Well) -> None:
    """Every link must meet its partner's opposite link (D19)."""
    for c, r, _, link in well.occupied():
        if link == "s":
            continue
        dc, dr, back = PARTNER[link]
        if not well.inside(c + dc, r + dr) or well.link(c + dc, r + dr) != back:
            raise NotationError(
                "well",
                f"link {link!r} at column {c}, row {r} has no partner {back!r} "
                f"at column {c + dc}, row {r + dr}",
            )


def print_well(well: Well) -> str:
    """The ``well`` field text (exact inverse of ``parse_well``)."""
    w, out = well.width, []
    for r in range(well.height):
        row = []
        for i in range(r * w, r * w + w):
            p = well.pips[i]
            row.append(".." if p < 0 else f"{p}{well.links[i]}")
        out.append("".join(row))
    return "/".join(out)
