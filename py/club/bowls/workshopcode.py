"""Puzzle codes (W28): a workshop puzzle as text a link carries, ``#/bowls?puzzle=<code>``.

A code is in the family of replay codes (``club.replay``)::

    6EP1.bowls.<base64url(zlib(json) + checksum)>

``6EP`` (a puzzle, where a replay is ``6E``) and the format version, the
game, then ``json`` = ``{"g": goal, "l": limit, "m": the author's moves,
"p": position, "t": title}`` (keys sorted, UTF-8), compressed, with the first
4 bytes of SHA-256 of ``"bowls.puzzle." + compressed bytes`` as checksum. A
code is at most ``MAX_CODE`` (600) characters.

Reading checks the whole of it, as W28 asks: the shape, checksum and version
(``puzzle-corrupt``, ``puzzle-foreign``: a replay code or another game's,
``puzzle-version``: a newer format, ``puzzle-too-long``: refused unread),
then every field as the workshop reads a draft (``club.bowls.workshop``:
``bad-position``, ``start-limits``, ``goal-met``, ``bad-title``...) and the
author's moves replayed to a solved attempt within the limit (``bad-moves``,
``not-solved``). The par is proven again by the opener (``Session.workshop_open``).

>>> from club.bowls.workshop import read_draft
>>> draft = read_draft({"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 3,
...                     "title": "Two <b>pairs</b>"})
>>> code = print_code(Shared(draft, (6, 2)))
>>> code.startswith("6EP1.bowls."), len(code) <= MAX_CODE
(True, True)
>>> parse_code(code) == Shared(draft, (6, 2))
True
>>> parse_code(code).draft.title
'Two <b>pairs</b>'
>>> parse_code(code[:-2] + ("AA" if code[-2:] != "AA" else "BB"))
Traceback (most recent call last):
...
club.bowls.workshop.WorkshopError: puzzle-corrupt: the code is damaged (checksum)
>>> parse_code("6E1.bowls.eJyrVkpUslIqSk1R0lFKBAA")
Traceback (most recent call last):
...
club.bowls.workshop.WorkshopError: puzzle-foreign: this is a replay code, not a puzzle
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from dataclasses import dataclass

from club import GAMES
from club.bowls.workshop import Draft, WorkshopError, read_draft, solved_by
from club.errors import NotationError
from club.save import parse_json

PREFIX = "6EP"  # a puzzle; a replay code is "6E<version>" (club.replay)
VERSION = 1
GAME = "bowls"
MAX_CODE = 600  # W28: characters
#: The most bytes a code may inflate to: a full board, the longest title and 12 moves are under 600.
MAX_JSON = 2048
_CHECK = 4
_SALT = b"bowls.puzzle."
_LETTERS = re.compile(r"[A-Za-z0-9_-]+")
_HEAD = re.compile(r"6EP([0-9]{1,6})")
_REPLAY_HEAD = re.compile(r"6E[0-9]{1,6}")
FIELDS = frozenset({"g", "l", "m", "p", "t"})
CORRUPT, FOREIGN, NEWER, TOO_LONG = "puzzle-corrupt", "puzzle-foreign", "puzzle-version", "puzzle-too-long"
REASONS = (CORRUPT, FOREIGN, NEWER, TOO_LONG)


@dataclass(frozen=True, slots=True)
class Shared:
    """A shared puzzle: the draft and the moves its author solved it with."""

    draft: Draft
    moves: tuple[int, ...]


def print_code(shared: Shared) -> str:
    """The puzzle's code; ``puzzle-too-long`` when it would be longer than ``MAX_CODE``
    (the author's moves are checked by the caller: ``solved_by``)."""
    fields = shared.draft.fields()
    body = {"g": fields["goal"], "l": fields["limit"], "m": list(shared.moves), "p": fields["position"],
            "t": fields["title"]}
    code = seal(json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=False, allow_nan=False))
    if len(code) > MAX_CODE:
        raise WorkshopError(TOO_LONG, f"the code would be {len(code)} characters, more than {MAX_CODE}")
    return code


def seal(text: str, version: int = VERSION) -> str:
    """The code holding JSON ``text`` (unchecked): compressed, checksummed, base64url."""
    packed = zlib.compress(text.encode(), 9)
    letters = base64.urlsafe_b64encode(packed + _checksum(packed)).decode().rstrip("=")
    return f"{PREFIX}{version}.{GAME}.{letters}"


def parse_code(code: object) -> Shared:
    """The puzzle a code holds, every part checked (see the module's reasons)."""
    if not isinstance(code, str):
        raise WorkshopError(CORRUPT, "a puzzle code is text")
    if len(code) > MAX_CODE:
        raise WorkshopError(TOO_LONG, f"a puzzle code is at most {MAX_CODE} characters")
    text = _open(code.strip())
    try:
        body = parse_json(text, CORRUPT)
    except NotationError:
        raise WorkshopError(CORRUPT, "the code is damaged (content)") from None
    if not isinstance(body, dict) or set(body) != FIELDS:
        raise WorkshopError(CORRUPT, "the code is damaged (fields)")
    draft = read_draft({"position": body["p"], "goal": body["g"], "limit": body["l"], "title": body["t"]})
    solved_by(draft, body["m"])
    return Shared(draft, tuple(body["m"]))


def _open(code: str) -> str:
    """The JSON text inside a code, its head, checksum and size checked."""
    parts = code.split(".")
    head = _HEAD.fullmatch(parts[0]) if len(parts) == 3 else None
    if head is None:
        if len(parts) == 3 and _REPLAY_HEAD.fullmatch(parts[0]) and parts[1] in GAMES:
            raise WorkshopError(FOREIGN, "this is a replay code, not a puzzle")
        raise WorkshopError(CORRUPT, "this is not a 6E Club puzzle code")
    if parts[1] != GAME:
        if parts[1] in GAMES:
            raise WorkshopError(FOREIGN, f"this is a {parts[1]} code, not a bowls puzzle")
        raise WorkshopError(CORRUPT, "this is not a 6E Club puzzle code")
    version = int(head.group(1))
    if version > VERSION:
        raise WorkshopError(NEWER, f"this puzzle needs a newer 6E Club (format {version})")
    if version < 1 or not _LETTERS.fullmatch(parts[2]) or len(parts[2]) % 4 == 1:
        raise WorkshopError(CORRUPT, "the code is damaged (letters)")
    try:
        raw = base64.urlsafe_b64decode(parts[2] + "=" * (-len(parts[2]) % 4))
    except (binascii.Error, ValueError):
        raise WorkshopError(CORRUPT, "the code is damaged (letters)") from None
    packed, check = raw[:-_CHECK], raw[-_CHECK:]
    if len(raw) <= _CHECK or check != _checksum(packed):
        raise WorkshopError(CORRUPT, "the code is damaged (checksum)")
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(packed, MAX_JSON + 1)
        if len(text) > MAX_JSON or not inflater.eof or inflater.unused_data:
            raise WorkshopError(CORRUPT, "the code is damaged (content)")
        return text.decode()
    except (zlib.error, UnicodeDecodeError):
        raise WorkshopError(CORRUPT, "the code is damaged (content)") from None


def _checksum(packed: bytes) -> bytes:
    return hashlib.sha256(_SALT + packed).digest()[:_CHECK]
