"""Replays hold only what real play can (club.schema, each game's ``Bounds``):
hostile codes with valid checksums are refused with a ``replay-*`` reason
before the work their length would cost (no action played for what needs no
engine, at most two for what only the engine knows), and a refused code
changes nothing: the replay open before it stays open."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from club import replay as codes
from club.bridge import Bridge
from club.playback import Playback
from club.replay import MAX_JSON, seal

STARTS = {  # real starts, as each game records them
    "blocks": {"seed": 7},
    "merge": {"jokers": True, "seed": 1},  # its first piece is a pair
    "domino": {"mode": "sprint", "seed": 1, "set": "classic"},
    "bowls": {"mode": "endless", "seed": 4},
}


def code(game: str, actions: str, start: dict[str, Any] | None = None, score: int = 0) -> str:
    body = json.dumps(STARTS[game] if start is None else start, separators=(",", ":"))
    return seal(game, f'{{"a":{actions},"s":{body},"score":{score}}}')


def run(method: str, key: str, values: list[int]) -> str:
    return json.dumps([[method, key, values]], separators=(",", ":"))


def items(*actions: tuple[str, dict[str, Any]]) -> str:
    return json.dumps([list(action) for action in actions], separators=(",", ":"))


def daily_start(game: str, date: str) -> dict[str, Any]:
    bridge = Bridge()
    bridge.call(game, "new", json.dumps({"daily": date}))
    return dict(bridge.session(game).recording.start)


SOW = ("sow", {"bowl": 0})
HOSTILE = [  # game, actions (JSON), start (None: a real one), reason, most actions played before the refusal
    # the forged links: more JSON than any run records
    ("merge", run("rotate", "step", [1, -1] * 400_000), None, "replay-bounds", 0),
    ("domino", run("tick", "ms", [0] * 1_000_000), None, "replay-bounds", 0),
    # within the JSON bound, past the rules
    ("merge", run("rotate", "step", [1, -1] * 2_000), None, "replay-bounds", 0),  # M4: 3 rotations a placement
    ("merge", run("tick", "ms", [1] * 200_000), None, "replay-bounds", 0),  # M15: time between placements is one tick
    ("domino", run("tick", "ms", [0] * 200_000), None, "replay-bounds", 1),  # D8: a frame of no time, nothing happening
    ("domino", run("tick", "ms", [1] * 200_000), None, "replay-bounds", 2),  # D8: quiet frames are written as one
    ("bowls", items(SOW, *[("undo", {}), ("redo", {})] * 30_000), None, "replay-bounds", 0),  # W21
    ("bowls", run("sow", "bowl", [0] * 5_001), None, "replay-bounds", 0),  # more sows than a replay holds
    ("bowls", items(("end", {}), ("end", {})), None, "replay-bounds", 0),  # W19: one End
    ("blocks", items(("redeal", {}), ("redeal", {})), None, "replay-bounds", 0),  # B14: one re-deal
    # payloads the action refuses: a replay-* reason, never the payload's own field
    ("domino", items(("soft", {"held": "yes"})), None, "replay-corrupt", 0),
    ("domino", items(("tick", {"ms": -5})), None, "replay-corrupt", 0),
    ("domino", items(("move", {"move": "jump"})), None, "replay-corrupt", 0),
    ("merge", run("tick", "ms", [0, 5]), None, "replay-corrupt", 0),  # a tick of no time is never recorded
    ("merge", items(("rotate", {"step": 2})), None, "replay-corrupt", 0),
    ("blocks", items(("place", {"slot": 5, "cell": "0:0"})), None, "replay-corrupt", 0),
    ("blocks", items(("place", {"slot": 0, "cell": "0:0", "colour": 1})), None, "replay-corrupt", 0),
    ("bowls", items(("sow", {"bowl": True})), None, "replay-corrupt", 0),
    ("merge", items(("abandon", {})), None, "replay-corrupt", 0),  # no recorded action
    # starts ``new`` refuses or would record otherwise
    ("domino", "[]", {**STARTS["domino"], "seed": 2**60}, "replay-corrupt", 0),
    ("blocks", "[]", {"query": "seed=3", "seed": "<b>x</b>"}, "replay-corrupt", 0),
    ("blocks", "[]", {"query": "seed=3"}, "replay-corrupt", 0),
    ("merge", "[]", {**STARTS["merge"], "colour": "red"}, "replay-corrupt", 0),
    ("merge", "[]", {**STARTS["merge"], "jokers": 1}, "replay-corrupt", 0),
    ("domino", "[]", {**STARTS["domino"], "position": "x"}, "replay-corrupt", 0),
    ("bowls", "[]", {**daily_start("bowls", "2026-12-02"), "seed": 5}, "replay-corrupt", 0),
    ("domino", "[]", {**daily_start("domino", "2026-12-02"), "mode": "marathon"}, "replay-corrupt", 0),
]


def open_code(bridge: Bridge, game: str, text: str) -> dict[str, Any]:
    return json.loads(bridge.call(f"{game}/replay", "replay_open", json.dumps({"code": text})))


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions every replay plays from now on, by method."""
    seen: list[str] = []
    act = Playback._act

    def counted(self: Playback, method: str, payload: dict[str, Any]) -> Any:
        seen.append(method)
        return act(self, method, payload)

    monkeypatch.setattr(Playback, "_act", counted)
    return seen


