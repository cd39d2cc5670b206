"""Runs saved before the W17 amendment are never lost (W17, W25).

An Endless attempt played under the first edition (one event roll per move)
past its 48th move has an undo line that today's rules no longer replay. Such
a save loads: position, PRNG and score intact, undo line and last-move record
dropped. A save of today's edition whose line does not replay is still refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from copy import deepcopy

import pytest
from club.bowls import refill, saves
from club.bowls.attempt import Attempt
from club.errors import NotationError


def safe_bowl(attempt: Attempt) -> int:
    """A bowl whose move does not end the attempt (the first choosable one otherwise)."""
    for bowl in attempt.choosable():
        trial = deepcopy(attempt)
        trial.play(bowl)
        if trial.status() is None:
            return bowl
    return attempt.choosable()[0]


def first_edition_save(monkeypatch: pytest.MonkeyPatch, v1_save: Callable[..., str],
                       moves: int) -> tuple[str, Attempt]:
    """An Endless attempt of ``moves`` moves played with one event roll, saved as before (no edition)."""
    with monkeypatch.context() as patch:
        patch.setattr(refill, "event_rolls", lambda n: 0 if n < refill.EVENTS_FROM else 1)
        attempt = Attempt.start("endless", seed=1)
        while attempt.position.moves < moves:
            assert attempt.play(safe_bowl(attempt)).accepted
    return v1_save(attempt, edition=None), attempt


@pytest.mark.parametrize("moves", [30, 70])
def test_a_first_edition_run_loads(monkeypatch: pytest.MonkeyPatch, v1_save: Callable[..., str], moves: int) -> None:
    text, played = first_edition_save(monkeypatch, v1_save, moves)
    loaded = saves.load(text)
    assert (loaded.position, loaded.rng, loaded.collected) == (played.position, played.rng, played.collected)
    replays = moves < 49  # one roll and the amended ramp agree up to move 48
    assert (len(loaded.history) == len(played.history)) is replays
    assert (loaded.last == played.last) is replays
    assert loaded.status() is None and loaded.play(safe_bowl(loaded)).accepted


def test_todays_edition_with_a_line_that_does_not_replay_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                                    v1_save: Callable[..., str]) -> None:
    text, _ = first_edition_save(monkeypatch, v1_save, 70)
    envelope = json.loads(text)
    envelope["data"]["edition"] = 2
    with pytest.raises(NotationError) as refused:
        saves.load(json.dumps(envelope))
    assert refused.value.field in ("history", "last")


@pytest.mark.parametrize("edition", [0, 3, True, "2"])
def test_unknown_editions_are_refused(monkeypatch: pytest.MonkeyPatch, v1_save: Callable[..., str],
                                      edition: object) -> None:
    text, _ = first_edition_save(monkeypatch, v1_save, 5)
    envelope = json.loads(text)
    envelope["data"]["edition"] = edition
    with pytest.raises(NotationError) as refused:
        saves.load(json.dumps(envelope))
    assert refused.value.field == "edition"
