"""The one Session contract every game stands on (P4, docs/architecture.md).

A game supplies its rules through the hooks of ``club.game.Game``; the base
gives the page one shape for everything:

- ``new`` (seed rule: 0 <= seed < 2**32, refused otherwise), ``load``,
  ``save``, ``view``, ``load_profile`` and ``headline`` answer the same way in
  every game; a bad payload raises ``NotationError`` (the bridge answers
  ``{ok: false, error: {field, message}}``) and changes nothing;
- an action answers an ``Answer`` (``club.answers``: ``accepted``, ``reason``,
  ``events``, ``view``, ``save``, ``profile``); a refusal changes nothing;
- a preview is the action applied to the state without keeping it
  (``preview_of``), so preview and action can never disagree.

What the page may call is declared (``club.surface``); the replay and the
ghost race are services beside a session (``club.replayer``, ``club.ghost``).

A game's own code changes the run through a small protected API, never the
base's fields (``keep``, ``perform``, ``record_action``, ``amend_recording``,
``new_recording``); a replay's player steps on a path of its own
(``replay_step``: no view, no save, no recording).

>>> from club.blocks.api import Session
>>> s = Session()
>>> s.new({"seed": 3})["score"]
0
>>> s.new({"seed": -7})
Traceback (most recent call last):
...
club.errors.NotationError: seed: seed must be an integer 0 <= seed < 2**32
>>> before = s.save({})
>>> answer = s.place({"slot": 0, "cell": "9:9"})
>>> answer["accepted"], answer["reason"], answer["save"] == before, answer["profile"]
(False, 'off-board', True, None)
"""

from __future__ import annotations

from typing import Any

from club import forking, replaying, starts
from club.answers import Answer, GameProfile, GameView, Headline, Preview, RunInfo, StartOf
from club.calendar import ARCHIVE
from club.errors import NotationError, read_seed
from club.forking import FORK
from club.game import Game, P, S, Step
from club.grid import grid
from club.links import beat_of, challenge, link, vs_of
from club.outcome import Event, FinishedEvent, Outcome
from club.recording import MAX_MOMENTS, Log, with_log
from club.replay import MAX_RECORDING, Action
from club.schema import kept

#: The reason of an action whose payload is not one (wrong type, no such slot).
BAD_ACTION = "bad-action"


