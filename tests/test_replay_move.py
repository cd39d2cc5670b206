"""The replay bar's ←/→ by move (``Replays.replay_move_index``): from any position, the position of
the next or the previous move as the end card counts them, whatever the steps between (domino's
frames, merge's turns); a bad ``by`` or ``index`` refused."""

from __future__ import annotations

import pytest
from club.domino.api import Session
from club.errors import NotationError
from club.replayer import Replays


def opened() -> Replays:
    player = Session()
    player.new({"seed": 5})
    for move in ("left", "hard", "right", "right", "tick", "hard", "cw", "hard"):
        if move == "tick":
            player.tick({"ms": 200})
        else:
            player.move({"move": move})
    replays = Replays(Session())
    replays.replay_open({"code": player.replay_code()})
    return replays


def test_every_position_steps_to_a_move() -> None:
    replays = opened()
    steps = replays.replay_seek({"index": 0})["steps"]
    moves = [replays.replay_seek({"index": i})["move"] for i in range(steps + 1)]
    for index in range(steps + 1):
        ahead = replays.replay_move_index({"index": index, "by": 1})["index"]
        back = replays.replay_move_index({"index": index, "by": -1})["index"]
        # forward: the first position of the next move (or the last position); back: a move's first position before
        assert ahead == steps or (ahead > index and moves[ahead] > moves[ahead - 1] and moves[ahead] == moves[index] + 1)
        assert back == 0 or (back < index and moves[back] > moves[back - 1] and moves[back] >= moves[index] - 1)


BAD = [("by 2", {"index": 0, "by": 2}, "by"), ("by true", {"index": 0, "by": True}, "by"),
       ("by missing", {"index": 0}, "by"), ("index past the end", {"index": 10**6, "by": 1}, "index"),
       ("index negative", {"index": -1, "by": 1}, "index")]


@pytest.mark.parametrize(("name", "payload", "field"), BAD, ids=[row[0] for row in BAD])
def test_a_bad_question_is_refused(name: str, payload: dict, field: str) -> None:
    with pytest.raises(NotationError) as refused:
        opened().replay_move_index(payload)
    assert refused.value.field == field
