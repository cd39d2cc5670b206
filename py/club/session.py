"""The one Session contract every game stands on (P4, docs/architecture.md).

A game supplies only its rules, through a few methods of its subclass:

- ``start(seed, payload) -> S``: a fresh state (the seed already checked);
- ``describe(state) -> View``: every number and flag the page shows;
- ``runs`` and ``profiles``: its run and profile codecs (``club.save``
  envelopes of kind ``run`` and ``profile``), anything with ``dump(value)``
  and ``load(text)`` such as the game's save module (or it overrides
  ``dump_state``/``load_state``, ``dump_profile``/``load_profile_text``);
- ``fresh_profile() -> P`` and ``best(P) -> int | None``;
- its actions: each reads its payload into a pure ``step(state) -> Outcome``
  (``step_of`` for the recorded ones) and hands it to ``act``, saying what
  it records: ``self.act(step, record=("place", payload))``.

The base gives the page one shape for everything:

- ``new`` (seed rule: 0 <= seed < 2**32, refused otherwise), ``load``,
  ``save``, ``view``, ``load_profile`` and ``headline`` answer the same way in
  every game; a bad payload raises ``NotationError`` (the bridge answers
  ``{ok: false, error: {field, message}}``) and changes nothing;
- an action answers an ``Answer``: ``accepted``, ``reason`` (None, or a
  refusal code), ``events``, ``view``, ``save`` and ``profile`` (the profile
  text when the action changed it, else None). A refused action changes
  nothing: same view, same save;
- a preview is the action applied to the state without keeping the result
  (``preview_of``), so preview and action can never disagree.

A game's own code changes the run through a small protected API, never the
base's fields: ``keep(state)``, ``perform(step, record)`` (``act`` without
the answer), ``record_action``, ``amend_recording`` and ``new_recording``;
it reads the run's ``recording``. A replay's player steps the recorded
actions on a path of its own (``replay_step``): no view, no save, no
recording. Links are ``club.links``, replays ``club.replaying``, the share
grid ``club.daily.grid``.

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

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypedDict, TypeVar

from club import replaying
from club.calendar import daily_seed, read_date
from club.daily.grid import grid
from club.errors import NotationError, count, read_seed
from club.ghost import Ghost, GhostView, open_ghost
from club.links import LinkTable, beat_of, challenge, link, read_link, vs_of
from club.outcome import Event, FinishedEvent, Outcome
from club.playback import Playback
from club.recording import MAX_MOMENTS, Log, with_log
from club.replay import MAX_RECORDING, Action, ReplayError, Work, run_all
from club.schema import Bounds, Recorded, kept

S = TypeVar("S")
P = TypeVar("P")
#: A pure rule step on a game's state (``club.outcome``).
Step = Callable[[S], Outcome[S]]

#: The reason of an action whose payload is not one (wrong type, no such slot).
BAD_ACTION = "bad-action"
#: The most steps one ``replay_events`` answers (a page asks a long jump's in parts).
MAX_BETWEEN = 500


class Codec(Protocol):
    """Text in the save envelope and back (a game's save or profile module)."""

    def dump(self, value: Any, /) -> str: ...

    def load(self, text: object, /) -> Any: ...


class Answer(TypedDict):
    """The answer of every action, accepted or refused."""

    accepted: bool
    reason: str | None
    events: list[Event]
    view: dict[str, Any]
    save: str
    profile: str | None


class Preview(TypedDict):
    """What an action would do: its acceptance, reason and events (no state kept)."""

    accepted: bool
    reason: str | None
    events: list[Event]


class Headline(TypedDict):
    best: int | None


class RunInfo(TypedDict):
    """What the Daily Club asks of a run."""

    seed: int | None
    daily: str | None
    link: str | None
    over: bool
    score: int
    moves: int
    in_play: bool
    practice: str | None  # why the run can set no personal best (``Session.practice``), None: it can
    finished: FinishedEvent | None  # a run over: its ``finished`` event again (the end card after a reload, P4)


class Session(Generic[S, P]):
    """The base of every game's Session: one state, one profile, one shape."""

    game: ClassVar[str]
    runs: ClassVar[Codec]
    profiles: ClassVar[Codec]
    #: The seed ``new`` uses when the payload names none.
    default_seed: ClassVar[int] = 0
    #: The actions a replay records: method -> the payload keys that make
    #: it, each read as the action reads it (``club.schema.Key``).
    RECORDED: ClassVar[Recorded] = {}
    #: What real play of the game records (``club.schema.Bounds``, from its rules).
    BOUNDS: ClassVar[Bounds] = Bounds(moves=0)
    #: The game's own parameters of a challenge link, besides ``seed`` and ``daily``.
    LINK: ClassVar[LinkTable] = {}

    def __init__(self) -> None:
        self.state: S = self.start(self.default_seed, {})
        self.profile: P = self.fresh_profile()
        self._save_text: str | None = None  # the save of ``state``, made once
        self._log: Log | None = None  # the run's recording (None: not replayable)
        self._playback: Playback | None = None  # the open replay (a ``<game>/replay`` session)
        self._ghost: Ghost | None = None  # the ghost a challenge link gave to race (``club.ghost``), never saved

    # ----- what a game supplies ------------------------------------------------
    def start(self, seed: int, payload: dict[str, Any]) -> S:
        raise NotImplementedError

    def describe(self, state: S) -> Any:
        raise NotImplementedError

    def dump_state(self, state: S) -> str:
        return self.runs.dump(state)

    def load_state(self, text: object) -> S:
        return self.runs.load(text)

    def fresh_profile(self) -> P:
        raise NotImplementedError

    def dump_profile(self, profile: P) -> str:
        return self.profiles.dump(profile)

    def load_profile_text(self, text: object) -> P:
        return self.profiles.load(text)

    def best(self, profile: P) -> int | None:
        raise NotImplementedError

    def lesson_state(self) -> S:
        """The first lesson's position: a real position of the game,
        built from its notation, the same every time."""
        raise NotationError("lesson", f"{self.game} has no lesson")

    def step_of(self, method: str, payload: dict[str, Any]) -> Step[S] | None:
        """The recorded action ``method`` read from its payload as a pure step
        (None: its payload is no action, refused ``bad-action``). Both the
        page's action and the replay's ``replay_step`` play it."""
        raise NotImplementedError

    def after(self, before: S, outcome: Outcome[S]) -> list[Event]:
        """Hook run once an action is kept: a game that banks a finished run
        into the profile does it here (and returns the events that tells)."""
        return []

    def over(self, state: S) -> bool:
        """The run has ended (its ``finished`` event)."""
        raise NotImplementedError

    def score(self, state: S) -> int:
        """The run's score, as the end card and the Daily Club count it."""
        raise NotImplementedError

    def played(self, state: S) -> int:
        """The player's moves so far (0: a run not begun, which a link may replace)."""
        raise NotImplementedError

    def practice(self, state: S) -> str | None:
        """Why the run can no longer set a personal best (a reason code such as
        ``"training"``: help used), None while it still can. The Daily Club
        banks such a run as practice: never counted, never a streak day."""
        return None

    def mode(self, state: S) -> str | None:
        """The game's mode the run is played in (a short code: domino's ``sprint``
        or ``marathon``), None for a game of one mode: the Daily Club keeps each
        mode's bests apart, since their scores are not one scale."""
        return None

    def moment(self, events: list[Event]) -> int:
        """How big a moment an action's events are for the share grid: 0 none, 1-5."""
        return 0

    def daily_payload(self, date: str) -> dict[str, Any]:
        """The ``new`` payload of the game's daily on ``date`` (its seed from the date)."""
        return {"seed": daily_seed(self.game, date)}

    def start_payload(self, seed: int, payload: dict[str, Any]) -> dict[str, Any]:
        """What a run's recording keeps of ``new``'s payload: enough to start it again."""
        kept = {key: payload[key] for key in self.LINK if key in payload}
        return {"seed": seed, **kept, **({"daily": payload["daily"]} if "daily" in payload else {})}

    def log_action(self, log: Log, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """Keep an accepted action in the recording (a game may write two as one,
        so its recording stays within its ``BOUNDS``)."""
        log.append(method, payload)

    def replay_bound(self, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """A bound of the game's own checked as a replay plays (``replay-bounds``)."""

    def begin(self, start: dict[str, Any]) -> None:
        """Start the run a recording began with (``new`` unless the game starts some runs otherwise)."""
        self.new(start)

    # ----- lifecycle: the same in every game ---------------------------------------
    def new(self, payload: dict[str, Any]) -> Any:
        """A fresh run from ``seed`` (0 <= seed < 2**32), a challenge link's
        ``query`` or the ``daily`` of a date; the view."""
        payload = self.expand(payload)
        seed = read_seed(payload.get("seed", self.default_seed))
        self.keep(self.start(seed, payload))
        # a run set up on a prepared position (tests, vectors) cannot be started again from a link
        self.new_recording(None if "position" in payload else self.start_payload(seed, payload))
        return self.view({})

    def expand(self, payload: dict[str, Any]) -> dict[str, Any]:
        """``new``'s payload with a challenge ``query`` read and a ``daily`` made its deal."""
        if "query" in payload:
            payload = read_link(payload["query"], self.LINK)
        if "daily" in payload:
            date = read_date(payload["daily"], "daily")
            payload = {**self.daily_payload(date), "daily": date}
        return payload

    def lesson(self, payload: dict[str, Any]) -> Any:
        """The first lesson's position in place of the run; the view.
        The page asks it of a session of its own (``<game>/lesson`` in the
        bridge), so the player's run is never touched."""
        self.keep(self.lesson_state())
        self.new_recording(None)
        self.profile = self.fresh_profile()
        return self.view({})

    def load(self, payload: dict[str, Any]) -> Any:
        """Resume a stored run; a corrupt one raises and the current run stays
        (everything is read and checked before anything is replaced)."""
        text = payload.get("save")
        state = self.load_state(text)
        self.describe(state)  # a state that cannot be drawn is no save either
        log = self.read_log(text)
        self.keep(state)
        self._log = log
        return self.view({})

    def save(self, payload: dict[str, Any]) -> str:
        if self._save_text is None:
            self._save_text = with_log(self.dump_state(self.state), self._log)
        return self._save_text

    def view(self, payload: dict[str, Any]) -> Any:
        """Everything the page draws."""
        return self.describe(self.state)

    def load_profile(self, payload: dict[str, Any]) -> Any:
        """Take the stored profile text (``None`` or missing: a fresh profile)."""
        text = payload.get("profile")
        self.profile = self.fresh_profile() if text is None else self.load_profile_text(text)
        return self.profile_view()

    def profile_view(self) -> Any:
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
                "in_play": not over and self.played(self.state) > 0, "practice": self.practice(self.state),
                "finished": self.finished() if over else None}

    def start_of(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A challenge link's query checked: ``link``, the same deal's link as
        ``run_info`` writes it, ``payload``, what ``new`` is given for it,
        ``beat``, the sender's score the link carries (or None), and ``vs``, the
        sender's replay code it carries as a ghost, unread (or None: ``ghost_open`` reads it)."""
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
        events = [*outcome.events, *self.after(before, outcome)]
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
                "practice": self.practice(self.state), "mode": self.mode(self.state),
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

    # ----- a ghost to race (``club.ghost``): the challenger's run beside the player's ------------
    def ghost_open(self, payload: dict[str, Any]) -> GhostView | None:
        """Take a challenge link's ghost (``ghost_open_search`` run to its end at once)."""
        return run_all(self.ghost_open_search(payload))  # type: ignore[no-any-return]

    def ghost_open_search(self, payload: dict[str, Any]) -> Work:
        """Take the ghost ``{code, link}`` (the link's ``vs`` and its deal's link as ``start_of``
        answered it) in units of work (``Bridge.query`` runs them in slices): held once it has
        played through, answering ``ghost``. Any ghost held before is dropped first, so a
        refused one (the replay reasons, ``ghost-too-long``, ``ghost-other-deal``) leaves none;
        ``{code: null}`` only drops it."""
        self._ghost = None
        if payload.get("code") is None:
            return None
        self._ghost = yield from open_ghost(self, payload)
        return self.ghost({})

    def ghost(self, payload: dict[str, Any]) -> GhostView | None:
        """The ghost beside the run in play (``club.ghost.GhostView``), or None: no ghost held,
        or the run in play is not its deal (a new run, another deal)."""
        ghost, log = self._ghost, self._log
        if ghost is None or log is None or link(log.start, self.LINK) != ghost.link:
            return None
        return ghost.view(self.played(self.state), self.score(self.state), self.over(self.state))

    # ----- replays (``club.replaying``; a session of its own, ``<game>/replay``) ----------
    def replay_open(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Open a replay code (``replay_open_search`` run to its end at once)."""
        return run_all(self.replay_open_search(payload))  # type: ignore[no-any-return]

    def replay_open_search(self, payload: dict[str, Any]) -> Work:
        """Open a replay code in units of work (``Bridge.query`` runs it in slices;
        ``club.replaying.open_code``); the view of step 0. A refused, cancelled or
        superseded open leaves the open replay as it was."""
        playback = yield from replaying.open_code(self, payload)
        self._playback = playback
        self.profile = self.fresh_profile()  # what the replay banked is nobody's: its views show a fresh card
        start, replay = playback.replay.start, playback.replay
        return {"game": self.game, "score": replay.score, "daily": start.get("daily"),
                "seed": start.get("seed"), "link": link(start, self.LINK), **self.replay_seek({"index": 0})}

    def replay_seek(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The view after step ``index`` (0: the start) of the open replay, and that step's
        events, in one call however far it lands (``club.playback``); ``move`` is the
        player's moves made by then and ``moves`` the run's, both as its end card counts
        them (``played``: the bar says "Move move of moves", while ``steps`` may count a
        merge turn or domino frames too)."""
        playback = self._open_playback()
        index = count(payload.get("index"), "index", 0, playback.steps)
        state, events = playback.seek(index)
        self.keep(state)
        return {"index": index, "steps": playback.steps, "move": playback.moves[index],
                "moves": playback.moves[-1], "view": self.view({}), "events": events}

    def replay_events(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The events of each step ``first..last`` of the open replay (1 <= first <= last,
        at most ``MAX_BETWEEN`` steps), played once: what a page that follows events
        (blocks' cosmetic colours) needs of the steps a jump passed over. The position
        shown is unchanged."""
        playback = self._open_playback()
        first = count(payload.get("first"), "first", 1, playback.steps)
        last = count(payload.get("last"), "last", first, min(playback.steps, first + MAX_BETWEEN - 1))
        state = self.state
        events = playback.between(first, last)
        self.keep(state)
        return {"first": first, "events": events}

    def _open_playback(self) -> Playback:
        if self._playback is None:
            raise ReplayError("replay-corrupt", "no replay is open")
        return self._playback

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

    def read_start(self, start: object) -> dict[str, Any]:
        """A recorded start checked as ``new`` checks its payload (``club.replaying.read_start``)."""
        return replaying.read_start(self, start)

    def read_log(self, text: object) -> Log | None:
        """The recording a save text holds (None: none that reads; ``club.replaying.read_log``)."""
        return replaying.read_log(self, text)

    def replay_code(self) -> str | None:
        """The replay code of the run so far (None when it has no recording, or one cut short)."""
        return replaying.code_of(self.game, self._log, self.score(self.state))


#: The base methods the page calls; every other public name of the base is a
#: hook or a helper of the game's own code, which the bridge never routes.
ENTRY_POINTS = frozenset({"new", "lesson", "load", "save", "view", "load_profile", "headline",
                          "run_info", "start_of", "replay_open", "replay_seek", "replay_events",
                          "ghost_open", "ghost"})
HOOKS = frozenset(name for name in vars(Session) if not name.startswith("_")) - ENTRY_POINTS - {
    "game", "default_seed", "runs", "profiles", "RECORDED", "BOUNDS", "LINK"}
