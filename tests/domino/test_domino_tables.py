"""Rule tables in notation, one block per rule id, run by the conformance runner.

Every expected value below is worked out by hand from the spec
(`spec/domino.md`), never copied from the engine's output.
A 4-wide well row is 8 characters (`........`).
"""

from __future__ import annotations

import pytest
from club.conformance import run_case
from club.domino import conform

E4x5 = "/".join(["........"] * 5)
E4x6 = "/".join(["........"] * 6)
E8x6 = "/".join(["................"] * 6)
FLOOR = "......../1r2l3r4l"  # 4-wide, 2 rows: the spawn cells (1,0),(2,0) rest on the floor tiles
LEDGE = "......../..1d..../..1u...."  # a 1-1 double under (1,0) only


def case(rule, name, position, actions, **expect):
    return pytest.param(
        {"id": name, "rule": rule, "position": position, "actions": actions, "expect": expect},
        id=f"{rule}-{name}",
    )


def pos(well, max_=0, power=0):
    return f"{well} {max_} {power}"


# 15 lock-delay restarts on the floor, alternating left and right from 1:0 (ends at 0:0)
FIFTEEN = ["spawn 5-6"] + ["advance 400", "left", "advance 400", "right"] * 7 + ["advance 400", "left"]

TABLE = [
    # D1 wells of any size round-trip
    case("D1", "one-column", pos("1d/2u/3s"), [], well="1d/2u/3s"),
    case("D1", "standard-8x16", pos("/".join(["." * 16] * 16), 12, 300), [], max=12, power=300),
    case("D1", "wide-1-row", pos("0r9l5s..7r7l"), [], well="0r9l5s..7r7l"),
    # D3 orientations and rotation cycles keeping the top-left cell
    case("D3", "cw-cycle", pos(E8x6), ["spawn 3-4", "cw", "cw"], falling="3:0@2"),
    case("D3", "cw-four-times", pos(E8x6), ["spawn 3-4", "cw", "cw", "cw", "cw"], falling="3:0@0"),
    case("D3", "ccw-to-o3", pos(E8x6), ["spawn 3-4", "ccw"], falling="3:0@3"),
    case("D3", "o1-a-on-top", pos(E8x6), ["spawn 3-4", "cw", "hard"],
         well="................/" * 4 + "......3d......../......4u........"),
    case("D3", "o3-b-on-top", pos(E8x6), ["spawn 3-4", "ccw", "hard"],
         well="................/" * 4 + "......4d......../......3u........"),
    case("D3", "o2-b-left", pos(E8x6), ["spawn 3-4", "cw", "cw", "hard"],
         well="................/" * 5 + "......4r3l......"),
    # D4 spawn at column W // 2 - 1, row 0, in O0
    case("D4", "width-4", pos(E4x5), ["spawn 1-2"], falling="1:0@0", over=False),
    case("D4", "width-5", pos("........../.........."), ["spawn 1-2"], falling="1:0@0"),
    case("D4", "width-3", pos("....../......"), ["spawn 1-2"], falling="0:0@0"),
    case("D4", "one-spawn-cell-taken", pos("....5d../....5u.."), ["spawn 1-2"], over=True, falling="-"),
    case("D4", "spawn-resting-locks-after-500", pos(FLOOR), ["spawn 5-6", "advance 500"],
         falling="-", well="..5r6l../1r2l3r4l"),
    # D5 moves, walls, taken cells, soft drop, kick
    case("D5", "left-to-wall", pos(E4x5), ["spawn 1-2", "left"], falling="0:0@0"),
    case("D5", "left-wall-refused", pos(E4x5), ["spawn 1-2", "left", "left"],
         refused=True, reason="blocked", falling="0:0@0"),
    case("D5", "right-wall-refused", pos(E4x5), ["spawn 1-2", "right", "right"], refused=True, reason="blocked"),
    case("D5", "left-into-half-refused", pos("1d....../1u......"), ["spawn 3-4", "left"],
         refused=True, reason="blocked"),
    case("D5", "down-one-row", pos(E4x5), ["spawn 1-2", "down", "down"], falling="1:2@0"),
    case("D5", "down-at-floor-refused-no-lock", pos(FLOOR), ["spawn 5-6", "down"],
         refused=True, reason="blocked", falling="1:0@0", well=FLOOR),
    case("D5", "rotate-to-vertical-never-kicks", pos("........"), ["spawn 1-2", "cw"],
         refused=True, reason="blocked"),
    case("D5", "vertical-never-kicks-into-room", pos("......../....1d../....1u.."), ["spawn 5-6", "right", "cw"],
         refused=True, reason="blocked"),
    case("D5", "kick-cw-into-o2", pos(E4x5), ["spawn 1-2", "cw", "right", "right", "cw"], falling="2:0@2"),
    case("D5", "kick-ccw-into-o0", pos(E4x5), ["spawn 1-2", "cw", "right", "right", "ccw"], falling="2:0@0"),
    case("D5", "no-kick-needed", pos(E4x5), ["spawn 1-2", "cw", "right", "cw"], falling="2:0@2"),
    case("D5", "kick-blocked-refused", pos("......../......../....1d../....1u.."),
         ["spawn 1-2", "cw", "right", "right", "down", "down", "cw"], refused=True, reason="blocked"),
    case("D5", "kick-at-left-wall-refused", pos("......../..1d..../..1u...."),
         ["spawn 5-6", "left", "ccw", "down", "cw"], refused=True, reason="blocked"),
    case("D5", "kick-past-a-half", pos("......../....3d../....3u.."),
         ["spawn 5-6", "cw", "down", "cw"], falling="0:1@2"),
    case("D5", "hard-drops-and-locks", pos(E4x5), ["spawn 1-2", "left", "hard"],
         falling="-", well="......../......../......../......../1r2l...."),
    # D6 gravity: a row every 800 ms, counted from the appearance or the last row down
    case("D6", "799-no-row", pos(E8x6), ["spawn 3-4", "advance 799"], falling="3:0@0"),
    case("D6", "two-rows", pos(E8x6), ["spawn 3-4", "advance 1600"], falling="3:2@0"),
    case("D6", "split-time", pos(E8x6), ["spawn 3-4", "advance 400", "advance 400"], falling="3:1@0"),
    case("D6", "sideways-keeps-clock", pos(E8x6), ["spawn 3-4", "advance 700", "left", "advance 100"],
         falling="2:1@0"),
    case("D6", "down-restarts-clock", pos(E8x6), ["spawn 3-4", "advance 700", "down", "advance 799"],
         falling="3:1@0"),
    case("D6", "down-restarts-clock-then-row", pos(E8x6), ["spawn 3-4", "advance 700", "down", "advance 800"],
         falling="3:2@0"),
    # D7 lock delay 500 ms from coming to rest; restarts by moves, at most 15
    case("D7", "rest-499", pos(E4x5), ["spawn 1-2", "advance 3200", "advance 499"], falling="1:4@0"),
    case("D7", "rest-500-locks", pos(E4x5), ["spawn 1-2", "advance 3200", "advance 500"],
         falling="-", well="......../......../......../......../..1r2l.."),
    case("D7", "one-long-advance", pos(E4x5), ["spawn 1-2", "advance 3700"], falling="-"),
    case("D7", "one-long-advance-short", pos(E4x5), ["spawn 1-2", "advance 3699"], falling="1:4@0"),
    case("D7", "move-restarts", pos(FLOOR), ["spawn 5-6", "advance 400", "left", "advance 499"], falling="0:0@0"),
    case("D7", "move-restarts-then-locks", pos(FLOOR), ["spawn 5-6", "advance 400", "left", "advance 500"],
         falling="-", well="5r6l..../1r2l3r4l"),
    case("D7", "rotate-restarts", pos("......../......../....3s.."),
         ["spawn 5-6", "cw", "advance 800", "advance 400", "cw", "advance 499"], falling="1:1@2"),
    case("D7", "rotate-restarts-then-locks", pos("......../......../....3s.."),
         ["spawn 5-6", "cw", "advance 800", "advance 400", "cw", "advance 500"],
         falling="-", well="......../..6r5l../....3s.."),
    case("D7", "fifteen-restarts", pos(FLOOR), [*FIFTEEN, "advance 499"], falling="0:0@0"),
    case("D7", "sixteenth-restarts-nothing", pos(FLOOR), [*FIFTEEN, "advance 400", "right", "advance 99"],
         falling="1:0@0"),
    case("D7", "sixteenth-then-locks", pos(FLOOR), [*FIFTEEN, "advance 400", "right", "advance 100"],
         falling="-", well="..5r6l../1r2l3r4l"),
    case("D7", "off-ledge-gravity-counts-from-spawn", pos(LEDGE), ["spawn 5-6", "advance 450", "right",
                                                                   "advance 350"], falling="2:1@0"),
    case("D7", "off-ledge-not-yet", pos(LEDGE), ["spawn 5-6", "advance 450", "right", "advance 349"],
         falling="2:0@0"),
    case("D7", "lock-by-time-scores", pos(FLOOR), ["spawn 2-9", "advance 500"],
         points=2, chain=1, power=1, max=2, well="....9s../1s..3r4l"),
    # D10 settling: a horizontal tile stays while one half rests; rigid pieces fall whole
    case("D10", "half-supported-stays", pos("......../......../1s......"), ["drop 3-4 0 0"],
         well="......../3r4l..../1s......", points=0),
    case("D10", "tile-over-opening-falls-whole", pos("......../..5r6l../..2s...."), ["drop 7-2 0 1"],
         well="......../......../7s5r6l..", points=2, chain=1),
    case("D10", "vertical-piece-falls-whole", pos("......../..8d..../..9u..../1s2s...."), ["drop 3-2 2 1"],
         well="......../......../..8d..../1s9u3s..", points=2, chain=1),
    case("D12", "floating-position-settles-next-turn", pos("1s....../......../........"), ["drop 3-4 2 0"],
         well="......../......../1s..3r4l", points=0),
    case("D12", "unresolved-match-counts-next-turn", pos("......../5s5s....", 3, 7), ["drop 1-2 2 0"],
         well="......../....1r2l", points=2, max=3, power=8),
    # D11 matching
    case("D11", "double-touching-a-half", pos("......../4s......"), ["drop 4-4 1 0"],
         well="......../........", points=3, chain=1, power=4),
    case("D11", "vertical-double-alone", pos(E4x5), ["drop 4-4 0 1"], points=0),
    case("D11", "vertical-pair", pos("......../......../3s......"), ["drop 5-3 0 1"],
         well="......../......../5s......", points=2, power=1),
    case("D11", "diagonal-neighbours-only-two", pos("......../3s1s...."), ["drop 3-5 1 0"],
         well="..3r5l../3s1s....", points=0),
    case("D11", "down-right-diagonal", pos("......../1s7s..../2s3s7s.."), ["drop 7-8 0 0"],
         well="......../1s8s..../2s3s....", points=3, chain=1, max=3, power=4),
    case("D11", "diagonal-and-pair-share-a-half", pos("5s....../1s..5s../2s3s4s5s"), ["drop 5-9 1 0"],
         well="......../1s..9s../2s3s4s..", points=4, chain=1, max=4, power=9),
    case("D11", "no-match-while-falling", pos("......../3s..2s../1s..5s.."), ["drop 3-2 1 0"],
         well="......../3s....../1s3s5s..", points=2, chain=1),
    case("D11", "diagonal-run-of-four", pos("......6s/....6s2s/....3s4s/6s1s5s7s"), ["drop 0-6 1 1"],
         well="......../......2s/..0s3s4s/..1s5s7s", points=4, chain=1, power=9),
    # D12 cascades: three steps in one turn
    case("D12", "three-step-cascade", pos("....../..6s../7s5s../5s4s../4s9s.."), ["drop 6-9 2 1"],
         well="....../....../....../....../7s....", points=8, chain=3, max=8, power=49),
    # D13 Max is the best turn, Power adds (T - 1)^2 per turn, T = 0 adds nothing
    case("D13", "two-turns-of-two", pos("......../......../3s......"), ["drop 5-3 0 1", "drop 1-5 1 1"],
         well="......../......../..1s....", max=2, power=2, points=2),
    case("D13", "keeps-higher-max", pos("......../4s......", 5, 10), ["drop 4-4 1 0"], max=5, power=14),
    case("D13", "zero-turn", pos(E4x5, 2, 3), ["drop 1-2 0 0"], max=2, power=3, points=0, chain=0),
    # D14 worked example with the tile the other way round (O2)
    case("D14", "mirrored-o2", pos("......../......../......../......2d/..1r5l3u"), ["drop 2-5 2 2"],
         well="......../......../......../......../..1s..3s", points=4, chain=2, power=9),
    # D20 the action grammar and refusal order
    case("D20", "drop-never-ends", pos("........"), ["drop 1-2 1 0"], over=False, falling="-"),
    case("D20", "then-spawn-ends", pos("........"), ["drop 1-2 1 0", "spawn 3-4"], over=True),
    case("D20", "over-refuses-moves", pos("..1r2l.."), ["spawn 3-4", "left"], refused=True, reason="over"),
    case("D20", "over-refuses-advance", pos("..1r2l.."), ["spawn 3-4", "advance 5"], refused=True, reason="over"),
    case("D20", "over-refuses-drop", pos("..1r2l.."), ["spawn 3-4", "drop 1-2 0 0"],
         refused=True, reason="over"),
    case("D20", "bad-action-before-over", pos("..1r2l.."), ["spawn 3-4", "jump"], refused=True,
         reason="bad-action"),
    case("D20", "spawn-busy", pos(E4x5), ["spawn 1-2", "spawn 3-4"], refused=True, reason="busy"),
    case("D20", "drop-busy", pos(E4x5), ["spawn 1-2", "drop 3-4 0 0"], refused=True, reason="busy"),
    case("D20", "hard-no-tile", pos(E4x5), ["hard"], refused=True, reason="no-tile"),
    case("D20", "cw-no-tile", pos(E4x5), ["cw"], refused=True, reason="no-tile"),
    case("D20", "drop-taken", pos("1s....../1s......"), ["drop 3-4 0 0"], refused=True, reason="blocked"),
    case("D20", "drop-negative-column", pos(E4x5), ["drop 3-4 -1 0"], refused=True, reason="blocked"),
    case("D20", "drop-vertical-too-tall", pos("........"), ["drop 3-4 0 1"], refused=True, reason="blocked"),
    case("D20", "drop-bad-orientation", pos(E4x5), ["drop 3-4 0 4"], refused=True, reason="bad-action"),
    case("D20", "drop-bad-tile", pos(E4x5), ["drop 34 0 0"], refused=True, reason="bad-action"),
    case("D20", "spawn-two-digit-pip", pos(E4x5), ["spawn 10-2"], refused=True, reason="bad-action"),
    case("D20", "advance-negative", pos(E4x5), ["spawn 1-2", "advance -5"], refused=True, reason="bad-action"),
    case("D20", "advance-without-time", pos(E4x5), ["advance"], refused=True, reason="bad-action"),
    case("D20", "advance-without-tile", pos(E4x5), ["advance 1000"], falling="-", points=0),
    case("D20", "move-reports-no-points", pos(E4x5), ["spawn 1-2", "left"], points=0, chain=0),
    case("D20", "hard-reports-points", pos("......../......../3s......"), ["spawn 3-5", "left", "ccw", "hard"],
         points=2, chain=1, well="......../......../5s......"),
    # D19 notation errors name the field
    case("D19", "bad-link-letter", pos("......../..2x...."), [], error="well"),
    case("D19", "odd-row", pos("......./........"), [], error="well"),
    case("D19", "ragged-rows", pos("......../......"), [], error="well"),
    case("D19", "empty-row", pos("......../"), [], error="well"),
    case("D19", "l-without-r", pos("..2l5s.."), [], error="well"),
    case("D19", "d-on-bottom-row", pos("......../2d......"), [], error="well"),
    case("D19", "u-on-top-row", pos("2u....../2d......"), [], error="well"),
    case("D19", "u-under-r", pos("2r3l..../2u......"), [], error="well"),
    case("D19", "letter-pip", pos("a s......"), [], error="position"),
    case("D19", "letter-pip-cell", pos("as......"), [], error="well"),
    case("D19", "bad-max", pos("........", "x", 0), [], error="max"),
    case("D19", "leading-zero-power", pos("........", 0, "01"), [], error="power"),
    case("D19", "too-many-fields", "........ 0 0 0", [], error="position"),
    case("D19", "double-space", "........  0 0", [], error="position"),
]


@pytest.mark.parametrize("vector", TABLE)
def test_rule_table(vector):
    assert run_case(conform, vector) == []
