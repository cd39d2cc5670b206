"""The one versioned envelope of every save and every profile (P8).

Stored text is ``{"schema": 1, "game": ..., "kind": ..., "version": N,
"data": {...}}``: ``kind`` is ``run`` for a game in progress and
``profile`` for the player card. The game validates ``data`` itself; the
envelope checks what is common. Any problem raises ``NotationError`` with the
failing field, and the page moves the stored value aside (P8).

``version`` is the game's own format of ``data``. ``load`` brings older data
up to date one step at a time through the game's ``upgrade(version, data)``,
and text that is no envelope at all (a format from before the envelope) goes
through the game's ``legacy(value)``, so no player loses a run or a best when
a format changes. An envelope without ``version`` is version 1.

>>> text = dump("blocks", "run", {"x": 1})
>>> text
'{"data":{"x":1},"game":"blocks","kind":"run","schema":1,"version":1}'
>>> load(text, "blocks", "run")
{'x': 1}
>>> load('{"schema": 1, "game": "merge", "kind": "run", "data": {}}', "blocks", "run")
Traceback (most recent call last):
...
club.errors.NotationError: game: expected game 'blocks', got 'merge'
>>> up = lambda version, data: {**data, "y": 2}
>>> load('{"schema":1,"game":"blocks","kind":"run","data":{"x":1}}', "blocks", "run", 2, up)
{'x': 1, 'y': 2}
>>> load('{"records": {}}', "domino", "profile", legacy=lambda old: {"records": old["records"]})
{'records': {}}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from club import jsontext
from club.errors import MAX_COUNT, NotationError, count

SCHEMA = 1
#: Longest stored text read: a bowls save with a long undo line is ~100 KB.
MAX_TEXT = 1 << 21

Upgrade = Callable[[int, dict[str, Any]], dict[str, Any]]
Legacy = Callable[[Any], dict[str, Any]]


def dump(game: str, kind: str, data: dict[str, Any], version: int = 1) -> str:
    """Wrap ``data`` in the envelope as compact, strict JSON text (sorted keys)."""
    return json.dumps(
        {"schema": SCHEMA, "game": game, "kind": kind, "version": version, "data": data},
        separators=(",", ":"), sort_keys=True, allow_nan=False,
    )


def parse_json(text: object, field: str = "save") -> Any:
    """Strict JSON of stored text: no ``NaN``/``Infinity``/``1e999``, no
    nesting deeper than ``jsontext.MAX_DEPTH`` (checked before parsing: P8), no
    text over ``MAX_TEXT``.

    >>> parse_json('[1, 2.5]')
    [1, 2.5]
    >>> parse_json('{"a": NaN}')
    Traceback (most recent call last):
    ...
    club.errors.NotationError: save: save is not strict JSON: NaN
    >>> parse_json("[" * 5000 + "]" * 5000, "profile")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: profile: profile is nested deeper than 32
    """
    return jsontext.loads(text, field=field, max_chars=MAX_TEXT)


def load(
    text: object, game: str, kind: str, version: int = 1,
    upgrade: Upgrade | None = None, legacy: Legacy | None = None,
) -> dict[str, Any]:
    """Unwrap stored text, checking schema, game, kind and version; returns
    ``data`` in today's ``version`` (through ``upgrade`` or ``legacy``)."""
    name = kind if kind != "run" else "save"  # the field a corrupt text is reported under
    value = parse_json(text, name)
    if isinstance(value, dict) and "schema" not in value and legacy is not None:
        return legacy(value)
    if not isinstance(value, dict):
        raise NotationError(name, f"a {name} must be a JSON object")
    if value.get("schema") != SCHEMA:
        raise NotationError("schema", f"expected schema {SCHEMA}, got {_quoted(value.get('schema'))}")
    if value.get("game") != game:
        raise NotationError("game", f"expected game {game!r}, got {_quoted(value.get('game'))}")
    if value.get("kind") != kind:
        raise NotationError("kind", f"expected kind {kind!r}, got {_quoted(value.get('kind'))}")
    stored = count(value.get("version", 1), "version", 1, version)
    data = value.get("data")
    if not isinstance(data, dict):
        raise NotationError("data", "data must be an object")
    for step in range(stored, version):
        if upgrade is None:
            raise NotationError("version", f"no upgrade from version {step}")
        data = upgrade(step, data)
    return data


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """Read one typed field of save data, naming it when it is missing or wrong.

    ``bool`` is never accepted where ``int`` is asked for.

    >>> field({"n": 3}, "n", int)
    3
    >>> field({"n": True}, "n", int)
    Traceback (most recent call last):
    ...
    club.errors.NotationError: n: n must be int
    """
    value = data.get(name)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = "/".join(k.__name__ for k in kinds)
        raise NotationError(name, f"{name} must be {names}")
    return value


def counter(data: dict[str, Any], name: str, high: int | None = MAX_COUNT, low: int = 0) -> int:
    """The one bounded-integer reader of saves and profiles (``MAX_COUNT``
    unless the rules bound it tighter), naming the field when it is missing,
    not an integer or out of range.

    >>> counter({"n": 3}, "n", 5)
    3
    >>> counter({"n": 2**60}, "n")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: n: n must be 0-1125899906842624
    """
    return count(data.get(name), name, low, high)


def keys(data: dict[str, Any], name: str, required: set[str], optional: frozenset[str] = frozenset()) -> None:
    """Refuse an object with a missing key (naming that key) or an unknown key
    (naming the object ``name``): a typo is no field.

    >>> keys({"b": 2}, "data", {"a", "b"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: a: missing key 'a'
    >>> keys({"a": 1, "b": 2}, "data", {"a"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: data: unknown key 'b'
    """
    missing = required - data.keys()
    if missing:
        first = sorted(missing)[0]
        raise NotationError(first, f"missing key {first!r}")
    extra = data.keys() - required - optional
    if extra:
        raise NotationError(name, f"unknown key {str(sorted(extra)[0])[:40]!r}")


def _quoted(value: object) -> str:
    return repr(value)[:40]
