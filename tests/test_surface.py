"""The declared surface (P4, club.surface): the bridge answers a declared name
and nothing else, every declared name has its method, and every public
method of a session is declared or marked internal."""

from __future__ import annotations

import importlib
import inspect
import json

import pytest
from club import GAMES
from club.bridge import Bridge
from club.session import Session as Base
from club.surface import DAILY, answerer, declared, module_of

NAMES = [*GAMES, DAILY]


def session_type(name: str) -> type:
    return importlib.import_module(module_of(name)).Session  # type: ignore[no-any-return]


def undeclared(cls: type) -> list[str]:
    """The public methods of ``cls`` the page cannot call and nobody marked internal: the base's
    hooks and protected API are internal, a ``<name>_search`` belongs to its declared ``name``."""
    calls = declared(cls)
    internal = set(dir(Base)) if issubclass(cls, Base) else set()
    internal |= set(getattr(cls, "INTERNAL", ()))
    public = [name for name in dir(cls) if not name.startswith("_") and inspect.isfunction(getattr(cls, name))]
    return sorted(name for name in public
                  if name not in calls and name not in internal and name.removesuffix("_search") not in calls)


@pytest.mark.parametrize("name", NAMES)
def test_every_public_method_is_declared_or_internal(name: str) -> None:
    assert undeclared(session_type(name)) == []


def test_a_helper_added_to_a_game_fails_the_check() -> None:
    class Helped(session_type("bowls")):  # type: ignore[misc]
        def helper(self, payload: dict) -> int:
            return 1

        INTERNAL = frozenset({"marked"})

        def marked(self, payload: dict) -> int:
            return 2

    assert undeclared(Helped) == ["helper"]


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_name_has_its_method(name: str) -> None:
    cls = session_type(name)
    assert [call for call in declared(cls) if not callable(answerer(cls, call))] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_action_is_declared_as_acting(game: str) -> None:
    cls = session_type(game)
    assert {method: declared(cls)[method].acts for method in cls.RECORDED} == dict.fromkeys(cls.RECORDED, True)


# Public names of a session the page may not call: hooks, the protected API, a search generator.
REFUSED = [
    ("blocks", "daily_payload"),
    ("blocks", "profile_view"),
    ("blocks", "replay_step"),
    ("domino", "start_payload"),
    ("merge", "keep"),
    ("bowls", "hint_search"),
    ("bowls", "lesson_state"),
    ("blocks/replay", "replay_open_search"),
    ("club", "read_finished"),
]


@pytest.mark.parametrize(("game", "method"), REFUSED)
def test_an_undeclared_name_is_an_unknown_method(game: str, method: str) -> None:
    answer = json.loads(Bridge().call(game, method, "{}"))
    assert answer == {"ok": False, "error": {"field": "method", "message": f"unknown method {method!r}"}}


# The page's calls that the services beside a session answer, through the bridge as before.
SERVED = [
    ("blocks", "ghost", {}, None),
    ("merge", "ghost_open", {"code": None}, None),
    ("domino/replay", "replay_events", {"first": 1, "last": 1}, "replay-corrupt"),
]


@pytest.mark.parametrize(("game", "method", "payload", "refused"), SERVED)
def test_a_service_answers_its_calls_through_the_bridge(game: str, method: str, payload: dict,
                                                         refused: str | None) -> None:
    answer = json.loads(Bridge().call(game, method, json.dumps(payload)))
    assert answer == ({"ok": True, "result": None} if refused is None else
                      {"ok": False, "error": {"field": refused, "message": "no replay is open"}})


def test_a_helper_added_to_a_game_is_no_call_of_the_page() -> None:
    """A public one-payload method nobody declared (once routed by reflection) is refused."""

    class Helped(session_type("blocks")):  # type: ignore[misc]
        def helper(self, payload: dict) -> int:
            return 1

    bridge = Bridge()
    bridge.sessions["blocks"] = Helped()
    assert json.loads(bridge.call("blocks", "helper", "{}"))["error"]["field"] == "method"
    assert json.loads(bridge.call("blocks", "view", "{}"))["ok"] is True
