"""Rule tables in notation, one block per rule id, run by the conformance runner.

Every expected value below is worked out by hand from the spec
(`spec/blocks.md`), never copied from the engine's output.
"""

from __future__ import annotations

import pytest
from club.blocks import conform
from club.conformance import run_case

E = "...../....../......./......../........./......../......./....../....."
T = "0:0|0:0,1:0|0:0,-1:1,0:1"
BOTTOM_GAP = "...../....../......./......../........./......../......./....../x.xxx"  # -3:4 empty
Q4_GAP = "....x/.....x/......./.......x/........x/......../......./....../....."  # q=4, 4:-2 empty
S4_GAP = "x..../x...../......./x......./x......../......../......./....../....."  # s=4, -2:-2 empty
R4_S_4 = "...../....../......./......../........x/.......x/......x/.....x/xxxx."  # r=4 and s=-4, 0:4 empty
THREE = "x...x/.x..x./..x.x../...xx.../xxxx.xxxx/...xx.../..x.x../.x..x./x...x"  # r, q, s = 0 but 0:0
# the 9 rows through 0:-2, 2:-3, 1:-2, -1:-1 (the worm 0:0,2:-1,1:0,-1:1 at 0:-2): 48 cells less 4
NINE = "xxxx./xxx.xx/xx..xxx/xx.xxxxx/..xxxxx../.xxxxxx./xx.xxxx/x..xxx/...xx"
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"  # no pair fits


def case(rule, name, position, actions, **expect):
    return pytest.param({"id": name, "rule": rule, "position": position, "actions": actions,
                         "expect": expect}, id=f"{rule}-{name}")


def pos(board=E, tray=T, score=0, streak=0, meter=0, crowns=0, redeals=1):
    return f"{board} {tray} {score} {streak} {meter} {crowns} {redeals}"


