"""The one PRNG of the arcade: PCG32 (O'Neill), state = one 64-bit int.

Every random choice of a run comes from an ``Rng`` kept in the run's state,
so undo, replays, saves and daily seeds are exact and identical in CPython
and Pyodide. ``Rng`` is an immutable value: drawing returns the value and the
next generator, so a state holding one stays pure.

>>> r = Rng.from_seed(42)
>>> a, r2 = r.below(6)
>>> b, _ = r.below(6)
>>> a == b
True
>>> seed_from_text("2026-11-29") == seed_from_text("2026-11-29")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from club.errors import NotationError

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # fixed odd stream: state is then one int
_HEX = frozenset("0123456789abcdef")


def seed_from_text(text: str) -> int:
    """A stable 64-bit seed from text (first 8 bytes of SHA-256, big-endian).

    Python's ``hash()`` is salted per process and must never seed a run.

    >>> seed_from_text("")
    16406829232824261652
    """
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


@dataclass(frozen=True, slots=True)
class Rng:
    """PCG32 XSH-RR generator; ``state`` is the whole state (0 <= state < 2**64)."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """From state 0: advance twice, add the seed, advance once.

        The PCG reference (``pcg32_srandom_r``) advances once before adding
        the seed; this steps once more. Every seeded run, daily and vector
        depends on it, so it stays as it is.
        """
        state = (_INC * _MULT + _INC) & _MASK64  # two steps from 0: 0 -> INC -> INC * MULT + INC
        state = (state + (seed & _MASK64)) & _MASK64
        return cls((state * _MULT + _INC) & _MASK64)

    def dump(self) -> str:
        """The one text form of a generator in every save: 16 lowercase hex digits.

        >>> Rng(31).dump()
        '000000000000001f'
        >>> Rng.load(Rng(31).dump())
        Rng(state=31)
        """
        return f"{self.state:016x}"

    @classmethod
    def load(cls, text: object, field: str = "rng") -> Rng:
        """The generator ``dump`` wrote; anything else (``"0x1f"``, ``" 1f"``,
        upper case, 15 or 17 digits) raises ``NotationError(field)``.

        >>> Rng.load(" 0x1_f ")
        Traceback (most recent call last):
        ...
        club.errors.NotationError: rng: rng must be 16 lowercase hex digits
        """
        if not isinstance(text, str) or len(text) != 16 or not set(text) <= _HEX:
            raise NotationError(field, f"{field} must be 16 lowercase hex digits")
        return cls(int(text, 16))

    def next_u32(self) -> tuple[int, Rng]:
        """The next 32-bit output and the advanced generator."""
        old = self.state
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        out = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
        return out, Rng((old * _MULT + _INC) & _MASK64)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` without modulo bias (n >= 1)."""
        if n <= 0:
            raise ValueError("n must be >= 1")
        threshold = (1 << 32) % n
        rng = self
        while True:
            value, rng = rng.next_u32()
            if value >= threshold:
                return value % n, rng

    def chance(self, numerator: int, denominator: int) -> tuple[bool, Rng]:
        """True with probability numerator/denominator (exact integers)."""
        value, rng = self.below(denominator)
        return value < numerator, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item, uniformly."""
        index, rng = self.below(len(items))
        return items[index], rng

    def weighted(self, weights: Sequence[int]) -> tuple[int, Rng]:
        """An index drawn with the given positive integer weights.

        >>> Rng.from_seed(1).weighted([0, 5])[0]
        1
        """
        value, rng = self.below(sum(weights))
        for index, weight in enumerate(weights):
            if value < weight:
                return index, rng
            value -= weight
        raise AssertionError("unreachable")

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], Rng]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out, rng
