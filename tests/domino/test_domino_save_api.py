"""The JSON save (every field checked, named on error) and the page's Session."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from club.domino import profile, rules, saves
from club.domino.api import Session
from club.domino.falling import Falling
from club.errors import NotationError


def saved(**changes) -> str:
    game, _ = rules.new_run("sprint", "classic", seed=8)
    doc = json.loads(saves.dump(game))
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
        saves.load(saved(**changes))
    assert err.value.field == field


def test_not_a_save():
    for text, field in [("{", "save"), ('{"schema": 1, "game": "merge", "kind": "run", "data": {}}', "game")]:
        with pytest.raises(NotationError) as err:
            saves.load(text)
        assert err.value.field == field


def test_save_round_trip_mid_lock_delay():
    game, _ = rules.new_run("marathon", "extended", seed=2)
    game = rules.advance(rules.set_soft(game, True), 900).state  # soft drop to the floor, resting
    assert game.rest_ms is not None
    assert saves.load(saves.dump(game)) == game


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
    """The frame path: no view or save on a frame where no turn resolved."""
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    out = s.tick({"ms": 16})
    assert out["view"] is None and out["save"] is None and out["profile"] is None and out["events"] == []
    s.soft({"held": True})
    for _ in range(200):
        out = s.tick({"ms": 16})
        if out["view"] is not None:
            break
    assert any(e["type"] == "locked" for e in out["events"])
    assert out["view"]["tiles_left"] == 26 and saves.load(out["save"]) == s.state


# One refusal shape (a rule refusal used to answer view None, a bad payload a view).
REFUSALS = [
    ({"move": "left"}, "blocked"),  # column 0 already (D5)
    ({"move": "jump"}, "bad-action"),
    ({"move": ["left"]}, "bad-action"),
    ({}, "bad-action"),
]


@pytest.mark.parametrize(("payload", "reason"), REFUSALS)
def test_a_refused_move_changes_nothing_and_answers_the_view(payload, reason):
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    for _ in range(3):
        assert s.move({"move": "left"})["accepted"]
    before, view = s.save({}), s.view({})
    out = s.move(payload)
    assert (out["accepted"], out["reason"], out["events"], out["profile"]) == (False, reason, [], None)
    assert out["view"] == view == s.view({}) and out["save"] == before == s.save({})


def test_moves_on_an_ended_run_and_time_are_refused():
    """D15: after the end nothing moves; a tick says so and changes nothing."""
    s = last_tile()
    assert s.move({"move": "hard"})["view"]["over"]
    before = s.save({})
    assert s.move({"move": "hard"})["reason"] == "over"
    out = s.tick({"ms": 500})
    assert (out["accepted"], out["reason"], out["view"], out["save"]) == (False, "over", None, None)
    assert s.save({}) == before


def test_session_load_releases_soft_drop():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    s.soft({"held": True})
    text = s.save({})
    view = Session().load({"save": text})
    assert view["falling"]["row"] == 0
    other = Session()
    other.load({"save": text})
    assert other.state.soft is False


def test_soft_with_no_key_state_raises_and_changes_nothing():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    before = s.save({})
    for held in ("false", 0, None, [True]):
        with pytest.raises(NotationError) as err:
            s.soft({"held": held})
        assert err.value.field == "held" and s.save({}) == before


def last_tile(power: int = 9, top: int = 4) -> Session:
    """A Sprint on a 4 x 2 well whose last tile is falling (D15), scores set by hand."""
    s = Session()
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": "......../5s...... 0 0"})
    game = rules.Game(s.state.well, mode="sprint", set_kind="classic", queue=((6, 6),), queue_set=1)
    game, _ = rules.spawn_next(game)  # a 4x2 well: 6-6 spawns at 1:0
    game = rules.advance(game, 800).state  # falls to row 1 beside the 5: no match
    s.state = replace(game, power=power, max_turn=top, active_ms=30000)
    return s


def test_session_records_per_mode_and_set():
    """D18: the run that ends banks into its mode/set; the answer names the beaten fields
    and carries the new profile text (an envelope)."""
    s = last_tile()
    s.load_profile({"profile": json.dumps({"records": {"sprint/classic": {"max": 3, "power": 5, "speed": 1.5,
                                                                          "games": 2}}})})
    out = s.move({"move": "hard"})
    assert out["view"]["over"] and not out["view"]["topped_out"]
    assert [e for e in out["events"] if e["type"] == "record"] == [{"type": "record", "beaten": ["max", "power", "speed"],
                                                                    "best": {"max": 4, "power": 9, "speed": 18.0}}]
    assert json.loads(out["profile"])["kind"] == "profile"
    assert profile.load(out["profile"])["sprint/classic"] == {"max": 4, "power": 9, "speed": 18.0, "games": 3}
    assert s.load_profile({"profile": out["profile"]})["records"] == profile.load(out["profile"])
    # the records beaten are the run's: its end card says them again after a reload (or a language switch)
    record = {"beaten": ["max", "power", "speed"], "best": {"max": 4, "power": 9, "speed": 18.0}}
    assert out["view"]["record"] == record


def ended_sprint(records: str | None) -> dict:
    """A real Sprint hard-dropped to its end over the stored ``records``: the answer that ended it."""
    s = Session()
    s.load_profile({"profile": records})
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    out = s.move({"move": "hard"})
    while not out["view"]["over"]:
        out = s.move({"move": "hard"})
    return out


def test_the_records_a_run_beat_come_back_with_it():  # D18, P4
    out = ended_sprint(None)
    record = out["view"]["record"]
    assert record["beaten"] == ["max", "power", "speed"][: len(record["beaten"])] and record["beaten"]
    assert json.loads(out["save"])["data"]["beaten"] == record["beaten"]
    reloaded = Session()
    reloaded.load_profile({"profile": out["profile"]})
    assert reloaded.load({"save": out["save"]})["record"] == record


def test_a_run_below_its_records_beats_none_and_saves_as_before():  # D18
    first = ended_sprint(None)
    out = ended_sprint(first["profile"])  # the same deal played the same way: a tie beats no record
    assert out["view"]["record"] == {"beaten": [], "best": first["view"]["record"]["best"]}
    assert "beaten" not in json.loads(out["save"])["data"]
    assert Session().new({"seed": 4, "mode": "sprint", "set": "classic"})["record"] is None  # in play: none
    for bad in (["speed", "max"], ["max", "max"], ["zen"], []):
        doc = json.loads(out["save"])
        doc["data"]["beaten"] = bad
        with pytest.raises(NotationError) as info:
            Session().load({"save": json.dumps(doc)})
        assert info.value.field == "beaten"


def test_a_run_ended_by_time_banks_too():
    """D7, D18: the lock delay running out ends the Sprint inside a tick: the tick answers
    as the action would (view, save, record event, profile text)."""
    s = last_tile(power=1, top=2)
    out = s.tick({"ms": 500})
    assert out["view"]["over"] and out["save"] == s.save({})
    assert [e["beaten"] for e in out["events"] if e["type"] == "record"] == [["max", "power", "speed"]]
    assert profile.load(out["profile"]) == {"sprint/classic": {"max": 2, "power": 1, "speed": 2.0, "games": 1}}


def test_a_move_that_ends_no_run_leaves_the_profile():
    s = Session()
    s.new({"seed": 4, "mode": "sprint", "set": "classic"})
    assert s.move({"move": "hard"})["profile"] is None


@pytest.mark.parametrize(
    "profile",
    ['{"records": []}', '{"records": {"zen/classic": {"max": 1, "power": 1, "speed": 1, "games": 1}}}',
     '{"records": {"sprint/classic": {"max": -1, "power": 1, "speed": 1, "games": 1}}}', "nope",
     '{"schema":1,"game":"domino","kind":"profile","data":{"records":{},"x":1}}'],
)
def test_corrupt_profile(profile):
    with pytest.raises(NotationError):
        Session().load_profile({"profile": profile})


def test_headline_is_the_best_power_and_never_raises():
    entries = {"sprint/classic": {"max": 3, "power": 5, "speed": 1.5, "games": 2},
               "marathon/extended": {"max": 6, "power": 40, "speed": 3.0, "games": 1}}
    assert Session().headline({"profile": json.dumps({"records": entries})}) == {"best": 40}
    assert Session().headline({"profile": profile.dump(entries)}) == {"best": 40}
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


def test_d14_turn_sends_what_the_page_shows():
    """D13/D14 (P4: no rule in the page): the cascade's ``cancelled`` events count T so
    far (2, then 4); ``scored`` and the view carry the Power gain (T - 1)² = 9, not 1 + 1;
    the HUD's tiles to play include the falling tile."""
    rows = ["." * 16] * 14 + ["......2d........", "......3u5r1l...."]
    s = Session()
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": "/".join(rows) + " 0 0"})
    dealt = s.state.falling  # swapped with the 2-5: the set stays whole (D15)
    queue = tuple((dealt.a, dealt.b) if set(tile) == {2, 5} else tile for tile in s.state.queue)
    s.state = replace(s.state, falling=Falling(2, 5, 3, 0, 0), queue=queue)
    assert s.view({})["tiles_to_play"] == 28 and s.view({})["power_gain"] == 0
    out = s.move({"move": "hard"})
    assert [e["points"] for e in out["events"] if e["type"] == "cancelled"] == [2, 4]
    (scored,) = [e for e in out["events"] if e["type"] == "scored"]
    assert (scored["points"], scored["power_gain"], out["view"]["power_gain"]) == (4, 9, 9)
    assert (out["view"]["power"], out["view"]["tiles_to_play"]) == (9, 27)
