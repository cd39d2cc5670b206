"""The shapes every game's session answers in (``club.session``): an action's
``Answer``, a ``Preview``, the home screen's ``Headline`` and the Daily Club's
``RunInfo``. ``tools/viewtypes.py`` writes them in the page's ``Club`` namespace.
"""

from __future__ import annotations

from typing import Any, TypedDict

from club.outcome import Event, FinishedEvent


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
    practice: str | None  # why the run can set no personal best (``Session.run_practice``), None: it can
    archive: bool  # a past daily played from the archive, as practice (club.daily.archive)
    finished: FinishedEvent | None  # a run over: its ``finished`` event again (the end card after a reload, P4)
