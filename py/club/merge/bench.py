"""Latency workloads for ``make bench`` (P14): one placement or one preview each.

Positions come from seeded random rounds stopped at every stage of the game
(empty to nearly full boards), so chains and joker groups are in the mix.
A placement is timed through ``Session.place``, i.e. with the view and the
save text the page receives, not only the rules.

>>> ops = workloads(rounds=2)
>>> sorted(ops), all(callable(op) for op in ops["merge.preview"])
(['merge.place', 'merge.preview'], True)
"""

from __future__ import annotations

from collections.abc import Callable

from club.merge.api import Session
from club.rng import Rng


def sample_saves(rounds: int) -> list[str]:
    """Saves taken along seeded random rounds, at every move."""
    saves = []
    for seed in range(rounds):
        session = Session()
        session.new({"seed": 1000 + seed})
        rng = Rng.from_seed(seed)
        while not session.view({})["over"]:
            legal = session.view({})["legal"]
            if not legal:
                session.rotate({"step": 1})
                continue
            saves.append(session.save({}))
            pick, rng = rng.below(len(legal))
            session.place({"cell": legal[pick]})
    return saves


def workloads(rounds: int = 6) -> dict[str, list[Callable[[], object]]]:
    places: list[Callable[[], object]] = []
    previews: list[Callable[[], object]] = []
    rng = Rng.from_seed(99)
    cells = Session().geometry({})["cells"]
    for text in sample_saves(rounds):
        session = Session()
        view = session.load({"save": text})
        pick, rng = rng.below(len(view["legal"]))
        places.append(lambda s=session, c=view["legal"][pick]: s.place({"cell": c}))
        for _ in range(2):  # over any cell, legal or not, in any turn
            pick, rng = rng.below(len(cells))
            turn, rng = rng.below(6)
            previews.append(lambda s=session, c=cells[pick], k=turn: s.preview({"cell": c, "turn": k}))
    return {"merge.place": places, "merge.preview": previews}
