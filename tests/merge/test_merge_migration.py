"""P8: saves, slot codes and profiles in today's formats still load.

The texts below were written by the code before the one contract (``git archive
e034d4e~1``: its ``Session`` played, saved, exported and answered profiles,
and the page stored ``JSON.stringify`` of those profile objects, which is
``json.dumps`` with compact separators and the same key order). Saves then had
no ``version`` (version 1, today's run format: nothing to upgrade); profiles
were no envelope at all (read by ``profile.legacy``). Each row must load with
the same position, score and best, and a profile must come out of the next
save in the new envelope that reads back the same.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from club import save
from club.merge import profile as cards
from club.merge import saves
from club.merge.api import Session
from club.merge.notation import print_position

# ----- run saves and slot codes (M15) ---------------------------------------------------
SAVE_SEED_7 = (
    '{"data":{"highest":8,"jokers":true,"play_ms":7200,"position":".,.,.,./.,.,.,.,./.,.,.,.,2,4/'
    '8,2,.,4,8,8,2/4,4,.,.,.,./.,.,.,.,./.,.,.,. 8-2 8-8 18 9","rng":"985c39543b071817","style":"pastel",'
    '"turn":1},"game":"merge","kind":"run","schema":1}'
)
CODE_SEED_7 = (
    "HM1.eNp1TtEOgyAM_BXT504FMSI_szAlyBQ0gA_G7N9Xlz3sZWna3vWuTU8YddagTpicnUzKoCTCc51NTKBy3A3Ctujj7ol2vK6JrslltwZQ"
    "UOInqm__QRxFJamWKFBS8EoQ-usv5I1TyoLJogeEGCyd72U7NH0rmkfdMck6ElI-FkPSplM2Cw3yHukT9kKw2l-KN9EaEmYXRqJxD9faMBmv"
    "L98bwDA-5w.d3c32fa9"
)
SAVE_SEED_11 = (
    '{"data":{"highest":0,"jokers":false,"play_ms":0,"position":".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./'
    '.,.,.,.,.,./.,.,.,.,./.,.,.,. 4-4 8 0 0","rng":"b130951efba0a9db","style":"colors","turn":0},'
    '"game":"merge","kind":"run","schema":1}'
)
CODE_SEED_11 = (
    "HM1.eNp1j90KgzAMRl-l5LrbKnMw-zKj1Vg7-yNtvRDx3Rdlg-1i5CInHBK-rNCpokCuMFgzYC4gBYdnHDFlkL1yGTlMTi0Pnw81xWyLjQEknPlRl3f_"
    "pl_-Zz7E6lPN7kwwARxSMHRbV1fR3CrstRKq6TSJXBaHpNroIoXjUOZEMcTGwSi_G4_JIInRho7GNId9rR3Q04fV9gLfOT62.bcbf3b01"
)
SEED_7 = {"position": ".,.,.,./.,.,.,.,./.,.,.,.,2,4/8,2,.,4,8,8,2/4,4,.,.,.,./.,.,.,.,./.,.,.,. 8-2 8-8 18 9",
          "turn": 1, "score": 18, "moves": 9, "highest": 8, "play_ms": 7200, "jokers": True, "style": "pastel",
          "rng": "985c39543b071817"}
SEED_11 = {"position": ".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 4-4 8 0 0",
           "turn": 0, "score": 0, "moves": 0, "highest": 0, "play_ms": 0, "jokers": False, "style": "colors",
           "rng": "b130951efba0a9db"}

SAVES = [  # (why, today's text, what it holds)
    ("a round in play, jokers on, pastel, a turned pair (seed 7, 9 moves)", SAVE_SEED_7, SEED_7),
    ("a fresh round without jokers (seed 11)", SAVE_SEED_11, SEED_11),
]
CODES = [("the code of slot seed 7", CODE_SEED_7, SEED_7), ("the code of slot seed 11", CODE_SEED_11, SEED_11)]


def _holds(run: saves.Run) -> dict[str, Any]:
    r = run.round
    return {"position": print_position(r), "turn": r.turn, "score": r.score, "moves": r.moves,
            "highest": r.highest, "play_ms": r.play_ms, "jokers": r.jokers, "style": run.style,
            "rng": r.rng.dump()}


@pytest.mark.parametrize(("why", "text", "holds"), SAVES, ids=[w for w, _, _ in SAVES])
def test_todays_saves_load_with_the_same_round(why: str, text: str, holds: dict[str, Any]) -> None:
    """P8, M15: a save without ``version`` is version 1 and resumes exactly."""
    session = Session()
    view = session.load({"save": text})
    assert _holds(session.state) == holds
    assert (view["score"], view["moves"], view["turn"]) == (holds["score"], holds["moves"], holds["turn"])
    assert json.loads(session.save({}))["data"] == json.loads(text)["data"]  # same data, now versioned


@pytest.mark.parametrize(("why", "code", "holds"), CODES, ids=[w for w, _, _ in CODES])
def test_todays_slot_codes_import(why: str, code: str, holds: dict[str, Any]) -> None:
    """M15: a code exported before the one contract imports into a slot and loads."""
    imported = Session().import_code({"code": code})
    assert imported["summary"]["score"] == holds["score"]
    assert _holds(saves.load(imported["save"])) == holds


def test_todays_saves_play_on_as_before() -> None:
    """The PRNG read back through ``Rng.load`` deals what the old reader dealt: the
    positions after two placements are the ones the code before the one contract answered."""
    session = Session()
    session.load({"save": SAVE_SEED_11})
    first = session.place({"cell": "0:0"})["view"]["position"]
    second = session.place({"cell": "-3:0"})["view"]["position"]
    assert first == ".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,4,4,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 8 8 0 1"
    assert second == ".,.,.,./.,.,.,.,./.,.,.,.,.,./8,.,.,4,4,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 8 2-4 0 2"


# ----- profiles (M11, M14) ---------------------------------------------------------------
PROFILES = [  # (why, today's text, best, best_moves, best_highest, rounds, settings)
    ("fresh, timer switched on in the settings",
     '{"best":0,"best_highest":0,"best_moves":0,"rounds":0,"settings":{"jokers":true,"style":"colors","timer":true}}',
     0, 0, 0, 0, ("colors", True, True)),
    ("after a finished round (40 points in 37 moves)",
     '{"best":40,"best_highest":8,"best_moves":37,"rounds":1,"settings":{"jokers":true,"style":"colors","timer":true}}',
     40, 37, 8, 1, ("colors", True, True)),
    ("after a round given up at 382 (issue 11)",
     '{"best":382,"best_highest":16,"best_moves":40,"rounds":1,"settings":{"jokers":true,"style":"colors",'
     '"timer":true}}', 382, 40, 16, 1, ("colors", True, True)),
    ("jokers off, high contrast, spaces (written by hand)",
     '{"best": 1234, "best_highest": 64, "best_moves": 90, "rounds": 2, "settings": {"jokers": false, '
     '"style": "contrast", "timer": false}}', 1234, 90, 64, 2, ("contrast", False, False)),
    ("older than best_moves/best_highest: only a best (unknown stays unknown)", '{"best": 77}',
     77, None, None, 0, ("colors", True, False)),
    ("an empty object: all defaults, as the old reader gave", "{}", 0, None, None, 0,
     ("colors", True, False)),
]


@pytest.mark.parametrize(("why", "text", "best", "moves", "highest", "rounds", "settings"), PROFILES,
                         ids=[p[0] for p in PROFILES])
def test_todays_profiles_load_with_the_same_best(why: str, text: str, best: int, moves: int | None,
                                                 highest: int | None, rounds: int,
                                                 settings: tuple[str, bool, bool]) -> None:
    """P8: the profile text the page stored loads, keeps its best and
    settings, and the envelope it is written in next reads back the same."""
    session = Session()
    shown = session.load_profile({"profile": text})
    assert (shown["best"], shown["best_moves"], shown["best_highest"], shown["rounds"]) == (best, moves, highest, rounds)
    assert (shown["settings"]["style"], shown["settings"]["jokers"], shown["settings"]["timer"]) == settings
    assert session.headline({"profile": text}) == {"best": best}
    assert session.view({})["best"] == best
    stored = cards.dump(session.profile)
    assert save.load(stored, "merge", "profile")["best"] == best
    assert cards.load(stored) == session.profile


def test_an_old_profile_gets_its_next_best_in_the_envelope() -> None:
    """M11: a round given up over an old profile records the best; the page stores the new text."""
    session = Session()
    session.load_profile({"profile": '{"best": 77}'})
    session.load({"save": SAVE_SEED_7})  # 18 points: no new best
    answer = session.abandon({})
    assert answer["events"] == [{"type": "recorded", "best": 77, "new_best": False}]
    assert answer["profile"] is None  # nothing changed: an abandoned round adds no tally
