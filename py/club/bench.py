"""Engine latency harness (P14), the same code in CPython and in Pyodide.

Each game's ``club.<game>.bench.workloads()`` returns named lists of prepared
zero-argument operations (one action or one preview each). Here every
operation is timed once with ``perf_counter`` and summarised as median and
p99 in milliseconds. In the browser ``perf_counter`` follows
``performance.now()``, whose resolution Chromium coarsens (about 0.1 ms
without cross-origin isolation), so sub-0.1 ms medians read as 0 or 0.1 there.

>>> summary([1.0, 2.0, 3.0, 4.0])
{'n': 4, 'median_ms': 2.5, 'p99_ms': 4.0, 'max_ms': 4.0}
"""

from __future__ import annotations

import importlib
import json
import statistics
from collections.abc import Callable
from time import perf_counter

from club import GAMES, jsontext


def summary(samples_ms: list[float]) -> dict[str, float]:
    """Median, p99 (nearest rank) and max of a list of durations."""
    ordered = sorted(samples_ms)
    rank = max(0, min(len(ordered) - 1, -(-99 * len(ordered) // 100) - 1))
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 4),
        "p99_ms": round(ordered[rank], 4),
        "max_ms": round(ordered[-1], 4),
    }


def time_ops(ops: list[Callable[[], object]]) -> list[float]:
    samples = []
    for op in ops:
        start = perf_counter()
        op()
        samples.append((perf_counter() - start) * 1000.0)
    return samples


def run(games: tuple[str, ...] = GAMES) -> dict[str, dict[str, float]]:
    """Time every workload of the given games; missing games are skipped."""
    results: dict[str, dict[str, float]] = {}
    for game in games:
        try:
            module = importlib.import_module(f"club.{game}.bench")
        except ImportError:
            continue
        for name, ops in module.workloads().items():
            results[name] = summary(time_ops(list(ops)))
    return results


def run_json(games_json: str = "[]") -> str:
    """Entry point for the page's bench hook: JSON list of games in, JSON out."""
    games = tuple(jsontext.loads(games_json, field="games", max_chars=1000) or GAMES)
    return json.dumps(run(games))
