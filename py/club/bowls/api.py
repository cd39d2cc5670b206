"""The bowls Session the page talks to through ``club.bridge`` (club.session, P4).

Actions (``sow``, ``undo``, ``redo``, ``end``, ``record``) run a step on a copy
of the attempt (``Attempt.copy``: the attempt plays in place) through ``act``;
``forecast`` is the sow step previewed and cut at its player phase (W23). An
attempt that ends is banked into the profile by the action that ends it, with
the achievements a move earns (W19-W21, W24, W25): the answer's ``profile`` is
then the text to store.

>>> s = Session()
>>> v = s.new({"mode": "daily", "date": "2026-11-29"})
>>> v["mode"], v["date"], v["moves"], v["limit"], len(v["bowls"])
('daily', '2026-11-29', 0, 20, 12)
>>> r = s.sow({"bowl": v["choosable"][0]})
>>> r["accepted"], r["view"]["moves"], r["events"][0]["type"]
(True, 1, 'pickup')
>>> s.sow({"bowl": 99})["reason"]
'bad-action'
>>> v = s.puzzle_new({"puzzle": 1})
>>> r = s.sow({"bowl": s.hint({})["bowl"]})
>>> r["view"]["status"], [e["type"] for e in r["events"]][-3:], r["profile"] is not None
('solved', ['recorded', 'puzzle_solved', 'finished'], True)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any, NotRequired, cast

from club import session
from club.bowls import achievements as awarded
from club.bowls import profile, saves
from club.bowls import workshopanswers as workshop
from club.bowls.attempt import UNDO_DEPTH, Attempt
from club.bowls.events import Event as BowlsEvent
from club.bowls.events import ThemeEvent
from club.bowls.hints import Hint, hint, hint_steps
from club.bowls.lesson import lesson_attempt
from club.bowls.modes import MODES, is_date
from club.bowls.notation import parse
from club.bowls.position import BAD_ACTION, RING
from club.bowls.profile import Profile, empty_profile, record
from club.bowls.proof import BUDGET
from club.bowls.puzzles import SOLVED
from club.bowls.solver import run
from club.bowls.views import (
    Awards,
    Forecast,
    Grid,
    View,
    WorkshopCheck,
    WorkshopCode,
    WorkshopLimits,
    WorkshopOpen,
    WorkshopProgress,
    WorkshopReply,
    awards,
    describe,
    forecast_line,
    grid,
    landing_of,
    player_phase,
)
from club.bowls.workshop import Draft, Made, Verdict, WorkshopError, read_draft
from club.bowls.workshopcode import Shared, parse_code
from club.errors import NotationError, is_int
from club.forking import FORK
from club.outcome import Event, Outcome
from club.recording import Log
from club.schema import Bounds, integer
from club.session import Answer
from club.surface import act, ask

SESSION_ONLY_MODES = ("puzzle", "workshop")  # started by puzzle_new and workshop_new, never by new
#: The most sows a replay holds: a Daily is 20 (W20), a puzzle its limit (W18);
#: Endless ends as W17's event rolls ramp up (a greedy attempt after about 250).
MAX_SOWS = 5_000
NOTHING_TO_RECORD, LOCKED = "nothing-to-record", "locked"


class Session(session.Session[Attempt, Profile]):
    """One bowls attempt and the player's profile."""

    game = "bowls"
    runs = saves
    profiles = profile
    RECORDED = {"sow": {"bowl": integer(0, RING - 1)}, "undo": {}, "redo": {}, "end": {}}
    # W21: between two sows the recorder writes k undos (the history holds UNDO_DEPTH
    # moves), or one undo and its redo (``log_action``); W19: one End
    BOUNDS = Bounds(moves=MAX_SOWS, moves_by=frozenset({"sow"}), per_tail={"undo": UNDO_DEPTH, "redo": 1},
                    per_run={"end": 1})
    LINK = {"mode": str, "puzzle": int}
    CALLS = {"sow": act(bowl=int), "undo": act(), "redo": act(), "end": act(), "record": act(),
             "forecast": ask(bowl=int),  # W23: make bench's bare round trip (tools/bench.py); the view has every line
             "hint": ask(), "puzzle_new": act(puzzle=int), "puzzles": ask(), "themes": ask(),
             "set_theme": act(theme=str),
             # W28, the Puzzle Workshop: the checks are queries (sliced, cancellable), workshop_progress between slices
             "workshop_limits": ask(position=str),
             "workshop_check": ask(position=str, goal=str, limit=int, title=NotRequired[str]),
             "workshop_code": ask(position=str, goal=str, limit=int, title=NotRequired[str], moves=list[int]),
             "workshop_open": ask(code=str), "workshop_progress": ask(),
             "workshop_reply": ask(code=str, moves=NotRequired[list[int]], solved=NotRequired[str]),
             "workshop_new": act(code=NotRequired[str], position=NotRequired[str], goal=NotRequired[str],
                                 limit=NotRequired[int], title=NotRequired[str]),
             "new": act(seed=NotRequired[int], query=NotRequired[str], daily=NotRequired[str],
                         from_replay=NotRequired[str], step=NotRequired[int], mode=NotRequired[str], puzzle=NotRequired[int])}

    def __init__(self) -> None:
        super().__init__()
        self._verdicts: dict[Draft, Verdict] = {}  # W28: the drafts proven last (workshopanswers.KEPT)
        self._opened: Shared | None = None  # the puzzle of the code opened last (workshop_open)
        self._progress: WorkshopProgress = {"running": False, "work": 0, "budget": BUDGET}

    # ----- the contract --------------------------------------------------------------
    def start(self, seed: int, payload: dict[str, Any]) -> Attempt:
        """``{"mode": "endless"|"free", "seed"}``, ``{"mode": "daily", "date": "YYYY-MM-DD"}``;
        an optional ``position`` (notation) replaces the generated start."""
        mode = payload.get("mode", "endless")
        if not isinstance(mode, str) or mode not in MODES or mode in SESSION_ONLY_MODES:
            raise NotationError("mode", f"new starts endless, daily or free, not {str(mode)[:40]!r}")
        date = payload.get("date", "")
        if MODES[mode].dated and not is_date(date):
            raise NotationError("date", "daily needs a date YYYY-MM-DD")
        text = payload.get("position")
        if text is not None and not isinstance(text, str):
            raise NotationError("position", "position must be notation text")
        position = parse(text) if text is not None else None
        return Attempt.start(mode, seed=seed, date=date, position=position)

    def lesson_state(self) -> Attempt:
        """The first lesson: club.bowls.lesson's position, played without refill."""
        return lesson_attempt()

    def describe(self, state: Attempt) -> View:
        """The attempt's view; ``archive``: the run is a past daily from the archive (its recorded start says so)."""
        return describe(state, self.profile, self.archived())

    def load_state(self, text: object) -> Attempt:
        attempt = saves.load(text)
        try:  # a state the field checks passed but that cannot be drawn is no save either
            describe(attempt, self.profile)
        except NotationError:
            raise
        except Exception as exc:
            raise NotationError("save", f"the attempt cannot be shown ({type(exc).__name__})") from None
        return attempt

    def fresh_profile(self) -> Profile:
        return empty_profile()

    def best(self, profile: Profile) -> int | None:
        """The home screen's best: the Endless personal best."""
        return profile["best"].get("endless")

    def over(self, state: Attempt) -> bool:
        return state.status() is not None

    def score(self, state: Attempt) -> int:
        return state.position.score

    def played(self, state: Attempt) -> int:
        return state.position.moves

    def practice(self, state: Attempt) -> str | None:
        """W21: after an undo in Endless or Daily the attempt is training and sets no best."""
        return state.practice()

    def mode(self, state: Attempt) -> str:
        """W18-W20: a puzzle's, an Endless and a Daily score are kept apart by the Daily Club."""
        return state.mode.name

    def moment(self, events: list[Event]) -> int:
        """Share grid: a match by its combo (1-4), a Perfect Clear above all."""
        if any(e["type"] == "perfect" for e in events):
            return 5
        return min(4, max((e["combo"] for e in events if e["type"] == "points" and e["phase"] == "player"), default=0))

    def daily_payload(self, date: str) -> dict[str, Any]:
        """W20: the daily's start and refills come from the date itself."""
        return {**super().daily_payload(date), "mode": "daily", "date": date}

    def start_payload(self, seed: int, payload: dict[str, Any]) -> dict[str, Any]:
        """A Daily started the W20 way (``mode`` daily and its ``date``) is that date's daily."""
        start = {**super().start_payload(seed, payload), "mode": payload.get("mode", "endless")}
        if start["mode"] == "daily" and "daily" not in start:
            start.update(self.daily_payload(payload["date"]), daily=payload["date"])
            del start["date"]
        return start

    def new(self, payload: dict[str, Any]) -> View:
        """``new`` also starts a puzzle from a link (``puzzle=N``), as ``puzzle_new`` does."""
        expanded = self.expand(payload)
        if set(expanded) - {FORK} == {"puzzle"}:  # ``puzzle=N`` alone: a puzzle's link (``mode`` never names one)
            return self.puzzle_new(expanded)
        return super().new(payload)

    def log_action(self, log: Log, method: str, payload: dict[str, Any], events: list[Event]) -> None:
        """W21: the undos and redos between two sows are written as what they come
        to: ``k`` undos back, or, back where they began, one undo and its redo
        (the first undo marks the attempt as training; an undo then its redo
        changes nothing else: same position, PRNG and history)."""
        if method not in ("undo", "redo"):
            log.append(method, payload)
            return
        back, undone = (1, True) if method == "undo" else (-1, False)
        while (last := log.last()) is not None and last[0] in ("undo", "redo"):
            back += 1 if log.pop()[0] == "undo" else -1
            undone = undone or last[0] == "undo"
        for name in ["undo"] * back if back > 0 else ["undo", "redo"] if undone else []:
            log.append(name, {})

    def after(self, before: Attempt, outcome: Outcome[Attempt]) -> list[Event]:
        """A move earns its achievements (W24); an attempt that ended is banked once (W19-W21, W25)."""
        attempt, events = outcome.state, []
        if attempt.last is not None and any(e["type"] == "pickup" for e in outcome.events):
            profile, new = awarded.award(self.profile, _facts(attempt))
            if new:
                self.profile = profile
                events += _achieved(profile, new)
        if attempt.status() is not None and not attempt.recorded:
            banked = self._bank(attempt)
            events += banked
            new_best = any(e["type"] == "recorded" and (e["best"] or e["daily_best"]) for e in banked)
            self.keep(replace(attempt, recorded=True, new_best=new_best))
        return events

    def _bank(self, attempt: Attempt) -> list[Event]:
        before = self.profile
        mode = attempt.mode.name
        profile = record(before, mode, attempt.date, attempt.position.score, attempt.training)
        events: list[Event] = [{"type": "recorded", "best": profile["best"].get(mode) != before["best"].get(mode),
                                "daily_best": profile["daily"] != before["daily"]}]
        if attempt.puzzle is not None and attempt.status() == SOLVED:  # W18: solved mark, fewest moves
            key = str(attempt.puzzle)
            profile, new = awarded.solve_puzzle(profile, attempt.puzzle, attempt.position.moves)
            events.append({"type": "puzzle_solved", "fewest": profile["puzzles"][key],
                           "first": key not in before["puzzles"], "solved": awarded.solved_count(profile)})
            events += _achieved(profile, new)
        self.profile = profile
        return events

    # ----- actions ---------------------------------------------------------------------
    def step_of(self, method: str, payload: dict[str, Any]) -> session.Step[Attempt] | None:
        """``sow`` (W5-W17), ``undo``, ``redo`` (W21) and ``end`` (W19) as pure steps."""
        if method == "sow":
            bowl = payload.get("bowl")
            if not is_int(bowl) or not 0 <= bowl < RING:
                return None
            return lambda attempt: attempt.copy().play(bowl)
        if method == "undo":
            return lambda attempt: attempt.copy().undo()
        if method == "redo":
            return lambda attempt: attempt.copy().redo()
        return lambda attempt: attempt.copy().end()

    def sow(self, payload: dict[str, Any]) -> Answer:
        """W5-W17: sow ``{"bowl": 0-11}``."""
        return self.act(self.step_of("sow", payload), record=("sow", payload))

    def undo(self, payload: dict[str, Any]) -> Answer:
        """W21: take the last move back (the attempt becomes training in Endless and Daily)."""
        return self.act(self.step_of("undo", payload), record=("undo", payload))

    def redo(self, payload: dict[str, Any]) -> Answer:
        """W21: play the undone move again."""
        return self.act(self.step_of("redo", payload), record=("redo", payload))

    def end(self, payload: dict[str, Any]) -> Answer:
        """End attempt (W19): the score becomes final."""
        return self.act(self.step_of("end", payload), record=("end", payload))

    def record(self, payload: dict[str, Any]) -> Answer:
        """Bank a finished attempt that is not yet (one loaded from a save written at its end)."""
        if self.state.status() is None or self.state.recorded:
            return self.refuse(NOTHING_TO_RECORD)
        return self.act(lambda attempt: Outcome(attempt))

    def forecast(self, payload: dict[str, Any]) -> Forecast:
        """W23: the sow of ``bowl`` previewed, up to the end of its player phase (the
        refill it would draw is never sent), with where its sowing lands (W6). The
        view carries the same line for every bowl (``forecasts``): the page asks none."""
        bowl = payload.get("bowl")
        if not is_int(bowl) or not 0 <= bowl < RING:
            return {"accepted": False, "reason": BAD_ACTION, "events": [], "line": None}
        preview = self.preview_of(lambda attempt: attempt.copy().play(bowl))
        events = player_phase(cast("list[BowlsEvent]", preview["events"]))  # a bowls step emits bowls events
        line = forecast_line(bowl, events, landing_of(self.state.position, bowl)) if preview["accepted"] else None
        return {"accepted": preview["accepted"], "reason": preview["reason"], "events": events, "line": line}

    # ----- puzzles, achievements and themes (W18, W24) -------------------------------------
    def puzzle_new(self, payload: dict[str, Any]) -> View:
        """Start (or restart) puzzle ``{"puzzle": 1-100}`` from its start position."""
        ident = payload.get("puzzle")
        if not is_int(ident):
            raise NotationError("puzzle", "puzzle must be an id 1-100")
        self.keep(Attempt.for_puzzle(ident))
        # a run from a replay's step of a puzzle records its mark too (club.forking reads it back)
        self.new_recording({"puzzle": ident, **({FORK: True} if payload.get(FORK) is True else {})})
        return self.view({})

    def hint(self, payload: dict[str, Any]) -> Hint:
        return hint(self.state)

    def hint_search(self, payload: dict[str, Any]) -> Generator[None, None, Hint]:
        """``hint`` for ``Bridge.query``: a generator yielding between the
        solver's units of work and returning what ``hint`` answers; the attempt it
        searches is the one on hand now (a move made meanwhile does not change it)."""
        return hint_steps(self.state)

    # ----- the Puzzle Workshop (W28; club.bowls.workshop) --------------------------------
    def workshop_limits(self, payload: dict[str, Any]) -> WorkshopLimits:
        """W18's start limits ``{"position"}`` breaks, each with its bowl: cheap, for every edit."""
        return workshop.limits_answer(payload)

    def workshop_check(self, payload: dict[str, Any]) -> WorkshopCheck:
        """Prove ``{"position", "goal", "limit", "title"?}`` (``workshop_check_search`` at once)."""
        return run(self.workshop_check_search(payload))  # type: ignore[no-any-return]

    def workshop_check_search(self, payload: dict[str, Any]) -> Generator[None, None, WorkshopCheck]:
        """The draft's par, whether its shortest solution is unique and its difficulty, or a
        refusal with its reason, in slices for ``Bridge.query`` (``workshop_progress`` between them)."""
        return self._tracked(workshop.check_steps(payload, self._verdicts))

    def workshop_code(self, payload: dict[str, Any]) -> WorkshopCode:
        """The code of a proven draft its author solved (``workshop_code_search`` at once)."""
        return run(self.workshop_code_search(payload))  # type: ignore[no-any-return]

    def workshop_code_search(self, payload: dict[str, Any]) -> Generator[None, None, WorkshopCode]:
        """``workshop_check``'s answer and the code, for the draft and the author's ``moves``
        (refused unless they solve it within the limit), in slices."""
        return self._tracked(workshop.code_steps(payload, self._verdicts))

    def workshop_open(self, payload: dict[str, Any]) -> WorkshopOpen:
        """Open a puzzle code (``workshop_open_search`` at once)."""
        return run(self.workshop_open_search(payload))  # type: ignore[no-any-return]

    def workshop_open_search(self, payload: dict[str, Any]) -> Generator[None, None, WorkshopOpen]:
        """``{"code"}`` checked entirely and its par proven again, in slices; the puzzle is
        then the one ``workshop_new {"code"}`` starts."""
        opened = yield from self._tracked(workshop.open_steps(payload, self._verdicts))
        if opened["puzzle"] is not None:
            self._opened = parse_code(opened["puzzle"]["code"])
        return opened  # type: ignore[no-any-return]

    def workshop_reply(self, payload: dict[str, Any]) -> WorkshopReply:
        """A friend's result on a shared puzzle, checked (no proof): ``{"code", "moves"}`` from the
        friend's end card gives the link back (``query``), ``{"code", "solved"}`` from that link
        the result for the author's lists."""
        return workshop.reply_answer(payload)

    def workshop_progress(self, payload: dict[str, Any]) -> WorkshopProgress:
        """How far the running proof is: its work done of its budget (asked between its slices)."""
        return dict(self._progress)  # type: ignore[return-value]

    def workshop_new(self, payload: dict[str, Any]) -> View:
        """Start a workshop puzzle as a W18 attempt (undo is help): ``{"code"}``, the code
        opened last by ``workshop_open`` (its par and the author's moves in the view), or the
        author's draft ``{"position", "goal", "limit", "title"?}`` (its par once checked).
        Nothing is recorded for a replay (a replay code starts from a link's deal)."""
        if "code" in payload:
            shared = parse_code(payload["code"])  # a damaged code says why first
            if shared != self._opened:
                raise WorkshopError("not-opened", "a code is played once workshop_open has proven it")
            draft, author = shared.draft, shared.moves
        else:
            draft, author = read_draft(payload), ()
        verdict = self._verdicts.get(draft)
        made = Made(draft, verdict.solution if verdict else (), author)
        self.keep(Attempt.for_workshop(made))
        self.new_recording(None)
        return self.view({})

    def _tracked(self, steps: Generator[int, None, Any]) -> Generator[None, None, Any]:
        """Run ``steps`` keeping the work it has done for ``workshop_progress``."""
        progress = self._progress = {"running": True, "work": 0, "budget": BUDGET}
        try:
            while True:
                try:
                    progress["work"] = next(steps)
                except StopIteration as done:
                    return done.value
                yield
        finally:
            progress["running"] = False

    def puzzles(self, payload: dict[str, Any]) -> Grid:
        return grid(self.profile)

    def themes(self, payload: dict[str, Any]) -> Awards:
        return awards(self.profile)

    def set_theme(self, payload: dict[str, Any]) -> Answer:
        """Use theme ``{"theme": name}`` if it is unlocked (W24), else refused as ``locked``;
        the answer's ``profile`` is the text to store."""
        name = payload.get("theme")
        chosen = awarded.choose_theme(self.profile, name) if isinstance(name, str) else None
        if chosen is None:
            return self.refuse(LOCKED)
        self.profile = chosen
        event: ThemeEvent = {"type": "theme", "theme": awarded.theme(chosen)}
        return self.answer([event], changed_profile=True)


def _facts(attempt: Attempt) -> dict[str, Any]:
    """What a move did, for the achievements (W13, W14, W24); an overflowed phase has no combo."""
    last = attempt.last or {}
    return {"mode": attempt.mode.name, "combo": 0 if last.get("overflow") else last.get("combo", 0),
            "perfect": bool(last.get("perfect")), "score": attempt.position.score, "status": attempt.status()}


def _achieved(profile: Profile, new: list[str]) -> list[Event]:
    """One event per new achievement, with the theme it opened (W24: k achievements open k + 1 themes)."""
    have = awarded.earned(profile)
    themes = awarded.THEMES
    return [{"type": "achievement", "id": name,
             "theme": themes[have.index(name) + 1] if have.index(name) + 1 < len(themes) else None}
            for name in new]

