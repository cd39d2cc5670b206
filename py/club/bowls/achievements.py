"""Achievements, themes and puzzle progress in the profile (W24, W25): pure functions.

The profile (``club.bowls.profile``) keeps, besides the bests and tallies:

- ``achievements``: the ids earned, in the order they were earned;
- ``theme``: the theme in use (one that is unlocked);
- ``puzzles``: ``{"<id>": fewest moves}`` for every solved puzzle.

Each achievement earned in any mode opens the next theme in unlock order
(W24), whichever achievement it is: ``k`` achievements open ``k + 1`` themes.

>>> p = {}
>>> p, new = award(p, {"mode": "endless", "combo": 4, "perfect": False, "score": 200})
>>> new, unlocked(p)
(['combo2', 'combo4'], ['simple', 'garden', 'sand'])
>>> p, new = solve_puzzle(p, 3, 5)
>>> p["puzzles"], solved_count(p)
({'3': 5}, 1)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from club.bowls.puzzles import puzzle_by_id
from club.errors import NotationError

THEMES = ("simple", "garden", "sand", "ocean", "runes", "neon", "space")  # W24 unlock order
ACHIEVEMENTS = ("combo2", "perfect", "puzzles10", "endless1000", "daily", "combo4", "puzzles50")
ENDLESS_POINTS = 1000
PUZZLES_FEW, PUZZLES_MANY = 10, 50
PUZZLE_IDS = range(1, 101)
_ID_TEXT = frozenset(str(i) for i in PUZZLE_IDS)  # plain decimal: never "07" or "١"


def earned(profile: Mapping[str, Any]) -> list[str]:
    return list(profile.get("achievements", []))


def unlocked(profile: Mapping[str, Any]) -> list[str]:
    """Simple, then one more theme per achievement (W24)."""
    return list(THEMES[: 1 + len(earned(profile))])


def theme(profile: Mapping[str, Any]) -> str:
    """The theme in use; an old choice that is not unlocked falls back to Simple."""
    chosen = profile.get("theme", THEMES[0])
    return chosen if chosen in unlocked(profile) else THEMES[0]


def solved_count(profile: Mapping[str, Any]) -> int:
    return len(profile.get("puzzles", {}))


def reached(facts: Mapping[str, Any], profile: Mapping[str, Any]) -> set[str]:
    """Which achievements the facts of one accepted action (and the profile) satisfy.

    ``facts``: ``mode``, ``combo`` (matching bowls of the player phase, W13),
    ``perfect`` (W14), ``score`` (of the attempt after the action), ``status``
    (why the attempt ended, or None).

    >>> sorted(reached({"mode": "daily", "combo": 0, "status": "limit"}, {}))
    ['daily']
    >>> sorted(reached({"mode": "daily", "combo": 0, "status": "overflow"}, {}))
    []
    >>> sorted(reached({"mode": "free", "combo": 2}, {}))  # the lesson's x2 combo
    []
    """
    got: set[str] = set()
    mode = facts.get("mode")
    if mode == "free":  # a position played as given (the first lesson, tests, W27) is no player's attempt: W24 earns nothing
        return got
    combo = facts.get("combo", 0)
    if combo >= 2:
        got.add("combo2")
    if combo >= 4:
        got.add("combo4")
    if facts.get("perfect"):
        got.add("perfect")
    if mode == "endless" and facts.get("score", 0) >= ENDLESS_POINTS:
        got.add("endless1000")
    # A daily played to its end: its 20 moves, or no bowl left to choose; not an
    # overflow and not "End attempt" (a choice we made: the spec says "finished").
    if mode == "daily" and facts.get("status") in ("limit", "stuck"):
        got.add("daily")
    count = solved_count(profile)
    if count >= PUZZLES_FEW:
        got.add("puzzles10")
    if count >= PUZZLES_MANY:
        got.add("puzzles50")
    return got


def award(profile: Mapping[str, Any], facts: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The profile after one action's facts (a copy) and the newly earned ids, in W24 order."""
    have = earned(profile)
    new = [name for name in ACHIEVEMENTS if name in reached(facts, profile) and name not in have]
    out = copy.deepcopy(dict(profile))
    if new:
        out["achievements"] = have + new
    return out, new


def solve_puzzle(profile: Mapping[str, Any], ident: int, moves: int) -> tuple[dict[str, Any], list[str]]:
    """Record a solved puzzle with its moves (the fewest are kept, W18) and award."""
    out = copy.deepcopy(dict(profile))
    table = out.setdefault("puzzles", {})
    key = str(ident)
    if key not in table or moves < table[key]:
        table[key] = moves
    return award(out, {"mode": "puzzle"})


def choose_theme(profile: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    """The profile using theme ``name``, or None when it is locked or unknown (W24)."""
    if name not in unlocked(profile):
        return None
    out = copy.deepcopy(dict(profile))
    out["theme"] = name
    return out


def check_profile(profile: Mapping[str, Any]) -> None:
    """Validate the achievements, theme and puzzles of a stored profile; ``NotationError`` names the bad one.

    >>> check_profile({"achievements": ["perfect"], "theme": "garden", "puzzles": {"7": 2}})
    >>> check_profile({"puzzles": {"101": 3}})
    Traceback (most recent call last):
    ...
    club.errors.NotationError: puzzles: puzzles must map ids 1-100 to moves >= 1
    """
    names = profile.get("achievements", [])
    if not isinstance(names, list) or any(n not in ACHIEVEMENTS for n in names) or len(set(names)) != len(
            names):
        raise NotationError("achievements", "achievements must list known ids once each")
    if profile.get("theme", THEMES[0]) not in THEMES:
        raise NotationError("theme", f"theme must be one of {', '.join(THEMES)}")
    table = profile.get("puzzles", {})
    if not isinstance(table, dict) or not all(
        isinstance(k, str) and k in _ID_TEXT and isinstance(v, int) and not isinstance(v, bool) and v >= 1
        for k, v in table.items()
    ):
        raise NotationError("puzzles", "puzzles must map ids 1-100 to moves >= 1")
    for key, moves in table.items():
        puzzle = puzzle_by_id(int(key))
        if not len(puzzle.solution) <= moves <= puzzle.limit:  # the stored solution is a shortest one
            raise NotationError("puzzles", f"puzzle {key} is solved in {len(puzzle.solution)}-{puzzle.limit} moves")
