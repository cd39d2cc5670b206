"""The position text ``well max power`` (D19).

The well shows resting halves only; the falling tile, the set and the clock
live in the JSON save (``saves``).

>>> pos = parse("......../......../2d....../3u5r1l.. 4 9")
>>> pos.max, pos.power, pos.well.pip(0, 2)
(4, 9, 2)
>>> print_position(pos)
'......../......../2d....../3u5r1l.. 4 9'
>>> parse("......../......../2d....../3u5r1l.. 4")
Traceback (most recent call last):
...
club.errors.NotationError: position: expected 3 fields (well max power), got 2
>>> parse("......../........ 4 -1")
Traceback (most recent call last):
...
club.errors.NotationError: power: power must be an integer >= 0, got '-1'
"""

from __future__ import annotations

from dataclasses import dataclass

from club.domino.well import Well, parse_well, print_well
from club.errors import parse_count, split_fields

FIELDS = ("well", "max", "power")


@dataclass(frozen=True, slots=True)
class Position:
    """What the notation holds: the resting halves and the two running scores."""

    well: Well
    max: int = 0
    power: int = 0


def parse(text: str) -> Position:
    """Parse a position; corrupt text raises ``NotationError`` naming the field."""
    fields = split_fields(text, FIELDS)
    well = parse_well(fields["well"])
    return Position(well, parse_count(fields["max"], "max"), parse_count(fields["power"], "power"))


def print_position(pos: Position) -> str:
    """The position as text; ``parse(print_position(p)) == p``."""
    return f"{print_well(pos.well)} {pos.max} {pos.power}"
