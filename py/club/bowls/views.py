"""What the bowls page draws, typed (P4): every number and flag
the page shows comes from here, never from arithmetic in ``web/``.

- ``describe``: the attempt (W1-W25): bowls with why each cannot be sown
  and whether it holds more than it may (W1, W5, W12), where the arrow
  keys lead (W22), the combo
  multiplier of the last move (W13), moves left, the puzzle with its goal,
  progress, whether it is the last one and the next id (W18);
- ``forecast_line``: the W23 line from the player phase's events, with
  where the sowing lands (W6); ``forecast``: the same line of a position as
  it stands, cheap enough that the view carries one for every bowl
  (``forecasts``), so choosing a bowl shows its line and landing marks with
  no question asked of the engine;
- ``awards``: themes with what each still needs (W24) and the achievements;
- ``grid``: the 100 puzzles with solved marks and fewest moves (W18).

>>> from club.bowls.attempt import Attempt
>>> from club.bowls.profile import empty_profile
>>> view = describe(Attempt.for_puzzle(100), empty_profile())
>>> view["puzzle"]["last"], view["puzzle"]["next"], view["moves_left"] == view["limit"]
(True, None, True)
>>> [(t["name"], t["needed"]) for t in awards(empty_profile())["themes"][:3]]
[('simple', 0), ('garden', 1), ('sand', 2)]
"""

from __future__ import annotations

from typing import Literal, TypedDict

from club.bowls import achievements as awarded
from club.bowls.attempt import Attempt
from club.bowls.events import Event
from club.bowls.goals import Goal, Progress, print_goal, progress
from club.bowls.notation import print_position
from club.bowls.phase import landing
from club.bowls.position import CAPACITY, MODIFIER_NAMES, OVER, REVERSE, RING, Position, refusal
from club.bowls.profile import Profile
from club.bowls.puzzles import COUNT, SOLVED, load_puzzles, specials
from club.bowls.rules import multiplier, over_capacity, sow
from club.bowls.workshop import Difficulty, Limit


class BowlView(TypedDict):
    stones: str  # front first (W3)
    mods: dict[str, int]  # ice/reverse/volcano: -1 permanent, else moves left (W4, W16)
    refusal: str | None  # why it cannot be sown now: over, empty, ice (W5), or None
    over_capacity: bool  # more than 7 stones: the overflow that ended the attempt (W12)
    clockwise: bool  # where its stones go when it is sown: False for reverse (W6), the page's arrow


class LastView(TypedDict):
    bowl: int
    points: int
    combo: int  # matching bowls of the player phase (W13)
    multiplier: int  # x1-x4 of that combo (W13)
    matching: list[int]
    perfect: bool
    overflow: str | None


class GoalView(TypedDict):
    kind: str
    colour: str
    count: int


class PuzzleView(TypedDict):
    id: int
    title: str
    goal: GoalView
    limit: int
    moves_left: int
    progress: Progress  # goals.progress: kind, colour, count, done, left
    solved: bool
    last: bool  # the last of the set: no "next puzzle"
    next: int | None
    total: int  # puzzles in the set (W18): "12 of 100 solved"


class WorkshopView(TypedDict):
    """A workshop puzzle in play (W28, played as W18): its goal and progress, and what
    its end card compares: the moves used against the par and the author's."""

    title: str  # plain text, never markup: the page sets it as text
    start: str  # the start position (W26): what the editor opens again
    goal: GoalView
    goal_text: str  # the goal in W18's grammar (``collect G 6``), as a draft gives it
    limit: int
    moves_left: int
    progress: Progress  # goals.progress: kind, colour, count, done, left
    solved: bool
    par: int | None  # the proven shortest solution's length (None: not proven yet, the author's first try)
    author: int | None  # the moves the author solved it in (a shared puzzle), else None
    played: list[int]  # the bowls sown on this attempt's line: solved, the author's moves for the code
    at_par: bool | None  # solved in par moves (None: not solved, or no par)
    versus_author: Literal["fewer", "same", "more"] | None  # solved: the moves used against the author's


