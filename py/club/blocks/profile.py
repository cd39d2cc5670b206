"""The player card (B16, B17): Club Stars, best score, Crowns, runs played.

>>> card = Profile()
>>> card, earned = bank(card, score=1234, crowns=2, drops=40)
>>> card, earned
(Profile(stars=123, best=1234, crowns=2, runs=1), 123)
>>> load(dump(card)) == card
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from club import save
from club.errors import NotationError

GAME, KIND = "blocks", "profile"


@dataclass(frozen=True)
class Profile:
    stars: int = 0
    best: int = 0
    crowns: int = 0
    runs: int = 0


def bank(card: Profile, score: int, crowns: int, drops: int) -> tuple[Profile, int]:
    """A run ends (game over or New run): best, ``score // 10`` stars, and,
    after at least one drop, the run and its Crowns. Returns (card, stars)."""
    stars = score // 10
    played = drops >= 1
    return replace(
        card,
        stars=card.stars + stars,
        best=max(card.best, score),
        crowns=card.crowns + (crowns if played else 0),
        runs=card.runs + (1 if played else 0),
    ), stars


def dump(card: Profile) -> str:
    return save.dump(GAME, KIND, asdict(card))


def load(text: str) -> Profile:
    data = save.load(text, GAME, KIND)
    values = {}
    for name in ("stars", "best", "crowns", "runs"):
        value = save.field(data, name, int)
        if value < 0:
            raise NotationError(name, f"{name} must be >= 0, got {value}")
        values[name] = value
    return Profile(**values)
