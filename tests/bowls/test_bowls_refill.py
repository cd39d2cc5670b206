"""Refill (W16), Endless events (W17) and refill-phase scoring (W15, W12), with scripted draws.

``Script`` stands in for the PRNG: it hands out the listed values in order
and checks that each was drawn from the range the rule says, so these tables
pin down the draw order of W17 (colours, bowls, then the event).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from club.bowls.notation import parse, print_bowls, print_position
from club.bowls.phase import resolve
from club.bowls.refill import EVENT_KINDS, Drop, blocker_percent, draw_refill, event_rolls
from club.bowls.rules import sow

E = "-/-/-/-/-/-/-/-/-/-/-/-"


@dataclass(frozen=True)
class Script:
    """A fake Rng: ``below(n)`` returns the next scripted (value, n) pair's value."""

    draws: tuple[tuple[int, int], ...]

    def below(self, n: int) -> tuple[int, Script]:
        assert self.draws, f"an unexpected draw below({n})"
        (value, bound), rest = self.draws[0], self.draws[1:]
        assert bound == n, f"drew below({n}), the rule says below({bound})"
        return value, Script(rest)

    def choice(self, items: Any) -> tuple[Any, Script]:
        index, rng = self.below(len(items))
        return items[index], rng


def one_event(drop: Drop) -> tuple[str | None, int]:
    """The first edition's view of a one-roll drop: the event and its bowl (-1 for a stone event)."""
    assert len(drop.events) <= 1
    if not drop.events:
        return None, -1
    event = drop.events[0]
    return event.kind, event.target if event.kind in EVENT_KINDS else -1


def colours_and_bowls(c1: int, c2: int, b1: int, b2_index: int) -> tuple[tuple[int, int], ...]:
    return ((c1, 5), (c2, 5), (b1, 12), (b2_index, 11))


# (moves so far, draws, expected stones, bowls, event, event bowl) -- W16, W17
DRAWS = [
    # Before the 9th safe move: two colours, two bowls, no event draw at all.
    (0, colours_and_bowls(0, 4, 3, 3), "RP", (3, 4), None, -1),  # 2nd bowl skips the 1st
    (7, colours_and_bowls(2, 2, 11, 0), "BB", (11, 0), None, -1),
    # The 9th safe move (moves == 8) draws the event: < 10 joker.
    (8, (*colours_and_bowls(1, 3, 0, 0), (9, 100), (1, 2)), "GJ", (0, 1), "joker", -1),
    # 10..17 blocker (b = 8 at move 9).
    (8, (*colours_and_bowls(1, 3, 0, 0), (17, 100), (0, 2)), "XY", (0, 1), "blocker", -1),
    # 18..29 modifier: the bowl among bowls without a modifier (12 here), then the kind.
    (8, (*colours_and_bowls(1, 3, 0, 0), (18, 100), (5, 12), (2, 3)), "GY", (0, 1), "volcano", 5),
    (8, (*colours_and_bowls(1, 3, 0, 0), (29, 100), (0, 12), (0, 3)), "GY", (0, 1), "ice", 0),
    # 30+ nothing.
    (8, (*colours_and_bowls(1, 3, 0, 0), (30, 100)), "GY", (0, 1), None, -1),
    # Move 19: b = 9, so 18 is now a blocker.
    (18, (*colours_and_bowls(1, 3, 0, 0), (18, 100), (1, 2)), "GX", (0, 1), "blocker", -1),
]


@pytest.mark.parametrize(("moves", "draws", "stones", "bowls", "event", "event_bowl"), DRAWS)
def test_draw_order_and_events(moves: int, draws: Any, stones: str, bowls: tuple[int, int],
                               event: str | None, event_bowl: int) -> None:  # W16, W17
    position = parse(f"{E} 0 {moves}")
    drop, rest = draw_refill(Script(draws), position, events=True)  # type: ignore[arg-type]
    assert (drop.stones, drop.bowls, *one_event(drop)) == (stones, bowls, event, event_bowl)
    assert rest.draws == ()


