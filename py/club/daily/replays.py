"""The replays kept per game: stored text
``6e-club/v1/<game>/replays``, envelope ``save.dump(game, "replays", data)``.

Kept: the newest ``NEWEST`` finished runs plus every run that set a personal
best when it was made (``pb``; at most ``MOST_PBS``, oldest dropped). A code
longer than ``LONG_CODE`` characters is kept only when it set a best, and
the codes of one game together stay under ``BUDGET`` characters (the oldest
runs go first, bests last), so the stored text always loads. A code is not
decoded here (``club.replay`` does that): it only has to start with
``6E1.<game>.`` and be URL-safe text.

>>> entries, kept = keep([], "blocks", "6E1.blocks.eJw", 40, "2026-12-02", True)
>>> kept, entries
(True, [Entry(code='6E1.blocks.eJw', score=40, date='2026-12-02', pb=True)])
>>> load(dump("blocks", entries), "blocks") == entries
True
>>> keep(entries, "blocks", "6E1.merge.eJw", 40, "2026-12-02", False)
Traceback (most recent call last):
...
club.errors.NotationError: code: a code of blocks must start with '6E1.blocks.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from club import GAMES, calendar, save
from club.daily.views import ReplayEntry
from club.errors import NotationError, count

#: The newest finished runs kept, whatever their score.
NEWEST = 20
#: Runs that set a personal best kept besides the newest ones.
MOST_PBS = 100
#: Codes longer than this are kept only when they set a best.
LONG_CODE = 200_000
#: Characters of all of one game's codes together: ``bank``'s payload (these
#: replays, the record and the new code) stays under the bridge's 1 MiB, and
#: the four games' replays fit the browser's storage beside the saves.
BUDGET = 400_000
VERSION = 1
_SAFE = re.compile(r"[A-Za-z0-9_.~=-]+")


@dataclass
class Entry:
    """One kept replay."""

    code: str
    score: int
    date: str
    pb: bool


def read_code(code: object, game: str) -> str:
    """``code`` when it looks like a replay code of ``game``, else ``NotationError("code")``.

    >>> read_code("6E1.domino.a-b_c", "domino")
    '6E1.domino.a-b_c'
    """
    prefix = f"6E1.{game}."
    if not isinstance(code, str) or not code.startswith(prefix):
        raise NotationError("code", f"a code of {game} must start with {prefix!r}")
    if len(code) == len(prefix) or len(code) > save.MAX_TEXT or not _SAFE.fullmatch(code):
        raise NotationError("code", "a code is URL-safe text")
    return code


def keep(entries: list[Entry], game: str, code: str, score: int, date: str, pb: bool) -> tuple[list[Entry], bool]:
    """The entries with a new finished run's replay (a new list), and whether
    it was kept (a long code that set no best, or one over the budget, is not).

    >>> many = [Entry(f"6E1.bowls.{i}", i, "2026-12-02", i == 0) for i in range(25)]
    >>> kept, _ = keep(many, "bowls", "6E1.bowls.x", 1, "2026-12-02", False)
    >>> len(kept), kept[0].score, kept[1].score, kept[-1].code
    (21, 0, 6, '6E1.bowls.x')
    """
    entry = Entry(read_code(code, game), score, date, pb)
    if (len(code) > LONG_CODE and not pb) or len(code) > BUDGET:
        return list(entries), False
    kept = _trim([*entries, entry])
    return kept, kept[-1] is entry


def listing(entries: list[Entry]) -> list[ReplayEntry]:
    """The kept replays, newest first."""
    return [{"code": e.code, "score": e.score, "date": e.date, "pb": e.pb} for e in reversed(entries)]


def dump(game: str, entries: list[Entry]) -> str:
    """Stored text of a game's kept replays."""
    return save.dump(game, "replays", {"list": [[e.code, e.score, e.date, e.pb] for e in entries]}, VERSION)


def load(text: object, game: str) -> list[Entry]:
    """Read a game's kept replays strictly (``NotationError`` when anything is
    off, including more entries or characters than ``keep`` ever keeps)."""
    if game not in GAMES:
        raise NotationError("game", "unknown game")
    data = save.load(text, game, "replays", VERSION)
    save.keys(data, "replays", {"list"})
    items = save.field(data, "list", list)
    if len(items) > NEWEST + MOST_PBS:
        raise NotationError("list", "too many replays")
    entries = [_entry(item, game) for item in items]
    if _trim(entries) != entries:
        raise NotationError("list", "more replays than are kept")
    return entries


def game_of(text: object) -> str:
    """The game whose replays stored text holds (its envelope says it).

    >>> game_of(dump("merge", []))
    'merge'
    """
    value: Any = save.parse_json(text, "replays")
    game = value.get("game") if isinstance(value, dict) else None
    if game not in GAMES:
        raise NotationError("game", "replays of no known game")
    return str(game)


def _entry(item: object, game: str) -> Entry:
    if not isinstance(item, list) or len(item) != 4 or not isinstance(item[3], bool):
        raise NotationError("list", "each replay must be [code, score, date, pb]")
    return Entry(read_code(item[0], game), count(item[1], "score"), calendar.read_date(item[2], "date"), item[3])


def _trim(entries: list[Entry]) -> list[Entry]:
    """The newest ``NEWEST`` and the newest ``MOST_PBS`` bests, then the oldest
    dropped (runs before bests) until the codes fit ``BUDGET``."""
    start = len(entries) - NEWEST
    pbs = [i for i, e in enumerate(entries) if e.pb and i < start][-MOST_PBS:]
    keep_at = [i for i in range(len(entries)) if i >= start or i in pbs]
    total = sum(len(entries[i].code) for i in keep_at)
    while total > BUDGET and keep_at:
        drop = next((i for i in keep_at if not entries[i].pb and i != len(entries) - 1), None)
        if drop is None:
            drop = next(i for i in keep_at)
        keep_at.remove(drop)
        total -= len(entries[drop].code)
    return [entries[i] for i in keep_at]
