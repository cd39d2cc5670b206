"""The first lesson's position and its steps, and the best combo of the end card."""

from __future__ import annotations

import json

import pytest
from club.bowls import saves
from club.bowls.api import Session
from club.bowls.attempt import Attempt
from club.bowls.lesson import FIRST_SOW, LESSON, MAKE_THREE, lesson_attempt
from club.bowls.notation import parse, print_position
from club.errors import NotationError


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def test_the_lesson_position_parses_and_is_what_the_session_answers() -> None:
    assert print_position(parse(LESSON)) == LESSON
    s = Session()
    view = s.lesson({})
    assert view["position"] == LESSON and view["mode"] == "free" and not view["over"]
    assert view["limit"] is None and FIRST_SOW in view["choosable"]
    assert view["best_combo"] == 0
    assert all(b["clockwise"] for b in view["bowls"])  # no reverse in a first lesson


def test_the_steps_are_doable_and_yield_the_awaited_events() -> None:
    s = Session()
    s.lesson({})
    first = s.sow({"bowl": FIRST_SOW})  # step 2: sow clockwise, no match yet
    assert first["accepted"]
    delivered = [e["bowl"] for e in first["events"] if e["type"] == "deliver"]
    assert delivered == [FIRST_SOW + 1, FIRST_SOW + 2]  # one by one, clockwise (W6)
    assert "match" not in types(first["events"])
    assert first["view"]["bowls"][MAKE_THREE]["stones"] == "RB"
    second = s.sow({"bowl": MAKE_THREE})  # step 3: make three
    matched = sorted({e["bowl"] for e in second["events"] if e["type"] == "match"})
    assert matched == [MAKE_THREE + 1, MAKE_THREE + 2]
    assert second["view"]["last"]["combo"] == 2 and second["view"]["last"]["multiplier"] == 2
    assert second["view"]["best_combo"] == 2 and second["view"]["score"] == 120  # 6 stones x 10 x2 (W13)


def test_whatever_is_sown_first_a_match_stays_one_move_away() -> None:
    start = lesson_attempt()
    assert start.choosable()
    for first in start.choosable():
        a = lesson_attempt()
        assert a.play(first).accepted
        assert a.status() is None, first
        seconds = []
        for second in a.choosable():
            b = a.copy()
            seconds.append("match" in types(b.play(second).events))
        assert any(seconds), f"after sowing {first} no move matches"


def test_the_lesson_never_touches_the_run() -> None:
    s = Session()
    s.new({"mode": "endless", "seed": 4})
    run = s.save({})
    lesson = Session()  # the bridge gives the lesson a session of its own (bowls/lesson)
    lesson.lesson({})
    lesson.sow({"bowl": FIRST_SOW})
    assert s.save({}) == run


def test_best_combo_counts_safe_moves_and_undo_restores_it() -> None:
    a = Attempt.start("free", position=parse("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0"))
    assert a.best_combo == 0
    assert a.play(5).accepted and a.last["combo"] == 3 and a.best_combo == 3
    assert a.undo().accepted and a.best_combo == 0
    assert a.redo().accepted and a.best_combo == 3
    b = saves.load(saves.dump(a))
    assert b.best_combo == 3 and b.history[0].best_combo == 0
    overflowed = Attempt.start("free", position=parse("RB/RR/GGYYPPB/-/-/-/-/-/-/-/-/- 0 0"))
    assert overflowed.play(0).accepted and overflowed.status() == "overflow"
    assert overflowed.last["combo"] == 1 and overflowed.best_combo == 0  # an overflowed move has no combo (W12, as the achievements read it)


def test_an_old_save_without_best_combo_gets_its_undo_lines_best() -> None:
    a = Attempt.start("free", position=parse("-/-/-/-/-/BYR/BB/YY/RR/G/-/P 0 0"))
    a.play(5)
    a.play(9)
    data = json.loads(saves.dump(a))
    body = data["data"]
    del body["best_combo"]
    body["history"] = [entry[:5] for entry in body["history"]]
    old = saves.load(json.dumps(data))
    assert old.best_combo == 3 and [s.best_combo for s in old.history] == [0, 3]
    body["best_combo"] = 1  # a save that lies about it is refused (its undo line replays to 3)
    with pytest.raises(NotationError, match="last"):
        saves.load(json.dumps(data))


def test_the_lessons_combo_earns_no_achievement_and_the_first_real_one_does() -> None:  # W24, W27
    lesson = Session()
    lesson.lesson({})
    lesson.sow({"bowl": FIRST_SOW})
    combo = lesson.sow({"bowl": MAKE_THREE})
    assert combo["view"]["last"]["combo"] == 2
    assert "achievement" not in types(combo["events"])  # no "First x2 combo" that Themes would not show
    real = Session()
    real.new({"mode": "endless", "position": LESSON})  # the same two moves in a player's own attempt
    real.sow({"bowl": FIRST_SOW})
    earned = [e["id"] for e in real.sow({"bowl": MAKE_THREE})["events"] if e["type"] == "achievement"]
    assert earned == ["combo2"]
