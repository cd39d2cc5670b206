"""The recording inside a save is read by the schema a replay code is read by
(club.schema): a hostile one is no recording (the run loads and plays to its
end, never ``internal``), a load that is refused changes nothing, and what the
recorder writes is what the actions come to (fewest rotations, one tick
between placements, undos and redos as their sum, quiet frames added up) and
replays to the very position played."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from club import session as sessions
from club.bridge import Bridge

Play = Callable[[Bridge], None]


def ok(bridge: Bridge, game: str, method: str, payload: dict[str, Any] | None = None) -> Any:
    answer = json.loads(bridge.call(game, method, json.dumps(payload or {})))
    assert answer["ok"], (game, method, answer)
    return answer["result"]


def blocks_move(bridge: Bridge) -> dict[str, Any]:
    view = ok(bridge, "blocks", "view")
    slot = next((s for s in view["tray"] if s["targets"]), None)
    if slot is None:
        return ok(bridge, "blocks", "redeal")
    cell = ok(bridge, "blocks", "geometry")["cells"][slot["targets"][0]]
    return ok(bridge, "blocks", "place", {"slot": slot["slot"], "cell": cell})


def merge_move(bridge: Bridge) -> dict[str, Any]:
    legal = ok(bridge, "merge", "view")["legal"]
    if legal:
        return ok(bridge, "merge", "place", {"cell": legal[len(legal) // 2], "ms": 300})
    for cell in ok(bridge, "merge", "geometry")["cells"]:  # a pair that fits only turned (M6)
        for turn in range(6):
            answer = ok(bridge, "merge", "place", {"cell": cell, "turn": turn, "ms": 300})
            if answer["accepted"]:
                return answer
    raise AssertionError("no placement in a round not over")


def domino_move(bridge: Bridge) -> dict[str, Any]:
    ok(bridge, "domino", "tick", {"ms": 16})
    return ok(bridge, "domino", "move", {"move": "hard"})


def bowls_move(bridge: Bridge) -> dict[str, Any]:
    return ok(bridge, "bowls", "sow", {"bowl": ok(bridge, "bowls", "view")["choosable"][0]})


GAMES: dict[str, tuple[dict[str, Any], Callable[[Bridge], dict[str, Any]]]] = {
    "blocks": ({"seed": 11}, blocks_move),
    "merge": ({"seed": 9, "jokers": True}, merge_move),
    "domino": ({"seed": 5, "mode": "sprint", "set": "classic"}, domino_move),
    "bowls": ({"seed": 3, "mode": "endless"}, bowls_move),
}


def saved(game: str, moves: int = 4) -> dict[str, Any]:
    bridge = Bridge()
    start, move = GAMES[game]
    ok(bridge, game, "new", start)
    for _ in range(moves):
        move(bridge)
    return json.loads(ok(bridge, game, "save"))


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [  # what is done to the recording
    ("a seed past 2**53", lambda r: r["start"].update(seed=2**60)),
    ("a query beside markup", lambda r: r.update(start={"query": "seed=3", "seed": "<img src=x>"})),
    ("an unknown start key", lambda r: r["start"].update(colour="red")),
    ("an action of no game", lambda r: r["actions"].append(["jump", {}])),
    ("a payload the action refuses", lambda r: r["actions"].append(["tick", {"ms": "16"}])),
    ("a moment out of range", lambda r: r["moments"].append(9)),
    ("no start", lambda r: r.pop("start")),
    ("a cut that is not", lambda r: r.update(cut=False)),
]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("what", "spoil"), HOSTILE, ids=[what for what, _ in HOSTILE])
def test_a_hostile_recording_is_no_recording_and_the_run_plays_to_its_end(
        game: str, what: str, spoil: Callable[[dict[str, Any]], Any]) -> None:
    save = saved(game)
    spoil(save["replay"])
    bridge = Bridge()
    ok(bridge, game, "load", {"save": json.dumps(save)})
    info = ok(bridge, game, "run_info")
    assert (info["seed"], info["link"], info["daily"]) == (None, None, None)
    if game == "bowls":
        finished = ok(bridge, game, "end")
    else:
        for _ in range(3000):
            finished = GAMES[game][1](bridge)
            if ok(bridge, game, "run_info")["over"]:
                break
    event = next(e for e in finished["events"] if e["type"] == "finished")
    assert event["code"] is None and event["seed"] is None
    assert finished["save"] and finished["view"]["over"] is True


def test_a_domino_recording_of_a_bare_soft_drop_loads_and_replays() -> None:
    """``["soft", {}]`` is a soft drop released, as the action reads it (it was a KeyError on load)."""
    save = saved("domino")
    save["replay"]["actions"].append(["soft", {}])
    bridge = Bridge()
    ok(bridge, "domino", "load", {"save": json.dumps(save)})
    assert ok(bridge, "domino", "run_info")["link"] == "seed=5&mode=sprint&set=classic"
    code = bridge.session("domino").replay_code()
    opened = ok(Bridge(), "domino/replay", "replay_open", {"code": code})
    assert opened["score"] == ok(bridge, "domino", "run_info")["score"]


REFUSED: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [  # a save that is no save, whatever its recording
    ("blocks", lambda s: s["data"].update(drops=-1), "drops"),
    ("merge", lambda s: s.update(game="blocks"), "game"),
    ("domino", lambda s: s["replay"]["actions"].append(["soft", {}]) or s.update(version=99), "version"),
    ("bowls", lambda s: s["replay"]["start"].update(seed=2**60) or s.update(kind="profile"), "kind"),
]


@pytest.mark.parametrize(("game", "spoil", "field"), REFUSED, ids=[g for g, _, _ in REFUSED])
def test_a_refused_load_changes_nothing(game: str, spoil: Callable[[dict[str, Any]], Any], field: str) -> None:
    bridge = Bridge()
    start, move = GAMES[game]
    ok(bridge, game, "new", {**start, "seed": start["seed"] + 1})
    move(bridge)
    before = (ok(bridge, game, "save"), ok(bridge, game, "view"), ok(bridge, game, "run_info"))
    save = saved(game)
    spoil(save)
    answer = json.loads(bridge.call(game, "load", json.dumps({"save": json.dumps(save)})))
    assert not answer["ok"] and answer["error"]["field"] == field, answer
    assert (ok(bridge, game, "save"), ok(bridge, game, "view"), ok(bridge, game, "run_info")) == before


def test_a_refused_new_banks_nothing() -> None:
    """A bad link or daily is refused before blocks banks the run in play (B17)."""
    bridge = Bridge()
    ok(bridge, "blocks", "new", {"seed": 11})
    blocks_move(bridge)
    before = (ok(bridge, "blocks", "save"), ok(bridge, "blocks", "view"))
    for payload in ({"query": "seed=x"}, {"daily": "2026-02-30"}, {"query": "daily=2026-13-01"}):
        assert json.loads(bridge.call("blocks", "new", json.dumps(payload)))["ok"] is False
        assert (ok(bridge, "blocks", "save"), ok(bridge, "blocks", "view")) == before


def test_a_run_that_outgrows_a_replay_keeps_its_deal_and_no_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sessions, "MAX_RECORDING", 60)
    bridge = Bridge()
    ok(bridge, "domino", "new", {"daily": "2026-12-02"})
    for _ in range(3):
        domino_move(bridge)
    reloaded = Bridge()
    ok(reloaded, "domino", "load", {"save": ok(bridge, "domino", "save")})
    assert json.loads(ok(reloaded, "domino", "save"))["replay"]["cut"] is True
    for _ in range(100):
        answer = domino_move(reloaded)
        if answer["view"]["over"]:
            break
    event = next(e for e in answer["events"] if e["type"] == "finished")
    assert (event["daily"], event["link"], event["code"]) == ("2026-12-02", "daily=2026-12-02", None)


def recorded(bridge: Bridge, game: str) -> list[Any]:
    return json.loads(ok(bridge, game, "save"))["replay"]["actions"]


def replays_to_the_same_position(bridge: Bridge, game: str) -> None:
    viewer = Bridge()
    opened = ok(viewer, f"{game}/replay", "replay_open", {"code": bridge.session(game).replay_code()})
    last = ok(viewer, f"{game}/replay", "replay_seek", {"index": opened["steps"]})
    live = bridge.session(game)
    assert live.describe(live.state) == viewer.session(f"{game}/replay").describe(live.state)  # the same profile's eyes
    assert last["view"] == viewer.session(f"{game}/replay").view({})
    assert viewer.session(f"{game}/replay").state == live.state


def test_merge_writes_turns_as_the_fewest_rotations_and_time_as_one_tick() -> None:
    bridge = Bridge()
    ok(bridge, "merge", "new", {"seed": 1, "jokers": True})  # a pair first
    for step in (1, 1, 1, 1, -1, 1, 1):  # net five to the right: one to the left (M4)
        ok(bridge, "merge", "rotate", {"step": step})
        ok(bridge, "merge", "tick", {"ms": 700})
    ok(bridge, "merge", "tick", {"ms": 0})
    assert recorded(bridge, "merge") == [["tick", {"ms": 4900}], ["rotate", {"step": -1}]]
    merge_move(bridge)
    ok(bridge, "merge", "tick", {"ms": 3_599_000})
    ok(bridge, "merge", "tick", {"ms": 5_000})  # more than one tick holds (M15): a full one, then the rest
    assert recorded(bridge, "merge")[3:] == [["tick", "ms", [3_599_999, 4_001]]]
    replays_to_the_same_position(bridge, "merge")


def test_bowls_writes_undos_and_redos_as_what_they_come_to() -> None:
    bridge = Bridge()
    ok(bridge, "bowls", "new", {"seed": 3, "mode": "endless"})
    for _ in range(3):
        bowls_move(bridge)
    for name in ("undo", "undo", "redo", "undo", "redo", "redo", "undo", "redo"):  # back where it began (W21)
        ok(bridge, "bowls", name)
    assert [a[0] for a in recorded(bridge, "bowls")][-2:] == ["undo", "redo"]
    for name in ("undo", "redo", "undo", "undo"):
        ok(bridge, "bowls", name)
    assert [a[0] for a in recorded(bridge, "bowls")][1:] == ["undo", "undo"]  # the sows are one packed run
    assert ok(bridge, "bowls", "run_info")["practice"] == "training"
    replays_to_the_same_position(bridge, "bowls")


def test_domino_adds_up_quiet_frames_and_replays_them_exactly() -> None:
    bridge = Bridge()
    ok(bridge, "domino", "new", {"seed": 5, "mode": "marathon", "set": "classic"})
    frames = 0
    for turn in range(6):
        for _ in range(40 + 30 * turn):
            ok(bridge, "domino", "tick", {"ms": 16 + frames % 3})
            frames += 1
        ok(bridge, "domino", "soft", {"held": turn % 2 == 0})
        ok(bridge, "domino", "soft", {"held": turn % 2 == 0})  # as it is: no action
        ok(bridge, "domino", "move", {"move": ("left", "cw", "right")[turn % 3]})
    ticks = sum(len(item[2]) if len(item) == 3 else 1 for item in recorded(bridge, "domino") if item[0] == "tick")
    softs = sum(1 for item in recorded(bridge, "domino") if item[0] == "soft")
    assert ticks < frames // 5 and softs == 6  # one frame per row fallen or tile locked, and before a move
    reloaded = Bridge()  # a reload parts the frames before it from those after it
    ok(reloaded, "domino", "load", {"save": ok(bridge, "domino", "save")})
    for _ in range(30):
        ok(reloaded, "domino", "tick", {"ms": 17})
    replays_to_the_same_position(reloaded, "domino")


BOWLS_WITH_UNDOS = ["sow", "sow", "undo", "sow", "undo", "sow", "sow"]  # net moves stay below the sows made


@pytest.mark.parametrize("game", list(GAMES))
def test_the_recorder_stops_where_a_replay_would_refuse(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a replay holding 3 moves, every code the recorder writes opens, until
    the run is cut: moves are counted as the replay counts them (bowls: every sow,
    an undone one too; domino: the tiles locked)."""
    bridge = Bridge()
    session = bridge.session(game)
    monkeypatch.setattr(type(session), "BOUNDS", dataclasses.replace(type(session).BOUNDS, moves=3))
    start, move = GAMES[game]
    ok(bridge, game, "new", start)
    opened = 0
    for name in BOWLS_WITH_UNDOS if game == "bowls" else ["move"] * 7:
        if name == "move" or name == "sow":
            move(bridge)
        else:
            ok(bridge, game, name)
        code = session.replay_code()
        if code is None:
            break
        answer = json.loads(Bridge().call(f"{game}/replay", "replay_open", json.dumps({"code": code})))
        assert answer["ok"], (game, name, answer)
        opened += 1
    assert session.recording.cut and opened >= 3
