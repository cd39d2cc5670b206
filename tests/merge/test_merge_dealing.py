"""M3 dealing and M4/M15 round basics: frequencies over long seeded sequences.

The tolerances are about five standard deviations of the sample sizes used,
so a wrong weight or chance fails while the (fixed-seed) runs never flake.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from club.merge.game import new_round
from club.merge.pieces import JOKER_PIECE, deal
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
