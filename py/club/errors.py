"""The one error type for corrupt notation and save data.

Player input never raises: refused actions return a reason code. Only data
that claims to be a position or a save and is not raises ``NotationError``,
and its ``field`` names the part that is wrong (the spec's vectors compare
it).

>>> err = NotationError("meter", "meter must be 0-5, got 9")
>>> err.field
'meter'
>>> str(err)
'meter: meter must be 0-5, got 9'
"""

from __future__ import annotations

import math

#: The largest counter any save, profile or notation may hold (2**50, about
#: 10**15: no score, time or tally of real play comes near it). Reading refuses
#: more, and the engine adds at most a few thousand per action, so every
#: number an answer carries stays below 2**53, which a JavaScript number holds
#: exactly.
MAX_COUNT = 1 << 50
#: Seeds of new runs, one rule for all four games: 0 <= seed < 2**32.
SEED_LIMIT = 1 << 32

class NotationError(ValueError):
    """Corrupt position text or save data; ``field`` names what is wrong."""

    def __init__(self, field: str, message: str = "") -> None:
        self.field = field
        self.message = message or f"bad {field}"
        super().__init__(f"{field}: {self.message}")


def split_fields(text: str, names: tuple[str, ...]) -> dict[str, str]:
    """Split a notation line into its named space-separated fields.

    A wrong number of fields is an error of the field ``position``.

    >>> split_fields("a b", ("x", "y"))
    {'x': 'a', 'y': 'b'}
    >>> split_fields("a", ("x", "y"))
    Traceback (most recent call last):
    ...
    club.errors.NotationError: position: expected 2 fields (x y), got 1
    """
    if not isinstance(text, str):
        raise NotationError("position", "position must be text")
    parts = text.split(" ")
    if len(parts) != len(names) or any(p == "" for p in parts):
        raise NotationError(
            "position", f"expected {len(names)} fields ({' '.join(names)}), got {len(text.split())}"
        )
    return dict(zip(names, parts, strict=False))


def parse_count(text: str, field: str, low: int = 0, high: int | None = MAX_COUNT) -> int:
    """Parse a non-negative decimal counter (at most ``high``, by default
    ``MAX_COUNT``), naming ``field`` when it is bad.

    >>> parse_count("12", "score")
    12
    >>> parse_count("9" * 5000, "moves")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: moves: moves is too long (5000 digits)
    >>> parse_count(str(2**53), "score")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: score: score must be 0-1125899906842624, got 9007199254740992
    >>> parse_count("-1", "score")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: score: score must be an integer >= 0, got '-1'
    """
    if not text.isdigit() or not text.isascii() or (len(text) > 1 and text[0] == "0"):
        raise NotationError(field, f"{field} must be an integer >= {low}, got {text[:20]!r}")
    if len(text) > 40:  # far beyond any bound: refuse before converting
        raise NotationError(field, f"{field} is too long ({len(text)} digits)")
    try:
        value = int(text)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        raise NotationError(field, f"{field} is too long ({len(text)} digits)") from None
    if value < low or (high is not None and value > high):
        bound = f"{low}-{high}" if high is not None else f">= {low}"
        raise NotationError(field, f"{field} must be {bound}, got {value}")
    return value


def is_int(value: object) -> bool:
    """An integer that is not a bool (JSON ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def count(value: object, field: str, low: int = 0, high: int | None = MAX_COUNT) -> int:
    """A JSON integer ``low <= value <= high`` (``high`` None: no upper bound),
    naming ``field`` when it is anything else (bool, float, text, out of range).

    >>> count(3, "runs")
    3
    >>> count(2.0, "runs")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: runs: runs must be an integer
    >>> count(10**4000, "runs")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: runs: runs must be 0-1125899906842624
    """
    if not is_int(value):
        raise NotationError(field, f"{field} must be an integer")
    assert isinstance(value, int)
    if value < low or (high is not None and value > high):
        bound = f"{low}-{high}" if high is not None else f">= {low}"
        raise NotationError(field, f"{field} must be {bound}")
    return value


def read_seed(value: object) -> int:
    """The seed rule of every game's ``new``: an integer (not a bool,
    not a float) with 0 <= seed < 2**32.

    >>> read_seed(7), read_seed(2**32 - 1)
    (7, 4294967295)
    >>> read_seed(-7)
    Traceback (most recent call last):
    ...
    club.errors.NotationError: seed: seed must be an integer 0 <= seed < 2**32
    """
    if not is_int(value) or not 0 <= value < SEED_LIMIT:  # type: ignore[operator]
        raise NotationError("seed", "seed must be an integer 0 <= seed < 2**32")
    return value  # type: ignore[return-value]


def finite(value: object) -> bool:
    """A number JSON can carry: an int, or a finite float (bool is neither)."""
    return is_int(value) or (isinstance(value, float) and math.isfinite(value))
