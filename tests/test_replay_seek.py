"""Seeking a replay (club.playback): seeking to step k answers exactly the view
and events that stepping there one step at a time answers, in every game, for
runs recorded by the bots of ``tools/longruns.py`` (a merge pair turned by
``rotate``, play time, domino frames, bowls undo and redo) and the runs of
``test_replays``; every seek plays at most ``SPAN`` steps again (one short
engine call, wherever it lands); the bar's counter (``move`` of ``moves``) counts
what the game's end card counts; ``replay_events`` answers a jump's skipped steps."""

from __future__ import annotations

import json
import random
from typing import Any

import longruns
import pytest
from club import playback
from club.bridge import Bridge
from replay_steps import every_step_in_order
from test_replays import RUNS, call, play_to_end

#: The view's number each game's end card shows as its moves (blocks "Pieces dropped" B, domino
#: "Tiles" D, merge "N moves" M11, bowls "Moves" W).
END_CARD = {"blocks": "drops", "domino": "turns", "merge": "moves", "bowls": "moves"}
#: Bot runs (tools/longruns.py): game, moves played.
BOTS = [("blocks", 60), ("domino", 40), ("merge", 80), ("bowls", 60)]


def finished_code(game: str, start: dict[str, Any], player: Any) -> str:
    bridge = Bridge()
    call(bridge, game, "new", start)
    code = play_to_end(bridge, game, player, random.Random(3), resume_at=4)["code"]
    assert isinstance(code, str)
    return code


def bot_code(game: str, moves: int) -> str:
    return longruns.code(game, moves)


def run_code(index: int) -> str:
    game, start, player = RUNS[index]
    return finished_code(game, start, player)


CODES = [*[(game, f"bot-{game}-{moves}", lambda g=game, m=moves: bot_code(g, m)) for game, moves in BOTS],
         *[(RUNS[i][0], f"run-{i}", lambda i=i: run_code(i)) for i in (0, 2, 3, 5)]]


def orders(steps: int) -> dict[str, list[int]]:
    """What a player does with the bar, as the positions asked in order."""
    shuffled = list(range(steps + 1))
    random.Random(11).shuffle(shuffled)
    return {
        "Last from the start": [steps],
        "Last, then First, then Last": [steps, 0, steps],
        "every step backwards from the end": list(range(steps, -1, -1)),
        "jumps anywhere": shuffled,
        "the middle, then stepping forward": [steps // 2, *range(steps // 2 + 1, steps + 1)],
    }


@pytest.fixture(scope="module", params=CODES, ids=[name for _, name, _ in CODES])
def recorded(request: pytest.FixtureRequest) -> tuple[str, str, list[Any]]:
    game, _, make = request.param
    code = make()
    return game, code, every_step_in_order(game, code)


ORDERS = list(orders(0))


@pytest.mark.parametrize("order", ORDERS)
def test_seeking_to_step_k_answers_what_stepping_k_times_answers(recorded: tuple[str, str, list[Any]], order: str) -> None:
    game, code, expected = recorded
    bridge = Bridge()
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": code})
    assert opened["steps"] == len(expected) - 1 and opened["steps"] >= 20
    for index in orders(opened["steps"])[order]:
        seek = call(bridge, f"{game}/replay", "replay_seek", {"index": index})
        assert [seek["view"], seek["events"]] == expected[index], (game, order, index)


def test_the_counter_counts_what_the_end_card_counts(recorded: tuple[str, str, list[Any]]) -> None:
    game, code, expected = recorded
    bridge = Bridge()
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": code})
    last_view = expected[-1][0]
    assert opened["move"] == expected[0][0][END_CARD[game]] == 0
    assert opened["moves"] == last_view[END_CARD[game]], "the counter's total is the end card's count"
    for index in range(0, opened["steps"] + 1, 3):
        seek = call(bridge, f"{game}/replay", "replay_seek", {"index": index})
        assert seek["move"] == expected[index][0][END_CARD[game]], (game, index)
        assert seek["moves"] == opened["moves"]
    if game == "merge":  # turns are steps of the slider, never moves of the counter (M4, M11)
        assert opened["steps"] > opened["moves"]


def test_a_seek_plays_at_most_span_steps_again(recorded: tuple[str, str, list[Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    game, code, _ = recorded
    bridge = Bridge()
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": code})
    played = bridge.services[(f"{game}/replay", "replays")].playback
    assert played is not None
    counted: list[int] = []
    act = playback.Playback._act
    monkeypatch.setattr(playback.Playback, "_act", lambda self, m, p: counted.append(1) or act(self, m, p))
    ends = played.ends
    # the most actions SPAN + 1 steps hold (or CHECKPOINT, where frames fill a mark's actions first)
    widest = max(max(ends[k] - ends[max(0, k - playback.SPAN - 1)] for k in range(1, len(ends))), playback.CHECKPOINT)
    for index in (opened["steps"], 1, opened["steps"] // 2, opened["steps"] - 1, 0):
        counted.clear()
        call(bridge, f"{game}/replay", "replay_seek", {"index": index})
        assert len(counted) <= widest, (game, index, len(counted))


def test_replay_events_answers_each_steps_events_and_leaves_the_position(recorded: tuple[str, str, list[Any]]) -> None:
    game, code, expected = recorded
    bridge = Bridge()
    opened = call(bridge, f"{game}/replay", "replay_open", {"code": code})
    shown = call(bridge, f"{game}/replay", "replay_seek", {"index": 5})
    for first, last in ((1, opened["steps"]), (7, 7), (opened["steps"] // 2, opened["steps"] - 1)):
        answer = call(bridge, f"{game}/replay", "replay_events", {"first": first, "last": last})
        assert answer == {"first": first, "events": [events for _, events in expected[first:last + 1]]}
        assert call(bridge, f"{game}/replay", "view") == shown["view"]
    assert call(bridge, f"{game}/replay", "replay_seek", {"index": 6})["view"] == expected[6][0]  # the cursor moved on
    for bad in ({"first": 0, "last": 3}, {"first": 4, "last": 3}, {"first": 1, "last": opened["steps"] + 1}, {"first": "1"}):
        refused = json.loads(bridge.call(f"{game}/replay", "replay_events", json.dumps(bad)))
        assert refused["ok"] is False
