"""A run of Domino Drop: spawn, moves, gravity, lock delay, turns, sets, the end.

Every function is pure: it takes a ``Game``; a player's step returns an
``Outcome`` (``club.outcome``): the new ``Game`` and the renderer's events, or
a refusal reason. Time only passes through ``advance(game, ms)`` (D8).

A game loaded from notation has no mode: it has no set, tiles come from
``spawn``/``drop`` (D20) and no tile appears by itself. A run (``new_run``)
draws its tiles from shuffled sets and spawns the next one after each turn.

>>> game, _ = new_run("sprint", "classic", seed=1)
>>> game.falling.col, game.falling.row, game.falling.orient, len(game.queue)
(3, 0, 0, 27)
>>> after = advance(game, 800)
>>> after.reason, after.state.falling.row
(None, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from club.domino.events import Event, LockedEvent, MovedEvent, ScoredEvent, SpawnedEvent
from club.domino.falling import Falling, fits, landing_row, moved, resting
from club.domino.notation import Position
from club.domino.resolve import resolve
from club.domino.tiles import Tile, shuffled_set
from club.domino.well import Well
from club.outcome import Outcome
from club.rng import Rng

START_GRAVITY = 800  # ms per row at the start (D6)
MIN_GRAVITY = 100
FASTER_PERCENT = 15  # each new Marathon set makes gravity this much faster (D6)
SOFT_MS = 50  # ms per row while soft drop is held (D6)
LOCK_MS = 500  # lock delay (D7)
LOCK_RESETS = 15  # restarts of the lock delay per tile (D7)
REPEAT_DELAY = 170  # ms a held left/right waits before it repeats (D8, the input layer's key repeat)
REPEAT_EVERY = 50  # ms between repeated moves of a held left/right (D8)
MODES = ("sprint", "marathon")
RECORDS = ("max", "power", "speed")  # the records kept per mode and set (D18)
NO_RNG = Rng(0)  # a notation-loaded game draws nothing


@dataclass(frozen=True, slots=True)
class Game:
    """The whole state of a run; ``rest_ms`` is None while the tile can move down."""

    well: Well
    max_turn: int = 0
    power: int = 0
    falling: Falling | None = None
    fall_ms: int = 0  # since the tile appeared or last moved down a row (D7)
    rest_ms: int | None = None  # lock delay elapsed while the tile rests (D7)
    resets: int = 0  # lock delay restarts used by this tile (D7)
    soft: bool = False  # soft drop held (D6); the input layer sets it
    gravity: int = START_GRAVITY
    over: bool = False
    topped_out: bool = False
    started: bool = False  # the first tile has appeared: active time runs (D17)
    active_ms: int = 0
    turns: int = 0
    points: int = 0  # T of the last resolved turn
    chain: int = 0  # cascade steps that cancelled something in that turn
    mode: str = ""  # "" for a notation-loaded game, else one of MODES
    set_kind: str = "classic"
    set_number: int = 0  # set of the tile in play (1 = first)
    queue: tuple[Tile, ...] = ()  # tiles still to come, front first
    queue_set: int = 0  # set the queued tiles belong to
    rng: Rng = NO_RNG
    beaten: tuple[str, ...] = ()  # the records (RECORDS) the run's end beat (D18): its end card says so after a reload
    # assist pace (P11, docs/decisions.md): gravity and the lock delay wait for the player; the tile moves down
    # only by the player's soft or hard drop. Chosen when the run starts and kept in it: such a run is practice
    assist: bool = False

    @property
    def position(self) -> Position:
        return Position(self.well, self.max_turn, self.power)

    @property
    def speed(self) -> float:
        """Power per minute of active play time (D13, D17)."""
        return self.power * 60000 / self.active_ms if self.active_ms else 0.0

    @property
    def next_tile(self) -> Tile | None:
        return self.queue[0] if self.queue else None

    @property
    def tiles_left(self) -> int:
        """Tiles of the current set that have not appeared yet."""
        return len(self.queue) if self.queue_set == self.set_number else 0


def from_position(pos: Position) -> Game:
    """A notation-loaded game: no set, no tile until ``spawn``/``drop`` (D20)."""
    return Game(pos.well, max_turn=pos.max, power=pos.power)


def new_run(mode: str, set_kind: str, seed: int, well: Well | None = None) -> tuple[Game, list[Event]]:
    """Start a Sprint or Marathon with a shuffled set and spawn its first tile."""
    queue, rng = shuffled_set(set_kind, Rng.from_seed(seed))
    game = Game(well or Well.empty(), mode=mode, set_kind=set_kind, queue=queue, queue_set=1, rng=rng)
    return spawn_next(game)


def faster(gravity: int) -> int:
    """Marathon: each new set is 15 % faster, never under 100 ms (D6).

    Integer rounding half up, so CPython and Pyodide agree bit for bit.

    >>> [faster(g) for g in (800, 680, 491, 113)]
    [680, 578, 417, 100]
    """
    return max(MIN_GRAVITY, (gravity * (100 - FASTER_PERCENT) + 50) // 100)


def spawn(game: Game, tile: Tile) -> tuple[Game, list[Event]]:
    """Put ``tile`` at the spawn cells in O0, or end the game when they are taken (D4)."""
    col = game.well.width // 2 - 1
    if not fits(game.well, col, 0, 0):
        over = replace(game, falling=None, rest_ms=None, over=True, topped_out=True, soft=False)
        return over, [{"type": "over", "topped_out": True}]
    falling = Falling(tile[0], tile[1], col, 0, 0)
    rest = 0 if resting(game.well, falling) else None
    game = replace(game, falling=falling, fall_ms=0, rest_ms=rest, resets=0, started=True)
    event: SpawnedEvent = {"type": "spawned", "tile": list(tile), "at": [col, 0, 0], "next": game.next_tile}
    return game, [event]


def spawn_next(game: Game) -> tuple[Game, list[Event]]:
    """Draw the run's next tile; a Marathon set that runs out is refilled at once (D16)."""
    if not game.queue:  # only a finished Sprint gets here
        return replace(game, over=True, falling=None, rest_ms=None), [{"type": "over", "topped_out": False}]
    tile, queue, queue_set, rng = game.queue[0], game.queue[1:], game.queue_set, game.rng
    events: list[Event] = []
    set_number, gravity = game.set_number, game.gravity
    if queue_set != set_number:
        if set_number:
            gravity = faster(gravity)
        set_number = queue_set
        events.append({"type": "set-started", "set": set_number, "gravity": gravity})
    if not queue and game.mode == "marathon":
        queue, rng = shuffled_set(game.set_kind, rng)  # drawn now so the preview shows it
        queue_set += 1
    game = replace(game, queue=queue, queue_set=queue_set, rng=rng, set_number=set_number, gravity=gravity)
    game, more = spawn(game, tile)
    return game, events + more


