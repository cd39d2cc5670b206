"""The bowls position notation (W26): ``bowls score moves``, exact round trip.

>>> text = "X[i]/-/YJ[r5]/PP[v]/-/-/-/-/-/-/-/B 7 3"
>>> print_position(parse(text)) == text
True
>>> print_position(parse("GB[vr]/-/-/-/-/-/-/-/-/-/-/- 0 0"))
'GB[rv]/-/-/-/-/-/-/-/-/-/-/- 0 0'
>>> parse("W/-/-/-/-/-/-/-/-/-/-/- 0 0")
Traceback (most recent call last):
...
club.errors.NotationError: bowls: bowl 0: unknown stone 'W'
"""

from __future__ import annotations

from club.bowls.position import (
    MODIFIER_LETTERS,
    NO_MODS,
    NONE,
    PERMANENT,
    RING,
    STONES,
    Mods,
    Position,
)
from club.errors import NotationError, parse_count, split_fields

FIELDS = ("bowls", "score", "moves")
#: Stones in one bowl a position may hold (W26 sets no bound; 8 or more is already
#: an overflow, W12): keeps a text from asking for a huge sowing.
MAX_QUEUE = 99
_STONE_SET = frozenset(STONES)


def parse(text: str) -> Position:
    """A position from its notation; raises ``NotationError`` naming the field."""
    fields = split_fields(text, FIELDS)
    bowls, mods = parse_bowls(fields["bowls"])
    return Position(
        bowls=bowls,
        mods=mods,
        score=parse_count(fields["score"], "score"),
        moves=parse_count(fields["moves"], "moves"),
    )


def print_position(position: Position) -> str:
    return f"{print_bowls(position)} {position.score} {position.moves}"


def parse_bowls(text: str) -> tuple[tuple[str, ...], tuple[Mods, ...]]:
    """The ``bowls`` field: 12 tokens ``QUEUE[MODS]`` separated by ``/``."""
    tokens = text.split("/")
    if len(tokens) != RING:
        raise NotationError("bowls", f"expected {RING} bowls separated by '/', got {len(tokens)}")
    parsed = [parse_token(token, number) for number, token in enumerate(tokens)]
    return tuple(q for q, _ in parsed), tuple(m for _, m in parsed)


def parse_token(token: str, number: int) -> tuple[str, Mods]:
    """One bowl: ``RGB``, ``-``, ``RGB[v]``, ``-[i3]``, ``J[i2r]``."""
    queue, bracket, rest = token.partition("[")
    if bracket:
        if not rest.endswith("]"):
            raise NotationError("bowls", f"bowl {number}: unclosed modifiers in {token!r}")
        mods = parse_mods(rest[:-1], number)
    else:
        mods = NO_MODS
    if queue == "-":
        return "", mods
    if not queue:
        raise NotationError("bowls", f"bowl {number}: an empty bowl is written '-'")
    if len(queue) > MAX_QUEUE:
        raise NotationError("bowls", f"bowl {number}: more than {MAX_QUEUE} stones")
    for stone in queue:
        if stone not in _STONE_SET:
            raise NotationError("bowls", f"bowl {number}: unknown stone {stone!r}")
    return queue, mods


def parse_mods(text: str, number: int) -> Mods:
    """``i``, ``r``, ``v`` in any order, each once, each with an optional count >= 1."""
    if not text:
        raise NotationError("bowls", f"bowl {number}: '[]' holds no modifier")
    values = [NONE, NONE, NONE]
    index = 0
    while index < len(text):
        kind = MODIFIER_LETTERS.find(text[index])
        if kind < 0:
            raise NotationError("bowls", f"bowl {number}: unknown modifier {text[index]!r}")
        if values[kind] != NONE:
            raise NotationError("bowls", f"bowl {number}: modifier {text[index]!r} given twice")
        end = index + 1
        while end < len(text) and text[end] in "0123456789":
            end += 1
        digits = text[index + 1:end]
        if digits and (digits[0] == "0" or not digits.isascii() or len(digits) > 15):
            raise NotationError("bowls", f"bowl {number}: bad count {digits[:20]!r}")
        values[kind] = int(digits) if digits else PERMANENT
        index = end
    return values[0], values[1], values[2]


def print_token(queue: str, mods: Mods) -> str:
    body = queue or "-"
    if mods == NO_MODS:
        return body
    marks = "".join(
        letter + ("" if value == PERMANENT else str(value))
        for letter, value in zip(MODIFIER_LETTERS, mods, strict=True)
        if value != NONE
    )
    return f"{body}[{marks}]"


def print_bowls(position: Position) -> str:
    return "/".join(print_token(q, m) for q, m in zip(position.bowls, position.mods, strict=True))


def parse_action(text: object) -> int | None:
    """W27: ``sow N`` with N in 0-11, else None (refused as ``bad-action``).

    >>> parse_action("sow 11"), parse_action("sow 12"), parse_action("sow 07"), parse_action("jump 1")
    (11, None, None, None)
    """
    if not isinstance(text, str):
        return None
    verb, _, number = text.partition(" ")
    if verb != "sow" or not number.isdigit() or not number.isascii():
        return None
    if (len(number) > 1 and number[0] == "0") or len(number) > 2:
        return None
    bowl = int(number)
    return bowl if bowl < RING else None
