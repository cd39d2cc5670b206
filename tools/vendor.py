"""Copy the pinned runtime from node_modules into the git-ignored vendor/ folder.

``npm ci`` installs ``pyodide`` and ``@pyscript/core`` at the versions in
``package-lock.json``; this copies only the files the page serves (no source
maps, no Node-only files) so nothing is fetched from any other origin (P1).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)


def copy_tree(src: Path, dest: Path, keep) -> int:
    count = 0
    for path in sorted(src.iterdir()):
        if path.is_file() and keep(path):
            shutil.copy2(path, dest / path.name)
            count += 1
    return count


def main() -> int:
    modules = ROOT / "node_modules"
    vendor = ROOT / "vendor"
    pyodide_src = modules / "pyodide"
    pyscript_src = modules / "@pyscript" / "core" / "dist"
    if not pyodide_src.is_dir() or not pyscript_src.is_dir():
        print("vendor: run `npm ci` first (node_modules/pyodide or @pyscript/core missing)", file=sys.stderr)
        return 1
    if vendor.exists():
        shutil.rmtree(vendor)
    (vendor / "pyodide").mkdir(parents=True)
    (vendor / "pyscript").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, vendor / "pyodide" / name)
    count = copy_tree(pyscript_src, vendor / "pyscript", lambda p: not p.name.endswith(".map"))
    versions = {
        name: json.loads((modules / name / "package.json").read_text())["version"]
        for name in ("pyodide", "@pyscript/core")
    }
    (vendor / "versions.json").write_text(json.dumps(versions, indent=1) + "\n")
    print(f"vendor: pyodide {versions['pyodide']} ({len(PYODIDE_FILES)} files), "
          f"@pyscript/core {versions['@pyscript/core']} ({count} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
