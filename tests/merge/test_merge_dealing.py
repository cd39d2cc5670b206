"""M3 dealing (amended: weight stages) and M4/M15 round basics: frequencies over long seeded sequences.

The tolerances are about five standard deviations of the sample sizes used,
so a wrong weight or chance fails while the (fixed-seed) runs never flake.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest
from club.hexgrid import Hex
from club.merge.pieces import JOKER_PIECE, deal, stage
from club.merge.rules import new_round, place
from club.rng import Rng

DRAWS = 60_000


def dealt(jokers: bool, seed: int = 2026) -> list[tuple[int, ...]]:
    rng, previous, pieces = Rng.from_seed(seed), None, []
    for _ in range(DRAWS):
        previous, rng = deal(rng, jokers, previous)
        pieces.append(previous)
    return pieces


def test_joker_chance_is_one_in_25_and_never_twice_in_a_row() -> None:  # M3
    pieces = dealt(jokers=True)
    after_other = [b for a, b in pairwise(pieces) if a != JOKER_PIECE]
    after_joker = [b for a, b in pairwise(pieces) if a == JOKER_PIECE]
    rate = sum(p == JOKER_PIECE for p in after_other) / len(after_other)
    assert abs(rate - 1 / 25) < 0.004
    assert after_joker and JOKER_PIECE not in after_joker


def test_no_joker_when_jokers_are_off() -> None:  # M3, M14
    assert JOKER_PIECE not in dealt(jokers=False)


def test_single_or_pair_with_equal_chance() -> None:  # M3
    sizes = Counter(len(p) for p in dealt(jokers=False))
    assert set(sizes) == {1, 2}
    assert abs(sizes[1] / DRAWS - 0.5) < 0.011


def test_stones_2_4_8_weighted_3_2_1() -> None:  # M3
    stones = Counter(s for p in dealt(jokers=True) if p != JOKER_PIECE for s in p)
    total = sum(stones.values())
    assert set(stones) == {2, 4, 8}
    for stone, share in ((2, 3 / 6), (4, 2 / 6), (8, 1 / 6)):
        assert abs(stones[stone] / total - share) < 0.01


def test_a_joker_is_never_followed_by_a_joker_from_any_state() -> None:  # M3
    assert all(deal(Rng.from_seed(seed), True, JOKER_PIECE)[0] != JOKER_PIECE for seed in range(3000))


def test_fresh_round_is_seeded_and_starts_at_turn_0() -> None:  # M3, M4
    a, b = new_round(11), new_round(11)
    assert a == b and a.turn == 0 and a.moves == 0 and a.score == 0 and a.highest == 0
    assert len({(new_round(seed).current, new_round(seed).next) for seed in range(40)}) > 5


# M3 amended: (move counter of the position the placement is made in, stage), by hand from the spec.
STAGE_TABLE = [
    (0, 0), (59, 0), (60, 0), (61, 0), (119, 0), (120, 1), (121, 1), (179, 1), (180, 2),
    (239, 2), (240, 3), (299, 3), (300, 4), (301, 4), (1000, 4), (10**9, 4),
]
WEIGHTS_TABLE = [(0, (3, 2, 1)), (1, (2, 2, 1)), (2, (2, 2, 2)), (3, (1, 2, 2)), (4, (1, 1, 2))]


@pytest.mark.parametrize(("moves", "expected"), STAGE_TABLE)
def test_m3_stage_of_the_move_counter(moves: int, expected: int) -> None:
    assert stage(moves) == expected


@pytest.mark.parametrize(("moves", "expected"), STAGE_TABLE)
def test_m3_a_placement_deals_with_the_stage_of_the_counter_before_it(moves: int, expected: int) -> None:
    for seed in range(40):
        state = replace(new_round(seed), moves=moves)
        done = place(state, Hex(0, 0))
        assert done.accepted
        assert done.state.next == deal(state.rng, True, state.next, expected)[0]


@pytest.mark.parametrize(("weights_stage", "weights"), WEIGHTS_TABLE)
def test_m3_stone_shares_follow_the_stage_weights(weights_stage: int, weights: tuple[int, int, int]) -> None:
    rng, previous, stones = Rng.from_seed(77 + weights_stage), None, Counter()
    for _ in range(20_000):
        previous, rng = deal(rng, True, previous, weights_stage)
        stones.update(s for s in previous if s != JOKER_PIECE[0])
    total = sum(stones.values())
    for stone, weight in zip((2, 4, 8), weights, strict=True):
        assert abs(stones[stone] / total - weight / sum(weights)) < 0.015


def test_m3_a_fresh_round_deals_both_pieces_at_stage_0() -> None:
    for seed in range(30):
        rng = Rng.from_seed(seed)
        current, rng = deal(rng, True, None, 0)
        upcoming, _ = deal(rng, True, current, 0)
        fresh = new_round(seed)
        assert (fresh.current, fresh.next) == (current, upcoming)


def test_m3_stages_change_the_dealing_only_from_move_120() -> None:
    """Stage 0 is the first edition: the 120th placement (counter 119) still deals 3:2:1."""
    differs = 0
    for seed in range(60):
        base = new_round(seed)
        early = place(replace(base, moves=119), Hex(0, 0)).state.next
        assert early == place(replace(base, moves=0), Hex(0, 0)).state.next
        differs += early != place(replace(base, moves=300), Hex(0, 0)).state.next
    assert differs > 10
