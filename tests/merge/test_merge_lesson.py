"""The first lesson's position and the round's chain record.

The lesson (``club.merge.lesson``) is a real round: each step the page's
lesson waits for (web/games/merge/lesson.js: a stone set, a merge, a turn, a
merge) must be a move the engine accepts and answers with that event.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from club.merge import saves
from club.merge.api import Session
from club.merge.board import CELLS, EMPTY, NEIGHBORS, cell_name
from club.merge.lesson import LESSON
from club.merge.notation import board_from_cells as B
from club.merge.notation import parse, print_position
from club.merge.rules import Round, place
from club.outcome import Outcome


def types(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer["events"]]


def lesson() -> Session:
    session = Session()
    session.lesson({})
    return session


def empty_cells(view: dict[str, Any]) -> list[str]:
    return [cell_name(i) for i, v in enumerate(view["board"]) if v == EMPTY]


def test_the_lesson_is_its_notation_and_always_the_same() -> None:
    first, second = lesson(), lesson()
    assert first.view({})["position"] == LESSON == print_position(parse(LESSON))
    assert first.save({}) == second.save({})  # the same PRNG: the same pieces every time
    view = first.view({})
    assert (view["current"], view["next"]) == ({"kind": "single", "stones": [8]}, {"kind": "single", "stones": [2]})
    assert view["moves"] == 0 and not view["over"] and view["jokers"]


@pytest.mark.parametrize("cell", empty_cells(Session().lesson({})))
def test_step_1_the_8_goes_anywhere_and_never_merges(cell: str) -> None:
    answer = lesson().place({"cell": cell})
    assert answer["accepted"] and "set" in types(answer) and "merged" not in types(answer)
    assert answer["view"]["current"] == {"kind": "single", "stones": [2]}


def test_steps_2_to_4_merge_three_turn_the_pair_merge_again() -> None:
    s = lesson()
    assert s.place({"cell": "0:-3"})["accepted"]  # step 1, far from everything
    twos = {i for i, v in enumerate(s.view({})["board"]) if v == 2}
    beside = sorted({j for i in twos for j in NEIGHBORS[i] if s.view({})["board"][j] == EMPTY})
    assert beside, "the two 2s have free neighbours"
    for j in beside:  # step 2: the 2 next to either 2 merges, wherever
        trial = lesson()
        trial.place({"cell": "0:-3"})
        answer = trial.place({"cell": cell_name(j)})
        merged = [e for e in answer["events"] if e["type"] == "merged"]
        assert [(e["value"], e["result"], len(e["cells"])) for e in merged] == [(2, 4, 3)]
    answer = s.place({"cell": "0:1"})
    assert [e["target"] for e in answer["events"] if e["type"] == "merged"] == ["0:1"]
    view = answer["view"]
    assert view["current"] == {"kind": "pair", "stones": [4, 4]} and view["can_rotate"]  # step 3: a pair
    turned = s.rotate({"step": 1})
    assert turned["accepted"] and types(turned) == ["turn"] and turned["view"]["turn"] == 1
    # step 4: the pair (turn 1: partner south-east) with its anchor beside the new 4 at 0:1
    answer = s.place({"cell": "-1:1"})
    merged = [e for e in answer["events"] if e["type"] == "merged"]
    assert answer["accepted"] and [(e["value"], e["result"]) for e in merged] == [(4, 8)]
    assert answer["view"]["current"]["kind"] == "single" and not answer["view"]["over"]


def test_the_lesson_leaves_the_players_run_alone() -> None:
    s = Session()
    s.new({"seed": 9})
    before = s.save({})
    other = Session()
    other.lesson({})
    assert s.save({}) == before and other.save({}) != before


# ----- the chain record ---------------------------------------------------------------
CHAIN_2 = f"{B('-2:0=2 -1:0=2 1:-1=4 2:-2=*')} 2 8 0 4"


def scored(done: Outcome[Round]) -> dict[str, Any]:
    """The move's ``scored`` event: its points, groups and chain steps (M10)."""
    return next(e for e in done.events if e["type"] == "scored")


def test_the_round_keeps_its_longest_chain_and_a_save_carries_it() -> None:
    state = parse(CHAIN_2)
    assert state.best_chain == 0
    done = place(state, CELLS[[str(c) for c in CELLS].index("0:0")])
    state = done.state
    assert scored(done)["chain"] == 2 and state.best_chain == 2
    done = place(state, CELLS[0])  # an 8 far away: no chain, the record stays
    state = done.state
    assert scored(done)["chain"] == 0 and state.best_chain == 2
    run = saves.Run(state)
    assert saves.load(saves.dump(run)) == run
    s = Session()
    s.load({"save": saves.dump(run)})
    assert s.view({})["best_chain"] == 2


def test_a_save_from_before_the_chain_record_loads_with_none() -> None:
    save = json.loads(saves.dump(saves.Run(parse(CHAIN_2))))
    assert "best_chain" not in save["data"]  # a round without a chain is saved as it was before chains were recorded
    assert saves.load(json.dumps(save)).round.best_chain == 0
    save["data"]["best_chain"] = -1
    with pytest.raises(Exception, match="best_chain"):
        saves.load(json.dumps(save))


def test_the_geometry_names_every_cell_by_row_and_place() -> None:
    geometry = Session().geometry({})
    places = geometry["places"]
    assert len(places) == 37 and places["0:-3"] == [1, 1] and places["3:-3"] == [1, 4] and places["-3:0"] == [4, 1]
    assert sorted(map(tuple, places.values())) == [(r + 1, c + 1) for r, n in enumerate(geometry["rows"]) for c in range(n)]
