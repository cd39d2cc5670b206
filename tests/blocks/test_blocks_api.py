"""The Session the page talks to: view, preview (B20), player card (B16, B17), saves (B18)."""

from __future__ import annotations

import json

import pytest
from club.blocks import conform, profile, rules
from club.blocks.api import Session, start
from club.blocks.pieces import CELLS
from club.errors import NotationError

E = "...../....../......./......../........./......../......./....../....."
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"
TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x...."


def session_at(position: str, seed: int = 0) -> Session:
    s = Session()
    s.load({"save": start(conform.load(position), seed)})
    return s


def index(cell: str) -> int:
    q, r = map(int, cell.split(":"))
    return CELLS.index((q, r))


def test_view_has_what_the_page_draws():
    s = Session()
    view = s.new({"seed": 42})
    assert len(view["board"]) == 61 and set(view["board"]) == {"."}
    assert [t["slot"] for t in view["tray"]] == [0, 1, 2]
    for slot in view["tray"]:
        assert slot["fits"] and slot["targets"] and slot["cells"][0] == [0, 0]
    assert (view["score"], view["streak"], view["bonus"], view["meter"], view["crowns"]) == (0, 0, 0, 0, 0)
    assert view["redeals"] == 1 and not view["redeal_offered"] and not view["over"]
    assert view["profile"] == {"stars": 0, "best": 0, "crowns": 0, "runs": 0}
    geometry = s.geometry({})
    assert len(geometry["cells"]) == 61 and len(geometry["rows"]) == 27


def test_b8_faded_pieces_and_b14_offer():
    view = session_at(f"{STUCK} 0:0,1:0|-|0:0,1:0,0:1 0 0 0 0 1").view({})
    assert [t["fits"] for t in view["tray"]] == [False, False, False]
    assert view["redeal_offered"] and not view["over"]


def test_b11_bonus_shown_for_the_next_clearing_drop():
    assert session_at(f"{E} 0:0|-|- 0 2 0 0 1").view({})["bonus"] == 50
    assert session_at(f"{E} 0:0|-|- 0 9 0 0 1").view({})["bonus"] == 100


def test_b20_preview_fill_rows_and_refusals():
    s = session_at(f"{TWO_ROWS} 0:0|0:0,1:0|- 0 0 0 0 1")
    p = s.preview({"slot": 0, "cell": "0:0"})
    assert p["legal"] and p["cells"] == [[0, 0]]
    rows = s.geometry({})["rows"]
    assert len(p["rows"]) == 2  # r = 0 and s = 0, not q = 0
    assert {frozenset(rows[i]) for i in p["rows"]} == {
        frozenset(index(f"{q}:0") for q in range(-4, 5)),
        frozenset(index(f"{q}:{-q}") for q in range(-4, 5))}
    blocked = s.preview({"slot": 1, "cell": "-1:0"})
    assert blocked == {"accepted": False, "legal": False, "reason": "occupied", "events": [], "cells": [], "rows": []}
    assert s.preview({"slot": 1, "cell": "4:-4"})["reason"] == "off-board"
    assert s.preview({"slot": 2, "cell": "0:0"})["reason"] == "empty-slot"
    assert s.preview({"slot": "x", "cell": "0:0"})["legal"] is False
    assert json.loads(s.save({}))["data"]["position"] == f"{TWO_ROWS} 0:0|0:0,1:0|- 0 0 0 0 1"  # nothing changed


@pytest.mark.parametrize("position", [
    f"{E} 0:0|-|- 0 0 0 0 1",  # one slot used
    f"{STUCK} 0:0,1:0|-|- 0 0 0 0 0",  # game over with an empty slot: both say 'over'
])
@pytest.mark.parametrize("payload", [
    {"slot": 0, "cell": "0:0"}, {"slot": 1, "cell": "0:0"}, {"slot": 0, "cell": "9:9"},
    {"slot": 5, "cell": "0:0"}, {"slot": 0, "cell": None}, {"slot": True, "cell": [0, 0]},
])
def test_issue12_preview_is_the_drop_on_a_copy(position: str, payload: dict) -> None:
    s = session_at(position)
    preview = s.preview(payload)
    answer = s.place(payload)
    assert (preview["accepted"], preview["reason"], preview["events"]) == (
        answer["accepted"], answer["reason"], answer["events"][:len(preview["events"])])


