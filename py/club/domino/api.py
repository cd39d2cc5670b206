"""The page's Session of Domino Drop on the one contract (``club.session``, issue 12).

The one action is ``move`` (left, right, down, cw, ccw, hard): it answers the
base ``Answer`` (full view and save; a refusal the same view and save). A run
that ends banks into the records (``after``): a ``record`` event names the
fields it beat and ``profile`` is the new profile text.

The frame path is no action: ``tick`` lets time pass (D8) and answers a few
numbers (``views.Tick``: the falling tile, Speed), with the view and save only
when a turn resolved; ``soft`` holds or releases soft drop (``views.Soft``).
Neither changes anything on bad input.

>>> s = Session()
>>> view = s.new({"seed": 3, "mode": "sprint", "set": "classic"})
>>> view["mode"], view["tiles_to_play"], view["falling"]["col"], view["falling"]["ghost"]
('sprint', 28, 3, 15)
>>> s.move({"move": "hard"})["view"]["tiles_to_play"]
27
>>> answer = s.move({"move": "jump"})
>>> answer["reason"], answer["save"] == s.save({}), answer["view"] == s.view({})
('bad-action', True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from club.domino import game as rules
from club.domino import records
from club.domino.game import MODES, Game
from club.domino.lesson import lesson_game
from club.domino.notation import parse
from club.domino.records import Records
from club.domino.saving import dump_game, load_game
from club.domino.tiles import SET_TOP, set_tiles
from club.domino.views import Soft, Tick, View, describe, falling_view, speed
from club.errors import NotationError, count
from club.recording import recorded
from club.session import BAD_ACTION, Answer, Event, Outcome
from club.session import Session as Base

MOVES = ("left", "right", "down", "cw", "ccw", "hard")
MAX_TICK_MS = 3_600_000  # one frame never carries more than an hour (the page clamps far lower)
Step = Callable[[Game], Outcome[Game]]


def outcome(result: rules.Result) -> Outcome[Game]:
    game, reason, events = result
    return Outcome(game, reason, tuple(events))


def moving(name: str) -> Step:
    """The pure step of a player move (D5, D7)."""
    if name == "hard":
        return lambda game: outcome(rules.hard_drop(game))
    return lambda game: outcome(rules.move(game, name))


class Session(Base[Game, Records]):
    """One run of Domino Drop plus the player's records, for the JS bridge."""

    game = "domino"
    profiles = records
    default_seed = 1
    RECORDED = {"move": ("move",), "tick": ("ms",), "soft": ("held",)}
    LINK = {"mode": str, "set": str}

    # -- the rules the base asks for ------------------------------------------------
    def start(self, seed: int, payload: dict[str, Any]) -> Game:
        """A Sprint or Marathon (``mode``) of the classic or extended ``set``;
        ``position`` (notation) optionally starts on a prepared well (tests)."""
        mode, set_kind = payload.get("mode", "sprint"), payload.get("set", "classic")
        if not isinstance(mode, str) or mode not in MODES:
            raise NotationError("mode", "mode must be sprint or marathon")
        if not isinstance(set_kind, str) or set_kind not in SET_TOP:
            raise NotationError("set", "set must be classic or extended")
        text = payload.get("position")
        if "position" in payload and not isinstance(text, str):
            raise NotationError("position", "position must be notation text")
        return rules.new_run(mode, set_kind, seed, parse(text).well if isinstance(text, str) else None)[0]

    def describe(self, state: Game) -> View:
        return describe(state)

    def dump_state(self, state: Game) -> str:
        return dump_game(state)

    def load_state(self, text: object) -> Game:
        return rules.set_soft(load_game(text), False)  # no key is held after a reload

    def fresh_profile(self) -> Records:
        return {}

    def best(self, profile: Records) -> int | None:
        return records.best(profile)

    def profile_view(self) -> records.ProfileView:
        return {"records": self.profile, "faster": rules.FASTER_PERCENT,
                "sets": {name: {"tiles": len(set_tiles(name)), "top": top} for name, top in SET_TOP.items()}}

    def lesson_state(self) -> Game:
        """The first lesson (issue 15): a Sprint on a prepared well (``club.domino.lesson``)."""
        return lesson_game()

    def over(self, state: Game) -> bool:
        return state.over

    def score(self, state: Game) -> int:
        """Power is the score (D-spec; the home card's best)."""
        return state.power

    def played(self, state: Game) -> int:
        return state.turns

    def moment(self, events: list[Event]) -> int:
        """Share grid (issue 16): a cancel, bigger with each step of its cascade (1-4)."""
        return min(4, sum(1 for e in events if e["type"] == "cancelled"))

    def daily_payload(self, date: str) -> dict[str, Any]:
        """The daily is a Sprint of the classic set on the date's seed."""
        return {**super().daily_payload(date), "mode": "sprint", "set": "classic"}

    def start_payload(self, seed: int, payload: dict[str, Any]) -> dict[str, Any]:
        return {**super().start_payload(seed, payload), "mode": payload.get("mode", "sprint"),
                "set": payload.get("set", "classic")}

    def load(self, payload: dict[str, Any]) -> View:
        """A resumed run holds no key down (``load_state``): its recording says so too."""
        view = super().load(payload)
        log = self._log
        held = next((action["held"] for method, action in reversed(log.actions) if method == "soft"), False) if log else False
        if log is not None and held:
            log.actions.append(("soft", {"held": False}))
            self._save_text = None
        return view

    def after(self, before: Game, outcome: Outcome[Game]) -> list[Event]:
        """A run that ended banks into the records (D18); the event names the fields
        it beat and carries the records of its mode and set after it (``best``,
        None for a game of no mode), so the end card shows them beside the run's."""
        if not outcome.state.over:  # a move on an ended run is refused: this banks once
            return []
        self.profile, beaten = records.bank(self.profile, outcome.state)
        state = outcome.state
        entry = self.profile.get(f"{state.mode}/{state.set_kind}")
        best = None if entry is None else {field: entry[field] for field in records.FIELDS}  # type: ignore[literal-required]
        return [{"type": "record", "beaten": beaten, "best": best}]

    # -- the action ---------------------------------------------------------------------
    @recorded
    def move(self, payload: dict[str, Any]) -> Answer:
        """A player move: ``move`` is left, right, down, cw, ccw or hard."""
        name = payload.get("move")
        if not isinstance(name, str) or name not in MOVES:
            return self.refuse(BAD_ACTION)
        return self.act(moving(name))

    # -- the frame path -----------------------------------------------------------------
    @recorded
    def tick(self, payload: dict[str, Any]) -> Tick:
        """One frame: ``ms`` of game time (the page clamps it). Small unless a turn resolved."""
        ms = count(payload.get("ms", 0), "ms", 0, MAX_TICK_MS)
        done = outcome(rules.advance(self.state, ms))  # refused only when the run is over
        turned = done.accepted and (done.state.over or any(e["type"] == "scored" for e in done.events))
        full = self.act(lambda _: done) if turned else None
        if done.accepted and full is None:
            self._keep(done.state)
        if self.quiet:  # a replay pass needs the events only (the falling tile is drawn per step)
            return {"accepted": done.accepted, "reason": done.reason, "events": full["events"] if full else list(done.events),
                    "falling": None, "speed": 0, "view": None, "save": None, "profile": None}  # type: ignore[typeddict-item]
        return {"accepted": done.accepted, "reason": done.reason,
                "events": full["events"] if full else list(done.events),
                "falling": falling_view(self.state), "speed": speed(self.state),
                "view": full["view"] if full else None,  # type: ignore[typeddict-item]
                "save": full["save"] if full else None, "profile": full["profile"] if full else None}

    @recorded
    def soft(self, payload: dict[str, Any]) -> Soft:
        """Hold (``held: true``) or release soft drop (D6); time stays explicit."""
        held = payload.get("held", False)
        if not isinstance(held, bool):  # "false" is text, not a released key
            raise NotationError("held", "held must be true or false")
        self._keep(rules.set_soft(self.state, held))
        return {"soft": self.state.soft}
