"""Each page module takes a named slice of the page context, never the whole (docs/architecture.md).

web/app.js hands a route's page its context: a shell page's (``ShellContext``: no engine, no store) or
a game page's (``GameContext<C>``). A module that reads it declares the part it reads as a named type
(``@typedef {Pick<GameContext<Blocks.Calls>, "engine" | "t">} AimContext``), so tsc proves it reads
nothing else. A module that types a parameter as the whole ``GameContext``, ``ShellContext`` or
``PageContext`` (or an ``Omit`` or ``Partial`` of one) fails here: in the source, each of these names
may only be the first argument of a ``Pick``. One place takes the whole: a game page's entry,
``export function mount(root, ctx)`` in ``web/games/<game>.js``, which the app calls and which hands
the kit and its hooks their slices. The second half tests the checker on snippets, so it can fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
WHOLE = re.compile(r"\b(?:GameContext|ShellContext|PageContext)\b")
# The name as a Pick's first argument, imported or not: `Pick<import("../app.js").GameContext<C>, ...`.
PICKED = re.compile(r"Pick<\s*(?:import\([^)]*\)\.)?$")
ENTRY = re.compile(r"^export (?:async )?function mount\(")


def guarded() -> list[Path]:
    """The game pages and their modules, the kit, and the shell's pages (every module but the app's)."""
    files = [*WEB.glob("games/**/*.js"), *WEB.glob("kit/*.js"), *WEB.glob("*.js")]
    return sorted(path for path in files if path.name != "app.js")


def wholes(text: str, *, entry: bool) -> list[str]:
    """Lines that name a whole context; `entry`: the file is a game's page, whose mount takes it."""
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines):
        for match in WHOLE.finditer(line):
            if PICKED.search(line[: match.start()]):
                continue
            if entry and number + 1 < len(lines) and ENTRY.match(lines[number + 1]):
                continue
            found.append(f"{number + 1}: {line.strip()}")
    return found


def test_the_guarded_modules_are_found() -> None:
    names = {path.relative_to(WEB).as_posix() for path in guarded()}
    assert {"games/blocks.js", "games/bowls/workshop.js", "kit/mount.js", "kit/page.js", "home.js"} <= names
    assert "app.js" not in names


@pytest.mark.parametrize("path", guarded(), ids=lambda path: path.relative_to(WEB).as_posix())
def test_a_module_takes_a_slice_of_the_context(path: Path) -> None:
    entry = path.parent == WEB / "games"
    assert wholes(path.read_text(encoding="utf-8"), entry=entry) == []


def test_each_game_page_takes_the_whole_context_only_in_its_mount() -> None:
    for game in ("blocks", "domino", "merge", "bowls"):
        text = (WEB / "games" / f"{game}.js").read_text(encoding="utf-8")
        assert wholes(text, entry=False) != [], game  # its mount's line is there (the exemption is used)
        assert len(wholes(text, entry=False)) == 1, game


SLICE = '/** @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "engine" | "t">} AimContext */\n'
MOUNT = '/** @param {HTMLElement} root @param {import("../app.js").GameContext<Blocks.Calls>} ctx */\nexport function mount(root, ctx) {\n'


@pytest.mark.parametrize(("text", "entry", "bad"), [
    (SLICE, False, 0),
    ('/** @typedef {Pick<GameContext<C>, "engine">} PageObjectContext */\n', False, 0),
    ('/** @param {Pick<import("./app.js").ShellContext, "t" | "lang">} ctx */\n', False, 0),
    ('/** @param {import("../../app.js").GameContext<Blocks.Calls>} ctx */\nfunction layout(root, ctx) {\n', False, 1),
    ("/** @property {import('../../app.js').GameContext} ctx */\n", False, 1),
    ('/** @param {{ctx: import("../../app.js").GameContext<Merge.Calls>, page: Page}} deps */\n', False, 1),
    ('/** @template C @typedef {import("../app.js").GameContext<C>} GameContext */\n', False, 2),
    ('/** @param {Omit<import("./app.js").PageContext, "engine">} ctx */\n', False, 1),
    ('/** @param {import("./app.js").ShellContext} ctx */\n', False, 1),
    (MOUNT, True, 0),
    (MOUNT, False, 1),
    ('/** @param {import("../app.js").GameContext<Blocks.Calls>} ctx */\nfunction hooks(root, ctx) {\n', True, 1),
])
def test_the_checker_finds_a_whole_context(text: str, entry: bool, bad: int) -> None:
    assert len(wholes(text, entry=entry)) == bad
