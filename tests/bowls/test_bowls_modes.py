"""Endless and Daily starts and ends (W19, W20), undo/redo and training (W21), forecast (W23)."""

from __future__ import annotations

import pytest
from club.bowls.attempt import Attempt
from club.bowls.notation import parse, print_position
from club.bowls.refill import build_start
from club.bowls.views import forecast
from club.rng import Rng, seed_from_text


@pytest.mark.parametrize("seed", range(40))
def test_endless_start(seed: int) -> None:  # W19: 36 stones, 3 per bowl, none three of a colour
    position = Attempt.start("endless", seed=seed).position
    assert [len(q) for q in position.bowls] == [3] * 12
    assert all(set(q) <= set("RGBYP") and len(set(q)) > 1 for q in position.bowls)
    assert (position.score, position.moves) == (0, 0)


def test_daily_start_is_seeded_by_its_date() -> None:  # W20
    a = Attempt.start("daily", seed=1, date="2026-11-29")
    b = Attempt.start("daily", seed=2, date="2026-11-29")
    c = Attempt.start("daily", date="2026-11-30")
    assert a.position == b.position != c.position
    assert a.position == build_start(Rng.from_seed(seed_from_text("2026-11-29")))[0]


def test_daily_refills_except_after_the_20th() -> None:  # W20, W16
    start = "RGB/-/-/-/-/-/-/-/-/-/-/- 0 {}"
    at_19 = Attempt.start("daily", date="2026-01-01", position=parse(start.format(18)))
    at_19.play(0)
    assert at_19.position.stones() == 5 and at_19.status() is None  # 3 sown + 2 refilled
    at_20 = Attempt.start("daily", date="2026-01-01", position=parse(start.format(19)))
    rng = at_20.rng
    assert at_20.play(0).accepted
    assert at_20.position.stones() == 3 and at_20.rng == rng  # no refill, no draw
    assert at_20.status() == "limit" and at_20.play(1).reason == "over"


def test_endless_refills_and_ends_only_on_overflow_or_stuck() -> None:  # W19
    a = Attempt.start("endless", position=parse("RGB/-/-/-/-/-/-/-/-/-/-/- 0 500"))
    assert a.play(0).accepted and a.position.stones() == 5 and a.status() is None
    stuck = Attempt.start("endless", position=parse("-/-/-/-/-/-/-/-/-/-/-/R[i] 0 3"))
    assert stuck.status() == "stuck" and stuck.play(11).reason == "over"


def test_end_attempt_is_final() -> None:  # W19
    a = Attempt.start("endless", seed=3)
    assert a.end().accepted and a.status() == "ended"
    assert a.play(0).reason == "over" and a.undo().reason == "over" and not a.end().accepted


def test_undo_restores_everything_and_marks_training() -> None:  # W21
    a = Attempt.start("endless", seed=11)
    before = (a.position, a.rng, a.collected)
    first = a.play(a.choosable()[0])
    after = (a.position, a.rng, a.collected)
    assert first.accepted and after != before and not a.training
    assert a.undo().accepted and (a.position, a.rng, a.collected) == before and a.training
    assert a.redo().accepted and (a.position, a.rng, a.collected) == after  # same refill
    assert a.training  # redo does not clear the mark; only a new attempt starts unmarked
    assert not Attempt.start("endless", seed=11).training


def test_new_move_clears_redo() -> None:  # W21
    a = Attempt.start("endless", seed=12)
    a.play(a.choosable()[0])
    a.play(a.choosable()[0])
    a.undo()
    a.undo()
    assert len(a.redo_bowls) == 2
    a.play(a.choosable()[-1])
    assert a.redo_bowls == [] and a.redo().reason == "nothing-to-redo"


def test_undo_after_overflow_goes_back_as_training() -> None:  # W12, W21
    a = Attempt.start("endless", position=parse("G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"))
    assert a.play(0).accepted and a.status() == "overflow"
    assert a.undo().accepted and a.status() is None and a.training


def test_free_mode_undo_is_plain_help() -> None:  # W21 (puzzles and free play)
    a = Attempt.start("free", position=parse("RG/-/-/-/-/-/-/-/-/-/-/- 0 0"))
    a.play(0)
    assert a.undo().accepted and not a.training
    assert a.undo().reason == "nothing-to-undo"


# W23: the forecast of the player phase only: (position, bowl, matching, multiplier, points, overflow)
FORECASTS = [
    ("-/RGG/RR/YPRBP[v]/PYBRY[v]/-/-/BB/-/-/-/- 0 0", 1, [2, 7], 2, 140, False),
    ("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", 5, [6, 7, 8], 3, 270, False),
    ("-/-/-/-/-/-/-/-/-/-/P/PP 0 0", 10, [11], 1, 130, False),
    ("-/-/-/G/RGBYPRB/-/-/-/-/-/-/- 10 1", 3, [], 0, 0, True),
    ("RG/RR/RGBYPRB/-/-/-/-/-/-/-/-/- 0 0", 0, [1], 1, 0, True),
    ("R/RGB/-/-/-/-/-/-/-/-/-/- 0 0", 0, [], 0, 0, False),
]


@pytest.mark.parametrize(("position", "bowl", "matching", "mult", "points", "overflow"), FORECASTS)
def test_forecast(position: str, bowl: int, matching: list[int], mult: int, points: int,
                  overflow: bool) -> None:
    pos = parse(position)
    got = forecast(pos, bowl)
    assert (got["matching"], got["multiplier"], got["points"], got["overflow"]) == (
        matching, mult, points, overflow)
    assert print_position(pos) == position  # the forecast changes nothing


def test_forecast_never_reveals_the_refill() -> None:  # W23
    a = Attempt.start("endless", seed=4)
    bowl = a.choosable()[0]
    rng = a.rng
    shown = forecast(a.position, bowl)
    assert a.rng == rng and set(shown) == {
        "bowl", "matching", "combo", "multiplier", "points", "perfect", "overflow", "overflow_bowls", "landing"}


def test_undo_keeps_the_last_hundred_moves() -> None:  # W21 (depth is our decision)
    a = Attempt.start("free", position=parse("R/-/-/-/-/-/-/-/-/-/-/- 0 0"))
    for move in range(105):
        assert a.play(move % 12).accepted
    undone = 0
    while a.undo().accepted:
        undone += 1
    assert undone == 100 and a.position.moves == 5
