"""What the page draws (P4): typed, snake_case, complete.

Every number and flag the page shows comes from here, so no rule is worked
out in ``web/``: the best score (M11), whether the clock shows and runs
(M14, M15), whether the pair can turn (M4, M12), whether a round is in
progress (M11), the legal cells, and once per page the board geometry
with the arrow-key targets (M12).

>>> from club.merge.rules import new_round
>>> from club.merge.saves import SLOTS, STYLES, Run
>>> from club.merge.profile import Profile
>>> v = view(Run(new_round(3, jokers=False)), Profile(best=90, best_moves=9, best_highest=16))
>>> v["best"], v["in_progress"], v["clock_runs"], v["timer"], len(v["legal"])
(90, False, False, False, 37)
>>> geometry()["keys"]["0:-3"]["up"], geometry()["keys"]["-3:0"]["up"]
('0:-3', '-2:-1')
>>> geometry()["styles"], geometry()["slots"]
(['colors', 'contrast', 'pastel'], 3)
>>> geometry()["places"]["0:-3"], geometry()["places"]["-1:0"], geometry()["rows"]
([1, 1], [4, 3], [4, 5, 6, 7, 6, 5, 4])
"""

from __future__ import annotations

from typing import Literal, TypedDict

from club.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, reading_rows, target_map
from club.merge.board import CELLS, INDEX, JOKER, RADIUS, ROW_LENGTHS, STEP, cell_name
from club.merge.notation import print_position
from club.merge.pieces import Piece, is_pair
from club.merge.profile import Profile, Settings
from club.merge.rules import Round, clock_runs, end_reason, legal_anchors
from club.merge.saves import SLOTS, STYLES, Run


class PieceView(TypedDict):
    kind: Literal["single", "pair", "joker"]
    stones: list[int]  # anchor first; -1 is the joker


class SettingsView(TypedDict):
    jokers: bool
    style: str
    timer: bool


class SettingsChange(TypedDict, total=False):
    """The settings a ``settings`` call changes (M14): the others stay."""

    jokers: bool
    style: str
    timer: bool


class View(TypedDict):
    board: list[int]  # reading order: 0 empty, -1 joker, else the number
    current: PieceView
    next: PieceView
    turn: int  # M4: direction 0-5 from anchor to partner
    can_rotate: bool  # M4, M12: a pair, round not over
    score: int
    moves: int
    highest: int
    best: int  # M11: the profile's best, or this round's score when higher
    over: bool
    ended: Literal["full", "no-pair-room"] | None  # M6: why the round is over (the end card says it), None before
    in_progress: bool  # a placed stone and not over: abandoning it counts (M11)
    play_ms: int  # M15: active time so far (the page adds what runs since this answer)
    clock_runs: bool  # M15: time counts (first placement made, round not over)
    timer: bool  # M14: the clock is shown
    jokers: bool  # this round's joker mode (the setting applies from the next round)
    style: str
    settings: SettingsView  # M14, for the settings dialog
    legal: list[str]  # cells where the current piece fits in the current turn
    position: str  # M16
    best_chain: int  # M8: the longest chain of this round (the end card's chain record)
    new_best: bool  # M11: the round's end raised the best (the end card's badge, after a reload too)


class ProfileView(TypedDict):
    best: int
    best_moves: int | None
    best_highest: int | None
    rounds: int
    settings: SettingsView


class Geometry(TypedDict):
    radius: int
    cells: list[str]  # reading order, as in ``View.board``
    directions: list[list[int]]  # M4: (dq, dr) of each turn, for drawing a pair
    keys: dict[str, dict[str, str]]  # M12: cell -> screen direction (left, right, up, down) -> the marker's next cell
    styles: list[str]  # M14: the stone styles the settings offer, the default first
    slots: int  # M15: how many save slots the device has
    places: dict[str, list[int]]  # P11: cell -> [row from the top, cell from the left], 1-based, in words
    rows: list[int]  # P11: how many cells each row has, top to bottom (the board read row by row)


class Side(TypedDict):
    """One neighbour of a cell (P11): the side it lies on and what it holds."""

    side: Literal["NW", "NE", "E", "SE", "SW", "W"]  # as the board is drawn: upper left ... left
    cell: str
    stone: int  # 0 empty, -1 joker, else the number


