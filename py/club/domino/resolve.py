"""Resolution of a turn: settle (D10), match (D11), cascade (D12), count T (D13).

Works on mutable scratch lists of the well's cells (see ``well``) and returns
a new ``Well`` with the renderer's events, one ``fell`` and one ``cancelled``
event per cascade step (``points``: the halves cancelled so far in the turn).

D14, in a 4-wide well: the 2 of a dropped ``2-5`` lands on a resting 2, both
cancel; the single 5 falls onto a 5 and the cascade cancels two more.

>>> from club.domino.well import parse_well, print_well
>>> turn = resolve(parse_well("2r5l..../......../2d....../3u5r1l.."))
>>> print_well(turn.well), turn.points, turn.chain
('......../......../......../3s..1s..', 4, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from club.domino.events import Event, FellPiece
from club.domino.well import Well


@dataclass
class Turn:
    """What one resolution did: the settled well, T, cascade steps, events."""

    well: Well
    points: int = 0
    chain: int = 0
    events: list[Event] = field(default_factory=list)


def resolve(well: Well) -> Turn:
    """Settle and match the whole well until nothing cancels (D12)."""
    w, h = well.width, well.height
    pips, links = list(well.pips), list(well.links)
    turn = Turn(well)
    step = 0
    while True:
        falls = settle(pips, links, w, h)
        if falls:
            turn.events.append({"type": "fell", "step": step, "pieces": falls})
        gone = matches(pips, links, w, h)
        if not gone:
            break
        step += 1
        turn.points += len(gone)  # T so far: the page's pop counts it step by step (D13)
        cells = [[i % w, i // w, pips[i]] for i in gone]
        turn.events.append({"type": "cancelled", "step": step, "cells": cells, "points": turn.points})
        cancel(pips, links, w, gone)
    turn.chain = step
    turn.well = Well(w, h, tuple(pips), tuple(links))
    return turn


def settle(pips: list[int], links: list[str], w: int, h: int) -> list[FellPiece]:
    """Let every unsupported piece fall until all are supported (D9, D10).

    Pieces are taken bottom-up by their lowest row; everything below has
    then reached its final place, so each piece falls straight to its first
    obstacle. That equals the spec's "all fall one row at a time, together":
    two pieces sharing a column keep their order, and a piece stops exactly
    when one of its cells is above a cell of a piece that no longer moves.
    Returns one ``{"cells": [[c, r], ...], "rows": n}`` per piece that fell.
    """
    falls: list[FellPiece] = []
    for r in range(h - 2, -1, -1):
        base = r * w
        for i in range(base, base + w):
            link = links[i]
            if link == "s" or link == "u":
                cells = (i,) if link == "s" else (i - w, i)
                bottoms: tuple[int, ...] = (i,)
            elif link == "r":
                cells = bottoms = (i, i + 1)
            else:
                continue  # empty, or the other half of a piece handled at its anchor
            rows = drop_distance(pips, bottoms, w, h)
            if rows:
                move_down(pips, links, cells, rows * w)
                falls.append({"cells": [[j % w, j // w] for j in cells], "rows": rows})
    return falls


def drop_distance(pips: list[int], bottoms: tuple[int, ...], w: int, h: int) -> int:
    """How many rows the cells ``bottoms`` can fall before a half or the floor."""
    limit = w * h
    best = h
    for i in bottoms:
        rows, j = 0, i + w
        while j < limit and pips[j] < 0:
            rows += 1
            j += w
        best = min(best, rows)
    return best


def move_down(pips: list[int], links: list[str], cells: tuple[int, ...], shift: int) -> None:
    """Move a piece's cells down by ``shift`` indices (lowest cell first)."""
    for i in sorted(cells, reverse=True):
        pips[i + shift], links[i + shift] = pips[i], links[i]
        pips[i], links[i] = -1, "."


def partner(links: list[str], i: int, w: int) -> int:
    """Index of the other half of the piece at ``i``, or -1 for a single half."""
    link = links[i]
    if link == "r":
        return i + 1
    if link == "l":
        return i - 1
    if link == "d":
        return i + w
    if link == "u":
        return i - w
    return -1


def matches(pips: list[int], links: list[str], w: int, h: int) -> list[int]:
    """Indices of every half that cancels now (D11), in reading order."""
    size = w * h
    marked = bytearray(size)
    orthogonal_groups(pips, links, w, size, marked)
    diagonal_runs(pips, w, h, marked)
    return [i for i in range(size) if marked[i]]


def orthogonal_groups(pips: list[int], links: list[str], w: int, size: int, marked: bytearray) -> None:
    """Mark connected equal groups of >= 2 halves not all of one tile."""
    seen = bytearray(size)
    for start in range(size):
        pip = pips[start]
        if pip < 0 or seen[start]:
            continue
        seen[start] = 1
        group, stack = [start], [start]
        while stack:
            i = stack.pop()
            c = i % w
            for j in (i - w, i + w, i - 1 if c else -1, i + 1 if c + 1 < w else -1):
                if 0 <= j < size and not seen[j] and pips[j] == pip:
                    seen[j] = 1
                    group.append(j)
                    stack.append(j)
        if len(group) >= 3 or (len(group) == 2 and partner(links, start, w) != group[1]):
            for i in group:
                marked[i] = 1


def diagonal_runs(pips: list[int], w: int, h: int, marked: bytearray) -> None:
    """Mark runs of >= 3 equal halves along either diagonal."""
    for dc in (1, -1):
        step = w + dc
        for r in range(h):
            for c in range(w):
                i = r * w + c
                pip = pips[i]
                if pip < 0:
                    continue
                pc, pr = c - dc, r - 1  # predecessor on this diagonal: a run starts here only once
                if 0 <= pc < w and pr >= 0 and pips[pr * w + pc] == pip:
                    continue
                length, cc, j = 1, c + dc, i + step
                while 0 <= cc < w and j < w * h and pips[j] == pip:
                    length += 1
                    cc += dc
                    j += step
                if length >= 3:
                    for k in range(length):
                        marked[i + k * step] = 1


def cancel(pips: list[int], links: list[str], w: int, gone: list[int]) -> None:
    """Remove cancelled halves; a surviving partner becomes a single half (D9)."""
    for i in gone:
        j = partner(links, i, w)
        if j >= 0 and pips[j] >= 0:
            links[j] = "s"
    for i in gone:
        pips[i], links[i] = -1, "."
