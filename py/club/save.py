"""The versioned save envelope shared by every game.

A save is JSON text ``{"schema": 1, "game": ..., "kind": ..., "data": {...}}``.
The game validates ``data`` itself (through its notation and fields);
the envelope checks what is common. Any problem raises ``NotationError`` with
the failing field, and the UI moves the stored value aside (P8).

>>> text = dump("blocks", "run", {"x": 1})
>>> load(text, "blocks", "run")
{'x': 1}
>>> load('{"schema": 1, "game": "merge", "kind": "run", "data": {}}', "blocks", "run")
Traceback (most recent call last):
...
club.errors.NotationError: game: expected game 'blocks', got 'merge'
"""

from __future__ import annotations

import json
from typing import Any

from club.errors import MAX_COUNT, NotationError, count

SCHEMA = 1


def dump(game: str, kind: str, data: dict[str, Any]) -> str:
    """Wrap ``data`` in the envelope as compact JSON text."""
    return json.dumps(
        {"schema": SCHEMA, "game": game, "kind": kind, "data": data},
        separators=(",", ":"),
        sort_keys=True,
    )


def load(text: str, game: str, kind: str) -> dict[str, Any]:
    """Unwrap a save, checking schema, game and kind; returns ``data``."""
    try:
        envelope = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise NotationError("save", f"not JSON: {exc}") from None
    if not isinstance(envelope, dict):
        raise NotationError("save", "a save must be a JSON object")
    if envelope.get("schema") != SCHEMA:
        raise NotationError("schema", f"expected schema {SCHEMA}, got {envelope.get('schema')!r}")
    if envelope.get("game") != game:
        raise NotationError("game", f"expected game {game!r}, got {envelope.get('game')!r}")
    if envelope.get("kind") != kind:
        raise NotationError("kind", f"expected kind {kind!r}, got {envelope.get('kind')!r}")
    data = envelope.get("data")
    if not isinstance(data, dict):
        raise NotationError("data", "data must be an object")
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
    """Read one bounded integer field (``MAX_COUNT`` unless the rules bound it
    tighter), naming it when it is missing, not an integer or out of range.

    >>> counter({"n": 3}, "n", 5)
    3
    >>> counter({"n": 2**60}, "n")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: n: n must be 0-1125899906842624
    """
    return count(data.get(name), name, low, high)