class WorkshopLimits(TypedDict):
    """W18's start limits a position breaks (``workshop_limits``: cheap, on every edit)."""

    reason: str | None  # bad-position: the notation does not read (then no limits are listed)
    limits: list[Limit]


class WorkshopCheck(TypedDict):
    """A draft proven (W28), or refused with its reason code (``club.bowls.workshop``)."""

    accepted: bool
    reason: str | None  # bad-position, bad-goal, bad-limit, bad-title, start-limits, goal-met, no-solution, budget...
    message: str | None  # the refusal in English, for a log; the page says the reason in the player's language
    limits: list[Limit]  # start-limits: each W18 limit broken, with its bowl
    par: int | None  # the length of a shortest solution
    unique: bool | None  # exactly one sequence of ``par`` moves solves it
    difficulty: Difficulty | None
    budget: int  # moves the proof may try: spent, the answer is ``budget``


class WorkshopCode(WorkshopCheck):
    """``workshop_check`` and, accepted, the puzzle's code (the author's moves solve it)."""

    code: str | None
    query: str | None  # the link's query, ``puzzle=<code>`` (#/bowls?puzzle=<code>)


class SharedPuzzle(TypedDict):
    """A puzzle a code carried, checked entirely (W28)."""

    position: str
    goal: GoalView
    goal_text: str
    limit: int
    title: str  # plain text, never markup
    moves: list[int]  # the author's solving moves
    code: str


class WorkshopOpen(WorkshopCheck):
    """``workshop_check`` of the puzzle a code carries, and the puzzle when accepted."""

    puzzle: SharedPuzzle | None


class WorkshopReply(TypedDict):
    """A friend's result on a shared puzzle (W28), checked: the code read entirely, the
    friend's moves replayed to a solve within its limit; or refused with its reason."""

    accepted: bool
    reason: str | None  # a code's reasons (puzzle-corrupt...), bad-moves, not-solved, reply-corrupt
    message: str | None  # the refusal in English, for a log
    moves: int | None  # how many moves the friend solved it in
    solved: str | None  # the friend's moves as the link writes them: one base-12 digit a bowl ("26")
    query: str | None  # the link's query back to the author: ``puzzle=<code>&solved=<moves>``
    puzzle: SharedPuzzle | None


class WorkshopProgress(TypedDict):
    """How far the running proof is (asked between its slices)."""

    running: bool
    work: int  # work done so far (moves tried, weighted by their board's stones: club.bowls.proof)
    budget: int  # the work the proof may do


class Arrows(TypedDict):
    """W22: the bowl Left/Right (Up/Down) choose next, by the bowl chosen now
    (index 12: none chosen yet); None when no bowl can be chosen."""

    forward: list[int | None]
    back: list[int | None]


class View(TypedDict):
    mode: str
    date: str
    archive: bool  # a past daily played again from the archive, as practice (club.daily.archive): the chip says so
    position: str  # W26 notation
    bowls: list[BowlView]  # the ring, bowl 0 at the top, clockwise (W1)
    capacity: int  # stones a bowl may hold (W12): the ring draws that many places, "+N" beyond
    score: int
    moves: int
    limit: int | None
    moves_left: int | None
    choosable: list[int]
    arrows: Arrows
    status: str | None
    over: bool
    overflow_bowls: list[int]
    training: bool
    recorded: bool
    new_best: bool  # W25: counting the attempt raised a best (the end card's line, after a reload too)
    can_undo: bool
    # W21: an undo now would mark a Daily as training (its day no longer counts): the page asks first, once
    undo_costs_daily: bool
    can_redo: bool
    last: LastView | None
    best: int | None  # the best the HUD shows: Daily's of this date, Endless's, else None
    puzzle: PuzzleView | None  # one of the 100 (W18)
    workshop: WorkshopView | None  # a workshop puzzle (W28)
    best_combo: int  # the most matching bowls of one safe move in this attempt (the end card, W13)
    # W23 with W6's landing, per bowl: the line of each bowl that can be chosen, None for the others
    # (the page shows the chosen bowl's at once; the forecast line only with its setting on)
    forecasts: list[ForecastLine | None]


