"""Hypothesis properties: after any resolved turn nothing floats and
nothing matches; Power is the sum of (T - 1)^2; the same seed and the same timed
inputs give the same game; a save reloads to the same state and the same future.

The "floats" and "matches" checks below are written independently of the engine
(straight from D10 and D11), so they test it rather than repeat it.
"""

from __future__ import annotations

from club.domino import rules, saves
from club.domino.notation import parse, print_position
from club.domino.resolve import resolve
from club.domino.well import Well, print_well
from hypothesis import given, settings
from hypothesis import strategies as st

STEP = {"r": (1, 0), "l": (-1, 0), "d": (0, 1), "u": (0, -1)}


@st.composite
def wells(draw, max_pip: int = 3) -> Well:
    """Any well of 2-6 columns and 2-7 rows filled with random pieces (not at rest)."""
    w, h = draw(st.integers(2, 6)), draw(st.integers(2, 7))
    cells: dict[tuple[int, int], tuple[int, str]] = {}
    pip = st.integers(0, max_pip)
    for r in range(h):
        for c in range(w):
            if (c, r) in cells:
                continue
            kinds = ["empty", "empty", "single"]
            if c + 1 < w and (c + 1, r) not in cells:
                kinds.append("across")
            if r + 1 < h:
                kinds.append("down")
            kind = draw(st.sampled_from(kinds))
            if kind == "single":
                cells[(c, r)] = (draw(pip), "s")
            elif kind == "across":
                cells[(c, r)], cells[(c + 1, r)] = (draw(pip), "r"), (draw(pip), "l")
            elif kind == "down":
                cells[(c, r)], cells[(c, r + 1)] = (draw(pip), "d"), (draw(pip), "u")
    text = "/".join(
        "".join(f"{cells[(c, r)][0]}{cells[(c, r)][1]}" if (c, r) in cells else ".." for c in range(w))
        for r in range(h)
    )
    return parse(f"{text} 0 0").well


def pieces(well: Well) -> list[list[tuple[int, int]]]:
    out = []
    for c, r, _, link in well.occupied():
        if link == "s":
            out.append([(c, r)])
        elif link in "rd":
            dc, dr = STEP[link]
            out.append([(c, r), (c + dc, r + dr)])
    return out


def floating(well: Well) -> list[list[tuple[int, int]]]:
    """D10 verbatim: supported = on the bottom row or above a cell of another supported piece."""
    all_pieces = pieces(well)
    owner = {cell: n for n, piece in enumerate(all_pieces) for cell in piece}
    supported = {n for n, piece in enumerate(all_pieces) if any(r == well.height - 1 for _, r in piece)}
    grew = True
    while grew:
        grew = False
        for n, piece in enumerate(all_pieces):
            if n not in supported and any(owner.get((c, r + 1), n) in supported - {n} for c, r in piece):
                supported.add(n)
                grew = True
    return [p for n, p in enumerate(all_pieces) if n not in supported]


def matching(well: Well) -> bool:
    """D11 verbatim: an equal orthogonal pair of two tiles, or three equal on a diagonal."""
    for c, r, pip, link in well.occupied():
        for dc, dr in ((1, 0), (0, 1)):
            if well.inside(c + dc, r + dr) and well.pip(c + dc, r + dr) == pip and STEP.get(link) != (dc, dr):
                return True
        for dc in (1, -1):
            if all(well.inside(c + k * dc, r + k) and well.pip(c + k * dc, r + k) == pip for k in (1, 2)):
                return True
    return False


def halves(well: Well) -> int:
    return sum(p >= 0 for p in well.pips)


@settings(max_examples=300, deadline=None)
@given(wells())
def test_after_a_turn_nothing_floats_and_nothing_matches(well):
    turn = resolve(well)
    assert floating(turn.well) == []
    assert not matching(turn.well)
    assert halves(well) - halves(turn.well) == turn.points  # T counts every half that vanished (D13)
    assert turn.chain <= turn.points // 2
    assert (turn.points == 0) == (turn.chain == 0)


@settings(max_examples=100, deadline=None)
@given(wells(), st.data())
def test_power_is_the_sum_of_t_minus_one_squared(well, data):
    game = rules.from_position(parse(f"{print_well(well)} 0 0"))
    power, best = 0, 0
    for _ in range(12):
        tile = (data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3)))
        col, orient = data.draw(st.integers(-1, well.width)), data.draw(st.integers(0, 3))
        done = rules.drop(game, tile, col, orient)
        game, reason, events = done.state, done.reason, list(done.events)
        if reason is not None:
            continue
        (scored,) = [e for e in events if e["type"] == "scored"]
        t = scored["points"]
        power += (t - 1) ** 2 if t >= 2 else 0
        best = max(best, t)
        assert (game.power, game.max_turn) == (power, best)
        text = print_position(game.position)
        assert print_position(parse(text)) == text


ACTIONS = ["left", "right", "down", "cw", "ccw", "hard", "soft", "release"]


def apply(game: rules.Game, ms: int, action: str) -> rules.Game:
    game = rules.advance(game, ms).state
    if action == "hard":
        game = rules.hard_drop(game).state
    elif action in ("soft", "release"):
        game = rules.set_soft(game, action == "soft")
    else:
        game = rules.move(game, action).state
    return game


script = st.lists(st.tuples(st.integers(0, 900), st.sampled_from(ACTIONS)), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(["sprint", "marathon"]), st.sampled_from(["classic", "extended"]),
       script, st.integers(0, 60))
def test_same_seed_same_inputs_and_save_reload_same_future(seed, mode, kind, steps, cut):
    first, _ = rules.new_run(mode, kind, seed)
    second, _ = rules.new_run(mode, kind, seed)
    for n, (ms, action) in enumerate(steps):
        if n == cut:  # save, reload, go on: the reloaded run must continue identically
            text = saves.dump(second)
            second = saves.load(text)
            assert saves.dump(second) == text
        first, second = apply(first, ms, action), apply(second, ms, action)
        assert first == second
    assert saves.load(saves.dump(first)) == first
