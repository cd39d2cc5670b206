"""The Session the page talks to, saves (W25) and the profile (W19-W21, W25)."""

from __future__ import annotations

import json

import pytest
from club import save
from club.bowls import saves
from club.bowls.api import Session
from club.bowls.attempt import Attempt
from club.bowls.saves import VERSION as SAVE_VERSION
from club.bridge import Bridge
from club.errors import NotationError


def test_session_plays_through_the_bridge() -> None:
    bridge = Bridge()
    view = json.loads(bridge.call("bowls", "new", '{"mode": "endless", "seed": 9}'))["result"]
    bowl = view["choosable"][0]
    answer = json.loads(bridge.call("bowls", "sow", json.dumps({"bowl": bowl})))["result"]
    assert answer["accepted"] and answer["view"]["moves"] == 1
    kinds = [e["type"] for e in answer["events"]]
    assert kinds[0] == "pickup" and kinds.count("deliver") == 3 and kinds.count("refill") == 2
    assert json.loads(bridge.call("bowls", "load", json.dumps({"save": answer["save"]})))["ok"]


# [mode, start position, bowl sown, the bowls its sow changed]: the sown bowl, where its stones land, a match
# emptying a bowl, a bowl that ends as it began left out (P11: the page says which changed)
CHANGED = [
    ("free", "RGB/-/-/-/-/-/-/-/-/-/-/- 0 0", 0, [0, 1, 2, 3]),
    ("free", "RG/R/RR/-/-/-/-/-/-/-/-/- 0 0", 0, [0, 1, 2]),
    ("free", "-/-/-/-/-/-/-/-/-/-/-/BBBB 0 0", 11, [0, 1, 2, 3, 11]),
]


@pytest.mark.parametrize(("mode", "position", "bowl", "changed"), CHANGED)
def test_a_sow_ends_with_the_bowls_it_changed(mode: str, position: str, bowl: int, changed: list[int]) -> None:
    s = Session()
    before = s.new({"mode": mode, "position": position})["bowls"]
    answer = s.sow({"bowl": bowl})
    after = answer["view"]["bowls"]
    assert answer["events"][-1] == {"type": "changed", "bowls": changed}
    assert changed == [b for b in range(12) if before[b]["stones"] != after[b]["stones"]]


def test_refused_actions_change_nothing() -> None:  # W5, W27
    s = Session()
    s.new({"mode": "free", "position": "-/G[i]/R/-/-/-/-/-/-/-/-/- 0 0"})
    before = s.save({})
    for payload, reason in [({"bowl": 1}, "ice"), ({"bowl": 0}, "empty"), ({"bowl": "1"}, "bad-action"),
                            ({"bowl": 12}, "bad-action"), ({"bowl": True}, "bad-action")]:
        answer = s.sow(payload)
        assert (answer["accepted"], answer["reason"], answer["save"]) == (False, reason, before)
    assert s.undo({})["reason"] == "nothing-to-undo"


def test_view_shows_modifiers_training_and_undo() -> None:
    s = Session()
    view = s.new({"mode": "endless", "position": "RG/-[i2]/-[rv]/-/-/-/-/-/-/-/-/- 0 0"})
    assert view["bowls"][1] == {"stones": "", "mods": {"ice": 2}, "refusal": "empty", "over_capacity": False,
                                "clockwise": True}
    assert view["bowls"][2]["mods"] == {"reverse": -1, "volcano": -1}
    assert view["bowls"][2]["clockwise"] is False  # W6: a reverse bowl sows counter-clockwise (the page shows which way)
    assert (view["can_undo"], view["can_redo"], view["training"]) == (False, False, False)
    s.sow({"bowl": 0})
    view = s.undo({})["view"]
    assert (view["can_undo"], view["can_redo"], view["training"]) == (False, True, True)


# P4: why a bowl cannot be sown is the engine's refusal (W5), not the page's guess
@pytest.mark.parametrize(("position", "refusals"), [
    ("RG/-/G[i]/-/-/-/-/-/-/-/-/- 0 0", [None, "empty", "ice"]),
    ("-[i]/Y[i2]/P/-/-/-/-/-/-/-/-/- 0 0", ["empty", "ice", None]),  # an empty iced bowl is empty first
])
def test_each_bowl_says_why_it_cannot_be_sown(position: str, refusals: list[str | None]) -> None:
    view = Session().new({"mode": "free", "position": position})
    assert [b["refusal"] for b in view["bowls"][:3]] == refusals


