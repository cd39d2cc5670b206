"""The Session the page talks to, saves (W25) and the profile (W19-W21, W25)."""

from __future__ import annotations

import json

import pytest
from club import save
from club.bowls.api import Session
from club.bowls.attempt import Attempt
from club.bowls.saves import dump_attempt, load_attempt
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
    assert view["bowls"][1] == {"stones": "", "mods": {"ice": 2}}
    assert view["bowls"][2]["mods"] == {"reverse": -1, "volcano": -1}
    assert (view["canUndo"], view["canRedo"], view["training"]) == (False, False, False)
    s.sow({"bowl": 0})
    view = s.undo({})["view"]
    assert (view["canUndo"], view["canRedo"], view["training"]) == (False, True, True)


def test_forecast_payloads() -> None:  # W23
    s = Session()
    s.new({"mode": "free", "position": "-/RGG/RR/YPRBP[v]/PYBRY[v]/-/-/BB/-/-/-/- 0 0"})
    assert s.forecast({"bowl": 1})["points"] == 140
    assert s.forecast({"bowl": 0})["reason"] == "empty"
    assert s.forecast({"bowl": -1})["reason"] == "bad-action"


def test_daily_view_and_new_payload_errors() -> None:  # W20
    s = Session()
    view = s.new({"mode": "daily", "date": "2026-11-29", "seed": 5})
    assert (view["limit"], view["movesLeft"], view["date"]) == (20, 20, "2026-11-29")
    for payload, field in [({"mode": "daily"}, "date"), ({"mode": "zen"}, "mode"),
                           ({"mode": "endless", "seed": -1}, "seed"),
                           ({"mode": "free", "position": "nope"}, "position")]:
        with pytest.raises(NotationError) as caught:
            s.new(payload)
        assert caught.value.field == field


def test_record_sets_bests_once_and_never_for_training() -> None:  # W19, W21, W25
    s = Session()
    s.new({"mode": "daily", "date": "2026-11-29", "position": "RG/RR/GG/Y/-/-/-/-/-/-/-/- 0 19"})
    assert s.record({"profile": ""})["recorded"] is False  # not over yet
    s.sow({"bowl": 0})  # 120 points, the 20th move: the attempt is over
    first = s.record({"profile": ""})
    assert (first["recorded"], first["best"], first["dailyBest"]) == (True, True, True)
    profile = json.loads(first["profile"])
    assert profile["best"] == {"daily": 120} and profile["daily"] == {"2026-11-29": 120}
    again = s.record({"profile": first["profile"]})
    assert again["recorded"] is False and again["profile"] == first["profile"]
    s.new({"mode": "endless", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    s.sow({"bowl": 0})
    s.undo({})
    s.sow({"bowl": 0})  # overflow again, now as training
    trained = json.loads(s.record({"profile": first["profile"]})["profile"])
    assert "endless" not in trained["best"] and trained["played"]["endless"] == 1


@pytest.mark.parametrize(("text", "field"), [
    ("nope", "profile"), ("[]", "profile"), ('{"version": 2}', "version"),
    ('{"version": 1, "best": {"endless": -5}}', "best"),
    ('{"version": 1, "daily": {"yesterday": 5}}', "daily"),
])
def test_corrupt_profile_names_field(text: str, field: str) -> None:  # W25
    with pytest.raises(NotationError) as caught:
        Session().load_profile({"profile": text})
    assert caught.value.field == field


def test_profile_keeps_unknown_keys() -> None:  # room for part 2 (themes, achievements)
    profile = Session().load_profile({"profile": '{"version": 1, "themes": ["simple"]}'})
    assert profile["themes"] == ["simple"]


def _corrupt(field: str, value: object) -> str:
    attempt = Attempt.start("daily", date="2026-11-29")
    attempt.play(attempt.choosable()[0])
    data = save.load(dump_attempt(attempt), "bowls", "run")
    data[field] = value
    return save.dump("bowls", "run", data)


@pytest.mark.parametrize(("field", "value"), [
    ("mode", "zen"), ("date", "tomorrow"), ("position", "R 0 0"), ("rng", "xyz"),
    ("rng", "1" * 17), ("seed", "-3"), ("collected", [1, 2]), ("training", 1), ("ended", "no"),
    ("history", [["-/-/-/-/-/-/-/-/-/-/-/- 0 0", "0", [0, 0, 0, 0, 0], 12, None]]),
    ("history", "none"), ("redo", [3, 99]), ("last", 5), ("extra", []),
])
def test_corrupt_save_names_field(field: str, value: object) -> None:  # W25
    with pytest.raises(NotationError) as caught:
        load_attempt(_corrupt(field, value))
    assert caught.value.field == field


def test_corrupt_envelope() -> None:
    with pytest.raises(NotationError) as caught:
        Session().load({"save": '{"schema": 1, "game": "merge", "kind": "run", "data": {}}'})
    assert caught.value.field == "game"


def test_headline_is_the_endless_best() -> None:
    s = Session()
    # issue 12: a best comes with an attempt played
    assert s.headline({"profile": '{"version": 1, "best": {"endless": 70}, "played": {"endless": 1}}'}) == {"best": 70}
    assert s.headline({"profile": "garbage"}) == {"best": None}
    assert s.headline({"profile": None}) == {"best": None}


def test_mode_hooks_judge_and_describe() -> None:  # room for part 2's puzzles (W18)
    from club.bowls.modes import MODES, Mode, register

    register(Mode("probe", refills=False, special=False, limit=None, training_on_undo=False,
                  judge=lambda a: "solved" if a.position.score >= 30 else None,
                  describe=lambda a: {"probe": a.position.moves}))
    try:
        s = Session()
        s.new({"mode": "probe", "position": "R/RR/-/-/-/-/G/-/-/-/-/- 0 0"})
        view = s.sow({"bowl": 0})["view"]
        assert (view["status"], view["probe"], view["choosable"]) == ("solved", 1, [])
    finally:
        del MODES["probe"]
