"""The standard library built for the arcade: ``build/python_stdlib.zip``.

Pyodide's own ``python_stdlib.zip`` holds 614 files (2.5 MB that barely
compress: a zip already); a full session of the arcade imports about 150 of
them, 135 from the zip. ``make build`` runs that session (``tools/stdlib_session.py``: every
game, lesson, replay, daily, the Daily Club, an engine bug, the bench hook and
the conformance vectors, through ``py/main.py``) in the pinned Pyodide under
Node (``tools/stdlib.mjs``) and keeps exactly the files it imported (not the
frozen modules, which the interpreter reads from its binary), compiled from
their source without comments and docstrings (``tools/stdlib_trim.py``). The engine
worker's loader and the snapshot worker load it in place of Pyodide's
(``stdLibURL``); the whole one stays in ``vendor/`` for the bare benchmark
page and is never precached or published.

The session is run again only when something it depends on changed: the
pinned Pyodide, these tools, ``py/main.py``, or the modules the Python
sources name in their imports (a renamed engine module changes nothing; a new
``import fractions`` does). ``e2e/test_stdlib.py`` runs a full session in the
browser with the whole library and fails if it imported a file this one
lacks. When the session cannot run, the whole library is copied, with a
warning: the arcade never loses a module to a broken build.

    python tools/stdlib.py [--force]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "python_stdlib.zip"
#: What the last build found (its key, the files kept, the session's problems); never served.
RECORD = ROOT / "build" / "python_stdlib.json"
PINNED = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
TOOLS = ("tools/stdlib.py", "tools/stdlib.mjs", "tools/stdlib_session.py", "tools/stdlib_trim.py")


def imported_names(folder: Path = ROOT / "py") -> list[str]:
    """Every module name the Python sources import, other than their own package's."""
    names: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return sorted(name for name in names if name.split(".")[0] != "club")


def key() -> str:
    """What the library depends on, hashed."""
    digest = hashlib.sha256()
    digest.update((ROOT / "node_modules" / "pyodide" / "package.json").read_bytes())
    for rel in (*TOOLS, "py/main.py"):
        digest.update(rel.encode() + (ROOT / rel).read_bytes())
    digest.update(json.dumps(imported_names()).encode())
    return digest.hexdigest()[:16]


def recorded() -> dict:
    try:
        return json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return {}


def stale() -> bool:
    return not OUT.is_file() or recorded().get("key") != key()


def build(force: bool = False) -> dict:
    """Build the library unless it is up to date; what was built."""
    if not force and not stale():
        return recorded()
    OUT.parent.mkdir(exist_ok=True)
    record: dict = {"key": key()}
    with tempfile.TemporaryDirectory() as scratch:
        result_path = Path(scratch) / "result.json"
        run = subprocess.run(["node", str(ROOT / "tools" / "stdlib.mjs"), "build", str(result_path),
                              str(OUT.relative_to(ROOT))], capture_output=True, text=True)
        result = json.loads(result_path.read_text()) if run.returncode == 0 and result_path.is_file() else None
    if result is None or "built" not in result:
        shutil.copyfile(PINNED, OUT)
        reason = (run.stderr.strip().splitlines() or ["no answer"])[-1]
        record.update({"whole": True, "reason": reason})
        print(f"stdlib: WARNING the session did not run ({reason}): the whole library is served", file=sys.stderr)
    else:
        record.update({"whole": False, "modules": result["modules"], "problems": result["problems"],
                       "conformance": result["conformance"], **result["built"]})
        for problem in result["problems"]:
            print(f"stdlib: WARNING the session met a problem: {problem}", file=sys.stderr)
    record["bytes"] = OUT.stat().st_size
    RECORD.write_text(json.dumps(record, indent=1) + "\n")
    return record


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--force", action="store_true", help="run the session even if nothing changed")
    args = parser.parse_args(argv)
    record = build(args.force)
    kept = "the whole library" if record.get("whole") else f"{record.get('files')} files"
    print(f"stdlib: {OUT.relative_to(ROOT)} ({record['bytes']} bytes, {kept}, of {PINNED.stat().st_size})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
