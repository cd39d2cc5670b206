"""The one result of a rule step, in every game: ``Outcome``.

A game's rules are pure steps ``state -> Outcome``: the new state and the
events the page animates, or a refusal ``reason`` (then ``state`` is the
state the step was given, and ``events`` at most describe the refusal: merge
outlines a misfit spot for its preview, M13). The Session keeps an accepted
outcome's state and answers a refused one with nothing changed
(``club.session.Session.act``); the conformance hooks read their reports from
the same events.

>>> moved = Outcome(3, ({"type": "moved"},))
>>> moved.accepted, moved.map(str).state, moved.map(str).events
(True, '3', ({'type': 'moved'},))
>>> refused = Outcome.refuse(3, "over")
>>> refused.accepted, refused.reason, refused.events
(False, 'over', ())
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypedDict, TypeVar

S = TypeVar("S")
T = TypeVar("T")
#: One thing that happened, for the page to animate or tell: ``{"type": ..., ...}``.
#: Each game's ``events`` module types its kinds (``club.<game>.events.Event``, a
#: union of TypedDicts, one per kind); here, where every game's pass, any of them.
Event = Mapping[str, Any]


class FinishedEvent(TypedDict):
    """A run just ended (every game, ``club.session.Session.finished``): what the
    Daily Club banks (``club.daily.api.read_finished``) and the end card shows."""

    type: Literal["finished"]
    game: str
    score: int
    seed: int | None  # None: a run without a recording
    daily: str | None  # the daily's date (YYYY-MM-DD), None for any other run
    link: str | None  # the challenge link of the run's start, None without a recording
    moves: int
    grid: str  # the share grid (club.grid)
    code: str | None  # the replay code, None when the run has no (whole) recording
    practice: str | None  # why the run can set no personal best, None: it can ("archive": a past daily)
    archive: bool  # a past daily played from the archive (club.daily.archive): its best is kept apart
    mode: str | None  # the game's mode (domino's sprint or marathon), None for a game of one mode
    challenge: str | None  # the challenge link's query it sends: deal, score to beat, the code as ghost when short (club.links)


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What a step did to a state: the new state and its events, or a refusal
    ``reason`` (then ``state`` is the state it was given)."""

    state: S
    events: tuple[Event, ...] = ()
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        return self.reason is None

    @classmethod
    def refuse(cls, state: S, reason: str, events: Iterable[Event] = ()) -> Outcome[S]:
        """The step refused with ``reason``: ``state`` as it was given."""
        return cls(state, tuple(events), reason)

    def map(self, wrap: Callable[[S], T]) -> Outcome[T]:
        """The same outcome about the state that holds this one (a Session's run
        around the rules' state): ``wrap`` of the new state, or of the one given."""
        return Outcome(wrap(self.state), self.events, self.reason)
