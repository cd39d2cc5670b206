"""W17 amended: Endless makes r = min(4, 1 + (n - 9) // 40) event rolls in its n-th safe move.

``w17_amended.json`` holds whole Endless moves computed by hand from the spec
text with a PCG32 written apart from the engine (``club.rng`` is not used to
make them): the start is one red stone in bowl 0 and nothing else, so the
player's sowing and the refill never match (no bowl reaches three stones) and
the move is only the refill, its events and the countdown. Each case was
chosen so that one roll more or one roll less would give another position or
another PRNG state. The conformance format cannot hold them: vectors play
without refill (W27).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from club import save
from club.bowls.api import Session
from club.bowls.notation import parse_action
from club.bowls.saves import VERSION as SAVE_VERSION

CASES = json.loads((Path(__file__).parent / "w17_amended.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_w17_amended_vectors(case: dict[str, Any]) -> None:
    session = Session()
    session.new({"mode": case["mode"], "seed": case["seed"], "position": case["position"]})
    for action in case["actions"]:
        answer = session.sow({"bowl": parse_action(action)})
        assert answer["accepted"], answer["reason"]
    assert session.view({})["position"] == case["expect"]["position"]
    assert save.load(session.save({}), "bowls", "run", SAVE_VERSION)["rng"] == case["expect"]["rng"]


def test_w17_vectors_cover_every_roll_boundary() -> None:
    moves = {int(case["position"].split()[-1]) + 1 for case in CASES}
    assert {48, 49, 88, 89, 128, 129} <= moves
