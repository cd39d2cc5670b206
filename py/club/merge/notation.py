"""Position text (M16) and the action grammar (M17).

``board current next score moves``; the board is 7 rows top to bottom
separated by ``/``, each row's cells in reading order separated by ``,``:
``.`` empty, a number, ``*`` a joker.

>>> text = ".,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. 2 4-2 0 0"
>>> print_position(parse(text)) == text
True
>>> parse(text.replace("0 0", "0 x"))
Traceback (most recent call last):
...
club.errors.NotationError: moves: moves must be an integer >= 0, got 'x'
>>> board_from_cells("0:-3=2 0:0=* -3:3=16")
'2,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,*,.,.,./.,.,.,.,.,./.,.,.,.,./16,.,.,.'
>>> parse_action("place -2:1@3")
(Hex(q=-2, r=1), 3)
>>> parse_action("place 0:0@6") is None
True
"""

from __future__ import annotations

from club.errors import NotationError, parse_count, split_fields
from club.hexgrid import Hex
from club.merge.board import EMPTY, EMPTY_BOARD, JOKER, ROW_LENGTHS, Board, cell_index, highest_number
from club.merge.groups import all_groups, describe
from club.merge.pieces import parse_piece, print_piece
from club.merge.rules import Round

FIELDS = ("board", "current", "next", "score", "moves")


def parse(text: str) -> Round:
    """A round from its position text (turn 0, highest from the board, default PRNG)."""
    fields = split_fields(text, FIELDS)
    board = parse_board(fields["board"])
    return Round(
        board=board,
        current=parse_piece(fields["current"], "current"),
        next=parse_piece(fields["next"], "next"),
        score=parse_count(fields["score"], "score"),
        moves=parse_count(fields["moves"], "moves"),
        highest=highest_number(board),
    )


def print_position(state: Round) -> str:
    return " ".join((
        print_board(state.board), print_piece(state.current), print_piece(state.next),
        str(state.score), str(state.moves),
    ))


def parse_board(text: str) -> Board:
    """The board field; a wrong shape, a bad cell or a standing group is corrupt."""
    rows = text.split("/")
    if len(rows) != len(ROW_LENGTHS):
        raise NotationError("board", f"board must have {len(ROW_LENGTHS)} rows, got {len(rows)}")
    cells: list[int] = []
    for number, (row, length) in enumerate(zip(rows, ROW_LENGTHS, strict=False), start=1):
        tokens = row.split(",")
        if len(tokens) != length:
            raise NotationError("board", f"row {number} must have {length} cells, got {len(tokens)}")
        cells.extend(parse_cell(token, number) for token in tokens)
    groups = all_groups(cells)
    if groups:
        raise NotationError("board", f"the board holds a group that should have merged: {describe(groups[0])}")
    return tuple(cells)


def parse_cell(token: str, row: int) -> int:
    if token == ".":
        return EMPTY
    if token == "*":
        return JOKER
    if token.isascii() and token.isdigit() and token[0] != "0" and len(token) <= 1000:
        value = int(token)
        if value >= 2 and value & (value - 1) == 0:
            return value
    raise NotationError("board", f"row {row}: a cell must be ., * or a power of two >= 2, got {token[:20]!r}")


def print_board(board: Board) -> str:
    rows, start = [], 0
    for length in ROW_LENGTHS:
        rows.append(",".join(print_cell(v) for v in board[start:start + length]))
        start += length
    return "/".join(rows)


def print_cell(value: int) -> str:
    return "." if value == EMPTY else "*" if value == JOKER else str(value)


def parse_action(text: str) -> tuple[Hex, int | None] | None:
    """``place Q:R`` or ``place Q:R@K`` -> (cell, K or None); None when malformed."""
    verb, space, rest = text.partition(" ") if isinstance(text, str) else ("", "", "")
    if verb != "place" or not space:
        return None
    cell_text, at, turn_text = rest.partition("@")
    try:
        cell = Hex.parse(cell_text)
    except ValueError:
        return None
    if not at:
        return cell, None
    if len(turn_text) != 1 or turn_text not in "012345":
        return None
    return cell, int(turn_text)


def board_from_cells(cells: str) -> str:
    """The board field from ``Q:R=V`` items (all other cells empty), for tests and bug reports.

    Not validated: a board holding a group is printed as given.
    """
    board = list(EMPTY_BOARD)
    for item in cells.split():
        name, _, token = item.partition("=")
        index = cell_index(Hex.parse(name))
        if index < 0:
            raise ValueError(f"{name} is off the board")
        board[index] = parse_cell(token, 0)
    return print_board(tuple(board))
