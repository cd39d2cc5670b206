"""The first lesson's position and the run's end-card figures."""

from __future__ import annotations

import json

import pytest
from club.blocks import lesson, notation, saves
from club.blocks.api import Session
from club.blocks.rules import CROWN_POINTS


def _types(answer: dict) -> list[str]:
    return [e["type"] for e in answer["events"]]


def test_the_lesson_position_is_real_notation_and_the_same_every_time() -> None:
    state = lesson.lesson_state()
    assert notation.print_position(state) == lesson.POSITION
    assert lesson.lesson_state() == state
    assert (state.meter, state.score, state.drops, state.rows, state.over) == (4, 0, 0, 0, False)


def test_every_lesson_step_is_doable_and_yields_the_event_it_waits_for() -> None:
    s = Session()
    s.load_profile({"profile": None})
    view = s.lesson({})
    assert notation.print_position(s.state.state) == lesson.POSITION and view["profile"]["runs"] == 0
    # Step 1 "drag a piece onto the board": the triangle anywhere empty is placed, nothing clears.
    first = s.place({"slot": 0, "cell": "0:0"})
    assert first["accepted"] and _types(first) == ["placed", "points"]
    # Step 2 "fill a row": the single in the top row's gap clears it; the meter lights its 5th edge.
    slot, cell = lesson.FILL_TOP
    second = s.place({"slot": slot, "cell": cell})
    assert "cleared" in _types(second) and "crown" not in _types(second)
    assert (second["view"]["meter"], second["view"]["rows_cleared"]) == (5, 1)
    # Step 4 "clear one more row": the pair in the bottom gap lights the 6th edge: a Crown.
    slot, cell = lesson.FILL_BOTTOM
    third = s.place({"slot": slot, "cell": cell})
    crown = next(e for e in third["events"] if e["type"] == "crown")
    assert crown == {"type": "crown", "won": 1, "crowns": 1}
    assert third["view"]["crowns"] == 1 and third["view"]["meter"] == 0
    assert third["view"]["score"] >= CROWN_POINTS and not third["view"]["over"]


def test_the_lesson_runs_in_its_own_session_and_never_touches_the_run() -> None:
    run = Session()
    run.new({"seed": 5})
    before = run.save({})
    teacher = Session()
    teacher.lesson({})
    teacher.place({"slot": 1, "cell": "2:-4"})
    assert run.save({}) == before
    # A drop onto a filled cell is refused, as in any run.
    assert teacher.place({"slot": 2, "cell": "-4:4"})["reason"] == "occupied"


def test_rows_cleared_are_counted_saved_and_resumed() -> None:
    s = Session()
    s.lesson({})
    s.place({"slot": 1, "cell": "2:-4"})
    s.place({"slot": 2, "cell": "-3:4"})
    assert s.view({})["rows_cleared"] == 2
    text = s.save({})
    assert json.loads(text)["data"]["rows"] == 2
    again = Session()
    assert again.load({"save": text})["rows_cleared"] == 2
    assert saves.load(text) == s.state


def test_a_save_made_before_the_rows_counter_loads_with_none_counted() -> None:
    s = Session()
    s.new({"seed": 9})
    s.place({"slot": 0, "cell": "0:0"})
    envelope = json.loads(s.save({}))
    del envelope["data"]["rows"]
    view = Session().load({"save": json.dumps(envelope)})
    assert (view["rows_cleared"], view["drops"]) == (0, 1)
    envelope["data"]["rows"] = -1
    with pytest.raises(Exception) as info:
        Session().load({"save": json.dumps(envelope)})
    assert getattr(info.value, "field", None) == "rows"


def test_geometry_gives_the_crown_points_the_hud_hint_shows() -> None:
    assert Session().geometry({})["crown_points"] == CROWN_POINTS
