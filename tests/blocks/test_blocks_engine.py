"""Engine behaviour that notation tables cannot show: dealing, events, fits."""

from __future__ import annotations

from collections import Counter

from club.blocks import conform, rules
from club.blocks.notation import parse, print_position
from club.blocks.pieces import BY_SHAPE, CELLS, SHAPES
from club.hexgrid import Hex, rows
from club.rng import Rng

E = "...../....../......./......../........./......../......./....../....."
BOTTOM_GAP = "...../....../......./......../........./......../......./....../x.xxx"
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"


def test_b1_b2_board_and_rows():
    assert len(CELLS) == 61
    assert len(rules.ROWS) == 27 and rows(4) == rules.ROWS
    for axis in range(3):
        assert [len(r) for r in rules.ROWS[axis * 9:(axis + 1) * 9]] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    state = rules.new_state(123)
    assert state.board == 0 and None not in state.tray
    assert (state.score, state.streak, state.meter, state.crowns, state.redeals) == (0, 0, 0, 0, 1)


def test_b4_deal_is_seeded_and_weighted():
    assert rules.new_state(9) == rules.new_state(9)
    shapes, orient = Counter(), Counter()
    rng = Rng.from_seed(2024)
    draws = 0
    for _ in range(22_000):
        tray, rng = rules.deal(rng)
        for piece in tray:
            shapes[piece.shape.name] += 1
            orient[piece.text] += 1
            draws += 1
    for shape in SHAPES:
        expected = draws * shape.weight / 22
        assert abs(shapes[shape.name] - expected) < 5 * expected ** 0.5, shape.name
        per = shapes[shape.name] / len(BY_SHAPE[shape.name])
        for piece in BY_SHAPE[shape.name]:
            assert abs(orient[piece.text] - per) < 5 * per ** 0.5, piece.text


def test_b4_deal_draws_shape_then_orientation():
    rng = Rng.from_seed(77)
    tray, after = rules.deal(rng)
    for piece in tray:
        index, rng = rng.weighted([s.weight for s in SHAPES])
        choice, rng = rng.choice(BY_SHAPE[SHAPES[index].name])
        assert choice is piece
    assert rng == after


def test_b6_third_piece_deals_three_at_once():
    state = conform.load(f"{E} 0:0|0:0|0:0 0 0 0 0 1")
    for n, cell in enumerate(["0:0", "1:0", "2:0"]):
        outcome = rules.act(state, f"place {n} {cell}")
        assert outcome.accepted
        dealt = [e for e in outcome.events if e["type"] == "dealt"]
        assert bool(dealt) == (n == 2)
        state = outcome.state
    expected, rng = rules.deal(Rng.from_seed(0))
    assert state.tray == expected and state.rng == rng
    assert dealt[0]["tray"] == [p.text for p in expected]


def test_b8_fits_and_targets():
    state = conform.load(f"{STUCK} 0:0|0:0,1:0|- 0 0 0 0 1")
    assert state.fits(0) and not state.fits(1) and not state.fits(2)
    assert state.targets(1) == [] and state.targets(2) == []
    empties = [i for i, c in enumerate(CELLS) if not state.filled(c)]
    assert state.targets(0) == empties
    open_board = conform.load(f"{E} 0:0,-1:0,1:0,2:0|-|0:0 0 0 0 0 1")
    assert len(open_board.targets(0)) == 61 - 3 * 9  # a bar across fits L - 3 times in a row of L
    assert open_board.over is False


def test_b9_event_order_and_parts():
    state = conform.load(f"{BOTTOM_GAP} 0:0|-|- 10 4 5 0 1")
    outcome = rules.act(state, "place 0 -3:4")
    kinds = [e["type"] for e in outcome.events]
    assert kinds == ["placed", "cleared", "points", "meter", "crown", "dealt"]
    placed, cleared, points, meter, crown, _dealt = outcome.events
    assert placed["cells"] == ["-3:4"] and placed["shape"] == "single"
    assert cleared["cells"] == ["-4:4", "-3:4", "-2:4", "-1:4", "0:4"] and cleared["count"] == 1
    assert points["parts"] == {"placement": 1, "clear": 50, "streak_bonus": 50, "crown": 600}
    assert points["points"] == conform.act(state, "place 0 -3:4")[1]["points"] == 701
    assert meter == {"type": "meter", "before": 5, "after": 0, "edges": [5]}
    assert crown["won"] == 1 and crown["crowns"] == 1
    assert outcome.state.score == 711


def test_b12_meter_edges_wrap():
    nine = "xxxx./xxx.xx/xx..xxx/xx.xxxxx/..xxxxx../.xxxxxx./xx.xxxx/x..xxx/...xx"
    state = conform.load(f"{nine} 0:0,2:-1,1:0,-1:1|0:0|- 0 0 5 0 1")
    outcome = rules.act(state, "place 0 0:-2")
    meter = next(e for e in outcome.events if e["type"] == "meter")
    assert meter["edges"] == [5, 0, 1, 2, 3, 4, 5, 0, 1] and meter["after"] == 2
    assert next(e for e in outcome.events if e["type"] == "crown")["won"] == 2


def test_b14_redeal_replaces_all_three_from_the_run_rng():
    state = conform.load(f"{E} 0:0|-|- 5 2 1 0 1")
    outcome = rules.act(state, "redeal")
    expected, rng = rules.deal(state.rng)
    assert outcome.state.tray == expected and outcome.state.rng == rng
    assert outcome.events == ({"type": "dealt", "why": "redeal", "tray": [p.text for p in expected]},)
    report = conform.act(state, "redeal")[1]
    assert (report["points"], report["cleared"], outcome.state.redeals) == (0, 0, 0)


def test_b14_redeal_offered_when_nothing_fits():
    assert conform.load(f"{STUCK} 0:0,1:0|-|- 0 0 0 0 1").redeal_offered
    assert not conform.load(f"{STUCK} 0:0,1:0|0:0|- 0 0 0 0 1").redeal_offered
    assert not conform.load(f"{STUCK} 0:0,1:0|-|- 0 0 0 0 0").redeal_offered


def test_b15_over_event_after_the_drop_and_the_deal():
    state = conform.load(f"{STUCK} 0:0|0:0,1:0|- 88 0 0 0 0")
    outcome = rules.act(state, "place 0 0:-4")
    assert outcome.events[-1] == {"type": "over", "score": 89}
    assert outcome.state.over


def test_refusals_change_nothing_and_never_raise():
    state = rules.new_state(1)
    for action in [None, 3, "place", "place 0 0:0:0", "place 0 99999999999999999999:0", "\x00"]:
        outcome = rules.act(state, action)
        assert outcome.state is state and outcome.events == ()
        assert outcome.reason in rules.REASONS
    assert rules.place(state, 7, Hex(0, 0)).reason == "bad-action"


def test_parse_print_round_trip_keeps_rng_out_of_the_notation():
    state = rules.new_state(5)
    text = print_position(state)
    again = parse(text, rng=state.rng)
    assert again == state
    assert parse(text).rng == Rng.from_seed(0)
