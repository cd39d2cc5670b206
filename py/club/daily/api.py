"""The club record service: what the page calls through the
bridge under the name ``"club"``. A plain class, not a game: every method
takes one payload and is pure (stored text and ``now``, ms since the epoch
UTC, in; new text and an answer out). Corrupt stored text or a bad payload
raises ``NotationError``; the bridge answers ``ok: false``. A stored text
that does not load is named by its payload key, ``record`` or ``replays``
(the message tells what is wrong in it), so the page knows which one to set
aside.

>>> club = Session()
>>> now = 1_796_213_400_000  # 2026-12-02 12:10 UTC
>>> club.today({"now": now})["games"]["domino"]
{'query': 'daily=2026-12-02'}
>>> event = {"type": "finished", "game": "domino", "score": 410, "seed": 7, "daily": "2026-12-02",
...          "link": "daily=2026-12-02", "moves": 28, "grid": "🟨🟧", "code": "6E1.domino.eJw"}
>>> out = club.bank({"record": None, "replays": None, "finished": event, "now": now})
>>> s = out["summary"]
>>> s["counted"], s["streak"], s["club_today"], s["new_best"], s["kept"]
(True, 1, 1, True, True)
>>> again = club.bank({"record": out["record"], "replays": out["replays"], "finished": event, "now": now})["summary"]
>>> again["practice"], again["why"]
(True, 'repeat')
>>> helped = club.bank({"record": None, "replays": None, "finished": {**event, "practice": "training"}, "now": now})
>>> s = helped["summary"]
>>> s["counted"], s["practice"], s["why"], s["streak"], s["new_best"]
(False, True, 'training', 0, False)
>>> club.home({"record": out["record"], "now": now})["games"]["domino"]
{'done': True, 'score': 410, 'streak': 1, 'query': 'daily=2026-12-02'}
>>> club.replays({"replays": out["replays"]})["list"][0]["score"]
410
>>> club.check({"record": "{}"})
Traceback (most recent call last):
...
club.errors.NotationError: record: schema: expected schema 1, got None
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from club import GAMES, calendar
from club.daily import archive as past
from club.daily import clock
from club.daily import record as records
from club.daily import repair as fixing
from club.daily import replays as kept
from club.daily import stats as numbers
from club.daily.views import Archive, ArchiveOpen, Banked, Home, Repaired, ReplayList, Stats, Summary, Today
from club.errors import MAX_COUNT, NotationError, is_int, read_seed
from club.outcome import FinishedEvent
from club.surface import act, ask

#: The keys a ``finished`` event must have (session.py sends it when a run
#: ends) and the ones it may have (checked when present; other keys are not read).
EVENT_KEYS = frozenset({"type", "game", "score", "daily", "code"})
EVENT_OPTIONAL = frozenset({"seed", "link", "moves", "grid", "practice", "mode", "archive"})
#: Longest link and grid text an event may carry.
MAX_LINK, MAX_GRID = 200, 1000


class Session:
    """The service; it holds nothing between calls."""

    #: What the page may call (``club.surface``); ``bank`` acts: it answers the record a run changed.
    CALLS = {"today": ask(now=float), "home": ask(record=str | None, now=float),
             "stats": ask(record=str | None, now=float), "replays": ask(replays=str | None),
             "bank": act(record=str | None, replays=str | None, finished=FinishedEvent, now=float),
             "check": ask(record=str), "repair": ask(record=str), "check_replays": ask(game=str, replays=str),
             "archive": ask(record=str | None, now=float), "archive_open": ask(date=str, now=float)}

    def today(self, payload: dict[str, Any]) -> Today:
        """Today's UTC date (the nearest of the Club's years on an impossible
        clock), ms until the next UTC day and each game's daily link."""
        now, date, _ = clock.read(payload.get("now"))
        return {"date": date, "next_ms": calendar.next_day_ms(now),
                "games": {game: {"query": f"daily={date}"} for game in GAMES}}

    def bank(self, payload: dict[str, Any]) -> Banked:
        """Add a finished run to the record and its replay to the game's kept
        replays; the new texts and the run's summary."""
        event = read_finished(payload.get("finished"))
        game = event["game"]
        _, today, possible = clock.read(payload.get("now"))
        record = _record(payload)
        entries = _replays(payload, game)
        banked = records.bank(record, game, event["score"], event["daily"], today, event["practice"], event["mode"],
                              possible, event["archive"])
        new_entries, was_kept = entries, False
        if event["code"] is not None:
            new_entries, was_kept = kept.keep(entries, game, event["code"], event["score"], banked.date,
                                              banked.new_best)
        games = banked.record.games[game]
        streak = numbers.protected(games, today)
        summary: Summary = {
            "game": game, "date": event["daily"], "daily": event["daily"] is not None,
            "counted": banked.counted, "practice": banked.practice, "why": banked.why,
            "streak": streak.streak, "best_streak": max(games.best_streak, streak.best),
            "freezes": streak.held, "freezes_used": len(streak.used),
            "club_streak": numbers.club_protected(banked.record, today).streak,
            "club_today": numbers.club_today(banked.record, today),
            "new_best": banked.new_best, "kept": was_kept,
            "archive": event["archive"], "archive_best": banked.archive_best,
        }
        return {"record": records.dump(banked.record), "replays": kept.dump(game, new_entries), "summary": summary}

    def home(self, payload: dict[str, Any]) -> Home:
        """The home screen's Daily Club card."""
        now, today, _ = clock.read(payload.get("now"))
        return numbers.home(_record(payload), today, calendar.next_day_ms(now))

    def archive(self, payload: dict[str, Any]) -> Archive:
        """The archive page: the past dailies open today, newest first, each game's day with
        its counted score (played on its day) and its archive best (``club.daily.archive``)."""
        _, today, _ = clock.read(payload.get("now"))
        record = _record(payload)
        return {"date": today, "days": [
            {"date": date, "games": {game: {"score": record.games[game].score_on(date),
                                            "best": record.games[game].archive_best(date)} for game in GAMES}}
            for date in past.window(today)]}

    def archive_open(self, payload: dict[str, Any]) -> ArchiveOpen:
        """A past daily to play from the archive: the ``new`` payload of its deal as practice, or
        refused with the reason as the field (``archive-date``, ``-future``, ``-today``, ``-old``)."""
        _, today, _ = clock.read(payload.get("now"))
        date = past.open_date(payload.get("date"), today)
        return {"date": date, "payload": {"daily": date, "archive": True}, "link": f"daily={date}"}

    def stats(self, payload: dict[str, Any]) -> Stats:
        """The stats page's numbers and chart data."""
        _, today, _ = clock.read(payload.get("now"))
        return numbers.stats(_record(payload), today)

    def replays(self, payload: dict[str, Any]) -> ReplayList:
        """A game's kept replays, newest first (``replays`` null: none)."""
        text = payload.get("replays")
        if text is None:
            return {"list": []}
        with _named("replays"):
            game = kept.game_of(text)
        return {"list": kept.listing(_replays(payload, game))}

    def check(self, payload: dict[str, Any]) -> bool:
        """True for a record text that loads (a backup's), else ``NotationError``."""
        _record(payload, allow_none=False)
        return True

    def repair(self, payload: dict[str, Any]) -> Repaired:
        """A record text that does not load, with what reads kept (``club.daily.repair``):
        the new text and what was dropped; text that is no club record is refused (``record``)."""
        with _named("record"):
            mended, dropped = fixing.repair(payload.get("record"))
        return {"record": records.dump(mended), "dropped": dropped}

    def check_replays(self, payload: dict[str, Any]) -> bool:
        """True for kept replays text of ``game`` that loads, else ``NotationError``."""
        game = payload.get("game")
        if game not in GAMES:
            raise NotationError("game", "unknown game")
        _replays(payload, str(game), allow_none=False)
        return True


