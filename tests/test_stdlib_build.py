"""How the standard library built for the arcade is kept fresh and served
(tools/stdlib.py, tools/build.py); that it runs is e2e/test_stdlib.py's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import stdlib  # noqa: E402

import build  # noqa: E402


@pytest.mark.parametrize(("sources", "names"), [
    ({"a.py": "import json\nfrom collections.abc import Callable\n"}, ["collections.abc", "json"]),
    ({"a.py": "from club.rules import x\nimport club.blocks.api\nfrom . import y\n"}, []),  # the package's own
    ({"a.py": "def f():\n    import fractions\n", "b/c.py": "import os.path as p\n"}, ["fractions", "os.path"]),
])
def test_the_sources_imports_are_read(tmp_path: Path, sources: dict[str, str], names: list[str]) -> None:
    for rel, text in sources.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert stdlib.imported_names(tmp_path) == names


def test_the_whole_library_is_never_served_the_built_one_is() -> None:
    served = build.served_files()
    assert "vendor/pyodide/python_stdlib.zip" not in served
    assert "build/python_stdlib.zip" in served
    assert "build/python_stdlib.json" not in served  # the build's record


def test_the_loaders_ask_for_the_built_library() -> None:
    for rel in ("web/pyodide-loader.mjs", "web/engine.js"):
        assert 'new URL("../build/python_stdlib.zip", import.meta.url)' in (ROOT / rel).read_text(), rel
    assert "stdLibURL" in (ROOT / "web" / "snapshot-worker.mjs").read_text()
