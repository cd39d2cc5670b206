"""The club record keeps each mode's bests apart (record version 3): domino's
Sprint and Marathon scores are no one scale (D15, D16), nor bowls' Endless,
Daily and puzzles (W18-W20). Tables of finished runs -> the stats page's
numbers; a record stored in today's format (version 2) loads with every number
it had and no mode; the game's ``finished`` event names the mode."""

from __future__ import annotations

import json
from typing import Any

import pytest
from club.bowls.api import Session as Bowls
from club.daily import record
from club.daily.api import Session
from club.domino.api import Session as Domino
from club.errors import NotationError
from daily.clubtime import Player, finished, ms

D1, D2, D3 = "2026-12-01", "2026-12-02", "2026-12-03"

# ----- finished runs of one game -> each mode's best and history, the any-run best, new_best --------
# runs: (score, mode, daily date or None, practice reason or None), banked on D1, D2, D3, ... in turn
# -> (new_best of each run, {mode: [(date, best), ...]}, the best of any run)
MODE_TABLE: list[tuple[str, list[tuple[int, str | None, str | None, str | None]],
                       list[bool], dict[str, list[tuple[str, int]]], int | None]] = [
    ("a Sprint after a bigger Marathon is a Sprint best",
     [(2600, "marathon", None, None), (410, "sprint", None, None)],
     [True, True], {"marathon": [(D1, 2600)], "sprint": [(D2, 410)]}, 2600),
    ("a lower Sprint sets no best; a higher one does",
     [(500, "sprint", None, None), (400, "sprint", None, None), (520, "sprint", None, None)],
     [True, False, True], {"sprint": [(D1, 500), (D3, 520)]}, 520),
    ("a Marathon below the Sprint best is still the first Marathon best",
     [(900, "sprint", D1, None), (300, "marathon", None, None)],
     [True, True], {"sprint": [(D1, 900)], "marathon": [(D2, 300)]}, 900),
    ("a marked run sets no mode best (W21)",
     [(300, "endless", None, "training"), (200, "endless", None, None)],
     [False, True], {"endless": [(D2, 200)]}, 200),
    ("a game of one mode keeps no mode",
     [(120, None, None, None), (90, None, None, None), (130, None, None, None)],
     [True, False, True], {}, 130),
]


@pytest.mark.parametrize(("name", "runs", "new_bests", "modes", "best"), MODE_TABLE, ids=[row[0] for row in MODE_TABLE])
def test_each_mode_keeps_its_own_best(name: str, runs: list[tuple[int, str | None, str | None, str | None]],
                                      new_bests: list[bool], modes: dict[str, list[tuple[str, int]]],
                                      best: int | None) -> None:
    player = Player()
    dates = [D1, D2, D3]
    got = [player.finish("domino", score, daily, ms(dates[i]), mode=mode, practice=why)["new_best"]
           for i, (score, mode, daily, why) in enumerate(runs)]
    assert got == new_bests
    numbers = player.stats(ms(D3, "23:00"))["games"]["domino"]
    assert {m["mode"]: [(p["date"], p["best"]) for p in m["bests"]] for m in numbers["modes"]} == modes
    assert {m["mode"]: m["best"] for m in numbers["modes"]} == {mode: points[-1][1] for mode, points in modes.items()}
    assert [m["mode"] for m in numbers["modes"]] == sorted(modes)  # the page lists them in one order
    assert numbers["best"] == best
    assert [p["mode"] for p in numbers["last"]] == [mode for _, mode, _, _ in runs]


# ----- a record in today's format (version 2), before modes were kept ----------------------------
# Written by the club service of the commit before version 3: domino's Sprint daily of D1 counted at
# 410, a Marathon of 2,600 the same day, a Sprint of 520 on D2; blocks' daily of D2 at 130.
RECORD_V2 = (
    '{"data":{"club":{"best_streak":0,"days":0,"streaks":[]},"games":{"blocks":{"best":130,"best_streak":1,'
    '"bests":[["2026-12-02",130]],"daily_played":1,"days":[["2026-12-02",130]],"played":1,'
    '"runs":[[130,true,"2026-12-02",null]],"streaks":[["2026-12-02","2026-12-02"]]},"bowls":{"best":null,'
    '"best_streak":0,"bests":[],"daily_played":0,"days":[],"played":0,"runs":[],"streaks":[]},'
    '"domino":{"best":2600,"best_streak":1,"bests":[["2026-12-01",410],["2026-12-01",2600]],"daily_played":1,'
    '"days":[["2026-12-01",410]],"played":3,"runs":[[410,true,"2026-12-01",null],[2600,false,"2026-12-01",null],'
    '[520,false,"2026-12-02",null]],"streaks":[["2026-12-01","2026-12-01"]]},"merge":{"best":null,'
    '"best_streak":0,"bests":[],"daily_played":0,"days":[],"played":0,"runs":[],"streaks":[]}}},'
    '"game":"club","kind":"record","schema":1,"version":2}'
)


