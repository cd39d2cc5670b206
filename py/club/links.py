"""Challenge links: a run's start payload as a URL query and back (P4).

A link starts the same deal for anyone who opens it: a daily is its date
alone, any other run its ``seed`` and the game's own parameters, which the
game's ``LINK`` table names (``Session.LINK``: parameter -> ``str``, ``int``
or ``bool``, a flag written ``0``/``1``). Reading checks everything the
way ``new`` will (the seed rule, a date, a number), so a hostile query is a
``NotationError("query")``, never a run.

A link may also carry ``beat``: the score of the player who sent it, for the
one who opens it to beat. It says nothing of the deal (the same run starts
with or without it), so it is read apart (``beat_of``) and never reaches
``new``; ``link`` never writes it (the page adds the finished run's score).

>>> link({"seed": 12, "mode": "sprint", "set": "classic"}, {"mode": str, "set": str})
'seed=12&mode=sprint&set=classic'
>>> read_link("seed=12&set=classic&mode=sprint", {"mode": str, "set": str})
{'seed': 12, 'mode': 'sprint', 'set': 'classic'}
>>> link({"seed": 5, "jokers": False}, {"jokers": bool}), read_link("seed=5&jokers=0", {"jokers": bool})
('seed=5&jokers=0', {'seed': 5, 'jokers': False})
>>> read_link("daily=2026-12-02", {}), link({"daily": "2026-12-02", "seed": 9}, {})
({'daily': '2026-12-02'}, 'daily=2026-12-02')
>>> read_link("daily=2026-12-02&beat=1657", {}), beat_of("seed=4&beat=7934"), beat_of("seed=4")
({'daily': '2026-12-02'}, 7934, None)
>>> read_link("seed=99999999999", {})
Traceback (most recent call last):
...
club.errors.NotationError: query: seed must be an integer 0 <= seed < 2**32
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from club.calendar import is_date
from club.errors import NotationError, read_seed

#: A game's own link parameters: name -> the type its value reads as.
LinkTable = dict[str, type]

BEAT = "beat"  # the sender's score: beside the deal, not part of it
MAX_BEAT = 10**9


def link(start: dict[str, Any], table: LinkTable) -> str:
    """The challenge link's query of a run that began with ``start``."""
    if "daily" in start:
        return f"daily={start['daily']}"
    parts = [f"seed={start['seed']}"] if "seed" in start else []  # a bowls puzzle is its number
    for key, kind in table.items():
        if key in start:
            value = start[key]
            parts.append(f"{key}={int(value) if kind is bool else value}")
    return "&".join(parts)


def read_link(query: object, table: LinkTable) -> dict[str, Any]:
    """The ``new`` payload a challenge link's query means (``NotationError("query")``)."""
    if not isinstance(query, str) or len(query) > 200:
        raise NotationError("query", "a challenge link is a short query text")
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    found = dict(pairs)
    if len(found) != len(pairs):
        raise NotationError("query", "a challenge link names each parameter once")
    if BEAT in found:
        _read_beat(found.pop(BEAT))
    if "daily" in found:
        if len(found) != 1 or not is_date(found["daily"]):
            raise NotationError("query", "a daily link is daily=YYYY-MM-DD alone")
        return {"daily": found["daily"]}
    payload: dict[str, Any] = {}
    if "seed" in found or not any(kind is int and key in found for key, kind in table.items()):
        if not found.get("seed", "").isdigit():
            raise NotationError("query", "a challenge link needs seed=<number>")
        try:
            payload["seed"] = read_seed(int(found.pop("seed")))
        except NotationError as exc:
            raise NotationError("query", exc.message) from None
    unknown = sorted(set(found) - set(table))
    if unknown:
        raise NotationError("query", f"unknown parameter {unknown[0][:20]!r}")
    for key, kind in table.items():
        if key not in found:
            continue
        text = found[key]
        if (kind is bool and text not in ("0", "1")) or (kind is int and not (text.isdigit() and len(text) < 10)):
            raise NotationError("query", f"{key} must be {'0 or 1' if kind is bool else 'a number'}")
        payload[key] = text == "1" if kind is bool else int(text) if kind is int else text
    return payload


def _read_beat(text: str) -> int:
    if not (text.isdigit() and int(text) < MAX_BEAT):
        raise NotationError("query", f"beat must be a score, 0 <= beat < {MAX_BEAT}")
    return int(text)


def beat_of(query: object) -> int | None:
    """The score to beat a challenge link carries, or None (a link without one, or not a link).

    >>> beat_of("seed=3&beat=120"), beat_of("beat=x"), beat_of(None)
    (120, None, None)
    """
    if not isinstance(query, str) or len(query) > 200:
        return None
    text = dict(parse_qsl(query.lstrip("?"), keep_blank_values=True)).get(BEAT)
    try:
        return None if text is None else _read_beat(text)
    except NotationError:
        return None