class Landing(TypedDict):
    """W6: a bowl the player's sowing reaches and the stones it receives there."""

    bowl: int
    count: int


class ForecastLine(TypedDict):
    """W23: the player phase of a sow, never its refill; ``landing`` is the sowing
    alone (W6), never a volcano's eruption (W10) or a refill (W16)."""

    bowl: int
    matching: list[int]
    combo: int
    multiplier: int  # 0 when nothing matches
    points: int  # 0 on an overflow (W12)
    perfect: bool
    overflow: bool
    overflow_bowls: list[int]
    landing: list[Landing]  # in the order the sowing reaches them (W6: clockwise, or not from a reverse bowl)


class Forecast(TypedDict):
    accepted: bool
    reason: str | None
    events: list[Event]
    line: ForecastLine | None


class ThemeView(TypedDict):
    name: str
    unlocked: bool
    needed: int  # achievements still to earn before it opens (W24)


class AchievementView(TypedDict):
    id: str
    earned: bool


class Awards(TypedDict):
    theme: str
    themes: list[ThemeView]
    achievements: list[AchievementView]
    earned: int
    unlocked: int
    solved: int


class GridRow(TypedDict):
    id: int
    title: str
    goal: GoalView
    limit: int
    specials: list[str]
    fewest: int | None


class Grid(TypedDict):
    puzzles: list[GridRow]
    next: int | None
    solved: int


def describe(attempt: Attempt, profile: Profile, archive: bool = False) -> View:
    position = attempt.position
    status = attempt.status()
    limit = attempt.limit
    last = attempt.last
    choosable = attempt.choosable()
    can_undo = attempt.undo_refusal() is None
    return {
        "mode": attempt.mode.name,
        "date": attempt.date,
        "archive": archive,
        "position": attempt.position_text(),
        "bowls": [bowl_view(attempt, b, status) for b in range(RING)],
        "capacity": CAPACITY,
        "score": position.score,
        "moves": position.moves,
        "limit": limit,
        "moves_left": None if limit is None else max(0, limit - position.moves),
        "choosable": choosable,
        "arrows": arrows(choosable),
        "status": status,
        "over": status is not None,
        "overflow_bowls": [b for b in range(RING) if len(position.bowls[b]) > CAPACITY],
        "training": attempt.training,
        "recorded": attempt.recorded,
        "new_best": attempt.new_best,
        "can_undo": can_undo,
        "undo_costs_daily": can_undo and attempt.mode.dated and attempt.mode.training_on_undo and not attempt.training,
        "can_redo": bool(attempt.redo_bowls) and status is None,
        "last": None if last is None else {**last, "multiplier": multiplier(last["combo"])},  # type: ignore[typeddict-item]
        "best": best_shown(attempt, profile),
        "puzzle": puzzle_view(attempt, status) if attempt.workshop is None else None,
        "workshop": workshop_view(attempt, status),
        "best_combo": attempt.best_combo,
        "forecasts": [forecast(position, b) if b in choosable else None for b in range(RING)],
    }


def arrows(choosable: list[int]) -> Arrows:
    """W22: around the ring to the next bowl that can be chosen, clockwise
    (forward) or not; with none chosen, forward starts at bowl 0 and back at 11.

    >>> a = arrows([2, 7])
    >>> a["forward"][2], a["forward"][7], a["back"][2], a["forward"][12], a["back"][12]
    (7, 2, 7, 2, 7)
    >>> arrows([])["forward"][12] is None
    True
    """
    def seek(start: int, direction: int) -> int | None:
        return next((b for b in ((start + direction * i) % RING for i in range(1, RING + 1)) if b in choosable),
                    None)

    starts = [*range(RING), None]
    return {"forward": [seek(RING - 1 if b is None else b, 1) for b in starts],
            "back": [seek(0 if b is None else b, -1) for b in starts]}


