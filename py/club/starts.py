"""How a run's deal is named before it starts (P4, P9): a seed, a challenge
link's ``query``, a ``daily``'s date (``archive``: a past one, played as
practice) or a replay's step (``club.forking``'s ``fork`` mark kept).
``expand`` makes each of them the payload a game's ``start`` reads.

>>> from club.blocks.api import Session
>>> expand(Session(), {"seed": 7})
{'seed': 7}
>>> expand(Session(), {"archive": True})
Traceback (most recent call last):
...
club.errors.NotationError: archive: archive names a daily's date: {daily, archive: true}
"""

from __future__ import annotations

from typing import Any

from club.calendar import read_date
from club.errors import NotationError
from club.forking import FORK
from club.game import Game
from club.links import read_link


def expand(game: Game[Any, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """``new``'s payload with a challenge ``query`` read and a ``daily`` made its deal
    (a recorded fork's ``fork`` mark kept)."""
    forked = payload.get(FORK, False)
    if forked is not True and forked is not False:
        raise NotationError(FORK, "fork is true (a run played from a replay's step) or absent")
    if "query" in payload:
        payload = read_link(payload["query"], game.LINK)
    if "daily" in payload:
        date = read_date(payload["daily"], "daily")
        archived = payload.get("archive", False)
        if archived is not True and archived is not False:
            raise NotationError("archive", "archive is true (a past daily played as practice) or absent")
        # a past daily from the archive: the same deal, played as practice (club.daily.archive)
        payload = {**game.daily_payload(date), "daily": date, **({"archive": True} if archived else {})}
    elif "archive" in payload:
        raise NotationError("archive", "archive names a daily's date: {daily, archive: true}")
    return {**payload, FORK: True} if forked else payload
