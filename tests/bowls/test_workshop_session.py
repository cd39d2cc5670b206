"""The workshop through the bowls Session and the bridge (W28), as the page will call it.

The author checks a draft, plays it in the game itself (a W18 attempt: undo is
help, the hint follows a shortest solution), makes its code from the moves
that solved it; an opener opens the code (its par proven again), plays it
and sees the moves used against par and the author's. The proof runs in the
bridge's slices: other calls are answered between them, ``cancel`` stops it.
Saves of a workshop attempt carry the puzzle and are checked as codes are.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from club.bowls import saves
from club.bowls.api import Session
from club.bridge import Bridge
from club.save import parse_json

DRAFT = {"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 3, "title": "<b>Pairs</b>"}
CROWDED = {"position": "RGBYP[v]/GBYPR[rv]/BYPRG[v]/YPRGB[r]/PRGBY[v]/RGBYP[rv]/GBYPR[v]/BYPRG[r]/YPRGB[v]/"
                       "PRGBY[rv]/RGBYP[v]/GBYPR[r] 0 0", "goal": "empty", "limit": 12}


def call(bridge: Bridge, method: str, payload: object = None) -> dict[str, Any]:
    return json.loads(bridge.call("bowls", method, json.dumps(payload or {})))


def query(bridge: Bridge, method: str, payload: object) -> dict[str, Any]:
    return json.loads(asyncio.run(bridge.query("bowls", method, json.dumps(payload))))


def result(answer: dict[str, Any]) -> Any:
    assert answer["ok"], answer
    return answer["result"]


def play(bridge: Bridge, bowls: list[int]) -> dict[str, Any]:
    view: dict[str, Any] = {}
    for bowl in bowls:
        answer = result(call(bridge, "sow", {"bowl": bowl}))
        assert answer["accepted"], answer
        view = answer["view"]
    return view


def test_author_then_opener() -> None:
    author = Bridge()
    checked = result(query(author, "workshop_check", DRAFT))
    assert (checked["accepted"], checked["par"], checked["unique"]) == (True, 2, False)
    view = result(call(author, "workshop_new", DRAFT))
    assert view["mode"] == "workshop" and view["puzzle"] is None and view["limit"] == 3
    shop = view["workshop"]
    assert (shop["par"], shop["author"], shop["title"], shop["goal_text"], shop["moves_left"]) == (
        2, None, "<b>Pairs</b>", "empty", 3)
    view = play(author, [2, 6])
    shop = view["workshop"]
    assert (view["status"], shop["solved"], shop["played"], shop["at_par"], shop["versus_author"]) == (
        "solved", True, [2, 6], True, None)
    made = result(query(author, "workshop_code", {**DRAFT, "moves": shop["played"]}))
    assert made["accepted"] and made["query"] == f"puzzle={made['code']}" and len(made["code"]) <= 600

    opener = Bridge()
    opened = result(query(opener, "workshop_open", {"code": made["code"]}))
    assert (opened["accepted"], opened["par"], opened["puzzle"]["moves"], opened["puzzle"]["title"]) == (
        True, 2, [2, 6], "<b>Pairs</b>")
    view = result(call(opener, "workshop_new", {"code": made["code"]}))
    assert (view["workshop"]["par"], view["workshop"]["author"]) == (2, 2)
    view = play(opener, [3])  # RR walks to bowls 4 and 5: one move spent
    assert result(call(opener, "undo"))["view"]["training"] is False  # W28: played as W18, undo is help
    view = play(opener, [6, 2])
    assert (view["workshop"]["at_par"], view["workshop"]["versus_author"]) == (True, "same")


def test_more_moves_than_the_author() -> None:
    draft = {"position": "-/-/-/-/-/-/-/-/-/R/R/R 0 0", "goal": "clear R", "limit": 5}
    bridge = Bridge()
    code = result(query(bridge, "workshop_code", {**draft, "moves": [10, 9, 10]}))["code"]
    assert result(query(bridge, "workshop_open", {"code": code}))["par"] == 3
    result(call(bridge, "workshop_new", {"code": code}))
    hint = result(query(bridge, "hint", {}))
    assert hint == {"bowl": 10, "reason": None}  # the hint follows the proven shortest solution
    view = play(bridge, [9, 11, 10, 11])  # RR on 10, an R on 0, the pair onto 11 and 0, the last R onto RR
    assert (view["status"], view["workshop"]["at_par"], view["workshop"]["versus_author"]) == (
        "solved", False, "more")


@pytest.mark.parametrize(("payload", "field"), [
    ({"code": "6EP1.bowls.AAAA"}, "puzzle-corrupt"),
    ({**DRAFT, "limit": 0}, "bad-limit"),
    ({**DRAFT, "goal": "clear Y"}, "goal-met"),
])
def test_workshop_new_refuses_what_the_workshop_refuses(payload: dict, field: str) -> None:
    bridge = Bridge()
    before = call(bridge, "view")
    assert call(bridge, "workshop_new", payload)["error"]["field"] == field
    assert call(bridge, "view") == before  # nothing changed


def test_a_code_is_played_once_opened() -> None:
    bridge = Bridge()
    code = result(query(bridge, "workshop_code", {**DRAFT, "moves": [2, 6]}))["code"]
    assert call(Bridge(), "workshop_new", {"code": code})["error"]["field"] == "not-opened"


def test_new_never_starts_a_workshop_attempt() -> None:
    assert call(Bridge(), "new", {"mode": "workshop", "seed": 1})["error"]["field"] == "mode"


def test_the_proof_runs_in_slices_with_progress_and_is_cancelled() -> None:
    bridge = Bridge()

    async def scenario() -> tuple[dict, dict, dict, dict]:
        running = asyncio.ensure_future(bridge.query("bowls", "workshop_check", json.dumps(CROWDED)))
        for _ in range(3):
            await asyncio.sleep(0)  # the query's first slices run
        during = call(bridge, "workshop_progress")
        view = call(bridge, "view")  # another call, answered between two slices
        bridge.cancel()
        answer = json.loads(await running)
        return during, view, answer, call(bridge, "workshop_progress")

    during, view, answer, after = asyncio.run(scenario())
    progress = result(during)
    assert progress["running"] and 0 < progress["work"] < progress["budget"]
    assert view["ok"]
    assert answer == {"ok": False, "error": {"field": "cancelled", "message": "the question was cancelled"}}
    assert result(after)["running"] is False


def test_the_budget_spent_is_said() -> None:
    answer = result(query(Bridge(), "workshop_check", CROWDED))
    assert (answer["accepted"], answer["reason"], answer["par"]) == (False, "budget", None)


@pytest.mark.parametrize(("position", "limits"), [
    ("RGBYPRGB/-/-/-/-/-/-/-/-/-/-/- 0 0", [{"reason": "overfull", "bowl": 0}]),
    ("-/-/-/RRJ/-/-/-/-/-/-/-/- 0 0", [{"reason": "ready-match", "bowl": 3}]),
    ("-/-/-/-/-/-/RGBYPR[v]/-/-/-/-/- 0 0", [{"reason": "ready-volcano", "bowl": 6}]),
    ("-/-/-/RGB/-/-/-/-/-/-/-/- 0 0", []),
])
def test_limits_say_each_broken_limit_at_once(position: str, limits: list) -> None:
    assert result(call(Bridge(), "workshop_limits", {"position": position})) == {"reason": None, "limits": limits}


def test_limits_of_no_position() -> None:
    assert result(call(Bridge(), "workshop_limits", {"position": "R/R"})) == {"reason": "bad-position", "limits": []}


def test_answers_are_the_same_on_every_run() -> None:
    """Conformance-style: two fresh engines give the same text for the same questions."""
    def run() -> list[str]:
        bridge = Bridge()
        return [asyncio.run(bridge.query("bowls", method, json.dumps(payload))) for method, payload in [
            ("workshop_check", DRAFT), ("workshop_check", CROWDED), ("workshop_code", {**DRAFT, "moves": [6, 2]}),
            ("workshop_check", {**DRAFT, "limit": 1})]]
    assert run() == run()


# ----- saves of a workshop attempt ------------------------------------------------------------------
def workshop_save() -> str:
    session = Session()
    result_view = session.workshop_check(DRAFT)
    assert result_view["accepted"]
    session.workshop_new(DRAFT)
    session.sow({"bowl": 2})
    return session.save({})


def test_a_workshop_attempt_saves_and_loads() -> None:
    text = workshop_save()
    session = Session()
    view = session.load({"save": text})
    assert (view["mode"], view["moves"], view["workshop"]["par"], view["workshop"]["played"]) == ("workshop", 1, 2, [2])
    assert session.sow({"bowl": 6})["view"]["status"] == "solved"


def tampered(change: dict[str, Any] | None = None, drop: bool = False, mode: str | None = None) -> str:
    envelope = parse_json(workshop_save())
    data = envelope["data"]
    if drop:
        del data["workshop"]
    if change:
        data["workshop"] = {**data["workshop"], **change}
    if mode:
        data["mode"] = mode
        data["puzzle"] = 1 if mode == "puzzle" else None
    return json.dumps(envelope)


@pytest.mark.parametrize(("text", "field"), [
    (lambda: tampered({"solution": [2]}), "workshop"),  # the stored shortest solution does not solve it
    (lambda: tampered({"solution": [2, 6], "author": [2, 6, 3]}), "workshop"),  # the author's does not
    (lambda: tampered({"solution": [3, 2, 6], "author": [2, 6]}), "workshop"),  # longer than the author's
    (lambda: tampered({"limit": 40}), "workshop"),
    (lambda: tampered({"title": "a\nb"}), "workshop"),
    (lambda: tampered({"position": "RRR/-/-/-/-/-/-/-/-/-/-/- 0 0"}), "workshop"),
    (lambda: tampered({"extra": 1}), "workshop"),
    (lambda: tampered(drop=True), "workshop"),
    (lambda: tampered(mode="puzzle"), "workshop"),
    (lambda: tampered(mode="endless"), "workshop"),
])
def test_a_tampered_workshop_save_is_refused(text: Any, field: str) -> None:
    session = Session()
    before = session.view({})
    with pytest.raises(Exception) as refused:
        session.load({"save": text()})
    assert getattr(refused.value, "field", None) == field
    assert session.view({}) == before
    assert saves.load(workshop_save()).workshop is not None
