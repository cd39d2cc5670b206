"""Practice in the Daily Club: a run its game marks (``practice``: why it can
set no personal best, e.g. bowls' ``"training"`` after an undo, W21) is never
counted, never a streak day and raises no best; the record keeps why each run
was practice, and a record stored before it kept reasons still loads."""

from __future__ import annotations

import json
from typing import Any

import pytest
from club.daily import record
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import Player, finished, ms

D1, D2, D3 = "2026-12-01", "2026-12-02", "2026-12-03"

# ----- finishes (daily, finish date, score, the game's practice reason) -> what each one was ------
# -> (counted, practice, why, streak, new_best)
PRACTICE_TABLE: list[tuple[str, list[tuple[str | None, str, int, str | None]],
                           list[tuple[bool, bool, str | None, int, bool]]]] = [
    ("a training daily is practice, no streak, no best",
     [(D1, D1, 500, "training")], [(False, True, "training", 0, False)]),
    ("a clean daily after a training one still counts (a new attempt starts unmarked)",
     [(D1, D1, 500, "training"), (D1, D1, 40, None)],
     [(False, True, "training", 0, False), (True, False, None, 1, True)]),
    ("a training daily after a counted one is practice for its own reason",
     [(D1, D1, 40, None), (D1, D1, 500, "training")],
     [(True, False, None, 1, True), (False, True, "training", 1, False)]),
    ("a training daily breaks no streak and makes none",
     [(D1, D1, 40, None), (D2, D2, 50, "training"), (D3, D3, 60, None)],
     [(True, False, None, 1, True), (False, True, "training", 1, False), (True, False, None, 1, True)]),
    ("a training daily finished the next day is still practice",
     [(D1, D2, 70, "training")], [(False, True, "training", 0, False)]),
    ("a repeat is practice: repeat", [(D1, D1, 40, None), (D1, D1, 90, None)],
     [(True, False, None, 1, True), (False, True, "repeat", 1, True)]),
    ("too late is practice: late", [(D1, D3, 40, None)], [(False, True, "late", 0, True)]),
    ("before its day (a clock set wrong) is practice: early", [(D3, D2, 40, None)], [(False, True, "early", 0, True)]),
    ("a training run that is no daily sets no best", [(None, D1, 40, None), (None, D1, 900, "training")],
     [(False, False, None, 0, True), (False, False, "training", 0, False)]),
    ("another game's own reason is practice the same way", [(D1, D1, 40, "hint")],
     [(False, True, "hint", 0, False)]),
]


@pytest.mark.parametrize(("name", "finishes", "expected"), PRACTICE_TABLE, ids=[row[0] for row in PRACTICE_TABLE])
def test_a_marked_run_is_practice(name: str, finishes: list[Any], expected: list[Any]) -> None:
    player = Player()
    got = []
    for daily, date, score, reason in finishes:
        extra = {} if reason is None else {"practice": reason}
        s = player.finish("bowls", score, daily, ms(date, "12:00"), **extra)
        got.append((s["counted"], s["practice"], s["why"], s["streak"], s["new_best"]))
    assert got == expected
    # what the stats page reads back from the stored record: each run and why
    last = player.stats(ms(D3, "13:00"))["games"]["bowls"]["last"]
    assert [(p["score"], p["why"]) for p in last] == [(score, why) for (_, _, score, _), (_, _, why, _, _)
                                                     in zip(finishes, expected, strict=True)]


def test_a_training_daily_changes_no_counted_number() -> None:
    player = Player()
    player.finish("bowls", 900, D1, ms(D1, "09:00"), practice="training")
    numbers = player.stats(ms(D1, "10:00"))["games"]["bowls"]
    assert (numbers["played"], numbers["daily_played"], numbers["best"], numbers["streak"],
            numbers["best_streak"]) == (1, 0, None, 0, 0)
    assert sum(b["count"] for b in numbers["distribution"]) == 0 and numbers["bests"] == []
    assert player.home(ms(D1, "10:00"))["games"]["bowls"]["done"] is False
    assert player.home(ms(D1, "10:00"))["club"]["today"] == 0


# ----- a finished event's practice -> banked, or refused as finished -------------------------
REASONS: list[tuple[object, bool]] = [
    (None, True), ("training", True), ("hint-2", True), ("a" * 32, True),
    ("Training", False), ("", False), ("undo used", False), ("a" * 33, False), ("-x", False),
    (7, False), (True, False), (["training"], False),
]


@pytest.mark.parametrize(("reason", "good"), REASONS, ids=[repr(r)[:20] for r, _ in REASONS])
def test_the_practice_reason_is_a_short_code(reason: object, good: bool) -> None:
    event = finished("bowls", 10, D1, practice=reason)
    club = Session()
    if good:
        summary = club.bank({"record": None, "replays": None, "finished": event, "now": ms(D1)})["summary"]
        assert summary["why"] == reason and summary["counted"] == (reason is None)
    else:
        with pytest.raises(NotationError) as caught:
            club.bank({"record": None, "replays": None, "finished": event, "now": ms(D1)})
        assert caught.value.field == "finished"


