"""The page reads only what the engine's typed views declare (P4).

Every game's views are ``TypedDict``s in ``club.<game>.views``; the page
modules ``web/games/<game>.js`` and ``web/games/<game>/*.js`` read them as
``view.<key>`` (and ``view?.<key>``). A key the page reads that no view of
its game declares is a rule or a number the engine does not send (or a
rename left half done): this test names it. And every view a Session
answers has exactly the keys its TypedDict declares.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import get_type_hints, is_typeddict

import pytest
from club import GAMES

ROOT = Path(__file__).resolve().parent.parent
READ = re.compile(r"\bview\??\.([A-Za-z_][A-Za-z0-9_]*)")


def declared_keys(game: str) -> set[str]:
    """Every key of every TypedDict the game's views module defines."""
    module = importlib.import_module(f"club.{game}.views")
    keys: set[str] = set()
    for value in vars(module).values():
        if isinstance(value, type) and is_typeddict(value):
            keys |= set(get_type_hints(value))
    return keys


def page_reads(game: str) -> dict[str, str]:
    """``view.<key>`` reads of the game's page modules: key -> first file."""
    files = [ROOT / "web" / "games" / f"{game}.js", *sorted((ROOT / "web" / "games" / game).glob("*.js"))]
    found: dict[str, str] = {}
    for path in files:
        for key in READ.findall(path.read_text(encoding="utf-8")):
            found.setdefault(key, path.name)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_page_reads_only_declared_view_keys(game: str) -> None:
    declared = declared_keys(game)
    undeclared = {key: where for key, where in page_reads(game).items() if key not in declared}
    assert undeclared == {}, f"{game}: the page reads view keys no TypedDict declares"


@pytest.mark.parametrize("game", GAMES)
def test_view_keys_are_snake_case(game: str) -> None:
    assert sorted(k for k in declared_keys(game) if not re.fullmatch(r"[a-z][a-z0-9_]*", k)) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_fresh_view_has_exactly_its_declared_keys(game: str) -> None:
    api = importlib.import_module(f"club.{game}.api")
    views = importlib.import_module(f"club.{game}.views")
    view = api.Session().new({"seed": 5})
    assert set(view) == set(get_type_hints(views.View))
