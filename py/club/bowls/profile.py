"""The bowls profile kept on the device (W19-W21, W24, W25): a ``club.save``
envelope, kind ``profile``.

It holds the personal bests per mode, the daily bests per date, the
attempts played per mode, the achievements earned, the theme in use and the
fewest moves of every solved puzzle. The engine validates it and decides
what a finished attempt changes (a training attempt sets no best, W21).
Text from before the envelope (``{"version": 1, ...}``, no envelope) is read
by ``legacy``; empty text is a new profile.

>>> p = record(load(""), "daily", "2026-11-29", 240, training=False)
>>> p["best"]["daily"], p["daily"]["2026-11-29"]
(240, 240)
>>> record(p, "daily", "2026-11-29", 900, training=True)["daily"]["2026-11-29"]
240
>>> load(dump(p)) == p
True
"""

from __future__ import annotations

import copy
from typing import Any, TypedDict, cast

from club import save
from club.bowls.achievements import THEMES, check_profile
from club.bowls.modes import MODES, is_date
from club.errors import MAX_COUNT, NotationError, count

GAME, KIND, VERSION = "bowls", "profile", 1
BEST_MODES = ("endless", "daily")
TABLES = ("best", "daily", "played")
FIELDS = {*TABLES, "achievements", "theme", "puzzles"}
LEGACY_VERSION = 1  # the "version" of the text before the envelope



class Profile(TypedDict):
    """The data of the profile envelope (version 1)."""

    best: dict[str, int]  # personal best per mode: endless, daily (W19, W20)
    daily: dict[str, int]  # best score per Daily date YYYY-MM-DD (W20)
    played: dict[str, int]  # attempts finished per mode (saturates at MAX_COUNT)
    achievements: list[str]  # ids in the order earned (W24)
    theme: str  # the theme in use (W24)
    puzzles: dict[str, int]  # fewest moves per solved puzzle id (W18)


def empty_profile() -> Profile:
    return {"best": {}, "daily": {}, "played": {}, "achievements": [], "theme": THEMES[0], "puzzles": {}}


def load(text: object) -> Profile:
    """Validate stored profile text (empty text is a new profile)."""
    if text == "":
        return empty_profile()
    data = save.load(text, GAME, KIND, VERSION, legacy=legacy)
    save.keys(data, "profile", FIELDS)
    return check(data)


def legacy(value: Any) -> Profile:
    """Profile text from before the envelope: ``{"version": 1, "best": ..., ...}``,
    where every table but the three first was optional.

    >>> legacy({"version": 1, "best": {}, "daily": {}, "played": {}})["theme"]
    'simple'
    """
    if value.get("version") != LEGACY_VERSION:
        raise NotationError("version", f"expected profile version {LEGACY_VERSION}")
    out: dict[str, Any] = {**empty_profile()}
    out.update({key: value[key] for key in FIELDS if key in value})
    return check(out)


def check(data: dict[str, Any]) -> Profile:
    """Every table typed and bounded, and only what play can leave (W19-W21, W24, W25)."""
    for name in TABLES:
        table = data[name]
        if not isinstance(table, dict) or not all(isinstance(k, str) for k in table):
            raise NotationError(name, f"{name} must map names to counts 0-{MAX_COUNT}")
        for value in table.values():
            count(value, name)
    if not all(is_date(day) for day in data["daily"]):
        raise NotationError("daily", "daily keys must be dates YYYY-MM-DD")
    check_tables(data)
    check_profile(data)
    return cast(Profile, data)


def check_tables(data: dict[str, Any]) -> None:
    """What ``record`` can leave (W19-W21, W25): attempts counted per known mode,
    bests only in Endless and Daily and only for a mode played, and no daily
    score above the Daily best.

    >>> check_tables({"best": {"endless": 5000}, "daily": {}, "played": {}})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: best: a best in endless without an attempt played
    """
    if set(data["played"]) - set(MODES):
        raise NotationError("played", "played counts attempts per known mode")
    for mode in data["best"]:
        if mode not in BEST_MODES:
            raise NotationError("best", f"bests are kept for {', '.join(BEST_MODES)} only")
        if not data["played"].get(mode):
            raise NotationError("best", f"a best in {mode} without an attempt played")
    if data["daily"] and max(data["daily"].values()) > data["best"].get("daily", -1):
        raise NotationError("daily", "a daily score above the Daily best")


def record(profile: Profile, mode: str, date: str, score: int, training: bool) -> Profile:
    """The profile after a finished attempt (a copy; the input is not changed)."""
    out = copy.deepcopy(profile)
    out["played"][mode] = min(MAX_COUNT, out["played"].get(mode, 0) + 1)  # saturates: still loads
    if training or mode not in BEST_MODES:
        return out
    if score > out["best"].get(mode, -1):
        out["best"][mode] = score
    if mode == "daily" and date and score > out["daily"].get(date, -1):
        out["daily"][date] = score
    return out


def dump(profile: Profile) -> str:
    return save.dump(GAME, KIND, profile, VERSION)
