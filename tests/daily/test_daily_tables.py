"""Table tests of the club record service: counted or practice,
streaks across midnight, the Club streak, the distribution, kept replays,
the finished event's checks."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from club import GAMES
from club.daily import record, replays, stats
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import Player, finished, ms

D1, D2, D3, D4 = "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"

# ----- a run of finishes at given times -> what each one was and the streak after it --------
# (daily date or None, finish date, finish clock, score) -> (counted, practice, streak, best_streak)
STREAK_TABLE: list[tuple[str, list[tuple[str | None, str, str, int]], list[tuple[bool, bool, int, int]]]] = [
    ("three days in a row", [(D1, D1, "09:00", 5), (D2, D2, "09:00", 6), (D3, D3, "09:00", 7)],
     [(True, False, 1, 1), (True, False, 2, 2), (True, False, 3, 3)]),
    ("a missed day starts again", [(D1, D1, "09:00", 5), (D3, D3, "09:00", 6)],
     [(True, False, 1, 1), (True, False, 1, 1)]),
    ("a second daily the same day is practice", [(D1, D1, "09:00", 5), (D1, D1, "10:00", 50)],
     [(True, False, 1, 1), (False, True, 1, 1)]),
    ("23:59 finish counts for its date", [(D1, D1, "23:59", 5), (D2, D2, "00:01", 6)],
     [(True, False, 1, 1), (True, False, 2, 2)]),
    ("yesterday's daily finished today counts once", [(D1, D2, "00:05", 5), (D1, D2, "00:30", 9)],
     [(True, False, 1, 1), (False, True, 1, 1)]),
    ("yesterday's daily after today's joins the streak",
     [(D1, D1, "08:00", 1), (D3, D3, "08:00", 3), (D2, D3, "09:00", 2)],
     [(True, False, 1, 1), (True, False, 1, 1), (True, False, 3, 3)]),
    ("a daily two days old is practice", [(D1, D3, "08:00", 5)], [(False, True, 0, 0)]),
    ("a daily of tomorrow is practice", [(D3, D2, "08:00", 5)], [(False, True, 0, 0)]),
    ("a seeded run is neither", [(None, D1, "08:00", 5), (D1, D1, "09:00", 5)],
     [(False, False, 0, 0), (True, False, 1, 1)]),
]


@pytest.mark.parametrize(("name", "finishes", "expected"), STREAK_TABLE, ids=[row[0] for row in STREAK_TABLE])
def test_finishes_make_these_streaks(name: str, finishes: list[Any], expected: list[Any]) -> None:
    player = Player()
    got = []
    for daily, date, clock, score in finishes:
        s = player.finish("blocks", score, daily, ms(date, clock))
        assert s["date"] == daily and s["daily"] == (daily is not None)
        got.append((s["counted"], s["practice"], s["streak"], s["best_streak"]))
    assert got == expected


def test_the_streak_survives_one_midnight_not_two() -> None:
    """23:59 finish counts for its date; alive at 00:10 next day; dead at 00:00 two days later."""
    player = Player()
    player.finish("domino", 300, D1, ms(D1, "23:59"))
    assert player.home(ms(D1, "23:59"))["games"]["domino"] == {
        "done": True, "score": 300, "streak": 1, "query": f"daily={D1}"}
    next_day = player.home(ms(D2, "00:10"))
    assert next_day["date"] == D2 and next_day["next_ms"] == (23 * 60 + 50) * 60_000
    assert next_day["games"]["domino"] == {"done": False, "score": None, "streak": 1, "query": f"daily={D2}"}
    assert player.home(ms(D2, "23:59"))["games"]["domino"]["streak"] == 1
    gone = player.home(ms(D3, "00:00"))["games"]["domino"]
    assert gone["streak"] == 0 and not gone["done"]
    assert player.stats(ms(D3, "00:00"))["games"]["domino"]["best_streak"] == 1


def test_practice_after_a_counted_daily_changes_no_result_but_can_set_a_best() -> None:
    player = Player()
    player.finish("merge", 100, D2, ms(D2, "08:00"))
    practice = player.finish("merge", 400, D2, ms(D2, "09:00"))
    assert (practice["counted"], practice["practice"], practice["new_best"]) == (False, True, True)
    home = player.home(ms(D2, "10:00"))
    assert home["games"]["merge"]["score"] == 100  # the counted result stays
    numbers = player.stats(ms(D2, "10:00"))["games"]["merge"]
    assert (numbers["played"], numbers["daily_played"], numbers["best"]) == (2, 1, 400)
    assert [(p["score"], p["daily"], p["date"]) for p in numbers["last"]] == [(100, True, D2), (400, True, D2)]
    assert numbers["bests"] == [{"date": D2, "best": 100}, {"date": D2, "best": 400}]
    assert sum(b["count"] for b in numbers["distribution"]) == 1  # only the counted daily


def test_the_club_streak_counts_only_days_with_all_four() -> None:
    player = Player()
    for game in GAMES:  # day 1: all four
        s = player.finish(game, 10, D1, ms(D1, "10:00"))
    assert (s["club_streak"], s["club_today"]) == (1, 4)
    for game in GAMES[:3]:  # day 2: three of four
        s = player.finish(game, 10, D2, ms(D2, "10:00"))
    assert (s["club_streak"], s["club_today"]) == (1, 3)
    assert player.home(ms(D2, "11:00"))["club"] == {"streak": 1, "best_streak": 1, "today": 3}
    for game in GAMES:  # day 3: all four, but day 2 broke the Club streak
        s = player.finish(game, 10, D3, ms(D3, "10:00"))
    assert (s["club_streak"], s["club_today"], s["streak"]) == (1, 4, 1)  # the last game missed day 2
    assert player.home(ms(D3, "11:00"))["games"][GAMES[0]]["streak"] == 3
    # day 2's fourth daily finished after midnight, on day 3: day 2 counts, days 1-3 join
    s = player.finish(GAMES[3], 10, D2, ms(D3, "10:30"))
    assert s["counted"] and s["club_streak"] == 3
    assert player.stats(ms(D4, "10:00"))["club"] == {"streak": 3, "best_streak": 3, "days": 3,
                                                   "freezes": {"held": 0, "used": []}}
    assert player.stats(ms("2026-12-05", "00:00"))["club"]["streak"] == 0


@pytest.mark.parametrize(("scores", "buckets"), [
    ([], [(0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0), (5, 5, 0)]),
    ([0, 0], [(0, 0, 2), (1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0), (5, 5, 0)]),
    ([5], [(0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0), (5, 5, 1)]),
    ([6, 11], [(0, 1, 0), (2, 3, 0), (4, 5, 0), (6, 7, 1), (8, 9, 0), (10, 11, 1)]),
    ([100, 299, 300], [(0, 99, 0), (100, 199, 1), (200, 299, 1), (300, 399, 1), (400, 499, 0), (500, 599, 0)]),
    ([1200], [(0, 499, 0), (500, 999, 0), (1000, 1499, 1), (1500, 1999, 0), (2000, 2499, 0), (2500, 2999, 0)]),
])
def test_the_distribution_has_six_nice_buckets(scores: list[int], buckets: list[tuple[int, int, int]]) -> None:
    assert [(b["low"], b["high"], b["count"]) for b in stats.distribution(scores)] == buckets


def test_kept_replays_are_the_newest_twenty_and_every_best() -> None:
    player = Player()
    scores = [50, 10, 60, *range(20)]  # bests at runs 0 and 2; 23 runs in all
    for i, score in enumerate(scores):
        kept = player.finish("bowls", score, None, ms(D1, f"10:{i:02d}"), code=f"6E1.bowls.run{i}")["kept"]
        assert kept
    listed = player.club.replays({"replays": player.replays["bowls"]})["list"]
    assert [e["code"] for e in listed] == [f"6E1.bowls.run{i}" for i in range(22, 2, -1)] + [
        "6E1.bowls.run2", "6E1.bowls.run0"]
    assert [e["pb"] for e in listed][-3:] == [False, True, True]
    assert listed[0] == {"code": "6E1.bowls.run22", "score": 19, "date": D1, "pb": False}


def test_long_or_missing_codes_are_not_kept() -> None:
    player = Player()
    long_code = "6E1.merge." + "a" * replays.LONG_CODE
    assert player.finish("merge", 100, None, ms(D1), code=long_code)["kept"]  # a best: kept
    assert not player.finish("merge", 50, None, ms(D1), code=long_code)["kept"]
    assert not player.finish("merge", 50, None, ms(D1), code=None)["kept"]
    huge = "6E1.merge." + "a" * replays.BUDGET
    assert not player.finish("merge", 900, None, ms(D1), code=huge)["kept"]
    listed = player.club.replays({"replays": player.replays["merge"]})["list"]
    assert [len(e["code"]) for e in listed] == [len(long_code)]
    # many long bests: the codes stay within the budget, the newest best kept, and the text loads
    for score in range(1000, 1010):
        assert player.finish("merge", score, None, ms(D1), code=long_code[:-4] + str(score))["kept"]
    listed = player.club.replays({"replays": player.replays["merge"]})["list"]
    assert len(listed) == replays.BUDGET // len(long_code) and listed[0]["score"] == 1009
    assert len(player.replays["merge"] or "") < replays.BUDGET + 1000


BAD_EVENTS: list[tuple[str, dict[str, Any]]] = [
    ("not finished", finished("blocks", 1, type="points")),
    ("unknown game", finished("chess", 1, code=None)),
    ("score a bool", finished("blocks", True)),
    ("score negative", finished("blocks", -1)),
    ("score huge", finished("blocks", 2**60)),
    ("score float", finished("blocks", 1.0)),
    ("daily not a date", finished("blocks", 1, "2026-02-30")),
    ("daily a number", finished("blocks", 1, 20261202)),
    ("code of another game", finished("blocks", 1, code="6E1.merge.abc")),
    ("code a number", finished("blocks", 1, code=7)),
    ("code with spaces", finished("blocks", 1, code="6E1.blocks.a b")),
    ("seed too big", finished("blocks", 1, seed=2**32)),
    ("grid too long", finished("blocks", 1, grid="🟨" * 5000)),
    ("missing key", {k: v for k, v in finished("blocks", 1).items() if k != "daily"}),
    ("moves a text", finished("blocks", 1, moves="9")),
    ("link a number", finished("blocks", 1, link=12)),
    ("not an object", ["finished"]),  # type: ignore[list-item]
]


@pytest.mark.parametrize(("name", "event"), BAD_EVENTS, ids=[row[0] for row in BAD_EVENTS])
def test_a_bad_finished_event_is_refused_as_finished(name: str, event: Any) -> None:
    with pytest.raises(NotationError) as caught:
        Session().bank({"record": None, "replays": None, "finished": event, "now": ms(D1)})
    assert caught.value.field == "finished"


def test_an_event_without_a_recording_still_banks() -> None:
    """seed and link null, an extra key: banked; the code is kept."""
    event = {**finished("domino", 7, D1), "seed": None, "link": None, "mode": "sprint"}
    out = Session().bank({"record": None, "replays": None, "finished": event, "now": ms(D1)})
    assert out["summary"]["counted"] and out["summary"]["kept"]


def test_today_and_bad_payloads() -> None:
    club = Session()
    today = club.today({"now": ms(D2, "23:00")})
    assert today == {"date": D2, "next_ms": 3_600_000, "games": {g: {"query": f"daily={D2}"} for g in GAMES}}
    # no integer of ms (10**20: past any Date); a clock outside the Club's years is read (test_daily_clock.py)
    for bad in (None, 1.5, True, "1", 10**20, -(10**20)):
        with pytest.raises(NotationError) as caught:
            club.home({"record": None, "now": bad})
        assert caught.value.field == "now"
    good = Player()
    good.finish("blocks", 3, D1, ms(D1))
    with pytest.raises(NotationError) as caught:  # another game's replays
        club.bank({"record": good.record, "replays": good.replays["blocks"],
                   "finished": finished("merge", 1), "now": ms(D1)})
    assert caught.value.field == "replays"
    with pytest.raises(NotationError) as caught:
        club.bank({"record": good.replays["blocks"], "replays": None, "finished": finished("merge", 1), "now": ms(D1)})
    assert caught.value.field == "record"
    assert club.check({"record": good.record}) is True
    assert club.check_replays({"game": "blocks", "replays": good.replays["blocks"]}) is True
    for payload in ({"game": "merge", "replays": good.replays["blocks"]}, {"game": "blocks", "replays": None},
                    {"game": "nope", "replays": good.replays["blocks"]}):
        with pytest.raises(NotationError):
            club.check_replays(payload)
    with pytest.raises(NotationError):
        club.check({"record": None})


def test_bounds_drop_the_oldest() -> None:
    """400 counted dates, 30 runs and 100 best points: the oldest go; the streak stays whole."""
    games = record.fresh()
    day = datetime.date(2025, 1, 1)
    for i in range(450):
        date = (day + datetime.timedelta(days=i)).isoformat()
        games = record.bank(games, "blocks", i, date, date).record
    blocks = games.games["blocks"]
    assert len(blocks.days) == record.MAX_DAYS and blocks.days[0] == ("2025-02-20", 50)
    assert len(blocks.runs) == record.MAX_RUNS and blocks.runs[-1].score == 449
    assert len(blocks.bests) == record.MAX_BESTS and blocks.bests[-1][1] == 449
    assert (blocks.played, blocks.daily_played, blocks.best_streak) == (450, 450, 450)
    assert record.load(record.dump(games)) == games
    today = (day + datetime.timedelta(days=449)).isoformat()
    assert stats.game_stats(blocks, today)["streak"] == 450
