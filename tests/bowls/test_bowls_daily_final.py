"""A finished Daily is final and a training attempt is practice (W20, W21).

The first table says, mode by mode and end by end, whether undo may open the
finished attempt again (a finished Daily is banked by the Daily Club: never);
the second what the ``finished`` event and ``run_info`` tell the Daily Club of
a run (``practice``: why it can set no personal best). The last test banks a
real bowls Daily played with an undo through the club service.
"""

from __future__ import annotations

from typing import Any

import pytest
from club.bowls.api import Session
from club.daily.api import Session as Club
from daily.clubtime import ms

DATE = "2026-12-02"
OVERFLOW = "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"  # sowing bowl 0 overflows bowl 1 (W12)
LAST_DAILY_MOVE = "RG/RR/GG/Y/-/-/-/-/-/-/-/- 0 19"  # sowing bowl 0 is the 20th move (W20)


def finished_of(answer: dict[str, Any]) -> dict[str, Any] | None:
    return next((e for e in answer["events"] if e["type"] == "finished"), None)


def play_daily(session: Session, undo_at: int | None = None) -> list[dict[str, Any]]:
    """The Daily of ``DATE`` played to its 20th move by the first bowl it lets the player
    choose; with ``undo_at``, the move of that number is undone once and sown again.
    The answers of every action, in order."""
    view = session.new({"daily": DATE})
    answers = []
    while not view["over"]:
        answers.append(session.sow({"bowl": view["choosable"][0]}))
        if undo_at is not None and answers[-1]["view"]["moves"] == undo_at:
            undo_at = None
            answers.append(session.undo({}))
            answers.append(session.redo({}))
        view = answers[-1]["view"]
    return answers


# ----- how the attempt ended -> may undo open it again? -------------------------------------
# (name, new payload, the actions that end it, the reason undo is refused with or None: allowed)
UNDO_AFTER_THE_END: list[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any]]], str | None]] = [
    ("daily: the 20th move", {"mode": "daily", "date": DATE, "position": LAST_DAILY_MOVE},
     [("sow", {"bowl": 0})], "daily-final"),
    ("daily: an overflow", {"mode": "daily", "date": DATE, "position": OVERFLOW},
     [("sow", {"bowl": 0})], "daily-final"),
    ("daily: End attempt", {"mode": "daily", "date": DATE, "position": LAST_DAILY_MOVE},
     [("end", {})], "over"),
    ("daily: End attempt after a move", {"mode": "daily", "date": DATE, "position": OVERFLOW.replace(" 0 0", " 0 3")},
     [("sow", {"bowl": 1}), ("end", {})], "over"),
    # a decision, kept: an Endless overflow may be undone (it is training from then on)
    ("endless: an overflow", {"mode": "endless", "position": OVERFLOW}, [("sow", {"bowl": 0})], None),
    ("free: an overflow", {"mode": "free", "position": OVERFLOW}, [("sow", {"bowl": 0})], None),
]


@pytest.mark.parametrize(("name", "start", "actions", "refused"), UNDO_AFTER_THE_END,
                         ids=[row[0] for row in UNDO_AFTER_THE_END])
def test_undo_after_the_end(name: str, start: dict[str, Any], actions: list[Any], refused: str | None) -> None:
    s = Session()
    s.new(start)
    for method, payload in actions:
        assert getattr(s, method)(payload)["accepted"]
    view, save = s.view({}), s.save({})
    assert view["over"] and view["can_undo"] == (refused is None)
    answer = s.undo({})
    assert (answer["accepted"], answer["reason"]) == (refused is None, refused)
    if refused is not None:  # refused: nothing changed
        assert (answer["view"], answer["save"], answer["events"]) == (view, save, [])
        assert s.view({}) == view
    else:
        assert not answer["view"]["over"] and answer["view"]["training"] == (start["mode"] == "endless")


def test_a_finished_daily_loaded_from_its_save_is_still_final() -> None:
    s = Session()
    assert play_daily(s)[-1]["view"]["status"] == "limit"
    text = s.save({})
    again = Session()
    again.load({"save": text})
    assert not again.view({})["can_undo"]
    assert again.undo({})["reason"] == "daily-final" and again.save({}) == text


def test_a_daily_undone_before_its_end_still_undoes() -> None:  # W21: undo is refused only once it ended
    s = Session()
    view = s.new({"daily": DATE})
    s.sow({"bowl": view["choosable"][0]})
    answer = s.undo({})
    assert answer["accepted"] and answer["view"]["training"] and answer["view"]["moves"] == 0


# ----- the run -> what the Daily Club is told (finished event's and run_info's practice) --------
# (name, how it is played, practice)
PRACTICE_TABLE: list[tuple[str, dict[str, Any], str | None]] = [
    ("a clean daily", {}, None),
    ("a daily with an undo and redo", {"undo_at": 3}, "training"),
    ("a daily undone at its last move but one", {"undo_at": 19}, "training"),
]


