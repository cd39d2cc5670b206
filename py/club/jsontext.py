"""Outside text read as JSON, bounded before it is parsed (P8).

Every JSON text the engine did not make itself (stored saves, profiles, the
club record and kept replays, a backup's parts, replay and ghost codes and the
links that carry them, merge slot codes, the page's payloads) is read through
``loads``: its length and its nesting are checked first, by a scan that keeps
no stack (two regular expressions and a running count: strings and their
escapes are skipped whole, an unclosed string runs to the end), and only then
is it given to ``json.loads``, whose parser recurses once per level.

Why: a value a few thousand arrays deep overflows the stack of the browser's
Python. CPython raises ``RecursionError``; in Pyodide the JavaScript stack the
wasm runs on overflows first, and the interpreter is gone for every game
("Pyodide already fatally failed"). Measured in Chromium's engine worker: a save
2,000 arrays deep parsed, 3,000 fatal on a first visit; 6,000 parsed and 10,000
fatal once the memory snapshot is restored. Refused here, such a text is one
more ``NotationError`` naming its field, and the page moves the value aside.

``MAX_DEPTH``: the deepest value any game writes is the Daily Club's record,
7 levels (``{data: {games: {blocks: {bests: [[date, score]]}}}}`` and the
like); saves reach 6, kept replays, profiles and the JSON inside a replay code
4, the page's payloads 2 (measured over a run of every game played to its end
and banked: ``tests/test_jsontext.py``, which fails if any reaches half the
bound). 32 leaves four times that room for formats to grow, and is far below
where either Python's stack gives out (CPython's ``RecursionError`` near 1,000
levels; Pyodide's overflow in a page's worker, 2,000 to 3,000).

>>> loads('{"a": [1, 2.5, "[[[["]}', field="save", max_chars=100)
{'a': [1, 2.5, '[[[[']}
>>> loads("[" * 33 + "]" * 33, field="save", max_chars=100)
Traceback (most recent call last):
...
club.errors.NotationError: save: save is nested deeper than 32
>>> loads('{"ms": NaN}', field="payload", max_chars=100)
Traceback (most recent call last):
...
club.errors.NotationError: payload: payload is not strict JSON: NaN
>>> loads("x" * 101, field="code", max_chars=100)
Traceback (most recent call last):
...
club.errors.NotationError: code: code is longer than 100 characters
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from club.errors import NotationError

#: The deepest nesting read (see the module's docstring for the measure).
MAX_DEPTH = 32
_SHOWN = 40  # characters of a bad number quoted back

# A JSON string, its escapes skipped pairwise; one never closed runs to the end
# (possessive: no backtracking, linear in the text), and every run of
# characters that are neither a bracket nor a quote.
_NOT_STRUCTURE = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?|[^\[\]{}"]++', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _BadNumber(ValueError):
    """A number JSON.parse in the browser would not give (NaN, Infinity, 1e999)."""


def depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (0 for a scalar), found
    without recursion: at least as deep as ``json.loads`` descends in any text.
    The parser reads left to right and stops at the first error, and until then
    its depth is the count of brackets opened and not yet closed, which this
    counts (a closer with none open is such an error: the count after it, even
    below zero, only ever under-states what the parser never reaches).

    >>> depth('[{"a": "]]]\\\\"[["}, [[]]]')
    3
    >>> depth('"[[['), depth("]][[")
    (0, 0)
    """
    brackets = _NOT_STRUCTURE.sub("", text)
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def loads(text: object, *, field: str, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The value of strict JSON ``text`` of at most ``max_chars`` characters and
    ``max_depth`` levels; anything else raises ``NotationError(field)``."""
    if not isinstance(text, str):
        raise NotationError(field, f"{field} must be text")
    if len(text) > max_chars:
        raise NotationError(field, f"{field} is longer than {max_chars} characters")
    if depth(text) > max_depth:
        raise NotationError(field, f"{field} is nested deeper than {max_depth}")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _BadNumber as exc:
        raise NotationError(field, f"{field} is not strict JSON: {exc}") from None
    except RecursionError:  # not reached below MAX_DEPTH; a refusal all the same
        raise NotationError(field, f"{field} is nested too deeply") from None
    except ValueError:  # not JSON, or an integer of more digits than int() reads
        raise NotationError(field, f"{field} is not JSON") from None


def _refuse_constant(name: str) -> Any:
    raise _BadNumber(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses to inf
        raise _BadNumber(text[:_SHOWN])
    return value