def test_event_bowl_only_among_bowls_without_modifier() -> None:  # W17
    position = parse("-[i]/-[r2]/-/-[v]/-/-/-/-/-/-/-/- 0 8")
    draws = (*colours_and_bowls(0, 0, 0, 0), (20, 100), (0, 9), (1, 3))
    drop, _ = draw_refill(Script(draws), position, events=True)  # type: ignore[arg-type]
    assert one_event(drop) == ("reverse", 2)  # the first free bowl is 2


def test_daily_draws_no_event() -> None:  # W20: ordinary stones only
    drop, rest = draw_refill(Script(colours_and_bowls(0, 1, 5, 5)), parse(f"{E} 0 50"), events=False)  # type: ignore[arg-type]
    assert (drop.stones, drop.bowls, drop.events, rest.draws) == ("RG", (5, 6), (), ())


@pytest.mark.parametrize(("move", "percent"), [(9, 8), (18, 8), (19, 9), (28, 9), (29, 10), (529, 60),
                                               (530, 60), (10_000, 60)])
def test_blocker_chance_grows(move: int, percent: int) -> None:  # W17
    assert blocker_percent(move) == percent


# (position, draws, bowls after, score, moves, points) for a whole move with refill.
MOVES = [
    # W16: the refill joins the end of two bowls and nothing matches: no points.
    ("R/-/-/-/-/-/-/-/-/-/-/- 0 0", colours_and_bowls(1, 2, 5, 5), "-/R/-/-/-/G/B/-/-/-/-/-", 0, 1, 0),
    # W15: refill matches score 10 per stone, no multiplier, no Perfect Clear.
    ("R/-/-/-/-/GG/BB/-/-/-/-/- 0 0", colours_and_bowls(1, 2, 5, 5), "-/R/-/-/-/-/-/-/-/-/-/-", 60, 1, 60),
    # W14 then W16: the player phase clears the board (+100 and 30), then the refill comes.
    ("R/RR/-/-/-/-/-/-/-/-/-/- 0 0", colours_and_bowls(3, 3, 0, 0), "Y/Y/-/-/-/-/-/-/-/-/-/-", 130, 1, 130),
    # W12: the refill overflows bowl 4: its points would not count, the player's 30 stay,
    # moves stay, and the modifiers do not count down.
    ("R/RR/-/-/RGBYPRB/-[i2]/-/-/-/-/-/G 0 3", colours_and_bowls(1, 1, 4, 10),
     "-/-/-/-/RGBYPRBG/-[i2]/-/-/-/-/-/GG", 30, 3, 30),
]


@pytest.mark.parametrize(("position", "draws", "bowls", "score", "moves", "points"), MOVES)
def test_moves_with_refill(position: str, draws: Any, bowls: str, score: int, moves: int,
                           points: int) -> None:
    pos = parse(position)
    bowl = 0
    out = sow(pos, bowl, refill=Script(draws), special=False)  # type: ignore[arg-type]
    assert (print_bowls(out.position), out.position.score, out.position.moves, out.points) == (
        bowls, score, moves, points)


def test_refill_overflow_is_reported_as_such() -> None:  # W12
    out = sow(parse("R/RR/-/-/RGBYPRB/-/-/-/-/-/-/- 0 3"), 0,
              refill=Script(colours_and_bowls(1, 1, 4, 10)))  # type: ignore[arg-type]
    assert out.overflow == "refill" and out.position.lost()


def test_event_modifier_placed_after_countdown() -> None:  # W16, W17
    pos = parse("R/-[i1]/-[v]/-[r]/-[i]/-[r]/-[v]/-[i]/-[r]/-[v]/-[i]/- 0 8")
    draws = (*colours_and_bowls(3, 4, 7, 7), (25, 100), (1, 2), (0, 3))  # free: bowls 0 and 11
    out = sow(pos, 0, refill=Script(draws), special=True)  # type: ignore[arg-type]
    # R goes to bowl 1; Y joins 7, P joins 8; bowl 1's ice runs out, bowl 11 gets ice for 5.
    assert print_position(out.position) == "-/R/-[v]/-[r]/-[i]/-[r]/-[v]/Y[i]/P[r]/-[v]/-[i]/-[i5] 0 9"


