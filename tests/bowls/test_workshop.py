"""The Puzzle Workshop's check (W28): start limits, refusals, par, uniqueness, difficulty, budget.

Tables as data: hand-checked positions in W26 notation with their par and
whether the shortest solution is unique (each worked out on paper, the
reasoning beside it), the 100 puzzles (par = the stored solution's length:
the file's solutions are shortest, ``test_puzzles``), a brute-force oracle
that plays every sequence of moves through the engine's own attempt judge,
and boards crowded to W18's limits that spend the budget.
"""

from __future__ import annotations

import pytest
from club.bowls.notation import parse
from club.bowls.position import RING, Position, refusal
from club.bowls.proof import BUDGET, prove
from club.bowls.puzzles import SOLVED, judge, load_puzzles, replay
from club.bowls.rules import sow
from club.bowls.workshop import (
    Draft,
    Verdict,
    WorkshopError,
    check,
    limits,
    read_draft,
    read_title,
    solved_by,
)
from hypothesis import given, settings
from hypothesis import strategies as st

EMPTY11 = "/-" * 11

# position, goal, limit, par (None: refused no-solution), unique, why (the hand check)
HAND_CHECKED = [
    ("-/-/R/RR/-/-/-/-/-/-/-/- 0 0", "clear R", 1, 1, True, "sow 2: its R lands on RR"),
    ("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "empty", 2, 2, False, "sow 2 and sow 6, in either order"),
    ("-/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "empty", 1, None, None, "two groups need two moves"),
    ("-/RR/R[r]/-/-/-/-/-/-/-/-/- 0 0", "clear R", 3, 1, True, "reverse: bowl 2's R goes back onto RR (W6)"),
    ("-/-/R[i]/RR/-/-/-/-/-/-/-/- 0 0", "clear R", 2, None, None, "the iced R never moves, the pair only walks away"),
    ("R[i1]/RR/-/-/-/-/-/-/-/-/-/G 0 0", "clear R", 3, 2, True,
     "sow 11 (the only other bowl), the ice runs out (W16), sow 0: R onto RR"),
    ("RRGGB[v]/RR/-/-/-/-/-/-/-/-/-/Y 0 0", "collect R 3", 2, 1, False,
     "sow 0 (a source is no eruption) or sow 11 (the volcano erupts at 6, W10): either puts R on RR"),
    ("R/RJ/-/-/-/-/-/-/-/-/-/- 0 0", "empty", 2, 1, True, "sow 0: RJR, the joker completes the reds (W8)"),
    ("RG/RR/GG/-/-/-/-/-/-/-/-/- 0 0", "combo 2", 2, 1, True, "sow 0: R on RR and G on GG, two bowls"),
    ("RG/RR/GG/-/-/-/-/-/-/-/-/- 0 0", "score 220", 1, 1, True, "6 stones x10 x2 = 120, + Perfect Clear 100"),
    ("RG/RR/GG/-/-/-/-/-/-/-/-/- 0 0", "score 221", 3, None, None, "220 is all the board can score"),
    ("RG/RR/GG/-/-/-/-/-/-/-/-/B 0 0", "leave 1", 2, 1, True, "sow 0 leaves the B"),
    ("-/-/-/-/-/-/-/-/-/R/R/R 0 0", "clear R", 4, 3, True, "sow 10, sow 9, sow 10: one R a move onto bowl 11"),
    ("-/-/-/-/RXG/R/R[r]/G/G[r]/-/-/- 0 0", "combo 2", 3, 3, False,
     "sow 6 and sow 8 (reverse: R onto R, G onto G) in either order, the same board, then sow 4: "
     "two orders meet on one board and both count"),
]


@pytest.mark.parametrize(("position", "goal", "limit", "par", "unique", "why"), HAND_CHECKED,
                         ids=[f"{row[1]}-{row[2]}-{row[5][:20]}" for row in HAND_CHECKED])
def test_hand_checked_par_and_uniqueness(position: str, goal: str, limit: int, par: int | None,
                                         unique: bool | None, why: str) -> None:
    draft = read_draft({"position": position, "goal": goal, "limit": limit})
    if par is None:
        with pytest.raises(WorkshopError) as refused:
            check(draft)
        assert refused.value.field == "no-solution"
        return
    verdict = check(draft)
    assert (verdict.par, verdict.unique) == (par, unique), why
    assert solved_by(draft, list(verdict.solution)) == par  # the proof's solution plays as an attempt


PUZZLES = load_puzzles()


@pytest.fixture(scope="module")
def verdicts() -> dict[int, Verdict]:
    """The workshop's check of each of the 100, built as a draft (one proof each)."""
    return {p.id: check(Draft(p.position, p.goal, p.limit)) for p in PUZZLES}


def test_the_100_puzzles_par_is_their_solution_length(verdicts: dict[int, Verdict]) -> None:
    """Every one of the 100 is proven within the workshop's budget, its par the stored
    solution's length (a teaching puzzle may have a longer stored line: then at most it)."""
    for puzzle in PUZZLES:
        verdict = verdicts[puzzle.id]
        if puzzle.teaching:
            assert verdict.par <= len(puzzle.solution), puzzle.id
        else:
            assert verdict.par == len(puzzle.solution), puzzle.id
        assert replay(puzzle, verdict.solution)[0] == SOLVED


def _oracle(position: str, goal: str, limit: int) -> tuple[int | None, int]:
    """Par and the number of shortest solutions by playing every sequence of moves as an
    attempt (``sow``, then W18's judge after each move), one tree of moves per depth."""
    puzzle = read_draft({"position": position, "goal": goal, "limit": limit}).puzzle()

    def wins(pos: Position, collected: tuple[int, ...], left: int) -> int:
        found = 0
        for bowl in range(RING):
            if refusal(pos, bowl) is not None:
                continue
            out = sow(pos, bowl)
            got = tuple(a + b for a, b in zip(collected, out.collected, strict=True))
            status = judge(puzzle, out.position, got, out.combo)
            if left == 1:
                found += status == SOLVED
            elif status is None:
                found += wins(out.position, got, left - 1)
        return found

    for length in range(1, limit + 1):
        count = wins(puzzle.position, (0,) * 5, length)
        if count:
            return length, count
    return None, 0


# small boards that are often solvable in 2-3 moves: pairs and singles of two colours and a
# joker, on a few bowls close together (a sowing reaches its neighbours)
SMALL_QUEUES = st.sampled_from(["", "R", "R", "R", "RR", "G", "GG", "RG", "J", "X"])
GOALS = st.sampled_from(["clear R", "collect R 3", "score 30", "leave 3", "combo 2", "empty", "clear G"])


@st.composite
def small_drafts(draw: st.DrawFn) -> tuple[str, str, int]:
    first = draw(st.integers(0, RING - 1))
    bowls = ["-"] * RING
    for offset in range(draw(st.integers(3, 6))):
        queue = draw(SMALL_QUEUES)
        bowls[(first + offset) % RING] = (queue or "-") + draw(st.sampled_from(["", "", "", "", "[r]", "[i1]", "[v]"]))
    return "/".join(bowls) + " 0 0", draw(GOALS), draw(st.sampled_from([1, 2, 3, 3]))


@settings(max_examples=200, deadline=None)
@given(small_drafts())
def test_par_and_uniqueness_agree_with_playing_every_sequence(case: tuple[str, str, int]) -> None:
    position, goal, limit = case
    try:
        draft = read_draft({"position": position, "goal": goal, "limit": limit})
    except WorkshopError:
        return  # a start the workshop refuses (a ready match, nothing to sow, a goal met)
    par, wins = _oracle(position, goal, limit)
    proof = prove(draft.position, draft.goal, limit)
    assert proof.par == par
    if par is not None:
        assert proof.solutions == min(wins, 2)


# W18's start limits, as the editor asks on every edit: (position, [(reason, bowl)])
LIMITS = [
    ("RGBYPRG" + EMPTY11 + " 0 0", []),
    ("RGBYPRGB" + EMPTY11 + " 0 0", [("overfull", 0)]),
    ("-/RRR" + "/-" * 10 + " 0 0", [("ready-match", 1)]),
    ("-/RJJ" + "/-" * 10 + " 0 0", [("ready-match", 1)]),
    ("-/RGJ" + "/-" * 10 + " 0 0", []),
    ("-/JJJ" + "/-" * 10 + " 0 0", []),
    ("-/-/RGBYPJ[v]" + "/-" * 9 + " 0 0", [("ready-volcano", 2)]),
    ("-/-/RGBYP[v]" + "/-" * 9 + " 0 0", []),
    ("-/-/R[i99]" + "/-" * 8 + "/G 0 0", []),
    ("-/-/R[i100]" + "/-" * 8 + "/G 0 0", [("long-count", 2)]),
    ("R" + EMPTY11 + " 10 0", [("not-at-start", None)]),
    ("R" + EMPTY11 + " 0 1", [("not-at-start", None)]),
    ("R[i]" + EMPTY11 + " 0 0", [("nothing-to-sow", None)]),
    ("-" + EMPTY11 + " 0 0", [("nothing-to-sow", None)]),
    ("RRRGGGBB/-/-/-/-/-/-/-/-/-/-/XXXXXX[v] 0 0", [("overfull", 0), ("ready-match", 0), ("ready-volcano", 11)]),
]


@pytest.mark.parametrize(("position", "broken"), LIMITS, ids=[row[0] for row in LIMITS])
def test_start_limits_w18(position: str, broken: list[tuple[str, int | None]]) -> None:
    assert [(x["reason"], x["bowl"]) for x in limits(parse(position))] == broken


GOOD = {"position": "-/-/R/RR/-/-/-/-/-/-/-/- 0 0", "goal": "clear R", "limit": 2}
# payload changes -> the reason read_draft refuses them with
REFUSED = [
    ({"position": None}, "bad-position"),
    ({"position": 7}, "bad-position"),
    ({"position": "R/R 0 0"}, "bad-position"),
    ({"position": "W" + EMPTY11 + " 0 0"}, "bad-position"),
    ({"position": "R" * 390 + EMPTY11 + " 0 0"}, "bad-position"),
    ({"goal": None}, "bad-goal"),
    ({"goal": "clear J"}, "bad-goal"),
    ({"goal": "collect R 0"}, "bad-goal"),
    ({"goal": "win"}, "bad-goal"),
    ({"limit": 0}, "bad-limit"),
    ({"limit": 13}, "bad-limit"),
    ({"limit": True}, "bad-limit"),
    ({"limit": 2.0}, "bad-limit"),
    ({"limit": "2"}, "bad-limit"),
    ({"title": "x" * 41}, "bad-title"),
    ({"title": 5}, "bad-title"),
    ({"title": "a\nb"}, "bad-title"),
    ({"title": "a\u202eb"}, "bad-title"),
    ({"title": "\ud800"}, "bad-title"),
    ({"position": "RRR" + EMPTY11 + " 0 0"}, "start-limits"),
    ({"goal": "clear G"}, "goal-met"),
    ({"goal": "leave 3"}, "goal-met"),
]


@pytest.mark.parametrize(("change", "reason"), REFUSED, ids=[f"{r}-{i}" for i, (_, r) in enumerate(REFUSED)])
def test_refusals_have_their_reason(change: dict, reason: str) -> None:
    with pytest.raises(WorkshopError) as refused:
        read_draft({**GOOD, **change})
    assert refused.value.field == reason


@pytest.mark.parametrize("title", ["", "x" * 40, "<script>alert(1)</script>", "&amp; \"quotes\" 'x'", "Ночь ✦ 夜 🌙",
                                   "a\tb"[:1]])
def test_titles_are_plain_text_kept_as_written(title: str) -> None:
    assert read_title(title) == title
    assert read_draft({**GOOD, "title": title}).title == title


# the author's moves (limit 2) -> solved in that many moves, or the reason
AUTHOR = [
    ([2], 1),
    ([0, 2], "not-solved"),  # bowl 0 is empty: the move is refused
    ([3, 2], "not-solved"),
    ([2, 3], "not-solved"),  # solved after the first: a second move is no move of that attempt
    ([], "bad-moves"),
    ([2, 2, 2], "bad-moves"),  # more than the limit
    ([12], "bad-moves"),
    ([-1], "bad-moves"),
    ([True], "bad-moves"),
    ("sow 2", "bad-moves"),
    (None, "bad-moves"),
]


@pytest.mark.parametrize(("moves", "expected"), AUTHOR, ids=[str(m) for m, _ in AUTHOR])
def test_the_authors_moves_must_solve_it(moves: object, expected: int | str) -> None:
    draft = read_draft(GOOD)
    if isinstance(expected, int):
        assert solved_by(draft, moves) == expected
        return
    with pytest.raises(WorkshopError) as refused:
        solved_by(draft, moves)
    assert refused.value.field == expected


# Boards crowded to W18's limits with a goal they cannot meet in 12 moves: the search
# would run far past any phone's patience, so the budget ends it, the same way every time.
CROWDED = [
    ("RGBYPRG/GBYPRGB/BYPRGBY/YPRGBYP/PRGBYPR/RGBYPRG/GBYPRGB/BYPRGBY/YPRGBYP/PRGBYPR/RGBYPRG/GBYPRGB 0 0",
     "leave 0"),
    ("RGBYP[v]/GBYPR[rv]/BYPRG[v]/YPRGB[r]/PRGBY[v]/RGBYP[rv]/GBYPR[v]/BYPRG[r]/YPRGB[v]/PRGBY[rv]/RGBYP[v]/"
     "GBYPR[r] 0 0", "empty"),
]


@pytest.mark.parametrize(("position", "goal"), CROWDED, ids=["full", "volcanoes"])
def test_a_search_past_the_budget_is_refused_as_budget(position: str, goal: str) -> None:
    draft = read_draft({"position": position, "goal": goal, "limit": 12})
    first = prove(draft.position, draft.goal, 12)
    assert first.spent and first.par is None
    assert BUDGET <= first.work < BUDGET + 200  # stopped at the first move past it (a move costs < 200)
    assert prove(draft.position, draft.goal, 12) == first  # counted, not timed: the same on every run
    with pytest.raises(WorkshopError) as refused:
        check(draft)
    assert refused.value.field == "budget"


def test_difficulty_rises_with_the_100(verdicts: dict[int, Verdict]) -> None:
    stars = [verdicts[p.id].difficulty["stars"] for p in PUZZLES]
    assert all(1 <= s <= 5 for s in stars)
    assert sum(stars[:20]) < sum(stars[40:60]) < sum(stars[80:])
