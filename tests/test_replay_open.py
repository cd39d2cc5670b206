"""Opening a replay (club.playback, Bridge.query): checkpoints instead of every
state, seeking from the nearest one answers exactly what playing every step in
order answers; the open runs in slices through the worker's query path, other
calls are answered between them, and a newer open or a cancel stops it."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from club import bridge as bridge_module
from club import playback
from club.bridge import Bridge
from replay_steps import every_step_in_order
from test_replays import RUNS, call, play_to_end


def finished_code(game: str, start: dict[str, Any], player: Any) -> str:
    bridge = Bridge()
    call(bridge, game, "new", start)
    code = play_to_end(bridge, game, player, random.Random(3), resume_at=4)["code"]
    assert isinstance(code, str)
    return code


@pytest.mark.parametrize(("game", "start", "player"), RUNS, ids=[f"{g}-{json.dumps(s)}" for g, s, _ in RUNS])
def test_seeking_from_checkpoints_answers_what_every_step_in_order_does(
        game: str, start: dict[str, Any], player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playback, "CHECKPOINT", 5)  # many checkpoints, and steps between them
    code = finished_code(game, start, player)
    expected = every_step_in_order(game, code)
    bridge = Bridge()
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": code})
    assert opened["steps"] == len(expected) - 1
    assert len(bridge.services[(f"{game}/replay", "replays")].playback.marks) >= 2
    order = list(range(len(expected)))
    random.Random(5).shuffle(order)
    for index in [*order, *range(len(expected))]:  # jumps, then the bar playing forward
        seek = call(bridge, f"{game}/replay", "replay_seek", {"index": index})
        assert [seek["view"], seek["events"]] == expected[index], (game, index)


@pytest.fixture
def one_unit_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every slice of a query is one unit of work: the order of what runs is the same on any machine."""
    monkeypatch.setattr(bridge_module, "SLICE_MS", 0.0)


def sprint_code() -> str:
    game, start, player = RUNS[3]
    return finished_code(game, start, player)


def test_opening_through_query_answers_what_call_answers_and_others_are_answered_meanwhile(one_unit_slices: None) -> None:
    code = sprint_code()
    bridge = Bridge()
    answered: list[str] = []

    async def meanwhile() -> None:
        await asyncio.sleep(0)
        answered.append(bridge.call("blocks", "view", "{}"))  # another page's call, while the replay opens

    async def both() -> str:
        opening = asyncio.ensure_future(bridge.query("domino/replay", "replay_open", json.dumps({"code": code})))
        await meanwhile()
        assert not opening.done()
        return await opening

    opened = json.loads(asyncio.run(both()))
    assert answered and json.loads(answered[0])["ok"]
    assert opened == json.loads(Bridge().call("domino/replay", "replay_open", json.dumps({"code": code})))


def test_a_newer_open_supersedes_the_running_one_and_cancel_stops_it(one_unit_slices: None) -> None:
    code = sprint_code()
    bridge = Bridge()

    async def two_opens() -> list[str]:
        first = asyncio.ensure_future(bridge.query("domino/replay", "replay_open", json.dumps({"code": code})))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(bridge.query("domino/replay", "replay_open", json.dumps({"code": code})))
        return list(await asyncio.gather(first, second))

    first, second = (json.loads(text) for text in asyncio.run(two_opens()))
    assert first["error"]["field"] == "cancelled" and second["ok"]

    async def cancelled() -> str:
        opening = asyncio.ensure_future(Bridge.query(fresh, "domino/replay", "replay_open", json.dumps({"code": code})))
        await asyncio.sleep(0)
        fresh.cancel()
        return await opening

    fresh = Bridge()
    assert json.loads(asyncio.run(cancelled()))["error"]["field"] == "cancelled"
    refused = json.loads(fresh.call("domino/replay", "replay_seek", '{"index": 0}'))
    assert refused["error"]["field"] == "replay-corrupt"  # nothing was installed: no replay is open


def test_a_replay_open_is_no_page_method_besides_open_and_seek() -> None:
    bridge = Bridge()
    for method in ("replay_open_search", "replay_begin", "replay_bound", "replay_step", "read_start", "read_log",
                   "log_action", "step_of", "perform", "keep", "record_action", "amend_recording", "new_recording"):
        assert json.loads(bridge.call("merge/replay", method, "{}"))["error"]["field"] == "method", method
