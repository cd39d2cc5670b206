"""W24 achievements and theme unlocks, W25 puzzle progress: pure functions over a profile."""

from __future__ import annotations

from typing import Any

import pytest
from club.bowls.achievements import (
    ACHIEVEMENTS,
    THEMES,
    award,
    check_profile,
    choose_theme,
    solve_puzzle,
    theme,
    unlocked,
)
from club.errors import NotationError

PLAIN = {"mode": "endless", "combo": 1, "perfect": False, "score": 0, "status": None}

# W24: one action's facts -> the achievements it earns on a fresh profile, in W24 order.
FACTS: list[tuple[dict[str, Any], list[str]]] = [
    (PLAIN, []),
    ({**PLAIN, "combo": 2}, ["combo2"]),
    ({**PLAIN, "combo": 3}, ["combo2"]),
    ({**PLAIN, "combo": 4}, ["combo2", "combo4"]),  # x4 is also a first x2
    ({**PLAIN, "combo": 6}, ["combo2", "combo4"]),  # 4 or more bowls is x4 (W13)
    ({**PLAIN, "perfect": True}, ["perfect"]),
    ({**PLAIN, "mode": "puzzle", "combo": 2}, ["combo2"]),  # any mode
    ({**PLAIN, "score": 999}, []),
    ({**PLAIN, "score": 1000}, ["endless1000"]),
    ({**PLAIN, "mode": "daily", "score": 5000}, []),  # 1,000 points counts in Endless only
    ({**PLAIN, "mode": "daily", "status": "limit"}, ["daily"]),  # the 20th move, safe
    ({**PLAIN, "mode": "daily", "status": "stuck"}, ["daily"]),
    ({**PLAIN, "mode": "daily", "status": "overflow"}, []),  # W24: without overflow
    ({**PLAIN, "mode": "daily", "status": "ended"}, []),  # given up: not finished
    ({**PLAIN, "mode": "endless", "status": "limit"}, []),
]


@pytest.mark.parametrize(("facts", "expected"), FACTS)
def test_award_w24(facts: dict[str, Any], expected: list[str]) -> None:
    profile, new = award({"version": 1}, facts)
    assert new == expected
    assert profile.get("achievements", []) == expected
    assert unlocked(profile) == list(THEMES[: 1 + len(expected)])


def test_each_achievement_once_and_the_next_theme_in_order() -> None:
    # W24: whatever the achievement, each one opens the next theme: Simple, Garden, Sand...
    profile: dict[str, Any] = {"version": 1}
    assert unlocked(profile) == ["simple"]
    profile, new = award(profile, {**PLAIN, "perfect": True})
    assert new == ["perfect"] and unlocked(profile) == ["simple", "garden"]
    profile, new = award(profile, {**PLAIN, "perfect": True})
    assert new == [] and unlocked(profile) == ["simple", "garden"]
    profile, new = award(profile, {**PLAIN, "combo": 2})
    assert profile["achievements"] == ["perfect", "combo2"]
    assert unlocked(profile) == ["simple", "garden", "sand"]


def test_all_seven_open_all_seven_themes() -> None:
    profile = {"achievements": list(ACHIEVEMENTS)}
    assert unlocked(profile) == list(THEMES) and len(THEMES) == 7


def test_puzzle_progress_keeps_the_fewest_moves_and_counts_solved() -> None:
    profile: dict[str, Any] = {"version": 1}
    profile, _ = solve_puzzle(profile, 7, 5)
    profile, _ = solve_puzzle(profile, 7, 6)
    assert profile["puzzles"] == {"7": 5}
    profile, _ = solve_puzzle(profile, 7, 4)
    assert profile["puzzles"] == {"7": 4}
    news = []
    for ident in range(1, 11):
        profile, new = solve_puzzle(profile, ident, 3)
        news += new
    assert news == ["puzzles10"]  # the tenth distinct puzzle
    for ident in range(11, 51):
        profile, new = solve_puzzle(profile, ident, 3)
        news += new
    assert news == ["puzzles10", "puzzles50"]


def test_theme_choice_only_among_unlocked() -> None:
    profile: dict[str, Any] = {"version": 1}
    assert choose_theme(profile, "garden") is None
    assert choose_theme(profile, "plaid") is None
    profile, _ = award(profile, {**PLAIN, "combo": 2})
    chosen = choose_theme(profile, "garden")
    assert chosen is not None and theme(chosen) == "garden"
    assert theme({"theme": "space"}) == "simple"  # a locked choice is not used


@pytest.mark.parametrize(("profile", "field"), [
    ({"achievements": "perfect"}, "achievements"),
    ({"achievements": ["perfect", "perfect"]}, "achievements"),
    ({"achievements": ["win"]}, "achievements"),
    ({"theme": "plaid"}, "theme"),
    ({"puzzles": {"0": 3}}, "puzzles"),
    ({"puzzles": {"5": 0}}, "puzzles"),
    ({"puzzles": {"5": True}}, "puzzles"),
    ({"puzzles": [5]}, "puzzles"),
])
def test_corrupt_profile_names_the_field(profile: dict[str, Any], field: str) -> None:
    with pytest.raises(NotationError) as error:
        check_profile(profile)
    assert error.value.field == field
