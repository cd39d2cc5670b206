"""The blocks Session: what the page calls through ``club.bridge`` (docs/architecture.md).

It stands on ``club.session.Session``: ``new``, ``load``, ``save``, ``view``,
``load_profile`` and ``headline`` come from the base; blocks supplies its
rules (``place``, ``redeal``), its view and its codecs. ``preview`` is
``place`` applied without keeping it, so the two never disagree.

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
from typing import Any, NotRequired

from club import forking, session
from club.blocks import clears, lesson, notation, profile, rules, saves
from club.blocks.events import BankedEvent
from club.blocks.pieces import CELLS, INDEX, RADIUS, SHAPES
from club.blocks.profile import Profile
from club.blocks.rules import ROWS, State
from club.blocks.saves import Run
from club.blocks.views import Card, ClearingDrop, Geometry, PreviewAnswer, Slot, View
from club.errors import read_seed
from club.hexgrid import Hex, target_map
from club.outcome import Event, Outcome
from club.schema import Bounds, integer, text
from club.session import BAD_ACTION
from club.surface import act, ask

#: The most drops a replay holds (the greedy bot of tools/balance.py ends its runs in under 200).
MAX_DROPS = 5_000


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


def _placing(payload: dict[str, Any]) -> session.Step[Run]:
    """The ``place`` step of a payload: one function for the action and its preview."""
    slot, cell = _slot(payload.get("slot")), _cell(payload.get("cell"))

    def step(run: Run) -> Outcome[Run]:
        if slot is None or cell is None:
            return Outcome.refuse(run, BAD_ACTION)
        return _in_run(run, rules.place(run.state, slot, cell))
    return step


def _in_run(run: Run, outcome: Outcome[State]) -> Outcome[Run]:
    """A rule's outcome on the run's state, as the run's (its seed and banking kept)."""
    return outcome.map(lambda state: replace(run, state=state))


