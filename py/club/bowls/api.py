"""The Session the page talks to through ``club.bridge`` (docs/architecture.md).

>>> s = Session()
>>> v = s.new({"mode": "daily", "date": "2026-11-29"})
>>> v["mode"], v["date"], v["moves"], v["limit"], len(v["bowls"])
('daily', '2026-11-29', 0, 20, 12)
>>> r = s.sow({"bowl": v["choosable"][0]})
>>> r["accepted"], r["view"]["moves"], r["events"][0]["type"]
(True, 1, 'pickup')
>>> s.sow({"bowl": 99})["reason"]
'bad-action'
"""

from __future__ import annotations

from typing import Any

from club.bowls.attempt import Attempt, Result
from club.bowls.modes import MODES, is_date
from club.bowls.move import forecast
from club.bowls.notation import parse
from club.bowls.position import BAD_ACTION, CAPACITY, MODIFIER_NAMES, RING, Position
from club.bowls.profile import dump_profile, parse_profile, record
from club.bowls.saves import dump_attempt, load_attempt
from club.errors import NotationError, read_seed

try:  # part 2 adds puzzle methods (and registers its mode) in club.bowls.puzzle_api
    from club.bowls.puzzle_api import PuzzleMethods  # type: ignore[import-not-found]
except ModuleNotFoundError as missing:
    if missing.name != "club.bowls.puzzle_api":
        raise

    class PuzzleMethods:  # type: ignore[no-redef]
        """Nothing until part 2 ships its puzzles."""


SESSION_ONLY_MODES = ("puzzle",)  # started by their own method (puzzle_new), never by new


