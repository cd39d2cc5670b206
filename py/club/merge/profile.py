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
from club.errors import MAX_COUNT, NotationError
from club.merge.persist import MAX_STONE, STYLES

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
            profile[name] = save.counter(data, name)
    check_bests(profile, set(data))
    profile["settings"] = check_settings(data.get("settings", {}), profile["settings"])
    return profile


def check_bests(profile: dict[str, Any], given: set[str]) -> None:
    """What ``record_round`` can leave (M10, M11): a best score is made in moves
    (and a score of 0 records none), scoring takes a merge, so a stone of 4 or
    more; the best stone is a power of two no saved round exceeds; a finished
    round placed a stone. Profiles older than ``best_moves``/``best_highest``
    hold only ``best``: a key that is not there is not checked.

    >>> check_bests({"best": 5000, "best_moves": 0, "best_highest": 64, "rounds": 0}, {"best", "best_moves"})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: best_moves: a best score is made in at least one move
    """
    best, moves, highest = profile["best"], profile["best_moves"], profile["best_highest"]
    if "best_moves" in given and bool(best) != bool(moves):
        raise NotationError("best_moves", "a best score is made in at least one move")
    if highest > MAX_STONE or highest & (highest - 1) or highest == 1:
        raise NotationError("best_highest", f"best_highest must be 0 or a power of two up to {MAX_STONE}")
    if "best_highest" in given and ((best and highest < 4) or (profile["rounds"] and not highest)):
        raise NotationError("best_highest", "best_highest below what the best round made")


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
    updated["rounds"] = min(MAX_COUNT, profile["rounds"] + (1 if finished else 0))  # saturates
    if score > profile["best"]:
        updated["best"], updated["best_moves"] = score, moves
    updated["best_highest"] = max(profile["best_highest"], highest)
    return updated
