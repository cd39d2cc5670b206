"""A run's recording (issue 16): its start payload and its accepted actions.

Every game's Session records the actions its ``RECORDED`` table names
(method -> the payload keys that matter) through the ``recorded``
decorator; the recording travels inside the run's save, beside ``data``
(``{"schema": 1, ..., "replay": {"start": ..., "actions": ..., "moments":
...}}``), so a resumed run keeps it. A save from before issue 16 has none:
that run is played as ever and is simply not replayable.

A challenge link is the start payload as a URL query (``link``) and back
(``read_link``); the game's ``LINK`` table names its own parameters:

>>> link({"seed": 12, "mode": "sprint", "set": "classic"}, {"mode": str, "set": str})
'seed=12&mode=sprint&set=classic'
>>> read_link("seed=12&set=classic&mode=sprint", {"mode": str, "set": str})
{'seed': 12, 'mode': 'sprint', 'set': 'classic'}
>>> link({"seed": 5, "jokers": False}, {"jokers": bool}), read_link("seed=5&jokers=0", {"jokers": bool})
('seed=5&jokers=0', {'seed': 5, 'jokers': False})
>>> read_link("daily=2026-12-02", {}), link({"daily": "2026-12-02", "seed": 9}, {})
({'daily': '2026-12-02'}, 'daily=2026-12-02')
>>> read_link("seed=99999999999", {})
Traceback (most recent call last):
...
club.errors.NotationError: query: seed must be an integer 0 <= seed < 2**32
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from club.calendar import is_date
from club.errors import NotationError, read_seed
from club.replay import MAX_ACTIONS, Action, ReplayError, single_int, unpack
from club.save import parse_json

#: Methods whose payload is frame time: they make no step of their own in a
#: replay (unless something happened), and they are no move of the player.
PASSIVE = frozenset({"tick", "soft"})
#: Key moments kept for the share grid (levels 1-5).
MAX_MOMENTS = 10_000
LinkTable = dict[str, type]


@dataclass(slots=True)
class Log:
    """What a run was started with and every accepted action since.

    The packed actions are kept as they grow, each packed item's JSON text
    made once (only the last, still growing, is made again), so writing the
    save after each move costs a join, not a pass over a long run's frames.

    >>> log = Log({"seed": 1})
    >>> for ms in (16, 17): log.append("tick", {"ms": ms})
    >>> log.append("move", {"move": "hard"})
    >>> log.text()
    '{"start":{"seed":1},"actions":[["tick","ms",[16,17]],["move",{"move":"hard"}]],"moments":[]}'
    """

    start: dict[str, Any]
    actions: list[Action] = field(default_factory=list)
    moments: list[int] = field(default_factory=list)  # the levels of the run's key moments
    _texts: list[str | None] = field(default_factory=list)  # JSON of each packed item (None: to make)
    _packed: list[Any] = field(default_factory=list)

    @classmethod
    def of(cls, start: dict[str, Any], actions: list[Action], moments: list[int]) -> Log:
        log = cls(start, [], moments)
        for method, payload in actions:
            log.append(method, payload)
        return log

    def append(self, method: str, payload: dict[str, Any]) -> None:
        self.actions.append((method, payload))
        key = single_int(payload)
        last = self._packed[-1] if self._packed else None
        if key and last is not None and len(last) == 3 and last[0] == method and last[1] == key:
            last[2].append(payload[key])
            self._texts[-1] = None
            return
        if last is not None and len(last) == 3 and len(last[2]) == 1:  # a run of one reads as the action it is
            self._packed[-1] = [last[0], {last[1]: last[2][0]}]
            self._texts[-1] = None
        self._packed.append([method, key, [payload[key]]] if key else [method, payload])
        self._texts.append(None)

    def text(self) -> str:
        """The recording as JSON text (what the save holds beside ``data``)."""
        return (f'{{"start":{json.dumps(self.start, separators=(",", ":"), allow_nan=False)},'
                f'"actions":{self.actions_text()},"moments":{json.dumps(self.moments)}}}')

    def actions_text(self) -> str:
        """The packed actions as JSON text (``club.replay.pack``'s, made as they grew)."""
        packed = self._packed
        for i, made in enumerate(self._texts):
            if made is None:
                item = packed[i]
                if i == len(packed) - 1 and len(item) == 3 and len(item[2]) == 1:
                    item = [item[0], {item[1]: item[2][0]}]
                self._texts[i] = json.dumps(item, separators=(",", ":"), allow_nan=False)
        return f'[{",".join(t for t in self._texts if t is not None)}]'

    @property
    def moves(self) -> int:
        """The player's own moves (frame time is none)."""
        return sum(1 for method, _ in self.actions if method not in PASSIVE)


def recorded(method: Callable[[Any, dict[str, Any]], Any]) -> Callable[[Any, dict[str, Any]], Any]:
    """Record the decorated action when it is accepted: ``Session.act`` does it
    before it writes the answer's save (so the save holds it); an action that
    keeps its state without ``act`` (a domino frame) is recorded on return."""
    name = method.__name__

    @functools.wraps(method)
    def run(self: Any, payload: dict[str, Any]) -> Any:
        self._pending = name, payload
        try:
            answer = method(self, payload)
        finally:
            pending, self._pending = self._pending, None
        if pending is not None and (not isinstance(answer, dict) or answer.get("accepted", True)):
            self._keep_action(pending, [])
        return answer

    return run


def with_log(text: str, log: Log | None) -> str:
    """A save text (compact JSON ending in ``}``) with the recording beside ``data``."""
    if log is None:
        return text
    return text[:-1] + ',"replay":' + log.text() + "}"


def read_log(text: object) -> Log | None:
    """The recording a save text holds, or None (no recording, or a broken one:
    the run still loads, it is only not replayable)."""
    try:
        value = parse_json(text)
        replay = value.get("replay") if isinstance(value, dict) else None
        if not isinstance(replay, dict) or not isinstance(replay.get("start"), dict):
            return None
        moments = replay.get("moments", [])
        if not isinstance(moments, list) or len(moments) > MAX_MOMENTS or \
                not all(type(m) is int and 1 <= m <= 5 for m in moments):
            return None
        actions = unpack(replay.get("actions"))
        return Log.of(dict(replay["start"]), list(actions), list(moments)) if len(actions) <= MAX_ACTIONS else None
    except (NotationError, ReplayError):
        return None


def keep_payload(payload: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The part of an accepted action's payload that made it (junk keys dropped)."""
    return {key: payload[key] for key in keys if key in payload}


def link(start: dict[str, Any], table: LinkTable) -> str:
    """The challenge link's query of a run that began with ``start``."""
    if "daily" in start:
        return f"daily={start['daily']}"
    parts = [f"seed={start['seed']}"] if "seed" in start else []  # a bowls puzzle is its number
    for key, kind in table.items():
        if key in start:
            value = start[key]
            parts.append(f"{key}={int(value) if kind is bool else value}")
    return "&".join(parts)


def read_link(query: object, table: LinkTable) -> dict[str, Any]:
    """The ``new`` payload a challenge link's query means (``NotationError("query")``)."""
    if not isinstance(query, str) or len(query) > 200:
        raise NotationError("query", "a challenge link is a short query text")
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    found = dict(pairs)
    if len(found) != len(pairs):
        raise NotationError("query", "a challenge link names each parameter once")
    if "daily" in found:
        if len(found) != 1 or not is_date(found["daily"]):
            raise NotationError("query", "a daily link is daily=YYYY-MM-DD alone")
        return {"daily": found["daily"]}
    payload: dict[str, Any] = {}
    if "seed" in found or not any(kind is int and key in found for key, kind in table.items()):
        if not found.get("seed", "").isdigit():
            raise NotationError("query", "a challenge link needs seed=<number>")
        try:
            payload["seed"] = read_seed(int(found.pop("seed")))
        except NotationError as exc:
            raise NotationError("query", exc.message) from None
    unknown = sorted(set(found) - set(table))
    if unknown:
        raise NotationError("query", f"unknown parameter {unknown[0][:20]!r}")
    for key, kind in table.items():
        if key not in found:
            continue
        text = found[key]
        if (kind is bool and text not in ("0", "1")) or (kind is int and not (text.isdigit() and len(text) < 10)):
            raise NotationError("query", f"{key} must be {'0 or 1' if kind is bool else 'a number'}")
        payload[key] = text == "1" if kind is bool else int(text) if kind is int else text
    return payload
