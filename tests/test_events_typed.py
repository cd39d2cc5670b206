"""Every event the engines emit is one its game declares (``club.<game>.events``).

Each game's ``Event`` is a union of ``TypedDict``s, one per kind, told apart by
a ``Literal`` ``type``; ``tools/viewtypes.py`` writes it for the page
(``Blocks.Event``...). The events checked here are real: the golden scripts
of every game played again on fresh Sessions (``tests/golden``, the calls a
player made: moves, previews, frames, undo, the end), a few more plays for
the kinds those scripts never reach (a Marathon's second set, a refused
merge preview, a Perfect Clear, a theme), and every step of each run's
replay. Each event must name a declared kind and carry exactly its declared
keys, each value of its declared type; and every declared kind must be seen,
so a union never declares a kind nothing emits.
"""

from __future__ import annotations

import importlib
import json
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from balance import domino_paths, domino_value
from bowls.crafted_saves import crafted_session
from club import GAMES
from club.bowls.achievements import THEMES
from club.replayer import Replays

GOLDEN = Path(__file__).parent / "golden"


def kinds(game: str) -> dict[str, type]:
    """``type`` value -> the TypedDict of that kind, from the game's ``Event`` union."""
    union = importlib.import_module(f"club.{game}.events").Event
    table: dict[str, type] = {}
    for member in typing.get_args(union):
        assert typing.is_typeddict(member), f"{game}: {member} in Event is no TypedDict"
        (kind,) = typing.get_args(typing.get_type_hints(member)["type"])
        assert kind not in table, f"{game}: two TypedDicts declare the kind {kind!r}"
        table[kind] = member
    return table


def conforms(value: Any, hint: Any) -> bool:
    """``value`` (an engine answer's, before JSON) is of the declared type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint in (int, float):
        return isinstance(value, (int, float) if hint is float else int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if typing.is_typeddict(hint):
        keys = typing.get_type_hints(hint)
        return isinstance(value, dict) and set(value) == set(keys) and all(
            conforms(value[k], h) for k, h in keys.items())
    if origin is typing.Literal:
        return value in args and type(value) in {type(a) for a in args}
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is tuple:
        return (isinstance(value, (tuple, list)) and len(value) == len(args)
                and all(conforms(v, a) for v, a in zip(value, args, strict=True)))
    raise AssertionError(f"no check for {hint!r}")


def answered(answer: Any) -> Iterator[dict[str, Any]]:
    """The events of one answer (an action's, a preview's, a frame's, a forecast's)."""
    if isinstance(answer, dict) and isinstance(answer.get("events"), list):
        yield from answer["events"]


def replayed(session: Any) -> Iterator[dict[str, Any]]:
    """The events of every step of the session's run opened as a replay."""
    code = session.replay_code()
    if code is None:
        return
    player = Replays(type(session)())
    steps = player.replay_open({"code": code})["steps"]
    for index in range(1, steps + 1):
        yield from player.replay_seek({"index": index})["events"]


def golden(game: str) -> Iterator[dict[str, Any]]:
    """The golden scripts of ``game`` played again, every answer's events, then their replays."""
    data = json.loads((GOLDEN / f"{game}.json").read_text(encoding="utf-8"))
    scripts = data.values() if game == "bowls" else [data]
    for script in scripts:
        session = importlib.import_module(f"club.{game}.api").Session()
        for step in script["steps"]:
            yield from answered(getattr(session, step["method"])(step["payload"]))
        finished = session.run_info({})["finished"]
        if finished is not None:
            yield finished
        yield from replayed(session)


def domino_marathon() -> Iterator[dict[str, Any]]:
    """A Marathon played by the balance bot's choice (tools/balance.py) into its second set (D16)."""
    from club.domino.api import Session

    session = Session()
    session.new({"seed": 5, "mode": "marathon", "set": "classic"})
    for _ in range(40):
        game = session.state
        if game.over or game.set_number > 1:
            break
        assert game.falling is not None
        moves, _ = max(domino_paths(game.well, game.falling), key=lambda path: domino_value(game.well, path[1]))
        for move in [*moves, "hard"]:
            yield from answered(session.move({"move": move}))
    yield from answered(session.tick({"ms": 500}))


def merge_misfit() -> Iterator[dict[str, Any]]:
    """A preview on a taken cell outlines the misfit (M13); a turn of a pair (M4)."""
    from club.merge.api import Session

    session = Session()
    session.new({"seed": 3})
    yield from answered(session.place({"cell": "0:0"}))
    yield from answered(session.preview({"cell": "0:0"}))
    yield from answered(session.rotate({"step": 1}))


def bowls_extras() -> Iterator[dict[str, Any]]:
    """A Perfect Clear (W14) on a crafted position; the theme in use chosen (W24)."""
    from club.bowls.api import Session

    session = crafted_session("-/-/-/-/-/-/-/-/-/-/P/PP 0 0")
    yield from answered(session.forecast({"bowl": 10}))
    yield from answered(session.sow({"bowl": 10}))
    yield from answered(Session().set_theme({"theme": THEMES[0]}))


EXTRAS = {"blocks": [], "domino": [domino_marathon], "merge": [merge_misfit], "bowls": [bowls_extras]}


def emitted(game: str) -> list[dict[str, Any]]:
    events = list(golden(game))
    for play in EXTRAS[game]:
        events += play()
    return events


@pytest.fixture(scope="module", params=GAMES)
def played(request: pytest.FixtureRequest) -> tuple[str, list[dict[str, Any]]]:
    return request.param, emitted(request.param)


def test_every_event_is_a_declared_kind_with_exactly_its_keys(played: tuple[str, list[dict[str, Any]]]) -> None:
    game, events = played
    table = kinds(game)
    assert events
    for event in events:
        kind = event.get("type")
        assert kind in table, f"{game}: the event kind {kind!r} is not in club.{game}.events.Event: {event}"
        declared = typing.get_type_hints(table[kind])
        assert set(event) == set(declared), f"{game}: {kind} has keys {sorted(event)}, declared {sorted(declared)}"
        wrong = {k: v for k, v in event.items() if not conforms(v, declared[k])}
        assert wrong == {}, f"{game}: {kind} has values of another type than declared"


def test_every_declared_kind_is_emitted(played: tuple[str, list[dict[str, Any]]]) -> None:
    game, events = played
    assert set(kinds(game)) == {event["type"] for event in events}


def test_each_game_declares_its_kinds_and_the_finished_one() -> None:
    """The kinds per game, as the page's unions list them (``build/types/views.d.ts``)."""
    assert {game: len(kinds(game)) for game in GAMES} == {"blocks": 9, "domino": 11, "merge": 10, "bowls": 19}
    for game in GAMES:
        assert kinds(game)["finished"].__module__ == "club.outcome"
