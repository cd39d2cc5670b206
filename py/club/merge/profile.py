"""The player's merge profile: best results and settings (M14).

Stored by the page as JSON; validated here. Missing keys take their
defaults (an older profile stays valid); wrong types name the field.

>>> p = load_profile('{"best": 120, "settings": {"style": "contrast"}}')
>>> p["best"], p["settings"]["jokers"], p["settings"]["style"], p["settings"]["timer"]
(120, True, 'contrast', False)
>>> load_profile('{"settings": {"timer": "yes"}}')
Traceback (most recent call last):
...
club.errors.NotationError: timer: timer must be bool
"""

from __future__ import annotations

import json
from typing import Any

from club import save
from club.errors import NotationError
from club.merge.persist import STYLES

COUNTERS = ("best", "best_highest", "best_moves", "rounds")


def default_profile() -> dict[str, Any]:
    return {"best": 0, "best_highest": 0, "best_moves": 0, "rounds": 0,
            "settings": {"jokers": True, "style": STYLES[0], "timer": False}}


def load_profile(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise NotationError("profile", "the profile is not JSON") from None
    if not isinstance(data, dict):
        raise NotationError("profile", "the profile must be a JSON object")
    profile = default_profile()
    for name in COUNTERS:
        if name in data:
            value = save.field(data, name, int)
            if value < 0:
                raise NotationError(name, f"{name} must be >= 0")
            profile[name] = value
    profile["settings"] = check_settings(data.get("settings", {}), profile["settings"])
    return profile


def check_settings(given: object, base: dict[str, Any]) -> dict[str, Any]:
    """Settings merged over ``base``; unknown keys are dropped."""
    if not isinstance(given, dict):
        raise NotationError("settings", "settings must be an object")
    settings = dict(base)
    for name in ("jokers", "timer"):
        if name in given:
            settings[name] = save.field(given, name, bool)
    if "style" in given:
        if given["style"] not in STYLES:
            raise NotationError("style", f"style must be one of {', '.join(STYLES)}")
        settings["style"] = given["style"]
    return settings


def record_round(
    profile: dict[str, Any], score: int, moves: int, highest: int, finished: bool = True
) -> dict[str, Any]:
    """The profile after a finished round (best score with its moves, best stone);
    an abandoned round (``finished=False``) counts for the bests, not for ``rounds``."""
    updated = dict(profile)
    updated["rounds"] = profile["rounds"] + (1 if finished else 0)
    if score > profile["best"]:
        updated["best"], updated["best_moves"] = score, moves
    updated["best_highest"] = max(profile["best_highest"], highest)
    return updated
