"""A run's recording: its start payload and its accepted actions.

Every game's Session records the actions its ``RECORDED`` table names
(method -> the payload keys that matter): an action says what it records
(``Session.act(step, record=(method, payload))``) and the Session keeps it
in the run's ``Log`` once accepted; the recording travels inside the run's save, beside ``data``
(``{"schema": 1, ..., "replay": {"start": ..., "actions": ..., "moments":
...}}``), so a resumed run keeps it. A save from before recordings has none:
that run is played as ever and is simply not replayable. The recording is
read by the schema a replay code is read by (``club.schema``, through
``club.replaying.read_log``); one that does not read is no recording. A run that
outgrows what a replay holds (``MAX_RECORDING`` characters, the game's
``Bounds``) keeps its start (its link and daily) but no more actions
(``cut``): it is not replayable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from club.replay import Action, Actions, single_int

#: Methods whose payload is frame time: they make no step of their own in a
#: replay (unless something happened), and they are no move of the player.
PASSIVE = frozenset({"tick", "soft"})
#: Key moments kept for the share grid (levels 1-5).
MAX_MOMENTS = 10_000


@dataclass(slots=True)
class Log:
    """What a run was started with and every accepted action since, packed.

    The packed actions are kept as they grow, each packed item's JSON text
    made once (only the last, still growing, is made again), so writing the
    save after each move costs a join, not a pass over a long run's frames.
    ``pop`` takes the last action back (a recorder that writes two actions
    as one, club.merge, club.domino, club.bowls).

    >>> log = Log({"seed": 1})
    >>> for ms in (16, 17): log.append("tick", {"ms": ms})
    >>> log.append("move", {"move": "hard"})
    >>> log.text()
    '{"start":{"seed":1},"actions":[["tick","ms",[16,17]],["move",{"move":"hard"}]],"moments":[]}'
    >>> log.pop(), log.pop(), log.last()
    (('move', {'move': 'hard'}), ('tick', {'ms': 17}), ('tick', {'ms': 16}))
    >>> log.append("tick", {"ms": 20}); log.actions_text()
    '[["tick","ms",[16,20]]]'
    """

    start: dict[str, Any]
    moments: list[int] = field(default_factory=list)  # the levels of the run's key moments
    cut: bool = False  # the run outgrew a replay: no more actions are kept
    count: int = 0  # actions kept
    moves: int = 0  # moves kept, as the game's ``Bounds`` counts them (set by the Session)
    size: int = 0  # characters of the packed actions' JSON, about (never less)
    _texts: list[str | None] = field(default_factory=list)  # JSON of each packed item (None: to make)
    _packed: list[Any] = field(default_factory=list)  # the last item, a run, always as [method, key, values]

    @classmethod
    def of(cls, start: dict[str, Any], actions: list[Action] | Actions, moments: list[int]) -> Log:
        log = cls(start, list(moments))
        if not isinstance(actions, Actions):
            for method, payload in actions:
                log.append(method, payload)
            return log
        for item in actions.items:  # a run is taken whole, not frame by frame
            if len(item) == 2 or len(item[2]) == 1:
                log.append(*(item if len(item) == 2 else (item[0], {item[1]: item[2][0]})))
                continue
            log.append(item[0], {item[1]: item[2][0]})
            rest = list(item[2][1:])
            log._packed[-1][2].extend(rest)
            log.count += len(rest)
            log.size += len(",".join(map(str, rest))) + 1
        return log

    def append(self, method: str, payload: dict[str, Any]) -> None:
        if self.cut:
            return
        self.count += 1
        key = single_int(payload)
        last = self._packed[-1] if self._packed else None
        if key and last is not None and len(last) == 3 and last[0] == method and last[1] == key:
            last[2].append(payload[key])
            self._texts[-1] = None
            self.size += len(str(payload[key])) + 1
            return
        if last is not None and len(last) == 3 and len(last[2]) == 1:  # a run of one reads as the action it is
            self._packed[-1] = [last[0], {last[1]: last[2][0]}]
            self._texts[-1] = None
        item = [method, key, [payload[key]]] if key else [method, payload]
        self._packed.append(item)
        self._texts.append(None)
        self.size += len(json.dumps(item, separators=(",", ":"))) + 1

    def pop(self) -> Action:
        """Take the last action back (the log is as before it was appended)."""
        self.count -= 1
        last = self._packed[-1]
        self._texts[-1] = None
        if len(last) == 3 and len(last[2]) > 1:
            value = last[2].pop()
            self.size -= len(str(value)) + 1
            return last[0], {last[1]: value}
        self._packed.pop()
        self._texts.pop()
        self.size -= len(json.dumps(last, separators=(",", ":"))) + 1
        before = self._packed[-1] if self._packed else None
        if before is not None and len(before) == 2 and single_int(before[1]):  # back to the run it was
            key = single_int(before[1])
            self._packed[-1] = [before[0], key, [before[1][key]]]
            self._texts[-1] = None
        return (last[0], {last[1]: last[2][0]}) if len(last) == 3 else (last[0], last[1])

    def last(self) -> Action | None:
        """The last action kept (None: none)."""
        if not self._packed:
            return None
        item = self._packed[-1]
        return (item[0], {item[1]: item[2][-1]}) if len(item) == 3 else (item[0], item[1])

    def last_of(self, method: str) -> dict[str, Any] | None:
        """The payload of the last ``method`` kept (None: none)."""
        for item in reversed(self._packed):
            if item[0] == method:
                return {item[1]: item[2][-1]} if len(item) == 3 else dict(item[1])
        return None

    def stop(self) -> None:
        """The run outgrew a replay: it keeps its start, no actions (not replayable)."""
        self.cut, self._packed, self._texts, self.count, self.size = True, [], [], 0, 0

    def text(self) -> str:
        """The recording as JSON text (what the save holds beside ``data``)."""
        cut = ',"cut":true' if self.cut else ""
        return (f'{{"start":{json.dumps(self.start, separators=(",", ":"), allow_nan=False)},'
                f'"actions":{self.actions_text()},"moments":{json.dumps(self.moments)}{cut}}}')

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

    def actions(self) -> Actions:
        """The actions as ``club.replay.Actions`` (a view of the packed items)."""
        return Actions([(item[0], item[1], list(item[2])) if len(item) == 3 else (item[0], item[1])
                        for item in self._packed])


def with_log(text: str, log: Log | None) -> str:
    """A save text (compact JSON ending in ``}``) with the recording beside ``data``."""
    if log is None:
        return text
    return text[:-1] + ',"replay":' + log.text() + "}"
