"""The club service banks the ``finished`` event a real game sends:
a blocks daily played to its end through the game's Session."""

from __future__ import annotations

from typing import Any

from club.blocks.api import Session as Blocks
from club.blocks.pieces import CELLS
from club.daily.api import Session
from daily.clubtime import ms


def play_to_the_end(game: Blocks) -> dict[str, Any]:
    """Place the first piece that fits (redeal when none does) until the run ends; its finished event."""
    for _ in range(500):
        state = game.state.state
        fits = [(slot, CELLS[i]) for slot in range(3) for i in state.targets(slot)][:1]
        if fits:
            slot, cell = fits[0]
            answer = game.place({"slot": slot, "cell": f"{cell.q}:{cell.r}"})
        else:
            answer = game.redeal({})
        assert answer["accepted"]
        found = [event for event in answer["events"] if event["type"] == "finished"]
        if found:
            assert answer["view"]["over"]
            return found[0]
    raise AssertionError("the run did not end")


def test_a_real_daily_is_banked_counted_and_its_replay_kept() -> None:
    game = Blocks()
    game.new({"daily": "2026-12-02"})
    event = play_to_the_end(game)
    assert event["daily"] == "2026-12-02" and event["code"].startswith("6E1.blocks.")
    club = Session()
    out = club.bank({"record": None, "replays": None, "finished": event, "now": ms("2026-12-02", "09:00")})
    assert {k: out["summary"][k] for k in ("game", "date", "counted", "streak", "new_best", "kept")} == {
        "game": "blocks", "date": "2026-12-02", "counted": True, "streak": 1, "new_best": True, "kept": True}
    assert club.replays({"replays": out["replays"]})["list"] == [
        {"code": event["code"], "score": event["score"], "date": "2026-12-02", "pb": True}]
    numbers = club.stats({"record": out["record"], "now": ms("2026-12-02", "09:00")})["games"]["blocks"]
    assert (numbers["best"], numbers["played"], numbers["daily_played"]) == (event["score"], 1, 1)
    again = club.bank({"record": out["record"], "replays": out["replays"], "finished": event,
                       "now": ms("2026-12-02", "09:30")})
    assert again["summary"]["practice"] and not again["summary"]["new_best"]
