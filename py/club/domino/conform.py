"""Conformance hooks for ``python -m club.conformance`` (D19, D20).

>>> game = load("......../......../......../2d....../3u5r1l.. 0 0")
>>> game, report = act(game, "drop 2-5 0 0")
>>> report["points"], report["chain"], dump(game)
(4, 2, '......../......../......../......../3s..1s.. 4 9')
>>> act(game, "left")[1]["reason"], act(game, "jump")[1]["reason"]
('no-tile', 'bad-action')
"""

from __future__ import annotations

from typing import Any

from club.domino import rules
from club.domino.notation import parse, print_position
from club.domino.rules import Game, from_position
from club.domino.tiles import parse_tile
from club.domino.well import print_well
from club.outcome import Outcome

MOVES = ("left", "right", "down", "cw", "ccw")


def load(position: str) -> Game:
    return from_position(parse(position))


def dump(game: Game) -> str:
    return print_position(game.position)


def observe(game: Game) -> dict[str, Any]:
    return {
        "well": print_well(game.well),
        "max": game.max_turn,
        "power": game.power,
        "falling": game.falling.text() if game.falling else "-",
        "over": game.over,
        "points": 0,
        "chain": 0,
    }


def parse_int(text: str) -> int | None:
    """A decimal integer, possibly negative (a column left of the well is ``blocked``)."""
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isascii() and digits.isdigit() else None


def act(game: Game, action: str) -> tuple[Game, dict[str, Any]]:
    """Apply one D20 action; refusals are reported, never raised."""
    outcome = dispatch(game, action.split(" ") if isinstance(action, str) else [])
    if not outcome.accepted:
        return game, {"refused": True, "reason": outcome.reason, "points": 0, "chain": 0}
    scored = [e for e in outcome.events if e["type"] == "scored"]
    points = scored[-1]["points"] if scored else 0
    chain = scored[-1]["chain"] if scored else 0
    return outcome.state, {"refused": False, "reason": None, "points": points, "chain": chain}


def dispatch(game: Game, words: list[str]) -> Outcome[Game]:
    """Parse the words of an action and run it; unknown shapes are ``bad-action``."""
    verb, args = (words[0], words[1:]) if words else ("", [])
    if verb in MOVES and not args:
        return rules.move(game, verb)
    if verb == "hard" and not args:
        return rules.hard_drop(game)
    if verb == "advance" and len(args) == 1 and args[0].isascii() and args[0].isdigit():
        return rules.advance(game, int(args[0]))
    if verb == "spawn" and len(args) == 1 and (tile := parse_tile(args[0])):
        return rules.spawn_tile(game, tile)
    if verb == "drop" and len(args) == 3:
        tile, col = parse_tile(args[0]), parse_int(args[1])
        if tile and col is not None and args[2] in ("0", "1", "2", "3"):
            return rules.drop(game, tile, col, int(args[2]))
    return Outcome.refuse(game, "bad-action")
