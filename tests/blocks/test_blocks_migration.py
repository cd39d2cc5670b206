"""Saves and cards in the formats stored before the one envelope still load (P8, B18).

The texts below were written by the code at db38a5e (the last commit before
the one envelope and the one PRNG codec): the run save stored its PRNG state
as a number, the envelope had no ``version``. Each must resume the same run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from club.blocks import rules
from club.blocks.api import Session
from club.rng import Rng

OLD_RUN = (
    '{"data":{"banked":false,"drops":2,"log":["place 0 0:0","place 1 2:-2"],"position":"...../...x../....xx./'
    '...xx.../....xx.../.....x../......./....../..... -|-|0:0,-1:0,0:1 8 0 0 0 1","rng":14878565106014341306,'
    '"seed":7},"game":"blocks","kind":"run","schema":1}'
)
OLD_CARD = '{"data":{"best":321,"crowns":2,"runs":4,"stars":88},"game":"blocks","kind":"profile","schema":1}'


def test_a_run_saved_before_issue_12_resumes_exactly() -> None:
    old = Session()
    view = old.load({"save": OLD_RUN})
    assert (view["score"], view["drops"]) == (8, 2)
    assert old.state.state.rng == Rng(14878565106014341306)
    # The same run replayed from its seed and log reaches the same state.
    fresh = Session()
    fresh.new({"seed": 7})
    fresh.place({"slot": 0, "cell": "0:0"})
    fresh.place({"slot": 1, "cell": "2:-2"})
    assert fresh.state.state == old.state.state
    # Saved again, it is today's format: the PRNG as 16 hex digits, no log, version 3.
    stored = json.loads(old.save({}))
    assert (stored["version"], stored["data"]["rng"], "log" in stored["data"]) == (
        3, f"{14878565106014341306:016x}", False)


def test_a_card_saved_before_issue_12_loads() -> None:
    s = Session()
    assert s.load_profile({"profile": OLD_CARD}) == {"stars": 88, "best": 321, "crowns": 2, "runs": 4}
    assert s.headline({"profile": OLD_CARD}) == {"best": 321}


@pytest.mark.parametrize("rng", ['"000000000000001f"', "-1", str(2**64), '"1f"'])
def test_an_old_run_with_an_impossible_prng_is_refused(rng: str) -> None:
    text = OLD_RUN.replace('"rng":14878565106014341306', f'"rng":{rng}')
    with pytest.raises(Exception) as info:
        Session().load({"save": text})
    assert getattr(info.value, "field", None) == "rng"


#: Saves of version 2 as the code at a0f859c wrote them (``tests/golden/blocks.json``):
#: a fresh run, one in play after a re-deal, one over (banked), and one from before
#: recordings (no ``replay``). Each kept the action log of before recordings.
TODAY = json.loads((Path(__file__).parent.parent / "golden" / "blocks.json").read_text(encoding="utf-8"))["saves"]


@pytest.mark.parametrize("name", sorted(TODAY))
def test_a_version_2_save_resumes_the_run_its_log_played(name: str) -> None:
    text = TODAY[name]
    data = json.loads(text)["data"]
    loaded = Session()
    loaded.load({"save": text})
    state = rules.new_state(data["seed"])
    for action in data["log"]:  # the log of before recordings, from the run's seed (B24 actions)
        outcome = rules.act(state, action)
        assert outcome.accepted, action
        state = outcome.state
    assert loaded.state.state == state
    assert loaded.state.banked == data["banked"]


#: Saves of version 2 as the code at fd56f7a wrote them (the last to keep ``"log": []``):
#: a fresh run of seed 11, and the same run three drops in, with its recording.
VERSION_2 = {
    "fresh": (
        '{"data":{"banked":false,"drops":0,"log":[],"position":"...../....../......./......../........./......../'
        '......./....../..... 0:0,-1:0,1:0,2:0|0:0,-1:1|0:0,1:-1,-1:1 0 0 0 0 1","rng":"b4b3cf34c76001ce","rows":0,'
        '"seed":11},"game":"blocks","kind":"run","schema":1,"version":2,"replay":{"start":{"seed":11},"actions":[],'
        '"moments":[]}}',
        [],
    ),
    "three drops": (
        '{"data":{"banked":false,"drops":3,"log":[],"position":"...../....../....x../....x.../...xxxx../...x..../'
        '..x..../.x..../..... 0:0,1:-1,0:1,-1:2|0:0,-1:0,1:0,2:0|0:0,1:-1,0:1 9 0 0 0 1","rng":"ff9ecc8c277ffc64",'
        '"rows":0,"seed":11},"game":"blocks","kind":"run","schema":1,"version":2,"replay":{"start":{"seed":11},'
        '"actions":[["place",{"slot":0,"cell":"0:0"}],["place",{"slot":1,"cell":"2:-2"}],["place",{"slot":2,'
        '"cell":"-2:2"}]],"moments":[]}}',
        [(0, "0:0"), (1, "2:-2"), (2, "-2:2")],
    ),
}


@pytest.mark.parametrize("name", sorted(VERSION_2))
def test_a_version_2_save_upgrades_without_its_log(name: str) -> None:
    """A version 2 save resumes the run its recording played, and is saved again as version 3,
    with no ``log``."""
    text, drops = VERSION_2[name]
    loaded = Session()
    loaded.load({"save": text})
    fresh = Session()
    fresh.new({"seed": 11})
    for slot, cell in drops:
        assert fresh.place({"slot": slot, "cell": cell})["accepted"]
    assert loaded.state == fresh.state and loaded.run_info({}) == fresh.run_info({})
    again = json.loads(loaded.save({}))
    assert (again["version"], "log" in again["data"]) == (3, False)
    assert again == json.loads(fresh.save({}))


@pytest.mark.parametrize(("log", "refused"), [('"log":["place 0 0:0"]', None), ('"log":[3]', "log"),
                                               ('"log":"x"', "log"), ('"nolog":[]', "log")])
def test_a_version_2_log_is_still_checked(log: str, refused: str | None) -> None:
    text = VERSION_2["fresh"][0].replace('"log":[]', log)
    if refused is None:
        assert Session().load({"save": text})["drops"] == 0
    else:
        with pytest.raises(Exception) as info:
            Session().load({"save": text})
        assert getattr(info.value, "field", None) == refused