def lock(game: Game) -> tuple[Game, list[Event]]:
    """Lock the falling tile where it is and resolve the turn."""
    assert game.falling is not None
    cells = game.falling.cells()
    well = game.well.with_cells(cells)
    locked: LockedEvent = {"type": "locked", "cells": [[c, r, p, link] for c, r, p, link in cells]}
    game, events = finish_turn(replace(game, well=well, falling=None, rest_ms=None))
    return game, [locked, *events]


def power_gain(t: int) -> int:
    """D13: the Power a turn of ``t`` cancelled halves adds, ``(T - 1)²`` from 2 halves on.

    >>> [power_gain(t) for t in (0, 1, 2, 3, 4, 5)]
    [0, 0, 1, 4, 9, 16]
    """
    return (t - 1) ** 2 if t >= 2 else 0


def finish_turn(game: Game) -> tuple[Game, list[Event]]:
    """Resolve the whole well, score the turn (D13), then end or go on (D15, D16).

    The ``scored`` event carries the turn's ``power_gain`` (the page shows it, D13).
    """
    turn = resolve(game.well)
    t = turn.points
    game = replace(
        game,
        well=turn.well,
        max_turn=max(game.max_turn, t),
        power=game.power + power_gain(t),
        turns=game.turns + 1,
        points=t,
        chain=turn.chain,
    )
    scored: ScoredEvent = {"type": "scored", "points": t, "chain": turn.chain, "max": game.max_turn, "power": game.power,
              "power_gain": power_gain(t)}
    events: list[Event] = [*turn.events, scored]
    if not game.mode:
        return game, events
    if game.queue_set != game.set_number or not game.queue:
        events.append({"type": "set-finished", "set": game.set_number})
    game, more = spawn_next(game)
    return game, events + more


