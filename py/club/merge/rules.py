"""A round of Hex Merge: state, placing, turns and game over (M4-M6, M11, M17).

``Round`` is immutable; ``place`` returns an ``Outcome`` (``club.outcome``):
the next round and the events for the renderer (the ``scored`` one holds the
move's points, groups and chain steps), or the reason it is refused.

>>> from club.merge.notation import parse
>>> r = parse(".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,2,.,2,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 2 4 0 3")
>>> done = place(r, Hex(0, 0))
>>> r2, scored = done.state, next(e for e in done.events if e["type"] == "scored")
>>> done.accepted, scored["points"], r2.score, r2.moves, r2.highest
(True, 6, 6, 4, 4)
>>> place(r2, Hex(9, 9)).reason
'off-board'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from club.errors import MAX_COUNT
from club.hexgrid import Hex
from club.merge.board import (
    EMPTY,
    EMPTY_BOARD,
    NEIGHBORS,
    STEP,
    Board,
    cell_index,
    cell_name,
    highest_number,
)
from club.merge.events import ChainEvent, Event, MergedEvent, MisfitEvent, ScoredEvent, SetEvent
from club.merge.groups import Group, resolve
from club.merge.pieces import Piece, deal, is_pair, stage
from club.outcome import Outcome
from club.rng import Rng, seed_from_text

DEFAULT_SEED = seed_from_text("merge")  # drawing after loading a bare notation (no PRNG in it)


@dataclass(frozen=True, slots=True)
class Round:
    """Everything a round is: the notation fields plus what the notation lacks."""

    board: Board = EMPTY_BOARD
    current: Piece = (2,)
    next: Piece = (2,)
    score: int = 0
    moves: int = 0
    turn: int = 0  # M4: direction anchor -> partner, kept between pairs
    highest: int = 0  # M11: highest stone so far
    rng: Rng = field(default_factory=lambda: Rng.from_seed(DEFAULT_SEED))
    jokers: bool = True  # M3/M14
    play_ms: int = 0  # M15: active play time
    best_chain: int = 0  # M8: the longest chain of this round (its end card); 0 in old saves

    @property
    def over(self) -> bool:
        return not has_room(self.board, self.current)


def new_round(seed: int, jokers: bool = True) -> Round:
    """A fresh round: empty board, turn 0, current and next dealt at stage 0 (M3)."""
    rng = Rng.from_seed(seed)
    current, rng = deal(rng, jokers, None)
    upcoming, rng = deal(rng, jokers, current)
    return Round(current=current, next=upcoming, rng=rng, jokers=jokers)


def has_room(board: Board, piece: Piece) -> bool:
    """M6: a single or joker needs one empty cell, a pair two neighbouring ones (any turn)."""
    if not is_pair(piece):
        return EMPTY in board
    return any(
        board[i] == EMPTY and any(board[j] == EMPTY for j in NEIGHBORS[i]) for i in range(len(board))
    )


def end_reason(state: Round) -> Literal["full", "no-pair-room"] | None:
    """M6: why the round is over, for the end card: no empty cell at all ("full"), or empty cells
    but none two of them neighbours for the pair to come ("no-pair-room"); None while it goes on."""
    if not state.over:
        return None
    return "no-pair-room" if EMPTY in state.board else "full"


def rotate(state: Round, step: int) -> Round:
    """M4: turn clockwise (+1) or counter-clockwise (-1)."""
    return replace(state, turn=(state.turn + step) % 6)


def piece_cells(cell: Hex, piece: Piece, turn: int) -> list[Hex]:
    """M5: the cells a piece would use, anchor first (may be off the board)."""
    return [cell, cell.neighbor(turn)] if is_pair(piece) else [cell]


def refusal(state: Round, cell: Hex, turn: int | None) -> str | None:
    """M17 reasons in order: bad-action, over, off-board, occupied (None = legal)."""
    if turn is not None and (not is_pair(state.current) or not 0 <= turn <= 5):
        return "bad-action"
    if state.over:
        return "over"
    indices = [cell_index(c) for c in piece_cells(cell, state.current, state.turn if turn is None else turn)]
    if any(i < 0 for i in indices):
        return "off-board"
    if any(state.board[i] != EMPTY for i in indices):
        return "occupied"
    return None


def place(state: Round, cell: Hex, turn: int | None = None) -> Outcome[Round]:
    """Place the current piece with its anchor on ``cell`` (M5, M17).

    ``turn`` (a pair only) sets the turn first, as ``place Q:R@K`` does.
    """
    reason = refusal(state, cell, turn)
    if reason is not None:
        return Outcome.refuse(state, reason, misfit(state, cell, turn, reason))
    if turn is not None:
        state = replace(state, turn=turn)
    board = list(state.board)
    cells = [cell_index(c) for c in piece_cells(cell, state.current, state.turn)]
    for i, stone in zip(cells, state.current, strict=False):
        board[i] = stone
    set_time = {i: order for order, i in enumerate(cells)}
    steps = resolve(board, set_time, cells)
    events: list[Event] = [set_event(cells, state.current)]
    events += chain_events(steps)
    events.append(scored_event(steps))
    # M3 amended: the stage comes from the move counter before this placement
    upcoming, rng = deal(state.rng, state.jokers, state.next, stage(state.moves))
    done = replace(
        state,
        board=tuple(board),
        current=state.next,
        next=upcoming,
        rng=rng,
        # P8: the counters saturate at MAX_COUNT, so what a move saves loads again
        score=min(MAX_COUNT, state.score + sum(g.points for step in steps for g in step)),
        moves=min(MAX_COUNT, state.moves + 1),
        highest=max(state.highest, highest_number(tuple(board)), *(g.result for s in steps for g in s)),
        best_chain=max(state.best_chain, len(steps)),
    )
    events.append({"type": "next", "current": list(done.current), "next": list(done.next)})
    if done.over:
        events.append({"type": "over", "score": done.score, "moves": done.moves, "highest": done.highest})
    return Outcome(done, tuple(events))


def add_time(state: Round, ms: int) -> Round:
    """M15: active time counts from the first placement until the round is over
    (it saturates at ``MAX_COUNT``, so a save always loads again)."""
    if ms <= 0 or not clock_runs(state):
        return state
    return replace(state, play_ms=min(MAX_COUNT, state.play_ms + ms))


def clock_runs(state: Round) -> bool:
    """M15: play time counts once the first stone is placed, until the round is over."""
    return state.moves > 0 and not state.over


def misfit(state: Round, cell: Hex, turn: int | None, reason: str) -> tuple[MisfitEvent, ...]:
    """What a preview of a refused spot outlines (M13): the on-board cells the
    piece would take; nothing for a refusal that is no spot (bad-action, over).
    An action's refusal answers no events (``club.session.refuse``)."""
    if reason not in ("off-board", "occupied"):
        return ()
    cells = [c for c in piece_cells(cell, state.current, state.turn if turn is None else turn) if cell_index(c) >= 0]
    taken = [str(c) for c in cells if state.board[cell_index(c)] != EMPTY]
    return ({"type": "misfit", "cells": [str(c) for c in cells], "taken": taken},)


