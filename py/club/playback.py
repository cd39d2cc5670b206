"""An opened replay: a run's actions played through the engine in
small units of work, its steps, and checkpoints instead of every state.

A *step* is a move of the player, or frames in which something happened
(``recording.PASSIVE``); ``ends[k]`` is how many actions were played when
step ``k`` closed, ``moves[k]`` the player's moves by then, as the end card
counts them (``Session.played``: a merge turn or a domino frame is a step, not
a move), and ``scores[k]`` the score then (a ghost's line, ``club.ghost``). At the close of a step, every ``SPAN`` steps or sooner once
``CHECKPOINT`` actions passed, the state (and the replay's own profile, which
events such as a new best read) is kept; seeking to step ``k`` plays from the
nearest kept state before it, or from the last position sought when that is
nearer (the bar playing forward), so a seek plays at most ``SPAN`` steps of
at most ``CHECKPOINT`` actions since the mark: one engine call, a few
milliseconds, wherever it lands (``tools/bench_seek.py``).

Playing is a generator that pauses after every action: the bridge's
``query`` runs it in slices, answering other calls between them, and a
cancelled or superseded open simply stops (nothing is installed until the
whole replay has played to its score).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from club.errors import NotationError
from club.recording import PASSIVE
from club.replay import Replay, ReplayError, Work
from club.schema import Tally

#: Steps between two kept states: a seek plays at most this many steps again.
SPAN = 8
#: Actions between two kept states at most (frames in which nothing happened add up).
CHECKPOINT = 64

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Mark:
    """A position in the replay: after step ``step``, ``played`` actions in."""

    step: int
    played: int
    state: Any
    profile: Any


class Playback:
    """A replay played through ``player``, a Session of the replay's game of its own."""

    def __init__(self, player: Any, replay: Replay) -> None:
        self.player = player
        self.replay = replay
        self.ends = array("q", [0])
        self.moves = array("q", [0])
        self.scores = array("q", [0])
        self.marks: list[Mark] = []
        self.cursor: Mark | None = None
        self._steps: list[int] = []  # the marks' steps (bisected by each seek)

    @property
    def steps(self) -> int:
        """The last step's index (step 0 is the start)."""
        return len(self.ends) - 1

    def play(self) -> Work:
        """Play every action from the start, keeping the step ends and checkpoints;
        ``replay-diverged`` when the engine refuses one or the score differs,
        ``replay-bounds`` past what real play makes (the game's ``Bounds``)."""
        player, replay = self.player, self.replay
        player.replay_begin(replay.start)
        self.marks = [Mark(0, 0, player.state, player.profile)]
        self.moves[0] = player.played(player.state)
        self.scores[0] = player.score(player.state)
        closed_state = player.state
        tally, moves = Tally(player.BOUNDS, playing=True), player.played(player.state)
        for played, (method, payload) in enumerate(replay.actions, start=1):
            events = self._act(method, payload)
            moves = self._bounded(tally, method, payload, events, moves)
            if method not in PASSIVE or events:
                self.ends.append(played)
                self.moves.append(moves)
                self.scores.append(player.score(player.state))
                closed_state = player.state
                mark = self.marks[-1]
                if self.steps - mark.step >= SPAN or played - mark.played >= CHECKPOINT:
                    self.marks.append(Mark(self.steps, played, player.state, player.profile))
            yield
        if player.state is not closed_state:  # frames after the last step changed the state: a step of their own
            self.ends.append(len(replay.actions))
            self.moves.append(moves)
            self.scores.append(player.score(player.state))
        if player.score(player.state) != replay.score:
            raise ReplayError("replay-diverged", "the replay does not reach its score")

    def _act(self, method: str, payload: dict[str, Any]) -> list[Event]:
        """One recorded action replayed on the player's own path (``Session.replay_step``): its events."""
        player = self.player
        try:
            outcome = player.replay_step(method, payload) if method in player.RECORDED else None
        except NotationError:
            outcome = None
        if outcome is None or not outcome.accepted:
            raise ReplayError("replay-diverged", f"the engine refuses the replay's {method[:24]!r}")
        return list(outcome.events)

    def _bounded(self, tally: Tally, method: str, payload: dict[str, Any], events: list[Event], moves: int) -> int:
        """The bounds only the engine knows: moves made, a tail counted between them
        when the engine's move count says where a move is (``Bounds.moves_by`` empty)."""
        player = self.player
        now = player.played(player.state)
        if now != moves and not tally.bounds.moves_by:
            tally.move(max(1, now - moves))
        elif now > tally.bounds.moves:
            raise ReplayError("replay-bounds", f"more than {tally.bounds.moves} moves")
        if not tally.bounds.moves_by:
            tally.note(method, 1, payload)
        player.replay_bound(method, payload, events)
        return now

    def seek(self, step: int) -> tuple[Any, list[Event]]:
        """The state after step ``step`` and that step's events (played again from
        the nearest kept state)."""
        if step == 0:
            start = self.marks[0]
            self.cursor = start
            return start.state, []
        events = self.between(step, step)[0]
        return self.player.state, events

    def between(self, first: int, last: int) -> list[list[Event]]:
        """The events of each step ``first..last`` (1 <= first <= last), played once from
        the nearest kept state before ``first``; the player is left after step ``last``."""
        mark = self.marks[bisect_right(self._mark_steps(), first - 1) - 1]
        if self.cursor is not None and mark.step < self.cursor.step < first:
            mark = self.cursor
        player = self.player
        player.state, player.profile = mark.state, mark.profile
        ends, step = self.ends, mark.step + 1
        answer: list[list[Event]] = []
        events: list[Event] = []
        for played, (method, payload) in enumerate(self.replay.actions.since(mark.played), start=mark.played + 1):
            step_events = self._act(method, payload)
            if step >= first:
                events += step_events
            if played >= ends[step]:  # step ``step`` closes here
                if step >= first:
                    answer.append(events)
                    events = []
                if step == last:
                    break
                step += 1
        self.cursor = Mark(last, ends[last], player.state, player.profile)
        return answer

    def _mark_steps(self) -> list[int]:
        if len(self._steps) != len(self.marks):
            self._steps = [m.step for m in self.marks]
        return self._steps
