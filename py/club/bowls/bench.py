"""Latency workloads of the bowls engine (P14), timed by ``club.bench``.

Each list holds prepared zero-argument operations, one timed call each:

- ``bowls.sow``: one accepted move through the rules (sowing, the phase
  loop, refill, Endless events, countdown) with renderer events;
- ``bowls.action``: the same move as the page makes it, through
  ``Bridge.call`` (JSON in; events, view and save out);
- ``bowls.forecast``: one forecast line (W23) through ``Bridge.call``;
- ``bowls.workshop_proof``: the Puzzle Workshop's proof (W28) spending its
  whole budget on a board crowded to W18's limits, and proving puzzle 100
  (the hardest of the set): the seconds a phone waits at most, read against
  ``club.bowls.proof.BUDGET``'s note.

Positions come from seeded Endless attempts played by a simple greedy
player (the bowl whose forecast scores most), so the boards are realistic,
crowded late positions and volcano chains included.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from club.bowls import saves
from club.bowls.attempt import Attempt
from club.bowls.goals import parse_goal, print_goal
from club.bowls.notation import parse, print_position
from club.bowls.proof import prove
from club.bowls.puzzles import puzzle_by_id
from club.bowls.rules import sow
from club.bowls.views import forecast

#: A board crowded to W18's limits (volcanoes at 5 stones) whose goal 12 moves cannot meet:
#: the proof spends its whole budget (tests/bowls/test_workshop.py, ``CROWDED``).
CROWDED = ("RGBYP[v]/GBYPR[rv]/BYPRG[v]/YPRGB[r]/PRGBY[v]/RGBYP[rv]/GBYPR[v]/BYPRG[r]/YPRGB[v]/PRGBY[rv]/"
           "RGBYP[v]/GBYPR[r] 0 0")


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

    def proof(position: str, goal: str, limit: int) -> Callable[[], object]:
        return lambda: prove(parse(position), parse_goal(goal), limit)

    hardest = puzzle_by_id(100)
    return {
        "bowls.workshop_proof": [proof(CROWDED, "empty", 12),
                                 proof(print_position(hardest.position), print_goal(hardest.goal), hardest.limit)],
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
