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
from club.errors import MAX_COUNT, NotationError

GAME, KIND = "blocks", "profile"


@dataclass(frozen=True)
class Profile:
    stars: int = 0
    best: int = 0
    crowns: int = 0
    runs: int = 0


def bank(card: Profile, score: int, crowns: int, drops: int) -> tuple[Profile, int]:
    """A run ends (game over or New run): after at least one drop, the best,
    ``score // 10`` stars, the run and its Crowns. Returns (card, stars).

    A run without a drop counts for nothing (B17); in play it scores 0, so
    only a position set up by a test could carry points into it, and its card
    must still load (``check``).
    """
    if drops < 1:
        return card, 0
    stars = score // 10
    return replace(  # tallies saturate at MAX_COUNT, so the card always loads again
        card,
        stars=min(MAX_COUNT, card.stars + stars),
        best=max(card.best, score),
        crowns=min(MAX_COUNT, card.crowns + crowns),
        runs=min(MAX_COUNT, card.runs + 1),
    ), stars


def dump(card: Profile) -> str:
    return save.dump(GAME, KIND, asdict(card))


def load(text: object) -> Profile:
    """A card from its save; counters beyond ``MAX_COUNT`` and cards no play
    can give (below) raise ``NotationError`` naming the field."""
    data = save.load(text, GAME, KIND)
    save.keys(data, "data", {"stars", "best", "crowns", "runs"})
    card = Profile(**{name: save.counter(data, name) for name in ("stars", "best", "crowns", "runs")})
    check(card)
    return card


def check(card: Profile) -> None:
    """B16/B17: stars, a best and Crowns reach the card only with a run played
    (``bank`` puts nothing of a run without a drop on it; in play such a run
    scores 0 anyway).

    >>> check(Profile(stars=500, best=5000))
    Traceback (most recent call last):
    ...
    club.errors.NotationError: runs: stars, a best or Crowns without a run played
    """
    if (card.stars or card.best or card.crowns) and not card.runs:
        raise NotationError("runs", "stars, a best or Crowns without a run played")
