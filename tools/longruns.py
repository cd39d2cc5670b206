"""Long recorded runs of every game, played through the page's own calls by the
greedy bots of ``tools/balance.py`` (the same run every time): what the replay
seek is measured on (``make bench``) and tested on (``tests/test_replay_seek.py``,
``e2e/test_merge_replay_seek.py``).

Each player plays as the page does: merge turns a pair with ``rotate`` and hands
over play time with ``tick``; domino sends frames; bowls sometimes undoes and redoes.
``played(game, moves)`` answers the Session after at least ``moves`` moves (as
the game's end card counts them) or at the run's end, whichever comes first.

    .venv/bin/python tools/longruns.py merge 200
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import balance
from club.blocks.api import Session as Blocks
from club.bowls.api import Session as Bowls
from club.domino.api import Session as Domino
from club.merge.api import Session as Merge
from club.merge.board import CELLS as MERGE_CELLS

#: Each game's start (a fixed deal: the same run every time).
STARTS: dict[str, dict[str, Any]] = {
    "blocks": {"seed": 26},
    "domino": {"seed": 7, "mode": "marathon", "set": "classic"},
    "merge": {"seed": 5, "jokers": True},
    "bowls": {"seed": 1, "mode": "endless"},
}


def merge_move(session: Merge, move: int) -> None:
    """The bot's best placement (balance.merge_value), the pair turned to it by ``rotate``
    as a player turns it, a little play time before it."""
    assert session.place({"cell": merge_aim(session, move), "ms": 700})["accepted"]


def merge_aim(session: Merge, move: int) -> str:
    """Everything of the bot's move but the placement: the play time handed over, the pair
    turned; the cell it places on."""
    state = session.state.round
    options = balance.merge_options(state)
    cells, turn = max(options, key=lambda o: balance.merge_value(state.board, state.current, o[0]))
    if move % 3 == 0:
        assert session.tick({"ms": 1500 + move})["accepted"]
    if len(cells) == 2:
        turns = (turn - state.turn) % 6
        for _ in range(turns if turns <= 3 else 6 - turns):
            assert session.rotate({"step": 1 if turns <= 3 else -1})["accepted"]
    return str(MERGE_CELLS[cells[0]])


def blocks_move(session: Blocks, move: int) -> None:
    """The bot's best drop (most points, then the emptiest board), the re-deal when nothing fits."""
    from club.blocks import rules
    from club.blocks.pieces import CELLS

    state = session.state.state if hasattr(session.state, "state") else session.state
    if state.redeal_offered:
        assert session.redeal({})["accepted"]
        return
    best: tuple[tuple[int, int], int, str] | None = None
    for slot in range(3):
        for index in state.targets(slot):
            after = rules.place(state, slot, CELLS[index]).state
            key = (after.score - state.score, -bin(after.board).count("1"))
            if best is None or key > best[0]:
                best = (key, slot, str(CELLS[index]))
    assert best is not None
    assert session.place({"slot": best[1], "cell": best[2]})["accepted"]


def domino_move(session: Domino, move: int) -> None:
    """The bot's best column and turn, moved there by keys between frames, then a hard drop."""
    game = session.state
    assert game.falling is not None
    steps, _ = max(balance.domino_paths(game.well, game.falling), key=lambda path: balance.domino_value(game.well, path[1]))
    session.tick({"ms": 16 + move % 2})
    for step in steps:
        session.tick({"ms": 17})
        session.move({"move": step})
    session.move({"move": "hard"})


def bowls_move(session: Bowls, move: int) -> None:
    """The bot's best bowl by its player phase; now and then an undo and its redo."""
    attempt = session.state
    position = attempt.position
    choosable = attempt.choosable()
    if not choosable:
        session.end({})
        return
    bowl = max(choosable, key=lambda b: balance.bowls_value(position, b))
    assert session.sow({"bowl": bowl})["accepted"]
    if move % 7 == 3 and session.view({}).get("can_undo"):
        session.undo({})
        session.redo({})


PLAYERS = {"blocks": (Blocks, blocks_move), "domino": (Domino, domino_move),
           "merge": (Merge, merge_move), "bowls": (Bowls, bowls_move)}


def played(game: str, moves: int) -> Any:
    """A Session of ``game`` after ``moves`` moves of its bot (or at the run's end)."""
    kind, move = PLAYERS[game]
    session = kind()
    session.new(dict(STARTS[game]))
    turn = 0
    while session.played(session.state) < moves and not session.over(session.state):
        move(session, turn)
        turn += 1
    return session


def code(game: str, moves: int) -> str:
    """The replay code of ``played(game, moves)``."""
    text = played(game, moves).replay_code()
    assert text is not None, f"{game}: the run is not replayable"
    return text


if __name__ == "__main__":
    game, moves = sys.argv[1], int(sys.argv[2])
    session = played(game, moves)
    print(session.played(session.state), session.over(session.state), len(session.replay_code() or ""))
