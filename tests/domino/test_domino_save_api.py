"""The JSON save (every field checked, named on error) and the page's Session."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from club.domino import game as rules
from club.domino.api import Session
from club.domino.saving import dump_game, load_game
from club.errors import NotationError


def saved(**changes) -> str:
    game, _ = rules.new_run("sprint", "classic", seed=8)
    doc = json.loads(dump_game(game))
    doc["data"].update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"position": "........ 0"}, "position"),
        ({"position": "..2r.... 0 0"}, "well"),
        ({"mode": "zen"}, "mode"),
        ({"set": "double-twelve"}, "set"),
        ({"falling": [1, 2, 3]}, "falling"),
        ({"falling": [1, 2, 30, 0, 0]}, "falling"),  # outside the well
        ({"falling": [1, 12, 3, 0, 0]}, "falling"),
        ({"rest_ms": 0}, "rest_ms"),  # the spawned tile can move down: no lock delay may run
        ({"rest_ms": 500}, "rest_ms"),
        ({"resets": 16}, "resets"),
        ({"gravity": 50}, "gravity"),
        ({"soft": 1}, "soft"),
        ({"active_ms": -1}, "active_ms"),
        ({"queue": "1-2 7-7"}, "queue"),  # 7 is not in the classic set
        ({"queue": "12"}, "queue"),
        ({"rng": "xyz"}, "rng"),
        ({"over": True}, "falling"),  # an ended game has no falling tile
        ({"turns": True}, "turns"),
    ],
)
def test_corrupt_save_names_the_field(changes, field):
    with pytest.raises(NotationError) as err:
        load_game(saved(**changes))
    assert err.value.field == field


def test_not_a_save():
    for text, field in [("{", "save"), ('{"schema": 1, "game": "merge", "kind": "run", "data": {}}', "game")]:
        with pytest.raises(NotationError) as err:
            load_game(text)
        assert err.value.field == field


def test_save_round_trip_mid_lock_delay():
    game, _ = rules.new_run("marathon", "extended", seed=2)
    game, _, _ = rules.advance(rules.set_soft(game, True), 900)  # soft drop to the floor, resting
    assert game.rest_ms is not None
    assert load_game(dump_game(game)) == game


# Session --------------------------------------------------------------------------
def test_session_new_view():
    s = Session()
    view = s.new({"seed": 4, "mode": "marathon", "set": "extended"})
    assert (view["mode"], view["set"], view["width"], view["height"]) == ("marathon", "extended", 8, 16)
    assert view["tiles_left"] == 54 and view["set_number"] == 1 and view["gravity"] == 800
    assert view["falling"]["col"] == 3 and view["falling"]["ghost"] == 15 and view["next"] is not None
    assert view["cells"] == [] and not view["over"]


def test_session_bad_options_raise_named():
    for payload, field in [({"mode": "zen"}, "mode"), ({"set": "x"}, "set"), ({"seed": "1"}, "seed")]:
        with pytest.raises(NotationError) as err:
            Session().new(payload)
        assert err.value.field == field


def test_session_tick_is_small_until_a_turn_resolves():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    out = s.tick({"ms": 16})
    assert out["view"] is None and out["save"] is None and out["events"] == []
    s.soft({"held": True})
    for _ in range(200):
        out = s.tick({"ms": 16})
        if out["view"] is not None:
            break
    assert any(e["type"] == "locked" for e in out["events"])
    assert out["view"]["tiles_left"] == 26 and load_game(out["save"]) == s.game


def test_session_act_refusal_changes_nothing():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    before = s.save({})
    out = s.act({"move": "down"})
    assert out["accepted"]
    for _ in range(3):
        s.act({"move": "left"})
    before = s.save({})
    out = s.act({"move": "left"})  # column 0 already
    assert (out["accepted"], out["reason"]) == (False, "blocked") and s.save({}) == before


def test_session_load_releases_soft_drop():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    s.soft({"held": True})
    text = s.save({})
    view = Session().load({"save": text})
    assert view["falling"]["row"] == 0
    other = Session()
    other.load({"save": text})
    assert other.game.soft is False


def test_session_records_per_mode_and_set():
    s = Session()
    s.load_profile({"profile": json.dumps({"records": {"sprint/classic": {"max": 3, "power": 5, "speed": 1.5,
                                                                          "games": 2}}})})
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": "......../5s...... 0 0"})
    s.game = rules.Game(s.game.well, mode="sprint", set_kind="classic", queue=((6, 6),), queue_set=1)
    s.game, _ = rules.spawn_next(s.game)  # a 4x2 well: 6-6 spawns at 1:0
    s.game, _, _ = rules.advance(s.game, 800)  # falls to row 1 beside the 5: no match
    s.game = replace(s.game, power=9, max_turn=4, active_ms=30000)
    out = s.act({"move": "hard"})
    assert out["view"]["over"] and not out["view"]["topped_out"]
    assert out["record"] == ["max", "power", "speed"]
    assert out["profile"]["records"]["sprint/classic"] == {"max": 4, "power": 9, "speed": 18.0, "games": 3}


@pytest.mark.parametrize(
    "profile",
    ['{"records": []}', '{"records": {"zen/classic": {"max": 1, "power": 1, "speed": 1, "games": 1}}}',
     '{"records": {"sprint/classic": {"max": -1, "power": 1, "speed": 1, "games": 1}}}', "nope"],
)
def test_corrupt_profile(profile):
    with pytest.raises(NotationError):
        Session().load_profile({"profile": profile})


def test_headline_is_the_best_power_and_never_raises():
    records = {"sprint/classic": {"max": 3, "power": 5, "speed": 1.5, "games": 2},
               "marathon/extended": {"max": 6, "power": 40, "speed": 3.0, "games": 1}}
    assert Session().headline({"profile": json.dumps({"records": records})}) == {"best": 40}
    assert Session().headline({"profile": json.dumps({"records": {}})}) == {"best": None}
    assert Session().headline({"profile": "{garbage"}) == {"best": None}
    assert Session().headline({"profile": None}) == {"best": None}


def test_falling_reports_progress_for_smooth_drawing():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    assert s.tick({"ms": 200})["falling"]["fall"] == 0.25  # 200 of 800 ms
    s.soft({"held": True})
    falling = s.tick({"ms": 0})["falling"]  # 200 ms already exceed the 50 ms step: one row down at once
    assert (falling["row"], falling["fall"]) == (1, 0)
    assert s.tick({"ms": 25})["falling"]["fall"] == 0.5
