"""The hint as a cancellable search in the engine worker (P3).

``Session.hint_search`` hands ``Bridge.query`` a generator that yields between
units of solver work and returns exactly what ``Session.hint`` answers;
``Bridge.cancel`` stops it at its next slice (field ``cancelled``), and other
calls are answered between slices.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from bowls.crafted_saves import crafted_session
from club.bowls.api import Session
from club.bowls.puzzles import puzzle_by_id
from club.bowls.solver import run
from club.bridge import Bridge

# Puzzle 93 from a crafted board: the search spends its whole budget (about a second).
HARD = ("RGBYPX[v]/GBYPRX[rv]/BYPRGX[v]/YPRGBX[rv]/PRGBYX[v]/RGBYPX[rv]/GBYPRX[v]/BYPRGX[rv]"
        "/YPRGBX[v]/PRGBYX[rv]/RGBYPX[v]/GBYPRX[rv] 0 0")


def puzzle(ident: int, *moves: int) -> Session:
    s = Session()
    s.puzzle_new({"puzzle": ident})
    for bowl in moves:
        assert s.sow({"bowl": bowl})["accepted"]
    return s


def endless() -> Session:
    s = Session()
    s.new({"mode": "endless", "seed": 4})
    return s


POSITIONS: dict[str, tuple[Callable[[], Session], dict[str, Any] | None]] = {
    "on path, at the start": (lambda: puzzle(40), {"bowl": puzzle_by_id(40).solution[0], "reason": None}),
    "on path, one move in": (lambda: puzzle(99, puzzle_by_id(99).solution[0]),
                             {"bowl": puzzle_by_id(99).solution[1], "reason": None}),
    "off path, recoverable": (lambda: puzzle(72, 5), None),
    "off path, recoverable late": (lambda: puzzle(96, 11), None),
    "off path, no solution": (lambda: puzzle(93, 9), {"bowl": None, "reason": "no-solution"}),
    "off path, budget spent": (lambda: puzzle(95, 2), {"bowl": None, "reason": "budget"}),
    "solved": (lambda: puzzle(1, *puzzle_by_id(1).solution), {"bowl": None, "reason": "over"}),
    "not a puzzle": (endless, {"bowl": None, "reason": "bad-action"}),
    "crafted, budget spent": (lambda: crafted_session(HARD, 93), {"bowl": None, "reason": "budget"}),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_hint_search_returns_what_hint_answers(name: str) -> None:
    make, expected = POSITIONS[name]
    s = make()
    answer = s.hint({})
    assert run(s.hint_search({})) == answer
    if expected is not None:
        assert answer == expected
    if name.startswith("off path, recoverable"):
        assert answer["reason"] is None and answer["bowl"] is not None


@pytest.mark.parametrize("name", ["off path, recoverable late", "off path, no solution", "on path, one move in"])
def test_bridge_query_answers_what_bridge_call_answers(name: str) -> None:
    bridge = Bridge()
    text = POSITIONS[name][0]().save({})
    bridge.call("bowls", "load", json.dumps({"save": text}))
    assert asyncio.run(bridge.query("bowls", "hint", "{}")) == bridge.call("bowls", "hint", "{}")


def test_the_search_yields_between_units_of_work() -> None:
    steps = crafted_session(HARD, 93).hint_search({})
    gaps, last = [], time.thread_time()  # CPU time: the machine may be busy
    try:
        while True:
            next(steps)
            now = time.thread_time()
            gaps.append(now - last)
            last = now
    except StopIteration as done:
        assert done.value == {"bowl": None, "reason": "budget"}
    gaps.sort()
    assert len(gaps) > 1000
    # One node a step: at most twelve moves (~25 us each). A garbage collection may
    # land in a step or two (measured: ~20 ms once over the whole search).
    assert gaps[-3] < 0.005, gaps[-5:]


def test_a_move_made_while_it_searches_does_not_change_its_answer() -> None:
    s = puzzle(96, 11)
    expected = s.hint({})
    steps = s.hint_search({})
    next(steps)
    s.sow({"bowl": s.view({})["choosable"][0]})  # the Session keeps a new attempt meanwhile
    assert run(steps) == expected


def test_cancel_stops_a_running_search_and_calls_are_answered_meanwhile() -> None:
    bridge = Bridge()
    bridge.call("bowls", "load", json.dumps({"save": crafted_session(HARD, 93).save({})}))
    seen: dict[str, Any] = {}

    async def scenario() -> str:
        search = asyncio.create_task(bridge.query("bowls", "hint", "{}"))
        for _ in range(3):  # a few slices in
            await asyncio.sleep(0)
        assert not search.done()
        seen["view"] = json.loads(bridge.call("bowls", "view", "{}"))  # answered between slices
        bridge.cancel()
        seen["turns after cancel"] = 0
        while not search.done():  # the loop's turns, not a clock: no machine's load makes it flake
            seen["turns after cancel"] += 1
            await asyncio.sleep(0)
        return search.result()

    answer = json.loads(asyncio.run(scenario()))
    assert answer == {"ok": False, "error": {"field": "cancelled", "message": "the question was cancelled"}}
    assert seen["view"]["ok"] and seen["view"]["result"]["puzzle"]["id"] == 93
    assert seen["turns after cancel"] <= 2, seen  # at its next slice, not at the end of its budget
    assert bridge.call("bowls", "view", "{}") == json.dumps(seen["view"], separators=(",", ":"))  # untouched


def test_a_cancel_before_the_query_leaves_it_alone() -> None:
    bridge = Bridge()
    bridge.call("bowls", "load", json.dumps({"save": puzzle(72, 5).save({})}))
    bridge.cancel()
    answer = json.loads(asyncio.run(bridge.query("bowls", "hint", "{}")))
    assert answer["ok"] and answer["result"]["reason"] is None


def test_hint_search_is_no_entry_point_for_call() -> None:
    answer = json.loads(Bridge().call("bowls", "hint_search", "{}"))
    assert answer["error"]["field"] == "method"