class Around(TypedDict):
    """A cell and its neighbours on the board (P11, key N): clockwise from the upper left."""

    cell: str
    stone: int
    sides: list[Side]


class Summary(TypedDict):
    """What a save slot shows (M15)."""

    score: int
    moves: int
    highest: int
    play_ms: int
    jokers: bool
    style: str
    over: bool
    board: list[int]


class Imported(TypedDict):
    """A slot code read back: its save and what the slot will show (M15)."""

    save: str
    summary: Summary


def piece_view(piece: Piece) -> PieceView:
    kind: Literal["single", "pair", "joker"] = "joker" if piece[0] == JOKER else "pair" if is_pair(piece) else "single"
    return {"kind": kind, "stones": list(piece)}


def settings_view(settings: Settings) -> SettingsView:
    return {"jokers": settings.jokers, "style": settings.style, "timer": settings.timer}


def view(run: Run, profile: Profile) -> View:
    state: Round = run.round
    return {
        "board": list(state.board), "current": piece_view(state.current), "next": piece_view(state.next),
        "turn": state.turn, "can_rotate": is_pair(state.current) and not state.over,
        "score": state.score, "moves": state.moves, "highest": state.highest,
        "best": max(profile.best, state.score), "over": state.over, "ended": end_reason(state),
        "in_progress": state.moves > 0 and not state.over,
        "play_ms": state.play_ms, "clock_runs": clock_runs(state), "timer": profile.settings.timer,
        "jokers": state.jokers, "style": run.style, "settings": settings_view(profile.settings),
        "legal": [cell_name(i) for i in legal_anchors(state)], "position": print_position(state),
        "best_chain": state.best_chain, "new_best": run.new_best,
    }


#: The sides read clockwise from the upper left (P11): NW, NE, E, SE, SW, W.
READING_SIDES = (4, 5, 0, 1, 2, 3)


def around(state: Round, cell: Hex) -> Around:
    """What a cell and its on-board neighbours hold (P11: the page reads them out).

    >>> from club.merge.rules import new_round
    >>> from dataclasses import replace
    >>> state = new_round(3, jokers=False)
    >>> board = list(state.board); board[INDEX[Hex(1, 0)]] = 8; board[INDEX[Hex(0, -1)]] = JOKER
    >>> seen = around(replace(state, board=tuple(board)), Hex(0, 0))
    >>> seen["stone"], [(s["side"], s["cell"], s["stone"]) for s in seen["sides"]][:3]
    (0, [('NW', '0:-1', -1), ('NE', '1:-1', 0), ('E', '1:0', 8)])
    >>> [s["side"] for s in around(state, Hex(0, -3))["sides"]]  # a corner: three sides on the board
    ['E', 'SE', 'SW']
    """
    index = INDEX[cell]
    sides = {k: _side(k, STEP[index][k], state) for k in READING_SIDES if STEP[index][k] >= 0}
    return {"cell": str(cell), "stone": state.board[index], "sides": list(sides.values())}


def _side(direction: int, index: int, state: Round) -> Side:
    return {"side": DIRECTION_NAMES[direction], "cell": cell_name(index), "stone": state.board[index]}  # type: ignore[typeddict-item]


def profile_view(profile: Profile) -> ProfileView:
    return {"best": profile.best, "best_moves": profile.best_moves, "best_highest": profile.best_highest,
            "rounds": profile.rounds, "settings": settings_view(profile.settings)}


def summary(run: Run) -> Summary:
    state = run.round
    return {"score": state.score, "moves": state.moves, "highest": state.highest, "play_ms": state.play_ms,
            "jokers": state.jokers, "style": run.style, "over": state.over, "board": list(state.board)}


def geometry() -> Geometry:
    return {"radius": RADIUS, "cells": [str(c) for c in CELLS], "directions": [list(d) for d in DIRECTIONS],
            "keys": target_map(RADIUS), "styles": list(STYLES), "slots": SLOTS,
            "places": {str(c): [row + 1, col + 1] for row, cells in enumerate(reading_rows(RADIUS))
                       for col, c in enumerate(cells)},
            "rows": list(ROW_LENGTHS)}
