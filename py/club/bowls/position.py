"""The ring of twelve bowls between moves (W1-W4).

A ``Position`` is an immutable value: twelve queues as strings (front first,
one letter per stone, W3), twelve modifier triples, score and safe moves.
Strings and tuples make copying free: a move builds a new tuple of the
queues it touched and shares everything else.

Modifiers of a bowl are ``(ice, reverse, volcano)``; each is ``NONE`` (0),
``PERMANENT`` (-1) or the number of moves it has left (>= 1, W16).

>>> pos = Position(("RGB",) + ("",) * 11, ((0, 0, PERMANENT),) + (NO_MODS,) * 11)
>>> pos.stones(), pos.is_volcano(0), refusal(pos, 1), refusal(pos, 0)
(3, True, 'empty', None)
>>> choosable(pos)
[0]
"""

from __future__ import annotations

from dataclasses import dataclass

RING = 12
CAPACITY = 7  # W1: at most 7 stones between moves; 8 or more is an overflow (W12)
COLOURS = "RGBYP"  # W2: the five ordinary colours
JOKER = "J"
BLOCKER = "X"
STONES = COLOURS + JOKER + BLOCKER

NONE = 0
PERMANENT = -1
ICE, REVERSE, VOLCANO = 0, 1, 2
MODIFIER_LETTERS = "irv"  # printed in this order (W26)
MODIFIER_NAMES = ("ice", "reverse", "volcano")

Mods = tuple[int, int, int]
NO_MODS: Mods = (NONE, NONE, NONE)
EMPTY_RING: tuple[str, ...] = ("",) * RING
PLAIN_RING: tuple[Mods, ...] = (NO_MODS,) * RING

# Refusal reasons of a sow, checked in this order (W27).
BAD_ACTION, OVER, EMPTY, ICED = "bad-action", "over", "empty", "ice"


@dataclass(frozen=True, slots=True)
class Position:
    """Twelve queues (front first), their modifiers, score and safe moves (W26)."""

    bowls: tuple[str, ...] = EMPTY_RING
    mods: tuple[Mods, ...] = PLAIN_RING
    score: int = 0
    moves: int = 0

    def stones(self) -> int:
        """Stones of any kind on the board."""
        return sum(len(queue) for queue in self.bowls)

    def is_empty(self) -> bool:
        return not any(self.bowls)

    def is_iced(self, bowl: int) -> bool:
        return self.mods[bowl][ICE] != NONE

    def is_reverse(self, bowl: int) -> bool:
        return self.mods[bowl][REVERSE] != NONE

    def is_volcano(self, bowl: int) -> bool:
        return self.mods[bowl][VOLCANO] != NONE

    def lost(self) -> bool:
        """A bowl holds 8 or more stones: the position is an overflow (W12)."""
        return any(len(queue) > CAPACITY for queue in self.bowls)


def refusal(position: Position, bowl: int) -> str | None:
    """Why ``bowl`` cannot be sown now (W5), or None; ignores the attempt's end."""
    if not position.bowls[bowl]:
        return EMPTY
    if position.mods[bowl][ICE] != NONE:
        return ICED
    return None


def choosable(position: Position) -> list[int]:
    """The bowls a player may sow: non-empty and without ice (W5)."""
    return [b for b in range(RING) if position.bowls[b] and position.mods[b][ICE] == NONE]


def stuck(position: Position) -> bool:
    """No bowl can be chosen: every bowl is empty or iced (W19)."""
    return not any(position.bowls[b] and position.mods[b][ICE] == NONE for b in range(RING))


def count_down(mods: tuple[Mods, ...]) -> tuple[tuple[Mods, ...], list[tuple[int, int]]]:
    """W16: every temporary modifier loses one move; those at 0 go.

    Returns the new modifiers and the ``(bowl, kind)`` pairs that expired.

    >>> count_down(((1, PERMANENT, 3),) + PLAIN_RING[1:])[0][0]
    (0, -1, 2)
    """
    if not any(n > 0 for triple in mods for n in triple):
        return mods, []
    out: list[Mods] = []
    expired: list[tuple[int, int]] = []
    for bowl, triple in enumerate(mods):
        if triple[0] > 0 or triple[1] > 0 or triple[2] > 0:
            new = tuple(n - 1 if n > 0 else n for n in triple)
            expired.extend((bowl, kind) for kind in range(3) if triple[kind] == 1)
            out.append(new)  # type: ignore[arg-type]
        else:
            out.append(triple)
    return tuple(out), expired


def with_modifier(mods: tuple[Mods, ...], bowl: int, kind: int, moves: int) -> tuple[Mods, ...]:
    """The modifiers with ``kind`` set on ``bowl`` for ``moves`` (or PERMANENT)."""
    triple = list(mods[bowl])
    triple[kind] = moves
    return mods[:bowl] + ((triple[0], triple[1], triple[2]),) + mods[bowl + 1:]
