"""The player's records (D18): the best Max, Power and Speed and the number of
games, per mode and set; stored as a ``club.save`` envelope of kind
``profile`` (P8).

Before that envelope the page stored the plain JSON ``{"records": {...}}`` itself;
such text still loads (``legacy``), with the same checks, so no best is lost.

>>> old = '{"records": {"sprint/classic": {"max": 5, "power": 43, "speed": 0, "games": 1}}}'
>>> records = load(old)
>>> best(records), load(dump(records)) == records
(43, True)
>>> dump(records)
'{"data":{"records":{"sprint/classic":{"games":1,"max":5,"power":43,"speed":0}}},"game":"domino","kind":"profile","schema":1,"version":1}'
>>> load('{"records": {"sprint/classic": {"max": 9, "power": 5000, "speed": 0, "games": 0}}}')
Traceback (most recent call last):
...
club.errors.NotationError: records: bad record 'sprint/classic': nothing before the first game
"""

from __future__ import annotations

from typing import Any, TypedDict

from club import save
from club.domino.rules import MODES, RECORDS, Game
from club.domino.saves import HEIGHT, WIDTH
from club.domino.tiles import SET_TOP
from club.errors import MAX_COUNT, NotationError, finite

GAME, KIND, VERSION = "domino", "profile", 1
FIELDS = RECORDS
KEYS = tuple(f"{mode}/{kind}" for mode in MODES for kind in SET_TOP)
MAX_TURN = WIDTH * HEIGHT  # T counts cancelled halves: at most the well's cells (D1, D13)


class ModeRecord(TypedDict):
    """The records of one mode and set (D18) and its games played."""

    max: int
    power: int
    speed: float  # one decimal; an int in text written before the envelope
    games: int


Records = dict[str, ModeRecord]


class SetView(TypedDict):
    """A tile set as the start screen describes it (D2)."""

    tiles: int  # tiles in the set
    top: int  # the highest pip


class ProfileView(TypedDict):
    """What ``load_profile`` answers: the records by ``mode/set``, and what the
    start screen says of the choices: each set's size (D2) and how much faster
    each new Marathon set falls (D6)."""

    records: Records
    sets: dict[str, SetView]
    faster: int  # percent


def dump(records: Records) -> str:
    return save.dump(GAME, KIND, {"records": records}, VERSION)


def load(text: object) -> Records:
    """Records of stored profile text, an envelope or the plain format of before
    the envelope; ``NotationError`` names what is wrong (``profile`` for text that is
    no profile, ``records`` for an entry no finished run can leave)."""
    data = save.load(text, GAME, KIND, VERSION, legacy=legacy)
    save.keys(data, "profile", {"records"})
    records = data["records"]
    if not isinstance(records, dict):
        raise NotationError("profile", 'profile must be {"records": {...}}')
    for key, entry in records.items():
        if key not in KEYS:
            raise NotationError("records", f"bad record {str(key)[:40]!r}")
        try:
            check(entry)
        except NotationError as exc:
            raise NotationError("records", f"bad record {key!r}: {exc.message}") from None
    return records


def legacy(value: dict[str, Any]) -> dict[str, Any]:
    """The plain ``{"records": {...}}`` the page stored before the envelope."""
    if "records" not in value:
        raise NotationError("profile", 'profile must be {"records": {...}}')
    return {"records": value["records"]}


def check(entry: object) -> None:
    """A record a finished run can leave (D13, D18): whole counts up to
    ``MAX_COUNT``, a finite Speed, Max at most the well's 128 halves, a Power at
    least what the Max turn gave, and nothing at all before the first game."""
    if not isinstance(entry, dict):
        raise NotationError("record", "a record is an object")
    save.keys(entry, "record", {*FIELDS, "games"})
    top, power = save.counter(entry, "max", MAX_TURN), save.counter(entry, "power")
    games, pace = save.counter(entry, "games"), entry["speed"]
    if not finite(pace) or not 0 <= pace <= MAX_COUNT:
        raise NotationError("speed", "speed must be a number 0-2**50")
    if not games and (top or power or pace):
        raise NotationError("games", "nothing before the first game")
    if power < max(0, top - 1) ** 2:
        raise NotationError("power", "power below what the best turn alone gave")


def bank(records: Records, game: Game) -> tuple[Records, list[str]]:
    """Merge a finished run into the records (new dict); the fields it beat.
    Counts saturate at ``MAX_COUNT`` so the stored records always load again."""
    key = f"{game.mode}/{game.set_kind}"
    if key not in KEYS:  # a notation-loaded game has no mode and no record
        return records, []
    result = {"max": game.max_turn, "power": min(MAX_COUNT, game.power),
              "speed": min(MAX_COUNT, round(game.speed, 1))}
    old = records.get(key, {"max": 0, "power": 0, "speed": 0, "games": 0})
    beaten = [f for f in FIELDS if result[f] > old[f]]  # type: ignore[literal-required]
    entry: ModeRecord = {"max": max(old["max"], game.max_turn), "power": max(old["power"], result["power"]),
                     "speed": max(old["speed"], result["speed"]), "games": min(MAX_COUNT, old["games"] + 1)}
    return {**records, key: entry}, beaten


def best(records: Records) -> int | None:
    """The home card's best score: the best Power of any mode and set."""
    return max((entry["power"] for entry in records.values()), default=None)
