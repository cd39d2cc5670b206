"""Validate first, then replace: a refused ``new``, ``load`` or ``puzzle_new``
leaves the previous attempt intact: its view and its save are the same after the
refusal, and it can still be played.

Before the fix, ``new {"mode": "puzzle"}`` replaced the attempt with a puzzle
attempt without a puzzle, and ``view``/``sow`` failed until the next good ``new``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from club import save
from club.bowls.api import Session
from club.bowls.saves import VERSION as SAVE_VERSION
from club.errors import NotationError


def good_session() -> Session:
    """An Endless attempt with one move played (so there is history and a last move)."""
    s = Session()
    view = s.new({"mode": "endless", "seed": 3})
    assert s.sow({"bowl": view["choosable"][0]})["accepted"]
    return s


def puzzle_save(**changes: Any) -> str:
    """A real puzzle-attempt save (puzzle 1, one wrong move played) with fields replaced."""
    s = Session()
    s.puzzle_new({"puzzle": 2})
    s.sow({"bowl": s.view({})["choosable"][-1]})
    data = save.load(s.save({}), "bowls", "run", SAVE_VERSION)
    data.update(changes)
    return save.dump("bowls", "run", data, SAVE_VERSION)


def with_history_last(last: Any) -> str:
    s = Session()
    s.puzzle_new({"puzzle": 2})
    s.sow({"bowl": s.view({})["choosable"][-1]})
    data = save.load(s.save({}), "bowls", "run", SAVE_VERSION)
    data["history"][0][4] = last
    return save.dump("bowls", "run", data, SAVE_VERSION)


GOOD_LAST = {"bowl": 1, "points": 0, "combo": 0, "matching": [], "perfect": False, "overflow": None}

# (method, payload, field the refusal names)
BAD = [
    ("new", {"mode": "puzzle"}, "mode"),  # the case from the issue
    ("new", {"mode": "puzzle", "puzzle": 1}, "mode"),  # puzzles start with puzzle_new
    ("new", {"mode": "nope"}, "mode"),
    ("new", {"mode": []}, "mode"),  # not text: refused, not a TypeError
    ("new", {"mode": "endless", "seed": -1}, "seed"),
    ("new", {"mode": "endless", "seed": 1 << 64}, "seed"),
    ("new", {"mode": "endless", "seed": "7"}, "seed"),
    ("new", {"mode": "endless", "seed": True}, "seed"),
    ("new", {"mode": "daily"}, "date"),
    ("new", {"mode": "daily", "date": "2026-13-01"}, "date"),
    ("new", {"mode": "free", "position": "R/G"}, "position"),
    ("new", {"mode": "free", "position": 5}, "position"),
    ("load", {}, "save"),
    ("load", {"save": 5}, "save"),
    ("load", {"save": "not json"}, "save"),
    ("load", {"save": save.dump("merge", "run", {})}, "game"),
    ("load", {"save": puzzle_save(puzzle=None)}, "puzzle"),  # a puzzle attempt without its puzzle
    ("load", {"save": puzzle_save(puzzle=999)}, "puzzle"),
    ("load", {"save": puzzle_save(puzzle="1")}, "puzzle"),
    ("load", {"save": puzzle_save(extra={})}, "data"),  # version 1's bag is no field of version 2
    ("load", {"save": puzzle_save(last={})}, "last"),  # the puzzle goal reads last["combo"]
    ("load", {"save": puzzle_save(last={**GOOD_LAST, "combo": -1})}, "last"),
    ("load", {"save": puzzle_save(last={**GOOD_LAST, "overflow": "both"})}, "last"),
    ("load", {"save": with_history_last({"combo": 1})}, "history"),  # undo would bring it back
    # a well-formed last that play did not give (replayed from the history) is refused
    ("load", {"save": puzzle_save(last=GOOD_LAST)}, "last"),
    ("load", {"save": puzzle_save(rng="xyz")}, "rng"),
    ("load", {"save": puzzle_save(position="R/G 0 0")}, "position"),
    ("load", {"save": puzzle_save(mode="daily", date="")}, "date"),
    ("puzzle_new", {}, "puzzle"),
    ("puzzle_new", {"puzzle": 0}, "puzzle"),
    ("puzzle_new", {"puzzle": 101}, "puzzle"),
    ("puzzle_new", {"puzzle": "1"}, "puzzle"),
    ("puzzle_new", {"puzzle": True}, "puzzle"),
]


@pytest.mark.parametrize(("method", "payload", "field"), BAD, ids=[f"{m}-{i}" for i, (m, _, _) in enumerate(BAD)])
def test_a_refused_call_leaves_the_attempt_intact(method: str, payload: dict[str, Any], field: str) -> None:
    s = good_session()
    view, text = s.view({}), s.save({})
    with pytest.raises(NotationError) as refused:
        getattr(s, method)(payload)
    assert refused.value.field == field
    assert s.view({}) == view
    assert s.save({}) == text
    assert s.sow({"bowl": view["choosable"][0]})["accepted"]  # still playable


@pytest.mark.parametrize(("method", "payload", "field"), BAD[:4], ids=["new-puzzle", "new-puzzle-id", "new-mode", "new-mode-list"])
def test_a_refused_first_call_leaves_the_first_attempt(method: str, payload: dict[str, Any], field: str) -> None:
    """club.session: a Session always holds an attempt (Endless, seed 0) until new or load replaces it."""
    s = Session()
    view = s.view({})
    with pytest.raises(NotationError):
        getattr(s, method)(payload)
    assert s.view({}) == view and view["mode"] == "endless"
    assert s.new({"mode": "endless", "seed": 1})["mode"] == "endless"


GOOD: list[tuple[str, Callable[[], dict[str, Any]]]] = [
    ("new", lambda: {"mode": "free", "position": "R/-/-/-/-/-/-/-/-/-/-/- 0 0"}),
    ("load", lambda: {"save": puzzle_save()}),
    ("puzzle_new", lambda: {"puzzle": 5}),
]


@pytest.mark.parametrize(("method", "payload"), GOOD, ids=[f"{m}-{i}" for i, (m, _) in enumerate(GOOD)])
def test_a_good_call_still_replaces_the_attempt(method: str, payload: Callable[[], dict[str, Any]]) -> None:
    s = good_session()
    view = getattr(s, method)(payload())
    assert s.view({}) == view and view["moves"] in (0, 1)
    assert json.loads(s.save({}))["game"] == "bowls"


def test_the_replace_step_is_not_a_page_method() -> None:
    from club.bridge import Bridge

    answer = json.loads(Bridge().call("bowls", "_adopt", "{}"))
    assert answer["ok"] is False and answer["error"]["field"] == "method"
