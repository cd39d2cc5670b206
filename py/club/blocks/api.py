"""The blocks Session: what the page calls through ``club.bridge`` (docs/architecture.md).

Every method takes one ``payload`` dict and returns plain JSON-able values.
Actions (``place``, ``redeal``, ``new``) answer with the events to animate,
the new ``view``, the run ``save`` and the player card ``profile`` text, so
the page draws and stores in one round trip. ``preview`` and ``view`` are
cheap and change nothing.

>>> s = Session()
>>> v = s.new({"seed": 3})
>>> len(v["board"]), len(v["tray"]), v["redeals"]
(61, 3, 1)
>>> slot = v["tray"][0]
>>> out = s.place({"slot": 0, "cell": "0:0"})
>>> out["accepted"], out["view"]["score"] == len(slot["cells"])
(True, True)
>>> s.place({"slot": 0, "cell": "0:0"})["reason"]
'empty-slot'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from club.blocks import notation, profile, rules, saves
from club.blocks.pieces import CELLS, INDEX, RADIUS, SHAPES
from club.blocks.profile import Profile
from club.blocks.rules import ROWS, State
from club.blocks.saves import Run
from club.errors import NotationError, read_seed
from club.hexgrid import Hex


def _cell(value: object) -> Hex | None:
    """A cell from ``"q:r"`` or ``[q, r]``; None when it is neither."""
    if isinstance(value, str):
        try:
            return Hex.parse(value)
        except ValueError:
            return None
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return Hex(value[0], value[1])
    return None


def _slot(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2 else None


class Session:
    """One run of blocks plus the player card, as the page sees them."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.card = Profile()

    # ----- set-up -----------------------------------------------------------
    def geometry(self, payload: dict | None = None) -> dict[str, Any]:
        """The board's cells (reading order), its 27 rows and the shape families."""
        return {
            "radius": RADIUS,
            "cells": [[c.q, c.r] for c in CELLS],
            "rows": [[INDEX[c] for c in row] for row in ROWS],
            "shapes": [s.name for s in SHAPES],
        }

    def load_profile(self, payload: dict) -> dict[str, int]:
        """Take the stored player card (``None`` or missing: a new card)."""
        text = (payload or {}).get("profile")
        self.card = Profile() if text is None else profile.load(text)
        return self._card()

    def headline(self, payload: dict) -> dict[str, int | None]:
        """The home screen's line for a stored card (it does not replace this one);
        a missing or unreadable card has no best."""
        text = (payload or {}).get("profile")
        try:
            return {"best": profile.load(text).best}
        except NotationError:
            return {"best": None}

    def new(self, payload: dict) -> dict[str, Any]:
        """A fresh run from ``seed`` (the current one is banked first); the view."""
        return self.new_run(payload)["view"]

    def new_run(self, payload: dict) -> dict[str, Any]:
        """Play again / New run (B16, B17): bank the current run, start a fresh
        one; answers like an action (the ``banked`` event, view, save, profile)."""
        seed = read_seed((payload or {}).get("seed", 0))
        events = self._bank()
        self.run = Run(rules.new_state(seed), seed=seed)
        return self._answer(events, None)

    def load(self, payload: dict) -> dict[str, Any]:
        """Resume a stored run (raises ``NotationError`` when it is corrupt)."""
        self.run = saves.load((payload or {}).get("save"))
        return self.view()

    def save(self, payload: dict | None = None) -> str:
        return saves.dump(self._run())

    # ----- actions ----------------------------------------------------------
    def place(self, payload: dict) -> dict[str, Any]:
        payload = payload or {}
        slot, cell = _slot(payload.get("slot")), _cell(payload.get("cell"))
        if slot is None or cell is None:
            return self._answer([], "bad-action")
        return self._apply(rules.place(self._run().state, slot, cell), f"place {slot} {cell}")

    def redeal(self, payload: dict | None = None) -> dict[str, Any]:
        return self._apply(rules.redeal(self._run().state), "redeal")

    # ----- cheap queries ----------------------------------------------------
    def view(self, payload: dict | None = None) -> dict[str, Any]:
        """Everything the page draws."""
        run = self._run()
        state = run.state
        tray = []
        for slot, piece in enumerate(state.tray):
            targets = state.targets(slot)
            tray.append({
                "slot": slot,
                "piece": None if piece is None else piece.text,
                "shape": None if piece is None else piece.shape.name,
                "family": None if piece is None else piece.shape.family,
                "cells": [] if piece is None else [[c.q, c.r] for c in piece.cells],
                "fits": bool(targets),
                "targets": targets,
            })
        return {
            "board": notation.print_board(state.board).replace("/", ""),
            "tray": tray,
            "score": state.score,
            "streak": state.streak,
            # % the next clearing drop adds to its clear points (B11)
            "bonus": rules.streak_clear(100, state.streak + 1) - 100,
            "meter": state.meter,
            "crowns": state.crowns,
            "redeals": state.redeals,
            "redeal_offered": state.redeal_offered,
            "over": state.over,
            "drops": state.drops,
            "stars": state.score // 10,
            "banked": run.banked,
            "profile": self._card(),
            "position": notation.print_position(state),
        }

    def preview(self, payload: dict) -> dict[str, Any]:
        """B20: the cells a drop would fill, the rows it would complete, legality."""
        payload = payload or {}
        slot, cell = _slot(payload.get("slot")), _cell(payload.get("cell"))
        state = self._run().state
        piece = None if slot is None else state.tray[slot]
        if piece is None or cell is None:
            return {"legal": False, "reason": "empty-slot" if cell else "bad-action",
                    "cells": [], "rows": []}
        cells = [[cell.q + dq, cell.r + dr] for dq, dr in piece.cells]
        mask, reason = rules.drop_mask(piece, cell)
        if mask is not None and mask & state.board:
            reason = "occupied"
        if state.over:
            reason = "over"
        if reason:
            return {"legal": False, "reason": reason, "cells": cells, "rows": []}
        return {"legal": True, "reason": None, "cells": cells,
                "rows": rules.completed_rows(state.board | mask, mask)}

    # ----- internals --------------------------------------------------------
    def _run(self) -> Run:
        if self.run is None:
            self.run = Run(rules.new_state(0))
        return self.run

    def _card(self) -> dict[str, int]:
        c = self.card
        return {"stars": c.stars, "best": c.best, "crowns": c.crowns, "runs": c.runs}

    def _bank(self) -> list[dict[str, Any]]:
        """End the current run once: put its result on the player card."""
        run = self.run
        if run is None or run.banked:
            return []
        state = run.state
        before = self.card.best
        self.card, stars = profile.bank(self.card, state.score, state.crowns, state.drops)
        self.run = replace(run, banked=True)
        return [{"type": "banked", "score": state.score, "stars": stars,
                 "best": self.card.best, "new_best": self.card.best > before}]

    def _apply(self, outcome: rules.Outcome, action: str) -> dict[str, Any]:
        if not outcome.accepted:
            return self._answer([], outcome.reason)
        run = self._run()
        self.run = Run(outcome.state, seed=run.seed, log=(*run.log, action), banked=run.banked)
        events = list(outcome.events)
        if outcome.state.over:
            events += self._bank()
        return self._answer(events, None)

    def _answer(self, events: list[dict[str, Any]], reason: str | None) -> dict[str, Any]:
        return {
            "accepted": reason is None,
            "reason": reason,
            "events": events,
            "view": self.view(),
            "save": self.save(),
            "profile": profile.dump(self.card),
        }


def start(state: State, seed: int = 0) -> str:
    """A run save for ``state`` (used by tests to seed a position)."""
    return saves.dump(Run(state, seed=seed))