def move(game: Game, name: str) -> Outcome[Game]:
    """left, right, down (one row), cw, ccw (D5) with the lock delay restarts (D7)."""
    if game.over:
        return Outcome.refuse(game, "over")
    if game.falling is None:
        return Outcome.refuse(game, "no-tile")
    tile = moved(game.well, game.falling, name)
    if tile is None:
        return Outcome.refuse(game, "blocked")
    now_resting = resting(game.well, tile)
    rest, resets, fall = game.rest_ms, game.resets, game.fall_ms
    if name == "down":
        fall, rest = 0, (0 if now_resting else None)  # a row down: gravity counts anew
    elif rest is None:
        rest = 0 if now_resting else None  # it comes to rest now: the delay starts
    elif resets < LOCK_RESETS:
        resets += 1
        rest = 0 if now_resting else None
    elif not now_resting:
        rest = None  # past the cap nothing restarts, but a tile that can fall is not resting
    game = replace(game, falling=tile, fall_ms=fall, rest_ms=rest, resets=resets)
    moved_event: MovedEvent = {"type": "moved", "by": name, "at": [tile.col, tile.row, tile.orient]}
    return Outcome(game, (moved_event,))


def hard_drop(game: Game) -> Outcome[Game]:
    """Straight down as far as it goes, lock at once, resolve (D5)."""
    if game.over:
        return Outcome.refuse(game, "over")
    if game.falling is None:
        return Outcome.refuse(game, "no-tile")
    tile = replace(game.falling, row=landing_row(game.well, game.falling))
    game, events = lock(replace(game, falling=tile))
    slid: MovedEvent = {"type": "moved", "by": "hard", "at": [tile.col, tile.row, tile.orient]}
    return Outcome(game, (slid, *events))


def drop(game: Game, tile: Tile, col: int, orient: int) -> Outcome[Game]:
    """Conformance ``drop``: the tile at row 0, hard-dropped, locked, resolved (D20)."""
    if game.over:
        return Outcome.refuse(game, "over")
    if game.falling is not None:
        return Outcome.refuse(game, "busy")
    if not fits(game.well, col, 0, orient):
        return Outcome.refuse(game, "blocked")
    falling = Falling(tile[0], tile[1], col, 0, orient)
    return hard_drop(replace(game, falling=falling, rest_ms=None, fall_ms=0, resets=0, started=True))


def spawn_tile(game: Game, tile: Tile) -> Outcome[Game]:
    """Conformance ``spawn``: the tile at the spawn cells, or the end of the game (D20)."""
    if game.over:
        return Outcome.refuse(game, "over")
    if game.falling is not None:
        return Outcome.refuse(game, "busy")
    game, events = spawn(game, tile)
    return Outcome(game, tuple(events))


def set_soft(game: Game, held: bool) -> Game:
    """The input layer holds or releases soft drop (D6)."""
    return game if game.soft == held else replace(game, soft=held)


def advance(game: Game, ms: int) -> Outcome[Game]:
    """Let ``ms`` of game time pass: gravity (D6), lock delay (D7), active time (D17);
    with assist pace only active time.

    A lock ends the call: the turn resolves and the rest of ``ms`` only counts
    as play time, so the next tile starts its clocks at zero.
    """
    if game.over:
        return Outcome.refuse(game, "over")
    active = game.active_ms + ms if game.started else game.active_ms
    tile = game.falling
    if tile is None or game.assist:  # assist pace: time only counts as play time (D17), gravity waits
        return Outcome(replace(game, active_ms=active))
    start_row, fall, rest, left = tile.row, game.fall_ms, game.rest_ms, ms
    interval = min(game.gravity, SOFT_MS) if game.soft else game.gravity
    while True:
        if rest is not None:
            due = LOCK_MS - rest
            if left < due:
                fall, rest = fall + left, rest + left
                break
            game = replace(game, falling=tile, fall_ms=fall + due, rest_ms=LOCK_MS, active_ms=active)
            game, events = lock(game)
            return Outcome(game, (*fell_by_gravity(tile, start_row), *events))
        due = max(0, interval - fall)
        if left < due:
            fall += left
            break
        left -= due
        tile = replace(tile, row=tile.row + 1)  # fits: the tile was not resting
        fall, rest = 0, (0 if resting(game.well, tile) else None)
    game = replace(game, falling=tile, fall_ms=fall, rest_ms=rest, active_ms=active)
    return Outcome(game, tuple(fell_by_gravity(tile, start_row)))


def fell_by_gravity(tile: Falling, start_row: int) -> list[Event]:
    if tile.row == start_row:
        return []
    return [{"type": "moved", "by": "gravity", "at": [tile.col, tile.row, tile.orient]}]