@pytest.mark.parametrize(("game", "actions", "start", "reason", "most"), HOSTILE,
                         ids=[f"{g}-{a[:40]}-{json.dumps(s)[:40]}" for g, a, s, _, _ in HOSTILE])
def test_a_hostile_code_is_refused_early_with_its_reason(game: str, actions: str, start: dict[str, Any] | None,
                                                          reason: str, most: int, played: list[str]) -> None:
    bridge = Bridge()
    real = open_code(bridge, game, code(game, "[]"))  # a replay open before: the refusal leaves it so
    assert real["ok"], real
    played.clear()
    answer = open_code(bridge, game, code(game, actions, start))
    assert not answer["ok"] and answer["error"]["field"] == reason, answer
    assert len(played) <= most, played[:5]
    seek = json.loads(bridge.call(f"{game}/replay", "replay_seek", '{"index": 0}'))
    assert seek["ok"] and seek["result"]["view"] == real["result"]["view"]


def test_a_zlib_bomb_stops_inflating_at_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    inflated: list[int] = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self) -> None:
            self.inner = real()

        def decompress(self, data: bytes, most: int) -> bytes:
            out = self.inner.decompress(data, most)
            inflated.append(len(out))
            return out

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    monkeypatch.setattr(codes.zlib, "decompressobj", Counting)
    bomb = code("bowls", "[" + ",".join(['["undo",{}]'] * 5_000_000) + "]")  # 55 MB of JSON in a ~55 KB code
    answer = open_code(Bridge(), "bowls", bomb)
    assert answer["error"]["field"] == "replay-bounds"
    assert MAX_JSON < sum(inflated) <= MAX_JSON + codes.CHUNK


DAMAGED = [  # JSON inside a good checksum that is not what the printer writes
    '{"a":[["tick","ms",[1,,2]]],"s":{},"score":0}', '{"a":[["tick","ms",[]]],"s":{},"score":0}',
    '{"a":[["tick","ms",[99999999999999999999]]],"s":{},"score":0}', '{"a":[["Tick",{}]],"s":{},"score":0}',
    '{"a":[["move",{"move":{"x":1}}]],"s":{},"score":0}', '{"a":[]["x"],"s":{},"score":0}',
    '{"s":{},"a":[],"score":0}', '{"a":[],"s":{},"score":-1}', '{"a":[],"s":[],"score":0}',
    '{"a":[],"s":{},"score":0,"x":1}', '{"a":[],"s":{},"score":0}trailing', '{"a":[["tick","ms",[1]]]',
    '{"a":[["tick","ms",[1,2]]]["tick","ms",[3]],"s":{},"score":0}', '{"a":[],"s":{"seed":NaN},"score":0}',
]


@pytest.mark.parametrize("text", DAMAGED)
def test_json_the_printer_never_writes_is_corrupt(text: str) -> None:
    answer = open_code(Bridge(), "domino", seal("domino", text))
    assert answer["error"]["field"] == "replay-corrupt", answer


def test_a_code_longer_than_any_is_corrupt_and_not_read() -> None:
    with pytest.raises(codes.ReplayError) as refused:  # the bridge refuses such a payload before (1 MiB)
        codes.parse_code("6E1.blocks." + "A" * codes.MAX_CODE)
    assert refused.value.field == "replay-corrupt"
