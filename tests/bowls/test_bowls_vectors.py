"""All public vectors of bowls pass (../shared/spec/vectors/bowls.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from club.bowls import conform
from club.conformance import run_case

VECTORS = Path(__file__).resolve().parents[3] / "shared" / "spec" / "vectors" / "bowls.json"
CASES = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_public_vector(case: dict) -> None:
    assert run_case(conform, case) == []
