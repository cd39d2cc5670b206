"""Replay codes (issue 16): a finished run as text anyone can open.

A run is its start payload (the seed and what ``new`` was given) plus the
list of accepted actions, each ``[method, payload]``; the engine is
deterministic, so that is the whole run. The code is

    6E1.<game>.<base64url(zlib(json) + checksum)>

where ``json`` is ``{"a": actions, "s": start, "score": final score}``
(runs of one method with a one-number payload, a falling domino's frames,
are packed as ``[method, key, [n, n, ...]]``) and ``checksum`` is the first
4 bytes of SHA-256 of ``"<game>." + compressed bytes``, so a changed
letter or a code moved to another game is refused. ``print_code`` and
``parse_code`` round-trip:

>>> run = Replay("blocks", {"seed": 7}, (("place", {"slot": 0, "cell": "0:0"}),), 12)
>>> code = print_code(run)
>>> code.startswith("6E1.blocks.")
True
>>> parse_code(code) == run
True
>>> parse_code(code, "merge")
Traceback (most recent call last):
...
club.replay.ReplayError: replay-foreign: this is a blocks replay, not merge
>>> parse_code(code[:-3] + ("AAA" if code[-3:] != "AAA" else "BBB"))
Traceback (most recent call last):
...
club.replay.ReplayError: replay-corrupt: the code is damaged (checksum)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass
from typing import Any

from club import GAMES
from club.errors import NotationError
from club.save import parse_json

PREFIX = "6E"
VERSION = 1
#: The longest code read: a long Marathon of Domino Drop is a few hundred KB of frames.
MAX_CODE = 1 << 20
#: The most actions a replay holds (a 5-hour Marathon at 60 frames a second).
MAX_ACTIONS = 1_200_000
_CHECK = 4

Action = tuple[str, dict[str, Any]]


class ReplayError(NotationError):
    """A code that cannot be opened; ``field`` says why: ``replay-corrupt``,
    ``replay-foreign`` (another game's), ``replay-version`` (a newer format)
    or ``replay-diverged`` (the engine refuses one of its actions)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """One run: ``game``, its ``start`` payload, its ``actions`` and final ``score``."""

    game: str
    start: dict[str, Any]
    actions: tuple[Action, ...]
    score: int


def print_code(replay: Replay, actions_json: str | None = None) -> str:
    """The replay's text code (``actions_json``: its packed actions as JSON text
    already, as a run's recording keeps them)."""
    actions = json.dumps(pack(replay.actions), separators=(",", ":")) if actions_json is None else actions_json
    start = json.dumps(replay.start, separators=(",", ":"), sort_keys=True, allow_nan=False)
    packed = zlib.compress(f'{{"a":{actions},"s":{start},"score":{int(replay.score)}}}'.encode(), 9)
    raw = packed + _checksum(replay.game, packed)
    return f"{PREFIX}{VERSION}.{replay.game}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def game_of(code: object) -> str | None:
    """The game a code names (None when it names none), without checking the rest.

    >>> game_of("6E1.merge.xyz"), game_of("hello")
    ('merge', None)
    """
    if not isinstance(code, str):
        return None
    parts = code.strip().split(".")
    return parts[1] if len(parts) == 3 and parts[1] in GAMES else None


def parse_code(code: object, game: str | None = None) -> Replay:
    """The replay a code holds; ``game`` given, a code of another game is refused."""
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise ReplayError("replay-corrupt", "a replay code is text of at most 1 MB")
    parts = code.strip().split(".")
    if len(parts) != 3 or not parts[0].startswith(PREFIX) or parts[1] not in GAMES:
        raise ReplayError("replay-corrupt", "this is not a 6E Club replay code")
    version = parts[0][len(PREFIX):]
    if not version.isdigit() or int(version) < 1:
        raise ReplayError("replay-corrupt", "this is not a 6E Club replay code")
    if int(version) > VERSION:
        raise ReplayError("replay-version", f"this replay needs a newer 6E Club (format {int(version)})")
    if game is not None and parts[1] != game:
        raise ReplayError("replay-foreign", f"this is a {parts[1]} replay, not {game}")
    return _decode(parts[1], parts[2])


def _decode(game: str, text: str) -> Replay:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ReplayError("replay-corrupt", "the code is damaged (letters)") from None
    packed, check = raw[:-_CHECK], raw[-_CHECK:]
    if len(raw) <= _CHECK or check != _checksum(game, packed):
        raise ReplayError("replay-corrupt", "the code is damaged (checksum)")
    try:
        text_json = zlib.decompressobj().decompress(packed, 16 * MAX_CODE).decode()
        body = parse_json(text_json, "replay")
    except (zlib.error, UnicodeDecodeError, NotationError):
        raise ReplayError("replay-corrupt", "the code is damaged (content)") from None
    if not isinstance(body, dict) or set(body) != {"a", "s", "score"}:
        raise ReplayError("replay-corrupt", "the code is damaged (fields)")
    start, score = body["s"], body["score"]
    if not isinstance(start, dict) or isinstance(score, bool) or not isinstance(score, int) or not 0 <= score < 1 << 50:
        raise ReplayError("replay-corrupt", "the code is damaged (start or score)")
    return Replay(game, start, unpack(body["a"]), score)


def pack(actions: tuple[Action, ...] | list[Action]) -> list[Any]:
    """Actions as JSON, runs of one method with a one-integer payload packed.

    >>> pack([("tick", {"ms": 16}), ("tick", {"ms": 17}), ("move", {"move": "hard"})])
    [['tick', 'ms', [16, 17]], ['move', {'move': 'hard'}]]
    """
    out: list[Any] = []
    for method, payload in actions:
        key = single_int(payload)
        last = out[-1] if out else None
        if key and last is not None and len(last) == 3 and last[0] == method and last[1] == key:
            last[2].append(payload[key])
        elif key:
            out.append([method, key, [payload[key]]])
        else:
            out.append([method, payload])
    # a run of one stays an action as it was: shorter, and what a reader expects
    return [[item[0], {item[1]: item[2][0]}] if len(item) == 3 and len(item[2]) == 1 else item for item in out]


def unpack(packed: object) -> tuple[Action, ...]:
    """The actions ``pack`` packed; anything else is ``replay-corrupt``."""
    if not isinstance(packed, list):
        raise ReplayError("replay-corrupt", "the code is damaged (actions)")
    actions: list[Action] = []
    for item in packed:
        if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], dict):
            actions.append((item[0], item[1]))
        elif (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], str)
              and isinstance(item[2], list)):
            actions.extend((item[0], {item[1]: value}) for value in item[2])
        else:
            raise ReplayError("replay-corrupt", "the code is damaged (actions)")
        if len(actions) > MAX_ACTIONS:
            raise ReplayError("replay-corrupt", "the replay is longer than any run")
    return tuple(actions)


def single_int(payload: dict[str, Any]) -> str | None:
    if len(payload) != 1:
        return None
    key, value = next(iter(payload.items()))
    return key if isinstance(value, int) and not isinstance(value, bool) else None


def _checksum(game: str, packed: bytes) -> bytes:
    return hashlib.sha256(game.encode() + b"." + packed).digest()[:_CHECK]
