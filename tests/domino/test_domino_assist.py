"""Assist pace (P11): gravity and the lock delay wait for the player, the run records
it (its save, its replay's start) and is practice (no record, never a Daily that counts);
at assist pace the view carries the landing preview, the drop applied to a copy."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from club.bridge import Bridge
from club.domino import rules, saves
from club.domino.api import Session
from club.domino.lesson import lesson_game
from club.domino.preview import landing
from club.errors import NotationError
from test_replays import call


def run(assist: bool, **payload) -> Session:
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic", **({"assist": True} if assist else {}), **payload})
    return s


#: assist, the falling tile's row after 20 s of frames (None: another tile), locked tiles (turns) then
GRAVITY = [(False, None, 1), (True, 0, 0)]


@pytest.mark.parametrize(("assist", "row", "turns"), GRAVITY)
def test_gravity_waits_at_assist_pace(assist: bool, row: int | None, turns: int) -> None:
    s = run(assist)
    for _ in range(200):
        s.tick({"ms": 100})
    view = s.view({})
    assert (view["turns"], view["active_ms"], view["assist"]) == (turns, 20_000, assist)
    if row is not None:
        assert view["falling"]["row"] == row and view["falling"]["fall"] == 0


def test_a_resting_tile_waits_for_the_hard_drop_at_assist_pace() -> None:
    s = run(True)
    while s.move({"move": "down"})["accepted"]:
        pass
    s.tick({"ms": 60_000})
    assert s.view({})["turns"] == 0
    assert s.move({"move": "hard"})["view"]["turns"] == 1


def test_assist_is_saved_and_an_old_save_has_none() -> None:
    s = run(True)
    assert saves.load(s.save({})).assist is True
    data = json.loads(saves.dump(rules.new_run("sprint", "classic", seed=4)[0]))
    assert "assist" not in data["data"] and saves.load(json.dumps(data)).assist is False
    for bad in (False, 1, "yes"):
        data["data"]["assist"] = bad
        with pytest.raises(NotationError) as err:
            saves.load(json.dumps(data))
        assert err.value.field == "assist"


@pytest.mark.parametrize("bad", [1, "true", None])
def test_a_bad_assist_is_refused(bad: object) -> None:
    with pytest.raises(NotationError) as err:
        Session().new({"seed": 1, "assist": bad})
    assert err.value.field == "assist"


def play_out(s: Session) -> dict:
    """Hard drops until the run ends; the answer that ended it."""
    while True:
        answer = s.move({"move": "hard"})
        if answer["view"]["over"]:
            return answer


def test_an_assist_run_is_practice_and_sets_no_record() -> None:
    s = run(True)
    assert s.run_info({})["practice"] == "assist"
    answer = play_out(s)
    finished = next(e for e in answer["events"] if e["type"] == "finished")
    record = next(e for e in answer["events"] if e["type"] == "record")
    assert (finished["practice"], record["beaten"], s.profile) == ("assist", [], {})
    plain = run(False)
    assert plain.run_info({})["practice"] is None
    play_out(plain)
    assert plain.profile["sprint/classic"]["games"] == 1


def test_a_daily_at_assist_pace_keeps_its_deal_and_replays_at_its_pace() -> None:
    bridge = Bridge()
    view = call(bridge, "domino", "new", {"daily": "2026-12-01", "assist": True})
    plain = Session().new({"daily": "2026-12-01"})
    assert view["assist"] and view["falling"] == plain["falling"] and view["next"] == plain["next"]
    for move in ("left", "cw", "hard", "right", "hard"):
        call(bridge, "domino", "move", {"move": move})
    call(bridge, "domino", "tick", {"ms": 5000})
    info = call(bridge, "domino", "run_info", {})
    assert (info["daily"], info["practice"]) == ("2026-12-01", "assist")
    shown = call(bridge, "domino", "view", {})
    steps = call(bridge, "domino/replay", "replay_open", {"code": code_of(bridge)})["steps"]
    assert call(bridge, "domino/replay", "replay_seek", {"index": steps})["view"] == shown


def code_of(bridge: Bridge) -> str:
    """The run's replay code, as the end card shares it (``Session.replay_code``)."""
    return bridge.sessions["domino"].replay_code()  # type: ignore[attr-defined]


#: the lesson's 3-6 at column 0 (D3 orientation): the rows its halves land on, what touches, T, cascade steps
LESSON = [
    (0, [[0, 14, 3], [1, 14, 6]], [], 0, 0),  # flat, 3 left: lands on 6-1, its 6 on the 1
    (1, [[0, 13, 3], [0, 14, 6]], [6], 2, 1),  # upright, 6 below: its 6 on the 6
    (2, [[1, 14, 3], [0, 14, 6]], [6], 2, 1),  # flat, 6 left: its 6 on the 6
    (3, [[0, 14, 3], [0, 13, 6]], [], 0, 0),  # upright, 3 below: its 3 on the 6
]


@pytest.mark.parametrize(("orient", "cells", "touches", "points", "chain"), LESSON)
def test_the_landing_preview_is_the_drop_on_a_copy(orient, cells, touches, points, chain) -> None:
    game = lesson_game()
    game = replace(game, falling=replace(game.falling, col=0, orient=orient))
    ahead = landing(game)
    assert (ahead["cells"], ahead["touches"], ahead["points"], ahead["chain"]) == (cells, touches, points, chain)
    dropped = rules.hard_drop(game)
    scored = next(e for e in dropped.events if e["type"] == "scored")
    assert (scored["points"], scored["chain"]) == (points, chain)
    assert dropped.state.well != game.well and landing(game) == ahead  # the copy: the run is untouched


def test_every_preview_of_a_run_says_what_its_drop_then_does() -> None:
    s = run(True)
    for i in range(28):
        view = s.view({})
        if view["over"]:
            break
        s.move({"move": ("left", "right", "cw", "ccw")[i % 4]})
        ahead = s.view({})["landing"]
        answer = s.move({"move": "hard"})
        scored = next(e for e in answer["events"] if e["type"] == "scored")
        assert (scored["points"], scored["chain"]) == (ahead["points"], ahead["chain"])
    assert run(False).view({})["landing"] is None