def test_an_overflow_is_marked_on_its_bowls() -> None:  # W12: the view's list and flags
    s = Session()
    s.new({"mode": "free", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    view = s.sow({"bowl": 0})["view"]
    assert view["status"] == "overflow" and view["overflow_bowls"] == [1]
    assert [b["over_capacity"] for b in view["bowls"][:3]] == [False, True, False]
    assert {b["refusal"] for b in view["bowls"]} == {"over"}


@pytest.mark.parametrize(("position", "bowl", "combo", "multiplier"), [
    ("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", 5, 3, 3),  # W13: three matching bowls, x3
    ("R/RR/-/-/-/-/-/-/-/-/-/- 0 0", 0, 1, 1),
    ("R/-/-/-/-/-/-/-/-/-/-/- 0 0", 0, 0, 1),  # nothing matched: x1, and the page shows no combo
])
def test_the_last_move_carries_its_multiplier(position: str, bowl: int, combo: int, multiplier: int) -> None:
    s = Session()
    s.new({"mode": "free", "position": position})
    last = s.sow({"bowl": bowl})["view"]["last"]
    assert (last["combo"], last["multiplier"]) == (combo, multiplier)


def test_forecast_payloads() -> None:  # W23
    s = Session()
    s.new({"mode": "free", "position": "-/RGG/RR/YPRBP[v]/PYBRY[v]/-/-/BB/-/-/-/- 0 0"})
    before = s.save({})
    shown = s.forecast({"bowl": 1})
    assert shown["accepted"] and shown["line"]["points"] == 140 and shown["line"]["multiplier"] == 2
    assert shown["events"] == s.sow({"bowl": 1})["events"][:len(shown["events"])]  # the same step
    s.load({"save": before})
    assert (s.forecast({"bowl": 0})["reason"], s.forecast({"bowl": 0})["line"]) == ("empty", None)
    assert s.forecast({"bowl": -1})["reason"] == "bad-action"
    assert s.save({}) == before


def test_forecast_stops_before_the_refill() -> None:  # W23
    s = Session()
    view = s.new({"mode": "endless", "seed": 4})
    shown = s.forecast({"bowl": view["choosable"][0]})
    kinds = {e["type"] for e in shown["events"]}
    assert "pickup" in kinds and not kinds & {"refill", "expire", "modifier"}
    assert "refill" in {e["type"] for e in s.sow({"bowl": view["choosable"][0]})["events"]}


def test_daily_view_and_new_payload_errors() -> None:  # W20
    s = Session()
    view = s.new({"mode": "daily", "date": "2026-11-29", "seed": 5})
    assert (view["limit"], view["moves_left"], view["date"]) == (20, 20, "2026-11-29")
    for payload, field in [({"mode": "daily"}, "date"), ({"mode": "zen"}, "mode"),
                           ({"mode": "endless", "seed": -1}, "seed"),
                           ({"mode": "free", "position": "nope"}, "position")]:
        with pytest.raises(NotationError) as caught:
            s.new(payload)
        assert caught.value.field == field


def test_the_move_that_ends_an_attempt_banks_it_once() -> None:  # W19, W21, W25
    s = Session()
    s.new({"mode": "daily", "date": "2026-11-29", "position": "RG/RR/GG/Y/-/-/-/-/-/-/-/- 0 19"})
    assert s.record({})["reason"] == "nothing-to-record"  # not over yet
    answer = s.sow({"bowl": 0})  # 120 points, the 20th move: the attempt is over
    assert {"type": "recorded", "best": True, "daily_best": True} in answer["events"]
    assert answer["view"]["recorded"] and answer["view"]["best"] == 120
    # the new best is the attempt's: its end card says it again after a reload (or a language switch)
    assert answer["view"]["new_best"] is True
    reloaded = Session()
    reloaded.load({"save": answer["save"]})
    assert reloaded.view({})["new_best"] is True
    profile = save.load(answer["profile"], "bowls", "profile")
    assert profile["best"] == {"daily": 120} and profile["daily"] == {"2026-11-29": 120}
    assert s.record({})["reason"] == "nothing-to-record"  # once
    s.new({"mode": "endless", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    s.sow({"bowl": 0})
    s.undo({})
    trained = s.sow({"bowl": 0})  # overflow again, now as training
    assert {"type": "recorded", "best": False, "daily_best": False} in trained["events"]
    assert trained["view"]["new_best"] is False and "new_best" not in json.loads(trained["save"])["data"]
    assert s.undo({})["view"]["new_best"] is False  # open again: no end, no best yet
    profile = save.load(trained["profile"], "bowls", "profile")
    # the first end set the best (0 points); the training end sets none, and counts again (undo reopened it)
    assert profile["best"]["endless"] == 0 and profile["played"]["endless"] == 2


def test_an_undone_recorded_attempt_still_saves() -> None:  # W21, W25: the save used to be refused
    s = Session()
    s.new({"mode": "endless", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    assert s.sow({"bowl": 0})["view"]["recorded"]
    assert not s.undo({})["view"]["recorded"]
    assert Session().load({"save": s.save({})})["moves"] == 0


def test_a_loaded_unrecorded_end_is_banked_by_record() -> None:  # W25
    s = Session()
    s.new({"mode": "free", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    s.sow({"bowl": 0})
    data = save.load(s.save({}), "bowls", "run", SAVE_VERSION)
    other = Session()
    other.load({"save": save.dump("bowls", "run", {**data, "recorded": False}, SAVE_VERSION)})
    answer = other.record({})
    assert answer["accepted"] and save.load(answer["profile"], "bowls", "profile")["played"] == {"free": 1}


@pytest.mark.parametrize(("text", "field"), [
    ("nope", "profile"), ("[]", "profile"), ('{"version": 2}', "version"),
    ('{"version": 1, "best": {"endless": -5}}', "best"),
    ('{"version": 1, "daily": {"yesterday": 5}}', "daily"),
])
def test_corrupt_profile_names_field(text: str, field: str) -> None:  # W25
    with pytest.raises(NotationError) as caught:
        Session().load_profile({"profile": text})
    assert caught.value.field == field


def _corrupt(field: str, value: object) -> str:
    attempt = Attempt.start("daily", date="2026-11-29")
    attempt.play(attempt.choosable()[0])
    data = save.load(saves.dump(attempt), "bowls", "run", SAVE_VERSION)
    data[field] = value
    return save.dump("bowls", "run", data, SAVE_VERSION)


@pytest.mark.parametrize(("field", "value"), [
    ("mode", "zen"), ("date", "tomorrow"), ("position", "R 0 0"), ("rng", "xyz"),
    ("rng", "1" * 17), ("seed", "-3"), ("collected", [1, 2]), ("training", 1), ("ended", "no"),
    ("history", [["-/-/-/-/-/-/-/-/-/-/-/- 0 0", "0", [0, 0, 0, 0, 0], 12, None]]),
    ("history", "none"), ("redo", [3, 99]), ("last", 5), ("puzzle", 3), ("recorded", "no"),
    ("edition", 3),
])
def test_corrupt_save_names_field(field: str, value: object) -> None:  # W25
    with pytest.raises(NotationError) as caught:
        saves.load(_corrupt(field, value))
    assert caught.value.field == field


def test_corrupt_envelope() -> None:
    with pytest.raises(NotationError) as caught:
        Session().load({"save": '{"schema": 1, "game": "merge", "kind": "run", "data": {}}'})
    assert caught.value.field == "game"


def test_headline_is_the_endless_best() -> None:
    s = Session()
    # a best comes with an attempt played
    assert s.headline({"profile": '{"version": 1, "best": {"endless": 70}, "played": {"endless": 1}}'}) == {"best": 70}
    assert s.headline({"profile": "garbage"}) == {"best": None}
    assert s.headline({"profile": None}) == {"best": None}


# W22: where Right/Down (forward) and Left/Up (back) take the choice: the next bowl that can be
# chosen around the ring, skipping empty and iced ones; None: nothing chosen yet.
ARROWS = [
    # (position, chosen, forward, back)
    ("-/R/-/G[i]/-/-/Y/-/-/-/-/- 0 0", None, 1, 6),  # from nothing: forward starts at 0, back at 11
    ("-/R/-/G[i]/-/-/Y/-/-/-/-/- 0 0", 1, 6, 6),  # the iced bowl 3 is skipped
    ("-/R/-/G[i]/-/-/Y/-/-/-/-/- 0 0", 6, 1, 1),  # around the ring
    ("-/R/-/-/-/-/-/-/-/-/-/- 0 0", 1, 1, 1),  # the only choice stays chosen
    ("-/-/-/-/-/-/-/-/-/-/-/R[i] 0 0", None, None, None),  # stuck: nowhere to go
]


@pytest.mark.parametrize(("position", "chosen", "forward", "back"), ARROWS)
def test_arrow_keys_go_to_the_next_choosable_bowl(position: str, chosen: int | None, forward: int | None,
                                                  back: int | None) -> None:
    arrows = Session().new({"mode": "free", "position": position})["arrows"]
    at = 12 if chosen is None else chosen
    assert (arrows["forward"][at], arrows["back"][at]) == (forward, back)


def test_the_view_gives_the_page_its_counts() -> None:  # P4: no rule constant in web/
    from club.bowls.position import CAPACITY, RING
    from club.bowls.puzzles import COUNT

    s = Session()
    view = s.new({"mode": "endless", "seed": 3})
    assert (view["capacity"], len(view["bowls"]), view["puzzle"]) == (CAPACITY, RING, None) == (7, 12, None)
    puzzle = s.puzzle_new({"puzzle": 1})["puzzle"]
    assert puzzle is not None and puzzle["total"] == COUNT == len(s.puzzles({})["puzzles"]) == 100


def test_a_new_best_is_only_an_attempt_recorded() -> None:  # W25, P8
    s = Session()
    s.new({"mode": "endless", "seed": 4})
    doc = json.loads(s.save({}))
    doc["data"]["new_best"] = True  # an attempt in play raised no best
    with pytest.raises(NotationError) as caught:
        Session().load({"save": json.dumps(doc)})
    assert caught.value.field == "new_best"
