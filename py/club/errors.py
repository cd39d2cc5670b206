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


def parse_count(text: str, field: str, low: int = 0, high: int | None = None) -> int:
    """Parse a non-negative decimal counter, naming ``field`` when it is bad.

    >>> parse_count("12", "score")
    12
    >>> parse_count("9" * 5000, "moves")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: moves: moves is too long (5000 digits)
    >>> parse_count("-1", "score")
    Traceback (most recent call last):
    ...
    club.errors.NotationError: score: score must be an integer >= 0, got '-1'
    """
    if not text.isdigit() or not text.isascii() or (len(text) > 1 and text[0] == "0"):
        raise NotationError(field, f"{field} must be an integer >= {low}, got {text!r}")
    try:
        value = int(text)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        raise NotationError(field, f"{field} is too long ({len(text)} digits)") from None
    if value < low or (high is not None and value > high):
        bound = f"{low}-{high}" if high is not None else f">= {low}"
        raise NotationError(field, f"{field} must be {bound}, got {value}")
    return value
