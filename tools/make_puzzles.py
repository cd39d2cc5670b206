"""Make ``py/club/bowls/puzzles.json``: the 100 bowls puzzles (W18), generated and proven.

    .venv/bin/python tools/make_puzzles.py [--fresh] [--out FILE] [--only N] [--tries K]

``--fresh`` remakes every slot (about 5 minutes on a busy 2-core machine) and
reproduces the shipped file byte for byte; without it, slots already made are
read from ``build/puzzle-slots.json``.

The set follows a curriculum (``plan()``): bands of equal move limit from 1
to 7; every goal type and every special (joker, blocker, ice, reverse,
volcano, a temporary modifier) is introduced in the bands with limit <= 3,
then mixed. For each slot the tool draws random starts from a seeded PCG32
(``club.rng``), valid by W18, and surveys every line of play up to the
slot's move count L, recording per depth the best score, the most stones of
each colour collected, the best combo, the fewest stones left, and when
each colour (and the whole board) can first be cleared. From that it picks a
goal that needs exactly L moves (threshold between the best of L-1 moves and
the best of L), proves it with the project's solver (shortest = L, so the
limit L leaves no shorter solution), checks that the slot's specials take
part in that solution, and keeps the candidate with the fewest winning
first moves (a single right start is the fairest hard puzzle). Within a
band the puzzles are ordered by solver effort, so difficulty rises.

Hand curation: ``HAND`` fixes the opening puzzles (puzzle 1 is the first
lesson); titles are made from the goal and specials.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from club.bowls.goals import Goal, parse_goal, print_goal  # noqa: E402
from club.bowls.notation import parse, print_position  # noqa: E402
from club.bowls.phase import match_bowl  # noqa: E402
from club.bowls.position import (  # noqa: E402
    COLOURS,
    ICE,
    NO_MODS,
    PERMANENT,
    REVERSE,
    RING,
    VOLCANO,
    Mods,
    Position,
    count_down,
)
from club.bowls.puzzles import Puzzle, specials, start_problems  # noqa: E402
from club.bowls.rules import sow  # noqa: E402
from club.bowls.solver import SEP, advance, solve  # noqa: E402
from club.rng import Rng  # noqa: E402

OUT = ROOT / "py" / "club" / "bowls" / "puzzles.json"
CACHE = ROOT / "build" / "puzzle-slots.json"  # made slots, so a rerun only redoes what changed
KINDS = ("collect", "clear", "score", "combo", "leave", "empty")
SPECIAL_NAMES = ("joker", "blocker", "ice", "reverse", "volcano", "temporary")
# (limit, how many puzzles): 30 easy ones (limit <= 3) introduce everything first.
BANDS = ((1, 6), (2, 10), (3, 14), (4, 20), (5, 20), (6, 18), (7, 12))
COLOUR_WORDS = {"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow", "P": "Purple"}

# The first lesson, written by hand: one stone makes a triple.
HAND = {
    1: ("First Triple", "-/-/G/R/RR/B/-/-/-/-/-/- 0 0", Goal("collect", "R", 3)),
    4: ("Double Chain", "Y/-/-/BY/RG/RR/GG/P/-/-/-/- 0 0", Goal("combo", count=2)),
    6: ("Clean Sweep", "-/-/-/GB/GG/BB/-/-/-/-/-/- 0 0", Goal("empty")),
}


class Draw:
    """A mutable cursor over the immutable ``Rng`` (the tool only)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def below(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    def between(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def pick(self, items: list | tuple | str):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:  # type: ignore[type-arg]
        out, self.rng = self.rng.shuffled(items)
        return out


@dataclass(frozen=True)
class Slot:
    number: int
    limit: int
    kind: str
    specials: tuple[str, ...]
    hardness: float  # 0: the lowest threshold that needs L moves, 1: the best possible


def plan() -> list[Slot]:
    """The curriculum: per band a goal cycle and the specials each slot must use."""
    intro = {  # band 2 and 3 introduce one special per slot, every goal type with one
        2: [("joker",), ("blocker",), ("ice",), ("reverse",), ("volcano",), ("temporary",), (), (), (), ()],
        3: [("joker",), ("blocker",), ("ice",), ("reverse",), ("volcano",), ("temporary",),
            ("joker",), ("blocker",), ("ice",), ("reverse",), ("volcano",), ("temporary",), (), ()],
    }
    slots: list[Slot] = []
    number = 1
    mixer = Draw(2026)
    for limit, count in BANDS:
        for index in range(count):
            kind = KINDS[(index + limit) % len(KINDS)]
            if limit == 1:
                kind, chosen = KINDS[index], ()
            elif limit in intro:
                chosen = intro[limit][index]
            else:
                chosen = _mix(mixer, limit)
            hardness = min(1.0, (limit - 1) / 4)
            slots.append(Slot(number, limit, kind, chosen, hardness))
            number += 1
    return slots


def _mix(draw: Draw, limit: int) -> tuple[str, ...]:
    """Later bands: 0-3 specials, more as the limit grows."""
    most = 1 if limit == 4 else 2 if limit <= 5 else 3
    howmany = draw.between(0 if limit < 6 else 1, most)
    names = draw.shuffle(list(SPECIAL_NAMES))[:howmany]
    return tuple(sorted(names, key=SPECIAL_NAMES.index))


# -- random starts ----------------------------------------------------------
def build(draw: Draw, slot: Slot) -> Position | None:
    """A random valid start for ``slot`` (or None after too many misses)."""
    limit = slot.limit
    for _ in range(60):
        stones = _stones(draw, slot)
        bowls = _place(draw, stones, limit)
        if bowls is None:
            continue
        mods = _modifiers(draw, bowls, slot)
        if mods is None:
            continue
        position = Position(tuple(bowls), mods)
        if start_problems(position):
            continue
        if set(slot.specials) <= specials(position):
            return position
    return None


def _stones(draw: Draw, slot: Slot) -> list[str]:
    limit = slot.limit
    low, high = 3 + 2 * limit, 6 + (5 * limit) // 2
    if limit >= 6:  # long puzzles on smaller boards: the search (and the bench) stays quick
        low, high = 11 + (limit - 6), 16 + (limit - 6)
    total = draw.between(low, high)
    colours = draw.shuffle(list(COLOURS))[: draw.between(2, min(5, max(2, total // 3)))]
    stones: list[str] = []
    if "joker" in slot.specials:
        stones += ["J"] * (1 if limit < 5 else draw.between(1, 2))
    if "blocker" in slot.specials:
        stones += ["X"] * draw.between(1, 1 + limit // 3)
    left = total - len(stones)
    if slot.kind == "empty":  # colours in threes, jokers filling one short colour
        jokers = stones.count("J")
        for i, colour in enumerate(colours):
            count = draw.pick((3, 3, 4, 5, 6)) if i else 3
            if i == 0 and jokers:
                count = 3 - jokers
            stones += [colour] * count
        return stones
    while left > 0:
        stones.append(draw.pick(colours))
        left -= 1
    return stones


def _place(draw: Draw, stones: list[str], limit: int) -> list[str] | None:
    """Spread the stones over a few bowls, at most 5 each, no ready match.

    Stones often join a bowl already holding one of their colour: pairs are
    what a sowing completes, so chains and combos become possible.
    """
    used = draw.shuffle(list(range(RING)))[: min(RING, max(2, (len(stones) + 2) // 2 + draw.below(3)))]
    bowls = [""] * RING
    for stone in draw.shuffle(stones):
        open_ = [b for b in used if len(bowls[b]) < 5 and bowls[b].count(stone) < 2]
        if not open_:
            return None
        pairing = [b for b in open_ if stone in bowls[b]]
        bowl = draw.pick(pairing if pairing and draw.below(2) else open_)
        bowls[bowl] += stone
    if any(match_bowl(q) is not None for q in bowls):
        return None
    return bowls


def _modifiers(draw: Draw, bowls: list[str], slot: Slot) -> tuple[Mods, ...] | None:
    mods = [list(NO_MODS) for _ in range(RING)]
    full = [b for b in range(RING) if bowls[b]]
    taken: set[int] = set()

    def free(candidates: list[int]) -> int | None:
        pool = [b for b in candidates if b not in taken]
        if not pool:
            return None
        bowl = draw.pick(pool)
        taken.add(bowl)
        return bowl

    for name, kind in (("ice", ICE), ("reverse", REVERSE), ("volcano", VOLCANO)):
        if name not in slot.specials:
            continue
        pool = full if name != "volcano" else [b for b in full if 4 <= len(bowls[b]) <= 5]
        bowl = free(pool)
        if bowl is None:
            return None
        mods[bowl][kind] = PERMANENT
    if "temporary" in slot.specials:
        kind = draw.below(3)
        pool = full if kind != VOLCANO else [b for b in full if 4 <= len(bowls[b]) <= 5]
        bowl = free(pool)
        if bowl is None:
            return None
        mods[bowl][kind] = draw.between(1, max(1, slot.limit - 1))
    return tuple((m[0], m[1], m[2]) for m in mods)


# -- the survey ---------------------------------------------------------------
@dataclass
class Survey:
    """Bests within d moves, for d = 1..depth (index d); ``first_*`` = fewest moves."""

    depth: int
    score: list[int] = field(default_factory=list)
    collect: list[list[int]] = field(default_factory=list)
    combo: list[int] = field(default_factory=list)
    fewest: list[int] = field(default_factory=list)
    first_clear: dict[str, int] = field(default_factory=dict)
    first_empty: int = 0
    states: int = 0
    scores: set[int] = field(default_factory=set)  # every score reached within ``depth``


def survey(position: Position, depth: int) -> Survey:
    """Every line of play up to ``depth`` moves (dedup with per-state bests)."""
    start_stones = position.stones()
    out = Survey(depth, [0] * (depth + 1), [[0] * 5 for _ in range(depth + 1)], [0] * (depth + 1),
                 [start_stones] * (depth + 1))
    present = [c for c in COLOURS if any(c in q for q in position.bowls)]
    layer: dict[tuple[str, tuple[Mods, ...]], tuple[int, ...]] = {
        (SEP.join(position.bowls), position.mods): (0, 0, 0, 0, 0, 0)}
    seen: dict[tuple[str, tuple[Mods, ...]], tuple[int, ...]] = {}
    for d in range(1, depth + 1):
        nxt: dict[tuple[str, tuple[Mods, ...]], tuple[int, ...]] = {}
        for (key, mods), acc in layer.items():
            queues = key.split(SEP)
            after, _ = count_down(mods)
            for bowl in range(RING):
                if not queues[bowl] or mods[bowl][ICE]:
                    continue
                step = advance(queues, mods, bowl)
                if step is None:
                    continue
                new_key, points, combo, counts = step
                new = (acc[0] + points, *(a + c for a, c in zip(acc[1:], counts, strict=True)))
                _record(out, d, new_key, new, combo, present)
                state = (new_key, after)
                old = seen.get(state)
                if old is not None:
                    if all(n <= o for n, o in zip(new, old, strict=True)):
                        continue
                    new = tuple(max(n, o) for n, o in zip(new, old, strict=True))
                seen[state] = new
                nxt[state] = new
        layer = nxt
        for bests in (out.score, out.combo):
            bests[d] = max(bests[d], bests[d - 1])
        out.fewest[d] = min(out.fewest[d], out.fewest[d - 1])
        out.collect[d] = [max(a, b) for a, b in zip(out.collect[d], out.collect[d - 1], strict=True)]
    out.states = len(seen)
    return out


def _record(out: Survey, d: int, key: str, acc: tuple[int, ...], combo: int, present: list[str]) -> None:
    out.score[d] = max(out.score[d], acc[0])
    out.scores.add(acc[0])
    row = out.collect[d]
    for i in range(5):
        if acc[1 + i] > row[i]:
            row[i] = acc[1 + i]
    out.combo[d] = max(out.combo[d], combo)
    stones = len(key) - (RING - 1)
    out.fewest[d] = min(out.fewest[d], stones)
    for colour in present:
        if colour not in key and colour not in out.first_clear:
            out.first_clear[colour] = d
    if stones == 0 and not out.first_empty:
        out.first_empty = d


def pick_goal(draw: Draw, slot: Slot, s: Survey) -> Goal | None:
    """A goal of the slot's kind first reachable in exactly L moves."""
    L, kind = slot.limit, slot.kind
    if kind == "clear":
        colours = [c for c, d in sorted(s.first_clear.items()) if d == L]
        return Goal("clear", draw.pick(colours)) if colours else None
    if kind == "empty":
        return Goal("empty") if s.first_empty == L else None
    if kind == "leave":
        low, high = max(1, s.fewest[L]), s.fewest[L - 1] - 1  # leave 0 would be "empty"
        if high < low or (L > 1 and s.first_empty and s.first_empty <= L - 1):
            return None
        return Goal("leave", count=_between(low, high, 1 - slot.hardness, 1))
    if kind == "combo":
        low, high = s.combo[L - 1] + 1, s.combo[L]
        low = max(low, 2)
        return Goal("combo", count=_between(low, high, slot.hardness, 1)) if low <= high else None
    if kind == "score":
        reached = sorted(n for n in s.scores if s.score[L - 1] < n <= s.score[L])
        if not reached:
            return None
        return Goal("score", count=reached[round((len(reached) - 1) * slot.hardness)])
    options = []
    for i, colour in enumerate(COLOURS):
        low, high = max(3, s.collect[L - 1][i] + 1), s.collect[L][i]
        if low <= high:
            options.append((colour, low, high))
    if not options:
        return None
    colour, low, high = draw.pick(options)
    return Goal("collect", colour, _between(low, high, slot.hardness, 1))


def _between(low: int, high: int, share: float, unit: int) -> int:
    """``low`` + ``share`` of the way to ``high``, on multiples of ``unit``."""
    steps = (high - low) // unit
    return low + unit * round(steps * share)


# -- does the solution use the slot's specials? ---------------------------------
def specials_used(position: Position, moves: tuple[int, ...]) -> set[str]:
    """Which specials take part in playing ``moves`` (from the engine's events).

    Ice takes part when an iced bowl holds stones (a choice denied); a
    temporary modifier when it runs out during the solution and mattered:
    its bowl is sown after the ice melts, sown while reverse, or erupts while
    a volcano.
    """
    used: set[str] = set()
    temporary = [(b, k, position.mods[b][k]) for b in range(RING) for k in range(3)
                 if position.mods[b][k] > 0]
    eruptions: list[tuple[int, int]] = []  # (move number, bowl)
    for number, bowl in enumerate(moves, start=1):
        mods = position.mods
        if any(position.bowls[b] and mods[b][ICE] for b in range(RING)):
            used.add("ice")
        if mods[bowl][REVERSE]:
            used.add("reverse")
        out = sow(position, bowl, log=True)
        for event in out.events or []:
            kind = event["type"]
            if kind == "match" and event["jokers"]:
                used.add("joker")
            elif kind == "blockers":
                used.add("blocker")
            elif kind == "erupt":
                used.add("volcano")
                eruptions.append((number, event["bowl"]))
                if mods[event["bowl"]][REVERSE]:
                    used.add("reverse")
        position = out.position
    for bowl, kind, count in temporary:
        if count >= len(moves):
            continue  # it never runs out while this solution is played
        if (kind == ICE and bowl in moves[count:]) or (kind == REVERSE and bowl in moves[:count]) or (
                kind == VOLCANO and any(b == bowl and n <= count for n, b in eruptions)):
            used.add("temporary")
    return used


# -- choosing ----------------------------------------------------------------
@dataclass
class Candidate:
    position: Position
    goal: Goal
    solution: tuple[int, ...]
    nodes: int
    winning_starts: int


def winning_starts(position: Position, goal: Goal, limit: int) -> int:
    """How many first moves still lead to a solution within ``limit``."""
    from club.bowls.puzzles import judge

    probe = Puzzle(0, "", position, goal, limit, ())
    count = 0
    for bowl in range(RING):
        if not position.bowls[bowl] or position.mods[bowl][ICE]:
            continue
        out = sow(position, bowl)
        status = judge(probe, out.position, out.collected, out.combo)
        if status == "solved" or (
                status is None and solve(out.position, goal, limit - 1, out.collected).solution):
            count += 1
    return count


def candidate(draw: Draw, slot: Slot, taken: set[str], flexible: bool) -> Candidate | None:
    """One random start for ``slot`` with a goal needing exactly its limit, or None.

    ``flexible``: the slot's goal kind proved too rare; take another kind.
    """
    position = build(draw, slot)
    if position is None or rotations(position) & taken:
        return None
    s = survey(position, slot.limit)
    goal = pick_goal(draw, slot, s)
    if goal is None and flexible:
        start = KINDS.index(slot.kind)
        for step in range(1, len(KINDS)):
            other = Slot(slot.number, slot.limit, KINDS[(start + step) % len(KINDS)], slot.specials,
                         slot.hardness)
            goal = pick_goal(draw, other, s)
            if goal is not None:
                break
    if goal is None:
        return None
    found = solve(position, goal, slot.limit)
    if found.solution is None or len(found.solution) != slot.limit:
        return None
    used = specials_used(position, found.solution) & set(slot.specials)
    if (slot.limit <= 3 and used != set(slot.specials)) or (slot.specials and not used):
        return None  # an introduction uses all it introduces; later ones at least one
    return Candidate(position, goal, found.solution, found.nodes,
                     winning_starts(position, goal, slot.limit))


def rotations(position: Position) -> set[str]:
    """The position's bowls field turned to all 12 starting bowls (no near-duplicates)."""
    tokens = print_position(position).split(" ")[0].split("/")
    return {"/".join(tokens[i:] + tokens[:i]) for i in range(RING)}


def best_for(slot: Slot, tries: int, taken: set[str], node_budget: int) -> Candidate:
    """Draw ``tries`` good candidates (more if none yet) and keep the best ranked."""
    draw = Draw(1000 + slot.number)
    best: Candidate | None = None
    good = attempts = 0
    while good < tries or best is None:
        attempts += 1
        if attempts > (400 if slot.limit <= 4 else 40) * tries:
            raise SystemExit(f"slot {slot}: no candidate after {attempts} draws")
        found = candidate(draw, slot, taken, flexible=attempts > (100 if slot.limit <= 4 else 5) * tries)
        if found is None or found.nodes > node_budget:
            continue
        good += 1
        if best is None or _rank(slot, found) < _rank(slot, best):
            best = found
    return best


def _rank(slot: Slot, found: Candidate) -> tuple[int, int]:
    """Fewest winning first moves; then small boards early, more solver work later."""
    second = -found.nodes if slot.limit > 3 else found.position.stones()
    return found.winning_starts, second


def to_json(found: Candidate) -> dict[str, object]:
    return {"position": print_position(found.position), "goal": print_goal(found.goal),
            "solution": list(found.solution), "nodes": found.nodes, "starts": found.winning_starts}


def from_json(data: dict) -> Candidate:  # type: ignore[type-arg]
    return Candidate(parse(data["position"]), parse_goal(data["goal"]), tuple(data["solution"]),
                     data["nodes"], data["starts"])


def hand(number: int) -> Candidate:
    _title, text, goal = HAND[number]
    position = parse(text)
    limit = 1
    while True:
        found = solve(position, goal, limit)
        if found.solution:
            return Candidate(position, goal, found.solution, found.nodes,
                             winning_starts(position, goal, limit))
        limit += 1


# -- titles ---------------------------------------------------------------
ADJECTIVE = {"joker": "Wild", "blocker": "Walled", "ice": "Frozen", "reverse": "Backward",
             "volcano": "Fiery", "temporary": "Fleeting"}
TITLE_PRIORITY = ("temporary", "volcano", "reverse", "blocker", "joker", "ice")  # one word: the rarest


def title(goal: Goal, names: set[str], used: set[str]) -> str:
    noun = {
        "collect": f"{COLOUR_WORDS.get(goal.colour, '')} Harvest",
        "clear": f"No More {COLOUR_WORDS.get(goal.colour, '')}",
        "score": f"{goal.count} Points",
        "combo": {2: "Double", 3: "Triple", 4: "Quadruple"}.get(goal.count, f"{goal.count}-Bowl") + " Chain",
        "leave": f"Down to {goal.count}",
        "empty": "Clean Sweep",
    }[goal.kind]
    words = next((ADJECTIVE[n] for n in TITLE_PRIORITY if n in names), "")
    base = f"{words} {noun}".strip()
    text, number = base, 1
    while text in used:
        number += 1
        text = f"{base} {_roman(number)}"
    return text


def _roman(n: int) -> str:
    return ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][n] if n <= 10 else str(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=6, help="candidates drawn per slot")
    parser.add_argument("--budget", type=int, default=120_000, help="most solver moves per puzzle")
    parser.add_argument("--only", type=int, default=0, help="make only the first N slots (trial)")
    parser.add_argument("--fresh", action="store_true", help="ignore the cache of made slots")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the puzzles")
    args = parser.parse_args()
    slots = plan()[: args.only or None]
    cache = {} if args.fresh or not CACHE.exists() else json.loads(CACHE.read_text())
    taken: set[str] = set()
    made: list[tuple[Slot, Candidate]] = []
    started = time.perf_counter()
    for slot in slots:
        began = time.perf_counter()
        tries = args.tries if slot.limit < 6 else max(1, args.tries // 2)
        tag = f"{slot}|{tries}|{args.budget}"
        if slot.number in HAND:
            best = hand(slot.number)
        elif tag in cache and not args.fresh:
            best = from_json(cache[tag])
        else:
            best = best_for(slot, tries, taken, args.budget)
            if not args.fresh:
                cache[tag] = to_json(best)
                CACHE.parent.mkdir(exist_ok=True)
                CACHE.write_text(json.dumps(cache, indent=0))
        taken |= rotations(best.position)
        made.append((slot, best))
        print(f"{slot.number:3} L{slot.limit} {slot.kind:7} {','.join(slot.specials):24} "
              f"{print_goal(best.goal):12} nodes {best.nodes:7} starts {best.winning_starts} "
              f"{time.perf_counter() - began:5.1f}s", flush=True)
    write(made, args.out)
    print(f"done in {time.perf_counter() - started:.0f}s -> {args.out}")


def write(made: list[tuple[Slot, Candidate]], out: Path) -> None:
    """Order each band by solver effort (difficulty rises), number and title them."""
    ordered = sorted(made, key=lambda pair: (pair[0].limit, pair[0].number != 1, pair[1].nodes, pair[0].number))
    used: set[str] = set()
    entries = []
    for number, (slot, best) in enumerate(ordered, start=1):
        if slot.number in HAND:
            name = HAND[slot.number][0]
        else:
            name = title(best.goal, specials(best.position), used)
        used.add(name)
        puzzle = Puzzle(number, name, best.position, best.goal, len(best.solution), best.solution)
        entries.append(puzzle.to_json())
    out.write_text("[\n" + ",\n".join(json.dumps(e, ensure_ascii=False) for e in entries) + "\n]\n")


if __name__ == "__main__":
    main()
