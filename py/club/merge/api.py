"""``Session``: what the page talks to through ``club.bridge`` (docs/architecture.md).

Board values in views are ints in reading order: 0 empty, -1 joker, else the
number. Cells are named ``Q:R``.

>>> s = Session()
>>> view = s.new({"seed": 3, "jokers": False})
>>> len(view["board"]), view["moves"], view["jokers"]
(37, 0, False)
>>> result = s.place({"cell": "0:0"})
>>> result["accepted"], result["view"]["moves"]
(True, 1)
>>> s.place({"cell": "0:0"})["reason"]
'occupied'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from club.errors import NotationError, is_int, read_seed
from club.hexgrid import Hex
from club.merge import persist
from club.merge.board import CELLS, EMPTY, JOKER, cell_index, cell_name
from club.merge.game import (
    DEFAULT_SEED,
    Move,
    Round,
    add_time,
    legal_anchors,
    new_round,
    piece_cells,
    place,
    refusal,
    rotate,
)
from club.merge.groups import resolve
from club.merge.notation import print_position
from club.merge.pieces import Piece, is_pair
from club.merge.profile import check_settings, default_profile, load_profile, record_round

CELL_NAMES = [str(c) for c in CELLS]


class Session:
    """One merge round plus the player's profile, for the page."""

    def __init__(self) -> None:
        self.profile: dict[str, Any] = default_profile()
        self.round: Round = new_round(DEFAULT_SEED, jokers=True)
        self.style: str = self.profile["settings"]["style"]

    # --- lifecycle -------------------------------------------------------
    def new(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A fresh round; jokers from the payload, else from the settings (M14)."""
        seed = read_seed(payload.get("seed", DEFAULT_SEED & 0xFFFFFFFF))
        jokers = payload.get("jokers", self.profile["settings"]["jokers"])
        if not isinstance(jokers, bool):
            raise NotationError("jokers", "jokers must be true or false")
        self.round = new_round(seed, jokers=jokers)
        self.style = self.profile["settings"]["style"]
        return self.view({})

    def load(self, payload: dict[str, Any]) -> dict[str, Any]:
        self.round, self.style = persist.load_round(payload.get("save"))  # type: ignore[arg-type]
        return self.view({})

    def save(self, payload: dict[str, Any]) -> str:
        return persist.dump_round(self.round, self.style)

    def load_profile(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Validate stored profile text and use it; ``null`` (none stored yet) is a fresh one."""
        text = payload.get("profile")
        self.profile = default_profile() if text is None else load_profile(text)  # type: ignore[arg-type]
        return self.profile

    def headline(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The home screen's best score from stored profile text; never raises."""
        try:
            return {"best": load_profile(payload.get("profile"))["best"]}  # type: ignore[arg-type]
        except NotationError:
            return {"best": None}

    def abandon(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The round in progress is given up (new round, a slot loaded over it): its
        score still counts for the best (M11, as in blocks); ``rounds`` counts
        finished rounds only. Answers the profile for the page to store.

        >>> s = Session()
        >>> _ = s.load({"save": persist.dump_round(new_round(5, jokers=True), "colors")})
        >>> s.round = replace(s.round, score=382, moves=40, highest=64)
        >>> p = s.abandon({})["profile"]
        >>> p["best"], p["best_moves"], p["best_highest"], p["rounds"]
        (382, 40, 64, 0)
        >>> s.abandon({})["recorded"]  # the same round again changes nothing new
        True
        >>> _ = s.new({"seed": 1}); s.abandon({})["recorded"], s.view({})["best"]
        (False, 382)
        """
        state = self.round
        if state.over or state.moves == 0:
            return {"profile": self.profile, "recorded": False}
        self.profile = record_round(self.profile, state.score, state.moves, state.highest, finished=False)
        return {"profile": self.profile, "recorded": True}

    def settings(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Change settings (M14): the style at once, jokers from the next round."""
        settings = check_settings(payload.get("settings", {}), self.profile["settings"])
        self.profile = {**self.profile, "settings": settings}
        self.style = settings["style"]
        return {"profile": self.profile, "view": self.view({}), "save": self.save({})}

    # --- play ------------------------------------------------------------
    def place(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Place the current piece: ``{"cell": "Q:R", "turn": K?, "ms": active ms since last?}``."""
        self.round = add_time(self.round, _ms(payload))
        target = _cell(payload.get("cell"))
        turn = payload.get("turn")
        if target is None or not (turn is None or (isinstance(turn, int) and not isinstance(turn, bool))):
            return self._result(Move(False, "bad-action"))
        self.round, move = place(self.round, target, turn)
        result = self._result(move)
        if move.accepted and self.round.over:
            result["new_best"] = self.round.score > self.profile["best"]
            self.profile = record_round(self.profile, self.round.score, self.round.moves, self.round.highest)
            result["profile"] = self.profile
        return result

    def rotate(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Turn the current pair by ``{"step": 1}`` (clockwise) or -1 (M4, M12)."""
        step = payload.get("step", 1)
        # an int, never 1.0: a float turn would be kept and break every later call
        if not is_int(step) or step not in (1, -1) or not is_pair(self.round.current) or self.round.over:
            return self._result(Move(False, "bad-action"))
        self.round = rotate(self.round, step)
        return self._result(Move(True, None, ({"type": "turn", "turn": self.round.turn},)))

    def tick(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Add active play time (the page pauses it in menus and when hidden, M15)."""
        self.round = add_time(self.round, _ms(payload))
        return {"play_ms": self.round.play_ms, "save": self.save({})}

    def preview(self, payload: dict[str, Any]) -> dict[str, Any]:
        """What placing at ``cell`` (in ``turn``) would do (M13), without doing it."""
        target = _cell(payload.get("cell"))
        turn = payload.get("turn")
        state = self.round
        if is_int(turn) and turn in range(6) and is_pair(state.current):
            state = replace(state, turn=turn)
        if target is None:
            return {"cells": [], "legal": False, "reason": "bad-action", "steps": [], "merging": [], "points": 0}
        cells = [str(c) for c in piece_cells(target, state.current, state.turn)]
        reason = refusal(state, target, None)
        if reason is not None:
            return {"cells": cells, "legal": False, "reason": reason, "steps": [], "merging": [], "points": 0}
        steps = _simulate(state, [cell_index(Hex.parse(c)) for c in cells])
        merging = sorted({c for step in steps for g in step for c in g.cells})
        return {
            "cells": cells, "legal": True, "reason": None,
            "steps": [[[cell_name(c) for c in g.cells] for g in step] for step in steps],
            "merging": [cell_name(c) for c in merging],
            "points": sum(g.points for step in steps for g in step),
        }

    # --- slots (M15) -----------------------------------------------------
    def export(self, payload: dict[str, Any]) -> str:
        """The text code of a stored slot save (validated first) or of the current round."""
        text = payload.get("save")
        if text is None:
            return persist.export_code(self.save({}))
        persist.load_round(text)  # type: ignore[arg-type]
        return persist.export_code(text)  # type: ignore[arg-type]

    def import_code(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The save inside a code and its summary; changes nothing (NotationError if bad)."""
        text = persist.import_code(payload.get("code"))  # type: ignore[arg-type]
        try:
            return {"save": text, "summary": self.summary({"save": text})}
        except NotationError as exc:
            raise NotationError("code", f"the code holds no valid round ({exc})") from None

    def summary(self, payload: dict[str, Any]) -> dict[str, Any]:
        """What a slot shows: score, moves, highest, play time, mode, style."""
        state, style = persist.load_round(payload.get("save"))  # type: ignore[arg-type]
        return {"score": state.score, "moves": state.moves, "highest": state.highest,
                "play_ms": state.play_ms, "jokers": state.jokers, "style": style,
                "over": state.over, "board": list(state.board)}

    # --- drawing ---------------------------------------------------------
    def view(self, payload: dict[str, Any]) -> dict[str, Any]:
        state = self.round
        return {
            "cells": CELL_NAMES, "board": list(state.board), "empty": EMPTY, "joker": JOKER,
            "current": _piece_view(state.current), "next": _piece_view(state.next),
            "turn": state.turn, "score": state.score, "moves": state.moves, "highest": state.highest,
            "over": state.over, "play_ms": state.play_ms, "jokers": state.jokers, "style": self.style,
            "best": max(self.profile["best"], state.score),
            "legal": [cell_name(i) for i in legal_anchors(state)],
            "position": print_position(state),
        }

    def _result(self, move: Move) -> dict[str, Any]:
        return {
            "accepted": move.accepted, "reason": move.reason, "events": list(move.events),
            "points": move.points, "groups": move.groups, "chain": move.chain,
            "view": self.view({}), "save": self.save({}),
        }


def _simulate(state: Round, cells: list[int]) -> list:
    board = list(state.board)
    for i, stone in zip(cells, state.current, strict=False):
        board[i] = stone
    return resolve(board, {i: order for order, i in enumerate(cells)}, cells)


def _piece_view(piece: Piece) -> dict[str, Any]:
    kind = "joker" if piece[0] == JOKER else "pair" if is_pair(piece) else "single"
    return {"kind": kind, "stones": list(piece)}


def _cell(text: object) -> Hex | None:
    if not isinstance(text, str):
        return None
    try:
        return Hex.parse(text)
    except ValueError:
        return None


def _ms(payload: dict[str, Any]) -> int:
    ms = payload.get("ms", 0)
    return ms if isinstance(ms, int) and not isinstance(ms, bool) and 0 < ms < 3_600_000 else 0
