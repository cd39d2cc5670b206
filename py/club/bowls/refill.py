"""Random draws: the start of Endless and Daily (W19, W20), refills and events (W16, W17).

Every draw comes from the attempt's ``Rng`` (immutable PCG32), so a move
redone after an undo draws exactly the same refill (W21).

>>> start, rng = build_start(Rng.from_seed(7))
>>> start.stones(), all(len(q) == 3 for q in start.bowls)
(36, True)
>>> any(q.count(q[0]) == 3 for q in start.bowls)
False
>>> drop, _ = draw_refill(Rng.from_seed(7), start, events=False)
>>> drop.bowls[0] != drop.bowls[1], all(s in COLOURS for s in drop.stones)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from club.bowls.position import BLOCKER, COLOURS, JOKER, NO_MODS, RING, Position
from club.rng import Rng

EVENTS_FROM = 9  # W17: events from the 9th safe move on
JOKER_PERCENT = 10
BLOCKER_PERCENT_START, BLOCKER_PERCENT_MAX, BLOCKER_STEP_MOVES = 8, 60, 10
MODIFIER_PERCENT = 12
EVENT_MODIFIER_MOVES = 5
EVENT_KINDS = ("ice", "reverse", "volcano")  # index = modifier kind (position.ICE, ...)


@dataclass(frozen=True, slots=True)
class Drop:
    """What one refill adds (W16/W17): ``stones[i]`` joins the end of ``bowls[i]``.

    ``event`` is None, ``"joker"``, ``"blocker"`` (already applied to
    ``stones``) or a modifier kind name placed on ``event_bowl`` for 5 moves
    after the countdown.
    """

    stones: str
    bowls: tuple[int, int]
    event: str | None = None
    event_bowl: int = -1


def blocker_percent(move_number: int) -> int:
    """W17: 8 % at the 9th safe move, +1 every 10 safe moves after it, at most 60.

    >>> [blocker_percent(n) for n in (9, 18, 19, 29, 1000)]
    [8, 8, 9, 10, 60]
    """
    grown = BLOCKER_PERCENT_START + max(0, move_number - EVENTS_FROM) // BLOCKER_STEP_MOVES
    return min(BLOCKER_PERCENT_MAX, grown)


def draw_refill(rng: Rng, position: Position, events: bool) -> tuple[Drop, Rng]:
    """Draw in the fixed order of W17: two colours, two different bowls, then the event.

    ``position`` is the board after the safe player phase; its ``moves`` does
    not yet count this move, so this move is number ``moves + 1``.
    """
    first, rng = rng.below(len(COLOURS))
    second, rng = rng.below(len(COLOURS))
    stones = [COLOURS[first], COLOURS[second]]
    bowl_a, rng = rng.below(RING)
    other, rng = rng.below(RING - 1)
    bowl_b = other if other < bowl_a else other + 1
    move_number = position.moves + 1
    if not events or move_number < EVENTS_FROM:
        return Drop("".join(stones), (bowl_a, bowl_b)), rng
    roll, rng = rng.below(100)
    blocker_limit = JOKER_PERCENT + blocker_percent(move_number)
    if roll < blocker_limit:
        which, rng = rng.below(2)
        stones[which] = JOKER if roll < JOKER_PERCENT else BLOCKER
        event = "joker" if roll < JOKER_PERCENT else "blocker"
        return Drop("".join(stones), (bowl_a, bowl_b), event), rng
    if roll < blocker_limit + MODIFIER_PERCENT:
        free = [b for b in range(RING) if position.mods[b] == NO_MODS]
        if free:  # every bowl already has a modifier: nothing happens
            bowl, rng = rng.choice(free)
            kind, rng = rng.below(len(EVENT_KINDS))
            return Drop("".join(stones), (bowl_a, bowl_b), EVENT_KINDS[kind], bowl), rng
    return Drop("".join(stones), (bowl_a, bowl_b)), rng


def build_start(rng: Rng) -> tuple[Position, Rng]:
    """W19: three ordinary stones in every bowl, never three of one colour.

    Each bowl is drawn in order 0-11; a bowl that came out as three of a
    colour is drawn again, so no bowl starts with a ready match.
    """
    queues = []
    for _ in range(RING):
        while True:
            a, rng = rng.below(len(COLOURS))
            b, rng = rng.below(len(COLOURS))
            c, rng = rng.below(len(COLOURS))
            if not a == b == c:
                break
        queues.append(COLOURS[a] + COLOURS[b] + COLOURS[c])
    return Position(bowls=tuple(queues)), rng
