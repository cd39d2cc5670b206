"""A friend's result sent back to a puzzle's author (W28, ``workshop_reply``), as tables.

The friend's page asks with their solving moves and gets the link's query back
(``puzzle=<code>&solved=<moves>``); the author's page asks with the link's text and
gets the result. Both read the code entirely and replay the moves to a solve within
the limit, so a link cannot claim a result nobody played: every damaged part is a
refusal with its reason, never an error, and never the engine's ``internal``.
"""

from __future__ import annotations

import json
import random

import pytest
from club.bowls.api import Session
from club.bowls.workshopanswers import reply_answer
from club.bridge import Bridge

DRAFT = {"position": "B/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "leave 1", "limit": 3, "title": "<b>Pairs</b>"}
CODE = Session().workshop_code({**DRAFT, "moves": [0, 2, 6]})["code"]
OTHER = Session().workshop_code({"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 3,
                                 "moves": [2, 6]})["code"]

ACCEPTED = [
    # (payload, moves, solved)
    ({"code": CODE, "moves": [2, 6]}, 2, "26"),
    ({"code": CODE, "moves": [6, 2]}, 2, "62"),
    ({"code": CODE, "moves": [0, 2, 6]}, 3, "026"),
    ({"code": CODE, "solved": "26"}, 2, "26"),
    ({"code": CODE, "solved": "026"}, 3, "026"),
    ({"code": f"  {CODE} ", "solved": "62"}, 2, "62"),  # a code pasted with spaces, as workshop_open takes it
    ({"code": OTHER, "solved": "26"}, 2, "26"),
]


@pytest.mark.parametrize(("payload", "moves", "solved"), ACCEPTED)
def test_a_result_that_solves_it(payload: dict, moves: int, solved: str) -> None:
    answer = reply_answer(payload)
    code = payload["code"].strip()
    assert (answer["accepted"], answer["moves"], answer["solved"]) == (True, moves, solved)
    assert answer["query"] == f"puzzle={code}&solved={solved}"
    assert answer["puzzle"] and answer["puzzle"]["code"] == code


REFUSED = [
    # (payload, reason): the code first, then the result
    ({"code": CODE[:-3] + "AAA", "solved": "26"}, "puzzle-corrupt"),
    ({"code": "6E1.bowls.abc", "solved": "26"}, "puzzle-foreign"),  # a replay code
    ({"code": "6EP1.merge.abc", "solved": "26"}, "puzzle-foreign"),
    ({"code": "x" * 700, "solved": "26"}, "puzzle-too-long"),
    ({"code": 12, "solved": "26"}, "puzzle-corrupt"),
    ({"solved": "26"}, "puzzle-corrupt"),
    ({"code": CODE, "solved": ""}, "reply-corrupt"),
    ({"code": CODE, "solved": "2"}, "reply-corrupt"),  # not solved by move 1
    ({"code": CODE, "solved": "2600"}, "reply-corrupt"),  # past the limit
    ({"code": CODE, "solved": "c"}, "reply-corrupt"),
    ({"code": CODE, "solved": "2 6"}, "reply-corrupt"),
    ({"code": CODE, "solved": "26\n"}, "reply-corrupt"),
    ({"code": CODE, "solved": "0" * 13}, "reply-corrupt"),
    ({"code": CODE, "solved": 26}, "reply-corrupt"),
    ({"code": CODE, "solved": None}, "reply-corrupt"),
    ({"code": CODE, "solved": "<b>"}, "reply-corrupt"),
    ({"code": CODE, "solved": "1"}, "reply-corrupt"),  # an empty bowl: refused as a move
    ({"code": CODE, "moves": [2]}, "not-solved"),
    ({"code": CODE, "moves": [1, 2, 6]}, "not-solved"),
    ({"code": CODE, "moves": "26"}, "bad-moves"),
    ({"code": CODE, "moves": [2, 12]}, "bad-moves"),
    ({"code": CODE, "moves": [2, True]}, "bad-moves"),
    ({"code": CODE}, "bad-moves"),
]


@pytest.mark.parametrize(("payload", "reason"), REFUSED)
def test_a_damaged_result_is_refused_with_its_reason(payload: dict, reason: str) -> None:
    answer = reply_answer(payload)
    assert (answer["accepted"], answer["reason"]) == (False, reason), answer
    assert answer["query"] is None and answer["puzzle"] is None and answer["moves"] is None


def test_through_the_bridge_a_fuzz_of_results_never_raises() -> None:
    """Declared on the Session's surface; random texts and types give a refusal, never ``internal``."""
    bridge = Bridge()
    rng = random.Random(40)
    alphabet = "0123456789abc AZ<>\n\u202e"
    values: list[object] = [None, 3, 2.5, [], {}, True, "", "x" * 5000]
    for _ in range(300):
        solved = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        payload = {"code": rng.choice([CODE, OTHER, CODE[: rng.randint(0, len(CODE))]]),
                   rng.choice(["solved", "moves"]): rng.choice([solved, rng.choice(values),
                                                                [rng.randint(-2, 13) for _ in range(rng.randint(0, 4))]])}
        answer = json.loads(bridge.call("bowls", "workshop_reply", json.dumps(payload)))
        if not answer["ok"]:  # a payload of the wrong type is refused by the declared surface
            assert answer["error"]["field"] not in ("internal", None), answer
            continue
        result = answer["result"]
        assert result["accepted"] is (result["reason"] is None), result
