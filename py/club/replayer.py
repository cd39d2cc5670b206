"""The replay service (P4): a replay code opened beside a game's session, and
its steps sought (``replay_open``, ``replay_seek``, ``replay_events`` of
``club.surface.REPLAYS``; the page opens them on ``<game>/replay``).

Opening (``club.forking.open_code``, in units of work the bridge's ``query`` runs in
slices) reads the code (``club.replay``), checks its start
(``club.replaying.read_start``) and its actions against the game's tables
(``club.schema``), then plays every action through a player of its own
(``club.playback``). What is shown is the session's: each seek keeps the
position sought as the session's state, so its ``view`` draws it.

>>> from club.blocks.api import Session
>>> player = Session()
>>> _ = player.new({"seed": 3})
>>> _ = player.place({"slot": 0, "cell": "0:0"})
>>> replays = Replays(Session())
>>> opened = replays.replay_open({"code": player.replay_code()})
>>> opened["steps"], replays.replay_seek({"index": 1})["move"]
(1, 1)
"""

from __future__ import annotations

from typing import Any

from club.answers import ReplayEvents, ReplayOpened, ReplaySought
from club.errors import NotationError, count
from club.forking import open_code
from club.links import link
from club.playback import Playback
from club.replay import ReplayError, Work, run_all
from club.session import Session

#: The most steps one ``replay_events`` answers (a page asks a long jump's in parts).
MAX_BETWEEN = 500


class Replays:
    """The replay open beside ``session``, whose state shows the step sought."""

    def __init__(self, session: Session[Any, Any]) -> None:
        self.session = session
        self.playback: Playback | None = None

    def replay_open(self, payload: dict[str, Any]) -> ReplayOpened:
        """Open a replay code (``replay_open_search`` run to its end at once)."""
        return run_all(self.replay_open_search(payload))  # type: ignore[no-any-return]

    def replay_open_search(self, payload: dict[str, Any]) -> Work:
        """Open a replay code in units of work (``Bridge.query`` runs it in slices;
        ``open_code``); the view of step 0. A refused, cancelled or superseded
        open leaves the open replay as it was."""
        session = self.session
        playback = yield from open_code(session, payload)
        self.playback = playback
        session.profile = session.fresh_profile()  # what the replay banked is nobody's: its views show a fresh card
        start, replay = playback.replay.start, playback.replay
        return {"game": session.game, "score": replay.score, "daily": start.get("daily"),
                "seed": start.get("seed"), "link": link(start, session.LINK), **self.replay_seek({"index": 0})}

    def replay_seek(self, payload: dict[str, Any]) -> ReplaySought:
        """The view after step ``index`` (0: the start) of the open replay, and that step's
        events, in one call however far it lands (``club.playback``); ``move`` is the
        player's moves made by then and ``moves`` the run's, both as its end card counts
        them (``played``: the bar says "Move move of moves", while ``steps`` may count a
        merge turn or domino frames too)."""
        playback = self._open()
        index = count(payload.get("index"), "index", 0, playback.steps)
        state, events = playback.seek(index)
        self.session.keep(state)
        return {"index": index, "steps": playback.steps, "move": playback.moves[index],
                "moves": playback.moves[-1], "view": self.session.view({}), "events": events}

    def replay_events(self, payload: dict[str, Any]) -> ReplayEvents:
        """The events of each step ``first..last`` of the open replay (1 <= first <= last,
        at most ``MAX_BETWEEN`` steps), played once: what a page that follows events
        (blocks' cosmetic colours) needs of the steps a jump passed over. The position
        shown is unchanged."""
        playback = self._open()
        first = count(payload.get("first"), "first", 1, playback.steps)
        last = count(payload.get("last"), "last", first, min(playback.steps, first + MAX_BETWEEN - 1))
        state = self.session.state
        events = playback.between(first, last)
        self.session.keep(state)
        return {"first": first, "events": events}

    def replay_move_index(self, payload: dict[str, Any]) -> dict[str, int]:
        """The position ``by`` moves (-1 or 1) from position ``index``: the bar's ←/→ step by the
        player's moves, as the end card counts them, where a step may be a domino frame or a merge
        turn. A move's position is the first at which its count was reached (the start is one);
        forward, the next one after ``index``, back, the one before it (the ends: the first or
        last position). The position shown is unchanged.

        >>> from club.domino.api import Session
        >>> player = Session()
        >>> _ = player.new({"seed": 5})
        >>> for move in ("left", "hard", "right", "right", "hard"):
        ...     _ = player.move({"move": move})
        >>> replays = Replays(Session())
        >>> opened = replays.replay_open({"code": player.replay_code()})
        >>> [replays.replay_seek({"index": i})["move"] for i in range(opened["steps"] + 1)]
        [0, 0, 1, 1, 1, 2]
        >>> [replays.replay_move_index({"index": i, "by": 1})["index"] for i in range(opened["steps"] + 1)]
        [2, 2, 5, 5, 5, 5]
        >>> [replays.replay_move_index({"index": i, "by": -1})["index"] for i in range(opened["steps"] + 1)]
        [0, 0, 0, 2, 2, 2]
        """
        playback = self._open()
        index = count(payload.get("index"), "index", 0, playback.steps)
        by = payload.get("by")
        if by not in (-1, 1) or isinstance(by, bool):
            raise NotationError("by", "by is -1 or 1: a move back or forward")
        moves = playback.moves
        starts = [k for k in range(len(moves)) if k == 0 or moves[k] != moves[k - 1]]
        if by > 0:
            return {"index": next((k for k in starts if k > index), playback.steps)}
        return {"index": next((k for k in reversed(starts) if k < index), 0)}

    def _open(self) -> Playback:
        if self.playback is None:
            raise ReplayError("replay-corrupt", "no replay is open")
        return self.playback
