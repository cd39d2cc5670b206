"""Rule tables in notation (no refill, as the vectors play, W27): W1-W15.

Each case: rule ids, position, actions, and the expected observation after
the last action (the vector keys: bowls, score, moves, points, combo,
perfect, overflow, over, refused, reason). Every expectation was worked out
by hand from the spec; the comment says how.
"""

from __future__ import annotations

from typing import Any

import pytest
from club.bowls import conform

E = "-/-/-/-/-/-/-/-/-/-/-/-"  # the empty ring


def run(position: str, actions: list[str]) -> dict[str, Any]:
    state = conform.load(position)
    report: dict[str, Any] = {}
    for action in actions:
        before = conform.dump(state)
        state, report = conform.act(state, action)
        if report.get("refused"):
            assert conform.dump(state) == before, "a refused action changed the position"
    return {"refused": False, "points": 0, **conform.observe(state), **report}


CASES: list[tuple[str, str, list[str], dict[str, Any]]] = [
    # W1/W12: seven stones after a phase are fine.
    ("W1", "G/RGBYPR/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/RGBYPRG/-/-/-/-/-/-/-/-/-/-", "moves": 1, "overflow": False, "over": False}),
    # W2: blockers never match, three of them neither.
    ("W2", "-/X/XX/-/-/-/-/-/-/-/-/- 0 0", ["sow 1"],
     {"bowls": "-/-/XXX/-/-/-/-/-/-/-/-/-", "points": 0, "moves": 1}),
    # W4/W6: ice is not skipped, it receives stones.
    ("W4,W6", "GB/-[i]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/G[i]/B/-/-/-/-/-/-/-/-/-", "moves": 1, "over": False}),
    # W6: nothing resolves mid-sow: volcano 1 reaches 6 with R, but G and B land
    # in 2 and 3 before it erupts, so its Y and P join after them.
    ("W6,W10", "RGB/YPYPG[v]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-[v]/GY/BP/Y/P/G/R/-/-/-/-", "points": 0, "moves": 1}),
    # W6: sowing a volcano as the source is a plain sow, not an eruption.
    ("W6,W10", "RGB[v]/-/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-[v]/R/G/B/-/-/-/-/-/-/-/-", "moves": 1}),
    # W6: a reverse source at 0 wraps to 11.
    ("W4,W6", "GB[r2]/-/-/-/-/-/-/-/-/-/-/Y 0 0", ["sow 0"],
     {"bowls": "-[r1]/-/-/-/-/-/-/-/-/-/B/YG", "moves": 1}),
    # W8.1: four reds all go (40).
    ("W8", "R/RGRR/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/G/-/-/-/-/-/-/-/-/-/-", "points": 40, "score": 40, "combo": 1}),
    # W8.1: two colours of one bowl go together; B keeps its place; one bowl = x1.
    ("W8,W13", "G/RGRGRB/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/B/-/-/-/-/-/-/-/-/-/-", "points": 60, "combo": 1}),
    # W8.3/W2: a joker never joins a natural group: RRR go, J stays (30, not 40).
    ("W8", "R/RRJ/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/J/-/-/-/-/-/-/-/-/-/-", "points": 30}),
    # W8.2: natural GGG first, then R (1) + J (1) is still short by one: RJ stay.
    ("W8", "G/GGRJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/RJ/-/-/-/-/Y/-/-/-/-/-", "points": 30}),
    # W8.2: natural GGG, then R + JJ complete: 6 stones, 60.
    ("W8", "G/GGRJJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-/-/-/-/-/Y/-/-/-/-/-", "points": 60, "combo": 1}),
    # W8.2: the smallest shortage wins over the earlier stone: RGJG -> G (short 1) takes J.
    ("W8", "G/RGJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/R/-/-/-/-/Y/-/-/-/-/-", "points": 30}),
    # W8.2: equal shortage (P, R, G all 1): the earlier first stone wins - P, not R.
    ("W8", "G/PJRJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/RG/-/-/-/-/Y/-/-/-/-/-", "points": 30}),
    ("W8", "G/RJPJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/PG/-/-/-/-/Y/-/-/-/-/-", "points": 30}),
    # W8.2: one red and two jokers make three.
    ("W8", "J/RJ/-/-/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-/-/-/-/-/Y/-/-/-/-/-", "points": 30}),
    # W8.3: jokers alone never match, however many.
    ("W8", "J/JJJJ/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/JJJJJ/-/-/-/-/-/-/-/-/-/-", "points": 0}),
    # W9: bowl 0 matches; blockers go in 11 and 1 (ring wraps), its own X stays.
    ("W9", "RRX/XB/-/-/-/-/-/-/-/-/GR/X 0 0", ["sow 10"],
     {"bowls": "X/B/-/-/-/-/-/-/-/-/-/G", "points": 30}),
    # W9: two neighbouring matching bowls clear each other's blockers.
    ("W9,W13", "RG/RRX/GGX/X/-/-/Y/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-/-/-/-/-/Y/-/-/-/-/-", "points": 120, "combo": 2, "perfect": False}),
    # W10: a volcano that a match brings below 6 does not erupt (matches come first).
    ("W10", "R/RRGBYP[v]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/GBYP[v]/-/-/-/-/-/-/-/-/-/-", "points": 30}),
    # W10: blockers and jokers count towards the six.
    ("W10", "R/XXJXX[v]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-[v]/X/X/J/X/X/R/-/-/-/-", "points": 0}),
    # W10/W26: a ready reverse volcano in notation erupts on the next move, counter-clockwise.
    ("W10,W26", "-/-/-/-/-/RGBYPG[rv]/-/-/-/-/Y/- 0 0", ["sow 10"],
     {"bowls": "P/Y/B/G/R/-[rv]/-/-/-/-/-/YG", "points": 0}),
    # W12: a temporary eighth stone that erupts away is fine.
    ("W12,W10", "B/RGBYPGR[v]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-[v]/R/G/B/Y/P/G/R/B/-/-", "moves": 1, "overflow": False}),
    # W12: a temporary eighth stone that matches away is fine.
    ("W12", "R/RRGBYPG/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/GBYPG/-/-/-/-/-/-/-/-/-/-", "points": 30, "overflow": False}),
    # W12: overflow in bowl 2 drops the phase's 30 points; the board stays resolved.
    ("W12", "RG/RR/RGBYPRB/-/-/-/-/-/-/-/-/Y[i2] 5 4", ["sow 0"],
     {"bowls": "-/-/RGBYPRBG/-/-/-/-/-/-/-/-/Y[i2]", "score": 5, "moves": 4, "points": 0,
      "combo": 1, "overflow": True, "over": True}),
    # W12/W27: after an overflow every action is refused with `over`.
    ("W12,W27", "RG/RR/RGBYPRB/-/-/-/-/-/-/-/-/Y 5 4", ["sow 0", "sow 11"],
     {"refused": True, "reason": "over", "score": 5, "points": 0}),
    # W13: a bowl that matches in two steps counts once: 6 stones x1 = 60, not x2.
    ("W13,W10,W11", "RG/RRBB/BPYPY[rv]/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"],
     {"bowls": "P/-/-[rv]/-/-/-/-/-/G/Y/P/Y", "points": 60, "combo": 1}),
    # W13: five matching bowls: combo 5 (uncapped), multiplier x4: 15 stones * 10 * 4.
    ("W13", "RGBYP/RR/GG/BB/YY/PP/-/-/R/-/-/- 0 0", ["sow 0"],
     {"bowls": "-/-/-/-/-/-/-/-/R/-/-/-", "points": 600, "score": 600, "combo": 5}),
    # W14: Perfect Clear +100 without multiplier: 60 * 2 + 100.
    ("W14", "RG/RR/GG/-/-/-/-/-/-/-/-/- 10 0", ["sow 0"],
     {"bowls": E, "points": 220, "score": 230, "perfect": True, "over": True}),
    # W14: a blocker left anywhere prevents it.
    ("W14", "R/RR/-/-/-/X/-/-/-/-/-/- 0 0", ["sow 0"],
     {"points": 30, "perfect": False, "over": False}),
    # W16: temporary modifiers count down after a safe move; at 0 they go.
    ("W16", "R/-[i2]/G[r1]/-/-/-/-/-/-/-/-/-[v] 0 0", ["sow 0"],
     {"bowls": "-/R[i1]/G/-/-/-/-/-/-/-/-/-[v]", "moves": 1}),
    # W16: a refused move does not count down.
    ("W16,W5", "R/-[i2]/G[r1]/-/-/-/-/-/-/-/-/- 0 0", ["sow 3"],
     {"bowls": "R/-[i2]/G[r1]/-/-/-/-/-/-/-/-/-", "refused": True, "reason": "empty"}),
    # W26: a ready match in notation fires on the next move, wherever it is.
    ("W26,W7", "RRR/-/-/-/-/-/-/-/-/-/G/- 0 0", ["sow 10"],
     {"bowls": "-/-/-/-/-/-/-/-/-/-/-/G", "points": 30, "combo": 1}),
    # W19/W27: no bowl can be chosen (all empty or iced): over, and sowing is refused `over`.
    ("W19,W27", "-/G[i]/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 1"],
     {"refused": True, "reason": "over", "over": True, "overflow": False}),
    # W27: the order of refusal reasons.
    ("W27", "-/-/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 12"], {"refused": True, "reason": "bad-action"}),
    ("W27", "-/-/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"], {"refused": True, "reason": "over"}),
    ("W27", "RRRGGGBB/R/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 2"], {"refused": True, "reason": "over"}),
    ("W27", "RRRGGGBB/R/-/-/-/-/-/-/-/-/-/- 0 0", ["sow x"], {"refused": True, "reason": "bad-action"}),
    ("W27", "-[i]/R/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"], {"refused": True, "reason": "empty"}),
    ("W27", "G[i]/R/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"], {"refused": True, "reason": "ice"}),
    ("W27", "G[i3]/R/-/-/-/-/-/-/-/-/-/- 0 0", ["sow 0"], {"refused": True, "reason": "ice"}),
]


@pytest.mark.parametrize(("rule", "position", "actions", "expect"), CASES)
def test_rule_table(rule: str, position: str, actions: list[str], expect: dict[str, Any]) -> None:
    observed = run(position, actions)
    for key, want in expect.items():
        assert observed[key] == want, f"{rule} {key}: expected {want!r}, got {observed[key]!r}"


@pytest.mark.parametrize("action", ["sow", "sow -1", "sow 1 ", " sow 1", "SOW 1", "sow 01", "place 1",
                                    "sow 1 2", "sow ١", ""])
def test_bad_actions_are_refused(action: str) -> None:  # W27
    observed = run("-/R/-/-/-/-/-/-/-/-/-/- 0 0", [action])
    assert (observed["refused"], observed["reason"], observed["moves"]) == (True, "bad-action", 0)


def test_w15_worked_example_holds() -> None:  # W15, W13: 3 reds (bowl 2) + 4 blues (bowl 7) = 140
    observed = run("-/RGG/RR/YPRBP[v]/PYBRY[v]/-/-/BB/-/-/-/- 0 0", ["sow 1"])
    assert (observed["points"], observed["combo"], observed["score"]) == (140, 2, 140)
