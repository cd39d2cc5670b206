"""Saves of an attempt (W25): the ``club.save`` envelope, kind ``run``, version 2.

Positions are stored in notation, the PRNG with ``Rng.dump`` (16 hex
digits: a 64-bit integer does not survive a JavaScript number). Every field
is checked on load; a bad one raises ``NotationError`` naming it.

Version 1 wrote the PRNG as unpadded hex and kept the
puzzle id and the recorded marks in an ``extra`` object; ``upgrade`` brings
such a save to version 2, so no run in progress is lost.

>>> from club.bowls.attempt import Attempt
>>> a = Attempt.start("endless", seed=5)
>>> _ = a.play(a.choosable()[0]); _ = a.play(a.choosable()[0]); _ = a.undo()
>>> b = load(dump(a))
>>> (b.position, b.rng, b.training, b.redo_bowls, len(b.history)) == (
...     a.position, a.rng, a.training, a.redo_bowls, len(a.history))
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from club import save
from club.bowls.attempt import Attempt, Snapshot, safe_combo
from club.bowls.modes import MODES, is_date
from club.bowls.notation import parse
from club.bowls.position import COLOURS, RING, Position
from club.bowls.puzzles import COUNT
from club.bowls.workshop import Made, read_made
from club.errors import NotationError, count
from club.rng import Rng

GAME, KIND = "bowls", "run"
VERSION = 2
_MASK64 = (1 << 64) - 1
#: The rules edition a save was played under: 2 since W17 was amended (more
#: event rolls from the 49th safe move). A save without it was written before.
EDITION = 2
FIELDS = {"mode", "seed", "date", "position", "rng", "collected", "training", "ended", "history", "redo",
          "last", "puzzle", "recorded", "edition"}
#: Written since the end card shows it (W13); a save without it gets the best its undo line shows.
#: ``new_best`` is written only by an attempt whose end raised a best (W25).
OPTIONAL = frozenset({"best_combo", "workshop", "new_best"})


def dump(attempt: Attempt) -> str:
    data = {
        "mode": attempt.mode.name,
        "seed": str(attempt.seed),
        "date": attempt.date,
        "position": attempt.position_text(),
        "rng": attempt.rng.dump(),
        "collected": list(attempt.collected),
        "training": attempt.training,
        "ended": attempt.ended,
        "history": [[s.text, s.rng.dump(), list(s.collected), s.bowl, s.last, s.best_combo]
                    for s in attempt.history],
        "redo": list(attempt.redo_bowls),
        "last": attempt.last,
        "puzzle": attempt.puzzle,
        "recorded": attempt.recorded,
        "edition": EDITION,
        "best_combo": attempt.best_combo,
    }
    if attempt.workshop is not None:  # W28: written only for a workshop attempt
        data["workshop"] = attempt.workshop.fields()
    if attempt.new_best:
        data["new_best"] = True
    return save.dump(GAME, KIND, data, VERSION)


def load(text: object) -> Attempt:
    data = save.load(text, GAME, KIND, VERSION, upgrade)
    save.keys(data, "data", FIELDS, OPTIONAL)
    mode_name = save.field(data, "mode", str)
    if mode_name not in MODES:
        raise NotationError("mode", f"unknown mode {mode_name[:40]!r}")
    mode = MODES[mode_name]
    date = save.field(data, "date", str)
    if mode.dated and not is_date(date):
        raise NotationError("date", f"a daily attempt needs a date YYYY-MM-DD, got {date[:40]!r}")
    redo = save.field(data, "redo", list)
    attempt = Attempt(
        mode=mode,
        position=_position(save.field(data, "position", str), "position"),
        rng=Rng.load(data.get("rng")),
        seed=_seed(save.field(data, "seed", str)),
        date=date,
        collected=_collected(save.field(data, "collected", list), "collected"),
        training=save.field(data, "training", bool),
        ended=save.field(data, "ended", bool),
        history=_history(save.field(data, "history", list)),
        redo_bowls=[_bowl(b, "redo") for b in redo],
        last=_last(data.get("last"), "last"),
        puzzle=_puzzle(data.get("puzzle"), mode_name),
        recorded=save.field(data, "recorded", bool),
        new_best=save.field(data, "new_best", bool) if "new_best" in data else False,
        workshop=_workshop(data.get("workshop"), mode_name),
    )
    attempt.best_combo = _best_combo(data.get("best_combo"), attempt)
    edition = data.get("edition")
    if edition not in (1, EDITION) or isinstance(edition, bool):
        raise NotationError("edition", f"unknown rules edition {str(edition)[:20]!r}")
    try:
        check_line(attempt)
    except NotationError:
        if edition == EDITION:
            raise
        attempt = _migrated(attempt)
    if attempt.recorded and attempt.status() is None:
        raise NotationError("recorded", "only a finished attempt is recorded")
    if attempt.new_best and not attempt.recorded:
        raise NotationError("new_best", "only a recorded attempt raised a best")
    return attempt


def upgrade(version: int, data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2 (P8): the PRNG as 16 hex digits, ``extra`` as typed
    fields, the rules edition written (1 when a save has none, W17).

    >>> old = {"rng": "1f", "history": [["-/-/-/-/-/-/-/-/-/-/-/- 0 0", "a", [0] * 5, 0, None]],
    ...        "extra": {"puzzle": 3, "recorded": True, "puzzleRecorded": True}}
    >>> new = upgrade(1, old)
    >>> new["rng"], new["history"][0][1], new["puzzle"], new["recorded"], new["edition"]
    ('000000000000001f', '000000000000000a', 3, True, 1)
    """
    out = {key: value for key, value in data.items() if key != "extra"}
    out["rng"] = _old_rng(data.get("rng"), "rng")
    history = data.get("history")
    if isinstance(history, list):
        out["history"] = [[*entry[:1], _old_rng(entry[1], "history"), *entry[2:]]
                          if isinstance(entry, list) and len(entry) == 5 else entry for entry in history]
    extra = data.get("extra")
    flags = ("recorded", "puzzleRecorded")
    if not isinstance(extra, dict) or set(extra) - {*flags, "puzzle"} or not all(
            isinstance(extra[f], bool) for f in flags if f in extra):
        raise NotationError("extra", "extra holds only the flags recorded, puzzleRecorded and a puzzle id")
    out["puzzle"] = extra.get("puzzle")
    # A puzzle was counted by two calls (record, then puzzle_record): recorded once both ran.
    both = extra.get("puzzleRecorded", False) or "puzzle" not in extra
    out["recorded"] = bool(extra.get("recorded")) and both
    out["edition"] = data.get("edition", 1)
    return out


