"""What a game supplies to the Session contract (P4, docs/architecture.md).

A game supplies only its rules, through a few methods of its subclass of
``club.session.Session`` (whose base this is):

- ``start(seed, payload) -> S``: a fresh state (the seed already checked);
- ``describe(state) -> View``: every number and flag the page shows;
- ``runs`` and ``profiles``: its run and profile codecs (``club.save``
  envelopes of kind ``run`` and ``profile``), anything with ``dump(value)``
  and ``load(text)`` such as the game's save module (or it overrides
  ``dump_state``/``load_state``, ``dump_profile``/``load_profile_text``);
- ``fresh_profile() -> P`` and ``best(P) -> int | None``;
- its actions: each reads its payload into a pure ``step(state) -> Outcome``
  (``step_of`` for the recorded ones) and hands it to ``act``, saying what
  it records: ``self.act(step, record=("place", payload))``;
- ``CALLS``: what the page may call of it besides the contract (``club.surface``).

Every public name here is a hook of the engine's, never a call of the page's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from club.calendar import daily_seed
from club.errors import NotationError
from club.links import LinkTable
from club.outcome import Event, Outcome
from club.recording import Log
from club.schema import Bounds, Recorded
from club.surface import Calls

S = TypeVar("S")
P = TypeVar("P")
#: A pure rule step on a game's state (``club.outcome``).
Step = Callable[[S], Outcome[S]]


class Codec(Protocol):
    """Text in the save envelope and back (a game's save or profile module)."""

    def dump(self, value: Any, /) -> str: ...

    def load(self, text: object, /) -> Any: ...


class Game(Generic[S, P]):
    """The hooks a game's Session supplies (defaults where a game may keep them)."""

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
    #: What the page may call of the game besides the contract and the services (``club.surface``).
    CALLS: ClassVar[Calls] = {}
    #: The game's public methods the page may not call (helpers of its own code, its tools').
    INTERNAL: ClassVar[frozenset[str]] = frozenset()

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
        daily = {"daily": payload["daily"], **({"archive": True} if payload.get("archive") else {})} \
            if "daily" in payload else {}
        return {"seed": seed, **kept, **daily, **({"fork": True} if payload.get("fork") is True else {})}

    def log_action(self, log: Log, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """Keep an accepted action in the recording (a game may write two as one,
        so its recording stays within its ``BOUNDS``)."""
        log.append(method, payload)

    def replay_bound(self, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """A bound of the game's own checked as a replay plays (``replay-bounds``)."""
