"""Latency workloads of the bowls engine (P14), timed by ``club.bench``.

Each list holds prepared zero-argument operations, one timed call each:

- ``bowls.sow``: one accepted move through the rules (sowing, the phase
  loop, refill, Endless events, countdown) with renderer events;
- ``bowls.action``: the same move as the page makes it, through
  ``Bridge.call`` (JSON in; events, view and save out);
- ``bowls.forecast``: one forecast line (W23) through ``Bridge.call``.

Positions come from seeded Endless attempts played by a simple greedy
player (the bowl whose forecast scores most), so the boards are realistic,
crowded late positions and volcano chains included.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from club.bowls import saves
from club.bowls.attempt import Attempt
from club.bowls.rules import sow
from club.bowls.views import forecast


def _greedy(attempt: Attempt) -> int | None:
    """The choosable bowl whose forecast scores most without overflow, else the first."""
    options = attempt.choosable()
    if not options:
        return None
    safe = [b for b in options if not forecast(attempt.position, b)["overflow"]] or options
    return max(safe, key=lambda b: (forecast(attempt.position, b)["points"], -b))


def attempts(runs: int = 6, moves: int = 60) -> list[tuple[Attempt, int]]:
    """(attempt before the move, bowl) pairs from greedy seeded Endless attempts."""
    pairs = []
    for seed in range(runs):
        attempt = Attempt.start("endless", seed=seed)
        for _ in range(moves):
            bowl = _greedy(attempt)
            if bowl is None:
                break
            pairs.append((saves.load(saves.dump(attempt)), bowl))
            attempt.play(bowl)
    return pairs


def workloads(size: int = 240) -> dict[str, list[Callable[[], object]]]:
    from club.bridge import Bridge

    pairs = attempts()[:size]
    bridge = Bridge()
    session = bridge.session("bowls")

    def move(attempt: Attempt, bowl: int) -> Callable[[], object]:
        position, rng, special = attempt.position, attempt.rng, attempt.mode.special
        return lambda: sow(position, bowl, rng, special, log=True)

    def action(attempt: Attempt, bowl: int) -> Callable[[], object]:
        payload = json.dumps({"bowl": bowl})
        text = saves.dump(attempt)
        fresh = saves.load(text)  # each op runs once: its own copy, loaded before timing

        def op() -> object:
            session.keep(fresh)
            return bridge.call("bowls", "sow", payload)
        return op

    def preview(attempt: Attempt, bowl: int) -> Callable[[], object]:
        payload = json.dumps({"bowl": bowl})

        def op() -> object:
            session.keep(attempt)
            return bridge.call("bowls", "forecast", payload)
        return op

    return {
        "bowls.sow": [move(a, b) for a, b in pairs],
        "bowls.action": [action(a, b) for a, b in pairs],
        "bowls.forecast": [preview(a, (b * 5 + 3) % 12) for a, b in pairs],
    }


def main() -> None:
    """Quick CPython timing: ``PYTHONPATH=py python -m club.bowls.bench``."""
    from club.bench import summary, time_ops

    for name, ops in workloads().items():
        print(name, summary(time_ops(ops)))


if __name__ == "__main__":
    main()
