"""Sowing and the resolution loop of one phase (W6-W11).

These work in place on a ``list`` of twelve queue strings (the move builds
the list once and freezes it again), and append renderer events to ``log``
when one is given; the solver and the forecast pass ``None`` and pay nothing
for them.

>>> bowls = ["", "", "RR"] + [""] * 9
>>> sow_hand(bowls, 1, "RGB", False, None)
>>> bowls[:5]
['', '', 'RRR', 'G', 'B']
>>> landing(10, 3, False), landing(1, 2, True)
([(11, 1), (0, 1), (1, 1)], [(0, 1), (11, 1)])
>>> match_bowl("BYGYY")
('BG', [('Y', 3, 0, (1, 3, 4))])
"""

from __future__ import annotations

from club.bowls.events import Event
from club.bowls.position import BLOCKER, COLOURS, JOKER, RING, VOLCANO, Mods

Log = list[Event] | None
# A colour group removed from one bowl: colour, ordinary stones, jokers spent,
# and the queue slots (before this step's match) of every stone that went.
Group = tuple[str, int, int, tuple[int, ...]]

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
NEXT = tuple((b + 1) % RING for b in range(RING))
PREV = tuple((b - 1) % RING for b in range(RING))


def sow_hand(bowls: list[str], source: int, hand: str, reverse: bool, log: Log) -> None:
    """W6: one stone per bowl from the one after ``source``; ice is not skipped."""
    step = -1 if reverse else 1
    bowl = source
    for stone in hand:
        bowl = (bowl + step) % RING
        bowls[bowl] += stone
        if log is not None:
            log.append({"type": "deliver", "from": source, "bowl": bowl, "stone": stone})


def landing(source: int, stones: int, reverse: bool) -> list[tuple[int, int]]:
    """W6: where ``sow_hand`` puts a hand of ``stones`` from ``source``: each bowl it
    reaches, in the order it reaches them, and how many stones it receives there (a
    hand of 12 or more goes round: the emptied source included, some bowls twice).

    >>> landing(5, 13, False)[:2], landing(5, 13, False)[-1], sum(n for _, n in landing(5, 13, False))
    ([(6, 2), (7, 1)], (5, 1), 13)
    """
    step = -1 if reverse else 1
    rounds, extra = divmod(stones, RING)
    return [((source + step * k) % RING, rounds + (k <= extra)) for k in range(1, min(stones, RING) + 1)]


def match_bowl(queue: str) -> tuple[str, list[Group]] | None:
    """W8: the queue left after this bowl's matches and the groups removed, or None.

    Natural groups (3+ of a colour) go whole; then jokers complete the colours
    left with 1-2 stones, smallest shortage first, ties to the colour whose
    first stone stands earlier; the earliest jokers are the ones spent.

    >>> match_bowl("GJPG")
    ('P', [('G', 2, 1, (0, 1, 3))])
    >>> match_bowl("RRRJ"), match_bowl("JJJ")
    (('J', [('R', 3, 0, (0, 1, 2))]), None)
    >>> match_bowl("GJRJPRJ")
    ('P', [('R', 2, 1, (1, 2, 5)), ('G', 1, 2, (0, 3, 6))])
    >>> match_bowl("GJPGJR")
    ('PJR', [('G', 2, 1, (0, 1, 3))])
    """
    if len(queue) < 3:
        return None
    natural: list[str] = []
    partial: list[str] = []
    for colour in COLOURS:
        count = queue.count(colour)
        if count >= 3:
            natural.append(colour)
        elif count:
            partial.append(colour)
    jokers = queue.count(JOKER)
    completed: list[str] = []
    if jokers and partial:
        partial.sort(key=lambda c: (3 - queue.count(c), queue.index(c)))
        for colour in partial:
            need = 3 - queue.count(colour)
            if need > jokers:
                break  # later colours are short by as many or more (W8.2: stop)
            jokers -= need
            completed.append(colour)
    if not natural and not completed:
        return None
    return _remove(queue, natural, completed)


def _remove(queue: str, natural: list[str], completed: list[str]) -> tuple[str, list[Group]]:
    """Take the matched colours and the earliest needed jokers out of ``queue``."""
    gone = set(natural) | set(completed)
    slots: dict[str, list[int]] = {c: [] for c in gone}
    jokers_of: list[str] = []  # which colour each spent joker completes, earliest first
    for colour in completed:
        jokers_of.extend([colour] * (3 - queue.count(colour)))
    rest: list[str] = []
    spent = 0
    for index, stone in enumerate(queue):
        if stone in gone:
            slots[stone].append(index)
        elif stone == JOKER and spent < len(jokers_of):
            slots[jokers_of[spent]].append(index)
            spent += 1
        else:
            rest.append(stone)
    groups = [
        (c, queue.count(c), 3 - queue.count(c) if c in completed else 0, tuple(sorted(slots[c])))
        for c in natural + completed
    ]
    return "".join(rest), groups


def resolve(
    bowls: list[str], mods: tuple[Mods, ...], erupted: set[int], log: Log, collected: list[int]
) -> tuple[int, set[int]]:
    """W7-W11: the loop of one phase. Returns (stones removed by matches, matching bowls).

    ``erupted`` holds the volcanoes that already erupted during this move
    (player and refill phase together, W10) and is updated; ``collected``
    counts the ordinary stones removed per colour (index in COLOURS).
    """
    removed = 0
    matching: set[int] = set()
    volcanoes = [b for b in range(RING) if mods[b][VOLCANO]]
    while True:
        step: list[int] = []
        for bowl in range(RING):
            queue = bowls[bowl]
            if len(queue) < 3:
                continue
            result = match_bowl(queue)
            if result is None:
                continue
            bowls[bowl], groups = result
            step.append(bowl)
            removed += len(queue) - len(bowls[bowl])
            for colour, stones, jokers, slots in groups:
                collected[COLOUR_INDEX[colour]] += stones
                if log is not None:
                    log.append({"type": "match", "bowl": bowl, "colour": colour,
                                "stones": stones, "jokers": jokers, "slots": list(slots)})
        matching.update(step)
        if step:
            _clear_blockers(bowls, step, log)
        ready = [b for b in volcanoes if b not in erupted and len(bowls[b]) >= 6]
        if not ready:
            return removed, matching
        _erupt(bowls, mods, ready, erupted, log)


def _clear_blockers(bowls: list[str], step: list[int], log: Log) -> None:
    """W9: each bowl that matched in this step clears blockers in its two neighbours."""
    for bowl in step:
        for side in (PREV[bowl], NEXT[bowl]):
            queue = bowls[side]
            if BLOCKER in queue:
                bowls[side] = queue.replace(BLOCKER, "")
                if log is not None:  # slots: where the blockers stood in the queue (the page removes those)
                    slots = [k for k, stone in enumerate(queue) if stone == BLOCKER]
                    log.append({"type": "blockers", "bowl": side, "by": bowl, "count": len(slots),
                                "slots": slots})


def _erupt(bowls: list[str], mods: tuple[Mods, ...], ready: list[int], erupted: set[int], log: Log) -> None:
    """W10: all ready volcanoes empty into hands first, then deliver in bowl order."""
    hands = []
    for bowl in ready:
        erupted.add(bowl)
        hands.append(bowls[bowl])
        bowls[bowl] = ""
        if log is not None:
            log.append({"type": "erupt", "bowl": bowl, "stones": hands[-1]})
    for bowl, hand in zip(ready, hands, strict=True):
        sow_hand(bowls, bowl, hand, bool(mods[bowl][1]), log)
