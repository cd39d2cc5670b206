"""The shapes every game's session answers in (``club.session``): an action's
``Answer``, a ``Preview``, the home screen's ``Headline`` and the Daily Club's
``RunInfo``. ``tools/viewtypes.py`` writes them in the page's ``Club`` namespace.

Where the contract answers a game's own shape (its view, its profile), the
annotation says so with ``GameView`` or ``GameProfile``: each game's table of
calls (``Blocks.Calls``...) then names that game's type (its ``describe``'s,
its ``profile_view``'s answer, its ``Event``), and a shape that holds one,
such as ``Answer``, is written generic (``Club.Answer<Blocks.View, Blocks.Event>``).
"""

from __future__ import annotations

import typing
from typing import Any, Literal, NewType, NotRequired, TypedDict, get_type_hints

from club.outcome import FinishedEvent

#: A game's own view where the contract answers it (the game's ``describe``).
GameView = NewType("GameView", dict[str, Any])
#: A game's own profile as the page sees it (the game's ``profile_view``).
GameProfile = NewType("GameProfile", dict[str, Any])
#: One of a game's own events (the union ``club.<game>.events.Event``).
GameEvent = NewType("GameEvent", dict[str, Any])


class Answer(TypedDict):
    """The answer of every action, accepted or refused."""

    accepted: bool
    reason: str | None
    events: list[GameEvent]
    view: GameView
    save: str
    profile: str | None
    #: The challenger at the player's move, when a ghost is raced beside the run (the bridge adds it:
    #: one round trip a move, P4); None when the run in play is not the ghost's deal.
    ghost: NotRequired[GhostView | None]


class GhostView(TypedDict):
    """The ghost beside the run in play: the challenger at the player's move, and the two runs compared."""

    move: int  # the player's moves so far (as the end card counts them)
    score: int  # the challenger's score at that move (their final once they had ended)
    final: int  # the challenger's final score
    moves: int  # the challenger's moves in all
    you: int  # the player's score
    over: bool  # the player's run is over: ``won`` and ``by`` compare the two finals
    won: Literal["you", "ghost", "tie"]  # ahead at this move (the run over: who won)
    by: int  # by how much (0: a tie)
    #: The challenger's position at that move: their game's view, drawn small beside the player's
    #: (``club.ghost``); left out of an action's answer that shows no new position (a domino frame's).
    board: NotRequired[GameView]


class Preview(TypedDict):
    """What an action would do: its acceptance, reason and events (no state kept)."""

    accepted: bool
    reason: str | None
    events: list[GameEvent]


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
    practice: str | None  # why the run can set no personal best (``Session.run_practice``), None: it can
    archive: bool  # a past daily played from the archive, as practice (club.daily.archive)
    fork: bool  # a run started from a replay's step, as practice (club.forking)
    finished: FinishedEvent | None  # a run over: its ``finished`` event again (the end card after a reload, P4)


def required_keys(typed: type) -> frozenset[str]:
    """The keys every value of the TypedDict ``typed`` has: its ``NotRequired`` ones left out
    (``__required_keys__`` cannot tell them apart when annotations are postponed).

    >>> sorted(required_keys(Answer))  # a session's answer; the bridge may add ``ghost``
    ['accepted', 'events', 'profile', 'reason', 'save', 'view']
    """
    hints = get_type_hints(typed, include_extras=True)
    return frozenset(key for key, hint in hints.items() if typing.get_origin(hint) is not NotRequired)


class StartOf(TypedDict):
    """A challenge link's query checked (``Session.start_of``)."""

    link: str | None  # the same deal's link, as ``run_info`` writes it
    payload: dict[str, str | None]  # what ``new`` is given for it: ``{query}``
    beat: int | None  # the sender's score the link carries
    vs: str | None  # the sender's replay code it carries as a ghost, unread


class ReplaySought(TypedDict):
    """A replay's position after step ``index`` (``club.replayer``)."""

    index: int
    steps: int
    move: int  # the player's moves made by then, as the end card counts them
    moves: int  # the run's moves in all
    view: GameView
    events: list[GameEvent]


class ReplayOpened(ReplaySought):
    """A replay code opened: its deal, and the view of step 0."""

    game: str
    score: int
    daily: str | None
    seed: int | None
    link: str | None


class ReplayEvents(TypedDict):
    """The events of each step ``first..`` a jump passed over."""

    first: int
    events: list[list[GameEvent]]
