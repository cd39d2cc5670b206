"""Hex Merge rules M1-M17 as vector-style cases, run through the conformance runner.

Boards are written with ``board_from_cells`` ("Q:R=V ...", everything else
empty). Every expectation was worked out by hand from spec/merge.md; the
``why`` of each case says how.
"""

from __future__ import annotations

from typing import Any

import pytest
from club.conformance import run_case
from club.merge import conform
from club.merge.notation import board_from_cells as B

EMPTY = B("")


def colour(q: int, r: int) -> int:
    """2/4/8 by (q - r) mod 3: no two neighbours are equal (as in the public over vector)."""
    return (2, 4, 8)[(q - r) % 3]


def full_except(*holes: str) -> str:
    """A group-free full board with the given cells empty."""
    from club.merge.board import CELLS

    return B(" ".join(f"{c}={colour(c.q, c.r)}" for c in CELLS if str(c) not in holes))


def case(rule: str, name: str, position: str, actions: list[str], why: str = "", **expect: Any) -> Any:
    vector = {"rule": rule, "position": position, "actions": actions, "expect": expect, "why": why}
    return pytest.param(vector, id=f"{rule}-{name}")


CASES = [
    # --- M1 / M16: the board and its text -------------------------------------------------
    case("M16", "round-trip-jokers-and-big-numbers",
         f"{B('0:-3=1024 1:-3=* -3:3=131072 0:0=2 1:0=4')} * 8-8 99 12", [],
         board=B("0:-3=1024 1:-3=* -3:3=131072 0:0=2 1:0=4"), current="*", next="8-8",
         score=99, moves=12, highest=131072),
    case("M16", "highest-is-0-on-an-empty-board", f"{EMPTY} 2 2 0 0", [], highest=0, over=False),
    case("M16", "highest-ignores-jokers", f"{B('0:0=*')} 2 2 0 0", [], highest=0),
    case("M16", "too-few-rows", ".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. 2 2 0 0", [],
         error="board"),
    case("M16", "row-too-long", ".,.,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 2 2 0 0",
         [], error="board"),
    case("M16", "number-1-is-not-allowed", f"{EMPTY.replace('.', '1', 1)} 2 2 0 0", [], error="board"),
    case("M16", "leading-zero", f"{EMPTY.replace('.', '02', 1)} 2 2 0 0", [], error="board"),
    case("M16", "negative-number", f"{EMPTY.replace('.', '-2', 1)} 2 2 0 0", [], error="board"),
    case("M16", "six-is-no-power-of-two", f"{EMPTY.replace('.', '6', 1)} 2 2 0 0", [], error="board"),
    case("M16", "empty-cell-token", f"{EMPTY.replace('.', '', 1)} 2 2 0 0", [], error="board"),
    case("M16", "standing-group-of-three-2s", f"{B('-1:0=2 0:0=2 1:0=2')} 2 2 0 0", [], error="board"),
    case("M16", "standing-bent-group", f"{B('0:0=4 1:0=4 1:1=4')} 2 2 0 0", [], error="board"),
    case("M16", "standing-joker-group", f"{B('-1:0=2 0:0=* 1:0=2')} 2 2 0 0", [], error="board"),
    case("M16", "standing-8-with-two-jokers", f"{B('-1:0=8 0:0=* 1:0=*')} 2 2 0 0", [], error="board"),
    case("M16", "standing-pure-joker-group", f"{B('-1:0=* 0:0=* 0:1=*')} 2 2 0 0", [], error="board"),
    case("M16", "two-pairs-apart-are-fine", f"{B('-3:0=2 -2:0=2 0:0=2 1:0=2')} 2 2 0 0", [], over=False),
    case("M16", "joker-in-a-pair-is-corrupt", f"{EMPTY} *-2 2 0 0", [], error="current"),
    case("M16", "pair-with-joker-partner", f"{EMPTY} 2 4-* 0 0", [], error="next"),
    case("M16", "piece-stone-16", f"{EMPTY} 16 2 0 0", [], error="current"),
    case("M16", "three-stone-piece", f"{EMPTY} 2 2-2-2 0 0", [], error="next"),
    case("M16", "dangling-dash", f"{EMPTY} 2- 2 0 0", [], error="current"),
    case("M16", "negative-score", f"{EMPTY} 2 2 -1 0", [], error="score"),
    case("M16", "moves-leading-zero", f"{EMPTY} 2 2 0 07", [], error="moves"),
    case("M16", "four-fields", f"{EMPTY} 2 2 0", [], error="position"),
    case("M16", "double-space", f"{EMPTY}  2 2 0 0", [], error="position"),
    # --- M4 / M5: placing and turning ------------------------------------------------------
    *[case("M5", f"turn-{k}-partner-{partner}", f"{EMPTY} 4-8 2 0 0", [f"place 0:0@{k}"],
           board=B(f"0:0=4 {partner}=8"), moves=1, highest=8, current="2", turn=k)
      for k, partner in enumerate(("1:0", "0:1", "-1:1", "-1:0", "0:-1", "1:-1"))],
    case("M4", "turn-is-0-after-loading", f"{EMPTY} 4-8 2 0 0", ["place 0:0"], board=B("0:0=4 1:0=8"), turn=0),
    case("M4", "turn-kept-for-the-next-pair", f"{EMPTY} 4-8 2-4 0 0", ["place 0:0@2", "place 2:-2"],
         board=B("0:0=4 -1:1=8 2:-2=2 1:-1=4"), moves=2, turn=2, points=0,
         why="second pair in the kept turn 2 (SW): anchor 2 on 2:-2, partner 4 on 1:-1"),
    case("M5", "single-on-an-edge-cell", f"{EMPTY} 8 2 0 0", ["place -3:3"], board=B("-3:3=8")),
    case("M5", "anchor-off-board", f"{EMPTY} 2 2 0 0", ["place 4:0"], refused=True, reason="off-board",
         moves=0, points=0),
    case("M5", "anchor-off-board-below", f"{EMPTY} 2-2 2 0 0", ["place 0:4@0"], refused=True,
         reason="off-board"),
    case("M5", "anchor-occupied", f"{B('0:0=8')} 2-4 2 0 0", ["place 0:0@3"], refused=True, reason="occupied"),
    case("M5", "partner-occupied", f"{B('0:1=8')} 2-4 2 0 0", ["place 0:0@1"], refused=True, reason="occupied"),
    case("M5", "refused-turn-is-not-kept", f"{B('0:1=8')} 2-4 2 0 0", ["place 0:0@1"], refused=True, turn=0),
    # --- M17: the action grammar and the order of reasons ----------------------------------
    case("M17", "at-k-with-a-single", f"{EMPTY} 2 2 0 0", ["place 0:0@1"], refused=True, reason="bad-action"),
    case("M17", "at-k-with-a-joker", f"{EMPTY} * 2 0 0", ["place 0:0@0"], refused=True, reason="bad-action"),
    case("M17", "turn-6", f"{EMPTY} 2-2 2 0 0", ["place 0:0@6"], refused=True, reason="bad-action"),
    case("M17", "negative-turn", f"{EMPTY} 2-2 2 0 0", ["place 0:0@-1"], refused=True, reason="bad-action"),
    case("M17", "empty-turn", f"{EMPTY} 2-2 2 0 0", ["place 0:0@"], refused=True, reason="bad-action"),
    case("M17", "no-cell", f"{EMPTY} 2 2 0 0", ["place"], refused=True, reason="bad-action"),
    case("M17", "comma-cell", f"{EMPTY} 2 2 0 0", ["place 0,0"], refused=True, reason="bad-action"),
    case("M17", "unknown-verb", f"{EMPTY} 2 2 0 0", ["drop 0:0"], refused=True, reason="bad-action"),
    case("M17", "bad-action-before-over", f"{full_except()} 2 2 0 37", ["place 0:0@1"], refused=True,
         reason="bad-action"),
    case("M17", "over-before-off-board", f"{full_except()} 2 2 0 37", ["place 9:9"], refused=True,
         reason="over"),
    case("M17", "over-before-occupied", f"{full_except()} 2-2 2 0 37", ["place 0:0@2"], refused=True,
         reason="over"),
    case("M17", "off-board-before-occupied", f"{B('3:0=2')} 4-8 2 0 0", ["place 3:0@0"], refused=True,
         reason="off-board", why="anchor 3:0 occupied, partner 4:0 off the board"),
    # --- M6: game over over all six turns ---------------------------------------------------
    case("M6", "pair-fits-in-another-turn", f"{full_except('0:0', '0:1')} 2-8 4 0 35", [], over=False),
    case("M6", "pair-refused-in-kept-turn", f"{full_except('0:0', '0:1')} 2-8 4 0 35", ["place 0:0"],
         refused=True, reason="occupied"),
    case("M6", "last-two-cells-then-over", f"{full_except('0:0', '0:1')} 2-8 4 0 35", ["place 0:0@1"],
         board=full_except(), over=True, moves=36, points=0,
         why="2 and 8 are the colours of 0:0 and 0:1: no merge, full board, next 4 fits nowhere"),
    case("M6", "pair-with-two-apart-holes", f"{full_except('0:0', '2:0')} 2-2 4 0 35", [], over=True),
    case("M6", "single-with-two-apart-holes", f"{full_except('0:0', '2:0')} 2 4 0 35", [], over=False),
    case("M6", "joker-with-one-hole", f"{full_except('-3:3')} * 4 0 36", [], over=False),
    case("M6", "over-judged-on-the-new-current", f"{full_except('0:0', '0:1', '3:0')} 8 4-4 0 34", ["place 0:1"],
         over=True, current="4-4", moves=35,
         why="8 is 0:1's colour: no merge; the holes left, 0:0 and 3:0, are not neighbours"),
    case("M6", "new-current-still-fits", f"{full_except('0:0', '0:1', '3:0')} 2 4-4 0 34", ["place 3:0"],
         over=False, current="4-4", why="2 is 3:0's colour; 0:0 and 0:1 stay free for the pair"),
    # --- M7: groups ---------------------------------------------------------------------------
    case("M7", "bent-shape-merges", f"{B('1:0=2 1:1=2')} 2 8 0 2", ["place 0:0"],
         board=B("0:0=4"), points=6, groups=1, chain=1, why="0:0-1:0 E, 1:0-1:1 SE: any connected shape"),
    case("M7", "triangle-merges", f"{B('1:0=2 0:1=2')} 2 8 0 2", ["place 0:0"], board=B("0:0=4"), points=6),
    case("M7", "gap-does-not-join", f"{B('-1:0=2 2:0=2')} 2 8 0 2", ["place 0:0"],
         board=B("-1:0=2 0:0=2 2:0=2"), points=0, groups=0, chain=0),
    case("M7", "distance-two-is-no-contact", f"{B('1:1=2 -1:-1=2')} 2 8 0 2", ["place 0:0"],
         board=B("1:1=2 -1:-1=2 0:0=2"), points=0, groups=0,
         why="1:1 and -1:-1 look diagonal to 0:0 but share no edge with it"),
    case("M7", "different-values-do-not-merge", f"{B('-1:0=2 1:0=2')} 4 8 0 2", ["place 0:0"],
         board=B("-1:0=2 0:0=4 1:0=2"), points=0, chain=0),
    case("M7", "lone-joker-and-one-2", f"{B('1:0=2')} * 8 0 1", ["place 0:0"], board=B("0:0=* 1:0=2"),
         points=0, groups=0, highest=2),
    case("M7", "8-and-two-jokers-make-16-for-48", f"{B('-1:0=8 1:0=*')} * 2 0 2", ["place 0:0"],
         board=B("-1:0=16"), points=48, score=48, groups=1, chain=1, highest=16,
         why="3*8*1 doubled once (two jokers); target: the only number cell -1:0"),
    case("M7", "three-jokers-and-a-lone-4-make-64", f"{B('0:-1=4 -1:0=* 1:0=*')} * 2 0 3", ["place 0:0"],
         board=B("0:-1=8"), points=64, groups=1, chain=1, highest=8,
         why="4-group {0:-1,-1:0,0:0,1:0}: 4*4*2 doubled = 64, not a pure joker group (that would be 12)"),
    case("M7", "jokers-touching-a-2-are-not-pure", f"{B('-1:0=* 0:0=* 2:0=2')} * 2 0 3", ["place 1:0"],
         board=B("2:0=4"), points=32, groups=1,
         why="2-group of 4 cells with jokers: 4*2*2 doubled = 32; the 4 lands on the number cell 2:0"),
    case("M7", "joker-joins-two-values-at-once", f"{B('-2:0=2 -1:0=2 1:0=4 2:0=4')} * 2 0 4", ["place 0:0"],
         board=B("-1:0=4 1:0=8"), points=36, groups=2, chain=1, highest=8,
         why="2-group 12 + 4-group 24, the joker counted and doubling in both, removed once; "
             "each result on its own number cell nearest the joker"),
    case("M7", "pure-joker-group-of-four", f"{B('-1:0=* 0:0=* 2:0=*')} * 2 0 3", ["place 1:0"],
         board=B("1:0=4"), points=32, groups=1, highest=4, why="4 jokers as 2s: 4*2*2 doubled = 32, 4 on 1:0"),
    # --- M8: all groups of a step at once, chains ----------------------------------------------
    case("M8", "pair-makes-two-groups-in-one-step", f"{B('-2:0=2 -1:0=2 2:0=4 3:0=4')} 2-4 2 0 4",
         ["place 0:0@0"], board=B("0:0=4 1:0=8"), points=18, groups=2, chain=1, highest=8,
         why="2-group 6 on the anchor 0:0, 4-group 12 on the partner 1:0"),
    case("M8", "three-step-chain", f"{B('-2:0=2 -1:0=2 2:0=4 3:0=4 0:-1=4 0:-2=4 1:-1=8')} 2-4 2 0 7",
         ["place 0:0@0"], board=B("1:0=16"), points=54, score=54, groups=4, chain=3, highest=16,
         why="step 1: 6 (4 on 0:0) + 12 (8 on 1:0); step 2: 4s 0:0 0:-1 0:-2 -> 12, 8 on 0:0; "
             "step 3: 8s 1:0 1:-1 0:0 -> 24; 16 on 1:0, the 8 set in step 1 (before 0:0's 8)"),
    case("M8", "chain-step-with-an-old-joker", f"{B('-2:0=2 -1:0=2 1:-1=4 2:-2=*')} 2 8 0 4", ["place 0:0"],
         board=B("0:0=8"), points=30, groups=2, chain=2, highest=8,
         why="step 1: 2s -> 6, 4 on 0:0; step 2: 4 + 4 on 1:-1 + joker 2:-2 -> 3*4 doubled 24; "
             "the result is the number cell set in this move, so the 8 lands on 0:0"),
    # --- M9: target cells ------------------------------------------------------------------------
    case("M9", "anchor-set-before-partner", f"{B('-2:0=2')} 2-2 8 0 1", ["place 0:0@3"],
         board=B("0:0=4"), points=6, why="partner on -1:0 is earlier in reading order, the anchor was set first"),
    case("M9", "joker-group-uses-the-set-number", f"{B('0:0=* 1:0=2')} 2 8 0 2", ["place 2:0"],
         board=B("2:0=4"), points=12, why="the set 2 on 2:0 wins over 1:0, which is nearer the joker"),
    case("M9", "nearest-to-the-set-joker", f"{B('1:-2=2 1:-1=2')} * 8 0 2", ["place 0:0"],
         board=B("1:-1=4"), points=12, why="1:-1 at distance 1 beats 1:-2 (distance 2, earlier in reading order)"),
    case("M9", "tie-broken-by-reading-order", f"{B('0:-1=2 0:1=2')} * 8 0 2", ["place 0:0"],
         board=B("0:-1=4"), points=12),
    case("M9", "the-joker-set-in-this-move-decides", f"{B('-2:0=2 -1:0=* 1:0=2')} * 8 0 3", ["place 0:0"],
         board=B("1:0=4"), points=32,
         why="4 cells with jokers: 32; nearest to the set joker 0:0 is 1:0 (the old joker -1:0 would pick -2:0)"),
    case("M9", "pure-group-on-the-set-joker", f"{B('-1:0=* 0:0=*')} * 8 0 2", ["place 1:0"],
         board=B("1:0=4"), points=12),
    # --- M10 / M11: points, score, moves, highest ----------------------------------------------------
    case("M10", "six-4s-score-192", f"{B('1:0=4 2:0=4 -1:1=4 -2:2=4 0:-1=4')} 4 8 0 5", ["place 0:0"],
         board=B("0:0=8"), points=192, groups=1, highest=8, why="6*4*2^3"),
    case("M11", "score-adds-to-the-old-score", f"{B('-1:0=2 1:0=2')} 2 8 100 9", ["place 0:0"],
         score=106, moves=10),
    case("M11", "highest-kept-from-the-board", f"{B('-3:3=64')} 2 2 0 9", ["place 0:0"], highest=64),
    case("M11", "two-moves-add-up", f"{B('-1:0=2 1:0=2 2:-2=8 3:-2=8')} 2 8 0 4", ["place 0:0", "place 3:-3"],
         score=30, moves=6, points=24, board=B("0:0=4 3:-3=16"), highest=16,
         why="6 then three 8s 24; the 8 set on 3:-3 stays there"),
    case("M17", "next-becomes-current", f"{EMPTY} 2 4-8 0 0", ["place 0:0"], current="4-8"),
]


@pytest.mark.parametrize("vector", CASES)
def test_rule(vector: dict[str, Any]) -> None:
    assert run_case(conform, vector) == []


def test_any_power_of_two_is_a_board_number() -> None:  # M16
    big = 2**120
    position = f"{B('-3:3=4')}".replace("4", str(big)) + " 2 2 0 0"
    assert conform.dump(conform.load(position)) == position
    assert conform.observe(conform.load(position))["highest"] == big
