"""The engine's declared surface (P4): every name the page may call, in one table.

A game's ``Session`` declares its own calls in ``CALLS``; every game also
answers the contract's (``CONTRACT``: ``new``, ``load``, ``save``, ``view``...)
and the two services beside its session, the replay (``club.replayer``,
``replay_open``, ``replay_seek``, ``replay_events``) and the ghost race
(``club.ghost``, ``ghost_open``, ``ghost``). The Daily Club's record service
(``club.daily.api``, the bridge's ``"club"``) declares its ``CALLS`` alone.
The bridge routes a declared name and nothing else: a helper added to a
game's module is never callable by accident.

Each call says its payload (key -> the type of its value, ``NotRequired`` for
a key the call defaults) and whether it *acts* (changes what the session
holds: the run, its recording, its profile, the open replay or the ghost) or
only *asks*. Its answer is the return annotation of the method that answers
it. ``tools/viewtypes.py`` writes every table as TypeScript (``Blocks.Calls``,
``Club.Contract``...) so a page's ``engine.call(name, payload)`` can be typed by name.

>>> calls_of("blocks")["place"]
Call(payload={'slot': <class 'int'>, 'cell': <class 'str'>}, acts=True, service='')
>>> calls_of("bowls")["replay_seek"].service, calls_of("club")["today"].acts
('replays', False)
>>> "describe" in calls_of("blocks"), "forecast" in calls_of("bowls")
(False, True)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import Any, NotRequired

#: A call's payload: key -> the type of its value (``NotRequired[T]``: a key the call may go without).
Payload = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Call:
    """One name the page may call: its payload, whether it acts, and who answers it
    (``""``: the session itself; else the name of a service beside it, ``SERVICES``)."""

    payload: Payload = field(default_factory=dict)
    acts: bool = False
    service: str = ""


#: A table of calls: name -> ``Call``.
Calls = dict[str, Call]


def act(**payload: Any) -> Call:
    """A call that changes what the session holds."""
    return Call(dict(payload), acts=True)


def ask(**payload: Any) -> Call:
    """A call that only reads."""
    return Call(dict(payload), acts=False)


def on(service: str, calls: Calls) -> Calls:
    """``calls`` answered by the service ``service`` beside the session."""
    return {name: replace(call, service=service) for name, call in calls.items()}


#: What every game's session answers (``club.session.Session``).
CONTRACT: Calls = {
    "new": act(seed=NotRequired[int], query=NotRequired[str], daily=NotRequired[str],
               from_replay=NotRequired[str], step=NotRequired[int]),
    "lesson": act(),
    "load": act(save=str),
    "save": ask(),
    "view": ask(),
    "load_profile": act(profile=str | None),
    "headline": ask(profile=str | None),
    "run_info": ask(),
    "start_of": ask(query=str),
}
#: The replay service beside a session (``club.replayer.Replays``), opened on ``<game>/replay``.
REPLAYS: Calls = on("replays", {
    "replay_open": act(code=str),
    "replay_seek": act(index=int),
    "replay_events": ask(first=int, last=int),
    "replay_move_index": ask(index=int, by=int),
})
#: The ghost race beside the player's run (``club.ghost.GhostRace``).
GHOSTS: Calls = on("ghost", {
    "ghost_open": act(code=str | None, link=NotRequired[str]),
    "ghost": ask(),
})
#: The service modules and classes a call's ``service`` names (imported when first used).
SERVICES = {"replays": ("club.replayer", "Replays"), "ghost": ("club.ghost", "GhostRace")}
#: The name the Daily Club's record service goes by in the bridge (``club.daily.api``).
DAILY = "club"


def module_of(name: str) -> str:
    """The module whose ``Session`` answers the session name ``name`` (a game id or ``club``)."""
    return "club.daily.api" if name == DAILY else f"club.{name}.api"


def contract() -> Calls:
    """What every game answers, whatever its own calls: the contract and the services beside it."""
    return {**CONTRACT, **REPLAYS, **GHOSTS}


def declared(session_type: type) -> Calls:
    """Every call a session of ``session_type`` answers: a game's the contract, the
    services' and its own ``CALLS``; the Daily Club's its ``CALLS`` alone."""
    own: Calls = getattr(session_type, "CALLS", {})
    if getattr(session_type, "game", None) is None:
        return dict(own)
    return {**contract(), **own}


def calls_of(name: str) -> Calls:
    """The declared calls of the session named ``name`` (a game id or ``club``)."""
    return declared(importlib.import_module(module_of(name)).Session)


def service_type(service: str) -> type:
    """The class of the service ``service`` (``SERVICES``)."""
    module, name = SERVICES[service]
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def answerer(session_type: type, name: str) -> Any:
    """The function that answers the declared call ``name`` (the session's method, or its service's)."""
    call = declared(session_type).get(name) or contract()[name]  # the base Session: the contract's
    owner = service_type(call.service) if call.service else session_type
    return getattr(owner, name, None)