def bowl_view(attempt: Attempt, bowl: int, status: str | None) -> BowlView:
    """One bowl for the renderer: its queue, modifiers and what the engine says of a tap."""
    position = attempt.position
    mods = position.mods[bowl]
    return {
        "stones": position.bowls[bowl],
        "mods": {MODIFIER_NAMES[k]: mods[k] for k in range(3) if mods[k]},
        "refusal": OVER if status else refusal(position, bowl),
        "over_capacity": len(position.bowls[bowl]) > CAPACITY,
        "clockwise": not mods[REVERSE],
    }


def best_shown(attempt: Attempt, profile: Profile) -> int | None:
    if attempt.mode.dated:
        return profile["daily"].get(attempt.date)
    value = profile["best"].get(attempt.mode.name)
    return value if isinstance(value, int) else None


def goal_view(goal: Goal) -> GoalView:
    return {"kind": goal.kind, "colour": goal.colour, "count": goal.count}


def puzzle_view(attempt: Attempt, status: str | None) -> PuzzleView | None:
    puzzle = attempt.the_puzzle()
    if puzzle is None:
        return None
    moves = attempt.position.moves
    lasts = [snap.last for snap in attempt.history[1:]] + [attempt.last]
    best_combo = max((last["combo"] for last in lasts if last), default=0)
    return {
        "id": puzzle.id,
        "title": puzzle.title,
        "goal": goal_view(puzzle.goal),
        "limit": puzzle.limit,
        "moves_left": max(0, puzzle.limit - moves),
        "progress": progress(puzzle.goal, attempt.position, attempt.collected, best_combo),
        "solved": status == SOLVED,
        "last": puzzle.id == COUNT,
        "next": puzzle.id + 1 if puzzle.id < COUNT else None,
        "total": COUNT,
    }


def workshop_view(attempt: Attempt, status: str | None) -> WorkshopView | None:
    made = attempt.workshop
    if made is None:
        return None
    draft, moves, solved = made.draft, attempt.position.moves, status == SOLVED
    par, author = made.par, len(made.author) or None
    versus: Literal["fewer", "same", "more"] | None = None
    if solved and author is not None:
        versus = "fewer" if moves < author else "same" if moves == author else "more"
    return {
        "title": draft.title,
        "start": print_position(draft.position),
        "goal": goal_view(draft.goal),
        "goal_text": print_goal(draft.goal),
        "limit": draft.limit,
        "moves_left": max(0, draft.limit - moves),
        "progress": progress(draft.goal, attempt.position, attempt.collected, attempt.best_combo),
        "solved": solved,
        "par": par,
        "author": author,
        "played": attempt.played(),
        "at_par": (moves == par) if solved and par is not None else None,
        "versus_author": versus,
    }


#: Events of the refill phase and after it (W16, W17): a forecast stops before them (W23).
AFTER_PLAYER_PHASE = frozenset({"refill", "expire", "modifier"})


def player_phase(events: list[Event]) -> list[Event]:
    """The events of a sow up to the end of its player phase."""
    out = []
    for event in events:
        if event["type"] in AFTER_PLAYER_PHASE:
            break
        out.append(event)
    return out


def landing_of(position: Position, bowl: int) -> list[Landing]:
    """W6: where sowing ``bowl`` puts its stones, each bowl with its count.

    >>> from club.bowls.notation import parse
    >>> landing_of(parse("RGB[r]/-/-/-/-/-/-/-/-/-/-/- 0 0"), 0)
    [{'bowl': 11, 'count': 1}, {'bowl': 10, 'count': 1}, {'bowl': 9, 'count': 1}]
    """
    reached = landing(bowl, len(position.bowls[bowl]), bool(position.mods[bowl][REVERSE]))
    return [{"bowl": b, "count": n} for b, n in reached]


