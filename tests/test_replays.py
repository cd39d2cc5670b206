"""Replays re-verified: a run of every game, played to its end through
the page's own calls, is replayed from its code in a fresh session and reaches
exactly its final score; a run resumed from its save mid-way keeps its
recording; a damaged or foreign code is refused and changes nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from club.bridge import Bridge
from club.calendar import daily_seed
from club.replay import Actions, parse_code, print_code

Player = Callable[[Any, random.Random], dict[str, Any]]


def call(bridge: Bridge, name: str, method: str, payload: dict[str, Any] | None = None) -> Any:
    answer = json.loads(bridge.call(name, method, json.dumps(payload or {})))
    assert answer["ok"], answer
    return answer["result"]


def blocks_move(bridge: Bridge, rng: random.Random) -> dict[str, Any]:
    view = call(bridge, "blocks", "view")
    cells = [f"{q}:{r}" for q, r in call(bridge, "blocks", "geometry")["cells"]]
    for slot in rng.sample(range(3), 3):
        if view["tray"][slot]["piece"] and view["tray"][slot]["fits"]:
            for cell in rng.sample(cells, len(cells)):
                answer = call(bridge, "blocks", "place", {"slot": slot, "cell": cell})
                if answer["accepted"]:
                    return answer
    return call(bridge, "blocks", "redeal")


def merge_move(bridge: Bridge, rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.2:
        call(bridge, "merge", "rotate", {"step": 1})  # refused for a single: fine, it records nothing
    if rng.random() < 0.2:
        call(bridge, "merge", "tick", {"ms": rng.randint(0, 5000)})
    cells = list(call(bridge, "merge", "geometry")["cells"])
    for turn in (None, 0, 1, 2, 3, 4, 5):  # a pair may fit only turned
        for cell in rng.sample(cells, len(cells)):
            place = {"cell": cell, "ms": rng.randint(0, 900), **({} if turn is None else {"turn": turn})}
            answer = call(bridge, "merge", "place", place)
            if answer["accepted"]:
                return answer
    raise AssertionError("no cell took the piece in a round not over")


def domino_move(bridge: Bridge, rng: random.Random) -> dict[str, Any]:
    for _ in range(rng.randint(0, 40)):  # frames of a falling tile, as the page sends them
        answer = call(bridge, "domino", "tick", {"ms": rng.choice((16, 17, 33))})
        if answer["view"] is not None and answer["view"]["over"]:
            return answer
    if rng.random() < 0.1:
        call(bridge, "domino", "soft", {"held": True})
        call(bridge, "domino", "tick", {"ms": 50})
        call(bridge, "domino", "soft", {"held": False})
    call(bridge, "domino", "move", {"move": rng.choice(("left", "right", "cw", "ccw", "down"))})
    return call(bridge, "domino", "move", {"move": "hard"})


def bowls_move(bridge: Bridge, rng: random.Random) -> dict[str, Any]:
    view = call(bridge, "bowls", "view")
    if view["can_undo"] and rng.random() < 0.1:
        call(bridge, "bowls", "undo")
        if rng.random() < 0.5:
            call(bridge, "bowls", "redo")
    bowls = [i for i, ok in enumerate(view["choosable"]) if ok]
    if not bowls:
        return call(bridge, "bowls", "end")
    return call(bridge, "bowls", "sow", {"bowl": rng.choice(bowls)})


RUNS = [  # game, how new is called, a player; the seed of the player is fixed: the same run every time
    ("blocks", {"seed": 11}, blocks_move),
    ("blocks", {"daily": "2026-12-02"}, blocks_move),
    ("merge", {"seed": 5, "jokers": True}, merge_move),
    ("domino", {"seed": 3, "mode": "sprint", "set": "classic"}, domino_move),
    ("domino", {"query": "seed=8&mode=sprint&set=extended"}, domino_move),
    ("bowls", {"daily": "2026-12-02"}, bowls_move),
    ("bowls", {"seed": 4, "mode": "endless"}, bowls_move),
    ("bowls", {"mode": "daily", "date": "2026-11-30"}, bowls_move),  # W20's own way in
]


def play_to_end(bridge: Bridge, game: str, player: Player, rng: random.Random, resume_at: int) -> dict[str, Any]:
    """Play until the ``finished`` event; at move ``resume_at`` the run is saved and
    loaded into a new bridge (a reload) and play goes on there."""
    for move in range(5000):
        if move == resume_at:
            save = call(bridge, game, "save")
            bridge.sessions.clear()
            call(bridge, game, "load", {"save": save})
        answer = player(bridge, rng)
        finished = [e for e in answer.get("events") or [] if e["type"] == "finished"]
        if finished:
            return finished[0]
    raise AssertionError(f"{game} did not end in 5000 moves")


@pytest.mark.parametrize(("game", "start", "player"), RUNS, ids=[f"{g}-{json.dumps(s)}" for g, s, _ in RUNS])
def test_a_finished_run_replays_to_its_exact_score(game: str, start: dict[str, Any], player: Player) -> None:
    bridge = Bridge()
    call(bridge, game, "new", start)
    finished = play_to_end(bridge, game, player, random.Random(7), resume_at=6)
    assert finished["score"] == call(bridge, game, "run_info")["score"]
    assert finished["code"].startswith(f"6E1.{game}.")
    # P4: a reload of the finished run says the same event again (the end card's Share and Watch)
    reloaded = Bridge()
    call(reloaded, game, "load", {"save": call(bridge, game, "save")})
    assert call(reloaded, game, "run_info")["finished"] == finished
    viewer = Bridge()  # another player's browser: nothing shared but the code
    opened = call(viewer, f"{game}/replay", "replay_open", {"code": finished["code"]})
    assert opened["score"] == finished["score"] and opened["index"] == 0
    last = call(viewer, f"{game}/replay", "replay_seek", {"index": opened["steps"]})
    assert last["view"]["over"] is True
    assert call(viewer, f"{game}/replay", "run_info")["score"] == finished["score"]
    # the link plays the same deal again
    challenge = Bridge()
    call(challenge, game, "new", {"query": finished["link"]})
    assert call(challenge, game, "run_info")["link"] == finished["link"]
    first = call(viewer, f"{game}/replay", "replay_seek", {"index": 0})["view"]
    assert call(challenge, game, "view") == first  # the same position a friend starts from


def test_a_daily_is_the_dates_seed_and_its_link() -> None:
    bridge = Bridge()
    call(bridge, "blocks", "new", {"daily": "2026-12-02"})
    info = call(bridge, "blocks", "run_info")
    assert (info["seed"], info["daily"], info["link"]) == (daily_seed("blocks", "2026-12-02"), "2026-12-02", "daily=2026-12-02")
    assert call(bridge, "blocks", "start_of", {"query": "daily=2026-12-02"})["link"] == info["link"]
    other = Bridge()
    call(other, "blocks", "new", {"seed": info["seed"]})
    assert call(other, "blocks", "view")["tray"] == call(bridge, "blocks", "view")["tray"]


@pytest.mark.parametrize(("query", "field"), [
    ("seed=12&mode=nope&set=classic", "mode"), ("seed=-1", "query"), ("seed=1&seed=2", "query"),
    ("daily=2026-02-30", "query"), ("seed=4&colour=red", "query"), ("", "query"),
])
def test_a_bad_challenge_link_is_refused(query: str, field: str) -> None:
    bridge = Bridge()
    before = call(bridge, "domino", "save")
    answer = json.loads(bridge.call("domino", "start_of", json.dumps({"query": query})))
    assert not answer["ok"] and answer["error"]["field"] == field
    assert call(bridge, "domino", "save") == before


def damaged(code: str) -> str:
    middle = len(code) // 2
    return code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]


def test_a_corrupt_or_foreign_code_is_refused_and_changes_nothing() -> None:
    bridge = Bridge()
    call(bridge, "domino", "new", {"seed": 3})
    call(bridge, "domino", "move", {"move": "hard"})
    code = call(bridge, "domino", "run_info") and bridge.session("domino").replay_code()
    viewer = Bridge()
    opened = call(viewer, "domino/replay", "replay_open", {"code": code})
    cases = {damaged(code): "replay-corrupt", code.replace("6E1.domino.", "6E1.blocks."): "replay-foreign",
             "6E9.domino." + code.split(".")[2]: "replay-version", "hello": "replay-corrupt", "": "replay-corrupt"}
    for bad, field in cases.items():
        answer = json.loads(viewer.call("domino/replay", "replay_open", json.dumps({"code": bad})))
        assert not answer["ok"] and answer["error"]["field"] == field, (bad[:30], answer)
        assert call(viewer, "domino/replay", "replay_seek", {"index": 1})["steps"] == opened["steps"]
    foreign = json.loads(viewer.call("blocks/replay", "replay_open", json.dumps({"code": code})))
    assert foreign["error"]["field"] == "replay-foreign"
    relabelled = code.replace("6E1.domino.", "6E1.blocks.")  # the checksum covers the game's name
    answer = json.loads(viewer.call("blocks/replay", "replay_open", json.dumps({"code": relabelled})))
    assert answer["error"]["field"] == "replay-corrupt"


def test_a_code_whose_moves_the_engine_refuses_is_diverged() -> None:
    replay = parse_code(Bridge().session("blocks").replay_code() or _blocks_code())
    forged = print_code(replay.__class__(replay.game, replay.start, Actions.of([("place", {"slot": 0, "cell": "9:9"})]), 0))
    answer = json.loads(Bridge().call("blocks/replay", "replay_open", json.dumps({"code": forged})))
    assert answer["error"]["field"] == "replay-diverged"
    lying = print_code(replay.__class__(replay.game, replay.start, replay.actions, replay.score + 1))
    answer = json.loads(Bridge().call("blocks/replay", "replay_open", json.dumps({"code": lying})))
    assert answer["error"]["field"] == "replay-diverged"


def _blocks_code() -> str:
    bridge = Bridge()
    call(bridge, "blocks", "new", {"seed": 2})
    blocks_move(bridge, random.Random(1))
    code = bridge.session("blocks").replay_code()
    assert code is not None
    return code


def test_an_old_save_without_a_recording_plays_on_and_is_not_replayable() -> None:
    bridge = Bridge()
    call(bridge, "merge", "new", {"seed": 9})
    save = json.loads(call(bridge, "merge", "save"))
    old = json.dumps({k: v for k, v in save.items() if k != "replay"}, separators=(",", ":"), sort_keys=True)
    fresh = Bridge()
    call(fresh, "merge", "load", {"save": old})
    assert call(fresh, "merge", "run_info")["link"] is None
    assert merge_move(fresh, random.Random(3))["accepted"]
