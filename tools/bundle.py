"""The published site's JavaScript bundled (``build.py --dist``, P16): the page's
modules replaced by the chunks ``tools/bundle.mjs`` (esbuild) writes, and what
names the page's modules rewritten to name the chunks: ``index.html``'s
preloads and ``build/graphs.js`` (each route's modules, web/route.js); the
build then lists the site's files for the service worker anew. The workers'
own modules stay as they are.

A chunk's static imports are followed to list what a route loads:

>>> closure("a", {"a": ["b", "c"], "b": ["c"], "c": []})
['a', 'b', 'c']
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent
#: Modules that are not the page's: the engine worker's loader, the snapshot worker (and what they
#: import), the service worker's logic (a classic script). They are kept, as written.
WORKER_ENTRIES = ("web/pyodide-loader.mjs", "web/snapshot-worker.mjs")
WORKER_SCRIPTS = ("web/sw.js",)
#: index.html's preload of one of our modules.
MODULE_PRELOAD = re.compile(r'[ \t]*<link rel="modulepreload" href="\./web/[^"]+">\n')


def closure(entry: str, imports: dict[str, list[str]]) -> list[str]:
    """``entry`` and every module it imports statically, in the order first met."""
    seen: list[str] = []
    stack = [entry]
    while stack:
        module = stack.pop(0)
        if module not in seen:
            seen.append(module)
            stack.extend(imports.get(module, []))
    return seen


def kept_modules(dest: Path) -> set[str]:
    """The modules of ``dest`` the bundle does not replace."""
    kept = set(WORKER_SCRIPTS)
    for entry in WORKER_ENTRIES:
        kept.update(m for m in build.module_graph(dest / entry, dest) if m.startswith("web/"))
    return kept


def bundle(dest: Path) -> dict[str, list[str]]:
    """Bundle ``dest``'s page modules in place; returns each route's modules (``build/graphs.js``)."""
    run = subprocess.run(["node", str(ROOT / "tools" / "bundle.mjs"), str(dest)], check=True,
                         capture_output=True, text=True)
    made = json.loads(run.stdout)
    kept = kept_modules(dest)
    for path in [*dest.glob("web/**/*.js"), *dest.glob("web/**/*.mjs")]:
        if path.relative_to(dest).as_posix() not in kept:
            path.unlink()
    for folder in sorted(dest.glob("web/**/"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    for rel, text in made["outputs"].items():
        (dest / rel).write_text(text)
    imports, entries = made["imports"], made["entries"]
    shell = [*closure("web/boot.js", imports), *closure(entries["web/app.js"], imports)]
    preloads = "".join(f'  <link rel="modulepreload" href="./{m}">\n' for m in dict.fromkeys(shell) if m != "web/boot.js")
    index = dest / "index.html"
    html = index.read_text()
    first = MODULE_PRELOAD.search(html)
    assert first, "index.html preloads no module"
    html = html[:first.start()] + preloads + MODULE_PRELOAD.sub("", html[first.start():])
    index.write_text(html)
    pages = {Path(source).stem: closure(chunk, imports) for source, chunk in entries.items()
             if source.startswith("web/games/") or source == "web/club.js"}
    build.write_module(dest / "build" / "graphs.js", "the bundle's chunks (tools/bundle.py)", "GRAPHS", pages)
    return pages
