"""A puzzle attempt whose position was swapped for another one (a crafted save), shared by
the hint tests (budget and search)."""

from __future__ import annotations

from club import save
from club.bowls.api import Session
from club.bowls.saves import VERSION as SAVE_VERSION


def crafted_session(position: str, puzzle: int = 100) -> Session:
    """A Session on puzzle ``puzzle`` whose saved position was replaced by ``position``."""
    s = Session()
    s.puzzle_new({"puzzle": puzzle})
    data = save.load(s.save({}), "bowls", "run", SAVE_VERSION)
    data["position"] = position
    s.load({"save": save.dump("bowls", "run", data, SAVE_VERSION)})
    return s