def test_volcano_erupts_once_per_move_across_phases() -> None:  # W10
    # The refill phase resolves with the set of volcanoes that erupted in the player
    # phase; a volcano in it stays put even at six or more, while one not in it erupts.
    mods = parse("-[v]/-[v]/-/-/-/-/-/-/-/-/-/- 0 0").mods
    bowls = ["RGBYPG", "RGBYPG"] + [""] * 10
    resolve(bowls, mods, {0}, None, [0] * 5)
    assert bowls == ["RGBYPG", "", "R", "G", "B", "Y", "P", "G", "", "", "", ""]


@pytest.mark.parametrize(("move", "rolls"), [(1, 0), (8, 0), (9, 1), (48, 1), (49, 2), (88, 2), (89, 3),
                                             (128, 3), (129, 4), (1000, 4)])
def test_w17_amended_rolls_per_move(move: int, rolls: int) -> None:
    assert event_rolls(move) == rolls


ROLL = colours_and_bowls(1, 3, 0, 0)  # G to bowl 0, Y to bowl 1
# (moves so far, position mods, scripted draws after colours and bowls, stones, events) -- W17 amended
ROLLS = [
    # Move 48: one roll only (a second draw would be unexpected).
    (47, E, ((20, 100), (1, 2)), "GX", (("blocker", 1),)),
    # Move 49: two rolls, each with its own draws: roll, then which stone.
    (48, E, ((20, 100), (1, 2), (50, 100)), "GX", (("blocker", 1),)),
    # The second stone roll draws among the one stone still ordinary: below(1).
    (48, E, ((5, 100), (0, 2), (20, 100), (0, 1)), "JX", (("joker", 0), ("blocker", 1))),
    (48, E, ((5, 100), (1, 2), (5, 100), (0, 1)), "JJ", (("joker", 1), ("joker", 0))),
    # Move 89: three rolls; the third finds no ordinary refill stone and draws nothing more.
    (88, E, ((5, 100), (0, 2), (5, 100), (0, 1), (5, 100)), "JJ", (("joker", 0), ("joker", 1))),
    # Move 129: four rolls; after a roll that did nothing the next one still comes (b = 20: 30-41 modifier).
    (128, E, ((0, 100), (0, 2), (29, 100), (0, 1), (29, 100), (30, 100), (4, 12), (1, 3)), "JX",
     (("joker", 0), ("blocker", 1), ("reverse", 4))),
    # Two modifier rolls: the bowl taken by the first is no longer free (11 left, bowl 3 skipped).
    (48, E, ((25, 100), (3, 12), (0, 3), (25, 100), (3, 11), (2, 3)), "GY", (("ice", 3), ("volcano", 4))),
    # Only bowl 6 is free (move 89: b = 16, so 26-37 is a modifier): the first modifier roll takes it,
    # the second finds none and draws nothing more.
    (88, "-[i]/-[i]/-[i]/-[i]/-[i]/-[i]/-/-[r]/-[r]/-[r]/-[v]/-[v]",
     ((30, 100), (0, 1), (1, 3), (37, 100), (5, 100), (1, 2)), "GJ", (("reverse", 6), ("joker", 1))),
]


@pytest.mark.parametrize(("moves", "board", "draws", "stones", "events"), ROLLS)
def test_w17_amended_roll_order_and_interactions(moves: int, board: str, draws: Any, stones: str,
                                                 events: tuple[tuple[str, int], ...]) -> None:
    drop, rest = draw_refill(Script((*ROLL, *draws)), parse(f"{board} 0 {moves}"), events=True)  # type: ignore[arg-type]
    assert (drop.stones, tuple((e.kind, e.target) for e in drop.events)) == (stones, events)
    assert rest.draws == ()


def test_w17_amended_two_modifiers_placed_after_the_countdown() -> None:  # W16, W17
    pos = parse("R/-[i1]/-/-/-/-/-/-/-/-/-/- 0 48")
    draws = (*colours_and_bowls(3, 4, 7, 7), (25, 100), (1, 11), (0, 3), (25, 100), (9, 10), (2, 3))
    out = sow(pos, 0, refill=Script(draws), special=True)  # type: ignore[arg-type]
    # Free bowls: all but 1 (ice for one more move); the first roll takes bowl 2, the second
    # draws among 0 and 3-11 and takes bowl 11. Bowl 1's ice runs out in the same move.
    assert print_position(out.position) == "-/R/-[i5]/-/-/-/-/Y/P/-/-/-[v5] 0 49"
