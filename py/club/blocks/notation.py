"""The blocks position notation (B22, B23): parse and print, exact round trip.

``board tray score streak meter crowns redeals``, for example the empty run

>>> text = ("...../....../......./......../........./......../......./....../..... "
...         "0:0|0:0,1:0|0:0,-1:1,0:1 0 0 0 0 1")
>>> print_position(parse(text)) == text
True
>>> parse(text.replace(" 0 0 0 0 1", " 0 0 9 0 1"))
Traceback (most recent call last):
...
club.errors.NotationError: meter: meter must be 0-5, got 9

The notation carries no PRNG: a parsed position gets ``rng`` (default: the
fixed ``Rng.from_seed(0)``) so that dealing and the re-deal still work.
"""

from __future__ import annotations

from club.blocks.pieces import BY_TEXT, INDEX, RADIUS
from club.blocks.rules import DEFAULT_RNG, ROW_MASKS, State
from club.errors import NotationError, parse_count, split_fields
from club.hexgrid import reading_rows
from club.rng import Rng

FIELDS = ("board", "tray", "score", "streak", "meter", "crowns", "redeals")
_BOARD_ROWS = reading_rows(RADIUS)


def parse_board(text: str) -> int:
    """The ``board`` field as a bitmask; a complete row is corrupt (B23)."""
    lines = text.split("/")
    if len(lines) != len(_BOARD_ROWS):
        raise NotationError("board", f"expected {len(_BOARD_ROWS)} rows, got {len(lines)}")
    board = 0
    for number, (line, cells) in enumerate(zip(lines, _BOARD_ROWS, strict=False)):
        if len(line) != len(cells):
            raise NotationError(
                "board", f"row {number + 1} must have {len(cells)} cells, got {len(line)}"
            )
        for char, cell in zip(line, cells, strict=False):
            if char == "x":
                board |= 1 << INDEX[cell]
            elif char != ".":
                raise NotationError("board", f"row {number + 1}: unknown cell {char!r}")
    for mask in ROW_MASKS:
        if board & mask == mask:
            raise NotationError("board", "the board holds a complete row")
    return board


def print_board(board: int) -> str:
    return "/".join(
        "".join("x" if board >> INDEX[c] & 1 else "." for c in cells) for cells in _BOARD_ROWS
    )


def parse_tray(text: str) -> tuple:
    slots = text.split("|")
    if len(slots) != 3:
        raise NotationError("tray", f"expected 3 slots separated by '|', got {len(slots)}")
    tray = []
    for number, slot in enumerate(slots):
        if slot == "-":
            tray.append(None)
        elif slot in BY_TEXT:
            tray.append(BY_TEXT[slot])
        else:
            raise NotationError("tray", f"slot {number} is not a canonical piece: {slot!r}")
    if tray == [None, None, None]:
        raise NotationError("tray", "all three slots are used")
    return tuple(tray)


def print_tray(tray: tuple) -> str:
    return "|".join("-" if p is None else p.text for p in tray)


def parse(text: str, rng: Rng = DEFAULT_RNG, drops: int = 0, rows: int = 0) -> State:
    """A position from notation; raises ``NotationError`` naming the bad field."""
    fields = split_fields(text, FIELDS)
    return State(
        board=parse_board(fields["board"]),
        tray=parse_tray(fields["tray"]),
        score=parse_count(fields["score"], "score"),
        streak=parse_count(fields["streak"], "streak"),
        meter=parse_count(fields["meter"], "meter", 0, 5),
        crowns=parse_count(fields["crowns"], "crowns"),
        redeals=parse_count(fields["redeals"], "redeals", 0, 1),
        rng=rng,
        drops=drops,
        rows=rows,
    )


def print_position(state: State) -> str:
    return " ".join(
        (
            print_board(state.board),
            print_tray(state.tray),
            str(state.score),
            str(state.streak),
            str(state.meter),
            str(state.crowns),
            str(state.redeals),
        )
    )
