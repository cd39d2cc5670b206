"""Hypothesis properties of Hex Merge (M6-M11, M15, M16).

``literal_move`` below is a second, deliberately naive reading of M7-M10:
it searches every value over the whole board at every step with plain hex
geometry, where the engine searches only from the stones set last with
precomputed tables. The two must agree on every move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from club.hexgrid import Hex, distance, hexagon
from club.merge import saves
from club.merge.api import Session
from club.merge.notation import parse, print_position
from club.merge.rules import Round, legal_anchors, place
from hypothesis import example, given, settings
from hypothesis import strategies as st

CELLS = hexagon(3)
AT = {cell: i for i, cell in enumerate(CELLS)}
J = -1


def components(board: list[int], allowed: set[int]) -> list[set[int]]:
    """Edge-connected components of the cells whose value is in ``allowed``."""
    left = {i for i, v in enumerate(board) if v in allowed}
    found = []
    while left:
        todo = [left.pop()]
        comp = set(todo)
        while todo:
            cell = CELLS[todo.pop()]
            for n in cell.neighbors():
                if n in AT and AT[n] in left:
                    left.discard(AT[n])
                    comp.add(AT[n])
                    todo.append(AT[n])
        found.append(comp)
    return found


def literal_groups(board: list[int]) -> list[tuple[int, set[int]]]:
    """M7 word for word."""
    groups = []
    for v in sorted({x for x in board if x > 0}):
        groups += [(v, c) for c in components(board, {v, J}) if len(c) >= 3 and any(board[i] == v for i in c)]
    in_v_group = set().union(*(c for _, c in groups)) if groups else set()
    groups += [(2, c) for c in components(board, {J}) if len(c) >= 3 and not c & in_v_group]
    return groups


def literal_target(board: list[int], cells: set[int], times: dict[int, int]) -> int:
    """M9 word for word (reading order = index order)."""
    numbers = [c for c in cells if board[c] != J]
    jokers = [c for c in cells if board[c] == J]
    if not numbers:  # pure joker group: its joker set first in this move
        return min((c for c in jokers if c in times), key=lambda c: times[c])
    set_numbers = [c for c in numbers if c in times]
    if set_numbers:
        return min(set_numbers, key=lambda c: times[c])
    first_joker = min((c for c in jokers if c in times), key=lambda c: times[c])
    return min(numbers, key=lambda c: (distance(CELLS[first_joker], CELLS[c]), c))


def literal_move(board: tuple[int, ...], cells: list[int], stones: tuple[int, ...]) -> tuple[list[int], list[list[tuple[int, int]]]]:
    """Board after the move and, per chain step, (target, points) of each group (M8, M10)."""
    work, times, clock = list(board), {}, 0
    for cell, stone in zip(cells, stones, strict=True):
        work[cell], times[cell] = stone, clock
        clock += 1
    steps = []
    while groups := literal_groups(work):
        results = []
        for v, comp in groups:
            n, has_joker = len(comp), any(work[c] == J for c in comp)
            results.append((literal_target(work, comp, times), 2 * v, n * v * 2 ** (n - 3) * (2 if has_joker else 1)))
        for _, comp in groups:
            for c in comp:
                work[c] = 0
                times.pop(c, None)
        for target, value, _ in sorted(results):
            work[target], times[target] = value, clock
            clock += 1
        steps.append(sorted((t, p) for t, _, p in results))
    return work, steps


def break_groups(board: list[int], picks: list[int]) -> list[int]:
    """Empty cells of standing groups until none is left (a valid M16 board)."""
    k = 0
    while groups := literal_groups(board):
        cells = sorted(groups[0][1])
        board[cells[picks[k % len(picks)] % len(cells)]] = 0
        k += 1
    return board


VALUE = st.sampled_from([0, 0, 0, J, 2, 2, 4, 4, 8, 16, 32])
PIECE = st.sampled_from([(2,), (4,), (8,), (J,), (J,), (J,), (2, 2), (2, 4), (4, 4), (8, 2), (4, 8)])
BOARDS = st.tuples(st.lists(VALUE, min_size=37, max_size=37), st.lists(st.integers(0, 99), min_size=1, max_size=5))


@settings(max_examples=400, deadline=None)
@given(BOARDS, PIECE, st.integers(0, 10_000), st.integers(0, 5))
def test_engine_merges_like_the_literal_rules(spec: Any, piece: tuple[int, ...], pick: int, turn: int) -> None:
    """M7-M10 on random group-free boards thick with jokers."""
    board = tuple(break_groups(list(spec[0]), spec[1]))
    state = Round(board=board, current=piece, next=(2,), turn=turn, highest=max(max(board), 0))
    anchors = legal_anchors(state)
    if not anchors:
        return
    anchor = anchors[pick % len(anchors)]
    cells = [anchor] if len(piece) == 1 else [anchor, AT[CELLS[anchor].neighbor(turn)]]
    want_board, want_steps = literal_move(board, cells, piece)
    done = place(state, CELLS[anchor])
    after, steps = done.state, {}
    assert done.accepted
    for event in done.events:  # each group merged, with its chain step, target cell and points (M9, M10)
        if event["type"] == "merged":
            steps.setdefault(event["step"], []).append((AT[Hex.parse(event["target"])], event["points"]))
    assert list(after.board) == want_board
    assert [sorted(steps[step]) for step in sorted(steps)] == want_steps
    assert after.score == sum(p for step in want_steps for _, p in step)


CELL_NAMES = [str(c) for c in CELLS]


def play(session: Session, choices: list[int], ask: Callable[[Session], Any] | None = None) -> list[dict[str, Any]]:
    """Place by choices (anchor index among legal cells, rotations): the results, each with
    ``ask``'s answer about the session right after it (``"asked"``) when given."""
    results = []
    for choice in choices:
        view = session.view({})
        if view["over"]:
            break
        if view["current"]["kind"] == "pair" and choice % 3 == 0:
            session.rotate({"step": 1 if choice % 2 else -1})
            view = session.view({})
        if not view["legal"]:
            session.rotate({"step": 1})
            continue
        result = session.place({"cell": view["legal"][choice % len(view["legal"])], "ms": 250})
        results.append(result if ask is None else {**result, "asked": ask(session)})
    return results


