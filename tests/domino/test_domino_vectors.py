"""All public vectors of domino pass (../shared/spec/vectors/domino.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from club.conformance import run_case
from club.domino import conform

VECTORS = Path(__file__).resolve().parents[3] / "shared" / "spec" / "vectors" / "domino.json"
CASES = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_public_vector(case):
    assert run_case(conform, case) == []
