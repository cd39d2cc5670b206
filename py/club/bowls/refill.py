"""Random draws: the start of Endless and Daily (W19, W20), refills and events (W16, W17).

Every draw comes from the attempt's ``Rng`` (immutable PCG32), so a move
redone after an undo draws exactly the same refill (W21). From the 9th safe
move on, Endless makes 1 to 4 event rolls per move (W17 amended).

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
# W17 amended: r = min(4, 1 + (n - 9) // 40) event rolls in the n-th safe move
# (one roll never ended an attempt of a careful player).
MAX_ROLLS, ROLL_STEP_MOVES = 4, 40


@dataclass(frozen=True, slots=True)
class Event:
    """One event roll that did something (W17).

    ``kind`` is ``"joker"`` or ``"blocker"`` (``target`` = the index 0/1 of the
    refill stone it turned, already applied to ``Drop.stones``) or a modifier
    kind name (``target`` = the bowl, given it for 5 moves after the countdown).
    """

    kind: str
    target: int


@dataclass(frozen=True, slots=True)
class Drop:
    """What one refill adds (W16/W17): ``stones[i]`` joins the end of ``bowls[i]``;
    ``events`` are the rolls of this move that did something, in roll order."""

    stones: str
    bowls: tuple[int, int]
    events: tuple[Event, ...] = ()

    def modifiers(self) -> list[Event]:
        return [e for e in self.events if e.kind in EVENT_KINDS]

    def stone_event(self, index: int) -> str | None:
        """``"joker"``/``"blocker"`` when refill stone ``index`` was turned, else None."""
        return next((e.kind for e in self.events if e.kind not in EVENT_KINDS and e.target == index), None)


def blocker_percent(move_number: int) -> int:
    """W17: 8 % at the 9th safe move, +1 every 10 safe moves after it, at most 60.

    >>> [blocker_percent(n) for n in (9, 18, 19, 29, 1000)]
    [8, 8, 9, 10, 60]
    """
    grown = BLOCKER_PERCENT_START + max(0, move_number - EVENTS_FROM) // BLOCKER_STEP_MOVES
    return min(BLOCKER_PERCENT_MAX, grown)


def event_rolls(move_number: int) -> int:
    """W17 amended: rolls of the ``move_number``-th safe move (0 before the 9th).

    >>> [event_rolls(n) for n in (8, 9, 48, 49, 88, 89, 128, 129, 10_000)]
    [0, 1, 1, 2, 2, 3, 3, 4, 4]
    """
    if move_number < EVENTS_FROM:
        return 0
    return min(MAX_ROLLS, 1 + (move_number - EVENTS_FROM) // ROLL_STEP_MOVES)


def draw_refill(rng: Rng, position: Position, events: bool) -> tuple[Drop, Rng]:
    """Draw in the fixed order of W17: two colours, two different bowls, then each event roll.

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
    done: list[Event] = []
    for _ in range(event_rolls(move_number) if events else 0):
        event, rng = _roll(rng, position, move_number, stones, done)
        if event is not None:
            done.append(event)
    return Drop("".join(stones), (bowl_a, bowl_b), tuple(done)), rng


def _roll(rng: Rng, position: Position, move_number: int, stones: list[str],
          done: list[Event]) -> tuple[Event | None, Rng]:
    """One event roll (W17): the roll, then which stone, or which bowl then the kind.

    ``stones`` is changed in place when a refill stone turns. A roll with no
    ordinary refill stone left, or no bowl without a modifier, does nothing
    and draws nothing more. With one candidate the choice is still drawn
    (``below(1)``), as the first edition drew its bowl among the free ones.
    """
    roll, rng = rng.below(100)
    blocker_limit = JOKER_PERCENT + blocker_percent(move_number)
    if roll < blocker_limit:
        ordinary = [i for i, stone in enumerate(stones) if stone in COLOURS]
        if not ordinary:
            return None, rng
        which, rng = rng.choice(ordinary)
        kind = "joker" if roll < JOKER_PERCENT else "blocker"
        stones[which] = JOKER if kind == "joker" else BLOCKER
        return Event(kind, which), rng
    if roll < blocker_limit + MODIFIER_PERCENT:
        given = {e.target for e in done if e.kind in EVENT_KINDS}
        free = [b for b in range(RING) if position.mods[b] == NO_MODS and b not in given]
        if not free:
            return None, rng
        bowl, rng = rng.choice(free)
        kind_index, rng = rng.below(len(EVENT_KINDS))
        return Event(EVENT_KINDS[kind_index], bowl), rng
    return None, rng


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
