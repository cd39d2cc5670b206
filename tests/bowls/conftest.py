"""Fixtures of the bowls tests. ``v1_save``: today's format before the one contract, written by
hand (W25): a run save as version 1 of the envelope wrote it (no ``version`` key, the PRNG as unpadded hex, the puzzle and
the recorded marks in ``extra``), for tests that need one of any attempt."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from club.bowls.attempt import Attempt


def v1_save(attempt: Attempt, edition: int | None = 2) -> str:
    """The save ``dump_attempt`` wrote before the one contract; ``edition`` None: from before W17's amendment."""
    extra: dict[str, Any] = {}
    if attempt.puzzle is not None:
        extra["puzzle"] = attempt.puzzle
        if attempt.recorded:
            extra["puzzleRecorded"] = True
    if attempt.recorded:
        extra["recorded"] = True
    data: dict[str, Any] = {
        "mode": attempt.mode.name, "seed": str(attempt.seed), "date": attempt.date,
        "position": attempt.position_text(), "rng": f"{attempt.rng.state:x}",
        "collected": list(attempt.collected), "training": attempt.training, "ended": attempt.ended,
        "history": [[s.text, f"{s.rng.state:x}", list(s.collected), s.bowl, s.last] for s in attempt.history],
        "redo": list(attempt.redo_bowls), "last": attempt.last, "extra": extra,
    }
    if edition is not None:
        data["edition"] = edition
    return json.dumps({"schema": 1, "game": "bowls", "kind": "run", "data": data},
                      separators=(",", ":"), sort_keys=True)


@pytest.fixture(name="v1_save")
def v1_save_fixture() -> Callable[..., str]:
    return v1_save
