"""Where the player's sowing lands (W6, W23): the ``landing`` of a forecast line.

Each case: a position in notation (W26), the bowl chosen, and the bowls the
sowing reaches in the order it reaches them with the stones each receives.
Only the sowing counts: a volcano's eruption (W10) and a refill (W16) that
follow it in the same move never add a mark (W23: the player phase, and of
it the delivery alone). The view carries one line per bowl (``forecasts``),
the same line ``forecast`` answers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from club.bowls.api import Session
from club.bowls.notation import parse, print_position
from club.bowls.phase import landing
from club.bowls.position import RING, choosable
from club.bowls.rules import sow
from club.bowls.views import forecast, forecast_line, landing_of, player_phase
from hypothesis import given, settings
from hypothesis import strategies as st

EMPTY = ["-"] * RING


def board(**bowls: str) -> str:
    """A position with the given bowls (``b3="RGB[r]"``), every other bowl empty."""
    tokens = list(EMPTY)
    for name, token in bowls.items():
        tokens[int(name[1:])] = token
    return "/".join(tokens) + " 0 0"


# (rule ids, position, bowl, landing as (bowl, count) in the order the sowing reaches them)
CASES = [
    ("W6 clockwise, one stone per bowl", board(b1="RGB"), 1, [(2, 1), (3, 1), (4, 1)]),
    ("W6 round past bowl 11 to bowl 0", board(b10="RGB"), 10, [(11, 1), (0, 1), (1, 1)]),
    ("W4 W6 a reverse source sows counter-clockwise", board(b1="RGB[r]"), 1, [(0, 1), (11, 1), (10, 1)]),
    ("W4 W6 reverse for a while (temporary) still turns the hand", board(b0="RG[r2]"), 0, [(11, 1), (10, 1)]),
    ("W4 W6 a reverse bowl on the way changes nothing", board(b0="RGB", b1="-[r]"), 0, [(1, 1), (2, 1), (3, 1)]),
    ("W4 W6 ice is not skipped: it receives", board(b1="RG", b2="-[i]", b3="Y[i1]"), 1, [(2, 1), (3, 1)]),
    ("W2 W6 jokers and blockers travel like any stone", board(b0="JXR"), 0, [(1, 1), (2, 1), (3, 1)]),
    ("W2 W8 a joker landing completes a match: its bowl still gets its mark",
     board(b0="JY", b1="RR", b2="P"), 0, [(1, 1), (2, 1)]),
    ("W7 a bowl that matches away still receives", board(b1="R", b2="RR"), 1, [(2, 1)]),
    ("W9 blockers cleared beside a match: the landing is the same", board(b3="RG", b4="RR", b5="XGG"), 3,
     [(4, 1), (5, 1)]),
    ("W10 the volcano it fills erupts: its delivery is no landing", board(b0="RGB", b1="GBYPX[v]"), 0,
     [(1, 1), (2, 1), (3, 1)]),
    ("W10 a volcano sown as the source is no eruption", board(b5="RGBY[v]"), 5, [(6, 1), (7, 1), (8, 1), (9, 1)]),
    ("W1 W6 a full hand of seven", board(b11="RGBYPRG"), 11, [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1),
                                                                (6, 1)]),
    ("W12 an overflowing move still shows where it lands", board(b3="G", b4="RGBYPRB"), 3, [(4, 1)]),
]


@pytest.mark.parametrize(("rule", "position", "bowl", "expected"), CASES, ids=[c[0] for c in CASES])
def test_landing(rule: str, position: str, bowl: int, expected: list[tuple[int, int]]) -> None:
    pos = parse(position)
    line = forecast(pos, bowl)
    assert [(x["bowl"], x["count"]) for x in line["landing"]] == expected
    assert print_position(pos) == position  # the forecast changes nothing


def test_the_volcano_case_erupts() -> None:  # W10: the case above is one where the eruption does deliver
    out = sow(parse(board(b0="RGB", b1="GBYPX[v]")), 0, log=True)
    assert out.events is not None
    erupted = [e for e in out.events if e["type"] == "deliver" and e["from"] == 1]
    assert len(erupted) == 6 and any(e["type"] == "erupt" for e in out.events)


@pytest.mark.parametrize(("stones", "reverse", "expected"), [
    (12, False, [((5 + k) % RING, 1) for k in range(1, 13)]),  # W6: the emptied source gets the 12th
    (13, False, [(6, 2), *(((5 + k) % RING, 1) for k in range(2, 13))]),
    (14, True, [(4, 2), (3, 2), *(((5 - k) % RING, 1) for k in range(3, 13))]),
])
def test_a_hand_of_twelve_or_more_goes_round(stones: int, reverse: bool, expected: list[tuple[int, int]]) -> None:
    """W6 (a volcano's hand, W10, may hold that many; a player's never does, W1): round into the source."""
    assert landing(5, stones, reverse) == expected


def test_refused_bowls_have_no_line() -> None:  # W5: empty and iced bowls cannot be chosen
    s = Session()
    view = s.new({"mode": "free", "seed": 1, "position": board(b0="RG", b1="B[i]", b3="Y")})
    assert [b for b, line in enumerate(view["forecasts"]) if line is not None] == [0, 3] == view["choosable"]
    assert s.forecast({"bowl": 1})["line"] is None and s.forecast({"bowl": 2})["line"] is None


def test_an_attempt_over_has_no_lines() -> None:  # W12: every action refused, nothing to choose
    s = Session()
    view = s.new({"mode": "free", "seed": 1, "position": board(b3="G", b4="RGBYPRB")})
    view = s.sow({"bowl": 3})["view"]
    assert view["over"] and view["forecasts"] == [None] * RING


def test_endless_landing_never_shows_the_refill() -> None:  # W16, W23
    s = Session()
    view = s.new({"mode": "endless", "seed": 7})
    for bowl in view["choosable"]:
        line = s.forecast({"bowl": bowl})["line"]
        assert line is not None
        stones = len(view["bowls"][bowl]["stones"])
        assert sum(x["count"] for x in line["landing"]) == stones  # the hand, not a refill stone more
        assert view["forecasts"][bowl] == line  # the view's line is the forecast's
        answer = s.sow({"bowl": bowl})  # the move itself refills elsewhere too; the marks say only the sowing
        refilled = [e["bowl"] for e in answer["events"] if e["type"] == "refill"]
        assert len(refilled) == 2
        assert s.undo({})["accepted"]


# Any position the notation can hold (W26) with up to 7 stones in a bowl (W1).
tokens = st.builds(
    lambda stones, mods: stones + mods,
    st.text(alphabet="RGBYPJX", max_size=7).map(lambda s: s or "-"),
    st.sampled_from(["", "", "", "[i]", "[r]", "[v]", "[r2]", "[rv]", "[i3]"]),
)
positions = st.lists(tokens, min_size=RING, max_size=RING).map(lambda ts: parse("/".join(ts) + " 0 0"))


def delivered(events: list[dict[str, Any]], source: int) -> Counter[int]:
    """The sowing's deliveries: the first ``deliver`` events after the pickup, one per stone of the hand."""
    pickup = next(e for e in events if e["type"] == "pickup")
    sowing = [e for e in events if e["type"] == "deliver"][: len(pickup["stones"])]
    assert all(e["from"] == source for e in sowing)
    return Counter(e["bowl"] for e in sowing)


@settings(max_examples=300, deadline=None)
@given(position=positions, pick=st.integers(0, 100))
def test_landing_is_the_sowing_of_the_move(position: Any, pick: int) -> None:  # W6, W23
    options = choosable(position)
    if not options:
        return
    bowl = options[pick % len(options)]
    out = sow(position, bowl, log=True)
    assert out.events is not None
    line = forecast(position, bowl)
    assert Counter({x["bowl"]: x["count"] for x in line["landing"]}) == delivered(out.events, bowl)
    # the cheap line the view carries is the line read from the move's own events
    assert line == forecast_line(bowl, player_phase(out.events), landing_of(position, bowl))
