"""Puzzle mode through the Session the page calls (W18, W21, W24, W25)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from club import save
from club.bowls.api import Session
from club.bowls.puzzles import puzzle_by_id
from club.errors import NotationError

# A puzzle of our own, played through the real mode: clear G in 2 (W12: sow 3 at once overflows).
TRAP = "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0"


def first_puzzle_session() -> tuple[Session, dict[str, Any]]:
    session = Session()
    return session, session.puzzle_new({"puzzle": 1})


def wrong_moves(puzzle_id: int) -> list[int]:
    """First moves of puzzle ``puzzle_id`` that do not solve it at once."""
    puzzle = puzzle_by_id(puzzle_id)
    out = []
    for bowl in range(12):
        session = Session()
        session.puzzle_new({"puzzle": puzzle_id})
        answer = session.sow({"bowl": bowl})
        if answer["accepted"] and answer["view"]["status"] != "solved":
            out.append(bowl)
    assert puzzle.limit == 1
    return out


def test_new_puzzle_view_w18() -> None:
    _, view = first_puzzle_session()
    puzzle = puzzle_by_id(1)
    assert view["mode"] == "puzzle" and view["moves"] == 0 and not view["over"]
    assert view["puzzle"]["goal"]["kind"] == puzzle.goal.kind
    assert view["moves_left"] == view["puzzle"]["moves_left"] == puzzle.limit
    assert (view["puzzle"]["last"], view["puzzle"]["next"]) == (False, 2)  # the engine's, not the page's COUNT
    assert view["position"] == "-/-/G/R/RR/B/-/-/-/-/-/- 0 0"


def test_running_out_of_moves_fails_and_undo_is_plain_help_w18_w21() -> None:
    session, _ = first_puzzle_session()
    bowl = wrong_moves(1)[0]
    answer = session.sow({"bowl": bowl})
    assert answer["view"]["status"] == "limit" and answer["view"]["over"]
    assert session.sow({"bowl": 3})["reason"] == "over"
    undone = session.undo({})
    assert undone["accepted"] and not undone["view"]["over"] and not undone["view"]["training"]
    assert undone["view"]["can_redo"]
    assert session.redo({})["view"]["status"] == "limit"  # redo replays the same move


def test_solved_on_the_last_allowed_move_and_recorded_once_w18_w25() -> None:
    session, _ = first_puzzle_session()
    answer = session.sow({"bowl": puzzle_by_id(1).solution[0]})
    assert answer["view"]["status"] == "solved" and answer["view"]["puzzle"]["solved"]
    assert {"type": "puzzle_solved", "fewest": 1, "first": True, "solved": 1} in answer["events"]
    assert save.load(answer["profile"], "bowls", "profile")["puzzles"] == {"1": 1}
    assert session.record({})["reason"] == "nothing-to-record"  # once


def test_overflow_beats_the_goal_in_a_puzzle_w12() -> None:
    session = Session()
    session.puzzle_new({"puzzle": 1})
    from club.bowls.notation import parse  # a puzzle attempt on our own trap position

    session.state.position = parse(TRAP)
    view = session.sow({"bowl": 3})["view"]
    assert view["status"] == "overflow" and not view["puzzle"]["solved"]


def test_collect_progress_is_saved_with_the_attempt_w18_w25() -> None:
    puzzle = next(p for p in map(puzzle_by_id, range(1, 101)) if p.goal.kind == "collect" and p.limit >= 2)
    session = Session()
    session.puzzle_new({"puzzle": puzzle.id})
    for bowl in puzzle.solution[:-1]:
        session.sow({"bowl": bowl})
    before = session.view({})["puzzle"]["progress"]
    restored = Session()
    view = restored.load({"save": session.save({})})
    assert view["puzzle"]["progress"] == before
    assert restored.sow({"bowl": puzzle.solution[-1]})["view"]["status"] == "solved"


def test_hint_follows_the_solver_w18() -> None:
    puzzle = next(p for p in map(puzzle_by_id, range(1, 101)) if p.limit >= 3)
    session = Session()
    session.puzzle_new({"puzzle": puzzle.id})
    assert session.hint({})["bowl"] == puzzle.solution[0]
    for _ in puzzle.solution[:-1]:  # hints along the way lead to the goal
        hint = session.hint({})["bowl"]
        session.sow({"bowl": hint})
    assert session.sow({"bowl": session.hint({})["bowl"]})["view"]["status"] == "solved"
    assert session.hint({})["reason"] == "over"


def test_hint_after_a_wrong_turn_says_there_is_no_way() -> None:
    session, _ = first_puzzle_session()  # limit 1: any wrong move ends it, so undo and check the hint
    bowl = wrong_moves(1)[0]
    session.sow({"bowl": bowl})
    assert session.hint({})["reason"] == "over"
    session.undo({})
    assert session.hint({})["bowl"] == puzzle_by_id(1).solution[0]


def test_grid_marks_solved_and_next_unsolved() -> None:
    session = Session()
    session.load_profile({"profile": json.dumps({"version": 1, "puzzles": {"1": 1, "2": 1}})})
    grid = session.puzzles({})
    assert len(grid["puzzles"]) == 100 and grid["solved"] == 2 and grid["next"] == 3
    assert grid["puzzles"][0]["fewest"] == 1 and grid["puzzles"][2]["fewest"] is None


def test_achievement_from_another_mode_opens_garden_w24() -> None:
    session = Session()
    session.new({"mode": "endless", "position": "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0"})
    answer = session.sow({"bowl": 5})  # three matching bowls: x3, the first combo x2 or more
    assert [e for e in answer["events"] if e["type"] == "achievement"] == [
        {"type": "achievement", "id": "combo2", "theme": "garden"}]
    shown = session.themes({})
    assert [t["name"] for t in shown["themes"] if t["unlocked"]] == ["simple", "garden"]
    assert [t["needed"] for t in shown["themes"]] == [0, 0, 1, 2, 3, 4, 5]  # W24: one theme per achievement
    chosen = session.set_theme({"theme": "garden"})
    assert chosen["accepted"] and chosen["events"] == [{"type": "theme", "theme": "garden"}]
    assert save.load(chosen["profile"], "bowls", "profile")["theme"] == "garden"
    assert session.themes({})["theme"] == "garden"
    locked = session.set_theme({"theme": "sand"})
    assert (locked["accepted"], locked["reason"], locked["profile"]) == (False, "locked", None)
    session.undo({})
    again = session.sow({"bowl": 5})
    assert not [e for e in again["events"] if e["type"] == "achievement"] and again["profile"] is None  # once


def test_refill_phase_combo_does_not_count() -> None:
    # W13: only the player phase's matching bowls count; this move matches nothing.
    session = Session()
    session.new({"mode": "free", "position": "R/-/-/-/-/-/-/-/-/-/-/B 0 0"})
    answer = session.sow({"bowl": 0})
    assert not [e for e in answer["events"] if e["type"] == "achievement"] and answer["profile"] is None


@pytest.mark.parametrize(("payload", "field"), [
    ({"profile": '{"version": 1, "theme": "plaid"}'}, "theme"),
    ({"profile": '{"version": 1, "puzzles": {"500": 2}}'}, "puzzles"),
    ({"profile": "nope"}, "profile"),
])
def test_corrupt_profile_is_named(payload: dict[str, Any], field: str) -> None:
    with pytest.raises(NotationError) as error:
        Session().load_profile(payload)
    assert error.value.field == field


def test_corrupt_puzzle_save_is_named() -> None:
    session, _ = first_puzzle_session()
    data = json.loads(session.save({}))
    data["data"]["puzzle"] = 404
    with pytest.raises(NotationError) as error:
        Session().load({"save": json.dumps(data)})
    assert error.value.field == "puzzle"
