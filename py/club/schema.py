"""The one schema of a run's recording: what a replay code and the
recording inside a save may hold, read by the same code for both.

- Each action is a method of the game's ``RECORDED`` table with the payload
  keys the table names, each value checked by the same ``Key`` the action
  itself reads it with (``Key.read``), so a recording holds nothing the
  action would refuse as bad input.
- ``Bounds``: what real play can make, from the game's rules (each game's
  table cites its rule ids): the most moves, the most of an action between
  two moves (a merge pair has six turns, M4) or in a whole run (one re-deal,
  B14), frames that hand over time as few as the recorder writes them.
  ``check`` reads a recording's packed actions once, cheaply (a run of a
  million frames is one ``min``/``max``), before any of it is played; what
  only the engine knows (a domino tile locked by gravity inside a frame) is
  checked as the replay plays (``Tally``).

Anything outside is refused ``replay-bounds`` (a payload the action would
refuse: ``replay-corrupt``), before any work that depends on its length.

>>> rules = {"tick": {"ms": integer(1, 99)}, "turn": {"step": one_of(1, -1, default=1)}, "place": {}}
>>> bounds = Bounds(moves=5, moves_by=frozenset({"place"}), per_tail={"turn": 1})
>>> from club.replay import Actions, run_all
>>> run_all(check(Actions.of([("tick", {"ms": 5}), ("turn", {}), ("place", {})]), rules, bounds))
>>> run_all(check(Actions.of([("turn", {"step": 1}), ("turn", {"step": -1})]), rules, bounds))
Traceback (most recent call last):
...
club.replay.ReplayError: replay-bounds: more than 1 'turn' between two moves
>>> run_all(check(Actions.of([("tick", {"ms": 0})]), rules, bounds))
Traceback (most recent call last):
...
club.replay.ReplayError: replay-corrupt: a 'tick' the game refuses (ms)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from club.errors import is_int
from club.replay import CHUNK, Actions, ReplayError, Work

#: ``Key.default`` of a key the action refuses to go without.
REQUIRED: Any = object()
#: ``Key.default`` of a key the action goes without (no value is filled in).
OPTIONAL: Any = object()
#: Packed items checked between two pauses of the work.
UNIT = 256


@dataclass(frozen=True, slots=True)
class Key:
    """How an action reads one payload key: ``ok(value)``, and the value it takes
    when the key is missing (``default``; ``REQUIRED``: none, ``OPTIONAL``:
    none and it goes without). ``low``/``high``: an integer key's range, so a
    run of values is checked at once."""

    ok: Callable[[object], bool]
    default: Any = REQUIRED
    low: int | None = None
    high: int | None = None
    choices: frozenset[int] | None = None  # an integer key of a few values: those

    def run_ok(self, values: Any) -> bool:
        """A run of integer values, every one as ``ok`` reads it (``min``/``max`` at C speed)."""
        if self.low is None or self.high is None or min(values) < self.low or max(values) > self.high:
            return False
        return self.choices is None or set(values) <= self.choices

    def read(self, payload: dict[str, Any], key: str) -> Any:
        """The value the action takes (its default when missing); None when refused."""
        value = payload.get(key, self.default)
        if value is REQUIRED or (value is not OPTIONAL and not self.ok(value)):
            return None
        return value


def integer(low: int, high: int, default: Any = REQUIRED) -> Key:
    """An integer ``low <= value <= high`` (never a bool)."""
    return Key(lambda value: is_int(value) and low <= value <= high, default, low, high)  # type: ignore[operator]


def one_of(*values: object, default: Any = REQUIRED) -> Key:
    """One of ``values`` (of their exact types: ``1`` is not ``True``)."""
    allowed = {(type(value), value) for value in values}

    def ok(value: object) -> bool:
        return (isinstance(value, (str, int)) and (type(value), value) in allowed)

    ints = frozenset(value for value in values if is_int(value))
    if len(ints) != len(values):
        return Key(ok, default)
    return Key(ok, default, min(ints), max(ints), ints)  # type: ignore[type-var]


def flag(default: Any = REQUIRED) -> Key:
    return Key(lambda value: isinstance(value, bool), default)


def text(reader: Callable[[object], object], longest: int = 40, default: Any = REQUIRED) -> Key:
    """A value ``reader`` reads (not None), at most ``longest`` characters as text."""
    return Key(lambda value: len(str(value)) <= longest and reader(value) is not None, default)


#: A game's recorded actions: method -> payload key -> how the action reads it.
Recorded = Mapping[str, Mapping[str, Key]]


def kept(payload: dict[str, Any], keys: Mapping[str, Key]) -> dict[str, Any]:
    """The payload of an accepted action as it is recorded: the keys that make it,
    a missing one as the action took it (its default)."""
    out = {}
    for key, rule in keys.items():
        if key in payload:
            out[key] = payload[key]
        elif rule.default is not REQUIRED and rule.default is not OPTIONAL:
            out[key] = rule.default
    return out


@dataclass(frozen=True, slots=True)
class Bounds:
    """What real play of a game can record (each game's table cites its rules).

    ``moves``: the most moves (``Session.played``) a replay reaches. A tail is
    what comes between two moves: after each method of ``moves_by``, or, when
    that is empty, each time the engine's move count changes (a domino tile
    locked by gravity inside a frame). ``per_tail``/``per_run``: the most of a
    method in one tail / in the whole run. ``frame``: the method that lets time
    pass; with ``full_frame`` set, the recorder adds a frame to the one before
    it up to that many ms, so a frame follows a frame only when that one is full.
    """

    moves: int
    moves_by: frozenset[str] = frozenset()
    per_tail: Mapping[str, int] = field(default_factory=dict)
    per_run: Mapping[str, int] = field(default_factory=dict)
    frame: str | None = None
    full_frame: int | None = None


def check(actions: Actions, recorded: Recorded, bounds: Bounds) -> Work:
    """Every packed item read as its action reads it, and the bounds that need no
    engine; pauses every ``UNIT`` items (a generator of work, like decoding)."""
    tally = Tally(bounds)
    for n, item in enumerate(actions.items):
        if len(item) == 2:
            method, payload = item
            _payload(recorded, method, payload)
            tally.note(method, 1, payload)
        else:
            method, key, values = item
            for at in range(0, len(values), CHUNK):  # a long run in pieces: one unit of work each
                part = values[at:at + CHUNK]
                _run(recorded, method, key, part)
                tally.note(method, len(part), {key: part[-1]}, part)
                yield
        if n % UNIT == UNIT - 1:
            yield


def _payload(recorded: Recorded, method: str, payload: dict[str, Any]) -> None:
    keys = recorded.get(method)
    if keys is None:
        raise ReplayError("replay-corrupt", f"{method[:24]!r} is no action of this game")
    unknown = set(payload) - set(keys)
    if unknown:
        raise ReplayError("replay-corrupt", f"a {method!r} holds {sorted(unknown)[0][:24]!r}")
    for key, rule in keys.items():
        if rule.read(payload, key) is None and (key in payload or rule.default is not OPTIONAL):
            raise ReplayError("replay-corrupt", f"a {method!r} the game refuses ({key})")


def _run(recorded: Recorded, method: str, key: str, values: Any) -> None:
    keys = recorded.get(method)
    if keys is None:
        raise ReplayError("replay-corrupt", f"{method[:24]!r} is no action of this game")
    rule = keys.get(key)
    others_missing = all(other.default is not REQUIRED for name, other in keys.items() if name != key)
    if rule is None or not others_missing or not rule.run_ok(values):
        raise ReplayError("replay-corrupt", f"a {method!r} the game refuses ({key[:24]})")


class Tally:
    """The counts the bounds are checked on, one action (or run of them) at a time."""

    def __init__(self, bounds: Bounds, playing: bool = False) -> None:
        self.bounds = bounds
        # tails are counted where a move is known: by method, or, while playing, by the engine's count
        self.tails = bool(bounds.moves_by) or playing
        self.moves = 0
        self.tail: dict[str, int] = {}
        self.run: dict[str, int] = {}
        self.last: tuple[str, int] | None = None  # the method just noted and its frame ms

    def note(self, method: str, times: int, payload: dict[str, Any], values: Any = None) -> None:
        bounds = self.bounds
        if method in bounds.moves_by:
            self.move(times)
        elif method in bounds.per_tail and self.tails:
            self.tail[method] = self.tail.get(method, 0) + times
            if self.tail[method] > bounds.per_tail[method]:
                raise ReplayError("replay-bounds", f"more than {bounds.per_tail[method]} {method!r} between two moves")
        if method in bounds.per_run:
            self.run[method] = self.run.get(method, 0) + times
            if self.run[method] > bounds.per_run[method]:
                raise ReplayError("replay-bounds", f"more than {bounds.per_run[method]} {method!r} in one run")
        if method == bounds.frame and bounds.full_frame is not None:
            self._frames(values if values is not None else [next(iter(payload.values()), 0)])
        self.last = (method, payload[next(iter(payload))] if method == bounds.frame and payload else 0)

    def move(self, times: int = 1) -> None:
        self.moves += times
        self.tail = {}
        if self.moves > self.bounds.moves:
            raise ReplayError("replay-bounds", f"more than {self.bounds.moves} moves")

    def _frames(self, values: Any) -> None:
        """A frame after a frame only when that one was full (the recorder adds them up)."""
        full = self.bounds.full_frame
        follows = self.last is not None and self.last[0] == self.bounds.frame
        if (follows and self.last is not None and self.last[1] != full) or values[:-1].count(full) != len(values) - 1:
            raise ReplayError("replay-bounds", "frames the recorder writes as one")