def set_event(cells: list[int], piece: Piece) -> SetEvent:
    return {"type": "set", "cells": [cell_name(i) for i in cells], "values": list(piece)}


def chain_events(steps: list[list[Group]]) -> list[MergedEvent | ChainEvent]:
    """One ``merged`` event per group, then a ``chain`` event per step."""
    events: list[MergedEvent | ChainEvent] = []
    for number, groups in enumerate(steps, start=1):
        for g in groups:
            events.append({
                "type": "merged", "step": number, "value": g.value, "result": g.result,
                "cells": [cell_name(c) for c in g.cells], "target": cell_name(g.target),
                "points": g.points, "joker": bool(g.jokers), "pure": g.pure, "factor": g.factor,
            })
        events.append({"type": "chain", "step": number, "groups": len(groups),
                       "points": sum(g.points for g in groups)})
    return events


def scored_event(steps: list[list[Group]]) -> ScoredEvent:
    """The whole move at once (M10, M13, M17): its points, groups and chain steps,
    and every cell a merge empties or fills, in reading order."""
    merging = sorted({c for groups in steps for g in groups for c in g.cells})
    return {"type": "scored", "points": sum(g.points for groups in steps for g in groups),
            "groups": sum(len(groups) for groups in steps), "chain": len(steps),
            "merging": [cell_name(c) for c in merging]}


def legal_anchors(state: Round, turn: int | None = None) -> list[int]:
    """Cell indices where the current piece can go in ``turn`` (default: the kept one)."""
    if state.over:
        return []
    board = state.board
    if not is_pair(state.current):
        return [i for i, v in enumerate(board) if v == EMPTY]
    k = state.turn if turn is None else turn
    return [i for i, v in enumerate(board) if v == EMPTY and STEP[i][k] >= 0 and board[STEP[i][k]] == EMPTY]