def _old_rng(text: object, name: str) -> str:
    """Version 1's PRNG text: 1-16 lowercase hex digits (``f"{state:x}"``), as ``Rng.dump``."""
    if not isinstance(text, str) or not 1 <= len(text) <= 16 or not set(text) <= set("0123456789abcdef"):
        raise NotationError(name, f"{name} must be hex text of a 64-bit state")
    return Rng(int(text, 16)).dump()


def _puzzle(value: object, mode: str) -> int | None:
    """A puzzle attempt, and only it, names an existing puzzle (W18)."""
    if (mode == "puzzle") != (value is not None):
        raise NotationError("puzzle", "a puzzle attempt, and only it, names its puzzle")
    return None if value is None else count(value, "puzzle", 1, COUNT)


def _workshop(value: object, mode: str) -> Made | None:
    """A workshop attempt, and only it, carries its puzzle (W28), read as the workshop reads one."""
    if (mode == "workshop") != (value is not None):
        raise NotationError("workshop", "a workshop attempt, and only it, carries its puzzle")
    if value is None:
        return None
    try:
        return read_made(value)
    except NotationError as exc:
        raise NotationError("workshop", f"{exc.field}: {exc.message}") from None


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
                         puzzle=attempt.puzzle, best_combo=snap.best_combo, workshop=attempt.workshop)
        if not replay.play(snap.bowl).accepted:
            raise NotationError("history", f"move {number + 1} of the history cannot be played")
        got = (replay.position, replay.rng, replay.collected, replay.last, replay.best_combo)
        want = ((after.position, after.rng, after.collected, after.last, after.best_combo) if after is not None
                else (attempt.position, attempt.rng, attempt.collected, attempt.last, attempt.best_combo))
        if got != want:
            raise NotationError("history" if after is not None else "last",
                                f"move {number + 1} of the history does not give what the save holds")


