"""Bridge.query and Bridge.cancel (P3): slow, read-only questions answered
in slices in the engine worker, and stopped when the player moves on.

A Session offers ``<method>_search(payload)``, a generator that yields between
units of work; ``query`` runs it in slices of ``SLICE_MS`` and lets the event
loop run in between, where a ``cancel`` can arrive. Here a toy Session stands
in for a game, so every path is checked without depending on a solver's speed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Generator
from typing import Any

import pytest
from club import bridge as bridge_module
from club.bridge import Bridge
from club.surface import ask


class Toy:
    """A Session with one slow question: count to ``n``, yielding after each step."""

    CALLS = {"count": ask(n=int), "broken": ask(), "huge": ask()}

    def __init__(self) -> None:
        self.steps = 0

    def count(self, payload: dict[str, Any]) -> dict[str, int]:
        return {"counted": int(payload.get("n", 0))}

    def count_search(self, payload: dict[str, Any]) -> Generator[None, None, dict[str, int]]:
        n = payload.get("n", 0)
        if not isinstance(n, int) or n < 0:
            from club.errors import NotationError

            raise NotationError("n", "n must be a whole number")
        for _ in range(n):
            self.steps += 1
            yield
        return self.count(payload)

    def broken_search(self, payload: dict[str, Any]) -> Generator[None, None, dict[str, int]]:
        yield
        raise ZeroDivisionError("a bug")

    def huge_search(self, payload: dict[str, Any]) -> Generator[None, None, dict[str, int]]:
        yield
        return {"n": 2**60}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> tuple[Bridge, Toy]:
    bridge = Bridge()
    session = Toy()
    bridge.sessions["blocks"] = session
    return bridge, session


def answer(text: str) -> dict[str, Any]:
    return json.loads(text)


@pytest.mark.parametrize(
    ("method", "payload", "expected"),
    [
        ("count", '{"n": 5}', {"ok": True, "result": {"counted": 5}}),
        ("count", '{"n": 0}', {"ok": True, "result": {"counted": 0}}),
        ("count", '{"n": -1}', {"ok": False, "error": {"field": "n", "message": "n must be a whole number"}}),
        ("count", "[1]", {"ok": False, "error": {"field": "payload", "message": "payload must be an object"}}),
        ("broken", "{}", {"ok": False, "error": {"field": "internal", "message": "ZeroDivisionError: a bug"}}),
        ("huge", "{}", {"ok": False, "error": {"field": "internal", "message": f"the answer holds integer {2**60}"}}),
    ],
)
def test_query_answers_like_call(toy: tuple[Bridge, Toy], method: str, payload: str, expected: dict) -> None:
    bridge, _ = toy
    assert answer(asyncio.run(bridge.query("blocks", method, payload))) == expected


def test_a_method_without_search_is_answered_by_call(toy: tuple[Bridge, Toy]) -> None:
    bridge, session = toy
    assert answer(asyncio.run(bridge.query("blocks", "count", '{"n": 3}')))["result"] == {"counted": 3}
    assert session.steps == 3  # the search ran, not the plain method
    # unknown games and methods are refused as call refuses them
    assert answer(asyncio.run(bridge.query("nope", "count", "{}")))["error"]["field"] == "game"
    assert answer(asyncio.run(bridge.query("blocks", "_private", "{}")))["error"]["field"] == "method"


def test_search_generators_are_not_call_entry_points(toy: tuple[Bridge, Toy]) -> None:
    bridge, _ = toy
    assert answer(bridge.call("blocks", "count_search", "{}"))["error"]["field"] == "method"


def test_cancel_stops_a_running_query_and_other_calls_are_answered_meanwhile(
    toy: tuple[Bridge, Toy], monkeypatch: pytest.MonkeyPatch
) -> None:
    bridge, session = toy
    monkeypatch.setattr(bridge_module, "SLICE_MS", 0.0)  # one unit of work per slice
    answered: list[str] = []

    async def player() -> str:
        search = asyncio.create_task(bridge.query("blocks", "count", '{"n": 1000000}'))
        for _ in range(3):
            await asyncio.sleep(0)
        answered.append(bridge.call("blocks", "count", '{"n": 1}'))  # the worker is free between slices
        bridge.cancel()
        return await search

    result = answer(asyncio.run(player()))
    assert result == {"ok": False, "error": {"field": "cancelled", "message": "the question was cancelled"}}
    assert 0 < session.steps < 1000  # it stopped at once, long before the end
    assert answer(answered[0])["result"] == {"counted": 1}


def test_a_cancel_handled_before_the_querys_first_step_stops_it(toy: tuple[Bridge, Toy]) -> None:
    """The worker may handle a cancel sent after the query before the query's coroutine first runs
    (Pyodide steps a coroutine called from JS only once it is awaited): the query was asked before
    the cancel, so it answers ``cancelled`` and does no work."""
    bridge, session = toy
    asked = bridge.query("blocks", "count", '{"n": 1000000}')
    bridge.cancel()
    assert answer(asyncio.run(asked))["error"]["field"] == "cancelled"
    assert session.steps == 0


def test_a_query_started_after_a_cancel_runs_to_its_end(toy: tuple[Bridge, Toy]) -> None:
    bridge, _ = toy
    bridge.cancel()
    assert answer(asyncio.run(bridge.query("blocks", "count", '{"n": 20}')))["result"] == {"counted": 20}
