"""What the page of Domino Drop receives, typed (P4): the view of a run,
the falling tile of a frame, the frame answers of ``tick`` and ``soft``.

Every number the page shows comes from here, worked out by the rules: the
Power a turn added (``power_gain``, D13), the tiles of the set still to play
with the falling one (``tiles_to_play``, D15), the ghost row and the share of
the gravity step and of the lock delay already spent (D6, D7), and how fast a
held left/right repeats (D8: the page's key repeat takes its timing from here).

>>> from club.domino.rules import new_run
>>> view = describe(new_run("sprint", "classic", seed=3)[0])
>>> view["tiles_left"], view["tiles_to_play"], view["power_gain"], view["falling"]["ghost"]
(27, 28, 0, 15)
>>> view["repeat_delay"], view["repeat_every"]
(170, 50)
"""

from __future__ import annotations

from typing import TypedDict

from club.domino import rules
from club.domino.events import Best, Event, Half
from club.domino.falling import landing_row
from club.domino.preview import Landing, landing
from club.domino.rules import Game
from club.domino.well import print_well


class FallingView(TypedDict):
    """The falling tile: pips, place, ghost row (D5), halves relative to ``col``/``row``;
    ``fall`` the share of the gravity step already elapsed, ``lock`` that of the lock delay."""

    a: int
    b: int
    col: int
    row: int
    orient: int
    ghost: int
    halves: list[Half]  # [dcol, drow, pips, link] relative to col/row
    fall: float
    lock: float


class View(TypedDict):
    """Everything the page draws of a run (snake_case keys)."""

    mode: str
    set: str
    width: int
    height: int
    well: str
    cells: list[Half]  # [col, row, pips, link] of every occupied cell
    falling: FallingView | None
    next: list[int] | None
    max: int
    power: int
    power_gain: int  # what the last turn added to Power (D13)
    speed: float  # Power per minute of active time, one decimal (D13, D17)
    set_number: int
    sets_done: int  # sets whose every tile was played (the end card)
    tiles_left: int  # tiles of the set not yet appeared
    tiles_to_play: int  # and the falling one: the HUD's "Left" (D15)
    gravity: int
    turns: int
    points: int
    chain: int
    active_ms: int
    over: bool
    topped_out: bool
    repeat_delay: int  # ms before a held left/right repeats (D8: the page repeats, the engine says how fast)
    repeat_every: int  # ms between its repeats (D8)
    # D18: a run over: the records its end beat and the records of its mode and set after it (the end card,
    # after a reload or a language switch too); None in play, or for a game of no mode
    record: Record | None
    assist: bool  # assist pace (P11): gravity waits for the player; the run is practice
    landing: Landing | None  # at assist pace, the falling tile's landing preview (club.domino.preview); else None


class Record(TypedDict):
    beaten: list[str]
    best: Best


class Tick(TypedDict):
    """The frame path's answer (``tick``): no action, so no full view on every
    frame. ``view``, ``save`` and ``profile`` come only when a turn resolved or
    the run ended (then as an action's answer); else they are None."""

    accepted: bool
    reason: str | None
    events: list[Event]
    falling: FallingView | None
    speed: float
    view: View | None
    save: str | None
    profile: str | None


class Soft(TypedDict):
    """The frame path's answer of ``soft``: whether soft drop is now held (D6)."""

    soft: bool


def speed(game: Game) -> float:
    """D13: Speed as shown, with one decimal."""
    return round(game.speed, 1)


def sets_done(game: Game) -> int:
    """Sets of the run whose every tile was played (D15, D16): the sets before the
    one in play, and that one too once a Sprint played it out (a run tops out
    inside its set; a Marathon's next set begins before its first tile spawns).

    >>> from dataclasses import replace
    >>> from club.domino.rules import new_run
    >>> game = new_run("sprint", "classic", seed=3)[0]
    >>> sets_done(game), sets_done(replace(game, over=True)), sets_done(replace(game, mode="marathon", set_number=3))
    (0, 1, 2)
    >>> sets_done(replace(game, over=True, topped_out=True)), sets_done(replace(game, set_number=0))
    (0, 0)
    """
    done = game.set_number - 1 + (game.over and not game.topped_out)
    return max(0, done)


def describe(game: Game, best: Best | None = None) -> View:
    """The run's view; ``best``: the records of its mode and set (the profile's), for a run over."""
    return {
        "mode": game.mode,
        "set": game.set_kind,
        "width": game.well.width,
        "height": game.well.height,
        "well": print_well(game.well),
        "cells": [[c, r, p, link] for c, r, p, link in game.well.occupied()],
        "falling": falling_view(game),
        "next": list(game.next_tile) if game.next_tile else None,
        "max": game.max_turn,
        "power": game.power,
        "power_gain": rules.power_gain(game.points),
        "speed": speed(game),
        "set_number": game.set_number,
        "sets_done": sets_done(game),
        "tiles_left": game.tiles_left,
        "tiles_to_play": game.tiles_left + (game.falling is not None),
        "gravity": game.gravity,
        "turns": game.turns,
        "points": game.points,
        "chain": game.chain,
        "active_ms": game.active_ms,
        "over": game.over,
        "topped_out": game.topped_out,
        "repeat_delay": rules.REPEAT_DELAY,
        "repeat_every": rules.REPEAT_EVERY,
        "record": {"beaten": list(game.beaten), "best": best} if game.over and best is not None else None,
        "assist": game.assist,
        "landing": landing(game) if game.assist else None,  # worked out only for the player who hears it
    }


def falling_view(game: Game) -> FallingView | None:
    """The falling tile with its ghost row and, for smooth drawing, the share of
    the current gravity step elapsed (``fall``) or of the lock delay (``lock``,
    while it rests)."""
    tile = game.falling
    if tile is None:
        return None
    interval = min(game.gravity, rules.SOFT_MS) if game.soft else game.gravity
    return {
        "a": tile.a,
        "b": tile.b,
        "col": tile.col,
        "row": tile.row,
        "orient": tile.orient,
        "ghost": landing_row(game.well, tile),
        "halves": [[c - tile.col, r - tile.row, p, link] for c, r, p, link in tile.cells()],
        "fall": 0 if game.rest_ms is not None else round(min(game.fall_ms / interval, 1.0), 3),
        "lock": 0 if game.rest_ms is None else round(game.rest_ms / rules.LOCK_MS, 3),
    }