def test_b20_preview_agrees_with_the_drop():
    s = Session()
    s.new({"seed": 11})
    view = s.view({})
    for slot in view["tray"]:
        legal = {i for i, c in enumerate(CELLS) if s.preview({"slot": slot["slot"], "cell": [c.q, c.r]})["legal"]}
        assert legal == set(slot["targets"])


def test_actions_answer_events_view_save_profile():
    s = Session()
    s.new({"seed": 3})
    out = s.place({"slot": 0, "cell": [0, 0]})
    assert out["accepted"] and out["reason"] is None
    assert out["events"][0]["type"] == "placed"
    assert out["save"] == s.save({})
    assert out["profile"] is None  # the card changes only when a run is banked
    bad = s.place({"slot": 0, "cell": "0:0"})
    assert (bad["accepted"], bad["reason"], bad["events"]) == (False, "empty-slot", [])
    assert s.place({"slot": 1, "cell": "zz"})["reason"] == "bad-action"
    assert s.place({"slot": True, "cell": "0:0"})["reason"] == "bad-action"
    assert s.redeal({})["accepted"] and s.redeal({})["reason"] == "no-redeal"


def test_b16_game_over_banks_once():
    s = session_at(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 3 0")
    s.load_profile({"profile": profile.dump(profile.Profile(stars=10, best=500, crowns=1, runs=2))})
    out = s.place({"slot": 0, "cell": "0:-4"})
    kinds = [e["type"] for e in out["events"]]
    assert kinds[-3:] == ["over", "banked", "finished"]  # the Daily Club hears of the end
    assert out["events"][-2] == {"type": "banked", "score": 1235, "stars": 123, "best": 1235, "new_best": True}
    assert out["view"]["profile"] == {"stars": 133, "best": 1235, "crowns": 4, "runs": 3}
    assert out["view"]["over"] and out["view"]["banked"] and out["view"]["new_best"]
    # the new best is the finished run's: its end card says it again after a reload (or a language switch)
    reloaded = Session()
    reloaded.load({"save": out["save"]})
    assert reloaded.view({})["new_best"] is True
    # Play again does not bank the finished run a second time
    again = s.new_run({"seed": 5})
    assert again["events"] == [] and again["view"]["profile"]["stars"] == 133
    assert again["view"]["score"] == 0 and not again["view"]["banked"] and not again["view"]["new_best"]


def test_b16_a_run_below_the_best_is_no_new_best_after_a_reload():
    s = session_at(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 3 0")
    s.load_profile({"profile": profile.dump(profile.Profile(stars=10, best=5000, crowns=1, runs=2))})
    out = s.place({"slot": 0, "cell": "0:-4"})
    assert out["view"]["banked"] and not out["view"]["new_best"]
    assert "new_best" not in json.loads(out["save"])["data"]  # saved as before: only a new best writes it


def test_b17_new_run_banks_a_run_with_a_drop():
    s = Session()
    s.new({"seed": 8})
    out = s.new_run({"seed": 9})  # no drop yet: not a played run
    assert out["view"]["profile"] == {"stars": 0, "best": 0, "crowns": 0, "runs": 0}
    s = session_at(f"{E} 0:0|-|- 455 0 0 2 1")
    s.place({"slot": 0, "cell": "0:0"})
    out = s.new_run({"seed": 10})
    assert out["events"] == [{"type": "banked", "score": 456, "stars": 45, "best": 456, "new_best": True}]
    assert out["view"]["profile"] == {"stars": 45, "best": 456, "crowns": 2, "runs": 1}
    assert profile.load(out["profile"]) == profile.Profile(45, 456, 2, 1)


def test_b17_a_run_without_drops_counts_nothing():
    s = session_at(f"{E} 0:0|-|- 700 0 0 2 1")
    out = s.new_run({"seed": 1})
    # a card with a best but no run played is impossible (refused on load), so a
    # run without a drop (a set-up position here; 0 points in play) banks nothing at all
    assert out["view"]["profile"] == {"stars": 0, "best": 0, "crowns": 0, "runs": 0}


def test_b17_in_progress_says_when_new_run_would_bank():
    """P4: the page asks before New run exactly when the engine would bank the run."""
    s = Session()
    view = s.new({"seed": 8})
    assert not view["in_progress"]  # no drop yet
    slot = next(t for t in view["tray"] if t["fits"])
    c = CELLS[slot["targets"][0]]
    assert s.place({"slot": slot["slot"], "cell": [c.q, c.r]})["view"]["in_progress"]
    over = session_at(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 2 0")
    assert over.place({"slot": 0, "cell": "0:-4"})["view"]["over"]
    assert not over.view({})["in_progress"]  # over: already banked


def test_b12_geometry_gives_the_meter_edges():
    assert Session().geometry({})["meter_edges"] == rules.METER_EDGES == 6


def test_b18_save_resumes_exactly():
    s = Session()
    s.new({"seed": 99})
    for _ in range(6):
        view = s.view({})
        slot = next(t for t in view["tray"] if t["fits"])
        c = CELLS[slot["targets"][0]]
        s.place({"slot": slot["slot"], "cell": [c.q, c.r]})
    text = s.save({})
    other = Session()
    assert other.load({"save": text}) == s.view({})
    assert other.state == s.state
    saved = json.loads(text)
    assert "log" not in saved["data"]  # the run's one log is its recording
    assert [method for method, _ in saved["replay"]["actions"]] == ["place"] * 6


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.update(position="nonsense"), "position"),
    (lambda d: d.update(position=d["position"].replace(" 1", " 7")), "redeals"),
    (lambda d: d.update(rng=-1), "rng"),
    (lambda d: d.update(rng="12"), "rng"),
    (lambda d: d.update(log=[]), "data"),  # version 3 keeps no log (a version 2 log: test_blocks_migration.py)
    (lambda d: d.update(banked=1), "banked"),
    (lambda d: d.update(new_best=True), "new_best"),  # a run not banked raised no best
    (lambda d: d.update(banked=True, new_best=1), "new_best"),
    (lambda d: d.pop("drops"), "drops"),
    (lambda d: d.update(seed=True), "seed"),
])
def test_corrupt_saves_name_the_field(mutate, field):
    s = Session()
    s.new({"seed": 1})
    doc = json.loads(s.save({}))
    mutate(doc["data"])
    with pytest.raises(NotationError) as info:
        Session().load({"save": json.dumps(doc)})
    assert info.value.field == field


