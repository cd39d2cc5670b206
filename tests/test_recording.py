"""A run's recording and its code: packing round-trips, the save's
recording is what ``pack`` writes (also when the recorder takes actions back),
a broken recording never breaks a load, and links print and read back
(club.recording, club.replay, club.links)."""

from __future__ import annotations

import json

from club.errors import NotationError
from club.links import beat_of, link, read_link
from club.merge.api import Session as Merge
from club.recording import Log, with_log
from club.replay import Actions, Replay, pack, parse_code, print_code
from club.replaying import read_log
from hypothesis import given, settings
from hypothesis import strategies as st

ACTION = st.one_of(
    st.tuples(st.sampled_from(["tick", "move"]), st.fixed_dictionaries({"ms": st.integers(0, 40)})),
    st.tuples(st.just("move"), st.fixed_dictionaries({"move": st.sampled_from(["left", "hard"])})),
    st.tuples(st.just("soft"), st.fixed_dictionaries({"held": st.booleans()})),
    st.tuples(st.just("end"), st.just({})),
)
ACTIONS = st.lists(ACTION, max_size=60)


@settings(max_examples=200, deadline=None)
@given(ACTIONS, st.integers(0, 60))
def test_packing_round_trips_and_the_log_writes_what_pack_writes(actions: list, cut: int) -> None:
    packed = Actions.of(actions)
    assert list(packed) == actions and len(packed) == len(actions)
    assert list(packed.since(cut)) == actions[cut:]
    assert json.loads(packed.json()) == pack(actions)
    log = Log.of({"seed": 3}, actions, [])
    assert json.loads(log.actions_text()) == pack(actions)
    assert Log.of({"seed": 3}, packed, []).text() == log.text()  # read whole runs at a time
    grown = Log({"seed": 3})
    for i, (method, payload) in enumerate(actions):  # text asked between appends, as saves are
        grown.append(method, payload)
        if i % 3 == 0:
            grown.text()
    assert grown.text() == log.text()
    back = actions[cut:]  # taken back one by one: the log is as if they never came
    for action in reversed(back):
        assert grown.pop() == action
        if len(back) % 2:
            grown.text()
    assert grown.text() == Log.of({"seed": 3}, actions[:cut], []).text()
    assert grown.size >= len(grown.actions_text()) - 2


@settings(max_examples=100, deadline=None)
@given(ACTIONS, st.integers(0, 10**6))
def test_a_code_prints_and_parses_back(actions: list, score: int) -> None:
    replay = Replay("domino", {"seed": 1, "mode": "sprint", "set": "classic"}, Actions.of(actions), score)
    assert parse_code(print_code(replay), "domino") == replay


SAVE = '{"data":{},"game":"merge","kind":"run","schema":1,"version":1}'
START = '{"seed": 2, "jokers": true}'
BROKEN = [  # a recording the load cannot use: the run loads, without it
    '{"start": 5}', '{"start": {}, "actions": 7}', '{"start": {}, "actions": [["tick"]]}',
    '{"start": {}, "actions": [], "moments": [9]}', '{"start": {}, "actions": [], "moments": "x"}',
    '[1, 2]', '{"start": {}, "actions": [["tick", "ms", "16"]]}',
    '{"start": ' + START + ', "actions": [["tick", "ms", [16, "x"]]], "moments": []}',
    '{"start": ' + START + ', "actions": [["rotate", {}]], "moments": [], "extra": 1}',
    '{"start": ' + START + ', "actions": [["place", {"cell": "0:0", "colour": 1}]], "moments": []}',
    '{"start": ' + START + ', "actions": [["jump", {}]], "moments": []}',
    '{"start": ' + START + ', "actions": [["tick", {"ms": 0}]], "moments": []}',
    '{"start": ' + START + ', "actions": [["place", {"cell": "0:0"}]], "moments": [], "cut": true}',
    '{"start": {"seed": 2, "jokers": 1}, "actions": [], "moments": []}',
    '{"start": {"seed": 1152921504606846976, "jokers": true}, "actions": [], "moments": []}',
    '{"start": {"seed": 2, "jokers": true, "query": "seed=3"}, "actions": [], "moments": []}',
    '{"start": {"query": "seed=3"}, "actions": [], "moments": []}',
]


def test_a_broken_recording_is_no_recording() -> None:
    merge = Merge()
    for bad in BROKEN:
        assert read_log(merge, SAVE[:-1] + ',"replay":' + bad + "}") is None, bad
    assert read_log(merge, SAVE) is None and read_log(merge, "not json") is None and read_log(merge, None) is None
    good = Log({"seed": 2, "jokers": True}, [])
    good.append("place", {"cell": "0:0", "ms": 0})
    again = read_log(merge, with_log(SAVE, good))
    assert again is not None and again.start == {"seed": 2, "jokers": True}
    assert list(again.actions()) == [("place", {"cell": "0:0", "ms": 0})]
    good.stop()  # a run that outgrew a replay keeps its start
    cut = read_log(merge, with_log(SAVE, good))
    assert cut is not None and cut.cut and cut.start == good.start and not len(cut.actions())


LINKS = [  # start payload, the game's table, its link
    ({"seed": 12}, {}, "seed=12"),
    ({"seed": 5, "jokers": True}, {"jokers": bool}, "seed=5&jokers=1"),
    ({"seed": 8, "mode": "sprint", "set": "extended"}, {"mode": str, "set": str}, "seed=8&mode=sprint&set=extended"),
    ({"puzzle": 42}, {"mode": str, "puzzle": int}, "puzzle=42"),
    ({"daily": "2026-12-02", "seed": 77, "mode": "daily"}, {"mode": str}, "daily=2026-12-02"),
]


BEATS = [  # a link with the sender's score (P4: the friend's score to beat), what it starts, the score
    ("seed=12&beat=7934", {}, {"seed": 12}, 7934),
    ("beat=0&daily=2026-12-02", {}, {"daily": "2026-12-02"}, 0),
    ("seed=8&mode=sprint&beat=15&set=extended", {"mode": str, "set": str}, {"seed": 8, "mode": "sprint", "set": "extended"}, 15),
    ("seed=3", {}, {"seed": 3}, None),
]
BAD_BEATS = ["seed=3&beat=", "seed=3&beat=-1", "seed=3&beat=1e9", "seed=3&beat=1000000000", "seed=3&beat=1&beat=2",
             "daily=2026-12-02&beat=x"]


def test_a_link_s_score_to_beat_is_read_apart_from_its_deal() -> None:
    for text, table, start, beat in BEATS:
        assert read_link(text, table) == start, text
        assert beat_of(text) == beat, text
    for text in BAD_BEATS:
        try:
            read_link(text, {"mode": str})
        except NotationError as error:
            assert error.field == "query", text
        else:
            raise AssertionError(f"{text} was read")
        assert beat_of(text) in (None, 1, 2), text  # never a score that is no score


def test_start_of_says_the_score_to_beat() -> None:
    session = Merge()
    said = session.start_of({"query": "seed=5&beat=321"})
    assert said["beat"] == 321 and said["link"].startswith("seed=5") and "beat" not in said["link"] and said["payload"] == {"query": "seed=5&beat=321"}
    assert session.start_of({"query": "seed=5"})["beat"] is None


def test_links_print_and_read_back() -> None:
    for start, table, text in LINKS:
        assert link(start, table) == text
        read = read_link(text, table)
        assert link(read, table) == text
