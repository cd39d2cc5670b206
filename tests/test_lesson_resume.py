"""A lesson shown again in place (a language switch re-mounts its route) goes on from the position the page
kept in the lesson's store: every game's lesson position, and the position after its first step's action,
saves and loads again as it was (web/kit/mount.js loads it instead of starting the lesson over)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from club.blocks.pieces import CELLS


def _blocks(s: Any) -> dict:
    slot = next(t for t in s.view({})["tray"] if t["fits"])
    return s.place({"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])})


ACTIONS = {  # the game: its lesson's first step done (B19, D5, M5, W5)
    "blocks": _blocks,
    "domino": lambda s: s.move({"move": "left"}),
    "merge": lambda s: s.place({"cell": s.view({})["legal"][0]}),
    "bowls": lambda s: s.sow({"bowl": 0}),
}


@pytest.mark.parametrize("game", ACTIONS)
def test_a_lesson_position_comes_back_from_its_save(game: str) -> None:
    session_of = importlib.import_module(f"club.{game}.api").Session
    lesson = session_of()
    start = lesson.lesson({})
    assert session_of().load({"save": lesson.save({})}) == start
    answer = ACTIONS[game](lesson)
    assert answer["accepted"], answer["reason"]
    again = session_of()
    assert again.load({"save": answer["save"]}) == answer["view"] != start
