"""JSON saves of an attempt (W25): position, PRNG, undo/redo, training mark.

Positions are stored in notation and the PRNG state as hex text (a 64-bit
integer does not survive a JavaScript number). Every field is checked on
load; a bad one raises ``NotationError`` naming it.

>>> from club.bowls.attempt import Attempt
>>> a = Attempt.start("endless", seed=5)
>>> _ = a.play(a.choosable()[0]); _ = a.play(a.choosable()[0]); _ = a.undo()
>>> b = load_attempt(dump_attempt(a))
>>> (b.position, b.rng, b.training, b.redo_bowls, len(b.history)) == (
...     a.position, a.rng, a.training, a.redo_bowls, len(a.history))
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from club import save
from club.bowls.attempt import Attempt, Snapshot
from club.bowls.modes import MODES, is_date
from club.bowls.notation import parse
from club.bowls.position import COLOURS, RING
from club.bowls.puzzles import COUNT
from club.errors import MAX_COUNT, NotationError
from club.rng import Rng

GAME, KIND = "bowls", "run"
_MASK64 = (1 << 64) - 1
#: The rules edition a save was played under: 2 since W17 was amended (more
#: event rolls from the 49th safe move). A save without it was written before.
EDITION = 2


def dump_attempt(attempt: Attempt) -> str:
    data = {
        "mode": attempt.mode.name,
        "seed": str(attempt.seed),
        "date": attempt.date,
        "position": attempt.position_text(),
        "rng": f"{attempt.rng.state:x}",
        "collected": list(attempt.collected),
        "training": attempt.training,
        "ended": attempt.ended,
        "history": [
            [s.text, f"{s.rng.state:x}", list(s.collected), s.bowl, s.last]
            for s in attempt.history
        ],
        "redo": list(attempt.redo_bowls),
        "last": attempt.last,
        "extra": attempt.extra,
        "edition": EDITION,
    }
    return save.dump(GAME, KIND, data)


def load_attempt(text: str) -> Attempt:
    data = save.load(text, GAME, KIND)
    mode_name = save.field(data, "mode", str)
    if mode_name not in MODES:
        raise NotationError("mode", f"unknown mode {mode_name!r}")
    mode = MODES[mode_name]
    date = save.field(data, "date", str)
    if mode.dated and not is_date(date):
        raise NotationError("date", f"a daily attempt needs a date YYYY-MM-DD, got {date!r}")
    history = [_snapshot(entry) for entry in save.field(data, "history", list)]
    redo = save.field(data, "redo", list)
    if not all(_is_bowl(b) for b in redo):
        raise NotationError("redo", "redo must list bowl numbers 0-11")
    attempt = Attempt(
        mode=mode,
        position=_position(save.field(data, "position", str), "position"),
        rng=_rng(save.field(data, "rng", str), "rng"),
        seed=_seed(save.field(data, "seed", str)),
        date=date,
        collected=_collected(save.field(data, "collected", list), "collected"),
        training=save.field(data, "training", bool),
        ended=save.field(data, "ended", bool),
        history=history,
        redo_bowls=list(redo),
        last=_last(data.get("last"), "last"),
        extra=_extra(save.field(data, "extra", dict), mode_name),
    )
    edition = data.get("edition", 1)
    if edition not in (1, EDITION) or isinstance(edition, bool):
        raise NotationError("edition", f"unknown rules edition {edition!r}")
    try:
        check_line(attempt)
    except NotationError:
        if edition == EDITION:
            raise
        attempt = _migrated(attempt)
    if attempt.extra.get("recorded") and attempt.status() is None:
        raise NotationError("extra", "only a finished attempt is recorded")
    return attempt


#: What ``extra`` may hold (issue 12: no untyped data that the page or the awards trust).
_EXTRA_FLAGS = ("recorded", "puzzleRecorded")


def _extra(value: dict[str, Any], mode: str) -> dict[str, Any]:
    """The mode data of a save: the flags ``recorded``/``puzzleRecorded`` and, for
    a puzzle (and only there), the id of an existing puzzle."""
    known = {*_EXTRA_FLAGS, "puzzle"}
    if set(value) - known or not all(isinstance(value[f], bool) for f in _EXTRA_FLAGS if f in value):
        raise NotationError("extra", "extra holds only the flags recorded, puzzleRecorded and a puzzle id")
    ident = value.get("puzzle")
    if (mode == "puzzle") != ("puzzle" in value) or ("puzzleRecorded" in value and mode != "puzzle"):
        raise NotationError("extra", "a puzzle attempt, and only it, names its puzzle")
    if ident is not None and not _is_count(ident):
        raise NotationError("extra", "puzzle must be an id")
    if ident is not None and not 1 <= ident <= COUNT:
        raise NotationError("puzzle", f"no puzzle {ident}")
    return value


def _migrated(attempt: Attempt) -> Attempt:
    """A run saved before the W17 amendment whose undo line no longer replays
    (its refills past the 48th move were drawn with one event roll): the run
    itself is kept, never lost; only its undo line and last-move record go,
    since play under today's rules cannot vouch for them.

    The position, PRNG, score and collected stones were checked above as for
    any save, and the next move is played under the amended rules.
    """
    return replace(attempt, history=[], redo_bowls=[], last=None)


def check_line(attempt: Attempt) -> None:
    """Replay the undo line (W21): every kept move, sown again from the snapshot
    before it, must give the next snapshot and, for the last one, the attempt
    itself, with the very ``last`` record the save holds. So ``last`` (which the
    achievements read: a combo of 99 would earn three) and the undo history
    are what play gave, not what a save says. An attempt without history has
    no last move."""
    line = attempt.history
    if not line:
        if attempt.last is not None:
            raise NotationError("last", "no move kept, so no last move")
        return
    for number, snap in enumerate(line):
        after = line[number + 1] if number + 1 < len(line) else None
        replay = Attempt(attempt.mode, snap.position, snap.rng, collected=snap.collected, last=snap.last,
                         extra=dict(attempt.extra))
        if not replay.play(snap.bowl).accepted:
            raise NotationError("history", f"move {number + 1} of the history cannot be played")
        got = (replay.position, replay.rng, replay.collected, replay.last)
        want = ((after.position, after.rng, after.collected, after.last) if after is not None
                else (attempt.position, attempt.rng, attempt.collected, attempt.last))
        if got != want:
            raise NotationError("history" if after is not None else "last",
                                f"move {number + 1} of the history does not give what the save holds")


def _is_bowl(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < RING


def _position(text: str, name: str) -> Any:
    try:
        return parse(text)
    except NotationError as exc:
        raise NotationError(name, f"{exc.field}: {exc.message}") from None


def _rng(text: str, name: str) -> Rng:
    try:
        state = int(text, 16)
    except ValueError:
        raise NotationError(name, f"{name} must be hex text") from None
    if not 0 <= state <= _MASK64:
        raise NotationError(name, f"{name} must be a 64-bit state")
    return Rng(state)


def _seed(text: str) -> int:
    """The attempt's seed (a Daily's is 64 bits from its date, W20)."""
    if not text.isdigit() or not text.isascii() or len(text) > 20 or int(text) > _MASK64:
        raise NotationError("seed", "seed must be decimal text of a 64-bit number")
    return int(text)


def _collected(value: list[Any], name: str) -> tuple[int, ...]:
    if len(value) != len(COLOURS) or not all(_is_count(n) for n in value):
        raise NotationError(name, f"{name} must be {len(COLOURS)} counts >= 0")
    return tuple(value)


_LAST_COUNTS = ("points", "combo")
_OVERFLOW_PHASES = (None, "player", "refill")


def _last(value: Any, name: str) -> dict[str, Any] | None:
    """What a move did (``Attempt.last``): null or the object ``Attempt.play`` writes.

    Checked in full because the page, undo and the puzzle goals read it; a
    save with a half object would otherwise load and fail later.
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise NotationError(name, f"{name} must be an object or null")
    counts_ok = all(_is_count(value.get(key)) for key in _LAST_COUNTS)
    matching = value.get("matching")
    if not (_is_bowl(value.get("bowl")) and counts_ok and isinstance(matching, list)
            and all(_is_bowl(b) for b in matching) and isinstance(value.get("perfect"), bool)
            and value.get("overflow", 0) in _OVERFLOW_PHASES):
        raise NotationError(name, f"{name} must hold bowl, points, combo, matching, perfect and overflow")
    return value


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _snapshot(entry: Any) -> Snapshot:
    if not isinstance(entry, list) or len(entry) != 5:
        raise NotationError("history", "each history entry is [position, rng, collected, bowl, last]")
    position, rng, collected, bowl, last = entry
    if not isinstance(position, str) or not isinstance(rng, str) or not isinstance(collected, list):
        raise NotationError("history", "history entry has wrong types")
    if not _is_bowl(bowl):
        raise NotationError("history", "history bowl must be 0-11")
    return Snapshot(
        _position(position, "history"), _rng(rng, "history"), _collected(collected, "history"),
        bowl, _last(last, "history"), position,
    )
