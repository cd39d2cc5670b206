"""P4: the typed views are what the engine sends and what the page reads.

Two tables: real answers carry exactly the keys of their ``TypedDict``; and every
``name.key`` the page's modules read from an engine answer is a key of its type,
so a key renamed on one side fails here, not in a player's browser.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from club.answers import required_keys
from club.domino import rules, views
from club.domino.api import Session
from club.domino.events import Best, CancelledEvent, RecordEvent, ScoredEvent, SetStartedEvent
from club.domino.falling import Falling
from club.domino.profile import ModeRecord, ProfileView
from club.session import Answer

WEB = Path(__file__).resolve().parents[2] / "web" / "games"
D14 = "/".join(["." * 16] * 14 + ["......2d........", "......3u5r1l...."]) + " 0 0"


def keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__) | set(typed.__optional_keys__)


def d14_session() -> Session:
    """D14 in the 8 x 16 well: the falling 2-5 over a 2 and a 5 cascades on a hard drop."""
    s = Session()
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": D14})
    dealt = s.state.falling
    queue = tuple((dealt.a, dealt.b) if set(tile) == {2, 5} else tile for tile in s.state.queue)
    s.state = replace(s.state, falling=Falling(2, 5, 3, 0, 0), queue=queue)
    return s


def ended() -> dict[str, Any]:
    """The answer of the hard drop that ends a Sprint by topping out (D15)."""
    s = Session()
    s.new({"seed": 2, "mode": "sprint", "set": "classic"})
    answer: dict[str, Any] = {"events": []}
    while not any(e["type"] == "over" for e in answer["events"]):
        answer = s.move({"move": "hard"})
    return answer


def events(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in answer["events"] if e["type"] == kind]


ANSWERS = [
    ("the view", lambda: Session().new({"seed": 3}), views.View),
    ("the falling tile", lambda: Session().new({"seed": 3})["falling"], views.FallingView),
    ("a frame", lambda: Session().tick({"ms": 16}), views.Tick),
    ("a frame that locks", lambda: Session().tick({"ms": 800 * 16 + 500}), views.Tick),
    ("soft drop", lambda: Session().soft({"held": True}), views.Soft),
    ("the profile", lambda: Session().load_profile({}), ProfileView),
    ("a move", lambda: Session().move({"move": "cw"}), Answer),
    ("a refused move", lambda: Session().move({"move": 5}), Answer),
    ("a cascade step", lambda: events(d14_session().move({"move": "hard"}), "cancelled")[1], CancelledEvent),
    ("a turn", lambda: events(d14_session().move({"move": "hard"}), "scored")[0], ScoredEvent),
    ("the end", lambda: events(ended(), "record")[0], RecordEvent),
    ("a new set", lambda: rules.new_run("marathon", "classic", 1)[1][0], SetStartedEvent),
]


@pytest.mark.parametrize(("what", "make", "typed"), ANSWERS, ids=[row[0] for row in ANSWERS])
def test_answers_carry_exactly_their_typed_keys(what: str, make: Any, typed: Any) -> None:
    assert required_keys(typed) <= set(make()) <= keys(typed)  # NotRequired keys may be left out


TICK_OR_ANSWER = keys(views.Tick) | keys(Answer)
# file, the name the page gives an engine answer there, the keys it may read
READS = [
    ("domino.js", "view", keys(views.View)),
    ("domino.js", "saved", keys(views.View)),  # the run the engine loaded
    ("domino/play.js", "answer", TICK_OR_ANSWER),
    ("domino/anim.js", "answer", TICK_OR_ANSWER),
    ("domino/anim.js", "scored", keys(ScoredEvent)),
    ("domino/anim.js", "step", keys(CancelledEvent)),
    ("domino/anim.js", "started", keys(SetStartedEvent)),
    ("domino/words.js", "scored", keys(ScoredEvent)),
    ("domino/words.js", "step", keys(CancelledEvent)),
    ("domino/cards.js", "record", keys(RecordEvent)),  # the end card: beaten fields, records after the run
    ("domino/cards.js", "best", keys(Best)),
    ("domino/cards.js", "view", keys(views.View)),  # the end card's figures
    ("domino/cues.js", "scored", keys(ScoredEvent)),  # which turns earn praise
    ("domino/lesson.js", "view", keys(views.View)),  # the tips: which specials are on screen
    ("domino/lesson.js", "tile", keys(views.FallingView)),
    ("domino/frames.js", "answer", TICK_OR_ANSWER),
    ("domino/render.js", "view", keys(views.View)),
    ("domino/cards.js", "scores", keys(views.View) & keys(ModeRecord)),  # a run's or a mode/set's best

    ("domino/hud.js", "view", keys(views.View)),
    ("domino/well.js", "view", keys(views.View)),
    ("domino/well.js", "tile", keys(views.FallingView)),
    ("domino/screens.js", "profile", keys(ProfileView)),
]


@pytest.mark.parametrize(("page", "name", "allowed"), READS, ids=[f"{p} {n}" for p, n, _ in READS])
def test_the_page_reads_only_keys_the_engine_sends(page: str, name: str, allowed: set[str]) -> None:
    text = (WEB / page).read_text()
    read = set(re.findall(rf"(?<![\w.]){name}\??\.([A-Za-z_]\w*)", text))
    assert read, f"{page} reads nothing from {name}: the table is stale"
    assert read - allowed == set()


def test_the_view_says_how_fast_a_held_key_repeats() -> None:
    """D8: key repeat is the page's job, but its delay and rate are the spec's: the view carries
    them, so the page's key-repeat helper holds no number of its own."""
    view = Session().new({"seed": 3})
    assert (view["repeat_delay"], view["repeat_every"]) == (rules.REPEAT_DELAY, rules.REPEAT_EVERY) == (170, 50)


def test_the_profile_view_describes_the_choices() -> None:
    """D2, D6: the start screen's hints (set sizes, the Marathon speed-up) are the engine's numbers."""
    profile = Session().load_profile({})
    assert profile["sets"] == {"classic": {"tiles": 28, "top": 6}, "extended": {"tiles": 55, "top": 9}}
    assert profile["faster"] == rules.FASTER_PERCENT == 15
    assert rules.faster(800) == 680  # 15 % faster (D6)
