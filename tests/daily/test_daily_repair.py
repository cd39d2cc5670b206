"""A club record that does not load is repaired, not set aside whole (P8):
tables of one broken part -> what is kept; any corruption of a real record
either repairs to a record that loads or is refused as no record at all."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from club.daily import record
from club.daily.api import Session
from club.errors import NotationError
from daily.clubtime import Player, ms
from daily.test_daily_properties import PLAYER, changed
from hypothesis import given, settings
from hypothesis import strategies as st

D1, D2, D3, D4 = "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"


def three_days() -> dict[str, Any]:
    """The stored JSON of a blocks streak D1-D3 (scores 10, 20, 30) and a merge daily of D3."""
    player = Player()
    for n, date in enumerate((D1, D2, D3), start=1):
        player.finish("blocks", 10 * n, date, ms(date))
    player.finish("merge", 7, D3, ms(D3))
    assert player.record is not None
    return json.loads(player.record)


def blocks(stored: dict[str, Any]) -> dict[str, Any]:
    return stored["data"]["games"]["blocks"]


def put(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change setting the blocks field ``path`` (``days.0``: an item) to ``value``."""
    def change(stored: dict[str, Any]) -> None:
        parent, *steps = [blocks(stored), *path.split(".")]
        for step in steps[:-1]:
            parent = parent[int(step) if step.isdigit() else step]
        last = steps[-1]
        parent[int(last) if last.isdigit() else last] = value
    return change


def old_bug(stored: dict[str, Any]) -> None:
    """What bank wrote before the clock fix: a best set on a clock moved back, after a later-dated one."""
    blocks(stored)["bests"].append([D2, 40])
    blocks(stored)["best"] = 40


# (what breaks, the change) -> (blocks: days kept, streaks, best streak, best, bests; merge untouched; dropped)
REPAIR_TABLE: list[tuple[str, Callable[[dict[str, Any]], None], tuple[list[tuple[str, int]], list[list[str]], int,
                                                                      int | None, list[tuple[str, int]], list[str]]]] = [
    ("one bad day: the others and the streak kept", put("days.1", ["2026-13-02", 20]),
     ([(D1, 10), (D3, 30)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.days"])),
    ("a day twice: once, the lower score", put("days.2", [D2, 5]),
     ([(D1, 10), (D2, 5)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.days"])),
    ("days out of order: sorted", put("days", [[D3, 30], [D1, 10], [D2, 20]]),
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.days"])),
    ("a bad streak span: dropped, the best streak kept", put("streaks.0", [D3, D1]),
     ([(D1, 10), (D2, 20), (D3, 30)], [], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.streaks"])),
    ("a best streak shorter than a span: raised", put("best_streak", 1),
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.best_streak"])),
    ("the old clock bug's bests: by date, each higher, the best the highest", old_bug,
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 40, [(D1, 10), (D2, 20), (D2, 40)], ["blocks.bests"])),
    ("a best above its history: kept, dated the game's newest day", put("best", 99),
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 99, [(D1, 10), (D2, 20), (D3, 30), (D3, 99)], ["blocks.best"])),
    ("a bad best: the history's last", put("best", "x"),
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.best"])),
    ("the game's lists no lists: empty, the counters kept", put("days", None),
     ([], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks.days"])),
    ("an unknown key: dropped", put("plaied", 3),
     ([(D1, 10), (D2, 20), (D3, 30)], [[D1, D3]], 3, 30, [(D1, 10), (D2, 20), (D3, 30)], ["blocks"])),
]


@pytest.mark.parametrize(("name", "change", "expected"), REPAIR_TABLE, ids=[row[0] for row in REPAIR_TABLE])
def test_a_broken_part_is_repaired_keeping_the_rest(name: str, change: Callable[[dict[str, Any]], None],
                                                    expected: Any) -> None:
    stored = three_days()
    intact = record.load(json.dumps(stored))
    change(stored)
    text = json.dumps(stored)
    club = Session()
    with pytest.raises(NotationError):
        club.check({"record": text})
    answer = club.repair({"record": text})
    assert club.check({"record": answer["record"]})
    mended = record.load(answer["record"])
    games = mended.games["blocks"]
    assert (games.days, games.streaks, games.best_streak, games.best, games.bests, answer["dropped"]) == expected
    assert games.played >= 3 and games.daily_played >= len(games.days)
    assert mended.games["merge"] == intact.games["merge"]
    home = club.home({"record": answer["record"], "now": ms(D4)})
    # the streak is read from the spans and the counted days both (club.daily.freeze): either proves it
    assert home["games"]["blocks"]["streak"] == (3 if games.streaks or len(games.days) == 3 else 0)


@pytest.mark.parametrize(("name", "text", "field"), [
    ("not JSON", '{"schema":1,"game":"club"', "record"),
    ("another key's text", json.dumps({"schema": 1, "game": "blocks", "kind": "run", "version": 1, "data": {}}), "record"),
    ("a newer version's record", json.dumps({"schema": 1, "game": "club", "kind": "record", "version": 99, "data": {}}),
     "record"),
    ("no text", None, "record"),
])
def test_what_is_no_club_record_is_not_repaired(name: str, text: str | None, field: str) -> None:
    with pytest.raises(NotationError) as caught:
        Session().repair({"record": text})
    assert caught.value.field == field


def test_a_record_that_loads_repairs_to_itself() -> None:
    text = json.dumps(three_days(), separators=(",", ":"), sort_keys=True)
    assert Session().repair({"record": text}) == {"record": text, "dropped": []}


def test_a_whole_game_garbled_leaves_the_others() -> None:
    stored = three_days()
    stored["data"]["games"]["blocks"] = "garbled"
    stored["data"]["club"] = copy.deepcopy(stored["data"]["club"]) | {"days": -3}
    answer = Session().repair({"record": json.dumps(stored)})
    mended = record.load(answer["record"])
    assert mended.games["blocks"] == record.GameRecord()
    assert mended.games["merge"].days == [(D3, 7)]
    assert answer["dropped"] == ["blocks", "club.days"]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_corruption_repairs_to_a_record_that_loads_or_is_refused(data: st.DataObject) -> None:
    text = changed(PLAYER.record or "", data)
    club = Session()
    try:
        answer = club.repair({"record": text})
    except NotationError as error:
        assert error.field == "record"
        return
    assert club.check({"record": answer["record"]})
    assert club.repair({"record": answer["record"]}) == {"record": answer["record"], "dropped": []}
    try:
        loaded = record.load(text)
    except NotationError:
        assert answer["dropped"]
    else:
        assert record.load(answer["record"]) == loaded
