"""Helpers of the club record tests: times, finished events, one banking call."""

from __future__ import annotations

import datetime
from typing import Any

from club.daily.api import Session


def ms(date: str, clock: str = "12:00") -> int:
    """Milliseconds since the epoch of ``date`` at ``clock`` (UTC)."""
    moment = datetime.datetime.fromisoformat(f"{date}T{clock}:00+00:00")
    return int(moment.timestamp() * 1000)


def finished(game: str, score: int, daily: str | None = None, code: str | None = "", **extra: Any) -> dict[str, Any]:
    """A ``finished`` event as session.py sends it (``code=""``: a made-up code)."""
    link = f"daily={daily}" if daily else "seed=12"
    event = {"type": "finished", "game": game, "score": score, "seed": 12, "daily": daily, "link": link,
             "moves": 9, "grid": "🟨🟧\n🟩", "code": f"6E1.{game}.eJx{score}" if code == "" else code}
    event.update(extra)
    return event


class Player:
    """One player's stored texts, banked through the service as the page does."""

    def __init__(self) -> None:
        self.club = Session()
        self.record: str | None = None
        self.replays: dict[str, str | None] = {}

    def finish(self, game: str, score: int, daily: str | None, now: int, **extra: Any) -> dict[str, Any]:
        """Bank one finished run at ``now``; the summary."""
        out = self.club.bank({"record": self.record, "replays": self.replays.get(game),
                              "finished": finished(game, score, daily, **extra), "now": now})
        self.record, self.replays[game] = out["record"], out["replays"]
        return out["summary"]

    def home(self, now: int) -> dict[str, Any]:
        return self.club.home({"record": self.record, "now": now})

    def stats(self, now: int) -> dict[str, Any]:
        return self.club.stats({"record": self.record, "now": now})
