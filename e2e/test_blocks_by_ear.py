"""Blocks played by ear (P11): a script that knows only what a screen reader says.

It reads the live regions (``e2e/heard.py``) and nothing else: no SVG, no
storage, no engine. Each move it presses C (the drops that clear, best first)
and types the best one (T, "2 r3c4", Enter); when nothing clears it presses D
(the board row by row and each piece by its cells from its centre) and types a
beginner's move: the drop whose rows come closest to full, next to filled
cells. It counts every key it presses and checks a beginner's score in few keys
per move; the old page (cells named within rows, an aim that named only the
anchor, no list, no typed move) needed about 150 keys per drop to find its
clears by sweeping the board with the arrows.
"""

from __future__ import annotations

import re

from club.blocks import rules
from club.blocks.api import start
from heard import heard, listen
from playwright.sync_api import Page
from test_blocks import open_blocks

DROPS = 20
SEED = 11
SCORE_FLOOR = 800  # 40 a drop, a sighted beginner's pace (this seed's script: about 1,100; 4,071 in 50 drops)
KEYS_CEILING = 14  # per drop, every key counted (each typed character too)

#: A piece's cells in words (the D key, the tray's labels) -> (rows down, cell numbers on).
DIRECTIONS = {
    "centre": (0, 0), "right": (0, 1), "left": (0, -1), "up left": (-1, 0), "up right": (-1, 1),
    "down left": (1, -1), "down right": (1, 0), "2 right": (0, 2), "2 left": (0, -2),
    "2 up left": (-2, 0), "2 up right": (-2, 2), "2 down left": (2, -2), "2 down right": (2, 0),
    "2 rows straight up": (-2, 1), "2 rows straight down": (2, -1), "up right then right": (-1, 2),
    "up left then left": (-1, -1), "down right then right": (1, 1), "down left then left": (1, -2),
}
BOARD = {(row, n) for row in range(1, 10) for n in range(1, 10) if 6 <= row + n <= 14}


class Ear:
    """The page's keyboard and what it said since the last key."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.keys = 0

    def press(self, key: str, until: str) -> str:
        """Press ``key`` and wait until a message matching ``until`` (a regex) is heard."""
        listen(self.page)
        self.keys += 1
        self.page.keyboard.press(key)
        return self.wait(until)

    def tap(self, key: str) -> None:
        self.keys += 1
        self.page.keyboard.press(key)

    def type_move(self, move: str) -> str:
        listen(self.page)
        self.keys += 2 + len(move)  # T, the move, Enter
        self.page.keyboard.press("t")
        self.page.keyboard.type(move)
        self.page.keyboard.press("Enter")
        return self.wait(r"score [\d,]+\.|Run over|not fit|is used|no cell|Type a piece")

    def wait(self, pattern: str) -> str:
        try:
            self.page.wait_for_function(
                "p => (window.__heard || []).some((h) => new RegExp(p).test(h.text))", arg=pattern, timeout=20_000)
        except Exception as error:  # what was heard instead says what went wrong
            raise AssertionError((pattern, heard(self.page))) from error
        return " ".join(heard(self.page))


def board_and_pieces(said: str) -> tuple[set[tuple[int, int]], dict[int, list[tuple[int, int]]]]:
    """The D key's words: the filled cells (row, cell) and each piece with room, by its cells."""
    filled = set()
    for row, gap, numbers in re.findall(r"Row (\d)(?:: empty|: all filled but cell (\d)|, \d cells? filled: ([\d, ]+))\.", said):
        line = sorted(n for r, n in BOARD if r == int(row))
        if gap:
            filled |= {(int(row), n) for n in line if n != int(gap)}
        elif numbers:
            filled |= {(int(row), int(n)) for n in numbers.split(", ")}
    pieces = {}
    for part in re.split(r" (?=Piece \d:|Slot \d:|6E meter:)", said):
        piece = re.fullmatch(r"Piece (\d): [\w ]+, \d cells?: (.*?)(, no room on the board)?", part)
        if piece and not piece[3]:
            pieces[int(piece[1])] = [DIRECTIONS[w] for w in piece[2].split(", ")]
    return filled, pieces


