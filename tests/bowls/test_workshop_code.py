"""Puzzle codes (W28): the round trip, and hostile codes refused with their reason.

Every field of the code's body and every bound is broken in turn, each in a
code sealed with a valid checksum (``seal``), so the field check itself is
what refuses it; then the envelope: checksum, version, letters, size, a zlib
stream that inflates past its bound. A fuzz of codes and of payloads through
the bridge's ``query`` never raises, never answers ``internal``, and does at
most the proof's budget of work.
"""

from __future__ import annotations

import asyncio
import base64
import json
import zlib

import pytest
from club.bowls.proof import BUDGET
from club.bowls.workshop import WorkshopError, read_draft
from club.bowls.workshopcode import (
    MAX_CODE,
    MAX_JSON,
    VERSION,
    Shared,
    _checksum,
    parse_code,
    print_code,
    seal,
)
from club.bridge import Bridge
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EMPTY11 = "/-" * 11
DRAFT = {"position": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "empty", "limit": 3, "title": "Two pairs"}
BODY = {"g": "empty", "l": 3, "m": [2, 6], "p": DRAFT["position"], "t": "Two pairs"}


def sealed(body: object) -> str:
    return seal(json.dumps(body, separators=(",", ":"), ensure_ascii=False))


def reason(code: object) -> str | None:
    try:
        parse_code(code)
    except WorkshopError as refused:
        return refused.field
    return None


ROUND_TRIPS = [
    (DRAFT, (2, 6)),
    (DRAFT, (6, 2)),
    ({**DRAFT, "title": ""}, (2, 6)),
    ({**DRAFT, "title": "<img src=x onerror=alert(1)>"}, (2, 6)),
    ({**DRAFT, "title": "Ночь ✦ 夜 🌙" * 4}, (2, 6)),
    ({"position": "R[i1]/RR/-/-/-/-/-/-/-/-/-/G 0 0", "goal": "clear R", "limit": 12, "title": "x" * 40}, (11, 0)),
    ({"position": "RRGGB[v]/RR/-/-/-/-/-/-/-/-/-/Y 0 0", "goal": "collect R 3", "limit": 2}, (11,)),
]


@pytest.mark.parametrize(("fields", "moves"), ROUND_TRIPS)
def test_round_trip(fields: dict, moves: tuple[int, ...]) -> None:
    shared = Shared(read_draft(fields), moves)
    code = print_code(shared)
    assert code.startswith(f"6EP{VERSION}.bowls.") and len(code) <= MAX_CODE
    assert parse_code(code) == shared
    assert parse_code(f"  {code}\n") == shared  # a pasted code keeps its spaces
    assert print_code(parse_code(code)) == code  # one code per puzzle


def test_the_fullest_board_and_longest_title_fit_in_600() -> None:
    """The longest body the workshop accepts: every bowl at its limit, two-digit counts, a title of
    40 four-byte characters, 12 moves (print_code does not check the moves: only the size here)."""
    position = "/".join(["RGBYPRG[i99r99]", "RGBYP[i99r99v99]"] * 6) + " 0 0"
    draft = read_draft({"position": position, "goal": "collect R 1125899906842624", "limit": 12,
                        "title": "🌙" * 40}, start_checked=False)
    assert len(print_code(Shared(draft, (11,) * 12))) <= MAX_CODE


# body changes -> the reason the code is refused with
FIELDS = [
    ({"p": None}, "bad-position"),
    ({"p": "R/R 0 0"}, "bad-position"),
    ({"p": "R" * 500 + EMPTY11 + " 0 0"}, "bad-position"),
    ({"p": "RRR" + EMPTY11 + " 0 0"}, "start-limits"),
    ({"p": "RGBYPRGB" + EMPTY11 + " 0 0"}, "start-limits"),
    ({"p": "R[i]" + EMPTY11 + " 0 0"}, "start-limits"),
    ({"p": "-/-/R/RR/-/-/G/GG/-/-/-/- 10 0"}, "start-limits"),
    ({"p": "-/-/R/RR/-/-/G/GG/-/-/-/- 0 1"}, "start-limits"),
    ({"p": "-/-/R/RR/-/-/G/GG/-/-/-/R[v200] 0 0"}, "start-limits"),
    ({"g": "clear Y"}, "goal-met"),
    ({"g": "dance"}, "bad-goal"),
    ({"g": 3}, "bad-goal"),
    ({"g": "score 99999999999999999999"}, "bad-goal"),
    ({"l": 0}, "bad-limit"),
    ({"l": 13}, "bad-limit"),
    ({"l": -1}, "bad-limit"),
    ({"l": 3.5}, "bad-limit"),
    ({"l": "3"}, "bad-limit"),
    ({"l": None}, "bad-limit"),
    ({"l": 1}, "bad-moves"),  # two moves of a limit of one
    ({"t": "x" * 41}, "bad-title"),
    ({"t": "line\nbreak"}, "bad-title"),
    ({"t": "\u0000"}, "bad-title"),
    ({"t": "\u2067hidden"}, "bad-title"),
    ({"t": ["Two"]}, "bad-title"),
    ({"t": None}, "bad-title"),
    ({"m": []}, "bad-moves"),
    ({"m": [2, 6, 2, 6]}, "bad-moves"),
    ({"m": [2, 12]}, "bad-moves"),
    ({"m": [2, False]}, "bad-moves"),
    ({"m": {"0": 2}}, "bad-moves"),
    ({"m": [2]}, "not-solved"),
    ({"m": [3, 2, 6]}, "not-solved"),
    ({"m": [2, 6, 7]}, "not-solved"),  # solved at the second: the third is no move of that attempt
    ({"m": [0, 2, 6]}, "not-solved"),  # bowl 0 is empty
]


