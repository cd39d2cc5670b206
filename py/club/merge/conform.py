"""The four functions the conformance runner calls (see ``club.conformance``).

A bare notation has no PRNG: the next pieces after a move come from
``game.DEFAULT_SEED``, jokers on, turn 0 (M4).
"""

from __future__ import annotations

from typing import Any

from club.merge.notation import parse, parse_action, print_board, print_position
from club.merge.pieces import print_piece
from club.merge.rules import Round, place


def load(position: str) -> Round:
    return parse(position)


def dump(state: Round) -> str:
    return print_position(state)


def act(state: Round, action: str) -> tuple[Round, dict[str, Any]]:
    parsed = parse_action(action)
    if parsed is None:
        return state, {"refused": True, "reason": "bad-action", "points": 0, "groups": 0, "chain": 0}
    outcome = place(state, *parsed)
    scored = next((e for e in outcome.events if e["type"] == "scored"), {"points": 0, "groups": 0, "chain": 0})
    report = {"refused": not outcome.accepted, "reason": outcome.reason, "points": scored["points"],
              "groups": scored["groups"], "chain": scored["chain"]}
    return outcome.state, report


def observe(state: Round) -> dict[str, Any]:
    return {
        "board": print_board(state.board), "current": print_piece(state.current),
        "next": print_piece(state.next), "score": state.score, "moves": state.moves,
        "highest": state.highest, "over": state.over, "turn": state.turn,
        "points": 0, "groups": 0, "chain": 0, "refused": False, "reason": None,
    }
