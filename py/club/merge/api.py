"""``Session``: what the page talks to through ``club.bridge`` (docs/architecture.md).

It stands on ``club.session.Session`` (P4): actions and the preview
run one step, ``game.place``; answers have the one shape. Cells are ``Q:R``.

>>> s = Session()
>>> view = s.new({"seed": 3, "jokers": False})
>>> len(view["board"]), view["moves"], view["jokers"]
(37, 0, False)
>>> s.preview({"cell": "0:0"})["events"][0]
{'type': 'set', 'cells': ['0:0'], 'values': [8]}
>>> result = s.place({"cell": "0:0"})
>>> result["accepted"], result["view"]["moves"]
(True, 1)
>>> s.place({"cell": "0:0"})["reason"], s.place({"cell": 7})["reason"]
('occupied', 'bad-action')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NotRequired

from club.errors import NotationError, is_int
from club.hexgrid import Hex
from club.merge import profile, saves, views
from club.merge.board import INDEX
from club.merge.events import RecordedEvent, TurnEvent
from club.merge.lesson import lesson_round
from club.merge.pieces import is_pair
from club.merge.profile import Profile
from club.merge.rules import DEFAULT_SEED, add_time, new_round, place, rotate
from club.merge.saves import Run
from club.outcome import Event, Outcome
from club.recording import Log
from club.schema import OPTIONAL, Bounds, Key, integer, one_of, text
from club.session import BAD_ACTION, Answer, Preview
from club.session import Session as Base
from club.surface import act, ask

#: The most play time one call adds (M15): the page hands it over every 5 s.
MAX_MS = 3_600_000
#: The most placements a replay holds (M3: the weights' last stage from move
#: 300 on ends rounds; the greedy bots of tools/balance.py end theirs in under 700).
MAX_PLACEMENTS = 5_000
#: Rotations between two placements: any of a pair's six turns is at most three away (M4).
MAX_TURNS = 3
Step = Callable[[Run], Outcome[Run]]


class Session(Base[Run, Profile]):
    """One merge round (with its stone style) plus the player's profile."""

    game = "merge"
    runs = saves
    profiles = profile
    default_seed = DEFAULT_SEED & 0xFFFFFFFF
    RECORDED = {
        "place": {"cell": text(lambda value: _cell(value)),
                  "turn": Key(lambda value: value is None or (is_int(value) and 0 <= value <= 5), OPTIONAL),  # type: ignore[operator]
                  "ms": integer(0, MAX_MS - 1, default=0)},
        "rotate": {"step": one_of(1, -1, default=1)},
        "tick": {"ms": integer(1, MAX_MS - 1, default=0)},  # a tick of no time changes nothing: never recorded
    }
    # M4, M15: the recorder writes the turns between two placements as the fewest
    # rotations and their time as one tick (``log_action``)
    BOUNDS = Bounds(moves=MAX_PLACEMENTS, moves_by=frozenset({"place"}), per_tail={"rotate": MAX_TURNS},
                    frame="tick", full_frame=MAX_MS - 1)
    LINK = {"jokers": bool}
    CALLS = {"place": act(cell=str, turn=NotRequired[int | None], ms=NotRequired[int]),
             "preview": ask(cell=str, turn=NotRequired[int | None]), "rotate": act(step=NotRequired[int]),
             "tick": act(ms=int), "abandon": act(), "settings": act(settings=views.SettingsChange), "geometry": ask(),
             "export": ask(save=str), "import_code": ask(code=str), "summary": ask(save=str), "around": ask(cell=str),
             "new": act(seed=NotRequired[int], query=NotRequired[str], daily=NotRequired[str],
                         from_replay=NotRequired[str], step=NotRequired[int], jokers=NotRequired[bool])}

    def __init__(self) -> None:
        self.profile = Profile()  # ``start`` reads the settings
        super().__init__()

    # --- the game's part of the contract -----------------------------------
    def start(self, seed: int, payload: dict[str, Any]) -> Run:
        """A fresh round; jokers from the payload, else from the settings (M14)."""
        jokers = payload.get("jokers", self.profile.settings.jokers)
        if not isinstance(jokers, bool):
            raise NotationError("jokers", "jokers must be true or false")
        return Run(new_round(seed, jokers=jokers), self.profile.settings.style)

    def lesson_state(self) -> Run:
        """The first lesson's round (``club.merge.lesson``), in the player's stone style."""
        return Run(lesson_round(), self.profile.settings.style)

    def describe(self, state: Run) -> views.View:
        return views.view(state, self.profile)

    def fresh_profile(self) -> Profile:
        return Profile()

    def best(self, card: Profile) -> int:
        return card.best

    def profile_view(self) -> views.ProfileView:
        return views.profile_view(self.profile)

    def over(self, run: Run) -> bool:
        return run.round.over

    def score(self, run: Run) -> int:
        return run.round.score

    def played(self, run: Run) -> int:
        return run.round.moves

    def moment(self, events: list[Event]) -> int:
        """Share grid: a merge, bigger with each step of its chain (1-4)."""
        steps = max((e["step"] for e in events if e["type"] == "merged"), default=0)
        return min(4, steps)

    def daily_payload(self, date: str) -> dict[str, Any]:
        """The daily is the same for everyone: jokers on (M14's default), whatever the settings."""
        return {**super().daily_payload(date), "jokers": True}

    def start_payload(self, seed: int, payload: dict[str, Any]) -> dict[str, Any]:
        """The jokers a run was dealt with are part of its deal (the settings may differ elsewhere)."""
        return {**super().start_payload(seed, payload), "jokers": payload.get("jokers", self.profile.settings.jokers)}

    def log_action(self, log: Log, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """What comes between two placements is written as what it comes to: the
        play time as one tick (as few as ``MAX_MS`` allows; M15 counts time, so
        ticks add up), then the pair's turns as the fewest rotations (M4: turn
        ``K -> K + 1 mod 6``; rotating does not touch the time, so the two commute)."""
        if method == "place":
            log.append(method, payload)
            return
        turns = 0
        while (last := log.last()) is not None and last[0] == "rotate":
            turns += log.pop()[1]["step"]
        if method == "rotate":
            turns += payload["step"]
        else:
            _add_time(log, payload["ms"])
        turns %= 6
        for step in [1] * turns if turns <= MAX_TURNS else [-1] * (6 - turns):
            log.append("rotate", {"step": step})

    def after(self, before: Run, outcome: Outcome[Run]) -> list[Event]:
        """The move that ends the round records it (M6, M11)."""
        state = outcome.state.round
        if before.round.over or not state.over:
            return []
        events = self._record(state.score, state.moves, state.highest, finished=True)
        # the round's own fact (M11): its end card says "New best" again after a reload or a language switch
        self.keep(replace(outcome.state, new_best=any(e["type"] == "recorded" and e["new_best"] for e in events)))
        return events

    # --- actions -------------------------------------------------------------
    def step_of(self, method: str, payload: dict[str, Any]) -> Step | None:
        """``place`` (M5, M17), ``rotate`` (M4, M12) and ``tick`` (M15) as pure steps."""
        if method == "place":
            return _placing(payload, with_time=True)
        if method == "rotate":
            return _rotating(payload.get("step", 1))
        ms = _ms(payload)
        return None if ms is None else lambda run: Outcome(replace(run, round=add_time(run.round, ms)))

    def place(self, payload: dict[str, Any]) -> Answer:
        """Place the current piece: ``{"cell": "Q:R", "turn": K?, "ms": active ms since last?}``
        (M5, M17). A bad cell, turn or ms refuses as bad-action and changes nothing."""
        return self.act(self.step_of("place", payload), record=("place", payload))

    def preview(self, payload: dict[str, Any]) -> Preview:
        """What ``place`` would answer (M13): the same step, not kept."""
        step = _placing(payload, with_time=False)
        return self.preview_of(step or _refused)

    def rotate(self, payload: dict[str, Any]) -> Answer:
        """Turn the current pair by ``{"step": 1}`` (clockwise) or -1 (M4, M12)."""
        return self.act(self.step_of("rotate", payload), record=("rotate", payload))

    def tick(self, payload: dict[str, Any]) -> Answer:
        """Add active play time ``{"ms": 0 <= ms < MAX_MS}`` (M15; counted only while
        the round runs). Any other ms refuses as bad-action (a decision)."""
        return self.act(self.step_of("tick", payload), record=("tick", payload))

    def abandon(self, payload: dict[str, Any]) -> Answer:
        """The round in progress is given up (new round, a slot loaded over it): its
        score still counts for the best (M11); ``rounds`` counts finished
        rounds only. Refused ``not-started`` (no stone placed) or ``over`` (the
        last move recorded it); the run itself never changes here.

        >>> s = Session()
        >>> _ = s.load({"save": saves.dump(Run(replace(new_round(5), score=382, moves=40, highest=64)))})
        >>> answer = s.abandon({})
        >>> answer["events"], answer["profile"] is not None
        ([{'type': 'recorded', 'best': 382, 'new_best': True}], True)
        >>> s.abandon({})["profile"] is None  # the same round again changes nothing
        True
        >>> _ = s.new({"seed": 1}); s.abandon({})["reason"], s.view({})["best"]
        ('not-started', 382)
        """
        state = self.state.round
        if state.over or state.moves == 0:
            return self.refuse("over" if state.over else "not-started")
        before = self.profile
        events = self._record(state.score, state.moves, state.highest, finished=False)
        return self.answer(events, changed_profile=self.profile != before)

    def settings(self, payload: dict[str, Any]) -> Answer:
        """Change settings ``{"settings": {...}}`` (M14): the style at once, jokers
        from the next round; a bad one refuses as bad-action."""
        try:
            chosen = profile.settings(payload.get("settings", {}), self.profile.settings)
        except NotationError:
            return self.refuse(BAD_ACTION)
        changed = chosen != self.profile.settings
        self.profile = replace(self.profile, settings=chosen)
        self.keep(replace(self.state, style=chosen.style))
        return self.answer([], changed_profile=changed)

    # --- geometry and slots (M12, M15) -------------------------------------------
    def geometry(self, payload: dict[str, Any]) -> views.Geometry:
        """The board's cells, turn directions and arrow-key targets: asked once per page."""
        return views.geometry()

    def export(self, payload: dict[str, Any]) -> str:
        """The text code of a stored slot save (validated first) or of the current round."""
        text = payload.get("save")
        if text is None:
            return saves.export_code(self.save({}))
        saves.load(text)
        return saves.export_code(text)  # type: ignore[arg-type]  # load checked it is text

    def import_code(self, payload: dict[str, Any]) -> views.Imported:
        """The save inside a code and its summary; changes nothing (NotationError if bad)."""
        text = saves.import_code(payload.get("code"))  # type: ignore[arg-type]
        try:
            return {"save": text, "summary": views.summary(saves.load(text))}
        except NotationError as exc:
            raise NotationError("code", f"the code holds no valid round ({exc})") from None

    def summary(self, payload: dict[str, Any]) -> views.Summary:
        """What a slot shows: score, moves, highest, play time, mode, style."""
        return views.summary(saves.load(payload.get("save")))

    def around(self, payload: dict[str, Any]) -> views.Around:
        """A cell's stone and its neighbours' (P11, key N); a cell not on the board is
        a NotationError (the bridge's refusal)."""
        cell = _cell(payload.get("cell"))
        if cell is None or cell not in INDEX:
            raise NotationError("cell", "cell must be Q:R on the board")
        return views.around(self.state.round, cell)

    def _record(self, score: int, moves: int, highest: int, finished: bool) -> list[Event]:
        if self.forked():  # a run from a replay's step records nothing on the card (club.forking)
            return []
        new_best = score > self.profile.best
        self.profile = profile.record(self.profile, score, moves, highest, finished)
        recorded: RecordedEvent = {"type": "recorded", "best": self.profile.best, "new_best": new_best}
        return [recorded]


def _placing(payload: dict[str, Any], with_time: bool) -> Step | None:
    """The one step of ``place`` and ``preview``: ``game.place`` on the round (with
    the play time before it), or None when the payload is no placement."""
    cell, turn, ms = _cell(payload.get("cell")), payload.get("turn"), _ms(payload) if with_time else 0
    if cell is None or ms is None or not (turn is None or is_int(turn)):
        return None

    def step(run: Run) -> Outcome[Run]:
        return place(add_time(run.round, ms), cell, turn).map(lambda state: replace(run, round=state))

    return step


def _add_time(log: Log, ms: int) -> None:
    """``ms`` of play time added to the tick just recorded, filling it to ``MAX_MS - 1``."""
    last = log.last()
    if last is not None and last[0] == "tick":
        log.pop()
        ms += last[1]["ms"]
    while ms > 0:
        log.append("tick", {"ms": min(ms, MAX_MS - 1)})
        ms -= MAX_MS - 1


def _rotating(by: object) -> Step:
    """The ``rotate`` step: the current pair turned by ``by`` (M4: 1 or -1, an int,
    never 1.0: a float turn would be kept and break every later call)."""

    def step(run: Run) -> Outcome[Run]:
        if not is_int(by) or by not in (1, -1) or not is_pair(run.round.current) or run.round.over:
            return Outcome.refuse(run, BAD_ACTION)
        state = rotate(run.round, by)
        turned: TurnEvent = {"type": "turn", "turn": state.turn}
        return Outcome(replace(run, round=state), (turned,))
    return step


def _refused(run: Run) -> Outcome[Run]:
    return Outcome.refuse(run, BAD_ACTION)


def _cell(text: object) -> Hex | None:
    if not isinstance(text, str):
        return None
    try:
        return Hex.parse(text)
    except ValueError:
        return None


def _ms(payload: dict[str, Any]) -> int | None:
    ms = payload.get("ms", 0)
    return ms if is_int(ms) and 0 <= ms < MAX_MS else None
