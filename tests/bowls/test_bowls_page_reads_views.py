"""P4: the page reads only what the typed views send.

Every ``view.<key>`` in the bowls page modules is a key of ``views.View``,
every ``view.puzzle.<key>`` (``p.<key>`` where ``p = view.puzzle``) one of
``PuzzleView``, every ``last.<key>`` one of ``LastView`` and every
``awards.<key>`` of the theme gallery one of ``Awards`` (and the puzzle grid's
``grid``/``row`` of ``Grid``/``GridRow``); a renamed or dropped
key (``movesLeft``, ``canUndo``, ``overflowBowls``) fails here, not on a
player's screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from club.bowls import views

WEB = Path(__file__).resolve().parents[2] / "web" / "games"
PAGES = [WEB / "bowls.js", *sorted((WEB / "bowls").glob("*.js"))]

# (name in the page, the TypedDict its keys come from, the files where the name means it)
READERS = [
    (r"view\??", views.View, PAGES),
    (r"view\.puzzle", views.PuzzleView, PAGES),
    (r"last", views.LastView, [WEB / "bowls" / "words.js", WEB / "bowls" / "hud.js"]),
    (r"awards", views.Awards, [WEB / "bowls.js", WEB / "bowls" / "themes.js"]),
    (r"f", views.ForecastLine, [WEB / "bowls" / "words.js"]),
    (r"grid", views.Grid, [WEB / "bowls" / "puzzles.js"]),
    (r"row", views.GridRow, [WEB / "bowls" / "puzzles.js"]),
]


def keys_read(name: str, files: list[Path]) -> set[str]:
    pattern = re.compile(rf"(?<![\w.]){name}\.([A-Za-z_]\w*)")
    return {key for path in files for key in pattern.findall(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize(("name", "typed", "files"), READERS, ids=[r[1].__name__ for r in READERS])
def test_the_page_reads_only_typed_keys(name: str, typed: type, files: list[Path]) -> None:
    read = keys_read(name, files)
    assert read, f"no {name}.<key> found: the pattern is stale"
    assert read <= set(typed.__annotations__), sorted(read - set(typed.__annotations__))


def test_the_puzzle_panel_reads_the_puzzle_view() -> None:
    """puzzles.js names the puzzle view ``p`` (``const p = view.puzzle``)."""
    text = (WEB / "bowls" / "puzzles.js").read_text(encoding="utf-8")
    assert "const p = view.puzzle;" in text
    read = set(re.findall(r"(?<![\w.])p\.([A-Za-z_]\w*)", text))
    assert read <= set(views.PuzzleView.__annotations__), sorted(read - set(views.PuzzleView.__annotations__))
