"""The 100 puzzles (W18): every rule of the set, checked on every run.

Each puzzle: a valid start (at most 7 stones per bowl, no ready match, also
none its jokers could complete, no volcano with 6 or more), proven solvable
within its limit by the solver, its ``solution`` replays to the goal, and no
solution is shorter than ``limit - 1`` unless it is a teaching puzzle. The
set: ids 1-100, difficulty rising, each goal type and special introduced by
an easy puzzle (limit <= 3) before any puzzle with limit >= 5 uses it, no two
puzzles with the same start. Then the attempt judge (W12, W18) as a table.
"""

from __future__ import annotations

from statistics import mean

import pytest
from club.bowls.goals import KINDS, goal_met, parse_goal
from club.bowls.notation import parse, print_bowls
from club.bowls.phase import match_bowl
from club.bowls.position import RING, VOLCANO
from club.bowls.puzzles import (
    SPECIALS,
    Puzzle,
    load_puzzles,
    parse_puzzle,
    replay,
    specials,
    start_problems,
)
from club.bowls.solver import Search, solve
from club.errors import NotationError

PUZZLES = load_puzzles()
IDS = [p.id for p in PUZZLES]


@pytest.fixture(scope="module")
def proofs() -> dict[int, Search]:
    """The solver run once per puzzle with its limit (P17: all of them in well under 60 s)."""
    return {p.id: solve(p.position, p.goal, p.limit) for p in PUZZLES}


def test_one_hundred_numbered_puzzles_with_titles() -> None:
    assert [p.id for p in PUZZLES] == list(range(1, 101))
    titles = [p.title for p in PUZZLES]
    assert all(titles) and len(set(titles)) == 100


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[str(i) for i in IDS])
def test_start_is_valid_w18(puzzle: Puzzle) -> None:
    pos = puzzle.position
    assert all(len(queue) <= 7 for queue in pos.bowls)  # W1, W18
    assert all(match_bowl(queue) is None for queue in pos.bowls)  # no ready match, jokers too (W8)
    assert all(len(pos.bowls[b]) < 6 for b in range(RING) if pos.mods[b][VOLCANO])  # W10
    assert (pos.score, pos.moves) == (0, 0)
    assert start_problems(pos) == []
    assert not goal_met(puzzle.goal, pos, (0,) * 5, 0), "a goal already met asks nothing"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[str(i) for i in IDS])
def test_solution_replays_to_the_goal(puzzle: Puzzle) -> None:
    status, _, _ = replay(puzzle, puzzle.solution)
    assert status == "solved"
    assert len(puzzle.solution) <= puzzle.limit


def test_proven_solvable_within_limit_and_tight(proofs: dict[int, Search]) -> None:
    for puzzle in PUZZLES:
        found = proofs[puzzle.id].solution
        assert found is not None, f"puzzle {puzzle.id} has no solution within {puzzle.limit}"
        assert len(found) <= puzzle.limit
        # the file's solution is a shortest one
        assert len(puzzle.solution) == len(found), f"puzzle {puzzle.id}"
        if not puzzle.teaching:
            assert len(found) >= puzzle.limit - 1, f"puzzle {puzzle.id} is solvable in {len(found)}"
            # and the solver proved it: nothing shorter than limit - 1 exists
            assert solve(puzzle.position, puzzle.goal, puzzle.limit - 2).solution is None


def test_difficulty_rises(proofs: dict[int, Search]) -> None:
    limits = [p.limit for p in PUZZLES]
    assert limits == sorted(limits), "move limits never go down"
    shortest = [len(proofs[p.id].solution or ()) for p in PUZZLES]
    assert shortest == sorted(shortest), "minimum moves never go down"
    bands = sorted(set(limits))
    effort = [mean(proofs[p.id].nodes for p in PUZZLES if p.limit == band) for band in bands]
    assert effort == sorted(effort) and len(set(effort)) == len(effort), "solver effort rises per band"
    count = [len(specials(p.position)) for p in PUZZLES]
    assert mean(count[:50]) < mean(count[50:]), "later puzzles use more specials"


@pytest.mark.parametrize("feature", KINDS + SPECIALS)
def test_each_goal_and_special_is_introduced_by_an_easy_puzzle(feature: str) -> None:
    using = [p for p in PUZZLES if feature == p.goal.kind or feature in specials(p.position)]
    assert using, f"no puzzle uses {feature}"
    first = using[0]
    assert first.limit <= 3, f"{feature} first appears in puzzle {first.id} with limit {first.limit}"
    hard = [p.id for p in using if p.limit >= 5]
    assert all(i > first.id for i in hard)


def test_no_two_puzzles_share_a_start() -> None:
    seen: dict[str, int] = {}
    for puzzle in PUZZLES:
        tokens = print_bowls(puzzle.position).split("/")
        for turn in range(RING):  # also no ring merely turned round
            text = "/".join(tokens[turn:] + tokens[:turn])
            assert seen.setdefault(text, puzzle.id) == puzzle.id, f"{puzzle.id} repeats {seen[text]}"


