"""Replaying: a recording read back and a run played again through the engine (P4).

One schema reads both places a recording is found (``club.schema``):

- a replay code, opened by the replay service (``club.forking.open_code``):
  the code read and checked (``club.replay``), then every action played
  through the engine by a player of its own (``club.playback``);
- the recording inside a run's save (``read_log``): a run whose recording does
  not read loads all the same, it is only not replayable.

Either way the recorded start must be exactly what ``new`` records when given
it (``read_start``), so a code cannot start a deal real play never starts.
The player steps each action on its own path (``Session.replay_step``): the
state kept and the events, no view, no save and no recording made.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Protocol

from club.errors import NotationError
from club.recording import MAX_MOMENTS, Log
from club.replay import MAX_RECORDING, Replay, ReplayError, print_code, read_items, run_all, size
from club.save import parse_json
from club.schema import Bounds, Recorded, check


class Recorder(Protocol):
    """What reading a recording asks of a game's session (``club.session.Session``):
    its tables, and a session of its kind started aside from a recorded start."""

    RECORDED: ClassVar[Recorded]
    BOUNDS: ClassVar[Bounds]

    def __init__(self) -> None: ...

    def begin(self, start: dict[str, Any]) -> None: ...

    @property
    def recording(self) -> Log | None: ...


def read_start(session: Recorder, start: object) -> dict[str, Any]:
    """A recorded start checked exactly as ``new`` checks its payload: it must be
    what ``new`` records when given it (seed range, date, options checked; a
    ``query``, a prepared ``position`` or an unknown key is refused)."""
    if not isinstance(start, dict):
        raise ReplayError("replay-corrupt", "the replay's start is no object")
    probe = type(session)()  # started aside, exactly as ``new`` starts a run
    try:
        probe.begin(dict(start))
    except NotationError:
        raise ReplayError("replay-corrupt", "the replay's start is no deal of this game") from None
    made = probe.recording.start if probe.recording is not None else None
    if made is None or _canonical(made) != _canonical(start):
        raise ReplayError("replay-corrupt", "the replay's start is not as this game records it")
    return made


def read_log(session: Recorder, text: object) -> Log | None:
    """The recording a save text holds, read by the schema a replay code is read
    by; None when it has none or one that does not read (the run loads, it is
    only not replayable)."""
    try:
        value = parse_json(text)
        recording = value.get("replay") if isinstance(value, dict) else None
        return None if recording is None else _read_recording(session, recording)
    except NotationError:  # ReplayError too
        return None


def _read_recording(session: Recorder, recording: object) -> Log:
    if not isinstance(recording, dict) or not {"start", "actions", "moments"} <= set(recording) <= \
            {"start", "actions", "moments", "cut"} or recording.get("cut", True) is not True:
        raise ReplayError("replay-corrupt", "the recording's fields")
    moments = recording["moments"]
    if not isinstance(moments, list) or len(moments) > MAX_MOMENTS or \
            not all(type(m) is int and 1 <= m <= 5 for m in moments):
        raise ReplayError("replay-corrupt", "the recording's moments")
    actions = read_items(recording["actions"])
    if recording.get("cut") and len(actions):
        raise ReplayError("replay-corrupt", "a cut recording keeps no actions")
    run_all(check(actions, session.RECORDED, session.BOUNDS))
    log = Log.of(read_start(session, recording["start"]), actions, moments)
    log.moves = sum(size(item) for item in actions.items if item[0] in session.BOUNDS.moves_by)
    if log.size > MAX_RECORDING:
        raise ReplayError("replay-bounds", "the recording is longer than a replay holds")
    if recording.get("cut"):
        log.stop()
    return log


def code_of(game: str, log: Log | None, score: int) -> str | None:
    """The replay code of a run recorded so far (None: no recording, or one cut short)."""
    if log is None or log.cut:
        return None
    return print_code(Replay(game, log.start, log.actions(), score), log.actions_text())


def _canonical(value: object) -> str:
    """JSON text that tells ``1`` from ``True`` and ``1.0`` (dict equality does not)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
