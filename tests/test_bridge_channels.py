"""A game's sessions beside the player's run (the first lesson runs in
``<game>/lesson``, so the run in play is never touched)."""

import json

import pytest
from club import GAMES
from club.bridge import Bridge


def answer(bridge: Bridge, game: object, method: str, payload: object = None) -> dict:
    return json.loads(bridge.call(game, method, json.dumps(payload or {})))


@pytest.mark.parametrize(
    "name",
    ["blocks/", "blocks/nope", "nope/lesson", "/lesson", "blocks/lesson/x", "blocks//lesson", "BLOCKS/lesson", "blocks lesson"],
)
def test_unknown_session_names_are_refused(name: str) -> None:
    reply = answer(Bridge(), name, "view")
    assert reply["ok"] is False and reply["error"]["field"] == "game"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_lesson_leaves_the_run_alone(game: str) -> None:
    bridge = Bridge()
    answer(bridge, game, "new", {"seed": 12345})
    run_before = answer(bridge, game, "save")["result"]
    lesson = answer(bridge, f"{game}/lesson", "lesson")
    assert lesson["ok"] is True, lesson
    assert answer(bridge, game, "save")["result"] == run_before
    # The lesson is the same real position every time, and it is a save like any other.
    again = answer(Bridge(), f"{game}/lesson", "lesson")["result"]
    assert again == lesson["result"]
    lesson_save = answer(bridge, f"{game}/lesson", "save")["result"]
    assert lesson_save != run_before
    assert answer(Bridge(), game, "load", {"save": lesson_save})["ok"] is True


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hooks_stay_out_of_reach(game: str) -> None:
    reply = answer(Bridge(), f"{game}/lesson", "lesson_state")
    assert reply["ok"] is False and reply["error"]["field"] == "method"
