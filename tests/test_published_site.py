"""The published site (``tools/build.py --dist``) ships no test hook: the engine archive holds
no bench or conformance module (the tools read the sources), the worker's entry answers neither
``reset`` nor ``bench``, and the page's bundle has no ``club:ready`` event (the engines, the
bench's timings and the app's restart in place handed to any listener) nor names the worker's
test exports. The served sources keep them all (web/testbuild.js, py/main.py's TEST_HOOKS)."""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

#: What the worker's entry exports to the page, on the published site.
PUBLISHED_EXPORTS = ["call", "check", "query", "cancel", "python"]
#: Text no script of the published page may hold (each one names a test hook).
HOOK_TEXTS = ("club:ready", '"reset"', '"bench"', "__e2e")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("published") / "dist"
    build.build_dist(dest)
    return dest


def test_the_engine_archive_has_no_test_module(site: Path) -> None:
    names = set(zipfile.ZipFile(site / "build" / "club.zip").namelist())
    product = {p.relative_to(ROOT / "py").as_posix() for p in build.package_files()}
    tools_only = {name for name in product if build.is_test_module(name)}
    assert len(tools_only) == 10, sorted(tools_only)  # five bench.py, four conform.py, conformance.py
    assert names == product - tools_only


def test_the_served_archive_keeps_them() -> None:
    names = set(zipfile.ZipFile(ROOT / "build" / "club.zip").namelist())  # make check builds it first
    assert {"club/bench.py", "club/conformance.py", "club/blocks/conform.py"} <= names


def exports(entry: Path) -> tuple[list[str], set[str]]:
    """The worker entry's ``__export__`` (every assignment and addition, in order) and its functions."""
    tree = ast.parse(entry.read_text())
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(target, ast.Name) and target.id == "__export__":
                names = [*(names if isinstance(node, ast.AugAssign) else []), *ast.literal_eval(node.value)]
    functions = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return names, functions


@pytest.mark.parametrize(("entry", "expected"), [
    ("published", PUBLISHED_EXPORTS),
    ("sources", [*PUBLISHED_EXPORTS, "reset", "bench"]),
])
def test_the_worker_entry_answers_reset_and_bench_only_in_the_test_build(site: Path, entry: str,
                                                                          expected: list[str]) -> None:
    names, functions = exports(site / "py" / "main.py" if entry == "published" else ROOT / "py" / "main.py")
    assert names == expected
    assert functions == set(expected)


def test_the_page_bundle_names_no_test_hook(site: Path) -> None:
    scripts = sorted([*site.glob("web/**/*.js"), *site.glob("web/**/*.mjs"), site / "sw.js"])
    assert len(scripts) > 5
    found = {(path.relative_to(site).as_posix(), text) for path in scripts for text in HOOK_TEXTS
             if text in path.read_text()}
    assert found == set()


def test_the_sources_keep_the_hooks() -> None:
    """The test build's: what the bundle test above looks for is there before the dist build."""
    app, engine = (ROOT / "web" / "app.js").read_text(), (ROOT / "web" / "engine.js").read_text()
    assert "club:ready" in app and '"reset", "bench"' in engine
    assert "export const TEST_BUILD = true;" in (ROOT / "web" / "testbuild.js").read_text()
