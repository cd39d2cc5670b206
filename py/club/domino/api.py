"""The page's Session (docs/architecture.md): one object per game, JSON in and out.

The per-frame path is ``tick``: it advances time and answers a few numbers
(the falling tile and its ghost row, Speed); the full ``view`` and the save
come back only when a turn resolved, so a frame never re-sends the well.

>>> s = Session()
>>> view = s.new({"seed": 3, "mode": "sprint", "set": "classic"})
>>> view["mode"], view["tiles_left"], view["falling"]["col"], view["falling"]["ghost"]
('sprint', 27, 3, 15)
>>> s.act({"move": "hard"})["view"]["tiles_left"]
26
>>> s.act({"move": "jump"})["reason"]
'bad-action'
"""

from __future__ import annotations

import json
from typing import Any

from club.domino import game as rules
from club.domino.falling import landing_row
from club.domino.game import MODES, Game
from club.domino.notation import parse
from club.domino.saving import dump_game, load_game
from club.domino.tiles import SET_TOP
from club.domino.well import print_well
from club.errors import MAX_COUNT, NotationError, count, finite, is_int, read_seed

MOVES = ("left", "right", "down", "cw", "ccw", "hard")
RECORD_FIELDS = ("max", "power", "speed")
MAX_TICK_MS = 3_600_000  # one frame never carries more than an hour (the page clamps far lower)
MAX_TURN = 8 * 16  # T counts cancelled halves: at most the well's cells (D1, D13)