class Session(PuzzleMethods):
    """One bowls attempt at a time; every method takes a JSON-able payload."""

    def __init__(self) -> None:
        self.attempt: Attempt | None = None
        self._save: str | None = None  # cached save text of the current state

    # -- lifecycle -----------------------------------------------------------
    def new(self, payload: dict[str, Any]) -> dict[str, Any]:
        """``{"mode": "endless", "seed": int}`` or ``{"mode": "daily", "date": "YYYY-MM-DD"}``.

        An optional ``position`` (notation) replaces the generated start.
        Puzzles start with ``puzzle_new``. Everything is checked before the
        current attempt is replaced: a refused call leaves it as it was.
        """
        mode = payload.get("mode", "endless")
        if not isinstance(mode, str) or mode not in MODES or mode in SESSION_ONLY_MODES:
            raise NotationError("mode", f"new starts endless, daily or free, not {str(mode)[:40]!r}")
        seed = read_seed(payload.get("seed", 0))  # one seed rule for every game: 0 <= seed < 2**32
        date = payload.get("date", "")
        if MODES[mode].dated and not is_date(date):
            raise NotationError("date", "daily needs a date YYYY-MM-DD")
        text = payload.get("position")
        if text is not None and not isinstance(text, str):
            raise NotationError("position", "position must be notation text")
        position = parse(text) if text is not None else None
        return self._adopt(Attempt.start(mode, seed=seed, date=date, position=position), None)

    def load(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Resume a stored attempt; a corrupt one raises and the current attempt stays."""
        text = payload.get("save")
        if not isinstance(text, str):
            raise NotationError("save", "save must be text")
        return self._adopt(load_attempt(text), text)

    def _adopt(self, attempt: Attempt, save_text: str | None) -> dict[str, Any]:
        """Make ``attempt`` the current one only if it can be drawn (validate, then replace).

        The view runs the mode's hooks (a puzzle's goal, its last move), so an
        attempt that passed the field checks but cannot be played is refused
        here, before it replaces a good one.
        """
        previous = self.attempt, self._save
        self.attempt, self._save = attempt, save_text
        try:
            return self.view({})
        except NotationError:
            self.attempt, self._save = previous
            raise
        except Exception as exc:  # a save the field checks missed: still only a refusal
            self.attempt, self._save = previous
            raise NotationError("save", f"the attempt cannot be shown ({type(exc).__name__})") from None

    def save(self, payload: dict[str, Any]) -> str:
        attempt = self._need()
        if self._save is None:
            self._save = dump_attempt(attempt)
        return self._save

    def load_profile(self, payload: dict[str, Any]) -> dict[str, Any]:
        text = payload.get("profile", "")
        if not isinstance(text, str):
            raise NotationError("profile", "profile must be text")
        return parse_profile(text)

    def headline(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The home screen's best score: the Endless personal best (never raises on garbage)."""
        text = payload.get("profile")
        try:
            profile = parse_profile(text if isinstance(text, str) else "")
        except NotationError:
            return {"best": None}
        return {"best": profile["best"].get("endless")}

    # -- actions -------------------------------------------------------------
    def sow(self, payload: dict[str, Any]) -> dict[str, Any]:
        bowl = payload.get("bowl")
        if not isinstance(bowl, int) or isinstance(bowl, bool) or not 0 <= bowl < RING:
            return self._answer(Result(False, BAD_ACTION))
        return self._answer(self._need().play(bowl))

    def undo(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._answer(self._need().undo())

    def redo(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._answer(self._need().redo())

    def end(self, payload: dict[str, Any]) -> dict[str, Any]:
        """End attempt (W19): the score becomes final."""
        return self._answer(self._need().end())

    def forecast(self, payload: dict[str, Any]) -> dict[str, Any]:
        """W23: the player phase of sowing ``bowl`` (no refill is ever shown)."""
        attempt = self._need()
        bowl = payload.get("bowl")
        if not isinstance(bowl, int) or isinstance(bowl, bool) or not 0 <= bowl < RING:
            return {"bowl": None, "reason": BAD_ACTION}  # never echo what is no bowl (NaN, 2**80)
        reason = attempt.refusal(bowl)
        if reason is not None:
            return {"bowl": bowl, "reason": reason}
        return {"reason": None, **forecast(attempt.position, bowl)}

    def record(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Fold the finished attempt into the profile once (W19-W21, W25).

        Returns the profile text to store, whether a personal best or a daily
        best was set, and the save (the attempt remembers it was recorded).
        """
        attempt = self._need()
        profile = self.load_profile(payload)
        answer = {"recorded": False, "best": False, "dailyBest": False}
        if attempt.status() and not attempt.extra.get("recorded"):
            mode, score = attempt.mode.name, attempt.position.score
            updated = record(profile, mode, attempt.date, score, attempt.training)
            answer["best"] = updated["best"].get(mode) != profile["best"].get(mode)
            answer["dailyBest"] = updated["daily"] != profile["daily"]
            answer["recorded"] = True
            profile = updated
            attempt.extra["recorded"] = True
            self._save = None
        return {**answer, "profile": dump_profile(profile), "save": self.save({})}

    # -- views ---------------------------------------------------------------
    def view(self, payload: dict[str, Any]) -> dict[str, Any]:
        attempt = self._need()
        position = attempt.position
        status = attempt.status()
        limit = attempt.mode.limit
        view = {
            "mode": attempt.mode.name,
            "date": attempt.date,
            "position": attempt.position_text(),
            "bowls": [bowl_view(position, b) for b in range(RING)],
            "score": position.score,
            "moves": position.moves,
            "limit": limit,
            "movesLeft": None if limit is None else max(0, limit - position.moves),
            "choosable": attempt.choosable(),
            "status": status,
            "over": status is not None,
            "overflowBowls": [b for b in range(RING) if len(position.bowls[b]) > CAPACITY],
            "training": attempt.training,
            "recorded": bool(attempt.extra.get("recorded")),
            "canUndo": bool(attempt.history) and not attempt.ended,
            "canRedo": bool(attempt.redo_bowls) and status is None,
            "last": attempt.last,
        }
        if attempt.mode.describe is not None:
            view.update(attempt.mode.describe(attempt))
        return view

    def _answer(self, result: Result) -> dict[str, Any]:
        if result.accepted:
            self._save = None
        return {
            "accepted": result.accepted,
            "reason": result.reason,
            "events": result.events,
            "view": self.view({}),
            "save": self.save({}),
        }

    def _need(self) -> Attempt:
        if self.attempt is None:
            raise NotationError("attempt", "no attempt: call new or load first")
        return self.attempt


def bowl_view(position: Position, bowl: int) -> dict[str, Any]:
    """One bowl for the renderer: its queue and modifiers (-1 = permanent, else moves left)."""
    mods = position.mods[bowl]
    return {
        "stones": position.bowls[bowl],
        "mods": {MODIFIER_NAMES[k]: mods[k] for k in range(3) if mods[k]},
    }