@pytest.mark.parametrize(("change", "expected"), FIELDS, ids=[f"{e}-{i}" for i, (_, e) in enumerate(FIELDS)])
def test_every_field_is_checked(change: dict, expected: str) -> None:
    assert reason(sealed({**BODY, **change})) == expected


def test_a_lone_surrogate_title_is_refused() -> None:
    text = json.dumps(BODY, separators=(",", ":")).replace('"Two pairs"', '"\\ud800"')
    assert reason(seal(text)) == "bad-title"


GOOD = sealed(BODY)
BODY_TEXT = json.dumps(BODY)
HEAD, LETTERS = GOOD.rsplit(".", 1)


def flipped(code: str, at: int) -> str:
    letter = code[at]
    return code[:at] + ("A" if letter != "A" else "B") + code[at + 1:]


def raw_code(raw: bytes, head: str = "6EP1.bowls") -> str:
    return f"{head}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def with_checksum(packed: bytes) -> str:
    return raw_code(packed + _checksum(packed))


ENVELOPE = [
    (None, "puzzle-corrupt"),
    (42, "puzzle-corrupt"),
    ("", "puzzle-corrupt"),
    ("   ", "puzzle-corrupt"),
    ("hello", "puzzle-corrupt"),
    (GOOD + "x" * (MAX_CODE - len(GOOD) + 1), "puzzle-too-long"),
    ("6EP1.bowls." + "A" * 2000, "puzzle-too-long"),
    (GOOD.replace("6EP1", "6EP2", 1), "puzzle-version"),
    (GOOD.replace("6EP1", "6EP999999", 1), "puzzle-version"),
    (GOOD.replace("6EP1", "6EP0", 1), "puzzle-corrupt"),
    (GOOD.replace("6EP1", "6EP", 1), "puzzle-corrupt"),
    (GOOD.replace("6EP1", "6EPx", 1), "puzzle-corrupt"),
    (GOOD.replace("6EP1", "6EP١", 1), "puzzle-corrupt"),  # an Arabic-Indic digit is no version
    (GOOD.replace(".bowls.", ".blocks.", 1), "puzzle-foreign"),
    (GOOD.replace(".bowls.", ".chess.", 1), "puzzle-corrupt"),
    ("6E1.bowls.eJyrVkpUslIqSk1R0lFKBAA", "puzzle-foreign"),
    ("6E1.merge.eJyrVkpUslIqSk1R0lFKBAA", "puzzle-foreign"),
    (GOOD + ".x", "puzzle-corrupt"),
    (HEAD + "." + LETTERS + "!", "puzzle-corrupt"),
    (HEAD + "." + LETTERS + "=", "puzzle-corrupt"),
    (HEAD + "." + LETTERS[:-1], "puzzle-corrupt"),
    (HEAD + "." + LETTERS[:1], "puzzle-corrupt"),
    (HEAD + ".", "puzzle-corrupt"),
    (flipped(GOOD, len(GOOD) - 1), "puzzle-corrupt"),
    (flipped(GOOD, len(HEAD) + 3), "puzzle-corrupt"),
    (with_checksum(b"not zlib at all"), "puzzle-corrupt"),
    (with_checksum(zlib.compress(b" " * 100_000, 9)), "puzzle-corrupt"),  # inflates far past its bound
    (with_checksum(zlib.compress(BODY_TEXT.encode()) + b"tail"), "puzzle-corrupt"),  # a good body, then more
    (seal(BODY_TEXT.ljust(MAX_JSON + 1)), "puzzle-corrupt"),  # a good body padded one byte past the bound
    (seal(BODY_TEXT.ljust(MAX_JSON)), None),  # and up to it
    (with_checksum(zlib.compress(b'{"g":"empty"')[:-3]), "puzzle-corrupt"),
    (with_checksum(zlib.compress("é".encode("latin-1"))), "puzzle-corrupt"),  # not UTF-8
    (sealed([1, 2]), "puzzle-corrupt"),
    (sealed({**BODY, "x": 1}), "puzzle-corrupt"),
    (sealed({k: v for k, v in BODY.items() if k != "t"}), "puzzle-corrupt"),
    (seal('{"g":NaN}'), "puzzle-corrupt"),
    (seal("[" * 5000), "puzzle-corrupt"),
    (seal(json.dumps(BODY) + "x"), "puzzle-corrupt"),
    (raw_code(b"abc"), "puzzle-corrupt"),
]