# -- the W18 start rule, by hand ---------------------------------------------------------
STARTS = [
    ("RRG/-/-/-/-/-/-/-/-/-/-/- 0 0", []),
    ("RRGR/-/-/-/-/-/-/-/-/-/-/- 0 0", ["bowl 0 holds a ready match"]),  # W8: not adjacent, still 3
    ("GJ/GGJ/-/-/-/-/-/-/-/-/-/- 0 0", ["bowl 1 holds a ready match"]),  # W8.2: J completes GG; GJ: no
    ("JJJ/-/-/-/-/-/-/-/-/-/-/- 0 0", []),  # jokers alone never match (W8.3)
    ("RGBYPRG/-/-/-/-/-/-/-/-/-/-/- 0 0", []),  # 7 stones is fine
    ("RGBYPRGB/-/-/-/-/-/-/-/-/-/-/- 0 0", ["bowl 0 holds 8 stones"]),
    ("RGBYP[v]/-/-/-/-/-/-/-/-/-/-/- 0 0", []),
    ("RGBYPR[v]/-/-/-/-/-/-/-/-/-/-/- 0 0", ["volcano 0 holds 6 stones"]),
    ("R/-/-/-/-/-/-/-/-/-/-/- 10 0", ["score and moves must start at 0"]),
    ("R[i]/-/-/-/-/-/-/-/-/-/-/- 0 0", ["no bowl can be chosen"]),
]


@pytest.mark.parametrize(("position", "problems"), STARTS)
def test_start_problems_w18(position: str, problems: list[str]) -> None:
    assert start_problems(parse(position)) == problems


# -- judging an attempt (W12, W18) --------------------------------------------------------
def puzzle(position: str, goal: str, limit: int) -> Puzzle:
    return Puzzle(0, "t", parse(position), parse_goal(goal), limit, (0,))


JUDGE = [
    # W12: sow 3 clears green, but its P makes 8 stones in bowl 5: overflow wins.
    ("W12,W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 2, (3,), "overflow"),
    # W18: met by the last allowed move.
    ("W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 2, (5, 3), "solved"),
    # W18: no moves left and the goal unmet.
    ("W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 1, (5,), "limit"),
    # W18: no choosable bowl left (the only stone went into ice).
    ("W4,W18", "R/-[i]/-/-/-/-/-/-/-/-/-/G[i] 0 0", "clear G", 3, (0,), "stuck"),
    # W18: still going.
    ("W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 3, (5,), None),
    # W18: nothing more after the end.
    ("W18", "-/-/-/GP/GG/RBYPRBY/-/-/-/-/-/- 0 0", "clear G", 2, (5, 3, 4), "refused"),
    # W5: an iced or empty bowl is no move.
    ("W5", "R/-[i]/-/-/-/-/-/-/-/-/-/G[i] 0 0", "clear G", 3, (11,), "refused"),
    # W18: collect counts over the whole attempt: 3 reds, then 3 more.
    ("W18", "R/RR/-/-/R/RR/-/-/-/-/-/- 0 0", "collect R 6", 2, (0, 4), "solved"),
    ("W18", "R/RR/-/-/R/RR/-/-/-/-/-/- 0 0", "collect R 6", 2, (0,), None),
    # W18 combo: the move's own matching bowls, not a total.
    ("W13,W18", "R/RR/-/-/R/RR/-/-/-/-/-/- 0 0", "combo 2", 2, (0, 4), "limit"),
]


@pytest.mark.parametrize(("rule", "position", "goal", "limit", "moves", "status"), JUDGE)
def test_judge(rule: str, position: str, goal: str, limit: int, moves: tuple[int, ...],
               status: str | None) -> None:
    assert replay(puzzle(position, goal, limit), moves)[0] == status


GOOD_ENTRY = {"id": 1, "title": "t", "position": "R/-/-/-/-/-/-/-/-/-/-/- 0 0", "goal": "empty", "limit": 1,
              "solution": "sow 0"}
BAD_ENTRIES = [  # one field spoiled at a time, and the field the error must name
    ({**GOOD_ENTRY, "id": 0}, "id"),
    ({**GOOD_ENTRY, "limit": 0}, "limit"),
    ({**GOOD_ENTRY, "position": "R/-/-/-/-/-/-/-/-/-/-/-"}, "position"),
    ({**GOOD_ENTRY, "goal": "win"}, "goal"),
    ({**GOOD_ENTRY, "solution": "sow 0,sow 1"}, "solution"),
    ({**GOOD_ENTRY, "title": ""}, "title"),
]


@pytest.mark.parametrize(("entry", "field"), BAD_ENTRIES)
def test_bad_puzzle_entries_name_the_field(entry: dict[str, object], field: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_puzzle(entry)
    assert error.value.field == field