class Session(session.Session[Run, Profile]):
    """One run of blocks plus the player card, as the page sees them."""

    game = "blocks"
    runs = saves
    profiles = profile
    RECORDED = {"place": {"slot": integer(0, 2), "cell": text(lambda value: _cell(value))}, "redeal": {}}
    CALLS = {"place": act(slot=int, cell=str), "redeal": act(), "preview": ask(slot=int, cell=str),
             "new_run": act(seed=NotRequired[int], query=NotRequired[str], daily=NotRequired[str],
                                 from_replay=NotRequired[str], step=NotRequired[int]), "geometry": ask(),
             "clearing": ask()}
    BOUNDS = Bounds(moves=MAX_DROPS, moves_by=frozenset({"place"}), per_run={"redeal": 1})  # B14: one re-deal a run

    # ----- the rules this game supplies -------------------------------------
    def start(self, seed: int, payload: dict[str, Any]) -> Run:
        return Run(rules.new_state(seed), seed=seed)

    def lesson_state(self) -> Run:
        """The first lesson's position (``club.blocks.lesson``)."""
        return Run(lesson.lesson_state())

    def describe(self, run: Run) -> View:
        state = run.state
        return {
            "board": notation.print_board(state.board).replace("/", ""),
            "tray": [_slot_view(state, slot) for slot in range(3)],
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
            "rows_cleared": state.rows,
            "in_progress": not state.over and state.drops > 0,
            "stars": state.score // 10,
            "banked": run.banked,
            "new_best": run.new_best,
            "profile": self.profile_view(),
        }

    def fresh_profile(self) -> Profile:
        return Profile()

    def best(self, card: Profile) -> int:
        return card.best

    def profile_view(self) -> Card:
        c = self.profile
        return {"stars": c.stars, "best": c.best, "crowns": c.crowns, "runs": c.runs}

    def over(self, run: Run) -> bool:
        return run.state.over

    def score(self, run: Run) -> int:
        return run.state.score

    def played(self, run: Run) -> int:
        return run.state.drops

    def moment(self, events: list[Event]) -> int:
        """Share grid: rows cleared at once (1-4+), a Crown above all."""
        if any(e["type"] == "crown" for e in events):
            return 5
        return min(4, sum(e["count"] for e in events if e["type"] == "cleared"))

    def after(self, before: Run, outcome: Outcome[Run]) -> list[Event]:
        """B16: a run that ends goes on the player card, once."""
        return self._bank() if self.state.state.over else []

    # ----- set-up and actions -----------------------------------------------
    def geometry(self, payload: dict[str, Any]) -> Geometry:
        """The board's cells (reading order), its 27 rows, the shape families and,
        for every cell, where each screen direction moves the keyboard target (B19;
        the page maps its arrow keys to directions, web/kit/arrows.js)."""
        return {
            "radius": RADIUS,
            "cells": [[c.q, c.r] for c in CELLS],
            "rows": [[INDEX[c] for c in row] for row in ROWS],
            "shapes": [s.name for s in SHAPES],
            "keys": target_map(RADIUS),
            "meter_edges": rules.METER_EDGES,
            "crown_points": rules.CROWN_POINTS,
            "names": [list(n) for n in clears.NAMES],
        }

    def new_run(self, payload: dict[str, Any]) -> session.Answer:
        """Play again / New run (B16, B17): bank the current run, start a fresh
        one; answers like an action (the ``banked`` event, view, save, profile)."""
        # a refused deal banks nothing (a replay's step is played before: club.forking)
        made = forking.fork(self, payload) if "from_replay" in payload else None
        if made is None:
            read_seed(self.expand(payload).get("seed", self.default_seed))
        card = self.profile
        events = self._bank()
        if made is None:
            super().new(payload)
        else:
            self.start_fork(made)
        return self.answer(events, changed_profile=self.profile is not card)

    def new(self, payload: dict[str, Any]) -> View:
        """A fresh run (the current one is banked first, B17); the view."""
        return self.new_run(payload)["view"]

    def step_of(self, method: str, payload: dict[str, Any]) -> session.Step[Run] | None:
        """``place`` (B7, B9-B13) and ``redeal`` (B14) as pure steps."""
        if method == "place":
            return _placing(payload)
        return lambda run: _in_run(run, rules.redeal(run.state))

    def place(self, payload: dict[str, Any]) -> session.Answer:
        """Drop the piece of ``slot`` with its centre on ``cell`` (B7, B9-B13); recorded."""
        return self.act(self.step_of("place", payload), record=("place", payload))

    def redeal(self, payload: dict[str, Any]) -> session.Answer:
        """B14: replace the three slots, once per run; recorded."""
        return self.act(self.step_of("redeal", payload), record=("redeal", payload))

    def preview(self, payload: dict[str, Any]) -> PreviewAnswer:
        """B20: ``place`` on a copy: its events, and the cells it would fill and
        the rows it would complete (read from those events) when it is legal."""
        answer = self.preview_of(_placing(payload))
        placed = next((e["cells"] for e in answer["events"] if e["type"] == "placed"), [])
        rows = next((e["rows"] for e in answer["events"] if e["type"] == "cleared"), [])
        return {**answer, "legal": answer["accepted"], "cells": [_pair(c) for c in placed], "rows": rows}

    def clearing(self, payload: dict[str, Any]) -> list[ClearingDrop]:
        """Every legal drop of the tray that completes a row, most points first
        (``club.blocks.clears``): what the listing key says (P11)."""
        return clears.clearing(self.state.state)

    # ----- internals --------------------------------------------------------
    def _bank(self) -> list[Event]:
        """End the current run once: put its result on the player card."""
        run = self.state
        if run.banked or self.forked():  # a run from a replay's step goes on no card (club.forking)
            return []
        state = run.state
        before = self.profile.best
        self.profile, stars = profile.bank(self.profile, state.score, state.crowns, state.drops)
        new_best = self.profile.best > before
        self.keep(replace(run, banked=True, new_best=new_best))
        banked: BankedEvent = {"type": "banked", "score": state.score, "stars": stars,
                               "best": self.profile.best, "new_best": new_best}
        return [banked]


def _slot_view(state: State, slot: int) -> Slot:
    piece = state.tray[slot]
    targets = state.targets(slot)
    return {
        "slot": slot,
        "piece": None if piece is None else piece.text,
        "shape": None if piece is None else piece.shape.name,
        "family": None if piece is None else piece.shape.family,
        "cells": [] if piece is None else [[c.q, c.r] for c in piece.cells],
        "fits": bool(targets),
        "targets": targets,
    }


def _pair(name: str) -> list[int]:
    cell = Hex.parse(name)
    return [cell.q, cell.r]


def start(state: State, seed: int = 0) -> str:
    """A run save for ``state`` (used by tests to seed a position)."""
    return saves.dump(Run(state, seed=seed))
