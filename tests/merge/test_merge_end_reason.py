"""M6: the round's end says why (the view's ``ended``, drawn by the end card): a full board, or empty cells none
of which neighbours another while a pair is to be placed. Boards worked out by hand from spec/merge.md."""

from __future__ import annotations

import pytest
from club.merge.board import CELLS
from club.merge.notation import parse
from club.merge.profile import Profile
from club.merge.rules import end_reason
from club.merge.saves import Run
from club.merge.views import view


def full_except(*holes: str) -> str:
    """A group-free full board (2/4/8 by (q - r) mod 3: no two neighbours equal) with ``holes`` empty."""
    return " ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) not in holes)


def position(cells: str, current: str) -> str:
    from club.merge.notation import board_from_cells as B

    return f"{B(cells)} {current} 2 10 5"


# (holes, current piece) -> why the round is over (None: it goes on)
ENDS = {
    "full board, a single": ((), "2", "full"),
    "full board, a pair": ((), "2-4", "full"),
    "four cells, none adjacent, a pair": (("-3:0", "0:-3", "3:0", "0:3"), "2-2", "no-pair-room"),
    "four cells, none adjacent, a single": (("-3:0", "0:-3", "3:0", "0:3"), "2", None),
    "two neighbours free, a pair": (("0:0", "1:0"), "2-2", None),
    "one cell, a joker": (("0:0",), "*", None),
}


@pytest.mark.parametrize("case", ENDS, ids=list(ENDS))
def test_the_end_says_why(case: str) -> None:
    holes, current, why = ENDS[case]
    state = parse(position(full_except(*holes), current))
    assert end_reason(state) == why
    assert state.over == (why is not None)
    assert view(Run(state), Profile())["ended"] == why
