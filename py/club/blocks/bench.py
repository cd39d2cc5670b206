"""Latency workloads of the blocks engine (P14), timed by ``club.bench``.

Each list holds prepared zero-argument operations, one timed call each:

- ``blocks.drop``: one accepted ``place`` through the rules (fill, clear,
  score, deal, end test);
- ``blocks.place``: the same drop as the page makes it, through
  ``Bridge.call`` (JSON in, events + view + save + profile out);
- ``blocks.preview``: one pointer-over-a-cell preview through ``Bridge.call``.

Positions come from greedy play of seeded runs, so the boards are realistic
mid-run boards (crowded ones included). ``club.bench`` times them.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from club.blocks import rules
from club.blocks.pieces import CELLS, drops
from club.blocks.rules import State
from club.blocks.saves import Run


def _greedy(state: State) -> str | None:
    """The legal drop that clears most, else the first; None when nothing fits."""
    best, best_key = None, None
    for slot, piece in enumerate(state.tray):
        if piece is None:
            continue
        for i, mask in drops(piece).items():
            if mask & state.board:
                continue
            key = (len(rules.completed_rows(state.board | mask, mask)), -i)
            if best_key is None or key > best_key:
                best, best_key = f"place {slot} {CELLS[i]}", key
    return best


def positions(runs: int = 4, drops: int = 60) -> list[tuple[State, str]]:
    """(state, accepted action) pairs from greedy seeded runs."""
    pairs = []
    for seed in range(runs):
        state = rules.new_state(seed)
        for _ in range(drops):
            action = _greedy(state)
            if action is None:
                if not state.redeals:
                    break
                state = rules.redeal(state).state
                continue
            pairs.append((state, action))
            state = rules.act(state, action).state
    return pairs


def workloads(size: int = 200) -> dict[str, list[Callable[[], object]]]:
    from club.bridge import Bridge

    pairs = positions()[:size]
    bridge = Bridge()
    session = bridge.session("blocks")

    def drop(state: State, action: str) -> Callable[[], object]:
        return lambda: rules.act(state, action)

    def place(state: State, action: str) -> Callable[[], object]:
        _, slot, cell = action.split()
        payload = json.dumps({"slot": int(slot), "cell": cell})
        run = Run(state)

        def op() -> object:
            session.run = run
            return bridge.call("blocks", "place", payload)
        return op

    def preview(state: State, slot: int, cell: str) -> Callable[[], object]:
        payload = json.dumps({"slot": slot, "cell": cell})
        run = Run(state)

        def op() -> object:
            session.run = run
            return bridge.call("blocks", "preview", payload)
        return op

    previews = []
    for n, (state, _) in enumerate(pairs):
        slot = next((s for s in range(3) if state.tray[s] is not None), 0)
        previews.append(preview(state, slot, str(CELLS[(n * 7) % len(CELLS)])))
    return {
        "blocks.drop": [drop(s, a) for s, a in pairs],
        "blocks.place": [place(s, a) for s, a in pairs],
        "blocks.preview": previews,
    }

