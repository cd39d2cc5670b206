"""The one Session contract every game stands on (issue 12, docs/architecture.md).

A game supplies only its rules, through a few methods of its subclass:

- ``start(seed, payload) -> S``: a fresh state (the seed already checked);
- ``describe(state) -> View``: every number and flag the page shows;
- ``runs`` and ``profiles``: its run and profile codecs (``club.save``
  envelopes of kind ``run`` and ``profile``), anything with ``dump(value)``
  and ``load(text)`` such as the game's save module (or it overrides
  ``dump_state``/``load_state``, ``dump_profile``/``load_profile_text``);
- ``fresh_profile() -> P`` and ``best(P) -> int | None``;
- its actions, each a pure ``step(state) -> Outcome`` run by ``act``.

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
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypedDict, TypeVar

from club.errors import NotationError, read_seed

S = TypeVar("S")
P = TypeVar("P")
Event = dict[str, Any]

#: The reason of an action whose payload is not one (wrong type, no such slot).
BAD_ACTION = "bad-action"


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What an action does to a state: the new state and its events, or a
    refusal ``reason`` (then ``state`` is the state it was given)."""

    state: S
    reason: str | None = None
    events: tuple[Event, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.reason is None


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


class Session(Generic[S, P]):
    """The base of every game's Session: one state, one profile, one shape."""

    game: ClassVar[str]
    runs: ClassVar[Codec]
    profiles: ClassVar[Codec]
    #: The seed ``new`` uses when the payload names none.
    default_seed: ClassVar[int] = 0

    def __init__(self) -> None:
        self.state: S = self.start(self.default_seed, {})
        self.profile: P = self.fresh_profile()
        self._save_text: str | None = None  # the save of ``state``, made once

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
        """The first lesson's position (issue 15): a real position of the game,
        built from its notation, the same every time."""
        raise NotationError("lesson", f"{self.game} has no lesson")

    def after(self, before: S, outcome: Outcome[S]) -> list[Event]:
        """Hook run once an action is kept: a game that banks a finished run
        into the profile does it here (and returns the events that tells)."""
        return []

    # ----- lifecycle: the same in every game ---------------------------------------
    def new(self, payload: dict[str, Any]) -> Any:
        """A fresh run from ``seed`` (0 <= seed < 2**32); the view."""
        seed = read_seed(payload.get("seed", self.default_seed))
        self._keep(self.start(seed, payload))
        return self.view({})

    def lesson(self, payload: dict[str, Any]) -> Any:
        """The first lesson's position (issue 15) in place of the run; the view.
        The page asks it of a session of its own (``<game>/lesson`` in the
        bridge), so the player's run is never touched."""
        self._keep(self.lesson_state())
        self.profile = self.fresh_profile()
        return self.view({})

    def load(self, payload: dict[str, Any]) -> Any:
        """Resume a stored run; a corrupt one raises and the current run stays."""
        state = self.load_state(payload.get("save"))
        self.describe(state)  # a state that cannot be drawn is no save either
        self._keep(state)
        return self.view({})

    def save(self, payload: dict[str, Any]) -> str:
        if self._save_text is None:
            self._save_text = self.dump_state(self.state)
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

    # ----- actions ---------------------------------------------------------------
    def act(self, step: Callable[[S], Outcome[S]]) -> Answer:
        """Run ``step`` on the state and keep what it made (or refuse, changing nothing)."""
        outcome = step(self.state)
        if not outcome.accepted:
            return self.refuse(outcome.reason or BAD_ACTION)
        before, profile = self.state, self.profile
        self._keep(outcome.state)
        events = [*outcome.events, *self.after(before, outcome)]
        return self.answer(events, changed_profile=self.profile is not profile)

    def preview_of(self, step: Callable[[S], Outcome[S]]) -> Preview:
        """``step`` applied to the state without keeping it: the action's own answer."""
        outcome = step(self.state)
        return {"accepted": outcome.accepted, "reason": outcome.reason, "events": list(outcome.events)}

    def refuse(self, reason: str) -> Answer:
        """The one refusal shape: nothing changed, the view and save as they were."""
        return {"accepted": False, "reason": reason, "events": [], "view": self.view({}),
                "save": self.save({}), "profile": None}

    def answer(self, events: list[Event], changed_profile: bool = False) -> Answer:
        return {"accepted": True, "reason": None, "events": events, "view": self.view({}),
                "save": self.save({}), "profile": self.dump_profile(self.profile) if changed_profile else None}

    def _keep(self, state: S) -> None:
        self.state = state
        self._save_text = None


#: The base methods the page calls; every other public name of the base is a
#: hook or a helper of the game's own code, which the bridge never routes.
ENTRY_POINTS = frozenset({"new", "lesson", "load", "save", "view", "load_profile", "headline"})
HOOKS = frozenset(name for name in vars(Session) if not name.startswith("_")) - ENTRY_POINTS - {"game", "default_seed", "runs", "profiles"}