def beginner_move(filled: set[tuple[int, int]], pieces: dict[int, list[tuple[int, int]]]) -> str | None:
    """A drop that brings rows closest to full, hugging filled cells: what a beginner tries."""
    def lines(cell: tuple[int, int]) -> list[tuple[str, int]]:
        return [("r", cell[0]), ("q", cell[1]), ("s", cell[0] + cell[1])]

    best = None
    for slot, offsets in sorted(pieces.items()):
        for row, n in sorted(BOARD):
            cells = {(row + dr, n + dn) for dr, dn in offsets}
            if not cells <= BOARD or cells & filled:
                continue
            after = filled | cells
            touched = {line for cell in cells for line in lines(cell)}
            full = sum(sum(1 for c in after if line in lines(c)) ** 2 / sum(1 for c in BOARD if line in lines(c))
                       for line in touched)
            hugs = sum(1 for r, c in cells for dr, dn in DIRECTIONS.values() if abs(dr) + abs(dn) <= 2 and
                       ((r + dr, c + dn) in filled or (r + dr, c + dn) not in BOARD) and (dr, dn) != (0, 0))
            value = (full + hugs / 10, -row, -n, -slot)
            if best is None or value > best[0]:
                best = (value, f"{slot} r{row}c{n}")
    return best and best[1]


def test_a_run_played_by_ear_scores_like_a_beginner_in_few_keys(page: Page, boot) -> None:
    open_blocks(page, boot, start(rules.new_state(SEED), SEED))
    ear = Ear(page)
    # The cell cursor and the typed move's refusals, said (not counted in the keys per drop).
    page.locator(".bk-board").focus()
    assert ear.press("ArrowRight", r"^row ") == "row 5, cell 5, empty."  # the first arrow: the centre
    assert ear.press("ArrowRight", r"^row ") == "row 5, cell 6, empty."
    assert ear.type_move("2 r1c1") == "There is no cell r1c1."  # the top row holds cells 5 to 9
    field, view = page.locator(".bk-type").bounding_box(), page.viewport_size  # shown while it has the focus
    assert field["x"] >= 0 and field["x"] + field["width"] <= view["width"] and field["y"] + field["height"] <= view["height"]
    assert page.locator(".bk-type input").bounding_box()["height"] >= 44  # a touch target (P13)
    ear.tap("Escape")
    assert ear.type_move("r3c4").startswith("Type a piece and a cell, like 2 r3c4")
    ear.tap("Escape")  # out of the field: the tray has the focus, as for a player arriving by Tab
    ear.keys = 0
    drops, score, said_one = 0, 0, ""
    while drops < DROPS:
        clears = ear.press("c", r"drops? clears?:|No drop clears")
        first = re.search(r"(\d) r(\d)c(\d)", clears)
        if first:
            move = f"{first[1]} r{first[2]}c{first[3]}"
        else:
            described = ear.press("d", r"^Board: ")
            move = beginner_move(*board_and_pieces(described))
            assert move or "no room" in described, described
            if move is None:  # nothing has room: the re-deal (B14), by its button
                ear.keys += 2
                page.get_by_role("button", name=re.compile("^Re-deal")).focus()
                listen(page)
                page.keyboard.press("Enter")
                ear.wait(r"Three new pieces|Run over")
                if "Run over" in " ".join(heard(page)):
                    break
                continue
        result = ear.type_move(move)
        assert "not fit" not in result and "is used" not in result, (move, result)
        drops += 1
        score = int(re.findall(r"score ([\d,]+)\.", result)[-1].replace(",", ""))
        if first and not said_one:
            said_one = f"{clears} | {move} | {result}"
        if "Run over" in result:
            break
        ear.tap("Escape")  # out of the field: the page's letter keys again
    keys_per_drop = ear.keys / max(drops, 1)
    print(f"\nby ear: {drops} drops, score {score}, {ear.keys} keys, {keys_per_drop:.1f} keys per drop\n{said_one}")
    assert drops >= 20, drops
    assert score >= SCORE_FLOOR, score
    assert keys_per_drop <= KEYS_CEILING, keys_per_drop