def _bowl(value: object, name: str) -> int:
    return count(value, name, 0, RING - 1)


def _position(text: str, name: str) -> Position:
    try:
        return parse(text)
    except NotationError as exc:
        raise NotationError(name, f"{exc.field}: {exc.message}") from None


def _seed(text: str) -> int:
    """The attempt's seed (a Daily's is 64 bits from its date, W20)."""
    if not text.isdigit() or not text.isascii() or len(text) > 20 or int(text) > _MASK64:
        raise NotationError("seed", "seed must be decimal text of a 64-bit number")
    return int(text)


def _collected(value: list[Any], name: str) -> tuple[int, ...]:
    if len(value) != len(COLOURS):
        raise NotationError(name, f"{name} must be {len(COLOURS)} counts >= 0")
    return tuple(count(n, name) for n in value)


_OVERFLOW_PHASES = (None, "player", "refill")
_LAST_KEYS = {"bowl", "points", "combo", "matching", "perfect", "overflow"}


def _last(value: Any, name: str) -> dict[str, Any] | None:
    """What a move did (``Attempt.last``): null or the object ``Attempt.play`` writes.

    Checked in full because the page, undo and the puzzle goals read it; a
    save with a half object would otherwise load and fail later.
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise NotationError(name, f"{name} must be an object or null")
    if set(value) != _LAST_KEYS:
        raise NotationError(name, f"{name} must hold bowl, points, combo, matching, perfect and overflow")
    _bowl(value["bowl"], name)
    count(value["points"], name)
    count(value["combo"], name)
    matching = value["matching"]
    if not isinstance(matching, list) or not isinstance(value["perfect"], bool) or not any(
            value["overflow"] is phase or value["overflow"] == phase for phase in _OVERFLOW_PHASES):
        raise NotationError(name, f"{name} must hold bowl, points, combo, matching, perfect and overflow")
    for bowl in matching:
        _bowl(bowl, name)
    return value


def _history(entries: list[Any]) -> list[Snapshot]:
    """The undo line; an entry written before ``best_combo`` (five fields) gets the best
    combo the line shows up to it (the replay in ``check_line`` then agrees)."""
    line: list[Snapshot] = []
    for entry in entries:
        snap = _snapshot(entry)
        if len(entry) == 5:
            before = line[-1].best_combo if line else 0
            snap = replace(snap, best_combo=max(before, safe_combo(snap.last)))
        line.append(snap)
    return line


def _best_combo(value: object, attempt: Attempt) -> int:
    """The attempt's best combo (W13); missing in an older save: what its undo line shows."""
    if value is None:
        before = attempt.history[-1].best_combo if attempt.history else 0
        return max(before, safe_combo(attempt.last))
    return count(value, "best_combo", 0, RING)


def _snapshot(entry: Any) -> Snapshot:
    if not isinstance(entry, list) or len(entry) not in (5, 6):
        raise NotationError("history", "each history entry is [position, rng, collected, bowl, last, best combo]")
    position, rng, collected, bowl, last = entry[:5]
    if not isinstance(position, str) or not isinstance(collected, list):
        raise NotationError("history", "history entry has wrong types")
    best = count(entry[5], "history", 0, RING) if len(entry) == 6 else 0
    return Snapshot(
        _position(position, "history"), Rng.load(rng, "history"), _collected(collected, "history"),
        _bowl(bowl, "history"), _last(last, "history"), position, best,
    )
