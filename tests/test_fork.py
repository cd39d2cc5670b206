"""Play from here (club.forking): ``new`` with a replay's code and a step makes the run in
play exactly the position the replay shows at that step (the same view), in every game; the
run is practice (``fork``: never a Daily that counts, no best) and says so in ``run_info``,
after a reload too; its own replay plays from the deal through the borrowed moves; a bad code
or step is refused and leaves the run in play as it was."""

from __future__ import annotations

import json
from typing import Any

import longruns
import pytest
from club.bridge import Bridge
from test_replays import call

#: game, moves the bot plays (tools/longruns.py), the steps forked from (-1: the last).
FORKS = [
    ("blocks", 12, [0, 1, 5, -1]),
    ("domino", 6, [0, 3, 17, -1]),
    ("merge", 10, [0, 2, 7, -1]),
    ("bowls", 8, [0, 1, 4, -1]),
]


def answer(bridge: Bridge, name: str, method: str, payload: dict[str, Any]) -> dict[str, Any]:
    return json.loads(bridge.call(name, method, json.dumps(payload)))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game", "moves", "steps"), FORKS)
def test_a_fork_is_the_replays_position_at_its_step_and_practice(game: str, moves: int, steps: list[int]) -> None:
    code = longruns.code(game, moves)
    bridge = Bridge()
    last = call(bridge, f"{game}/replay", "replay_open", {"code": code})["steps"]
    for step in steps:
        step = last if step < 0 else min(step, last)
        shown = call(bridge, f"{game}/replay", "replay_seek", {"index": step})["view"]
        assert call(bridge, game, "new", {"from_replay": code, "step": step}) == shown, (game, step)
        info = call(bridge, game, "run_info")
        assert (info["fork"], info["practice"], info["archive"]) == (True, "fork", False), (game, step)
        save = call(bridge, game, "save")
        reloaded = Bridge()
        assert call(reloaded, game, "load", {"save": save}) == shown  # a reload keeps the fork and its mark
        assert call(reloaded, game, "run_info")["practice"] == "fork"
        own = call(bridge, game, "run_info")["finished"]
        if own is None:
            continue
        assert own["practice"] == "fork" and own["code"] is not None  # a fork of a finished run's end


@pytest.mark.parametrize(("game", "moves", "steps"), FORKS)
def test_a_forks_own_replay_plays_the_borrowed_moves_then_the_players(game: str, moves: int, steps: list[int]) -> None:
    code = longruns.code(game, moves)
    bridge = Bridge()
    last = call(bridge, f"{game}/replay", "replay_open", {"code": code})["steps"]
    step = min(steps[2], last)
    shown = call(bridge, f"{game}/replay", "replay_seek", {"index": step})["view"]
    call(bridge, game, "new", {"from_replay": code, "step": step})
    own = call(bridge, game, "run_info")
    fork_code = bridge.session(game).replay_code()
    assert isinstance(fork_code, str)
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": fork_code})
    assert opened["score"] == own["score"]
    assert call(bridge, f"{game}/replay", "replay_seek", {"index": opened["steps"]})["view"] == shown


@pytest.mark.parametrize(("payload", "field"), [
    ({"from_replay": "not a code", "step": 0}, "replay-corrupt"),
    ({"from_replay": "CODE", "step": 10**6}, "step"),
    ({"from_replay": "CODE", "step": -1}, "step"),
    ({"from_replay": "CODE", "step": "2"}, "step"),
    ({"from_replay": "CODE"}, "step"),
    ({"seed": 3, "fork": "yes"}, "fork"),
])
def test_a_bad_fork_is_refused_and_the_run_in_play_stays(payload: dict[str, Any], field: str) -> None:
    bridge = Bridge()
    call(bridge, "blocks", "new", {"seed": 9})
    before = call(bridge, "blocks", "save")
    payload = {**payload, **({"from_replay": longruns.code("blocks", 4)} if payload.get("from_replay") == "CODE" else {})}
    refused = answer(bridge, "blocks", "new", payload)
    assert (refused["ok"], refused["error"]["field"]) == (False, field)
    assert call(bridge, "blocks", "save") == before


def test_a_plain_run_is_no_fork() -> None:
    bridge = Bridge()
    call(bridge, "merge", "new", {"seed": 2})
    info = call(bridge, "merge", "run_info")
    assert (info["fork"], info["practice"]) == (False, None)


@pytest.mark.parametrize("puzzle", [1, 7])
def test_a_fork_of_a_bowls_puzzle_stays_a_fork_after_a_reload(puzzle: int) -> None:
    bridge = Bridge()
    view = call(bridge, "bowls", "new", {"puzzle": puzzle})
    call(bridge, "bowls", "sow", {"bowl": view["choosable"][0]})
    code = bridge.session("bowls").replay_code()
    shown = call(bridge, "bowls/replay", "replay_seek", {"index": 1}) if call(
        bridge, "bowls/replay", "replay_open", {"code": code}) else None
    assert shown is not None
    assert call(bridge, "bowls", "new", {"from_replay": code, "step": 1}) == shown["view"]
    reloaded = Bridge()
    call(reloaded, "bowls", "load", {"save": call(bridge, "bowls", "save")})
    info = call(reloaded, "bowls", "run_info")
    assert (info["fork"], info["practice"]) == (True, "fork")
    assert reloaded.session("bowls").replay_code() is not None
