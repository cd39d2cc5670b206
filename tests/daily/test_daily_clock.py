"""The club record against a clock that moves (P8: a record the club wrote is
one it reads). Players cross time zones, set clocks by hand, and a phone's clock
corrects itself: ``now`` goes forward, back by hours or days, jumps years, and
leaves the Club's years (2025-2100) altogether.

Random banks of every game (dailies and plain runs, modes, marked runs) on a
clock that moves; after every bank:

- the service's own ``check`` accepts the record it wrote, and ``home``/``stats``
  answer whatever ``now`` is;
- **no earned best is lost**: each game's best is the highest score of any run the
  game let set a best (``practice`` null), and each mode's best likewise; neither
  ever goes down;
- **no earned streak is lost**: each game's and the Club's best streak never go
  down, and are at least every streak the service ever showed;
- **the clock going back breaks no streak**: a streak shown at a clock is shown
  (at least as long) at any earlier clock, and banking never shortens the streak
  shown at the clock it banks at.

Then tables of the hand cases players met."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

import pytest
from club import GAMES, calendar
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import finished, ms
from hypothesis import given, settings
from hypothesis import strategies as st

HOUR, DAY = 3_600_000, 86_400_000
YEAR = 365 * DAY
START = ms("2026-11-20", "12:00")
#: The modes each game names in its finished event (none: a game of one mode).
MODES: dict[str, list[str | None]] = {"blocks": [None], "merge": [None], "domino": ["sprint", "marathon"],
                                      "bowls": ["endless", "daily", "puzzle"]}
#: Clocks set to an impossible year (before the Club or far ahead), at the start of that year UTC.
IMPOSSIBLE = [1970, 2000, 2019, 2024, 2101, 2150, 2200]


def year_ms(year: int) -> int:
    return int(datetime.datetime(year, 1, 1, 6, tzinfo=datetime.UTC).timestamp() * 1000)


# How the device's clock moves before a run ends: the true time passes (minutes to days), or the
# clock is set off it: back by hours or days, forward by days, years either way, to an impossible
# year, or corrected (a phone's clock setting itself right).
moves = st.one_of(
    st.tuples(st.just("pass"), st.integers(0, 3 * DAY)),
    st.tuples(st.just("back"), st.integers(1, 48).map(lambda h: h * HOUR)),
    st.tuples(st.just("back"), st.integers(1, 40).map(lambda d: d * DAY)),
    st.tuples(st.just("forward"), st.integers(1, 30).map(lambda d: d * DAY)),
    st.tuples(st.just("far"), st.integers(-8, 40).filter(bool).map(lambda y: y * YEAR)),
    st.tuples(st.just("impossible"), st.sampled_from(IMPOSSIBLE)),
    st.tuples(st.just("correct"), st.just(0)),
)
# Which daily the run was: none (a plain run), the clock's today, the day the clock said when the
# run began (the step before), or a day either side of the clock's.
dailies = st.sampled_from([None, None, "today", "today", "began", "yesterday", "tomorrow"])
# One finished run: (clock move, game, score, daily, marked by the game, mode index).
steps = st.lists(st.tuples(moves, st.sampled_from(GAMES), st.integers(0, 5000), dailies,
                           st.sampled_from([None, None, None, None, "training"]), st.integers(0, 2)),
                 min_size=1, max_size=30)


def clock_date(now: int) -> str:
    """The UTC date the page's home would offer dailies of at ``now`` (within the Club's years)."""
    first, last = ms(str(calendar.FIRST), "00:00"), ms(str(calendar.LAST), "23:59")
    return calendar.utc_date(min(max(now, first), last))


def shift(date: str, days: int) -> str:
    moved = datetime.date.fromisoformat(date) + datetime.timedelta(days=days)
    return min(max(moved, calendar.FIRST), calendar.LAST).isoformat()


@dataclass
class Earned:
    """What the player has earned so far: the model the record is held to."""

    best: dict[str, int] = field(default_factory=dict)
    mode_best: dict[tuple[str, str], int] = field(default_factory=dict)
    shown: dict[str, int] = field(default_factory=dict)  # the longest streak ever shown, per game and "club"
    best_streak: dict[str, int] = field(default_factory=dict)


def streaks_at(club: Session, record: str | None, now: int) -> dict[str, int]:
    """The streak home shows at ``now`` for each game and the Club."""
    home = club.home({"record": record, "now": now})
    return {**{game: home["games"][game]["streak"] for game in GAMES}, "club": home["club"]["streak"]}


def play(plan: list[Any]) -> list[str]:
    """Bank ``plan`` on a moving clock; what broke (empty: nothing). Stops at the first step that broke."""
    club = Session()
    record: str | None = None
    replays: dict[str, str | None] = {}
    earned = Earned()
    true, offset = START, 0
    was = START
    for index, ((move, amount), game, score, which, practice, mode_at) in enumerate(plan):
        if move == "pass":
            true += amount
        elif move in ("back", "forward", "far"):
            offset += -amount if move == "back" else amount
        elif move == "impossible":
            offset = year_ms(amount) - true
        else:
            offset = 0
        now = max(0, true + offset)
        today = clock_date(now)
        daily = {None: None, "today": today, "began": clock_date(was), "yesterday": shift(today, -1),
                 "tomorrow": shift(today, 1)}[which]
        modes = MODES[game]
        mode = modes[mode_at % len(modes)]
        where = f"step {index} ({move} {amount}, {game} {score} daily={daily} at {calendar.utc_date(now)})"
        try:
            before = streaks_at(club, record, now)
            before_earlier = streaks_at(club, record, was) if now <= was else None
            out = club.bank({"record": record, "replays": replays.get(game), "now": now,
                             "finished": finished(game, score, daily, practice=practice, mode=mode)})
        except NotationError as error:
            return [f"{where}: refused: {error}"]
        record, replays[game] = out["record"], out["replays"]
        try:
            club.check({"record": record})
        except NotationError as error:
            return [f"{where}: check refuses the record it wrote: {error}"]
        if practice is None:
            earned.best[game] = max(earned.best.get(game, score), score)
            if mode is not None:
                earned.mode_best[game, mode] = max(earned.mode_best.get((game, mode), score), score)
        problems = held(club, record, now, earned, before, before_earlier, out["summary"])
        if problems:
            return [f"{where}: {problem}" for problem in problems]
        was = now
    return []


def held(club: Session, record: str, now: int, earned: Earned, before: dict[str, int],
         earlier: dict[str, int] | None, summary: dict[str, Any]) -> list[str]:
    """What the record must hold after a bank at ``now`` (see the module's note)."""
    problems = []
    stats = club.stats({"record": record, "now": now})
    after = streaks_at(club, record, now)
    numbers = {**{game: stats["games"][game]["best_streak"] for game in GAMES}, "club": stats["club"]["best_streak"]}
    for game in GAMES:
        if stats["games"][game]["best"] != earned.best.get(game):
            problems.append(f"{game} best {stats['games'][game]['best']}, earned {earned.best.get(game)}")
        modes = {m["mode"]: m["best"] for m in stats["games"][game]["modes"]}
        mine = {mode: best for (g, mode), best in earned.mode_best.items() if g == game}
        if modes != mine:
            problems.append(f"{game} mode bests {modes}, earned {mine}")
    for name, streak in after.items():
        if streak < before[name]:
            problems.append(f"banking shortened the {name} streak shown: {before[name]} -> {streak}")
        if earlier is not None and before[name] < earlier[name]:
            problems.append(f"the clock went back and the {name} streak fell: {earlier[name]} -> {before[name]}")
        earned.shown[name] = max(earned.shown.get(name, 0), before[name], streak, summary["streak"] * (name == summary["game"]))
        if numbers[name] < max(earned.shown[name], earned.best_streak.get(name, 0)):
            problems.append(f"the {name} best streak {numbers[name]} < {earned.shown[name]} shown or "
                            f"{earned.best_streak.get(name, 0)} before")
        earned.best_streak[name] = max(earned.best_streak.get(name, 0), numbers[name])
    return problems


@settings(max_examples=250, deadline=None)  # before the fix 289 of 452 broke; after, 0 of 3,000
@given(plan=steps)
def test_a_moving_clock_never_costs_a_record(plan: list[Any]) -> None:
    assert play(plan) == []


# ----- the hand cases players met ---------------------------------------------------------------
D4, D5, D6, D7 = "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"
Y2019, Y2101 = year_ms(2019), year_ms(2101)
# finishes: (game, score, daily or None, now), banked in turn; then at `look` (a now) home and stats show:
# (home's date, the game's streak, its best streak, its best, its best's history, each finish's why)
ClockRow = tuple[str, list[tuple[str, int, str | None, int]], int,
                 tuple[str, int, int, int | None, list[tuple[str, int]], list[str | None]]]
CLOCK_TABLE: list[ClockRow] = [
    ("a best set on a clock moved back is kept with its date; the best it beat, dated after it, drops",
     [("blocks", 100, None, ms(D6)), ("blocks", 200, None, ms(D5))], ms(D6),
     (D6, 0, 0, 200, [(D5, 200)], [None, None])),
    ("a lower score on a clock moved back sets no best",
     [("blocks", 200, None, ms(D6)), ("blocks", 100, None, ms(D5))], ms(D6),
     (D6, 0, 0, 200, [(D6, 200)], [None, None])),
    ("a 3-day streak is 3 on a clock moved back a day, and that day's daily again is a repeat",
     [("merge", 5, D4, ms(D4)), ("merge", 6, D5, ms(D5)), ("merge", 7, D6, ms(D6)), ("merge", 9, D5, ms(D5))],
     ms(D5), (D5, 3, 3, 9, [(D4, 5), (D5, 6), (D5, 9)], [None, None, None, "repeat"])),
    ("the clock back four days: the old day's daily counts on its date and the streak shown stays 3",
     [("merge", 5, D4, ms(D4)), ("merge", 6, D5, ms(D5)), ("merge", 7, D6, ms(D6)),
      ("merge", 1, "2026-12-02", ms("2026-12-02"))], ms("2026-12-02"),
     ("2026-12-02", 3, 3, 7, [(D4, 5), (D5, 6), (D6, 7)], [None, None, None, None])),
    ("a daily begun on its day and finished on a clock corrected back is early; the streak stays",
     [("domino", 5, D5, ms(D5)), ("domino", 6, D6, ms(D6, "00:10")), ("domino", 7, D7, ms(D6, "23:00"))],
     ms(D6, "23:30"), (D6, 2, 2, 7, [(D5, 5), (D6, 6), (D6, 7)], [None, None, "early"])),
    ("a daily counted on a clock set years ahead hides no streak of the true days",
     [("bowls", 5, D4, ms(D4)), ("bowls", 6, "2030-05-05", ms("2030-05-05")), ("bowls", 7, D5, ms(D5))], ms(D6),
     (D6, 2, 2, 7, [(D4, 5), (D5, 7)], [None, None, None])),
    ("a clock in 2101: home shows the record as of 2100-12-31; the run is banked, counts no day, can set a best",
     [("blocks", 50, D5, ms(D5)), ("blocks", 70, D6, ms(D6)), ("blocks", 90, "2100-12-31", Y2101),
      ("blocks", 95, None, Y2101)], Y2101,
     ("2100-12-31", 0, 2, 95, [(D5, 50), (D6, 70), (D6, 90), (D6, 95)], [None, None, "clock", None])),
    ("a clock in 2019: home shows the record as of 2025-01-01, the streak alive; the run dated the last day",
     [("blocks", 50, D5, ms(D5)), ("blocks", 70, D6, ms(D6)), ("blocks", 90, "2025-01-01", Y2019)], Y2019,
     ("2025-01-01", 2, 2, 90, [(D5, 50), (D6, 70), (D6, 90)], [None, None, "clock"])),
]


@pytest.mark.parametrize(("name", "finishes", "look", "expected"), CLOCK_TABLE, ids=[row[0] for row in CLOCK_TABLE])
def test_the_clock_cases_players_met(name: str, finishes: list[Any], look: int, expected: Any) -> None:
    club = Session()
    record: str | None = None
    whys = []
    for game, score, daily, now in finishes:
        out = club.bank({"record": record, "replays": None, "finished": finished(game, score, daily), "now": now})
        record = out["record"]
        assert club.check({"record": record})
        whys.append(out["summary"]["why"])
    game = finishes[0][0]
    home, numbers = club.home({"record": record, "now": look}), club.stats({"record": record, "now": look})["games"][game]
    assert (home["date"], home["games"][game]["streak"], numbers["best_streak"], numbers["best"],
            [(b["date"], b["best"]) for b in numbers["bests"]], whys) == expected
    assert numbers["played"] == len(finishes)


def test_a_run_on_an_impossible_clock_keeps_its_replay_dated_the_last_day() -> None:
    club = Session()
    first = club.bank({"record": None, "replays": None, "finished": finished("merge", 10, D6), "now": ms(D6)})
    late = club.bank({"record": first["record"], "replays": first["replays"], "now": Y2101,
                      "finished": finished("merge", 20, None)})
    assert late["summary"]["kept"] and late["summary"]["new_best"]
    assert club.replays({"replays": late["replays"]})["list"][0] | {"code": ""} == {
        "code": "", "score": 20, "date": D6, "pb": True}
    assert club.today({"now": Y2019})["date"] == "2025-01-01"
