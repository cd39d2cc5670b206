"""Replay codes: a finished run as text anyone can open.

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

>>> run = Replay("blocks", {"seed": 7}, Actions.of([("place", {"slot": 0, "cell": "0:0"})]), 12)
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

Reading is bounded work (a code is a few KB a hostile page can hand over):
the code's length, the JSON it inflates to (``MAX_JSON``, cut off while
inflating, so a zlib bomb stops there) and every packed item's shape are
checked as the text is read, in small units of work (``decode_code`` is a
generator the bridge's ``query`` runs in slices). A run of frames stays a
run (``Actions``): a million frames are never a million dicts.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from club import GAMES, jsontext
from club.errors import NotationError

PREFIX = "6E"
VERSION = 1
#: The longest code read (characters): the recorder keeps a run's actions under
#: ``MAX_RECORDING`` characters of JSON, which compress to far less.
MAX_CODE = 1 << 20
#: The most JSON a run's recording holds (characters): the recorder stops
#: recording a run that outgrows it (the run is then not replayable), so its
#: save stays small and every replay code inflates to at most ``MAX_JSON``. A
#: one-hour domino Marathon records about 205,000 (1,436 tiles, 218,195 frames
#: sent, written as 27,465 actions).
MAX_RECORDING = 500_000
#: The most JSON a code inflates to: the recording, its start and its score.
MAX_JSON = MAX_RECORDING + 4096
#: Work per unit while reading (bytes inflated, characters of a run parsed, items read).
CHUNK = 1 << 14
ITEMS = 256
_CHECK = 4
#: Replay reasons (the error's ``field``), each translated on the page.
REASONS = ("replay-corrupt", "replay-foreign", "replay-version", "replay-diverged", "replay-bounds")

Action = tuple[str, dict[str, Any]]
#: A packed item: one action ``(method, payload)``, or a run ``(method, key, values)``
#: of actions whose payload is ``{key: value}`` with an integer value.
Item = tuple[Any, ...]
Work = Generator[None, None, Any]


class ReplayError(NotationError):
    """A code that cannot be opened; ``field`` says why: ``replay-corrupt``,
    ``replay-foreign`` (another game's), ``replay-version`` (a newer format),
    ``replay-diverged`` (the engine refuses one of its actions) or
    ``replay-bounds`` (it holds more than real play could: club.schema)."""


class Actions:
    """A run's actions as packed items, iterated one by one (a run of frames is
    never expanded into one dict per frame). Equal when the actions are.

    >>> acts = Actions.of([("tick", {"ms": 16}), ("tick", {"ms": 17}), ("move", {"move": "hard"})])
    >>> len(acts), acts.items[0][:2], list(acts)[1], acts.at(2)
    (3, ('tick', 'ms'), ('tick', {'ms': 17}), ('move', {'move': 'hard'}))
    >>> acts.json()
    '[["tick","ms",[16,17]],["move",{"move":"hard"}]]'
    """

    __slots__ = ("_starts", "items")

    def __init__(self, items: Sequence[Item], starts: array[int] | None = None) -> None:
        """``starts``: where each item begins and, last, how many actions there are
        (a reader that counted them as it read gives them; else they are counted)."""
        self.items: tuple[Item, ...] = tuple(items)
        if starts is None:
            starts = array("q", [0])
            for item in self.items:
                starts.append(starts[-1] + size(item))
        self._starts = starts

    @classmethod
    def of(cls, actions: Iterable[Action]) -> Actions:
        return cls(tuple(tuple(item) for item in pack(actions)))

    def __len__(self) -> int:
        return self._starts[-1]

    def __iter__(self) -> Iterator[Action]:
        return self.since(0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Actions) and len(self) == len(other) and all(
            a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def since(self, index: int) -> Iterator[Action]:
        """The actions from ``index`` on."""
        first = max(0, bisect_right(self._starts, index) - 1)
        for at in range(first, len(self.items)):
            item = self.items[at]
            if len(item) == 2:
                if at > first or index <= self._starts[at]:
                    yield item[0], item[1]
                continue
            method, key = item[0], item[1]
            for value in item[2][index - self._starts[at] if at == first else 0:]:
                yield method, {key: value}

    def at(self, index: int) -> Action:
        return next(self.since(index))

    def json(self) -> str:
        """The packed actions as JSON text (a run of one is written as the action it is)."""
        return json.dumps([list(item[:2]) + [list(item[2])] if len(item) == 3 and len(item[2]) > 1
                           else [item[0], {item[1]: item[2][0]}] if len(item) == 3 else list(item)
                           for item in self.items], separators=(",", ":"), allow_nan=False)


def size(item: Item) -> int:
    """How many actions a packed item holds."""
    return len(item[2]) if len(item) == 3 else 1


@dataclass(frozen=True, slots=True)
class Replay:
    """One run: ``game``, its ``start`` payload, its ``actions`` and final ``score``."""

    game: str
    start: dict[str, Any]
    actions: Actions
    score: int


def print_code(replay: Replay, actions_json: str | None = None) -> str:
    """The replay's text code (``actions_json``: its packed actions as JSON text
    already, as a run's recording keeps them)."""
    actions = replay.actions.json() if actions_json is None else actions_json
    start = json.dumps(replay.start, separators=(",", ":"), sort_keys=True, allow_nan=False)
    return seal(replay.game, f'{{"a":{actions},"s":{start},"score":{int(replay.score)}}}')


