"""Latency workloads for ``make bench`` (P14).

- ``domino.frame``: one ``Session.tick(16)``, the per-frame call of the page;
- ``domino.move``: one left/right/rotate through ``Session.move`` (view + save);
- ``domino.hard``: one hard drop through ``Session.move``: lock, the whole
  turn's resolution, the view and the save the page receives;
- ``domino.resolve``: the resolution alone (``resolve``) of busy wells that
  cascade: random halves of three values, so most of the well cancels.

Positions come from seeded random games stopped at every turn (empty to
nearly full wells), so long falls and cascades are in the mix.

>>> ops = workloads(games=1)
>>> sorted(ops)
['domino.frame', 'domino.hard', 'domino.move', 'domino.resolve']
"""

from __future__ import annotations

from collections.abc import Callable

from club.domino.api import Session
from club.domino.resolve import resolve
from club.domino.well import Well
from club.rng import Rng

MOVES = ("left", "right", "cw", "ccw", "left", "left", "right", "right", "right")


def sample_saves(games: int) -> list[str]:
    """Saves of seeded Marathon games at every turn, tiles pushed to random columns."""
    saves = []
    rng = Rng.from_seed(2024)
    for seed in range(games):
        session = Session()
        session.new({"seed": 500 + seed, "mode": "marathon", "set": ("classic", "extended")[seed % 2]})
        while not session.state.over and len(saves) < 400 * (seed + 1):
            saves.append(session.save({}))
            count, rng = rng.below(6)
            for _ in range(count):
                pick, rng = rng.below(len(MOVES))
                session.move({"move": MOVES[pick]})
            session.move({"move": "hard"})
    return saves


def busy_well(rng: Rng, width: int = 8, height: int = 16) -> tuple[Well, Rng]:
    """A full-ish well of random pieces with pips 0-2: big groups and cascades."""
    pips, links = [-1] * (width * height), ["."] * (width * height)
    for i in range(width * 4, width * height):  # leave the top four rows empty
        if pips[i] >= 0:
            continue
        kind, rng = rng.below(3)
        value, rng = rng.below(3)
        pips[i], links[i] = value, "s"
        if kind == 1 and (i + 1) % width and pips[i + 1] < 0:
            other, rng = rng.below(3)
            pips[i + 1], links[i], links[i + 1] = other, "r", "l"
        elif kind == 2 and i + width < width * height:
            other, rng = rng.below(3)
            pips[i + width], links[i], links[i + width] = other, "d", "u"
    return Well(width, height, tuple(pips), tuple(links)), rng


def workloads(games: int = 10) -> dict[str, list[Callable[[], object]]]:
    frames: list[Callable[[], object]] = []
    moves: list[Callable[[], object]] = []
    hards: list[Callable[[], object]] = []
    rng = Rng.from_seed(7)
    for text in sample_saves(games):
        for kind in ("frame", "move", "hard"):
            session = Session()
            session.load({"save": text})
            if kind == "frame":
                frames.extend(lambda s=session: s.tick({"ms": 16}) for _ in range(3))
            elif kind == "move":
                pick, rng = rng.below(len(MOVES))
                moves.append(lambda s=session, m=MOVES[pick]: s.move({"move": m}))
            else:
                hards.append(lambda s=session: s.move({"move": "hard"}))
    wells = []
    for _ in range(200):
        well, rng = busy_well(rng)
        wells.append(well)
    return {
        "domino.frame": frames,
        "domino.move": moves,
        "domino.hard": hards,
        "domino.resolve": [lambda w=w: resolve(w) for w in wells],
    }
