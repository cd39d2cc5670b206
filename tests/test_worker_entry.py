"""The engine worker's entry point (py/main.py): ``reset`` starts every session anew, as
after a boot, for the page's restart in place (web/app.js)."""

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from club import GAMES

MAIN = Path(__file__).resolve().parent.parent / "py" / "main.py"


def worker_entry() -> ModuleType:
    """py/main.py loaded as the worker loads it: a module of its own, with its own bridge."""
    spec = importlib.util.spec_from_file_location("worker_main", MAIN)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def result(entry: ModuleType, game: str, method: str, payload: object = None) -> object:
    answer = json.loads(entry.call(game, method, json.dumps(payload or {})))
    assert answer["ok"], answer
    return answer["result"]


def test_reset_is_exported_to_the_page() -> None:
    assert "reset" in worker_entry().__export__


@pytest.mark.parametrize("game", sorted(GAMES))
def test_after_reset_a_session_is_as_after_a_boot(game: str) -> None:
    played, booted = worker_entry(), worker_entry()
    result(played, game, "new", {"seed": 4242})
    result(played, f"{game}/lesson", "lesson")
    assert result(played, game, "save") != result(booted, game, "save")  # the run in play is the seeded one
    played.reset()
    for session in (game, f"{game}/lesson"):
        assert result(played, session, "save") == result(booted, session, "save"), session
