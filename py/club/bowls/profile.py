"""The bowls profile kept on the device (W25): personal bests per mode, daily bests per date.

The page stores it as JSON text; the engine validates it and decides what
a finished attempt changes (W19-W21: a training attempt sets no best).
Unknown top-level keys are kept as they are, so part 2 (themes,
achievements, puzzle progress) can add its own.

>>> p = record(parse_profile(""), "daily", "2026-11-29", 240, training=False)
>>> p["best"]["daily"], p["daily"]["2026-11-29"]
(240, 240)
>>> record(p, "daily", "2026-11-29", 900, training=True)["daily"]["2026-11-29"]
240
"""

from __future__ import annotations

import copy
import json
from typing import Any

from club.bowls.achievements import check_profile
from club.bowls.modes import MODES, is_date
from club.errors import MAX_COUNT, NotationError

VERSION = 1
BEST_MODES = ("endless", "daily")


def empty_profile() -> dict[str, Any]:
    return {"version": VERSION, "best": {}, "daily": {}, "played": {}}


def parse_profile(text: str) -> dict[str, Any]:
    """Validate stored profile text (empty text is a new profile)."""
    if not text:
        return empty_profile()
    try:
        data = json.loads(text)
    except ValueError:
        raise NotationError("profile", "profile is not JSON") from None
    if not isinstance(data, dict):
        raise NotationError("profile", "profile must be an object")
    if data.get("version") != VERSION:
        raise NotationError("version", f"expected profile version {VERSION}")
    for name in ("best", "daily", "played"):
        table = data.setdefault(name, {})
        if not isinstance(table, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT
            for k, v in table.items()
        ):
            raise NotationError(name, f"{name} must map names to counts 0-{MAX_COUNT}")
    if not all(is_date(day) for day in data["daily"]):
        raise NotationError("daily", "daily keys must be dates YYYY-MM-DD")
    check_tables(data)
    check_profile(data)  # part 2's keys: achievements, theme, puzzles (W24, W25)
    return data


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


def record(profile: dict[str, Any], mode: str, date: str, score: int, training: bool) -> dict[str, Any]:
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


def dump_profile(profile: dict[str, Any]) -> str:
    return json.dumps(profile, separators=(",", ":"), sort_keys=True)