def test_a_version_2_record_loads_with_every_number_and_no_mode() -> None:
    club = Session()
    assert club.check({"record": RECORD_V2}) is True
    domino = record.load(RECORD_V2).games["domino"]
    assert [(r.score, r.daily, r.date, r.why, r.mode) for r in domino.runs] == [
        (410, True, D1, None, None), (2600, False, D1, None, None), (520, False, D2, None, None)]
    assert (domino.played, domino.daily_played, domino.best, domino.bests, domino.days, domino.modes) == (
        3, 1, 2600, [(D1, 410), (D1, 2600)], [(D1, 410)], {})
    numbers = club.stats({"record": RECORD_V2, "now": ms(D2, "10:00")})["games"]
    assert numbers["domino"]["modes"] == [] and numbers["domino"]["best"] == 2600
    assert numbers["blocks"]["best"] == 130 and numbers["blocks"]["streak"] == 1
    home = club.home({"record": RECORD_V2, "now": ms(D2, "10:00")})
    assert home["games"]["blocks"] == {"done": True, "score": 130, "streak": 1, "query": f"daily={D2}"}


def test_a_version_2_record_is_stored_as_the_current_version_with_the_new_run_s_mode() -> None:
    club = Session()
    # a Sprint of 600 on D2: below the old any-mode best (a Marathon's), yet the first Sprint best kept
    out = club.bank({"record": RECORD_V2, "replays": None, "now": ms(D2, "11:00"),
                     "finished": finished("domino", 600, None, mode="sprint")})
    stored = json.loads(out["record"])
    assert stored["version"] == record.VERSION == 4
    domino = stored["data"]["games"]["domino"]
    assert domino["runs"][-2:] == [[520, False, D2, None, None], [600, False, D2, None, "sprint"]]
    assert domino["modes"] == {"sprint": [[D2, 600]]} and domino["best"] == 2600
    assert out["summary"]["new_best"] is True
    assert record.load(out["record"]) == record.load(record.dump(record.load(out["record"])))


def as_version_3(domino_runs: list[Any] | None = None, merge_modes: dict[str, Any] | None = None) -> str:
    """RECORD_V2 relabelled version 3: each run with no mode, each game's ``modes`` (empty unless given),
    domino's runs as given."""
    value = json.loads(RECORD_V2)
    value["version"] = 3
    for name, game in value["data"]["games"].items():
        game["modes"] = merge_modes if name == "merge" and merge_modes is not None else {}
        game["runs"] = [[*run, None] for run in game["runs"]]
    if domino_runs is not None:
        value["data"]["games"]["domino"]["runs"] = domino_runs
    return json.dumps(value)


GOOD_RUNS = [[410, True, D1, None, "sprint"], [2600, False, D1, None, "marathon"], [520, False, D2, None, None]]
BAD_V3: list[tuple[str, str]] = [
    ("a version 3 run without its mode", as_version_3([[410, True, D1, None], *GOOD_RUNS[1:]])),
    ("a mode that is no code", as_version_3([*GOOD_RUNS[:2], [520, False, D2, None, "Sprint!"]])),
    ("a mode best that does not rise", as_version_3(merge_modes={"x": [[D2, 5], [D3, 5]]})),
    ("a mode kept without a best", as_version_3(merge_modes={"sprint": []})),
    ("a mode that is no code as a key", as_version_3(merge_modes={"Sprint!": [[D2, 5]]})),
]


def test_the_bad_texts_differ_from_a_good_one_only_where_they_say() -> None:
    good = as_version_3(GOOD_RUNS, merge_modes={"x": [[D2, 5], [D3, 6]]})
    assert record.load(good).games["merge"].modes == {"x": [(D2, 5), (D3, 6)]}
    assert [r.mode for r in record.load(good).games["domino"].runs] == ["sprint", "marathon", None]


@pytest.mark.parametrize(("name", "text"), BAD_V3, ids=[row[0] for row in BAD_V3])
def test_a_record_with_a_bad_mode_is_refused(name: str, text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Session().check({"record": text})
    assert caught.value.field == "record"


@pytest.mark.parametrize("mode", ["Sprint", "", 7, "x" * 40])
def test_an_event_with_a_bad_mode_is_refused(mode: Any) -> None:
    with pytest.raises(NotationError) as caught:
        Session().bank({"record": None, "replays": None, "now": ms(D1), "finished": finished("domino", 5, mode=mode)})
    assert caught.value.field == "finished"


# ----- the game's finished event names the mode it was played in ---------------------------------
def _finish_domino(mode: str) -> dict[str, Any]:
    game = Domino()
    game.new({"seed": 3, "mode": mode, "set": "classic"})
    for _ in range(400):
        answer = game.move({"move": "hard"})
        found = [e for e in answer["events"] if e["type"] == "finished"]
        if found:
            return found[0]
    raise AssertionError("the well never filled")


@pytest.mark.parametrize("mode", ["sprint", "marathon"])
def test_a_domino_run_s_finished_event_names_its_mode(mode: str) -> None:
    event = _finish_domino(mode)
    assert event["mode"] == mode
    assert Session().bank({"record": None, "replays": None, "now": ms(D1), "finished": event})["summary"]["new_best"]


def test_a_bowls_attempt_names_its_mode_and_blocks_none() -> None:
    assert Bowls().mode(Bowls().state) == "endless"
    from club.blocks.api import Session as Blocks
    assert Blocks().mode(Blocks().state) is None