def read_finished(value: object) -> dict[str, Any]:
    """The ``finished`` event of an answer, checked field by field; anything
    off is ``NotationError("finished")``. ``seed`` and ``link`` may be null (a
    run without a recording); ``practice`` missing or null: the run could set a personal best (else the game's
    reason code why not, e.g. ``"training"``).

    >>> read_finished({"type": "finished"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: finished: a finished event has the keys code, daily, game, score, type
    """
    if not isinstance(value, dict) or not value.keys() >= EVENT_KEYS:
        raise NotationError("finished", f"a finished event has the keys {', '.join(sorted(EVENT_KEYS))}")
    event = {"seed": None, "link": None, "moves": 0, "grid": "", "practice": None, "mode": None, "archive": False,
             **{key: value[key] for key in EVENT_KEYS | (EVENT_OPTIONAL & value.keys())}}
    checks = (
        event["type"] == "finished",
        event["game"] in GAMES,
        is_int(event["score"]) and 0 <= event["score"] <= MAX_COUNT,
        is_int(event["moves"]) and 0 <= event["moves"] <= MAX_COUNT,
        event["daily"] is None or calendar.is_date(event["daily"]),
        event["link"] is None or (isinstance(event["link"], str) and len(event["link"]) <= MAX_LINK),
        isinstance(event["grid"], str) and len(event["grid"]) <= MAX_GRID,
        event["code"] is None or isinstance(event["code"], str),
        isinstance(event["archive"], bool) and (not event["archive"] or event["daily"] is not None),
    )
    if not all(checks):
        raise NotationError("finished", "the finished event has a field of the wrong type or size")
    try:
        if event["seed"] is not None:
            read_seed(event["seed"])
        if event["practice"] is not None:
            records.read_reason(event["practice"])
        if event["mode"] is not None:  # the game's mode (domino's sprint or marathon), a short code too
            records.read_reason(event["mode"])
        if event["code"] is not None:
            kept.read_code(event["code"], event["game"])
    except NotationError:
        raise NotationError("finished", "the finished event's seed, code, practice reason or mode is wrong") from None
    return event


def _record(payload: dict[str, Any], allow_none: bool = True) -> records.Record:
    text = payload.get("record")
    if text is None and allow_none:
        return records.fresh()
    with _named("record"):
        return records.load(text)


def _replays(payload: dict[str, Any], game: str, allow_none: bool = True) -> list[kept.Entry]:
    text = payload.get("replays")
    if text is None and allow_none:
        return []
    with _named("replays"):
        return kept.load(text, game)


@contextlib.contextmanager
def _named(name: str) -> Iterator[None]:
    """Report a ``NotationError`` inside as one of the stored text ``name``."""
    try:
        yield
    except NotationError as error:
        raise NotationError(name, str(error)) from None


#: The name the issue's contract gives the class.
Service = Session

__all__ = ["EVENT_KEYS", "EVENT_OPTIONAL", "Service", "Session", "read_finished"]