@pytest.mark.parametrize(("code", "expected"), ENVELOPE, ids=[f"{e}-{i}" for i, (_, e) in enumerate(ENVELOPE)])
def test_the_envelope_is_checked(code: object, expected: str | None) -> None:
    assert reason(code) == expected


def test_a_good_code_reads() -> None:
    assert reason(GOOD) is None and len(GOOD) <= MAX_CODE


def test_markup_in_the_title_stays_text() -> None:
    title = '<b onclick="x()">&lt;bold&gt;</b>'
    shared = parse_code(sealed({**BODY, "t": title}))
    assert shared.draft.title == title


# ----- fuzz: codes and payloads through the bridge, as the page sends them ------------------------------
BRIDGE = Bridge()


def asked(method: str, payload: object) -> dict:
    text = asyncio.run(BRIDGE.query("bowls", method, json.dumps(payload)))
    answer = json.loads(text)
    assert answer["ok"] or answer["error"]["field"] != "internal", answer
    progress = json.loads(BRIDGE.call("bowls", "workshop_progress", "{}"))["result"]
    assert progress["work"] <= BUDGET + 200 and not progress["running"]
    return answer


def mutated(code: str, data: st.DataObject) -> str:
    at = data.draw(st.integers(0, len(code)))
    kind = data.draw(st.sampled_from(["flip", "cut", "insert", "swap"]))
    if kind == "cut":
        return code[:at]
    if kind == "insert":
        return code[:at] + data.draw(st.text(max_size=3)) + code[at:]
    if kind == "swap" and at + 1 < len(code):
        return code[:at] + code[at + 1] + code[at] + code[at + 2:]
    return code[:at] + data.draw(st.characters()) + code[at + 1:]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_codes_never_break_the_engine(data: st.DataObject) -> None:
    code = mutated(GOOD, data) if data.draw(st.booleans()) else data.draw(st.text(max_size=700))
    answer = asked("workshop_open", {"code": code})
    if answer["ok"]:
        result = answer["result"]
        assert result["accepted"] == (result["reason"] is None) == (result["puzzle"] is not None)


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(max_size=20),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                    max_size=3), max_leaves=8)
POSITIONS = st.one_of(JSONISH, st.just(DRAFT["position"]),
                      st.lists(st.text(alphabet="RGBYPJX-", max_size=4), min_size=12, max_size=12).map(
                          lambda bowls: "/".join(b or "-" for b in bowls) + " 0 0"))
GOALS = st.one_of(JSONISH, st.sampled_from(["empty", "clear R", "leave 2", "combo 2", "score 50", "collect G 3"]))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(method=st.sampled_from(["workshop_check", "workshop_code", "workshop_limits", "workshop_new"]),
       position=POSITIONS, goal=GOALS, limit=st.one_of(JSONISH, st.integers(0, 13)), title=JSONISH,
       moves=st.one_of(JSONISH, st.lists(st.integers(-1, 12), max_size=13)), extra=JSONISH)
def test_fuzz_payloads_never_break_the_engine(method: str, position: object, goal: object, limit: object,
                                               title: object, moves: object, extra: object) -> None:
    payload = {"position": position, "goal": goal, "limit": limit, "title": title, "moves": moves, "x": extra}
    answer = asked(method, payload)
    if method in ("workshop_check", "workshop_code"):
        assert answer["ok"], answer  # a refusal is an answer with its reason, never an error
        assert answer["result"]["accepted"] == (answer["result"]["reason"] is None)