TABLE = [
    # B1 the board starts empty; the notation round-trips
    case("B1", "empty-run", pos(), [], board=E, tray=T, score=0, over=False),
    # B2 rows on all three axes clear
    case("B2", "across-row", pos(BOTTOM_GAP), ["place 0 -3:4"], board=E, cleared=1, points=51),
    case("B2", "q-row", pos(Q4_GAP), ["place 0 4:-2"], board=E, cleared=1, points=51),
    case("B2", "s-row", pos(S4_GAP), ["place 0 -2:-2"], board=E, cleared=1, points=51),
    # B5 a drop at a cell puts the piece's centre there
    case("B5", "centre-on-target", pos(), ["place 2 0:0"],
         board="...../....../......./......../....x..../...xx.../......./....../.....",
         tray="0:0|0:0,1:0|-"),
    case("B5", "pair-centre-first-cell", pos(), ["place 1 -4:0"],
         board="...../....../......./......../xx......./......../......./....../....."),
    # B6 any order; no deal before the third piece is used
    case("B6", "any-order", pos(), ["place 2 0:0", "place 0 4:-4"], tray="-|0:0,1:0|-"),
    # B7 illegal drops change nothing
    case("B7", "occupied", pos("...../....../......./......../....x..../......../......./....../....."),
         ["place 0 0:0"], refused=True, reason="occupied"),
    case("B7", "part-off-board", pos(), ["place 1 4:0"], refused=True, reason="off-board"),
    case("B7", "centre-off-board", pos(), ["place 0 5:0"], refused=True, reason="off-board"),
    case("B7", "far-off-board", pos(), ["place 0 -99:40"], refused=True, reason="off-board"),
    # B9 crossings clear once; a piece can complete nine rows
    case("B9", "crossing-union", pos(R4_S_4), ["place 0 0:4"],
         board=E, cleared=2, points=1 + 9 * 10 * 2, meter=2),
    case("B9", "nine-rows", pos(NINE, "0:0,2:-1,1:0,-1:1|-|-"), ["place 0 0:-2"],
         board=E, cleared=9, points=4 + 48 * 10 * 9 + 600, meter=3, crowns=1, streak=1),
    # B10 placement = cells, clear = 10 * c * k
    case("B10", "bar-no-clear", pos(tray="0:0,-1:0,1:0,2:0|-|0:0"), ["place 0 0:0"],
         points=4, score=4, cleared=0, streak=0, meter=0),
    case("B10", "adds-to-score", pos(BOTTOM_GAP, score=1000), ["place 0 -3:4"], score=1051),
    # B11 streak bonus: +25 % per clearing drop after the first, at most +100 %
    case("B11", "second", pos(BOTTOM_GAP, streak=1), ["place 0 -3:4"], points=1 + 62, streak=2),
    case("B11", "third", pos(BOTTOM_GAP, streak=2), ["place 0 -3:4"], points=1 + 75, streak=3),
    case("B11", "fifth-capped", pos(BOTTOM_GAP, streak=4), ["place 0 -3:4"], points=1 + 100, streak=5),
    case("B11", "tenth-capped", pos(BOTTOM_GAP, streak=9), ["place 0 -3:4"], points=1 + 100, streak=10),
    case("B11", "plain-drop-resets", pos(streak=7), ["place 0 0:0"], points=1, streak=0),
    case("B11", "redeal-keeps", pos(streak=3), ["redeal"], streak=3, points=0, cleared=0),
    case("B11", "no-bonus-on-placement", pos(THREE, streak=1), ["place 0 0:0"],
         points=1 + 750 * 125 // 100, streak=2),
    # B12 the meter and the Crown
    case("B12", "one-edge", pos(BOTTOM_GAP, meter=2), ["place 0 -3:4"], meter=3, crowns=0),
    case("B12", "carry-over", pos(THREE, meter=5), ["place 0 0:0"],
         points=1 + 25 * 10 * 3 + 600, meter=2, crowns=1, cleared=3),
    case("B12", "two-crowns", pos(NINE, "0:0,2:-1,1:0,-1:1|0:0|-", meter=5, crowns=3), ["place 0 0:-2"],
         points=4 + 4320 + 1200, meter=2, crowns=5),
    case("B12", "crown-without-streak-bonus", pos(BOTTOM_GAP, streak=4, meter=5), ["place 0 -3:4"],
         points=1 + 100 + 600, meter=0, crowns=1),
    # B13 the worked examples
    case("B13", "single-five-cell-row", pos(BOTTOM_GAP), ["place 0 -3:4"], points=51, score=51),
    case("B13", "two-nine-cell-rows",
         pos("....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x...."), ["place 0 0:0"],
         points=341, cleared=2),
    case("B13", "third-clearing-drop",
         pos("....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x....", streak=2),
         ["place 0 0:0"], points=511, streak=3),
    # B14 one re-deal, any time
    case("B14", "spent", pos(), ["redeal"], redeals=0, points=0),
    case("B14", "only-once", pos(), ["redeal", "redeal"], refused=True, reason="no-redeal"),
    case("B14", "with-used-slots", pos(tray="0:0|-|-"), ["redeal"], redeals=0),
    # B15 the end
    case("B15", "over", pos(STUCK, "0:0,1:0|-|0:0,1:0,0:1", redeals=0), [], over=True),
    case("B15", "redeal-left", pos(STUCK, "0:0,1:0|-|0:0,1:0,0:1"), [], over=False),
    case("B15", "a-fitting-piece", pos(STUCK, "0:0,1:0|0:0|-", redeals=0), [], over=False),
    case("B15", "last-fitting-piece-used", pos(STUCK, "0:0|0:0,1:0|-", redeals=0),
         ["place 0 0:-4"], over=True, points=1),
    case("B15", "refuse-place", pos(STUCK, "0:0,1:0|-|-", redeals=0), ["place 0 0:-4"],
         refused=True, reason="over"),
    case("B15", "refuse-redeal", pos(STUCK, "0:0,1:0|-|-", redeals=0), ["redeal"],
         refused=True, reason="over"),
    # B22 round trips of valid positions
    case("B22", "mid-run", pos(THREE, "-|0:0,1:-2,1:-1,-1:1|0:0,1:0,0:1", 1234, 3, 5, 12, 0), []),
    case("B22", "big-counters", pos(NINE, "0:0|-|-", 99999999, 15, 0, 400, 1), []),
    # B23 corrupt positions name the field
    case("B23", "eight-rows", pos(E.rsplit("/", 1)[0]), [], error="board"),
    case("B23", "row-length", pos(E.replace("......", ".......", 1)), [], error="board"),
    case("B23", "unknown-char", pos(E.replace(".", "o", 1)), [], error="board"),
    case("B23", "complete-row", pos(E[:-5] + "xxxxx"), [], error="board"),
    case("B23", "complete-diagonal", pos(S4_GAP.replace("x..../x...../.", "x..../x...../x")), [],
         error="board"),
    case("B23", "piece-order", pos(tray="0:0|0:0,0:1,1:0|-"), [], error="tray"),
    case("B23", "piece-not-centred", pos(tray="1:0,0:0|0:0|-"), [], error="tray"),
    case("B23", "piece-apart", pos(tray="0:0,2:0|0:0|-"), [], error="tray"),
    case("B23", "piece-too-big", pos(tray="0:0,-1:0,1:0,2:0,3:0|0:0|-"), [], error="tray"),
    case("B23", "all-used", pos(tray="-|-|-"), [], error="tray"),
    case("B23", "two-slots", pos(tray="0:0|0:0"), [], error="tray"),
    case("B23", "negative-score", pos(score=-5), [], error="score"),
    case("B23", "negative-streak", pos(streak=-1), [], error="streak"),
    case("B23", "meter-six", pos(meter=6), [], error="meter"),
    case("B23", "crowns-text", pos(crowns="x"), [], error="crowns"),
    case("B23", "redeals-two", pos(redeals=2), [], error="redeals"),
    case("B23", "six-fields", pos().rsplit(" ", 1)[0], [], error="position"),
    case("B23", "double-space", pos().replace(" ", "  ", 1), [], error="position"),
    # B24 the action grammar and the order of refusal reasons
    *[case("B24", f"bad-{n}", pos(), [a], refused=True, reason="bad-action", points=0)
      for n, a in enumerate(["place 3 0:0", "place -1 0:0", "place 0 0,0", "Place 0 0:0",
                             "place 0  0:0", "place 0 0:0 ", "redeal now", "", "place 0 0:", "pass"])],
    case("B24", "bad-before-over", pos(STUCK, "0:0,1:0|-|-", redeals=0), ["place 9 0:0"],
         refused=True, reason="bad-action"),
    case("B24", "over-before-empty-slot", pos(STUCK, "0:0,1:0|-|-", redeals=0), ["place 1 0:-4"],
         refused=True, reason="over"),
    case("B24", "empty-slot-before-off-board", pos(tray="0:0|-|-"), ["place 2 9:9"],
         refused=True, reason="empty-slot"),
    case("B24", "off-board-before-occupied",
         pos("...../....../......./......../........x/......../......./....../....."), ["place 1 4:0"],
         refused=True, reason="off-board"),
    case("B24", "redeal-reports-zero", pos(BOTTOM_GAP, score=7), ["place 0 -3:4", "redeal"],
         points=0, cleared=0, score=58, redeals=0),
]


@pytest.mark.parametrize("vector", TABLE)
def test_rule_table(vector):
    assert run_case(conform, vector) == []


def test_every_engine_rule_has_a_table_row():
    covered = {p.values[0]["rule"] for p in TABLE}
    engine_rules = {f"B{n}" for n in (1, 2, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 22, 23, 24)}
    assert engine_rules <= covered