class Session:
    """One run of Domino Drop plus the player's records, for the JS bridge."""

    def __init__(self) -> None:
        self.game, _ = rules.new_run("sprint", "classic", seed=1)
        self.profile: dict[str, Any] = {"records": {}}

    # -- runs --------------------------------------------------------------
    def new(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Start a run: ``seed``, ``mode`` (sprint/marathon), ``set`` (classic/extended).

        ``position`` (notation) optionally starts on a prepared well (tests).
        """
        mode = payload.get("mode", "sprint")
        set_kind = payload.get("set", "classic")
        if not isinstance(mode, str) or mode not in MODES:
            raise NotationError("mode", "mode must be sprint or marathon")
        if not isinstance(set_kind, str) or set_kind not in SET_TOP:
            raise NotationError("set", "set must be classic or extended")
        seed = read_seed(payload.get("seed", 1))
        text = payload.get("position")
        if "position" in payload and not isinstance(text, str):
            raise NotationError("position", "position must be notation text")
        well = parse(text).well if isinstance(text, str) else None
        self.game, _ = rules.new_run(mode, set_kind, seed, well)
        return self.view({})

    def load(self, payload: dict[str, Any]) -> dict[str, Any]:
        self.game = load_game(payload.get("save"))  # type: ignore[arg-type]
        self.game = rules.set_soft(self.game, False)  # no key is held after a reload
        return self.view({})

    def save(self, payload: dict[str, Any]) -> str:
        return dump_game(self.game)

    def view(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Everything the page draws."""
        g = self.game
        return {
            "mode": g.mode,
            "set": g.set_kind,
            "width": g.well.width,
            "height": g.well.height,
            "well": print_well(g.well),
            "cells": [[c, r, p, link] for c, r, p, link in g.well.occupied()],
            "falling": self._falling(),
            "next": list(g.next_tile) if g.next_tile else None,
            "max": g.max_turn,
            "power": g.power,
            "speed": round(g.speed, 1),
            "set_number": g.set_number,
            "tiles_left": g.tiles_left,
            "gravity": g.gravity,
            "turns": g.turns,
            "points": g.points,
            "chain": g.chain,
            "active_ms": g.active_ms,
            "over": g.over,
            "topped_out": g.topped_out,
        }

    def _falling(self) -> dict[str, Any] | None:
        """The falling tile, its ghost row, and for smooth drawing the share of
        the current gravity step already elapsed (``fall``) or of the lock delay
        (``lock``, while it rests)."""
        g = self.game
        tile = g.falling
        if tile is None:
            return None
        interval = min(g.gravity, rules.SOFT_MS) if g.soft else g.gravity
        resting = g.rest_ms is not None
        return {
            "a": tile.a,
            "b": tile.b,
            "col": tile.col,
            "row": tile.row,
            "orient": tile.orient,
            "ghost": landing_row(g.well, tile),
            "halves": [[c - tile.col, r - tile.row, p, link] for c, r, p, link in tile.cells()],
            "fall": 0 if resting else round(min(g.fall_ms / interval, 1.0), 3),
            "lock": round(g.rest_ms / rules.LOCK_MS, 3) if resting else 0,
        }

    # -- play --------------------------------------------------------------
    def tick(self, payload: dict[str, Any]) -> dict[str, Any]:
        """One frame: ``ms`` of game time (the page clamps it). Small answer."""
        ms = count(payload.get("ms", 0), "ms", 0, MAX_TICK_MS)
        game, _, events = rules.advance(self.game, ms)
        return self._settle(game, events, full=False)

    def act(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A player move: ``move`` is left, right, down, cw, ccw or hard."""
        name = payload.get("move")
        if name not in MOVES:
            return {"accepted": False, "reason": "bad-action", "events": [], "view": self.view({})}
        if name == "hard":
            game, reason, events = rules.hard_drop(self.game)
        else:
            game, reason, events = rules.move(self.game, name)
        if reason is not None:
            return {"accepted": False, "reason": reason, "events": [], "view": None}
        return self._settle(game, events, full=True)

    def soft(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Hold (``held: true``) or release soft drop (D6); time stays explicit."""
        held = payload.get("held", False)
        if not isinstance(held, bool):  # "false" is text, not a released key
            raise NotationError("held", "held must be true or false")
        self.game = rules.set_soft(self.game, held)
        return {"soft": self.game.soft}

    def _settle(self, game: Game, events: list[dict[str, Any]], full: bool) -> dict[str, Any]:
        """Keep the new state; send the full view and save only when the well changed."""
        turned = any(e["type"] == "scored" for e in events) or game.over != self.game.over
        self.game = game
        out: dict[str, Any] = {
            "accepted": True,
            "reason": None,
            "events": events,
            "falling": self._falling(),
            "speed": round(game.speed, 1),
            "view": self.view({}) if turned or full else None,
            "save": dump_game(game) if turned or full else None,
        }
        if any(e["type"] == "over" for e in events):
            out["record"] = self._record()
            out["profile"] = self.profile
        return out

    # -- records (D18) -----------------------------------------------------
    def headline(self, payload: dict[str, Any]) -> dict[str, int | None]:
        """The home card's best score: the best Power of any mode and set (never raises)."""
        try:
            records = Session().load_profile({"profile": payload.get("profile")})["records"]
        except NotationError:
            return {"best": None}
        powers = [int(entry["power"]) for entry in records.values()]
        return {"best": max(powers) if powers else None}

    def load_profile(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Validate stored records ``{"records": {"sprint/classic": {...}}}`` and keep them."""
        self.profile = {"records": read_records(payload.get("profile"))}
        return self.profile

    def _record(self) -> list[str]:
        """Merge the finished run into the records; returns the fields it beat."""
        g = self.game
        key = f"{g.mode}/{g.set_kind}"
        if key not in record_keys():
            return []
        # saturated at MAX_COUNT so the stored record always loads again (read_records)
        result = {"max": g.max_turn, "power": min(MAX_COUNT, g.power), "speed": min(MAX_COUNT, round(g.speed, 1))}
        best = dict(self.profile["records"].get(key, {"max": 0, "power": 0, "speed": 0, "games": 0}))
        beaten = [f for f in RECORD_FIELDS if result[f] > best[f]]
        for f in beaten:
            best[f] = result[f]
        best["games"] = min(MAX_COUNT, best["games"] + 1)  # saturates: the record still loads
        self.profile = {"records": {**self.profile["records"], key: best}}
        return beaten


def record_keys() -> tuple[str, ...]:
    return tuple(f"{m}/{s}" for m in MODES for s in SET_TOP)


def read_records(text: object) -> dict[str, Any]:
    """The records of stored profile text; NotationError names what is wrong.

    >>> read_records('{"records": {"sprint/classic": {"max": 3, "power": 5, "speed": 1.5, "games": 2}}}')
    {'sprint/classic': {'max': 3, 'power': 5, 'speed': 1.5, 'games': 2}}
    >>> read_records('{"records": {"sprint/classic": {"max": 9, "power": 5000, "speed": 0, "games": 0}}}')
    Traceback (most recent call last):
    ...
    club.errors.NotationError: records: bad record 'sprint/classic'
    """
    try:  # strict: NaN, Infinity and 1e999 are no record
        data = json.loads(text, parse_constant=_no_constant) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        data = None
    records = data.get("records") if isinstance(data, dict) else None
    if not isinstance(records, dict):
        raise NotationError("profile", "profile must be {\"records\": {...}}")
    for key, entry in records.items():
        if key not in record_keys() or not valid_entry(entry):
            raise NotationError("records", f"bad record {key!r}")
    return records


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def valid_entry(entry: object) -> bool:
    """A record a finished run can leave (D13, D18): whole counts up to ``MAX_COUNT``,
    a finite Speed, Max at most the well's 128 halves, a Power at least what the
    Max turn gave, and nothing at all before the first game."""
    if not isinstance(entry, dict) or set(entry) != {*RECORD_FIELDS, "games"}:
        return False
    counts = (entry["max"], entry["power"], entry["games"])
    if not all(is_int(v) and 0 <= v <= MAX_COUNT for v in counts):
        return False
    speed = entry["speed"]
    if not finite(speed) or not 0 <= speed <= MAX_COUNT:
        return False
    top, power, games = counts
    if not games:
        return top == power == speed == 0
    return top <= MAX_TURN and power >= max(0, top - 1) ** 2
