"""Hypothesis properties: conservation of stones, capacity after safe moves,
undo then redo, replay from seed and moves, save -> load -> same state and same future,
notation round trip, forecast = the player phase."""

from __future__ import annotations

from typing import Any

from club.bowls import saves
from club.bowls.attempt import Attempt
from club.bowls.notation import parse, print_position
from club.bowls.position import CAPACITY, RING, Position, choosable
from club.bowls.rules import sow
from club.bowls.views import forecast
from hypothesis import given, settings
from hypothesis import strategies as st

seeds = st.integers(0, 2**64 - 1)
picks = st.lists(st.integers(0, 1000), max_size=30)
modes = st.sampled_from(["endless", "daily"])


def removed_by(events: list[dict[str, Any]]) -> int:
    matched = sum(e["stones"] + e["jokers"] for e in events if e["type"] == "match")
    return matched + sum(e["count"] for e in events if e["type"] == "blockers")


def refilled_by(events: list[dict[str, Any]]) -> int:
    return sum(1 for e in events if e["type"] == "refill")


def play_out(attempt: Attempt, moves: list[int]) -> list[tuple[int, list[dict[str, Any]], Position]]:
    """Play each pick as the pick-th choosable bowl until the attempt ends.

    Returns, per move, the stones before, the events and the position after.
    """
    played = []
    for pick in moves:
        options = attempt.choosable()
        if not options:
            break
        before = attempt.position.stones()
        result = attempt.play(options[pick % len(options)])
        assert result.accepted
        played.append((before, result.events, attempt.position))
    return played


@settings(max_examples=60, deadline=None)
@given(mode=modes, seed=seeds, moves=picks)
def test_stones_are_conserved(mode: str, seed: int, moves: list[int]) -> None:
    attempt = Attempt.start(mode, seed=seed, date="2026-11-29")
    for before, events, after in play_out(attempt, moves):
        assert after.stones() == before + refilled_by(events) - removed_by(events)
        if not after.lost():  # W1, W12: a safe move leaves at most 7 per bowl
            assert max(len(q) for q in after.bowls) <= CAPACITY


@settings(max_examples=60, deadline=None)
@given(mode=modes, seed=seeds, moves=picks)
def test_undo_then_redo_is_identical(mode: str, seed: int, moves: list[int]) -> None:  # W21
    attempt = Attempt.start(mode, seed=seed, date="2026-01-31")
    play_out(attempt, moves)
    state = (attempt.position, attempt.rng, attempt.collected, attempt.last)
    if not attempt.history or (mode == "daily" and attempt.status()):  # a finished Daily is final
        assert not attempt.undo().accepted
        assert (attempt.position, attempt.rng, attempt.collected, attempt.last) == state
        return
    assert attempt.undo().accepted
    assert attempt.redo().accepted
    assert (attempt.position, attempt.rng, attempt.collected, attempt.last) == state


@settings(max_examples=40, deadline=None)
@given(mode=modes, seed=seeds, moves=picks, more=picks)
def test_replay_and_save_load_give_the_same_future(mode: str, seed: int, moves: list[int],
                                                   more: list[int]) -> None:  # W21, W25
    one = Attempt.start(mode, seed=seed, date="2025-02-28")
    two = Attempt.start(mode, seed=seed, date="2025-02-28")
    play_out(one, moves)
    play_out(two, moves)
    assert (one.position, one.rng) == (two.position, two.rng)
    three = saves.load(saves.dump(one))
    assert saves.dump(three) == saves.dump(one)
    play_out(one, more)
    play_out(three, more)
    assert saves.dump(three) == saves.dump(one)


stone = st.sampled_from("RGBYPJX")
queue = st.text(alphabet="RGBYPJX", max_size=CAPACITY)
count = st.sampled_from([0, 0, 0, 0, -1, 1, 2, 5])
mods = st.tuples(count, count, count)
positions = st.builds(
    lambda qs, ms, score, moves: Position(tuple(qs), tuple(ms), score, moves),
    st.lists(queue, min_size=RING, max_size=RING),
    st.lists(mods, min_size=RING, max_size=RING),
    st.integers(0, 10**6),
    st.integers(0, 10**4),
)


@settings(max_examples=300, deadline=None)
@given(position=positions)
def test_notation_round_trip(position: Position) -> None:  # W26
    text = print_position(position)
    assert parse(text) == position and print_position(parse(text)) == text


@settings(max_examples=300, deadline=None)
@given(position=positions, pick=st.integers(0, 100))
def test_any_position_conserves_and_forecast_matches(position: Position, pick: int) -> None:
    options = choosable(position)
    if not options:
        return
    bowl = options[pick % len(options)]
    shown = forecast(position, bowl)
    out = sow(position, bowl, log=True)
    assert out.events is not None
    assert out.position.stones() == position.stones() - removed_by(out.events)
    assert shown["matching"] == list(out.matching)  # W23: the forecast is the player phase
    assert shown["overflow"] == (out.overflow == "player")
    assert shown["points"] == out.points
    if out.overflow is None:
        assert max(len(q) for q in out.position.bowls) <= CAPACITY
        assert out.position.moves == position.moves + 1
    else:
        assert (out.position.score, out.position.moves) == (position.score, position.moves)
