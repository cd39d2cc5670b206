"""The rules of blocks: drops, clears, scoring, the re-deal and the end (B1–B15, B24).

The board is a 61-bit mask over ``CELLS`` (reading order). A state is an
immutable value; ``place`` and ``redeal`` return an ``Outcome`` (``club.outcome``)
holding the new state and the events the renderer animates. A refused action
returns the same state, a reason code and no events; player input never raises.

>>> s = new_state(seed=7)
>>> out = place(s, 0, Hex(0, 0))
>>> out.accepted, out.state.score == s.tray[0].size
(True, True)
>>> place(out.state, 0, Hex(0, 0)).reason
'empty-slot'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from club.blocks.events import Event
from club.blocks.pieces import (
    BY_SHAPE,
    CELLS,
    INDEX,
    RADIUS,
    SHAPE_WEIGHTS,
    SHAPES,
    Piece,
    drops,
)
from club.hexgrid import Hex, rows
from club.outcome import Outcome
from club.rng import Rng

CROWN_POINTS = 600
METER_EDGES = 6
#: Reason codes in the B24 order they are checked.
REASONS = ("bad-action", "over", "empty-slot", "off-board", "occupied", "no-redeal")

#: The 27 rows (B2) as cell tuples and as bitmasks; rows through each cell.
ROWS: tuple[tuple[Hex, ...], ...] = rows(RADIUS)
ROW_MASKS: tuple[int, ...] = tuple(sum(1 << INDEX[c] for c in row) for row in ROWS)
ROWS_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, row in enumerate(ROWS) if cell in row) for cell in CELLS
)
FULL = (1 << len(CELLS)) - 1
#: The PRNG of a position read from notation (which carries none).
DEFAULT_RNG = Rng.from_seed(0)

Tray = tuple[Piece | None, Piece | None, Piece | None]


@dataclass(frozen=True)
class State:
    """A run between actions. ``board`` is the bitmask of filled cells."""

    board: int
    tray: Tray
    score: int = 0
    streak: int = 0
    meter: int = 0
    crowns: int = 0
    redeals: int = 1
    rng: Rng = DEFAULT_RNG
    drops: int = 0  # drops made in this run (B17: a run counts after one)
    rows: int = 0  # rows cleared in this run (the end card's figure)

    def filled(self, cell: Hex) -> bool:
        return bool(self.board >> INDEX[cell] & 1)

    def targets(self, slot: int) -> list[int]:
        """Cell indices where the piece in ``slot`` can be dropped (B7)."""
        piece = self.tray[slot]
        if piece is None:
            return []
        board = self.board
        return [i for i, mask in drops(piece).items() if not mask & board]

    def fits(self, slot: int) -> bool:
        """B8: at least one legal drop exists for the piece in ``slot``."""
        piece = self.tray[slot]
        if piece is None:
            return False
        board = self.board
        return any(not mask & board for mask in drops(piece).values())

    @property
    def over(self) -> bool:
        """B15: no piece left in the tray fits and the re-deal is used up."""
        return self.redeals == 0 and not any(self.fits(s) for s in range(3))

    @property
    def redeal_offered(self) -> bool:
        """B14: nothing fits but the re-deal is still there."""
        return self.redeals > 0 and not any(self.fits(s) for s in range(3))


def deal(rng: Rng) -> tuple[Tray, Rng]:
    """B4: three pieces, each a weighted shape then a uniform orientation."""
    tray = []
    for _ in range(3):
        shape_index, rng = rng.weighted(SHAPE_WEIGHTS)
        piece, rng = rng.choice(BY_SHAPE[SHAPES[shape_index].name])
        tray.append(piece)
    return (tray[0], tray[1], tray[2]), rng


def new_state(seed: int) -> State:
    """A fresh run (B1): empty board, three pieces dealt from ``seed``."""
    tray, rng = deal(Rng.from_seed(seed))
    return State(board=0, tray=tray, rng=rng)


def cell_list(mask: int) -> list[str]:
    """The cells of a bitmask as ``Q:R`` text, in reading order."""
    return [str(c) for i, c in enumerate(CELLS) if mask >> i & 1]


def completed_rows(board: int, placed: int) -> list[int]:
    """Indices of the rows that are full on ``board`` and touch ``placed``."""
    seen: set[int] = set()
    done = []
    bits = placed
    while bits:
        low = bits & -bits
        for row in ROWS_THROUGH[low.bit_length() - 1]:
            if row not in seen:
                seen.add(row)
                if board & ROW_MASKS[row] == ROW_MASKS[row]:
                    done.append(row)
        bits ^= low
    done.sort()
    return done


def drop_mask(piece: Piece, cell: Hex) -> tuple[int | None, str | None]:
    """The bitmask of dropping ``piece`` with its centre on ``cell``, or the reason."""
    index = INDEX.get(cell)
    mask = None if index is None else drops(piece).get(index)
    return (mask, None) if mask is not None else (None, "off-board")


def streak_clear(clear: int, streak: int) -> int:
    """B11: the clear points of the ``streak``-th consecutive clearing drop."""
    return clear * (100 + 25 * min(streak - 1, 4)) // 100


def place(state: State, slot: int, cell: Hex) -> Outcome[State]:
    """Drop the piece of ``slot`` with its centre on ``cell`` (B7, B9–B13)."""
    if not isinstance(slot, int) or not 0 <= slot <= 2:
        return Outcome.refuse(state, "bad-action")
    if state.over:
        return Outcome.refuse(state, "over")
    piece = state.tray[slot]
    if piece is None:
        return Outcome.refuse(state, "empty-slot")
    mask, reason = drop_mask(piece, cell)
    if mask is None:
        return Outcome.refuse(state, reason)
    if mask & state.board:
        return Outcome.refuse(state, "occupied")

    board = state.board | mask
    events: list[Event] = [
        {"type": "placed", "slot": slot, "cell": str(cell), "piece": piece.text,
         "shape": piece.shape.name, "family": piece.shape.family, "cells": cell_list(mask)}
    ]
    full = completed_rows(board, mask)
    k = len(full)
    cleared_mask = 0
    for row in full:
        cleared_mask |= ROW_MASKS[row]
    c = bin(cleared_mask).count("1")
    board &= ~cleared_mask
    if k:
        events.append({"type": "cleared", "rows": full, "count": k,
                       "cells": cell_list(cleared_mask)})

    placement = piece.size
    clear = 10 * c * k
    streak = state.streak + 1 if k else 0
    bonus = streak_clear(clear, streak) - clear if k else 0
    lit = state.meter + k
    crowns_won, meter = divmod(lit, METER_EDGES)
    crown = CROWN_POINTS * crowns_won
    points = placement + clear + bonus + crown
    events.append({"type": "points", "points": points, "streak": streak,
                   "parts": {"placement": placement, "clear": clear,
                             "streak_bonus": bonus, "crown": crown}})
    if k:
        events.append({"type": "meter", "before": state.meter, "after": meter,
                       "edges": [(state.meter + i) % METER_EDGES for i in range(k)]})
    if crowns_won:
        events.append({"type": "crown", "won": crowns_won, "crowns": state.crowns + crowns_won})

    tray = list(state.tray)
    tray[slot] = None
    rng = state.rng
    if tray == [None, None, None]:
        new_tray, rng = deal(rng)
        tray = list(new_tray)
        events.append({"type": "dealt", "why": "used", "tray": [p.text for p in new_tray]})
    after = State(
        board=board, tray=(tray[0], tray[1], tray[2]), score=state.score + points,
        streak=streak, meter=meter, crowns=state.crowns + crowns_won,
        redeals=state.redeals, rng=rng, drops=state.drops + 1, rows=state.rows + k,
    )
    if after.over:
        events.append({"type": "over", "score": after.score})
    return Outcome(after, tuple(events))


def redeal(state: State) -> Outcome[State]:
    """B14: replace all three slots, used or not; once per run."""
    if state.over:
        return Outcome.refuse(state, "over")
    if state.redeals < 1:
        return Outcome.refuse(state, "no-redeal")
    tray, rng = deal(state.rng)
    after = replace(state, tray=tray, rng=rng, redeals=state.redeals - 1)
    events: list[Event] = [{"type": "dealt", "why": "redeal", "tray": [p.text for p in tray]}]
    if after.over:
        events.append({"type": "over", "score": after.score})
    return Outcome(after, tuple(events))


_PLACE = re.compile(r"place ([0-2]) (-?[0-9]+):(-?[0-9]+)")


def act(state: State, action: object) -> Outcome[State]:
    """Apply a B24 action text: ``place S Q:R`` or ``redeal``."""
    if action == "redeal":
        return redeal(state)
    match = _PLACE.fullmatch(action) if isinstance(action, str) else None
    if match is None:
        return Outcome.refuse(state, "bad-action")
    q, r = match.group(2), match.group(3)
    if max(len(q), len(r)) > 9:  # parses, but no such cell (and int() of 5,000 digits raises)
        return place(state, int(match.group(1)), Hex(99, 99))
    return place(state, int(match.group(1)), Hex(int(q), int(r)))

