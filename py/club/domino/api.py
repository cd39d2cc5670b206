"""The page's Session of Domino Drop on the one contract (``club.session``, P4).

The one action is ``move`` (left, right, down, cw, ccw, hard): it answers the
base ``Answer`` (full view and save; a refusal the same view and save). A run
that ends banks into the records (``after``): a ``record`` event names the
fields it beat and ``profile`` is the new profile text.

The frame path is no action: ``tick`` lets time pass (D8) and answers a few
numbers (``views.Tick``: the falling tile, Speed), with the view and save only
when a turn resolved; ``soft`` holds or releases soft drop (``views.Soft``).
Neither changes anything on bad input.

The recording (``log_action``): a frame in which nothing happened is
added to the next frame, so a recording holds a frame only where something
happened (a row fallen, a lock) or before another action, and never a frame
of no time in which nothing happened; a replay is held to that
(``replay_bound``) and to ``MAX_TILES``.

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
from dataclasses import replace
from typing import Any, NotRequired, cast

from club.domino import profile, rules, saves
from club.domino.events import Best, RecordEvent
from club.domino.events import Event as DominoEvent
from club.domino.lesson import lesson_game
from club.domino.notation import parse
from club.domino.profile import Records
from club.domino.rules import MODES, Game
from club.domino.tiles import SET_TOP, set_tiles
from club.domino.views import Soft, Tick, View, describe, falling_view, speed
from club.errors import NotationError
from club.outcome import Event, Outcome
from club.recording import Log
from club.replay import ReplayError
from club.schema import Bounds, flag, integer, one_of
from club.session import Answer
from club.session import Session as Base
from club.surface import act

MOVES = ("left", "right", "down", "cw", "ccw", "hard")
MAX_TICK_MS = 3_600_000  # one frame never carries more than an hour (the page clamps far lower)
#: The most tiles a replay holds. A Sprint is one set (D2, D15: 28 or 55); a
#: Marathon (D16) goes on while the player keeps the top clear: a one-hour
#: Marathon played at gravity pace locks about 1,200.
MAX_TILES = 5_000
MOVE = one_of(*MOVES)
ASSIST = "assist"  # the practice reason of a run at assist pace (P11)
FRAME = integer(0, MAX_TICK_MS, default=0)
HELD = flag(default=False)
Step = Callable[[Game], Outcome[Game]]


def read_assist(payload: dict[str, Any]) -> bool:
    """``new``'s ``assist``: true for assist pace (P11), absent or false for the rules' pace."""
    value = payload.get("assist", False)
    if value is not True and value is not False:
        raise NotationError("assist", "assist is true (assist pace) or absent")
    return value


def moving(name: str) -> Step:
    """The pure step of a player move (D5, D7)."""
    if name == "hard":
        return rules.hard_drop
    return lambda game: rules.move(game, name)


class Session(Base[Game, Records]):
    """One run of Domino Drop plus the player's records, for the JS bridge."""

    game = "domino"
    runs = saves
    profiles = profile
    default_seed = 1
    RECORDED = {"move": {"move": MOVE}, "tick": {"ms": FRAME}, "soft": {"held": HELD}}
    BOUNDS = Bounds(moves=MAX_TILES, frame="tick")  # a move is a tile locked (by a hard drop or in a frame)
    LINK = {"mode": str, "set": str}
    CALLS = {"move": act(move=str), "tick": act(ms=int), "soft": act(held=bool),
             "new": act(seed=NotRequired[int], query=NotRequired[str], daily=NotRequired[str],
                         from_replay=NotRequired[str], step=NotRequired[int], mode=NotRequired[str], set=NotRequired[str],
                         assist=NotRequired[bool])}

    def __init__(self) -> None:
        super().__init__()
        self._quiet_ms: int | None = None  # the last frame recorded or replayed passed quietly: its ms

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
        game = rules.new_run(mode, set_kind, seed, parse(text).well if isinstance(text, str) else None)[0]
        return replace(game, assist=read_assist(payload))

    def expand(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A link's or a daily's deal at the pace the player asked for (assist pace, P11):
        the deal is the link's, the pace the player's."""
        assist = read_assist(payload)
        expanded = super().expand(payload)
        return {**expanded, "assist": True} if assist else expanded

    def practice(self, state: Game) -> str | None:
        """A run at assist pace (P11) is practice: gravity waited for the player."""
        return ASSIST if state.assist else None

    def describe(self, state: Game) -> View:
        return describe(state, self._best(state) if state.over else None)

    def _best(self, state: Game) -> Best | None:
        """The records of the run's mode and set (D18); None for a game of no mode."""
        entry = self.profile.get(f"{state.mode}/{state.set_kind}")
        return None if entry is None else {"max": entry["max"], "power": entry["power"], "speed": entry["speed"]}

    def load_state(self, text: object) -> Game:
        return rules.set_soft(saves.load(text), False)  # no key is held after a reload

    def fresh_profile(self) -> Records:
        return {}

    def best(self, records: Records) -> int | None:
        return profile.best(records)

    def profile_view(self) -> profile.ProfileView:
        return {"records": self.profile, "faster": rules.FASTER_PERCENT,
                "sets": {name: {"tiles": len(set_tiles(name)), "top": top} for name, top in SET_TOP.items()}}

    def lesson_state(self) -> Game:
        """The first lesson: a Sprint on a prepared well (``club.domino.lesson``)."""
        return lesson_game()

    def over(self, state: Game) -> bool:
        return state.over

    def score(self, state: Game) -> int:
        """Power is the score (D-spec; the home card's best)."""
        return state.power

    def played(self, state: Game) -> int:
        return state.turns

    def mode(self, state: Game) -> str:
        """D15, D16: a Sprint's and a Marathon's scores are kept apart by the Daily Club."""
        return state.mode

    def moment(self, events: list[Event]) -> int:
        """Share grid: a cancel, bigger with each step of its cascade (1-4)."""
        return min(4, sum(1 for e in events if e["type"] == "cancelled"))

    def daily_payload(self, date: str) -> dict[str, Any]:
        """The daily is a Sprint of the classic set on the date's seed."""
        return {**super().daily_payload(date), "mode": "sprint", "set": "classic"}

    def start_payload(self, seed: int, payload: dict[str, Any]) -> dict[str, Any]:
        """The deal, its mode and set, and assist pace when the run has it (a replay plays it at its pace)."""
        start = {**super().start_payload(seed, payload), "mode": payload.get("mode", "sprint"),
                 "set": payload.get("set", "classic")}
        return {**start, "assist": True} if payload.get("assist") is True else start

    def load(self, payload: dict[str, Any]) -> View:
        """A resumed run holds no key down (``load_state``, D18): its recording says
        so too, and so parts the frames before the reload from those after it. A run
        over has no frames after it: its recording stays the one its end banked."""
        view = super().load(payload)
        log, self._quiet_ms = self.recording, None
        last = log.last() if log is not None else None
        if self.over(self.state):
            return view
        if log is not None and last is not None and (last[0] == "tick" or (log.last_of("soft") or {}).get("held")):
            self.amend_recording("soft", {"held": False})
        return view

    def log_action(self, log: Log, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """D8: a frame in which nothing happened (it only counted time) is added to
        the next frame: ``advance(a)`` then ``advance(b)`` is ``advance(a + b)``
        when nothing happens within ``a`` (gravity and the lock delay count on
        from where they were), so the recording holds a frame only where
        something happened or before another action. A frame of no time in which
        nothing happened, or a soft drop that changes nothing, is no action."""
        if method == "tick" and not payload["ms"] and not events:
            return
        if method == "tick":
            quiet, self._quiet_ms = self._quiet_ms, None
            if quiet is not None and log.last() == ("tick", {"ms": quiet}) and quiet + payload["ms"] <= MAX_TICK_MS:
                log.pop()
                payload = {"ms": quiet + payload["ms"]}
            if not events:
                self._quiet_ms = payload["ms"]
        else:
            self._quiet_ms = None
        log.append(method, payload)

    def replay_bound(self, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """A frame that passed quietly is followed by another action, never by a
        frame the two of which the recorder writes as one, and is never a frame
        of no time (D8, ``log_action``)."""
        quiet, self._quiet_ms = self._quiet_ms, None
        if method != "tick":
            return
        ms = FRAME.read(payload, "ms") or 0  # read as the frame read it: it was accepted
        if quiet is not None and quiet + ms <= MAX_TICK_MS:
            raise ReplayError("replay-bounds", "two frames the recorder writes as one (D8)")
        if not events and not ms:
            raise ReplayError("replay-bounds", "a frame of no time in which nothing happened (D8)")
        if not events:
            self._quiet_ms = ms

    def after(self, before: Game, outcome: Outcome[Game]) -> list[Event]:
        """A run that ended banks into the records (D18); the event names the fields
        it beat and carries the records of its mode and set after it (``best``,
        None for a game of no mode), so the end card shows them beside the run's."""
        if not outcome.state.over:  # a move on an ended run is refused: this banks once
            return []
        beaten: list[str] = []
        if not outcome.state.assist:  # a run at assist pace is practice: it sets no record (P11)
            self.profile, beaten = profile.bank(self.profile, outcome.state)
        self.keep(replace(outcome.state, beaten=tuple(beaten)))  # the run's own fact: its view says it from now on
        record: RecordEvent = {"type": "record", "beaten": beaten, "best": self._best(outcome.state)}
        return [record]

    # -- the actions ---------------------------------------------------------------------
    def step_of(self, method: str, payload: dict[str, Any]) -> Step | None:
        """``move`` (D5, D7) and ``tick`` (D8: ``ms`` of game time) as pure steps;
        a frame's bad ``ms`` raises (it is no action of the player's to refuse)."""
        if method == "tick":
            ms = FRAME.read(payload, "ms")
            if ms is None:
                raise NotationError("ms", f"ms must be an integer 0-{MAX_TICK_MS}")
            return lambda game: rules.advance(game, ms)  # refused only when the run is over
        name = MOVE.read(payload, "move")
        return None if name is None else moving(name)

    def move(self, payload: dict[str, Any]) -> Answer:
        """A player move: ``move`` is left, right, down, cw, ccw or hard."""
        return self.act(self.step_of("move", payload), record=("move", payload))

    # -- the frame path -----------------------------------------------------------------
    def tick(self, payload: dict[str, Any]) -> Tick:
        """One frame: ``ms`` of game time (the page clamps it). Small unless a turn
        resolved (a row fell, the run ended): then the view, save and profile too."""
        step, profile = self.step_of("tick", payload), self.profile
        done = self.perform(step, record=("tick", payload))
        events = cast("list[DominoEvent]", list(done.events))  # a domino step emits domino events
        turned = done.accepted and (self.over(self.state) or any(e["type"] == "scored" for e in events))
        return {"accepted": done.accepted, "reason": done.reason, "events": events,
                "falling": falling_view(self.state), "speed": speed(self.state),
                "view": self.view({}) if turned else None, "save": self.save({}) if turned else None,
                "profile": self.dump_profile(self.profile) if turned and self.profile is not profile else None}

    def soft(self, payload: dict[str, Any]) -> Soft:
        """Hold (``held: true``) or release soft drop (D6); time stays explicit.
        A soft drop already as asked changes nothing and records nothing."""
        held = HELD.read(payload, "held")
        if held is None:  # "false" is text, not a released key
            raise NotationError("held", "held must be true or false")
        changed = held != self.state.soft
        self.keep(rules.set_soft(self.state, held))
        if changed:  # kept even after the run is over: a key released then is still in the recording
            self.record_action(("soft", payload), [])
        return {"soft": self.state.soft}

    def replay_step(self, method: str, payload: dict[str, Any]) -> Outcome[Game]:
        """A recorded soft drop is no rule step (``soft``); the others are the base's."""
        if method == "soft":
            self.soft(payload)  # a replay's player records nothing: it only holds the key
            return Outcome(self.state)
        return super().replay_step(method, payload)