def stuck(session: Session) -> bool:
    """M6: no placement of the current piece is accepted, in any turn."""
    return all(not session.preview({"cell": c, "turn": k})["accepted"] for c in CELL_NAMES for k in range(6))


GAMES = st.tuples(st.integers(0, 2**32 - 1), st.booleans(), st.lists(st.integers(0, 10**6), max_size=70))


@settings(max_examples=60, deadline=None)
@given(GAMES)
# A pair with no spot in its turn but one in another, after which the next piece is a single:
# the test once asked M6's question of the last position instead of each move's.
@example((357431649, False, [19346, 0, 935093, 322813, 56, 1, 94, 1, 64, 1, 1, 590849, 1, 0, 146, 0, 0, 1, 50, 146, 0, 128, 167, 0, 0]))
def test_play_keeps_invariants(game: Any) -> None:
    """After any move no group stands; score = sum of event points; moves, highest (M8, M11, M16)."""
    seed, jokers, choices = game
    session = Session()
    session.new({"seed": seed, "jokers": jokers})
    score = highest = 0
    # M6 asked right after each move: asked after the last one, a pair's answer would be a later piece's.
    for number, result in enumerate(play(session, choices, ask=stuck), start=1):
        view = result["view"]
        assert result["accepted"]
        assert literal_groups(view["board"]) == []
        merged = [e for e in result["events"] if e["type"] == "merged"]
        chains = [e for e in result["events"] if e["type"] == "chain"]
        scored = next(e for e in result["events"] if e["type"] == "scored")
        assert sum(e["points"] for e in merged) == sum(e["points"] for e in chains) == scored["points"]
        assert (scored["groups"], scored["chain"]) == (len(merged), len(chains))
        score += scored["points"]
        highest = max([highest, *view["board"], *(e["result"] for e in merged)])
        assert (view["score"], view["moves"], view["highest"]) == (score, number, highest)
        assert print_position(parse(view["position"])) == view["position"]
        assert view["over"] == (view["legal"] == [] and result["asked"])
        if not jokers:
            assert J not in view["board"]


@settings(max_examples=40, deadline=None)
@given(GAMES, st.lists(st.integers(0, 10**6), max_size=30))
def test_save_load_same_state_same_future(game: Any, future: list[int]) -> None:  # M15
    seed, jokers, choices = game
    one = Session()
    one.new({"seed": seed, "jokers": jokers})
    play(one, choices)
    two = Session()
    assert two.load({"save": one.save({})}) == one.view({})
    assert saves.load(two.save({})) == saves.load(one.save({}))
    assert [r["events"] for r in play(one, future)] == [r["events"] for r in play(two, future)]
    assert one.save({}) == two.save({})


@settings(max_examples=60, deadline=None)
@given(GAMES, st.text(alphabet="0123456789-:@ placex", max_size=14), st.integers(-5, 8))
def test_refused_input_changes_nothing(game: Any, cell: str, turn: int) -> None:  # M5, M17
    seed, jokers, choices = game
    session = Session()
    session.new({"seed": seed, "jokers": jokers})
    play(session, choices)
    before = session.save({})
    result = session.place({"cell": cell, "turn": turn})
    if not result["accepted"]:
        assert result["reason"] in {"bad-action", "over", "off-board", "occupied"}
        assert session.save({}) == before and result["events"] == [] and result["profile"] is None
