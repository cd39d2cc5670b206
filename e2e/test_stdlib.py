"""The standard library built for the arcade (``build/python_stdlib.zip``,
``tools/stdlib.py``): a full session runs with it in Pyodide, and a full session
in the browser, PyScript's worker and all, imports nothing it lacks.

The browser's session runs with Pyodide's whole library (the request for the
built one is answered with the whole one), so an import the built library
lacks is seen instead of failing: every route of the arcade opened through the
page, then ``tools/stdlib_session.py`` run inside the engine worker (every
game, lesson, replay, daily, the Daily Club, an engine bug, the bench hook,
the conformance vectors)."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from arcade import wait_ready
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
BUILT = ROOT / "build" / "python_stdlib.zip"
WHOLE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
VECTORS = sorted([*(ROOT / "spec" / "vectors").glob("*.json"), *(ROOT / "tests" / "vectors").glob("*.json")])
ROUTES = ("#/", "#/blocks", "#/blocks?lesson", "#/domino", "#/domino?lesson", "#/merge", "#/merge?lesson",
          "#/bowls", "#/bowls?lesson", "#/blocks?daily=2026-12-02", "#/club", "#/rules/bowls")
# In the engine worker: its interpreter (through the loader module PyScript imported), the session's
# files written beside the engines, the session run; the standard library files it imported.
SESSION_IN_WORKER = """async ([files, vectors]) => {
  const loader = performance.getEntriesByType("resource").map((e) => e.name).find((n) => n.includes("/pyodide-loader.mjs"));
  const pyodide = (await import(loader)).interpreter();
  pyodide.FS.mkdirTree("/tmp/session/vectors");
  for (const [path, url] of files) pyodide.FS.writeFile(path, new Uint8Array(await (await fetch(url)).arrayBuffer()));
  pyodide.globals.set("vectors", pyodide.toPy(vectors));
  return JSON.parse(await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/tmp/session")
import stdlib_session
json.dumps(await stdlib_session.run(list(vectors)))
`));
}"""


def vector_cases() -> int:
    return sum(len(json.loads(path.read_text())["cases"]) for path in VECTORS)


def built_names() -> set[str]:
    """The built library's files, a module by its source's name (the zip holds ``json/decoder.pyc``)."""
    return {name.removesuffix("c") if name.endswith(".pyc") else name for name in zipfile.ZipFile(BUILT).namelist()}


def test_every_module_is_stored_compiled_by_the_pinned_python() -> None:
    """P15: the library's modules are bytecode (no start compiles them), hash-based unchecked pyc
    files of the pinned Pyodide's CPython: its magic number, recorded by the build that made them."""
    record = json.loads((ROOT / "build" / "python_stdlib.json").read_text())
    assert record["whole"] is False, record.get("reason")  # a failed build copies the whole library, as sources
    with zipfile.ZipFile(BUILT) as built:
        files = [name for name in built.namelist() if not name.endswith("/")]
        assert files and all(name.endswith(".pyc") for name in files)
        headers = {built.read(name)[:8] for name in files if name.endswith(".pyc")}
    assert headers == {bytes.fromhex(record["magic"]) + (1).to_bytes(4, "little")}  # PEP 552 flags: hash, unchecked


def test_the_build_keeps_only_what_a_session_imports() -> None:
    """The library is the one computed from the session (not the whole one copied in a
    failed build), a small part of the whole, and nothing in it is not Pyodide's."""
    record = json.loads((ROOT / "build" / "python_stdlib.json").read_text())
    assert record["whole"] is False, record.get("reason")
    assert record["problems"] == [] and record["conformance"]["failed"] == 0
    whole = set(zipfile.ZipFile(WHOLE).namelist())
    modules = {name for name in built_names() if name.endswith(".py")}
    assert modules == set(record["modules"]) and modules <= whole
    assert len(modules) < len(whole) / 4  # compiled, each file is bigger than its source: see test_every_module_...
    assert BUILT.stat().st_size < WHOLE.stat().st_size / 2


def test_the_built_library_plays_every_game_lesson_replay_daily_and_the_vectors(tmp_path: Path) -> None:
    """In Pyodide (under Node) with only the built library: the full session meets no
    problem and every conformance vector passes."""
    out = tmp_path / "session.json"
    run = subprocess.run(["node", str(ROOT / "tools" / "stdlib.mjs"), "session", str(BUILT), str(out)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["problems"] == []
    assert result["conformance"] == {"passed": vector_cases(), "failed": 0}
    assert set(result["modules"]) <= built_names()


@pytest.mark.cold
def test_a_full_session_in_the_browser_imports_nothing_the_built_library_lacks(page: Page, server_url: str) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.split("?")[0]))
    page.route("**/build/python_stdlib.zip", lambda route: route.fulfill(path=WHOLE))
    for route in ROUTES:
        page.goto(server_url + route)
        wait_ready(page)
    worker = next(w for w in page.workers if w.url.startswith("blob:"))  # PyScript makes its worker from a blob
    files = [("/tmp/session/stdlib_session.py", server_url + "tools/stdlib_session.py"),
             ("/tmp/session/main.py", server_url + "py/main.py"),
             *((f"/tmp/session/vectors/{path.name}", server_url + path.relative_to(ROOT).as_posix()) for path in VECTORS)]
    result = worker.evaluate(SESSION_IN_WORKER, [files, [f"/tmp/session/vectors/{path.name}" for path in VECTORS]])
    assert result["problems"] == []
    assert result["conformance"] == {"passed": vector_cases(), "failed": 0}
    missing = sorted(set(result["modules"]) - built_names())
    assert missing == [], f"imported but not in build/python_stdlib.zip (run `python tools/stdlib.py --force`): {missing}"
    assert server_url + "build/python_stdlib.zip" in fetched  # the engine worker asked for the built library
    assert server_url + "vendor/pyodide/python_stdlib.zip" not in fetched
