"""Play from here (P4, docs/decisions.md): a practice run started from a step of a replay.

The page hands ``new`` the replay's code and the step on screen
(``{"from_replay": code, "step": k}``); the engine plays the code as the
replay service does (``open_code``: read, checked, every action played through
a player of its own), and the run in play becomes the position after step
``k``. The page never builds a position: it only names the step.

The forked run records the replay's deal with ``fork`` set (``FORK``) and the
replay's first actions up to that step, then the player's own: its replay plays
from the deal through the borrowed moves, and its recorded start reads back
exactly as ``new`` records it (``club.replaying.read_start``). A fork is
practice (``FORK``): never a Daily that counts, never a streak day, no personal
best; a past daily's ``archive`` mark is dropped (the fork's own reason says it).

>>> from club.blocks.api import Session
>>> player = Session()
>>> _ = player.new({"seed": 3})
>>> for cell in ("0:0", "4:4"):
...     _ = player.place({"slot": 0, "cell": cell})
>>> made = fork(Session(), {"from_replay": player.replay_code(), "step": 1})
>>> made.start, len(made.actions)
({'seed': 3, 'fork': True}, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any

from club.errors import count
from club.playback import Playback
from club.replay import Action, Replay, Work, decode_code, run_all
from club.replaying import read_start
from club.schema import check

#: The practice reason of a run started from a replay's step (``Session.run_practice``).
FORK = "fork"


def open_code(session: Any, payload: dict[str, Any],
              deal: Any = None) -> Work:
    """A replay code played to its end in units of work (the bridge's ``query``
    runs them in slices): ``replay-diverged`` when the engine refuses an action
    or the score differs, ``replay-bounds`` past real play. ``deal`` checks the
    start read before anything is played (a ghost's: the link's deal). Returns
    the ``Playback`` (installed by the caller only once it has played through)."""
    replay = yield from decode_code(payload.get("code"), session.game)
    start = read_start(session, replay.start)
    if deal is not None:
        deal(start)
    yield from check(replay.actions, session.RECORDED, session.BOUNDS)
    playback = Playback(type(session)(), Replay(session.game, start, replay.actions, replay.score))
    yield from playback.play()
    return playback


@dataclass(frozen=True, slots=True)
class Fork:
    """A run made from a replay's step: its state, its recorded start and the actions before it."""

    state: Any
    start: dict[str, Any]
    actions: list[Action]


def fork(session: Any, payload: dict[str, Any]) -> Fork:
    """The run after step ``payload["step"]`` (0: the start) of the replay code
    ``payload["from_replay"]``; a code the replay service refuses is refused the
    same way (``ReplayError``), a step out of range as ``step``."""
    playback: Playback = run_all(open_code(session, {"code": payload.get("from_replay")}))
    index = count(payload.get("step"), "step", 0, playback.steps)
    state, _ = playback.seek(index)
    start = {key: value for key, value in playback.replay.start.items() if key != "archive"}
    actions = list(islice(playback.replay.actions, playback.ends[index]))
    return Fork(state, {**start, FORK: True}, actions)
