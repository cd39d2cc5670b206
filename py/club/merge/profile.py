"""The player's merge profile: best results and settings (M11, M14).

Stored as the ``club.save`` envelope (game ``merge``, kind ``profile``,
version 1). Text from before the envelope (the page's ``JSON.stringify`` of
the old profile object, where a missing key took its default) still loads
through ``legacy`` (P8): no player loses a best.

>>> p = load('{"best": 120, "best_moves": 30, "best_highest": 32, "settings": {"style": "contrast"}}')
>>> p.best, p.settings
(120, Settings(jokers=True, style='contrast', timer=False))
>>> load(dump(p)) == p
True
>>> load('{"settings": {"timer": "yes"}}')
Traceback (most recent call last):
...
club.errors.NotationError: timer: timer must be bool
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from club import save
from club.errors import MAX_COUNT, NotationError
from club.merge.saves import MAX_STONE, STYLES

GAME, KIND, VERSION = "merge", "profile", 1
_KEYS = {"best", "best_moves", "best_highest", "rounds", "settings"}
_SETTINGS = {"jokers", "style", "timer"}


@dataclass(frozen=True, slots=True)
class Settings:
    """M14: jokers in the next new round, the stone style, whether the clock shows."""

    jokers: bool = True
    style: str = STYLES[0]
    timer: bool = False


@dataclass(frozen=True, slots=True)
class Profile:
    """Bests (M11) and settings. ``best_moves``/``best_highest`` are None only in
    a profile from before they were kept (nothing known, nothing checked)."""

    best: int = 0
    best_moves: int | None = 0
    best_highest: int | None = 0
    rounds: int = 0  # finished rounds
    settings: Settings = field(default_factory=Settings)


def dump(profile: Profile) -> str:
    s = profile.settings
    return save.dump(GAME, KIND, {
        "best": profile.best, "best_moves": profile.best_moves, "best_highest": profile.best_highest,
        "rounds": profile.rounds, "settings": {"jokers": s.jokers, "style": s.style, "timer": s.timer},
    }, VERSION)


def load(text: object) -> Profile:
    """A profile from stored text (envelope, or the format from before it);
    NotationError names the bad field."""
    try:
        data = save.load(text, GAME, KIND, VERSION, legacy=legacy)
    except NotationError as exc:  # save.load names a text that is no object "save"
        raise NotationError("profile" if exc.field == "save" else exc.field, exc.message) from None
    save.keys(data, "profile", _KEYS)
    return checked(Profile(
        best=save.counter(data, "best"), rounds=save.counter(data, "rounds"),
        best_moves=None if data["best_moves"] is None else save.counter(data, "best_moves"),
        best_highest=None if data["best_highest"] is None else save.counter(data, "best_highest"),
        settings=settings(save.field(data, "settings", dict), None, strict=True),
    ))


def legacy(old: Any) -> dict[str, Any]:
    """Today's profile before the envelope: a JSON object whose missing keys took
    their defaults, unknown keys dropped; a missing ``best_moves`` or
    ``best_highest`` (a profile older than they are) becomes null, unknown.

    >>> legacy({"best": 77})["best_moves"] is None
    True
    """
    data = {"best": old.get("best", 0), "rounds": old.get("rounds", 0)}
    for name in ("best_moves", "best_highest"):
        if name in old and old[name] is None:
            raise NotationError(name, f"{name} must be an integer")
        data[name] = old.get(name)
    given = old.get("settings", {})
    if not isinstance(given, dict):
        raise NotationError("settings", "settings must be an object")
    fresh = Settings()
    data["settings"] = {"jokers": fresh.jokers, "style": fresh.style, "timer": fresh.timer,
                        **{k: v for k, v in given.items() if k in _SETTINGS}}
    return data


def checked(profile: Profile) -> Profile:
    """What ``record`` can leave (M10, M11): a best score is made in moves (a
    score of 0 records none); scoring takes a merge, so a stone of 4 or more;
    the best stone is a power of two no saved round exceeds; a finished round
    placed a stone.

    >>> checked(Profile(best=5000, best_moves=0, best_highest=64))
    Traceback (most recent call last):
    ...
    club.errors.NotationError: best_moves: a best score is made in at least one move
    """
    best, moves, highest = profile.best, profile.best_moves, profile.best_highest
    if moves is not None and bool(best) != bool(moves):
        raise NotationError("best_moves", "a best score is made in at least one move")
    if highest is not None:
        if highest > MAX_STONE or highest & (highest - 1) or highest == 1:
            raise NotationError("best_highest", f"best_highest must be 0 or a power of two up to {MAX_STONE}")
        if (best and highest < 4) or (profile.rounds and not highest):
            raise NotationError("best_highest", "best_highest below what the best round made")
    return profile


def settings(given: object, base: Settings | None, strict: bool = False) -> Settings:
    """Settings from ``given`` over ``base`` (None: every key required, as in a
    stored profile); unknown keys are refused when ``strict``, else dropped."""
    if not isinstance(given, dict):
        raise NotationError("settings", "settings must be an object")
    if strict:
        save.keys(given, "settings", _SETTINGS)
    values = {"jokers": base.jokers, "style": base.style, "timer": base.timer} if base else {}
    for name in ("jokers", "timer"):
        if name in given or base is None:
            values[name] = save.field(given, name, bool)
    if "style" in given or base is None:
        if given.get("style") not in STYLES:
            raise NotationError("style", f"style must be one of {', '.join(STYLES)}")
        values["style"] = given["style"]
    return Settings(**values)


def record(profile: Profile, score: int, moves: int, highest: int, finished: bool = True) -> Profile:
    """The profile after a round (best score with its moves, best stone); an
    abandoned round (``finished=False``) counts for the bests, not for
    ``rounds``, which saturates at ``MAX_COUNT`` (P8).

    >>> p = record(Profile(best=77, best_moves=None, best_highest=None), 40, 20, 16)
    >>> p.best, p.best_moves, p.best_highest, p.rounds
    (77, None, None, 1)
    >>> record(p, 90, 30, 16)
    Profile(best=90, best_moves=30, best_highest=16, rounds=2, settings=Settings(jokers=True, style='colors', timer=False))
    """
    new_best = score > profile.best
    known = profile.best_highest is not None or new_best  # an old profile's best stone is unknown
    return replace(
        profile,
        rounds=min(MAX_COUNT, profile.rounds + (1 if finished else 0)),
        best=score if new_best else profile.best,
        best_moves=moves if new_best else profile.best_moves,
        best_highest=max(profile.best_highest or 0, highest) if known else None,
    )


def default_profile() -> dict[str, Any]:
    """A fresh profile in the format from before the envelope (what ``legacy``
    reads), for callers that build such text (e2e/test_backup.py)."""
    return {"best": 0, "best_highest": 0, "best_moves": 0, "rounds": 0,
            "settings": {"jokers": True, "style": STYLES[0], "timer": False}}