class Session(Game[S, P]):
    """The base of every game's Session: one state, one profile, one shape."""

    def __init__(self) -> None:
        self.state: S = self.start(self.default_seed, {})
        self.profile: P = self.fresh_profile()
        self._save_text: str | None = None  # the save of ``state``, made once
        self._log: Log | None = None  # the run's recording (None: not replayable)

    def begin(self, start: dict[str, Any]) -> None:
        """Start the run a recording began with (``new`` unless the game starts some runs otherwise)."""
        self.new(start)

    # ----- lifecycle: the same in every game ---------------------------------------
    def new(self, payload: dict[str, Any]) -> GameView:
        """A fresh run from ``seed`` (0 <= seed < 2**32), a challenge link's
        ``query``, the ``daily`` of a date, or a replay's step (``from_replay``:
        a code, ``step``: practice, ``club.forking``); the view."""
        if "from_replay" in payload:
            return self.start_fork(forking.fork(self, payload))
        payload = self.expand(payload)
        seed = read_seed(payload.get("seed", self.default_seed))
        self.keep(self.start(seed, payload))
        # a run set up on a prepared position (tests, vectors) cannot be started again from a link
        self.new_recording(None if "position" in payload else self.start_payload(seed, payload))
        return self.view({})

    def start_fork(self, made: forking.Fork) -> GameView:
        """The run after a replay's step (``club.forking.fork`` refused a bad code or step before
        anything changed): practice, recorded from the replay's deal through its actions; the view."""
        self.keep(made.state)
        log = Log.of(made.start, made.actions, [])
        moves_by = self.BOUNDS.moves_by
        log.moves = sum(method in moves_by for method, _ in made.actions) if moves_by else self.played(made.state)
        self._log = log
        return self.view({})

    def expand(self, payload: dict[str, Any]) -> dict[str, Any]:
        """``new``'s payload with its deal named (``club.starts``)."""
        return starts.expand(self, payload)

    def lesson(self, payload: dict[str, Any]) -> GameView:
        """The first lesson's position in place of the run; the view.
        The page asks it of a session of its own (``<game>/lesson`` in the
        bridge), so the player's run is never touched."""
        self.keep(self.lesson_state())
        self.new_recording(None)
        self.profile = self.fresh_profile()
        return self.view({})

    def load(self, payload: dict[str, Any]) -> GameView:
        """Resume a stored run; a corrupt one raises and the current run stays
        (everything is read and checked before anything is replaced)."""
        text = payload.get("save")
        state = self.load_state(text)
        self.describe(state)  # a state that cannot be drawn is no save either
        log = replaying.read_log(self, text)
        self.keep(state)
        self._log = log
        return self.view({})

    def save(self, payload: dict[str, Any]) -> str:
        if self._save_text is None:
            self._save_text = with_log(self.dump_state(self.state), self._log)
        return self._save_text

    def view(self, payload: dict[str, Any]) -> GameView:
        """Everything the page draws."""
        return self.describe(self.state)

    def load_profile(self, payload: dict[str, Any]) -> GameProfile:
        """Take the stored profile text (``None`` or missing: a fresh profile)."""
        text = payload.get("profile")
        self.profile = self.fresh_profile() if text is None else self.load_profile_text(text)
        return self.profile_view()

    def profile_view(self) -> GameProfile:
        """What the page shows of the profile (a game may send less than it keeps)."""
        return self.profile

    def headline(self, payload: dict[str, Any]) -> Headline:
        """The home screen's best score for stored profile text; never raises."""
        try:
            return {"best": self.best(self.load_profile_text(payload.get("profile")))}
        except NotationError:
            return {"best": None}

    def run_info(self, payload: dict[str, Any]) -> RunInfo:
        """What the Daily Club asks of the run in play: its deal and link
        (None when it has no recording), whether it is over and how far it went;
        a run over also says its ``finished`` event again, so the end card of a
        reloaded page still shares, links and replays it (never banked twice:
        banking is the page's, once, when the action that ended it was answered)."""
        log, over = self._log, self.over(self.state)
        start = log.start if log else {}
        return {"seed": start.get("seed"), "daily": start.get("daily"),
                "link": link(start, self.LINK) if log else None, "over": over,
                "score": self.score(self.state), "moves": self.played(self.state),
                "in_play": not over and self.played(self.state) > 0, "practice": self.run_practice(),
                "archive": self.archived(), "fork": self.forked(), "finished": self.finished() if over else None}

    def archived(self) -> bool:
        """The run is a past daily played from the archive (its recorded start says so)."""
        return bool(self._log and self._log.start.get("archive"))

    def forked(self) -> bool:
        """The run was started from a replay's step (its recorded start says so, ``club.forking``)."""
        return bool(self._log and self._log.start.get(FORK))

    def run_practice(self) -> str | None:
        """Why the run can set no personal best, first found: ``fork`` (it began as practice), the
        game's own reason (help used), ``archive`` (a past daily, its best kept apart); else None."""
        if self.forked():
            return FORK
        return self.practice(self.state) or (ARCHIVE if self.archived() else None)

    def start_of(self, payload: dict[str, Any]) -> StartOf:
        """A challenge link's query checked (``StartOf``: its deal's link, what ``new`` is given
        for it, the sender's score and the replay code it carries as a ghost, unread)."""
        probe = type(self)()  # the deal started aside, exactly as ``new`` will start it
        probe.profile = self.profile
        probe.new({"query": payload.get("query")})
        return {"link": probe.run_info({})["link"], "payload": {"query": payload.get("query")},
                "beat": beat_of(payload.get("query")), "vs": vs_of(payload.get("query"))}

    # ----- actions ---------------------------------------------------------------
    def act(self, step: Step[S] | None, record: Action | None = None) -> Answer:
        """Run ``step`` on the state and keep what it made (or refuse, changing
        nothing; no step: ``bad-action``); ``record`` is the action as the page
        sent it, ``(method, payload)``, kept in the recording when accepted and
        before the save is written. The action that ends the run adds the
        ``finished`` event."""
        profile = self.profile
        outcome = self.perform(step, record)
        if not outcome.accepted:
            return self.refuse(outcome.reason or BAD_ACTION)
        return self.answer(list(outcome.events), changed_profile=self.profile is not profile)

    def perform(self, step: Step[S] | None, record: Action | None = None) -> Outcome[S]:
        """``act`` without its answer: the state kept, the action recorded, the
        events of the step, of ``after`` and ``finished`` (a refusal: nothing changed)."""
        if step is None:
            return Outcome.refuse(self.state, BAD_ACTION)
        outcome = step(self.state)
        if not outcome.accepted:
            return outcome
        before = self.state
        self.keep(outcome.state)
        # a run from a replay's step is practice: it banks nothing on the player card, earns nothing (W24)
        events = [*outcome.events, *([] if self.forked() else self.after(before, outcome))]
        # play time handed over after the end is no move of the run; an undo that opens it again is
        if record is not None and (not self.over(before) or not self.over(self.state)):
            self.record_action(record, events)
        if not self.over(before) and self.over(self.state):
            events.append(self.finished())
        return Outcome(self.state, tuple(events))

    def finished(self) -> FinishedEvent:
        """The ``finished`` event of a run that just ended: what the Daily Club banks."""
        log = self._log
        start = log.start if log else {}
        code = self.replay_code()
        return {"type": "finished", "game": self.game, "score": self.score(self.state),
                "seed": start.get("seed"), "daily": start.get("daily"),
                "link": link(start, self.LINK) if log else None, "moves": self.played(self.state),
                "grid": grid(log.moments) if log else "", "code": code,
                "practice": self.run_practice(), "archive": self.archived(), "mode": self.mode(self.state),
                "challenge": challenge(link(start, self.LINK) if log else None, self.score(self.state), code)}

    def preview_of(self, step: Step[S]) -> Preview:
        """``step`` applied to the state without keeping it: the action's own answer."""
        outcome = step(self.state)
        return {"accepted": outcome.accepted, "reason": outcome.reason, "events": list(outcome.events)}

    def refuse(self, reason: str) -> Answer:
        """The one refusal shape: nothing changed, the view and save as they were."""
        return {"accepted": False, "reason": reason, "events": [], "view": self.view({}),
                "save": self.save({}), "profile": None}

    def answer(self, events: list[Event], changed_profile: bool = False) -> Answer:
        """The one accepted shape: the events, the view and save after them, the
        profile text when it changed."""
        return {"accepted": True, "reason": None, "events": events, "view": self.view({}),
                "save": self.save({}), "profile": self.dump_profile(self.profile) if changed_profile else None}

    # ----- the protected API of a game's own code ----------------------------------
    def keep(self, state: S) -> None:
        """``state`` is the run now (its save is written again when asked)."""
        self.state = state
        self._save_text = None

    @property
    def recording(self) -> Log | None:
        """The run's recording (None: the run is not replayable)."""
        return self._log

    def new_recording(self, start: dict[str, Any] | None) -> None:
        """A fresh recording of a run that began with ``start`` (None: none, the run is not replayable)."""
        self._log = None if start is None else Log(start)
        self._save_text = None

    def record_action(self, action: Action, events: list[Event]) -> None:
        """Keep an accepted action, as the page sent it, in the recording (through
        ``log_action``), with its moment for the share grid; a run that outgrows
        what a replay holds keeps no more (it is not replayable, its start stays)."""
        log = self._log
        if log is None or log.cut:
            return
        method, payload = action
        self.log_action(log, method, kept(payload, self.RECORDED[method]), events)
        level = self.moment(events)
        if level and len(log.moments) < MAX_MOMENTS:
            log.moments.append(level)
        bounds = self.BOUNDS  # moves counted as a replay counts them: by method, or by the engine's count
        log.moves = log.moves + (method in bounds.moves_by) if bounds.moves_by else self.played(self.state)
        if log.size > MAX_RECORDING or log.moves > bounds.moves:
            log.stop()
        self._save_text = None

    def amend_recording(self, method: str, payload: dict[str, Any]) -> None:
        """Write an action into the recording as it is (no moment, no ``log_action``):
        what the engine did on its own, such as a key released by a reload."""
        if self._log is not None:
            self._log.append(method, payload)
            self._save_text = None

    def replay_begin(self, start: dict[str, Any]) -> None:
        """Set up as the player of a replay that began with ``start``: a fresh
        profile, that start, nothing recorded."""
        self.profile = self.fresh_profile()
        self.begin(start)
        self.new_recording(None)

    def replay_step(self, method: str, payload: dict[str, Any]) -> Outcome[S]:
        """One recorded action played by a replay's player: the state kept and the
        events (``perform``), no view, no save, nothing recorded; a refusal changes nothing."""
        return self.perform(self.step_of(method, payload))

    def replay_code(self) -> str | None:
        """The replay code of the run so far (None when it has no recording, or one cut short)."""
        return replaying.code_of(self.game, self._log, self.score(self.state))
