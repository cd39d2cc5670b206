"""Pieces (M2) and how they are dealt (M3).

A piece is a tuple of stone values: ``(2,)`` a single, ``(4, 8)`` a pair
(anchor first), ``(JOKER,)`` the joker, which only ever comes alone.

>>> parse_piece("4-8", "current"), print_piece((JOKER,))
((4, 8), '*')
>>> parse_piece("*-2", "next")
Traceback (most recent call last):
...
club.errors.NotationError: next: next must be 2, 4, 8, a pair like 4-8, or *; got '*-2'
>>> piece, rng = deal(Rng.from_seed(7), jokers=True, previous=None)
>>> piece == deal(Rng.from_seed(7), jokers=True, previous=None)[0]
True
"""

from __future__ import annotations

from club.errors import NotationError
from club.merge.board import JOKER
from club.rng import Rng

Piece = tuple[int, ...]

JOKER_PIECE: Piece = (JOKER,)
STONES = (2, 4, 8)
STONE_WEIGHTS = (3, 2, 1)  # M3: 2, 4, 8 with weights 3 : 2 : 1
JOKER_CHANCE = (1, 25)  # M3: one piece in 25, never twice in a row
_STONE_TEXT = {str(v): v for v in STONES}


def is_pair(piece: Piece) -> bool:
    return len(piece) == 2


def print_piece(piece: Piece) -> str:
    return "-".join("*" if v == JOKER else str(v) for v in piece)


def parse_piece(text: str, field: str) -> Piece:
    """``2``, ``4-8`` or ``*`` (M16); anything else names ``field``."""
    if text == "*":
        return JOKER_PIECE
    parts = text.split("-")
    if len(parts) <= 2 and all(p in _STONE_TEXT for p in parts):
        return tuple(_STONE_TEXT[p] for p in parts)
    raise NotationError(field, f"{field} must be 2, 4, 8, a pair like 4-8, or *; got {text!r}")


def deal(rng: Rng, jokers: bool, previous: Piece | None) -> tuple[Piece, Rng]:
    """Draw one piece (M3).

    The joker roll is skipped (no number drawn) right after a joker, so a
    joker never follows a joker; with jokers off it is never rolled at all.
    """
    if jokers and previous != JOKER_PIECE:
        is_joker, rng = rng.chance(*JOKER_CHANCE)
        if is_joker:
            return JOKER_PIECE, rng
    size, rng = rng.below(2)  # single or pair with equal chance
    stones = []
    for _ in range(size + 1):
        index, rng = rng.weighted(STONE_WEIGHTS)
        stones.append(STONES[index])
    return tuple(stones), rng