# ----- a record stored by the club's first code (version 1, no reasons) ------------------------
# Written by that code's club service: bowls' daily of D1 counted at 240, then practice twice
# (the day again at 310, a daily of three days before at 90) and an Endless run of 500; blocks'
# dailies of D1 and D2.
RECORD_V1 = (
    '{"data":{"club":{"best_streak":0,"days":0,"streaks":[]},"games":{"blocks":{"best":130,"best_streak":2,'
    '"bests":[["2026-12-01",120],["2026-12-02",130]],"daily_played":2,"days":[["2026-12-01",120],'
    '["2026-12-02",130]],"played":2,"runs":[[120,true,"2026-12-01"],[130,true,"2026-12-02"]],'
    '"streaks":[["2026-12-01","2026-12-02"]]},"bowls":{"best":500,"best_streak":1,"bests":[["2026-12-01",240],'
    '["2026-12-01",310],["2026-12-01",500]],"daily_played":1,"days":[["2026-12-01",240]],"played":4,'
    '"runs":[[240,true,"2026-12-01"],[310,true,"2026-12-01"],[90,true,"2026-11-28"],[500,false,"2026-12-01"]],'
    '"streaks":[["2026-12-01","2026-12-01"]]},"domino":{"best":null,"best_streak":0,"bests":[],"daily_played":0,'
    '"days":[],"played":0,"runs":[],"streaks":[]},"merge":{"best":null,"best_streak":0,"bests":[],'
    '"daily_played":0,"days":[],"played":0,"runs":[],"streaks":[]}}},"game":"club","kind":"record",'
    '"schema":1,"version":1}'
)


def test_a_version_1_record_loads_with_no_reasons_and_keeps_every_number() -> None:
    club = Session()
    assert club.check({"record": RECORD_V1}) is True
    old = record.load(RECORD_V1)
    bowls = old.games["bowls"]
    assert [(r.score, r.daily, r.date, r.why) for r in bowls.runs] == [
        (240, True, D1, None), (310, True, D1, None), (90, True, "2026-11-28", None), (500, False, D1, None)]
    assert (bowls.played, bowls.daily_played, bowls.best, bowls.days, bowls.streaks) == (
        4, 1, 500, [(D1, 240)], [[D1, D1]])
    assert old.games["blocks"].streaks == [[D1, D2]] and old.games["blocks"].best_streak == 2
    home = club.home({"record": RECORD_V1, "now": ms(D2, "08:00")})
    assert home["games"]["blocks"] == {"done": True, "score": 130, "streak": 2, "query": f"daily={D2}"}
    assert home["games"]["bowls"]["streak"] == 1


def test_a_version_1_record_is_stored_again_as_today_s_version() -> None:
    club = Session()
    out = club.bank({"record": RECORD_V1, "replays": None, "now": ms(D2, "09:00"),
                     "finished": finished("bowls", 800, D2, practice="training")})
    stored = json.loads(out["record"])
    assert stored["version"] == record.VERSION == 4
    # the old run: no reason, no mode (neither was kept); the new one: its reason, and no mode (its event names none)
    assert stored["data"]["games"]["bowls"]["runs"][-2:] == [[500, False, D1, None, None], [800, True, D2, "training", None]]
    assert record.load(out["record"]) == record.load(record.dump(record.load(out["record"])))
    summary = out["summary"]
    assert (summary["counted"], summary["why"], summary["new_best"], summary["streak"]) == (False, "training", False, 1)


BAD_RECORDS: list[tuple[str, str]] = [
    ("a version 2 run without why", RECORD_V1.replace('"version":1', '"version":2')),
    ("a version 1 run with a why", RECORD_V1.replace('[500,false,"2026-12-01"]', '[500,false,"2026-12-01","x"]')),
    ("why not a code", RECORD_V1.replace('"version":1', '"version":2').replace(
        '[500,false,"2026-12-01"]', '[500,false,"2026-12-01","Undo!"]')),
    ("why a number", RECORD_V1.replace('"version":1', '"version":2').replace(
        '[500,false,"2026-12-01"]', '[500,false,"2026-12-01",7]')),
    ("a version from the future", RECORD_V1.replace('"version":1', '"version":4')),
]


@pytest.mark.parametrize(("name", "text"), BAD_RECORDS, ids=[row[0] for row in BAD_RECORDS])
def test_a_record_with_a_bad_reason_is_refused(name: str, text: str) -> None:
    assert text != RECORD_V1
    with pytest.raises(NotationError) as caught:
        Session().check({"record": text})
    assert caught.value.field == "record"
