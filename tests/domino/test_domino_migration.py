"""P8: saves and profiles stored before the one contract still load,
with the same position, scores and records (D18: no player loses a run or a best).

The texts below were written by the code before the one contract (commit e034d4e:
``Session.save`` for runs; the page's ``JSON.stringify`` of the records object
for profiles, and ``json.dumps`` of it as the old Python tests wrote it). They
are data, not this code's output: the save format kept its version 1, and a
profile that is no envelope goes through ``profile.legacy``.
"""

from __future__ import annotations

import json

import pytest
from club.domino import profile
from club.domino.api import Session

RUN = '{{"data":{{{data}}},"game":"domino","kind":"run","schema":1,"version":1}}'
EMPTY = "/".join(["." * 16] * 16)

# name, old save text, what it shows once loaded: worked out from the text's own fields
# (``position`` ends in Max and Power; tiles to play = the queue of the current set + the falling tile)
SAVES = [
    ("a Sprint just started", RUN.format(data=(
        '"active_ms":0,"chain":0,"fall_ms":0,"falling":[3,5,3,0,0],"gravity":800,"mode":"sprint","over":false,'
        '"points":0,"position":"' + EMPTY + ' 0 0","queue":"3-3 6-1 4-1 1-3 4-5 0-2 3-2 5-1 4-3 6-3 5-0 5-5 0-3 5-2 '
        '6-4 2-1 2-2 6-6 4-4 1-1 0-0 4-2 0-6 1-0 6-2 6-5 4-0","queue_set":1,"resets":0,"rest_ms":null,'
        '"rng":"b5113dbbc0fa562d","set":"classic","set_number":1,"soft":false,"started":true,"topped_out":false,'
        '"turns":0')),
     {"mode": "sprint", "set": "classic", "max": 0, "power": 0, "tiles_to_play": 28, "turns": 0, "over": False}),
    ("a Sprint three turns in, a tick after the last", RUN.format(data=(
        '"active_ms":1000,"chain":0,"fall_ms":200,"falling":[4,1,3,1,0],"gravity":800,"mode":"sprint","over":false,'
        '"points":0,"position":"' + "/".join(["." * 16] * 13) + '/......1d......../......6u..3d..../....3r5l..3u.... '
        '0 0","queue":"1-3 4-5 0-2 3-2 5-1 4-3 6-3 5-0 5-5 0-3 5-2 6-4 2-1 2-2 6-6 4-4 1-1 0-0 4-2 0-6 1-0 6-2 6-5 '
        '4-0","queue_set":1,"resets":0,"rest_ms":null,"rng":"b5113dbbc0fa562d","set":"classic","set_number":1,'
        '"soft":false,"started":true,"topped_out":false,"turns":3')),
     {"max": 0, "power": 0, "tiles_to_play": 25, "turns": 3, "active_ms": 1000, "speed": 0.0}),
    ("a Marathon in its second set, soft drop held", RUN.format(data=(
        '"active_ms":400,"chain":1,"fall_ms":0,"falling":[2,1,3,8,0],"gravity":680,"mode":"marathon","over":false,'
        '"points":2,"position":"' + "/".join(["." * 16] * 10) + '/0r0l............/4r4l....5r1l6r2l/..6s....1s..1r1l/'
        '..3s1s..0r3l6r2l/..1s5s2r2l4s1r5l/0r6l2r0l..1s5r0l 9 145","queue":"3-6 4-0 6-4 2-5 5-4 6-1 1-1 4-2 4-1 '
        '2-2 0-6 3-4 3-2 4-4 0-2 5-3 6-6 5-5 5-0 3-3 3-1 0-3 5-6","queue_set":2,"resets":0,"rest_ms":null,'
        '"rng":"9c5ad74c5c6f1d82","set":"classic","set_number":2,"soft":true,"started":true,"topped_out":false,'
        '"turns":32')),
     {"mode": "marathon", "max": 9, "power": 145, "set_number": 2, "gravity": 680, "tiles_to_play": 24,
      "points": 2, "power_gain": 1, "speed": 21750.0}),
    ("a Marathon tile resting in its lock delay", RUN.format(data=(
        '"active_ms":1020,"chain":0,"fall_ms":270,"falling":[6,4,2,15,0],"gravity":800,"mode":"marathon",'
        '"over":false,"points":0,"position":"' + EMPTY + ' 0 0","queue":"4-7 3-6 0-9 0-7 5-7 2-9 7-8 9-4 5-2 1-5 '
        '2-4 6-8 5-0 7-1 0-1 1-1 2-1 9-9 3-3 9-8 5-5 9-3 1-8 4-3 8-8 6-9 3-5 3-7 6-5 5-4 7-7 8-0 6-7 0-3 8-5 9-5 '
        '8-2 1-6 3-1 7-2 4-1 8-3 0-6 0-4 6-6 4-4 9-7 6-2 0-0 2-2 8-4 3-2 2-0 9-1","queue_set":1,"resets":1,'
        '"rest_ms":120,"rng":"4a7aa4e7ee8a3c62","set":"extended","set_number":1,"soft":true,"started":true,'
        '"topped_out":false,"turns":0')),
     {"set": "extended", "tiles_to_play": 55, "over": False}),
    ("a finished Sprint", RUN.format(data=(
        '"active_ms":0,"chain":0,"fall_ms":0,"falling":null,"gravity":800,"mode":"sprint","over":true,"points":0,'
        '"position":"' + "/".join(["." * 16] * 10) + '/............3r6l/....5r6l1r5l..3s/....1s..4r4l..4s/'
        '....2s....1s3r0l/....5r2l3r4l2s../5s1s0r5l1r3l6s.. 5 43","queue":"","queue_set":1,"resets":0,'
        '"rest_ms":null,"rng":"123a4d7e06f1d5ef","set":"classic","set_number":1,"soft":false,"started":true,'
        '"topped_out":false,"turns":28')),
     {"max": 5, "power": 43, "tiles_to_play": 0, "over": True, "topped_out": False, "falling": None}),
]


