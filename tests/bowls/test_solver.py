"""The puzzle solver (W18, P17) and the goal grammar.

Tables of positions in notation with the shortest solution worked out by
hand; then a property: on small random puzzles the solver's shortest length
equals a plain brute force over every sequence of moves played by the
engine (``move.sow`` + ``goals.goal_met``), so deduplication and pruning
never lose a solution nor invent one.
"""

from __future__ import annotations

from functools import cache

import pytest
from club.bowls.goals import Goal, goal_met, parse_goal, print_goal, progress
from club.bowls.notation import parse
from club.bowls.position import COLOURS, RING, Position, refusal
from club.bowls.rules import sow
from club.bowls.solver import advance, next_move, solve
from club.errors import NotationError
from hypothesis import given, settings
from hypothesis import strategies as st

# position, goal, limit, the shortest solution (None: none within the limit)
SOLVES: list[tuple[str, str, str, int, tuple[int, ...] | None]] = [
    # W18 empty: two separate triples need two moves; one move is not enough.
    ("W18", "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "empty", 2, (2, 6)),
    ("W18", "-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "empty", 1, None),
    # W8.2 clear: the joker sown into GG completes it (GGJ all go).
    ("W8,W18", "-/-/J/GG/-/-/-/-/-/-/-/- 0 0", "clear G", 1, (2,)),
    # W8.2: one G and one joker are short by one: clear G is impossible (pruned, proven).
    ("W8,W18", "-/-/J/G/B/-/-/-/-/-/-/- 0 0", "clear G", 3, None),
    # W13 score: 3 bowls x3 x 9 stones = 270 in one move; 280 is out of reach.
    ("W13,W18", "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", "score 270", 1, (5,)),
    ("W13,W18", "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", "score 280", 1, None),
    # W13 combo: the same move matches in 3 bowls.
    ("W13,W18", "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", "combo 3", 1, (5,)),
    ("W13,W18", "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0", "combo 4", 2, None),
    # W16: ice for one move: sow 8 first (its countdown melts bowl 2), then 2 makes RRR.
    ("W4,W16", "-/-/R[i1]/RR/-/-/-/-/B/-/-/- 0 0", "collect R 3", 2, (8, 2)),
    ("W4,W16", "-/-/R[i1]/RR/-/-/-/-/B/-/-/- 0 0", "collect R 3", 1, None),
    # W4/W6 reverse: the single R goes counter-clockwise into RR.
    ("W4,W18", "-/RR/R[r]/-/-/-/-/-/-/-/-/- 0 0", "collect R 3", 1, (2,)),
    # W14 Perfect Clear counts towards a score goal: 30 + 100.
    ("W14,W18", "-/-/-/-/-/-/-/-/-/-/P/PP 0 0", "score 130", 1, (10,)),
    # W12: sow 3 clears green (GGG in 4) but its P makes 8 in bowl 5: an overflow, no
    # solution in 1; sowing 5 first (7 stones to 6..0) makes room, then sow 3 is safe.
    ("W12,W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 1, None),
    ("W12,W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 2, (5, 3)),
    # W18 leave: sow 0 makes GGG (BYP stay: 3 stones); B, Y, P alone can never go.
    ("W18", "G/GG/BYP/-/-/-/-/-/-/-/-/- 0 0", "leave 3", 2, (0,)),
    ("W18", "G/GG/BYP/-/-/-/-/-/-/-/-/- 0 0", "leave 2", 3, None),
    # W9: a match next to the blocker clears it; leave 0 needs the match beside X.
    ("W9,W18", "Y/YY/X/-/-/-/-/-/-/-/-/- 0 0", "leave 0", 1, (0,)),
    # W10 volcano: sow 6 drops Y into the volcano (6 stones): it erupts R G B P R Y
    # into 8..1, and the Y makes YYY in bowl 1. Sowing 7 itself carries no Y.
    ("W10,W18", "-/YY/-/-/-/-/Y/RGBPR[v]/-/-/-/- 0 0", "collect Y 3", 1, (6,)),
]


@pytest.mark.parametrize(("rule", "position", "goal", "limit", "expected"), SOLVES)
def test_solver_table(rule: str, position: str, goal: str, limit: int, expected: tuple[int, ...] | None) -> None:
    found = solve(parse(position), parse_goal(goal), limit)
    assert found.solution == expected
    if expected is None:
        assert found.proven == limit
    else:
        assert found.proven == len(expected) - 1


def test_collect_counts_what_was_collected_before() -> None:
    # W18: collect progress is part of the attempt: 3 already collected + 3 now.
    position = parse("-/-/R/RR/-/-/-/-/-/-/-/- 0 1")
    assert solve(position, parse_goal("collect R 6"), 1, (3, 0, 0, 0, 0)).solution == (2,)
    assert solve(position, parse_goal("collect R 6"), 1).solution is None


def test_hint_is_the_first_move_of_a_shortest_solution() -> None:
    position = parse("-/-/R[i1]/RR/-/-/-/-/B/-/-/- 0 0")
    assert next_move(position, parse_goal("collect R 3"), 2) == 8
    assert next_move(position, parse_goal("collect R 3"), 1) is None


def test_advance_is_the_engine_move() -> None:
    position = parse("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0")
    key, points, combo, counts = advance(list(position.bowls), position.mods, 5)
    out = sow(position, 5)
    assert key == "/".join(out.position.bowls)
    assert (points, combo, counts) == (out.points, out.combo, out.collected)


# -- the goal grammar (W18) ---------------------------------------------------------
GOALS = ["clear R", "collect G 6", "score 300", "combo 3", "leave 4", "leave 0", "empty"]
BAD_GOALS = ["", "clear", "clear J", "clear X", "collect G", "collect G 0", "collect G 06",
             "score -1", "score 0", "combo 0", "leave", "empty 3", "win", "clear  R", "score 1e3"]


@pytest.mark.parametrize("text", GOALS)
def test_goal_round_trip(text: str) -> None:
    assert print_goal(parse_goal(text)) == text


@pytest.mark.parametrize("text", BAD_GOALS)
def test_bad_goal_names_the_field(text: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_goal(text)
    assert error.value.field == "goal"


NO = (0, 0, 0, 0, 0)
E = "-/-/-/-/-/-/-/-/-/-/-/- 0 1"
# goal, position, collected per colour, combo of the move, met?
MET = [
    ("clear G", "R/-/-/-/-/-/-/-/-/-/-/J 0 1", NO, 0, True),  # a joker is no green
    ("clear G", "R/-/-/-/-/-/-/-/-/-/-/G 0 1", NO, 0, False),
    ("collect G 6", E, (0, 6, 0, 0, 0), 0, True),
    ("collect G 6", E, (9, 5, 9, 9, 9), 0, False),
    ("score 300", "-/-/-/-/-/-/-/-/-/-/-/- 300 1", NO, 0, True),
    ("score 300", "-/-/-/-/-/-/-/-/-/-/-/- 290 1", NO, 0, False),
    ("combo 3", E, NO, 3, True),
    ("combo 3", E, NO, 2, False),
    ("leave 2", "JX/-/-/-/-/-/-/-/-/-/-/- 0 1", NO, 0, True),  # stones of any kind
    ("leave 2", "JX/-/-/-/-/-/-/-/-/-/-/R 0 1", NO, 0, False),
    ("empty", E, NO, 0, True),
    ("empty", "-/-/-/-/-/-/X/-/-/-/-/- 0 1", NO, 0, False),
]


@pytest.mark.parametrize(("goal", "position", "collected", "combo", "met"), MET)
def test_goal_met_w18(goal: str, position: str, collected: tuple[int, ...], combo: int, met: bool) -> None:
    assert goal_met(parse_goal(goal), parse(position), collected, combo) is met


def test_progress_readouts() -> None:
    pos = parse("GG/G/-/-/-/-/-/-/-/-/-/R 120 2")
    assert progress(parse_goal("clear G"), pos, NO, 0)["left"] == 3
    assert progress(parse_goal("score 300"), pos, NO, 0)["done"] == 120
    assert progress(parse_goal("leave 1"), pos, NO, 0)["left"] == 3
    assert progress(parse_goal("combo 3"), pos, NO, 2)["done"] == 2


# -- the solver agrees with brute force on small random puzzles ------------------------
def brute_shortest(position: Position, goal: Goal, limit: int) -> int | None:
    """Fewest moves meeting ``goal`` by trying every sequence with the engine itself."""

    @cache
    def search(pos: Position, collected: tuple[int, ...], left: int) -> int | None:
        best: int | None = None
        if left == 0:
            return None
        for bowl in range(RING):
            if refusal(pos, bowl) is not None:
                continue
            out = sow(pos, bowl)
            if out.overflow:
                continue
            got = tuple(a + b for a, b in zip(collected, out.collected, strict=True))
            if goal_met(goal, out.position, got, out.combo):
                return 1
            deeper = search(out.position, got, left - 1)
            if deeper is not None and (best is None or deeper + 1 < best):
                best = deeper + 1
        return best

    return search(position, NO, limit)


STONE = st.sampled_from("RRGGBBYJX")
QUEUE = st.lists(STONE, max_size=4).map("".join)
MODS = st.sampled_from([(0, 0, 0)] * 6 + [(-1, 0, 0), (0, -1, 0), (0, 0, -1), (1, 0, 0), (0, 2, 0), (0, 0, 1)])
GOAL = st.sampled_from(["clear R", "clear G", "collect R 3", "collect B 4", "score 60", "score 30",
                        "combo 2", "leave 3", "leave 6", "empty"])


@settings(max_examples=150, deadline=None)
@given(st.lists(QUEUE, min_size=RING, max_size=RING), st.lists(MODS, min_size=RING, max_size=RING),
       GOAL, st.integers(1, 3))
def test_solver_matches_brute_force(queues: list[str], mods: list[tuple[int, int, int]], goal_text: str,
                                    limit: int) -> None:
    position = Position(tuple(queues), tuple(mods))  # type: ignore[arg-type]
    goal = parse_goal(goal_text)
    found = solve(position, goal, limit)
    shortest = brute_shortest(position, goal, limit)
    assert (None if found.solution is None else len(found.solution)) == shortest
    if found.solution is not None:  # and the solution really plays to the goal
        collected, pos, combo = NO, position, 0
        for bowl in found.solution:
            assert refusal(pos, bowl) is None
            out = sow(pos, bowl)
            assert not out.overflow
            pos, combo = out.position, out.combo
            collected = tuple(a + b for a, b in zip(collected, out.collected, strict=True))
        assert goal_met(goal, pos, collected, combo)
        assert len(COLOURS) == len(collected)