@pytest.mark.parametrize(("name", "how", "practice"), PRACTICE_TABLE, ids=[row[0] for row in PRACTICE_TABLE])
def test_the_finished_event_says_why_the_run_is_practice(name: str, how: dict[str, Any], practice: str | None) -> None:
    s = Session()
    answers = play_daily(s, **how)
    events = [e for answer in answers if (e := finished_of(answer))]
    assert len(events) == 1 and finished_of(answers[-1]) == events[0]  # one end, banked once
    assert (events[0]["daily"], events[0]["practice"]) == (DATE, practice)
    info = s.run_info({})
    assert (info["over"], info["practice"]) == (True, practice)
    assert answers[-1]["view"]["training"] == (practice == "training")


def test_endless_reopened_by_undo_finishes_again_as_practice() -> None:  # W21: training sets no best
    s = Session()
    view = s.new({"mode": "endless", "seed": 5})
    while not view["over"]:
        answer = s.sow({"bowl": view["choosable"][0]})
        view = answer["view"]
    first = finished_of(answer)
    assert first is not None and first["practice"] is None
    assert s.run_info({})["practice"] is None
    view = s.undo({})["view"]
    assert s.run_info({})["practice"] == "training" and not view["over"]
    while not view["over"]:
        answer = s.sow({"bowl": view["choosable"][0]})
        view = answer["view"]
    again = finished_of(answer)
    assert again is not None and again["practice"] == "training"


def test_a_daily_with_an_undo_is_banked_as_practice() -> None:
    """The whole way: the game's finished event, banked by the club service, is practice and keeps why."""
    game, club = Session(), Club()
    event = finished_of(play_daily(game, undo_at=5)[-1])
    assert event is not None
    out = club.bank({"record": None, "replays": None, "finished": event, "now": ms(DATE, "09:00")})
    summary = out["summary"]
    assert {k: summary[k] for k in ("daily", "counted", "practice", "why", "streak", "new_best")} == {
        "daily": True, "counted": False, "practice": True, "why": "training", "streak": 0, "new_best": False}
    home = club.home({"record": out["record"], "now": ms(DATE, "09:05")})
    assert home["games"]["bowls"] == {"done": False, "score": None, "streak": 0, "query": f"daily={DATE}"}
    numbers = club.stats({"record": out["record"], "now": ms(DATE, "09:05")})["games"]["bowls"]
    assert (numbers["played"], numbers["daily_played"], numbers["best"], numbers["streak"]) == (1, 0, None, 0)
    assert numbers["last"] == [{"score": event["score"], "daily": True, "date": DATE, "why": "training", "mode": "daily"}]
    # a new attempt starts unmarked (W21): the same day's clean daily counts
    clean = finished_of(play_daily(Session())[-1])
    assert clean is not None
    out = club.bank({"record": out["record"], "replays": out["replays"], "finished": clean,
                     "now": ms(DATE, "10:00")})
    assert (out["summary"]["counted"], out["summary"]["streak"], out["summary"]["why"]) == (True, 1, None)


# ----- the view says when an undo would cost the Daily (the page asks first, once) ----------
# (name, new payload, actions before) -> undo_costs_daily
UNDO_COSTS: list[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any]]], bool]] = [
    ("daily, nothing played yet: nothing to undo", {"mode": "daily", "date": DATE}, [], False),
    ("daily after a move", {"mode": "daily", "date": DATE, "position": OVERFLOW.replace(" 0 0", " 0 3")},
     [("sow", {"bowl": 1})], True),
    ("daily once undone: training already, no second question",
     {"mode": "daily", "date": DATE, "position": OVERFLOW.replace(" 0 0", " 0 3")},
     [("sow", {"bowl": 1}), ("undo", {}), ("redo", {})], False),
    ("daily finished: undo is refused", {"mode": "daily", "date": DATE, "position": LAST_DAILY_MOVE},
     [("sow", {"bowl": 0})], False),
    ("endless after a move: the Daily's cost only", {"mode": "endless", "position": OVERFLOW.replace(" 0 0", " 0 3")},
     [("sow", {"bowl": 1})], False),
]


@pytest.mark.parametrize(("name", "payload", "actions", "costs"), UNDO_COSTS, ids=[row[0] for row in UNDO_COSTS])
def test_the_view_says_when_an_undo_costs_the_daily(name: str, payload: dict[str, Any],
                                                     actions: list[tuple[str, dict[str, Any]]], costs: bool) -> None:
    session = Session()
    view = session.new(payload)
    for method, data in actions:
        answer = getattr(session, method)(data)
        assert answer["accepted"], (name, method, answer["reason"])
        view = answer["view"]
    assert view["undo_costs_daily"] is costs
