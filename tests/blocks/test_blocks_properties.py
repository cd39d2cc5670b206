"""Hypothesis properties of random legal play (blocks)."""

from __future__ import annotations

from club.blocks import rules, saves
from club.blocks.notation import parse, print_position
from club.blocks.pieces import CELLS, PIECES
from club.blocks.rules import ROW_MASKS, State
from hypothesis import given, settings
from hypothesis import strategies as st

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def legal_moves(state: State) -> list[str]:
    moves = [f"place {slot} {CELLS[i]}" for slot in range(3) for i in state.targets(slot)]
    if state.redeals:
        moves.append("redeal")
    return moves


@settings(max_examples=40, deadline=None)
@given(seed=seeds, data=st.data())
def test_random_play_keeps_the_rules(seed, data):
    state = rules.new_state(seed)
    earned = 0
    for _ in range(60):
        moves = legal_moves(state)
        if state.over:
            assert not any(state.fits(s) for s in range(3)) and state.redeals == 0
            break
        assert moves
        action = data.draw(st.sampled_from(moves))
        outcome = rules.act(state, action)
        assert outcome.accepted, action
        state = outcome.state
        # never a full row on the board after an action (B9)
        assert all(state.board & m != m for m in ROW_MASKS)
        # the score is the sum of the events' points
        earned += sum(e["points"] for e in outcome.events if e["type"] == "points")
        assert state.score == earned
        assert 0 <= state.meter <= 5 and any(p is not None for p in state.tray)
        # the notation round-trips every position between actions
        text = print_position(state)
        assert print_position(parse(text)) == text


@settings(max_examples=30, deadline=None)
@given(seed=seeds, data=st.data())
def test_save_load_same_state_same_future(seed, data):
    state = rules.new_state(seed)
    log = []  # the actions played: they replay the run from its seed (below)
    for _ in range(data.draw(st.integers(0, 25))):
        if state.over:
            break
        action = data.draw(st.sampled_from(legal_moves(state)))
        state = rules.act(state, action).state
        log.append(action)
    run = saves.Run(state, seed=seed)
    loaded = saves.load(saves.dump(run))
    assert loaded == run
    # same future: a fixed sequence of moves gives the same results from both
    a, b = state, loaded.state
    for _ in range(15):
        if a.over:
            break
        move = legal_moves(a)[0] if not a.fits(0) else f"place 0 {CELLS[a.targets(0)[-1]]}"
        oa, ob = rules.act(a, move), rules.act(b, move)
        assert oa.events == ob.events
        a, b = oa.state, ob.state
    assert a == b
    # the log replays the run from its seed
    replay = rules.new_state(seed)
    for action in log:
        replay = rules.act(replay, action).state
    assert replay == state


@settings(max_examples=200)
@given(cells=st.sets(st.sampled_from(CELLS)), slots=st.lists(
    st.one_of(st.none(), st.sampled_from(PIECES)), min_size=3, max_size=3),
    counters=st.tuples(*[st.integers(0, 10**6)] * 2, st.integers(0, 5), st.integers(0, 999), st.integers(0, 1)))
def test_notation_round_trip(cells, slots, counters):
    board = sum(1 << CELLS.index(c) for c in cells)
    if any(board & m == m for m in ROW_MASKS) or slots == [None, None, None]:
        return
    score, streak, meter, crowns, redeals = counters
    state = State(board, tuple(slots), score, streak, meter, crowns, redeals)
    text = print_position(state)
    assert print_position(parse(text)) == text
    assert parse(text) == state
