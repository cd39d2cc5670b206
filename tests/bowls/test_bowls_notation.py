"""W26 notation: exact round trips, canonical modifier order, corrupt text names its field."""

from __future__ import annotations

import pytest
from club.bowls.notation import parse, print_position
from club.bowls.position import PERMANENT
from club.errors import NotationError

ROUND_TRIPS = [
    "-/-/-/-/-/-/-/-/-/-/-/- 0 0",
    "X[i]/-/YJ[r5]/PP[v]/-/-/-/-/-/-/-/B 7 3",
    "RGBYPJX/-[i3]/RRG[rv]/J[i2r]/-[irv]/-[i1r2v3]/-/-/-/-/-/RRGGBBYP 120 44",
    "-[v10]/-/-/-/-/-/-/-/-/-/-/GGGG 0 0",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_round_trip(text: str) -> None:  # W26
    assert print_position(parse(text)) == text


@pytest.mark.parametrize(("given", "printed"), [
    ("GB[vr]/-/-/-/-/-/-/-/-/-/-/- 0 0", "GB[rv]/-/-/-/-/-/-/-/-/-/-/- 0 0"),
    ("-[v2ri]/-/-/-/-/-/-/-/-/-/-/- 0 0", "-[irv2]/-/-/-/-/-/-/-/-/-/-/- 0 0"),
])
def test_modifiers_printed_in_order_irv(given: str, printed: str) -> None:  # W26
    assert print_position(parse(given)) == printed


def test_modifier_values() -> None:  # W4, W16: permanent or moves left
    pos = parse("J[i2r]/-/-/-/-/-/-/-/-/-/-/- 0 0")
    assert pos.mods[0] == (2, PERMANENT, 0) and pos.bowls[0] == "J"


ERRORS = [
    ("W/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # unknown stone
    ("r/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # letters are upper case
    ("-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # 11 bowls
    ("-/-/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # 13 bowls
    ("//-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # an empty bowl is '-'
    ("-R/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("R[]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # '[]' is corrupt
    ("R[ii]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # each modifier at most once
    ("R[i0]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # counts >= 1
    ("R[i01]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),  # no leading zeros
    ("R[x]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("R[I]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("R[i/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("R[i]]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("R[i][r]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("[i]/-/-/-/-/-/-/-/-/-/-/- 0 0", "bowls"),
    ("-/-/-/-/-/-/-/-/-/-/-/- -1 0", "score"),
    ("-/-/-/-/-/-/-/-/-/-/-/- 01 0", "score"),
    ("-/-/-/-/-/-/-/-/-/-/-/- x 0", "score"),
    ("-/-/-/-/-/-/-/-/-/-/-/- 0 1.5", "moves"),
    ("-/-/-/-/-/-/-/-/-/-/-/- 0", "position"),
    ("-/-/-/-/-/-/-/-/-/-/-/- 0 0 0", "position"),
    ("-/-/-/-/-/-/-/-/-/-/-/-  0 0", "position"),
    ("", "position"),
]


@pytest.mark.parametrize(("text", "field"), ERRORS)
def test_corrupt_notation_names_the_field(text: str, field: str) -> None:  # W26
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.field == field
