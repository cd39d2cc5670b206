"""Where a tap's time goes (P15): ``make bench``'s taps of one game, traced by Chromium.

The same first visit and taps as the bench's tap part (``bench.game_taps``: a fresh
profile, ``--taps`` taps a player's pause apart, at ``--rate`` times a phone's slower
CPU), with Chromium's timeline recorded meanwhile. Printed: each tap's time until its
answer is on screen, in order (where the slow ones fall); the page's main thread by
kind of work (script, style, layout, paint, layerize...), with a count and a share
per tap; style and layout a handler forced inside its own task (a box read after a
write, a focus), by the handler that forced them; and the longest tasks, each with
what ran inside it (a timer's function, an event's type). The bench says how slow a
tap is; this says what the slowest one paid for. The trace is kept (``--out``) for
Chromium's DevTools (Performance, Load profile).

    .venv/bin/python tools/bench_trace.py merge [--rate 4] [--taps 40] [--longest 12]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_page import launch, served  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import bench  # noqa: E402

#: A trace event (Chrome's trace event format: name, ph, ts and dur in µs, args).
Event = dict
#: Kinds of work that run inside a handler's own task when it forced them.
FORCED = ("Layout", "UpdateLayoutTree")
#: What runs a page's script: a handler forcing style or layout sits under one of these.
SCRIPT = ("EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame")


def main_thread(trace: Path) -> list[Event]:
    """The renderer main thread's complete events, in order, each before what it encloses."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    return sorted((e for e in events if (e.get("pid"), e.get("tid")) in mains and e.get("ph") == "X"),
                  key=lambda e: (e["ts"], -e.get("dur", 0), e["name"] != "RunTask"))  # a task holds its events


def label(event: Event) -> str:
    """An event as a reader knows it: a function by its name and place, an event by its type."""
    data = event.get("args", {}).get("data") or {}
    if event["name"] == "FunctionCall":
        return f"{data.get('functionName') or '(anonymous)'}@{data.get('url', '').rsplit('/', 1)[-1]}:{data.get('lineNumber')}"
    if event["name"] == "EventDispatch":
        return f"{data.get('type', '?')} event"
    return str(event["name"])


def nested(events: list[Event]) -> Iterator[tuple[Event, list[Event]]]:
    """Each event with the events that enclose it, outermost first (``events`` in ``main_thread``'s order)."""
    open_: list[Event] = []
    for event in events:
        while open_ and ends(open_[-1]) <= event["ts"]:
            open_.pop()
        yield event, open_
        open_.append(event)


def ends(event: Event) -> int:
    """When ``event`` ends (µs)."""
    return int(event["ts"] + event.get("dur", 0))


def by_kind(events: list[Event]) -> Counter[str]:
    """µs of each kind of work, its own time (what it encloses counted once, as its own kind); tasks
    (``RunTask``) left out, their own time is work the trace does not name."""
    spent: Counter[str] = Counter()
    for event, around in nested(events):
        if around:
            spent[around[-1]["name"]] -= event.get("dur", 0)  # the enclosing event's own time excludes it
        spent[event["name"]] += event.get("dur", 0)
    del spent["RunTask"]
    return spent


def forced(events: list[Event]) -> Counter[tuple[str, str]]:
    """µs of style and layout forced inside a script's own task, by (kind, the innermost function or event)."""
    spent: Counter[tuple[str, str]] = Counter()
    for event, around in nested(events):
        runners = [e for e in around if e["name"] in SCRIPT]
        if event["name"] in FORCED and runners:
            spent[(event["name"], label(runners[-1]))] += event.get("dur", 0)
    return spent


def longest(events: list[Event], count: int) -> list[tuple[float, float, Counter[str]]]:
    """The ``count`` longest tasks: (ms from the first event, ms long, µs of what ran inside by label)."""
    start = events[0]["ts"] if events else 0
    starts = [event["ts"] for event in events]  # in order: a task's events are the slice it spans
    tasks = sorted((e for e in events if e["name"] == "RunTask"), key=lambda e: -e.get("dur", 0))[:count]
    found = []
    for task in tasks:
        inside: Counter[str] = Counter()
        for event in events[bisect_left(starts, task["ts"]):bisect_left(starts, ends(task))]:
            if event["name"] not in ("RunTask", "v8.callFunction"):
                inside[label(event)] += event.get("dur", 0)
        found.append(((task["ts"] - start) / 1000, task["dur"] / 1000, inside))
    return found


def report(figures: dict, events: list[Event], taps: int, count: int) -> list[str]:
    lines = [f"taps until on screen (ms, in order): {figures['frames_ms']}",
             f"p50 {figures['frame']['p50_ms']}  p99 {figures['frame']['p99_ms']}",
             "", "main thread by kind (own time)  ms    per tap"]
    lines += [f"  {kind:24} {us / 1000:8.1f} {us / 1000 / taps:8.2f}" for kind, us in by_kind(events).most_common(12)]
    lines += ["", "style and layout forced inside a task, by what forced them (ms)"]
    lines += [f"  {us / 1000:8.1f}  {kind} in {who}" for (kind, who), us in forced(events).most_common(8)]
    lines += ["", "longest tasks (at ms, ms long: what ran inside, ms)"]
    for at, ms, inside in longest(events, count):
        lines.append(f"  at {at:8.1f}  {ms:6.1f}: " + "; ".join(f"{name} {us / 1000:.1f}" for name, us in inside.most_common(6)))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(bench.TAP_GAMES))
    parser.add_argument("--rate", type=float, default=4, help="CPU slowdown (4: a phone's, as make bench's)")
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--longest", type=int, default=12, help="how many of the longest tasks to show")
    parser.add_argument("--out", type=Path, help="keep the trace here (JSON for DevTools)")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp()) / f"{args.game}-taps.json"
    with served(ROOT) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        figures = bench.game_taps(browser, url, args.game, args.taps, args.rate, trace=out)
        browser.close()
    print(*report(figures, main_thread(out), args.taps, args.longest), sep="\n")
    print(f"\ntrace: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
