"""The four functions the conformance runner calls for blocks (B22–B24)."""

from __future__ import annotations

from typing import Any

from club.blocks import notation, rules
from club.blocks.rules import State


def load(position: str) -> State:
    """Parse a position; the state gets the fixed default PRNG seed 0."""
    return notation.parse(position)


def dump(state: State) -> str:
    return notation.print_position(state)


def act(state: State, action: str) -> tuple[State, dict[str, Any]]:
    """The action's report, read from its events: the drop's points (B10-B12)
    and the rows it cleared at once (B9)."""
    outcome = rules.act(state, action)
    if not outcome.accepted:
        return state, {"refused": True, "reason": outcome.reason, "points": 0, "cleared": 0}
    points = sum(e["points"] for e in outcome.events if e["type"] == "points")
    cleared = sum(e["count"] for e in outcome.events if e["type"] == "cleared")
    return outcome.state, {"refused": False, "reason": None, "points": points, "cleared": cleared}


def observe(state: State) -> dict[str, Any]:
    return {
        "board": notation.print_board(state.board),
        "tray": notation.print_tray(state.tray),
        "score": state.score,
        "streak": state.streak,
        "meter": state.meter,
        "crowns": state.crowns,
        "redeals": state.redeals,
        "over": state.over,
        "points": 0,
        "cleared": 0,
    }
