"""All public vectors of blocks pass (../shared/spec/vectors/blocks.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from club.blocks import conform
from club.conformance import run_case

VECTORS = Path(__file__).resolve().parents[3] / "shared" / "spec" / "vectors" / "blocks.json"
CASES = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"] if VECTORS.exists() else []


@pytest.mark.skipif(not VECTORS.exists(), reason="shared spec not beside the repository")
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_public_vector(case):
    assert run_case(conform, case) == []
