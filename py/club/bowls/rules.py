"""One move: the player phase, the refill phase, points and overflow (W5-W17, W23).

``sow`` is pure and cheap: it copies the twelve queue strings into a list,
resolves, and builds a new ``Position`` that shares the untouched modifier
tuple. Without ``refill`` it plays as in puzzles and conformance vectors (no
refill, W27); with an ``Rng`` it draws and resolves the refill (W16) and,
with ``special``, the Endless events (W17).

>>> from club.bowls.notation import parse, print_position
>>> out = sow(parse("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0"), 5)
>>> print_position(out.position), out.points, out.combo
('-/-/-/-/-/-/-/-/-/G/-/- 270 1', 270, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from club.bowls.events import Event
from club.bowls.phase import resolve, sow_hand
from club.bowls.position import CAPACITY, COLOURS, REVERSE, Position, count_down, with_modifier
from club.bowls.refill import EVENT_KINDS, EVENT_MODIFIER_MOVES, Drop, draw_refill
from club.rng import Rng

STONE_POINTS = 10  # W13, W15
PERFECT_POINTS = 100  # W14


def multiplier(combo: int) -> int:
    """W13: x1, x2, x3 for 1-3 matching bowls, x4 for 4 or more.

    >>> [multiplier(n) for n in range(6)]
    [1, 1, 2, 3, 4, 4]
    """
    return min(max(combo, 1), 4)


@dataclass(slots=True)
class Sowing:
    """The tally of one sow (the caller checked it is legal), kept as it is made:
    the new ``position`` and what the solver, the puzzles' judge, the attempt and
    the conformance report read of it. No step result: ``Attempt.play`` turns it
    into the game's ``Outcome`` (``club.outcome``)."""

    position: Position
    points: int = 0  # awarded by the whole move (player, Perfect Clear, refill)
    combo: int = 0  # distinct matching bowls of the player phase, uncapped (W13)
    matching: tuple[int, ...] = ()
    perfect: bool = False
    overflow: str | None = None  # the phase that overflowed: "player" or "refill"
    removed: int = 0  # stones removed by player-phase matches
    drop: Drop | None = None
    rng: Rng | None = None  # the refill generator after this move's draws
    collected: list[int] = field(default_factory=lambda: [0] * len(COLOURS))
    events: list[Event] | None = None


def over_capacity(bowls: list[str]) -> list[int]:
    return [b for b, queue in enumerate(bowls) if len(queue) > CAPACITY]


def player_phase(position: Position, bowl: int, outcome: Sowing) -> tuple[list[str], set[int]]:
    """W6-W11 for the player's sowing; returns the resolved queues and erupted volcanoes."""
    bowls = list(position.bowls)
    hand = bowls[bowl]
    bowls[bowl] = ""
    log = outcome.events
    if log is not None:
        log.append({"type": "pickup", "bowl": bowl, "stones": hand})
    sow_hand(bowls, bowl, hand, bool(position.mods[bowl][REVERSE]), log)
    erupted: set[int] = set()
    removed, matching = resolve(bowls, position.mods, erupted, log, outcome.collected)
    outcome.removed = removed
    outcome.combo = len(matching)
    outcome.matching = tuple(sorted(matching))
    return bowls, erupted


def sow(
    position: Position,
    bowl: int,
    refill: Rng | None = None,
    special: bool = False,
    log: bool = False,
) -> Sowing:
    """Play ``sow bowl`` (the caller checked ``refusal`` first).

    ``refill``: the generator to refill from after a safe player phase, or
    None for no refill; ``special``: Endless events (W17); ``log``: collect
    renderer events in ``outcome.events``.
    """
    outcome = Sowing(position, rng=refill, events=[] if log else None)
    events = outcome.events
    bowls, erupted = player_phase(position, bowl, outcome)
    overflowing = over_capacity(bowls)
    if overflowing:  # W12: defeat; the phase's points are not awarded
        return _overflow(outcome, position, bowls, "player", overflowing, position.score)
    points = STONE_POINTS * outcome.removed * multiplier(outcome.combo)
    if events is not None and outcome.removed:
        events.append({"type": "points", "phase": "player", "stones": outcome.removed,
                       "combo": outcome.combo, "multiplier": multiplier(outcome.combo),
                       "points": points})
    if not any(bowls):  # W14: after the safe player phase, before any refill
        outcome.perfect = True
        points += PERFECT_POINTS
        if events is not None:
            events.append({"type": "perfect", "points": PERFECT_POINTS})
    score = position.score + points
    outcome.points = points
    if refill is not None:
        refill_points = _refill_phase(outcome, position, bowls, erupted, refill, special)
        if refill_points is None:
            return _overflow(outcome, position, bowls, "refill", over_capacity(bowls), score)
        score += refill_points
        outcome.points += refill_points
    mods, expired = count_down(position.mods)  # W16: after every safe move
    if events is not None:
        events.extend({"type": "expire", "bowl": b, "kind": EVENT_KINDS[k]} for b, k in expired)
    drop = outcome.drop
    for event in drop.modifiers() if drop is not None else ():  # placed after the countdown
        mods = with_modifier(mods, event.target, EVENT_KINDS.index(event.kind), EVENT_MODIFIER_MOVES)
        if events is not None:
            events.append({"type": "modifier", "bowl": event.target, "kind": event.kind,
                           "moves": EVENT_MODIFIER_MOVES})
    outcome.position = Position(tuple(bowls), mods, score, position.moves + 1)
    return outcome


def _refill_phase(
    outcome: Sowing, position: Position, bowls: list[str], erupted: set[int], rng: Rng, special: bool
) -> int | None:
    """W16: two stones join two different bowls and resolve; None on overflow."""
    drop, outcome.rng = draw_refill(rng, position, special)
    outcome.drop = drop
    events = outcome.events
    for index, (stone, bowl) in enumerate(zip(drop.stones, drop.bowls, strict=True)):
        bowls[bowl] += stone
        if events is not None:
            events.append({"type": "refill", "bowl": bowl, "stone": stone, "event": drop.stone_event(index)})
    removed, _ = resolve(bowls, position.mods, erupted, events, outcome.collected)
    if over_capacity(bowls):
        return None
    points = STONE_POINTS * removed  # W15: no multiplier, no combo, no Perfect Clear
    if events is not None and removed:
        events.append({"type": "points", "phase": "refill", "stones": removed, "combo": 0,
                       "multiplier": 1, "points": points})
    return points


def _overflow(
    outcome: Sowing, position: Position, bowls: list[str], phase: str, overflowing: list[int], score: int
) -> Sowing:
    """W12: the board stays as resolved; moves unchanged; this phase's points dropped."""
    outcome.overflow = phase
    if phase == "player":
        outcome.points = 0
    if outcome.events is not None:
        outcome.events.append({"type": "overflow", "phase": phase, "bowls": overflowing})
    outcome.position = Position(tuple(bowls), position.mods, score, position.moves)
    return outcome