@pytest.mark.parametrize(("why", "text", "shown"), SAVES, ids=[row[0] for row in SAVES])
def test_an_old_save_loads_with_the_same_run(why: str, text: str, shown: dict) -> None:
    """Every field comes back as stored (soft drop released: no key is held after a
    reload, D18), and the view shows the run the text holds."""
    session = Session()
    view = session.load({"save": text})
    assert {key: view[key] for key in shown} == shown
    old = json.loads(text)["data"]
    assert json.loads(session.save({}))["data"] == {**old, "soft": False}
    assert view["well"] == old["position"].split(" ")[0]


def test_a_resting_tile_keeps_its_lock_delay() -> None:
    """D7: 120 of the 500 ms lock delay were spent and one of 15 restarts used before the save."""
    session = Session()
    falling = session.load({"save": SAVES[3][1]})["falling"]
    assert (falling["col"], falling["row"], falling["lock"], session.state.resets) == (2, 15, 0.24, 1)


# name, profile text as stored before the one contract, the home card's best (the best Power, D18)
PROFILES = [
    ("the page's first record", '{"records":{"sprint/classic":{"max":5,"power":43,"speed":0,"games":1}}}', 43),
    ("json.dumps spacing", '{"records": {"sprint/classic": {"max": 5, "power": 43, "speed": 0, "games": 1}}}', 43),
    ("two modes, a decimal Speed", '{"records":{"sprint/classic":{"max":5,"power":43,"speed":0,"games":1},'
     '"marathon/extended":{"max":9,"power":145,"speed":21.7,"games":4}}}', 145),
    ("a whole Speed as JSON.stringify writes 18.0", '{"records":{"marathon/classic":{"max":4,"power":9,'
     '"speed":18,"games":3}}}', 9),
    ("no game yet", '{"records":{}}', None),
]


@pytest.mark.parametrize(("why", "text", "best"), PROFILES, ids=[row[0] for row in PROFILES])
def test_an_old_profile_loads_with_the_same_records(why: str, text: str, best: int | None) -> None:
    session = Session()
    assert session.load_profile({"profile": text})["records"] == json.loads(text)["records"]
    assert session.headline({"profile": text}) == {"best": best}


def test_an_old_profile_is_rewritten_as_an_envelope_by_the_next_record() -> None:
    """The next finished run writes the envelope; the other modes' records stay as they were."""
    session = Session()
    session.load_profile({"profile": PROFILES[2][1]})
    session.load({"save": SAVES[0][1]})
    answer = {"profile": None}
    while answer["profile"] is None:
        answer = session.move({"move": "hard"})
    envelope = json.loads(answer["profile"])
    assert (envelope["game"], envelope["kind"], envelope["version"]) == ("domino", "profile", 1)
    stored = profile.load(answer["profile"])
    assert stored["marathon/extended"] == {"max": 9, "power": 145, "speed": 21.7, "games": 4}
    assert stored["sprint/classic"]["games"] == 2
