"""The four functions the conformance runner calls (see ``club.conformance``).

Vector positions play without refill (W27); the state is a ``Position``.
"""

from __future__ import annotations

from typing import Any

from club.bowls.notation import parse, parse_action, print_bowls, print_position
from club.bowls.position import BAD_ACTION, OVER, Position, refusal, stuck
from club.bowls.rules import sow


def load(position: str) -> Position:
    return parse(position)


def dump(state: Position) -> str:
    return print_position(state)


def is_over(state: Position) -> bool:
    """W12, W19: an overflow on the board, or no bowl can be chosen."""
    return state.lost() or stuck(state)


def act(state: Position, action: str) -> tuple[Position, dict[str, Any]]:
    bowl = parse_action(action)
    if bowl is None:
        return state, {"refused": True, "reason": BAD_ACTION}
    if is_over(state):
        return state, {"refused": True, "reason": OVER}
    reason = refusal(state, bowl)
    if reason is not None:
        return state, {"refused": True, "reason": reason}
    out = sow(state, bowl)
    report = {
        "points": out.points,
        "combo": out.combo,
        "perfect": out.perfect,
        "overflow": out.overflow is not None,
        "over": is_over(out.position),
    }
    return out.position, report


def observe(state: Position) -> dict[str, Any]:
    return {
        "bowls": print_bowls(state),
        "score": state.score,
        "moves": state.moves,
        "points": 0,
        "combo": 0,
        "perfect": False,
        "overflow": state.lost(),
        "over": is_over(state),
    }