def forecast_line(bowl: int, events: list[Event], lands: list[Landing] | None = None) -> ForecastLine:
    """W23 from the player phase's events: matching bowls, multiplier, points
    (with a Perfect Clear), or the overflow that would end the attempt; ``lands``:
    where the sowing puts its stones (``landing_of`` the position before it).

    >>> from club.bowls.notation import parse
    >>> line = forecast_line(10, sow(parse("-/-/-/-/-/-/-/-/-/-/P/PP 0 0"), 10, log=True).events or [])
    >>> line["points"], line["multiplier"], line["perfect"]
    (130, 1, True)
    """
    matching = sorted({e["bowl"] for e in events if e["type"] == "match"})
    overflow = next((e["bowls"] for e in events if e["type"] == "overflow"), None)
    points = sum(e["points"] for e in events if e["type"] in ("points", "perfect"))
    return {
        "bowl": bowl,
        "matching": matching,
        "combo": len(matching),
        "multiplier": multiplier(len(matching)) if matching else 0,
        "points": 0 if overflow is not None else points,
        "perfect": any(e["type"] == "perfect" for e in events),
        "overflow": overflow is not None,
        "overflow_bowls": list(overflow or []),
        "landing": list(lands or []),
    }


def forecast(position: Position, bowl: int) -> ForecastLine:
    """W23 for a position as it stands (the caller checked the refusal): the
    player phase of the very ``sow`` the move plays, read from its tally (no
    renderer events: this runs for every bowl of every view), and where its
    sowing lands (W6).

    >>> from club.bowls.notation import parse
    >>> line = forecast(parse("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0"), 5)
    >>> line["matching"], line["points"], [(x["bowl"], x["count"]) for x in line["landing"]]
    ([6, 7, 8], 270, [(6, 1), (7, 1), (8, 1)])
    """
    out = sow(position, bowl)  # no refill: the player phase and its Perfect Clear (W14) alone
    overflow = out.overflow is not None
    return {
        "bowl": bowl,
        "matching": list(out.matching),
        "combo": out.combo,
        "multiplier": multiplier(out.combo) if out.combo else 0,
        "points": out.points,  # 0 on an overflow (W12)
        "perfect": out.perfect,
        "overflow": overflow,
        "overflow_bowls": over_capacity(list(out.position.bowls)) if overflow else [],
        "landing": landing_of(position, bowl),
    }


def awards(profile: Profile) -> Awards:
    """W24: each achievement opens the next theme; ``needed`` counts what a locked one waits for."""
    have = awarded.earned(profile)
    return {
        "theme": awarded.theme(profile),
        "themes": [{"name": name, "unlocked": index <= len(have), "needed": max(0, index - len(have))}
                   for index, name in enumerate(awarded.THEMES)],
        "achievements": [{"id": name, "earned": name in have} for name in awarded.ACHIEVEMENTS],
        "earned": len(have),
        "unlocked": len(awarded.unlocked(profile)),
        "solved": awarded.solved_count(profile),
    }


def grid(profile: Profile) -> Grid:
    """W18: every puzzle with its goal and limit, solved marks and fewest moves, and the next unsolved."""
    solved = profile["puzzles"]
    rows: list[GridRow] = [{
        "id": puzzle.id, "title": puzzle.title, "goal": goal_view(puzzle.goal), "limit": puzzle.limit,
        "specials": sorted(specials(puzzle.position)), "fewest": solved.get(str(puzzle.id)),
    } for puzzle in load_puzzles()]
    upcoming = next((row["id"] for row in rows if row["fewest"] is None), None)
    return {"puzzles": rows, "next": upcoming, "solved": len(solved)}
