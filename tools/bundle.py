"""The published site's JavaScript bundled (``build.py --dist``, P16): the page's
modules replaced by the chunks ``tools/bundle.mjs`` (esbuild) writes, and what
names the page's modules rewritten to name the chunks: ``index.html``'s
preloads and ``build/graphs.js`` (each route's modules, web/route.js); the
build then lists the site's files for the service worker anew. The workers'
own modules stay as they are."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import modgraph

ROOT = Path(__file__).resolve().parent.parent
#: Modules that are not the page's: the engine worker's loader, the snapshot worker (and what they
#: import), the service worker's logic (a classic script). They are kept, as written.
WORKER_ENTRIES = ("web/pyodide-loader.mjs", "web/snapshot-worker.mjs")
WORKER_SCRIPTS = ("web/sw.js",)
#: index.html's preload of one of our modules.
MODULE_PRELOAD = re.compile(r'[ \t]*<link rel="modulepreload" href="\./web/[^"]+">\n')


def kept_modules(dest: Path) -> set[str]:
    """The modules of ``dest`` the bundle does not replace."""
    kept = set(WORKER_SCRIPTS)
    for entry in WORKER_ENTRIES:
        kept.update(m for m in modgraph.module_graph(dest / entry, dest) if m.startswith("web/"))
    return kept


def replace_modules(dest: Path, outputs: dict[str, str]) -> None:
    """``dest``'s page modules (all but the kept ones) replaced by the bundle's ``outputs``."""
    kept = kept_modules(dest)
    for path in [*dest.glob("web/**/*.js"), *dest.glob("web/**/*.mjs")]:
        if path.relative_to(dest).as_posix() not in kept:
            path.unlink()
    for folder in sorted(dest.glob("web/**/"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    for rel, text in outputs.items():
        (dest / rel).write_text(text)


def preload_in_index(dest: Path, modules: list[str]) -> None:
    """``dest/index.html`` preloading ``modules`` where it preloaded the sources' ones."""
    index = dest / "index.html"
    html = index.read_text()
    first = MODULE_PRELOAD.search(html)
    assert first, "index.html preloads no module"
    links = "".join(f'  <link rel="modulepreload" href="./{m}">\n' for m in modules)
    index.write_text(html[:first.start()] + links + MODULE_PRELOAD.sub("", html[first.start():]))


def bundle(dest: Path) -> None:
    """Bundle ``dest``'s page modules in place, and name the chunks where the modules were named."""
    run = subprocess.run(["node", str(ROOT / "tools" / "bundle.mjs"), str(dest)], check=True,
                         capture_output=True, text=True)
    made = json.loads(run.stdout)
    replace_modules(dest, made["outputs"])
    entries = made["entries"]

    def loads(chunk: str) -> list[str]:
        """The chunk and what it imports statically (a route's files)."""
        return modgraph.closure(chunk, lambda module: made["imports"].get(module, []))

    shell = dict.fromkeys([*loads("web/boot.js"), *loads(entries["web/app.js"])])
    preload_in_index(dest, [m for m in shell if m != "web/boot.js"])
    pages = {Path(source).stem: loads(chunk) for source, chunk in entries.items()
             if source.startswith("web/games/") or source == "web/club.js"}
    modgraph.write_module(dest / "build" / "graphs.js", "the bundle's chunks (tools/bundle.py)", "GRAPHS", pages)
