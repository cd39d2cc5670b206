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
``new``; ``link`` never writes it (``challenge`` adds the finished run's score).

And ``vs``: the sender's replay code (``6E1.<game>.…``), a ghost to race
(``club.ghost``). It is no part of the deal either: ``read_link`` leaves it
out and ``vs_of`` hands it on unread (the ghost's own open checks it, so a
damaged ghost never spoils the deal). The rest of the query stays within
``MAX_QUERY`` characters; ``challenge`` writes ``vs`` only for a code of at
most ``MAX_GHOST`` characters, so a link stays one a chat keeps whole.

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
>>> read_link("seed=4&vs=6E1.blocks.eJx&beat=12", {}), vs_of("seed=4&vs=6E1.blocks.eJx"), vs_of("seed=4")
({'seed': 4}, '6E1.blocks.eJx', None)
>>> challenge("seed=4", 120, "6E1.blocks.eJx"), challenge("seed=4", 120, "6E1.blocks." + "x" * MAX_GHOST)
('seed=4&beat=120&vs=6E1.blocks.eJx', 'seed=4&beat=120')
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
VS = "vs"  # the sender's replay code, a ghost to race: beside the deal, not part of it
#: The longest query of a link besides its ``vs`` (a deal and a score are a few dozen characters).
MAX_QUERY = 200
#: The longest replay code a challenge link carries as its ghost (characters). A 200-move run
#: of tools/longruns.py is 790 (blocks), 733 (domino), 1,054 (merge) and 429 (bowls) characters,
#: so this holds several hundred moves of any game (docs/daily-club.md); a longer run's link
#: goes without its ghost.
MAX_GHOST = 2000


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


def challenge(query: str | None, score: int, code: str | None) -> str | None:
    """The query a finished run's challenge link sends: its deal, its score to beat, and its
    replay code as the ghost when the code is short enough for a link (None: no deal to send)."""
    if query is None:
        return None
    ghost = f"&{VS}={code}" if code is not None and len(code) <= MAX_GHOST else ""
    return f"{query}&{BEAT}={score}{ghost}"


def _found(query: object) -> dict[str, str]:
    """A link's parameters, each named once, the query besides ``vs`` short (else ``NotationError``)."""
    if not isinstance(query, str):
        raise NotationError("query", "a challenge link is a short query text")
    parts = query.lstrip("?").split("&")
    if sum(len(part) + 1 for part in parts if not part.startswith(f"{VS}=")) > MAX_QUERY + 1:
        raise NotationError("query", "a challenge link is a short query text")
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    found = dict(pairs)
    if len(found) != len(pairs):
        raise NotationError("query", "a challenge link names each parameter once")
    return found


def read_link(query: object, table: LinkTable) -> dict[str, Any]:
    """The ``new`` payload a challenge link's query means (``NotationError("query")``)."""
    found = _found(query)
    found.pop(VS, None)  # the ghost: read by its own open (club.ghost), never a part of the deal
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
    try:
        text = _found(query).get(BEAT)
        return None if text is None else _read_beat(text)
    except NotationError:
        return None


def vs_of(query: object) -> str | None:
    """The ghost's replay code a challenge link carries, unread (``club.ghost`` opens and checks it),
    or None: a link without one, or not a link.

    >>> vs_of("daily=2026-12-02&vs=6E1.bowls.abc"), vs_of("seed=1&vs=a&vs=b"), vs_of(7)
    ('6E1.bowls.abc', None, None)
    """
    try:
        return _found(query).get(VS)
    except NotationError:
        return None
