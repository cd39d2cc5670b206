"""``make bench`` (replay part): how long opening a replay takes, how long the
worker is held at a time, and how much memory it takes, in CPython.

Each code is opened through ``Bridge.query`` (the page's path: slices of
``SLICE_MS``) and measured three ways: wall and CPU time of the whole open,
the longest slice (wall; on a loaded machine the scheduler stretches it, so
the longest single unit of work is given in CPU time too), and the peak of
``tracemalloc`` in a second open. The codes:

- the issue's forged links (800,000 alternating pair turns in merge,
  1,000,000 zero-ms domino frames) and other floods a forger packs into a few
  KB (1 ms frames, undo/redo, turns within the JSON bound);
- the worst that still opens: a domino tile wiggled left and right as many
  times as a recording holds;
- a legitimate one-hour domino Marathon played as the page plays it (frames
  of 16/17 ms, the greedy bot of tools/balance.py choosing each tile's
  moves, soft drop held on every fifth tile), which takes a minute to play.

    .venv/bin/python tools/replay_bench.py [--minutes 60] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sys
import time
import tracemalloc
import types
from collections.abc import Generator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import balance
from club import bridge as bridges
from club.bridge import Bridge
from club.domino.api import Session as Domino
from club.replay import MAX_RECORDING, seal

STARTS = {"merge": '{"jokers":true,"seed":1}', "domino": '{"mode":"sprint","seed":1,"set":"classic"}',
          "bowls": '{"mode":"endless","seed":4}', "marathon": '{"mode":"marathon","seed":1,"set":"classic"}'}


def forged(game: str, actions: str, start: str | None = None) -> str:
    return seal(game, f'{{"a":{actions},"s":{start or STARTS[game]},"score":0}}')


def run(method: str, key: str, values: list[int]) -> str:
    return f'[["{method}","{key}",[{",".join(map(str, values))}]]]'


def wiggle() -> str:
    """A tile moved left and right, without a frame, as often as a recording holds."""
    pair = '["move",{"move":"left"}],["move",{"move":"right"}]'
    return forged("domino", "[" + ",".join([pair] * ((MAX_RECORDING - 100) // (len(pair) + 1))) + "]")


def marathon(minutes: int, seed: int = 7) -> str:
    """A Marathon played as the page plays it, for ``minutes`` of play time."""
    session = Domino()
    session.new({"seed": seed, "mode": "marathon", "set": "classic"})
    frame = tiles = 0

    def tick() -> None:
        nonlocal frame
        session.tick({"ms": 16 + frame % 2})
        frame += 1

    while not session.state.over and session.state.active_ms < minutes * 60_000:
        game = session.state
        assert game.falling is not None
        steps, _ = max(balance.domino_paths(game.well, game.falling),
                       key=lambda path: balance.domino_value(game.well, path[1]))
        tick()
        for step in steps:
            tick()
            session.move({"move": step})
        held = tiles % 5 == 0
        if held:
            session.soft({"held": True})
        turns = game.turns
        while session.state.turns == turns and not session.state.over:
            tick()
        if held:
            session.soft({"held": False})
        tiles += 1
    code = session.replay_code()
    assert code is not None, "the Marathon outgrew a replay"
    return code


def opened(game: str, code: str) -> dict[str, Any]:
    """Open ``code`` through the query path: times, the longest slice (wall, and the
    CPU time of the units in it), the longest unit, peak memory, the answer's reason."""
    gc.collect()  # what the codes before left is not this one's pause
    bridge = Bridge()
    units: list[float] = []
    slices = [0.0]  # the CPU time of each slice's units (a slice ends where the query pauses)
    session = bridge.target(f"{game}/replay", "replay_open")  # the replay service beside the session
    search = session.replay_open_search

    def timed(_: Any, payload: dict[str, Any]) -> Generator[None, None, Any]:
        work = search(payload)
        while True:
            began = time.thread_time()
            try:
                next(work)
            except StopIteration as done:
                units.append(time.thread_time() - began)
                slices[-1] += units[-1]
                return done.value
            units.append(time.thread_time() - began)
            slices[-1] += units[-1]
            yield

    pause = bridges.asyncio.sleep

    async def paused(delay: float) -> None:
        slices.append(0.0)
        await pause(delay)

    session.replay_open_search = types.MethodType(timed, session)
    bridges.asyncio.sleep = paused  # type: ignore[assignment]
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        answer = json.loads(asyncio.run(bridge.query(f"{game}/replay", "replay_open", json.dumps({"code": code}))))
    finally:
        bridges.asyncio.sleep = pause  # type: ignore[assignment]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    tracemalloc.start()
    Bridge().call(f"{game}/replay", "replay_open", json.dumps({"code": code}))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"code_chars": len(code), "answer": "ok" if answer["ok"] else answer["error"]["field"],
            "steps": answer["result"]["steps"] if answer["ok"] else None,
            "wall_ms": round(wall * 1000, 1), "cpu_ms": round(cpu * 1000, 1), "slices": len(slices),
            "longest_slice_ms": round(bridge.longest_slice_ms, 1), "longest_slice_cpu_ms": round(max(slices) * 1000, 1),
            "longest_unit_cpu_ms": round(max(units) * 1000, 2), "peak_mb": round(peak / 1e6, 1)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=int, default=60, help="play time of the Marathon replay (0: none)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    args = parser.parse_args(argv)
    codes = {
        "merge: 800,000 alternating turns (the issue's)": ("merge", forged("merge", run("rotate", "step", [1, -1] * 400_000))),
        "domino: 1,000,000 zero-ms frames (the issue's)": ("domino", forged("domino", run("tick", "ms", [0] * 1_000_000))),
        "domino: 240,000 1-ms frames": ("domino", forged("domino", run("tick", "ms", [1] * 240_000), STARTS["marathon"])),
        "merge: 200,000 alternating turns": ("merge", forged("merge", run("rotate", "step", [1, -1] * 100_000))),
        "merge: 240,000 1-ms ticks": ("merge", forged("merge", run("tick", "ms", [1] * 240_000))),
        "bowls: 40,000 undo/redo": ("bowls", forged("bowls", '[["sow",{"bowl":0}],' + ",".join(['["undo",{}],["redo",{}]'] * 20_000) + "]")),
        "domino: a tile wiggled as often as a recording holds": ("domino", wiggle()),
    }
    if args.minutes:
        codes[f"domino: a {args.minutes}-minute Marathon, played as the page plays"] = ("domino", marathon(args.minutes))
    rows = {name: opened(game, code) for name, (game, code) in codes.items()}
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for name, row in rows.items():
        print(f"{name:56} {row['answer']:>13} {row['wall_ms']:>8.1f} ms wall {row['cpu_ms']:>8.1f} ms CPU"
              f" | {row['slices']:>4} slices, longest {row['longest_slice_ms']:>5.1f} ms wall"
              f" {row['longest_slice_cpu_ms']:>5.1f} ms CPU, unit {row['longest_unit_cpu_ms']:>5.2f} ms CPU"
              f" | peak {row['peak_mb']:>5.1f} MB | code {row['code_chars']} chars")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
