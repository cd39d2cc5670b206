"""The first lesson's position and the end card's new figures.

The lesson (``club.domino.lesson``) is a real run: its save loads like any
Sprint, and each step the page's coach waits for is doable from it and yields
the event the step waits for (move, rotate, cancel two equal halves).
"""

from __future__ import annotations

from typing import Any

import pytest
from club.domino import lesson, saves
from club.domino.api import Session
from club.domino.resolve import resolve


def started() -> Session:
    s = Session()
    s.lesson({})
    return s


def kinds(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer["events"]]


def test_the_lesson_is_a_real_run_the_same_every_time() -> None:
    view = started().lesson({})
    assert view == Session().lesson({})
    assert (view["mode"], view["set"], view["width"], view["height"]) == ("sprint", "classic", 8, 16)
    assert view["well"] == lesson.POSITION.split(" ")[0]
    assert (view["falling"]["a"], view["falling"]["b"], view["falling"]["col"], view["falling"]["row"]) == (3, 6, 3, 0)
    assert view["tiles_to_play"] == 28 and view["next"] == [1, 2]
    game = lesson.lesson_game()
    assert resolve(game.well).well == game.well  # at rest, nothing to cancel (D12)
    assert saves.load(saves.dump(game)) == game  # a whole classic set: the save loads as a Sprint


@pytest.mark.parametrize("name", ["left", "right"])
def test_step_one_moving_the_tile_is_a_moved_event(name: str) -> None:
    answer = started().move({"move": name})
    assert answer["accepted"]
    assert answer["events"][0]["type"] == "moved" and answer["events"][0]["by"] == name


@pytest.mark.parametrize("name", ["cw", "ccw"])
def test_step_two_rotating_it_is_a_moved_event(name: str) -> None:
    answer = started().move({"move": name})
    assert answer["accepted"] and answer["events"][0]["by"] == name


PATHS = {
    "the 6 on the 6, upright": ["left", "left", "left", "cw"],
    "the 6 on the 6, turned half round": ["left", "left", "left", "cw", "cw"],
    "the 3 on the 3, upright": ["ccw", "right", "right", "right", "right"],
    "the 3 on the 3, turned half round": ["cw", "cw", "right", "right", "right"],
}


@pytest.mark.parametrize("moves", PATHS.values(), ids=list(PATHS))
def test_step_three_a_drop_after_moving_and_turning_cancels_two_equal_halves(moves: list[str]) -> None:
    s = started()
    for name in moves:
        assert s.move({"move": name})["accepted"], name
    answer = s.move({"move": "hard"})
    cancelled = [e for e in answer["events"] if e["type"] == "cancelled"]
    assert cancelled and len(cancelled[0]["cells"]) == 2
    scored = next(e for e in answer["events"] if e["type"] == "scored")
    assert (scored["points"], scored["power_gain"]) == (2, 1)
    assert answer["view"]["power"] == 1 and answer["view"]["falling"]["a"] == 1  # the next tile comes


def test_dropped_straight_as_it_spawned_it_cancels_nothing() -> None:
    """So the lesson's move and rotate steps are needed, not decoration."""
    answer = started().move({"move": "hard"})
    assert "cancelled" not in kinds(answer)
    assert answer["view"]["power"] == 0 and answer["view"]["falling"] is not None


def test_a_soft_step_down_is_a_move_the_lesson_can_use() -> None:
    """In the lesson no time passes (the page sends no ticks): ↓ moves one row."""
    answer = started().move({"move": "down"})
    assert answer["accepted"] and answer["view"]["falling"]["row"] == 1


def test_the_lesson_never_touches_the_profile() -> None:
    s = Session()
    s.load_profile({"profile": '{"records": {"sprint/classic": {"max": 5, "power": 43, "speed": 0, "games": 1}}}'})
    s.lesson({})
    assert s.profile == {}


# ----- the end card's figures ---------------------------------------------------------
def finished(seed: int) -> tuple[Session, dict[str, Any]]:
    s = Session()
    s.new({"seed": seed, "mode": "sprint", "set": "classic"})
    answer: dict[str, Any] = {"events": []}
    while not answer["events"] or not answer["view"]["over"]:
        answer = s.move({"move": "left" if len(answer["events"]) % 3 else "hard"})
        if not answer["accepted"]:
            answer = s.move({"move": "hard"})
    return s, answer


def test_the_end_says_the_records_after_the_run_and_which_it_beat() -> None:
    s, answer = finished(4)
    record = next(e for e in answer["events"] if e["type"] == "record")
    view = answer["view"]
    assert record["best"] == {"max": view["max"], "power": view["power"], "speed": view["speed"]}
    assert record["beaten"] == [f for f in ("max", "power", "speed") if view[f] > 0]
    s.new({"seed": 9, "mode": "sprint", "set": "classic"})
    best = record["best"]
    while not s.state.over:
        last = s.move({"move": "hard"})
    record = next(e for e in last["events"] if e["type"] == "record")
    assert record["best"] == {f: max(best[f], last["view"][f]) for f in best}  # type: ignore[literal-required]
    assert set(record["beaten"]) == {f for f in best if last["view"][f] > best[f]}  # type: ignore[literal-required]


def test_the_view_counts_the_sets_played_out() -> None:
    s = Session()
    view = s.new({"seed": 1, "mode": "sprint", "set": "classic"})
    assert view["sets_done"] == 0
    while not s.state.over:
        view = s.move({"move": "hard"})["view"]
    assert view["sets_done"] == (0 if view["topped_out"] else 1)
    m = Session()
    view = m.new({"seed": 1, "mode": "marathon", "set": "classic"})
    for _ in range(28):
        view = m.move({"move": "hard"})["view"]
        if view["over"]:
            break
    assert view["over"] or (view["set_number"], view["sets_done"]) == (2, 1)