def seal(game: str, text: str) -> str:
    """The code of ``game`` holding JSON ``text``: compressed, checksummed, base64url."""
    packed = zlib.compress(text.encode(), 9)
    raw = packed + _checksum(game, packed)
    return f"{PREFIX}{VERSION}.{game}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


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
    return run_all(decode_code(code, game))


def run_all(work: Work) -> Any:
    """What a generator of work returns, run to its end at once."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def decode_code(code: object, game: str | None = None) -> Work:
    """``parse_code`` in units of work: yields between them, returns the Replay."""
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise ReplayError("replay-corrupt", "a replay code is text of at most 1 MB")
    parts = code.strip().split(".")
    if len(parts) != 3 or not parts[0].startswith(PREFIX) or parts[1] not in GAMES:
        raise ReplayError("replay-corrupt", "this is not a 6E Club replay code")
    version = parts[0][len(PREFIX):]
    if not version.isdigit() or not version.isascii() or len(version) > 6 or int(version) < 1:
        raise ReplayError("replay-corrupt", "this is not a 6E Club replay code")
    if int(version) > VERSION:
        raise ReplayError("replay-version", f"this replay needs a newer 6E Club (format {int(version)})")
    if game is not None and parts[1] != game:
        raise ReplayError("replay-foreign", f"this is a {parts[1]} replay, not {game}")
    text = yield from _inflate(parts[1], parts[2])
    return (yield from _body(parts[1], text))


def _inflate(game: str, text: str) -> Work:
    """The JSON text inside, checked against its checksum; inflating stops at ``MAX_JSON``."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ReplayError("replay-corrupt", "the code is damaged (letters)") from None
    yield
    packed, check = raw[:-_CHECK], raw[-_CHECK:]
    if len(raw) <= _CHECK or check != _checksum(game, packed):
        raise ReplayError("replay-corrupt", "the code is damaged (checksum)")
    inflater, out, size, data = zlib.decompressobj(), [], 0, packed
    try:
        while not inflater.eof and size <= MAX_JSON:  # a zlib bomb stops here
            yield
            piece = inflater.decompress(data, CHUNK)
            data = inflater.unconsumed_tail
            if not piece and not data:
                break  # the input ended before the stream did
            out.append(piece)
            size += len(piece)
        if size <= MAX_JSON and (not inflater.eof or inflater.unused_data):
            raise ReplayError("replay-corrupt", "the code is damaged (content)")
        yield
        body = b"".join(out).decode()
    except (zlib.error, UnicodeDecodeError):
        raise ReplayError("replay-corrupt", "the code is damaged (content)") from None
    if size > MAX_JSON:
        raise ReplayError("replay-bounds", "the replay is longer than any run a replay holds")
    return body


# The JSON ``print_code`` writes, read strictly and in pieces: items of the
# action list are either ``["method",{flat payload}]`` or a run
# ``["method","key",[integers]]``; a run of a million frames is cut into
# slices of ``CHUNK`` characters at its commas.
_HEAD = re.compile(r'\{"a":\[')
_RUN = re.compile(r'\["([a-z_]{1,24})","([a-z_]{1,24})",\[')
_PAYLOAD = 402  # the longest payload _ONE matches
_ONE = re.compile(r'\["([a-z_]{1,24})",(\{[^{}]{0,400}\})\]')
_INTS = re.compile(r"[-0-9,]+")  # then each number read by int(), into 64-bit slots
_TAIL = 4096  # the start and the score after the actions


