"""Every conformance vector in the repository passes: the spec's public ones
(spec/vectors/, copied from the upstream ../shared/spec by ``make sync-spec``)
and our own (tests/vectors/), one test per case, for all four games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from club.conformance import game_module, run_case

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "spec" / "vectors").glob("*.json")) + sorted((ROOT / "tests" / "vectors").glob("*.json"))
CASES = [
    (path, case)
    for path in FILES
    for case in json.loads(path.read_text(encoding="utf-8"))["cases"]
]


def test_every_game_has_public_vectors() -> None:
    games = {json.loads(path.read_text(encoding="utf-8"))["game"] for path in FILES if path.parent.name == "vectors"}
    assert {"blocks", "domino", "merge", "bowls"} <= games


@pytest.mark.parametrize(
    ("path", "case"), CASES, ids=[f"{path.parent.parent.name}/{path.stem}/{case['id']}" for path, case in CASES]
)
def test_vector(path: Path, case: dict) -> None:
    game = json.loads(path.read_text(encoding="utf-8"))["game"]
    assert run_case(game_module(game), case) == []
