"""A ghost to race (P4): the challenger's run, carried by a challenge link as
its replay code (``&vs=<code>``, ``club.links``), raced move by move.

Opening a ghost (``open_ghost``, in units of work the bridge's ``query`` runs
in slices) reads the code for this game (another game's is ``replay-foreign``,
a damaged one ``replay-corrupt``...: the reasons of ``club.replay``), checks
that its recorded start is the deal the link starts (``ghost-other-deal``)
before anything is played, then plays it through the engine as a replay is
played (``club.replaying``, ``club.playback``: refused unless every action is
accepted and the code's score is reached). A code longer than a link carries
(``links.MAX_GHOST``) is ``ghost-too-long``, refused unread.

What is kept is the ghost's *line*: ``line[k]``, the challenger's score once
their ``k``-th move and all it caused had played out (the moves counted as the
end card counts them, ``Session.played``: blocks' drops, domino's tiles,
merge's and bowls' moves), ``line[-1]`` their final score. A move undone
(bowls, W21) counts as the path the challenger finally took: the last time
they stood at ``k`` moves.

The ghost's *steps* are the positions behind that line: ``steps[k]``, the
replay's step at which the challenger last stood at ``k`` moves (``steps_of``),
so ``line[k]`` is the score of that position. The friend's board beside the
player's (``GhostView.board``) is the view of that position: the race keeps the
ghost's played replay (``club.playback``) and seeks it there, one step forward
from the last one shown as the player moves (its cursor), never from the start,
and the view of the step shown is kept until the player's move count changes.

The race is a service beside the player's session (``GhostRace``, the calls
``ghost_open`` and ``ghost`` of ``club.surface.GHOSTS``): it holds the ghost it
was last given (never in the save: the page keeps the code and gives it again
after a reload), and ``ghost`` answers it for the run in play when that run is
the ghost's deal: every number the page shows of it (``GhostView``), with the
friend's board.

>>> ghost = Ghost("seed=3", line_of([0, 1, 1, 2, 4], [0, 10, 15, 30, 70]))
>>> ghost.line, ghost.final, ghost.moves
((0, 15, 30, 30, 70), 70, 4)
>>> ghost.view(3, 40, False)["score"], ghost.view(9, 40, True)["score"]
(30, 70)
>>> v = ghost.view(4, 52, True); v["won"], v["by"]
('ghost', 18)
>>> steps_of([0, 1, 2, 1, 2, 3])  # undone to 1 at step 3: the path taken is the one shown
(0, 3, 4, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from club.answers import GhostView
from club.errors import NotationError
from club.forking import open_code
from club.links import MAX_GHOST, link
from club.playback import Playback
from club.replay import ReplayError, Work, run_all
from club.session import Session

#: The ghost's own reasons (the error's ``field``), besides the replay reasons of ``club.replay``.
REASONS = ("ghost-too-long", "ghost-other-deal")


def line_of(moves: Sequence[int], scores: Sequence[int]) -> tuple[int, ...]:
    """The ghost's line from a played replay's steps (``Playback.moves``, ``Playback.scores``):
    the score the last time the run stood at each move count, up to its final moves; a move
    count the run jumped over keeps the score before it."""
    final = moves[-1]
    at: dict[int, int] = {}
    for move, score in zip(moves, scores, strict=True):
        at[move] = score
    line, score = [], scores[0]
    for move in range(final + 1):
        score = at.get(move, score)
        line.append(score)
    line[-1] = scores[-1]
    return tuple(line)


def steps_of(moves: Sequence[int]) -> tuple[int, ...]:
    """The replay's step at which the run last stood at each move count, up to its final
    moves (``line_of``'s positions: a move count jumped over keeps the step before it)."""
    at: dict[int, int] = {}
    for step, move in enumerate(moves):
        at[move] = step
    steps, step = [], 0
    for move in range(moves[-1] + 1):
        step = at.get(move, step)
        steps.append(step)
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class Ghost:
    """A challenger's run: the deal it played (its link), its line and, once played through
    the engine, the step of each move and the played replay (the friend's board)."""

    link: str
    line: tuple[int, ...]
    steps: tuple[int, ...] = ()
    playback: Playback | None = field(default=None, compare=False, repr=False)

    @property
    def final(self) -> int:
        return self.line[-1]

    @property
    def moves(self) -> int:
        return len(self.line) - 1

    def view(self, move: int, you: int, over: bool) -> GhostView:
        """The ghost beside a run at ``move`` moves with score ``you`` (``over``: that run has ended)."""
        score = self.line[min(max(move, 0), self.moves)]
        theirs = self.final if over else score
        won: Literal["you", "ghost", "tie"] = "you" if you > theirs else "ghost" if you < theirs else "tie"
        return {"move": move, "score": score, "final": self.final, "moves": self.moves, "you": you,
                "over": over, "won": won, "by": abs(you - theirs)}


def open_ghost(session: Session[Any, Any], payload: dict[str, Any]) -> Work:
    """The ghost of ``payload["code"]`` for the deal ``payload["link"]`` (the link's deal as
    ``start_of`` answered it), in units of work; returns the ``Ghost``. Refused with the
    replay reasons, ``ghost-too-long`` or ``ghost-other-deal``."""
    code, deal = payload.get("code"), payload.get("link")
    if not isinstance(deal, str):
        raise NotationError("link", "a ghost is raced on a deal's link")
    if isinstance(code, str) and len(code) > MAX_GHOST:
        raise ReplayError("ghost-too-long", f"a ghost's code in a link is at most {MAX_GHOST} characters")

    def same_deal(start: dict[str, Any]) -> None:
        if link(start, session.LINK) != deal:
            raise ReplayError("ghost-other-deal", "the ghost played another deal")

    playback = yield from open_code(session, {"code": code}, same_deal)
    return Ghost(deal, line_of(playback.moves, playback.scores), steps_of(playback.moves), playback)


class GhostRace:
    """The ghost raced beside ``session``'s run (none until one is opened)."""

    def __init__(self, session: Session[Any, Any]) -> None:
        self.session = session
        self.held: Ghost | None = None
        self.shown: tuple[int, dict[str, Any]] | None = None  # the ghost's step last shown, and its view

    def ghost_open(self, payload: dict[str, Any]) -> GhostView | None:
        """Take a challenge link's ghost (``ghost_open_search`` run to its end at once)."""
        return run_all(self.ghost_open_search(payload))  # type: ignore[no-any-return]

    def ghost_open_search(self, payload: dict[str, Any]) -> Work:
        """Take the ghost ``{code, link}`` (the link's ``vs`` and its deal's link as ``start_of``
        answered it) in units of work (``Bridge.query`` runs them in slices): held once it has
        played through, answering ``ghost``. Any ghost held before is dropped first, so a
        refused one (the replay reasons, ``ghost-too-long``, ``ghost-other-deal``) leaves none;
        ``{code: null}`` only drops it."""
        self.held, self.shown = None, None
        if payload.get("code") is None:
            return None
        self.held = yield from open_ghost(self.session, payload)
        return self.ghost({})

    def ghost(self, payload: dict[str, Any]) -> GhostView | None:
        """The ghost beside the run in play (``GhostView``, with the friend's board), or None:
        no ghost held, or the run in play is not its deal (a new run, another deal)."""
        return self.beside(board=True)

    def beside(self, board: bool) -> GhostView | None:
        """``ghost``'s answer; ``board``: with the friend's board at the player's move (an action's
        answer that shows no new position, a domino frame's, goes without: the page keeps the last)."""
        ghost, session = self.held, self.session
        log = session.recording
        if ghost is None or log is None or link(log.start, session.LINK) != ghost.link:
            return None
        view = ghost.view(session.played(session.state), session.score(session.state), session.over(session.state))
        if board and ghost.playback is not None:
            view["board"] = self.board(ghost, ghost.playback, view["move"])
        return view

    def board(self, ghost: Ghost, playback: Playback, move: int) -> dict[str, Any]:
        """The view of the challenger's position at ``move`` moves (their last once they had ended):
        the replay sought to that step (from its cursor: a move forward plays one step), kept
        while the step is the same."""
        step = ghost.steps[min(max(move, 0), ghost.moves)]
        if self.shown is None or self.shown[0] != step:
            state, _ = playback.seek(step)
            self.shown = (step, playback.player.describe(state))
        return self.shown[1]
