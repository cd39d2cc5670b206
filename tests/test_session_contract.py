"""One Session contract for the four games (club.session).

Every game's Session extends ``club.session.Session``; every action answers
the one ``Answer`` shape; a refused action changes nothing (same view, same
save, no profile); ``new`` keeps one seed rule. Rows: game, an action the
rules refuse with its reason, an action they accept.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from club.answers import required_keys
from club.errors import NotationError
from club.session import Answer, Session

NEW = {"blocks": {}, "domino": {"mode": "sprint", "set": "classic"}, "merge": {"jokers": False},
       "bowls": {"mode": "endless"}}

CASES = [
    # game, method, refused payload, reason, accepted payload
    ("blocks", "place", {"slot": 0, "cell": "9:9"}, "off-board", {"slot": 0, "cell": "0:0"}),
    ("blocks", "place", {"slot": "0", "cell": "0:0"}, "bad-action", {"slot": 0, "cell": "0:0"}),
    ("domino", "move", {"move": "jump"}, "bad-action", {"move": "hard"}),
    ("merge", "place", {"cell": "9:9"}, "off-board", {"cell": "0:0"}),
    ("merge", "place", {"cell": 7}, "bad-action", {"cell": "0:0"}),
    ("bowls", "sow", {"bowl": 99}, "bad-action", None),
    ("bowls", "sow", {"bowl": True}, "bad-action", None),
]


def session(game: str) -> Any:
    s = importlib.import_module(f"club.{game}.api").Session()
    s.new({"seed": 11, **NEW[game]})
    return s


@pytest.mark.parametrize("game", NEW)
def test_every_session_stands_on_the_base(game: str) -> None:
    assert isinstance(session(game), Session)


@pytest.mark.parametrize("game", NEW)
@pytest.mark.parametrize("seed", [-1, 2**32, 2.0, True, "7", None])
def test_one_seed_rule(game: str, seed: object) -> None:
    s = session(game)
    before = s.save({})
    with pytest.raises(NotationError) as info:
        s.new({"seed": seed, **NEW[game]})
    assert info.value.field == "seed" and s.save({}) == before


@pytest.mark.parametrize(("game", "method", "refused", "reason", "accepted"), CASES)
def test_a_refused_action_changes_nothing(game: str, method: str, refused: dict, reason: str, accepted: dict | None) -> None:
    s = session(game)
    view, save = s.view({}), s.save({})
    answer = getattr(s, method)(refused)
    assert set(answer) == required_keys(Answer)
    assert (answer["accepted"], answer["reason"], answer["events"], answer["profile"]) == (False, reason, [], None)
    assert (answer["view"], answer["save"]) == (view, save)
    assert (s.view({}), s.save({})) == (view, save)


@pytest.mark.parametrize(("game", "method", "refused", "reason", "accepted"), CASES)
def test_an_accepted_action_answers_the_same_shape(game: str, method: str, refused: dict, reason: str, accepted: dict | None) -> None:
    s = session(game)
    if accepted is None:  # bowls: the first bowl the view offers
        accepted = {"bowl": s.view({})["choosable"][0]}
    answer = getattr(s, method)(accepted)
    assert set(answer) == required_keys(Answer)
    assert answer["accepted"] is True and answer["reason"] is None and answer["events"]
    assert (answer["view"], answer["save"]) == (s.view({}), s.save({}))
