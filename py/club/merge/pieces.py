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
# M3 amended: the weights of 2, 4, 8 step along these stages as the round goes on
# (a fixed 3 : 2 : 1 let a greedy bot play forever); stage 0 is the first edition.
STAGE_WEIGHTS = ((3, 2, 1), (2, 2, 1), (2, 2, 2), (1, 2, 2), (1, 1, 2))
STONE_WEIGHTS = STAGE_WEIGHTS[0]
STAGE_START, STAGE_MOVES = 60, 60  # stage = min(4, max(0, m - 60) // 60)
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


def stage(moves: int) -> int:
    """M3 amended: the weight stage of a piece dealt by a placement made in a
    position whose move counter is ``moves``.

    >>> [stage(m) for m in (0, 119, 120, 179, 180, 239, 240, 299, 300, 1000)]
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    """
    return min(len(STAGE_WEIGHTS) - 1, max(0, moves - STAGE_START) // STAGE_MOVES)


def deal(rng: Rng, jokers: bool, previous: Piece | None, weights_stage: int = 0) -> tuple[Piece, Rng]:
    """Draw one piece (M3) with the stone weights of ``weights_stage``.

    The joker roll is skipped (no number drawn) right after a joker, so a
    joker never follows a joker; with jokers off it is never rolled at all.
    Draw order: joker roll, single or pair, then each stone (anchor first).
    """
    weights = STAGE_WEIGHTS[weights_stage]
    if jokers and previous != JOKER_PIECE:
        is_joker, rng = rng.chance(*JOKER_CHANCE)
        if is_joker:
            return JOKER_PIECE, rng
    size, rng = rng.below(2)  # single or pair with equal chance
    stones = []
    for _ in range(size + 1):
        index, rng = rng.weighted(weights)
        stones.append(STONES[index])
    return tuple(stones), rng