def _body(game: str, text: str) -> Work:
    if not _HEAD.match(text):
        raise ReplayError("replay-corrupt", "the code is damaged (fields)")
    items: list[Item] = []
    at, seen, starts = 6, {}, array("q", [0])  # where each item begins, counted as they are read
    while not text.startswith("]", at):
        one = _ONE.match(text, at)
        if one:
            items.append((one.group(1), _payload(one.group(2), seen)))
            at = one.end()
        else:
            item, at = yield from _run(text, at)
            items.append(item)
        starts.append(starts[-1] + size(items[-1]))
        if len(items) % ITEMS == 0:
            yield
        if text.startswith(",", at):
            at += 1
        elif not text.startswith("]", at):
            raise ReplayError("replay-corrupt", "the code is damaged (actions)")
    if not text.startswith("],", at) or len(text) - at > _TAIL:
        raise ReplayError("replay-corrupt", "the code is damaged (actions)")
    try:
        rest = jsontext.loads("{" + text[at + 2:], field="replay-corrupt", max_chars=_TAIL)
    except NotationError:
        raise ReplayError("replay-corrupt", "the code is damaged (content)") from None
    if not isinstance(rest, dict) or set(rest) != {"s", "score"}:
        raise ReplayError("replay-corrupt", "the code is damaged (fields)")
    start, score = rest["s"], rest["score"]
    if not isinstance(start, dict) or isinstance(score, bool) or not isinstance(score, int) or not 0 <= score < 1 << 50:
        raise ReplayError("replay-corrupt", "the code is damaged (start or score)")
    yield
    return Replay(game, start, Actions(items, starts), score)


def _payload(text: str, seen: dict[str, Any]) -> Any:
    """A payload's JSON (``seen``: those read so far by their text: a run's few
    kinds of move are read once)."""
    payload = seen.get(text)
    if payload is None:
        try:
            payload = seen[text] = jsontext.loads(text, field="replay-corrupt", max_chars=_PAYLOAD)
        except NotationError:
            raise ReplayError("replay-corrupt", "the code is damaged (actions)") from None
    return payload


def _run(text: str, at: int) -> Work:
    """The run of integers at ``at`` and where the text goes on after it."""
    run = _RUN.match(text, at)
    close = text.find("]", run.end()) if run else -1
    if run is None or close < 0 or not text.startswith("]]", close):
        raise ReplayError("replay-corrupt", "the code is damaged (actions)")
    values, start = array("q"), run.end()
    while start < close:
        end = min(close, start + CHUNK)
        if end < close:
            end = text.rfind(",", start, end + 1)
            if end <= start:
                raise ReplayError("replay-corrupt", "the code is damaged (actions)")
        piece = text[start:end]
        try:
            if not _INTS.fullmatch(piece):
                raise ValueError(piece[:20])
            values.extend(map(int, piece.split(",")))
        except (ValueError, OverflowError):  # "1--2", ",,", a number beyond 64 bits
            raise ReplayError("replay-corrupt", "the code is damaged (actions)") from None
        start = end + 1
        yield
    if not values or start != close + 1:
        raise ReplayError("replay-corrupt", "the code is damaged (actions)")
    return (run.group(1), run.group(2), values), close + 2


def read_items(packed: object) -> Actions:
    """Packed actions as a recording inside a save holds them (parsed JSON):
    every item's shape checked, as ``decode_code`` checks a code's."""
    if not isinstance(packed, list):
        raise ReplayError("replay-corrupt", "the recording's actions are no list")
    items: list[Item] = []
    for item in packed:
        if (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and isinstance(item[1], dict) and _ONE_NAME.fullmatch(item[0])):
            items.append((item[0], item[1]))
        elif (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], str)
              and _ONE_NAME.fullmatch(item[0]) and _ONE_NAME.fullmatch(item[1]) and isinstance(item[2], list)
              and item[2] and all(type(v) is int and -(1 << 53) < v < 1 << 53 for v in item[2])):
            items.append((item[0], item[1], array("q", item[2])))
        else:
            raise ReplayError("replay-corrupt", "the recording's actions are damaged")
    return Actions(items)


_ONE_NAME = re.compile(r"[a-z_]{1,24}")


def pack(actions: Iterable[Action]) -> list[Any]:
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


def single_int(payload: dict[str, Any]) -> str | None:
    if len(payload) != 1:
        return None
    key, value = next(iter(payload.items()))
    return key if isinstance(value, int) and not isinstance(value, bool) else None


def _checksum(game: str, packed: bytes) -> bytes:
    return hashlib.sha256(game.encode() + b"." + packed).digest()[:_CHECK]
