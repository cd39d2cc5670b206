"""The JSON save of a whole blocks run (B18): it resumes exactly.

``data`` holds the position in notation, the PRNG state, the run's seed, the
number of drops made and of rows cleared (0 for older saves) and whether the
run's result is already on the player card. The run's actions are its
recording, beside ``data`` in the envelope (``club.recording``). Corrupt data
raises ``NotationError`` naming the field.

>>> from club.blocks.rules import new_state
>>> run = Run(new_state(5), seed=5)
>>> load(dump(run)) == run
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from club import save
from club.blocks import notation
from club.blocks.rules import State
from club.errors import NotationError
from club.rng import Rng

GAME, KIND = "blocks", "run"


@dataclass(frozen=True)
class Run:
    state: State
    seed: int = 0
    banked: bool = False  # the run's result is on the player card (B16, B17)
    new_best: bool = False  # banking it raised the best score (B16): its end card says so after a reload too


#: 2: the PRNG as ``Rng.dump`` text (version 1 stored the state as a number);
#: 3: no ``log`` (version 2 kept an action log of before recordings, read by nothing).
VERSION = 3


def dump(run: Run) -> str:
    state = run.state
    return save.dump(GAME, KIND, {
        "position": notation.print_position(state),
        "rng": state.rng.dump(),
        "seed": run.seed,
        "drops": state.drops,
        "rows": state.rows,
        "banked": run.banked,
        # written only when true: every other run is saved as before
        **({"new_best": True} if run.new_best else {}),
    }, VERSION)


_U64 = (1 << 64) - 1  # the PRNG state; also the seeds of saves made before the 2**32 rule


def upgrade(version: int, data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the PRNG state number becomes its 16 hex digits; 2 -> 3: the
    action log goes (still checked: a version 2 save with an impossible log is refused).

    >>> upgrade(1, {"rng": 31, "log": []})["rng"]
    '000000000000001f'
    >>> upgrade(2, {"rng": "000000000000001f", "log": ["place 0 0:0"]})
    {'rng': '000000000000001f'}
    """
    if version == 1:
        return {**data, "rng": Rng(save.counter(data, "rng", _U64)).dump()}
    log = save.field(data, "log", list)
    if not all(isinstance(a, str) for a in log):
        raise NotationError("log", "log must be a list of action texts")
    return {key: value for key, value in data.items() if key != "log"}


def load(text: object) -> Run:
    """A run from its save (any version so far); impossible data raises
    ``NotationError`` naming the field."""
    data = save.load(text, GAME, KIND, VERSION, upgrade)
    # "rows": saves made before it count no rows cleared so far.
    save.keys(data, "data", {"position", "rng", "seed", "drops", "banked"}, frozenset({"rows", "new_best"}))
    position = save.field(data, "position", str)
    rng = Rng.load(data.get("rng"))
    drops = save.counter(data, "drops")
    rows = save.counter(data, "rows") if "rows" in data else 0
    state = notation.parse(position, rng=rng, drops=drops, rows=rows)
    if state.score < drops:  # B10: every drop scores its placement points, at least 1
        raise NotationError("score", f"score {state.score} is below the {drops} drops made")
    banked = save.field(data, "banked", bool)
    new_best = save.field(data, "new_best", bool) if "new_best" in data else False
    if new_best and not banked:
        raise NotationError("new_best", "only a banked run raised the best score")
    return Run(state, seed=save.counter(data, "seed", _U64), banked=banked, new_best=new_best)
