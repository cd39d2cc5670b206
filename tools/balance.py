"""``make bench`` (balance part): simple greedy bots play every game through the engines.

For each game it plays ``--seeds`` seeded games (30 by default) with a
one-move-lookahead greedy bot and prints the median, 10th percentile and
maximum of the game length and of the score. Games are capped at ``--cap``
moves (2000); capped games are counted and reported, never hidden. The
amended rules (M3 weight stages, W17 event rolls) should end every bot game
well below 800 moves.

    .venv/bin/python tools/balance.py [--seeds N] [--cap N] [--only NAME...] [--json]

The bots are deliberately plain, so the numbers say how long a careful but
not clever player lasts:

- ``blocks``: every legal drop of every tray piece; most points, then the
  emptiest board, then the fewest cells with a free neighbour left; the
  re-deal when nothing fits (B14).
- ``domino`` (Marathon, classic set): every column and orientation reachable
  from the spawn (rotations and moves along the top row, as a player does),
  hard-dropped; most halves cancelled, then the lowest stack, then the
  fewest covered holes.
- ``merge`` (jokers on and off): every legal placement in all six turns;
  most points, then the fewest stones, then the most equal neighbours of the
  stones just set (setting up the next merge).
- ``bowls`` (Endless): every choosable bowl by its player phase alone (the
  refill is never known, W23): no overflow, most points, then the lowest
  fullest bowl, then the fewest stones left.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from club.blocks import rules as blocks
from club.blocks.pieces import CELLS as BLOCK_CELLS
from club.bowls.attempt import Attempt
from club.bowls.position import Position
from club.bowls.rules import sow
from club.domino import rules as domino
from club.domino.falling import Falling, landing_row, moved
from club.domino.resolve import resolve as resolve_well
from club.domino.well import Well
from club.merge.board import CELLS as MERGE_CELLS
from club.merge.board import EMPTY, NEIGHBORS, STEP
from club.merge.groups import resolve
from club.merge.pieces import is_pair
from club.merge.rules import Round, new_round, place

DEFAULT_SEEDS = 30
DEFAULT_CAP = 2000
SLOW = ["domino-marathon", "merge-jokers-on", "merge-jokers-off", "blocks", "bowls-endless"]


@dataclass(frozen=True, slots=True)
class Played:
    """One bot game: its length in moves, its score, and whether the cap stopped it."""

    moves: int
    score: int
    capped: bool


# ----- blocks ---------------------------------------------------------------------------
def play_blocks(seed: int, cap: int) -> Played:
    state = blocks.new_state(seed)
    while not state.over and state.drops < cap:
        if state.redeal_offered:
            state = blocks.redeal(state).state
            continue
        best: tuple[tuple[int, int], blocks.State] | None = None
        for slot in range(3):
            for index in state.targets(slot):
                after = blocks.place(state, slot, BLOCK_CELLS[index]).state
                key = (after.score - state.score, -bin(after.board).count("1"))
                if best is None or key > best[0]:
                    best = (key, after)
        assert best is not None  # something fits: no re-deal was offered
        state = best[1]
    return Played(state.drops, state.score, not state.over)


# ----- domino ---------------------------------------------------------------------------
def domino_paths(well: Well, tile: Falling) -> list[tuple[list[str], Falling]]:
    """Every tile position reached from the spawn by turning, then moving along the row,
    with the moves that reach it (D5, wall kicks included)."""
    paths = []
    for turns in range(4):
        turned: Falling | None = tile
        for _ in range(turns):
            turned = moved(well, turned, "cw") if turned is not None else None
        if turned is None:
            continue
        paths.append((["cw"] * turns, turned))
        for way in ("left", "right"):
            steps, at = ["cw"] * turns, moved(well, turned, way)
            while at is not None:
                steps = [*steps, way]
                paths.append((steps, at))
                at = moved(well, at, way)
    return paths


def well_shape(well: Well) -> tuple[int, int]:
    """(highest stack height, holes: empty cells with a half somewhere above them)."""
    w, pips = well.width, well.pips
    height = holes = 0
    for c in range(w):
        seen = False
        for r in range(well.height):
            if pips[r * w + c] >= 0:
                if not seen:
                    height = max(height, well.height - r)
                seen = True
            elif seen:
                holes += 1
    return height, holes


def domino_value(well: Well, tile: Falling) -> tuple[int, int, int]:
    """The turn a hard drop here would make (D10-D13): most halves cancelled, lowest, fewest holes."""
    landed = replace(tile, row=landing_row(well, tile))
    turn = resolve_well(well.with_cells(landed.cells()))
    height, holes = well_shape(turn.well)
    return turn.points, -height, -holes


def play_domino(seed: int, cap: int) -> Played:
    game, _ = domino.new_run("marathon", "classic", seed)
    while not game.over and game.turns < cap:
        assert game.falling is not None
        well = game.well
        steps, _ = max(domino_paths(well, game.falling), key=lambda path: domino_value(well, path[1]))
        for step in steps:  # the engine plays the chosen moves and the drop itself
            done = domino.move(game, step)
            assert done.accepted, done.reason
            game = done.state
        done = domino.hard_drop(game)
        assert done.accepted, done.reason
        game = done.state
    return Played(game.turns, game.power, not game.over)


# ----- merge ----------------------------------------------------------------------------
def merge_options(state: Round) -> list[tuple[tuple[int, ...], int]]:
    """(cells anchor first, turn) of every legal placement; equal-stone pairs once per cell pair."""
    board, piece = state.board, state.current
    empty = [i for i, v in enumerate(board) if v == EMPTY]
    if not is_pair(piece):
        return [((i,), state.turn) for i in empty]
    options, seen = [], set()
    for i in empty:
        for turn in range(6):
            j = STEP[i][turn]
            if j < 0 or board[j] != EMPTY:
                continue
            if piece[0] == piece[1]:
                if (min(i, j), max(i, j)) in seen:
                    continue
                seen.add((min(i, j), max(i, j)))
            options.append(((i, j), turn))
    return options


def merge_value(board: tuple[int, ...], piece: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, int, int]:
    after = list(board)
    for i, stone in zip(cells, piece, strict=False):
        after[i] = stone
    steps = resolve(after, {i: order for order, i in enumerate(cells)}, list(cells))
    points = sum(g.points for step in steps for g in step)
    stones = sum(v != EMPTY for v in after)
    friends = sum(after[n] == after[i] for i in cells if after[i] != EMPTY for n in NEIGHBORS[i])
    return points, -stones, friends


def play_merge(seed: int, cap: int, jokers: bool) -> Played:
    state = new_round(seed, jokers=jokers)
    while not state.over and state.moves < cap:
        options = merge_options(state)
        cells, turn = max(options, key=lambda o: merge_value(state.board, state.current, o[0]))
        done = place(replace(state, turn=turn), MERGE_CELLS[cells[0]])
        assert done.accepted, done.reason
        state = done.state
    return Played(state.moves, state.score, not state.over)


# ----- bowls ----------------------------------------------------------------------------
def bowls_value(position: Position, bowl: int) -> tuple[bool, int, int, int]:
    """The player phase only (the refill is unknown, W23): safe, points, lowest peak, fewest stones."""
    after = sow(position, bowl)
    peak = max(len(queue) for queue in after.position.bowls)
    return after.overflow is None, after.points, -peak, -after.position.stones()


def play_bowls(seed: int, cap: int) -> Played:
    attempt = Attempt.start("endless", seed=seed)
    while attempt.status() is None and attempt.position.moves < cap:
        position = attempt.position
        attempt.play(max(attempt.choosable(), key=lambda bowl: bowls_value(position, bowl)))
    return Played(attempt.position.moves, attempt.position.score, attempt.status() is None)


GAMES: dict[str, Callable[[int, int], Played]] = {
    "blocks": play_blocks,
    "domino-marathon": play_domino,
    "merge-jokers-on": lambda seed, cap: play_merge(seed, cap, True),
    "merge-jokers-off": lambda seed, cap: play_merge(seed, cap, False),
    "bowls-endless": play_bowls,
}


def p10(values: list[int]) -> float:
    """The 10th percentile (inclusive method, so 30 games give a value between two of them)."""
    return statistics.quantiles(values, n=10, method="inclusive")[0] if len(values) > 1 else values[0]


def summary(name: str, games: list[Played], seconds: float) -> dict[str, object]:
    lengths, scores = [g.moves for g in games], [g.score for g in games]
    return {
        "game": name, "seeds": len(games), "capped": sum(g.capped for g in games),
        "moves": {"median": statistics.median(lengths), "p10": p10(lengths), "max": max(lengths)},
        "score": {"median": statistics.median(scores), "p10": p10(scores), "max": max(scores)},
        "over_800": sum(g.moves >= 800 for g in games), "cpu_seconds": round(seconds, 1),
    }


def play_one(task: tuple[str, int, int]) -> tuple[str, Played, float]:
    """One game in a worker process: (game name, result, CPU seconds)."""
    name, seed, cap = task
    began = time.process_time()
    played = GAMES[name](seed, cap)
    return name, played, time.process_time() - began


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=DEFAULT_SEEDS, help="games per game (seeds 1..N)")
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP, help="moves after which a game is stopped")
    parser.add_argument("--only", nargs="*", choices=sorted(GAMES), help="play only these games")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (the bots are independent)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.cap < 1 or args.jobs < 1:
        parser.error("--seeds, --cap and --jobs must be at least 1")
    names = args.only or list(GAMES)
    # Slow games first, so the workers finish together.
    tasks = [(name, seed, args.cap) for name in sorted(names, key=SLOW.index) for seed in range(1, args.seeds + 1)]
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        done = pool.map(play_one, tasks, chunksize=1)
    rows = []
    for name in names:
        games = [played for game, played, _ in done if game == name]
        rows.append(summary(name, games, sum(cpu for game, _, cpu in done if game == name)))
    wall = round(time.perf_counter() - began, 1)
    if args.json:
        print(json.dumps({"cap": args.cap, "seeds": args.seeds, "wall_seconds": wall, "games": rows}, indent=1))
    else:
        for row in rows:
            print_row(row)
        print(f"{len(tasks)} games in {wall} s with {args.jobs} worker(s); cap {args.cap} moves")
    return 0


def print_row(row: dict[str, object]) -> None:
    moves, score = row["moves"], row["score"]
    print(f"{row['game']:<17} moves median {moves['median']:>6} p10 {moves['p10']:>7.1f} max {moves['max']:>5}"
          f" | score median {score['median']:>8} p10 {score['p10']:>9.1f} max {score['max']:>7}"
          f" | capped {row['capped']}/{row['seeds']}, >=800 moves {row['over_800']} ({row['cpu_seconds']} s CPU)",
          flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
