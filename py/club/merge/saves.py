"""The JSON save of a whole round and the slot export code (M15).

A save is the ``club.save`` envelope (game ``merge``, kind ``run``, version
1) around the position text plus what the notation lacks: turn, highest
stone, PRNG state (``Rng.dump``: 16 hex digits, so JavaScript never rounds
it), joker mode, play time, the longest chain so far (M8; optional:
older saves load with 0) and the stone style the round was parked with.
Saves written before the envelope had a ``version`` are version 1: the same
data, read as they are (P8, ``tests/merge/test_merge_migration.py``).

An export code is ``HM1.<base64url of the zlib-compressed save>.<crc32>``,
so a code mangled in transit is caught before it is decoded.

>>> from club.merge.rules import new_round
>>> run = Run(new_round(5), "pastel")
>>> text = dump(run)
>>> load(text) == run
True
>>> load(import_code(export_code(text))) == run
True
>>> import_code("HM1.abc.00000000")
Traceback (most recent call last):
...
club.errors.NotationError: code: the code is damaged (its checksum does not match); copy it again in full
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, replace

from club import save
from club.errors import NotationError
from club.merge.board import JOKER
from club.merge.notation import parse, print_position
from club.merge.pieces import JOKER_PIECE
from club.merge.rules import Round
from club.rng import Rng

GAME, KIND, VERSION = "merge", "run", 1
STYLES = ("colors", "contrast", "pastel")  # M14 stone styles; the first is the default
SLOTS = 3  # M15: save slots on the device
CODE_PREFIX = "HM1"
_MAX_CODE = 20_000  # a real code is a few hundred characters
#: The longest save a code may unpack to: a zlib bomb stops here, and a code
#: holding more is refused, never cut short (its JSON is then bounded in length
#: and depth by ``save.load``, P8).
_MAX_UNPACKED = 200_000
#: The largest stone a saved round may hold (P8; the notation, M16, takes any
#: power of two). A 2**30 takes 2**29 twos, hundreds of millions of placements: no
#: round gets near it, and the stones, scores and points of a move stay below 2**53.
MAX_STONE = 1 << 30


@dataclass(frozen=True, slots=True)
class Run:
    """What the page plays and saves: the round and the stone style it is shown in (M14)."""

    round: Round
    style: str = STYLES[0]
    new_best: bool = False  # M11: the round's end raised the best: its end card says so after a reload too


def dump(run: Run) -> str:
    state = run.round
    data = {
        "position": print_position(state), "turn": state.turn, "highest": state.highest,
        "rng": state.rng.dump(), "jokers": state.jokers, "play_ms": state.play_ms, "style": run.style,
    }
    if state.best_chain:  # M8: written once there is one, so a round without is saved as before
        data["best_chain"] = state.best_chain
    if run.new_best:  # M11: likewise, only a round whose end raised the best writes it
        data["new_best"] = True
    return save.dump(GAME, KIND, data, VERSION)


def load(text: object) -> Run:
    """A run from a save; NotationError names the bad field. Saves from before
    the envelope had a ``version`` are version 1, this one (P8)."""
    data = save.load(text, GAME, KIND, VERSION)
    state = parse(save.field(data, "position", str))
    turn = save.counter(data, "turn", 5)
    highest = save.counter(data, "highest")
    if highest < state.highest or highest > MAX_STONE or (highest and highest & (highest - 1)):
        raise NotationError("highest", "highest must be a power of two at least the largest stone")
    jokers = save.field(data, "jokers", bool)
    play_ms = save.counter(data, "play_ms")
    check_round(state, jokers, play_ms)
    rng = Rng.load(data.get("rng"))
    style = save.field(data, "style", str)
    if style not in STYLES:
        raise NotationError("style", f"style must be one of {', '.join(STYLES)}")
    # M8: the longest chain so far; a save from before it was kept has none (0)
    best_chain = save.counter(data, "best_chain") if "best_chain" in data else 0
    new_best = save.field(data, "new_best", bool) if "new_best" in data else False
    if new_best and not state.over:
        raise NotationError("new_best", "only a round over raised the best")
    return Run(replace(state, turn=turn, highest=highest, rng=rng, jokers=jokers, play_ms=play_ms,
                       best_chain=best_chain), style, new_best)


def check_round(state: Round, jokers: bool, play_ms: int) -> None:
    """What dealing and play can give (M3, M14, M15): no joker anywhere in a round
    played without jokers, never a joker right after a joker, and play time
    only once the first stone is placed.

    >>> from club.merge.rules import new_round
    >>> check_round(new_round(5, jokers=False), jokers=False, play_ms=0)
    >>> check_round(new_round(5), jokers=True, play_ms=900)
    Traceback (most recent call last):
    ...
    club.errors.NotationError: play_ms: play time runs from the first placement
    """
    if state.highest > MAX_STONE:
        raise NotationError("position", f"stones are at most {MAX_STONE} in a saved round")
    if not jokers and JOKER in (*state.board, *state.current, *state.next):
        raise NotationError("jokers", "a joker in a round played without jokers")
    if state.current == JOKER_PIECE and state.next == JOKER_PIECE:
        raise NotationError("next", "a joker never follows a joker")
    if play_ms and not state.moves:
        raise NotationError("play_ms", "play time runs from the first placement")


def export_code(save_text: str) -> str:
    """A text code carrying one save across devices."""
    packed = zlib.compress(save_text.encode("utf-8"), 9)
    body = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{CODE_PREFIX}.{body}.{zlib.crc32(packed):08x}"


def import_code(code: str) -> str:
    """The save text inside a code (whitespace ignored); NotationError(code) when bad.

    Only the envelope is unpacked here; ``load`` validates the round.

    >>> import_code(export_code("x" * (_MAX_UNPACKED + 1)))
    Traceback (most recent call last):
    ...
    club.errors.NotationError: code: the code unpacks to more than any round holds
    """
    if not isinstance(code, str) or len(code) > _MAX_CODE:
        raise NotationError("code", "this is not a Hex Merge code")
    parts = "".join(code.split()).split(".")
    if len(parts) != 3 or parts[0] != CODE_PREFIX:
        raise NotationError("code", "this is not a Hex Merge code (it should start with HM1.)")
    try:
        packed = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4))
    except (binascii.Error, ValueError):
        packed = b""
    if not packed or f"{zlib.crc32(packed):08x}" != parts[2].lower():
        raise NotationError("code", "the code is damaged (its checksum does not match); copy it again in full")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, _MAX_UNPACKED)
        if not inflater.eof and len(raw) >= _MAX_UNPACKED:
            raise NotationError("code", "the code unpacks to more than any round holds")
        if not inflater.eof:
            raise zlib.error("the stream ends early")
        return raw.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise NotationError("code", "the code is damaged and cannot be unpacked") from None