@pytest.mark.parametrize("text, field", [
    ("{", "profile"),
    ('{"schema": 1, "game": "blocks", "kind": "profile", "data": {"stars": -1, "best": 0, "crowns": 0, "runs": 0}}',
     "stars"),
    ('{"schema": 1, "game": "blocks", "kind": "profile", "data": {"stars": 1, "best": 0, "crowns": 0}}', "runs"),
    ('{"schema": 2, "game": "blocks", "kind": "profile", "data": {}}', "schema"),
])
def test_corrupt_profiles_name_the_field(text, field):
    with pytest.raises(NotationError) as info:
        Session().load_profile({"profile": text})
    assert info.value.field == field


def test_new_rejects_bad_seeds():
    for seed in (-1, "x", 1 << 64, True):
        with pytest.raises(NotationError):
            Session().new({"seed": seed})


def test_headline_for_the_home_screen():
    s = Session()
    assert s.headline({"profile": None}) == {"best": None}
    assert s.headline({"profile": "garbage"}) == {"best": None}
    assert s.headline({}) == {"best": None}
    text = profile.dump(profile.Profile(stars=3, best=321, crowns=0, runs=1))
    assert s.headline({"profile": text}) == {"best": 321}
    assert s.profile == profile.Profile()  # the session's own card is untouched
