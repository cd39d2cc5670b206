"""Build the files the page serves besides the sources: the Python package
archive, the service worker's precache list, and (``--dist``) a static folder.

- ``build/club.zip``: ``py/club`` (sources and data, no tests or caches),
  unpacked by PyScript into Pyodide's working directory (pyscript.toml).
- ``build/python_stdlib.zip``: the standard library built for the arcade from
  what a full session imports (``tools/stdlib.py``), loaded in place of
  Pyodide's whole one, which is never served to players.
- ``build/boot.json``: what a first visit's engine worker downloads, with
  each file's size (as read, and about as sent gzipped by a CDN): the page
  fetches them at navigation and shows the share received
  (``web/downloads.js``); the engine archive is the worker's own to fetch.
- ``build/shapes.js``: each board game's geometry as its engine answers it
  (``Session.geometry``), so a first visit draws the empty board before
  Python is up (P3; a returning visit has the copy stored beside its run).
- ``build/clubstats.js``: the club service's stats for a player with no record
  (the same on every day), so a first visit's ``#/club`` is drawn before Python is up.
- ``build/graphs.js``: each game page's modules and the stats page's (their static
  imports, followed), asked for at once when the page starts (``web/route.js``).
- ``build/precache.js``: the app version and every file a full session
  requests, for ``web/sw.js`` (P5). The list is made from the files actually
  present, so content-hashed PyScript chunks are always right.
- ``--dist DIR``: a folder any static host serves as is (P7), with
  ``.nojekyll``, no test hook (``without_test_hooks``: the tools' modules out of the
  engine archive, the worker's ``reset`` and ``bench``, the page's ``club:ready`` hooks), the page's JavaScript bundled into a few chunks
  (``tools/bundle.py``), our own files slimmed for the download (``slim``; the
  engine archive's modules without comments and docstrings, P16), and its own
  precache list.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))  # the engines, for their geometry (build/shapes.js)

import stdlib  # noqa: E402
import stdlib_trim  # noqa: E402
from csp import with_inline_hashes  # noqa: E402
from modgraph import module_graph, write_module  # noqa: E402
from throttle import GZIPPED  # noqa: E402

SERVED_ROOT_FILES = ("index.html", "pyscript.toml", "sw.js")
SERVED_DIRS = ("web", "vendor", "build", "py")
SKIP_SUFFIXES = (".pyc", ".map")
#: Files of the served folders no player needs: the whole standard library (the arcade
#: loads build/python_stdlib.zip), Pyodide's lock file (both starts give Pyodide its own,
#: web/snapshot.mjs), the build's own records, the type checker's files.
NOT_SERVED = ("vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json", "build/precache.js",
              "build/python_stdlib.json")


def package_files() -> list[Path]:
    base = ROOT / "py" / "club"
    return sorted(
        p for p in base.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json")
    )


def build_zip() -> Path:
    out = ROOT / "build" / "club.zip"
    out.parent.mkdir(exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in package_files():
            info = zipfile.ZipInfo(str(path.relative_to(ROOT / "py")), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return out


#: A first visit's downloads for the engine worker, the biggest first: the page starts them
#: at navigation (web/downloads.js). The engine archive is fetched by the worker's loader
#: itself, as soon as it starts (web/pyodide-loader.mjs), and counted there.
BOOT_FILES = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.mjs",
              "build/python_stdlib.zip", "pyscript.toml", "py/main.py")
WORKER_FILES = ("build/club.zip",)


#: The games whose page is shaped by the engine's geometry (the kit's ``shape`` hook).
SHAPED_GAMES = ("blocks", "merge")


def build_shapes(root: Path = ROOT) -> Path:
    """Write ``root/build/shapes.js``: ``SHAPES[game]``, the engine's own geometry answer."""
    shapes = {game: importlib.import_module(f"club.{game}.api").Session().geometry({}) for game in SHAPED_GAMES}
    return write_module(root / "build" / "shapes.js", "the engines (Session.geometry)", "SHAPES", shapes)


#: The day the empty stats are asked on (2026-12-01 UTC): any day answers the same (a test holds it).
EMPTY_STATS_DAY_MS = 1_796_083_200_000


def build_club_stats(root: Path = ROOT) -> Path:
    """Write ``root/build/clubstats.js``: ``EMPTY_STATS``, the club service's ``stats`` for no record."""
    from club.daily.api import Service

    stats = Service().stats({"record": None, "now": EMPTY_STATS_DAY_MS})
    return write_module(root / "build" / "clubstats.js", "the club service (stats of no record)", "EMPTY_STATS", stats)


def build_graphs(root: Path = ROOT) -> Path:
    """Write ``root/build/graphs.js``: ``GRAPHS[page]``, the modules a game's page (and the stats
    page, ``club``) loads, which web/route.js asks for at once when the page starts (each import
    level costs a round trip)."""
    pages = [*sorted((root / "web" / "games").glob("*.js")), *[p for p in [root / "web" / "club.js"] if p.is_file()]]
    graphs = {path.stem: module_graph(path, root) for path in pages}
    return write_module(root / "build" / "graphs.js", "the pages' static imports", "GRAPHS", graphs)


def build_boot_list(root: Path = ROOT) -> dict:
    """Write ``root/build/boot.json``: the files, their decoded size and about their gzipped one."""
    files = []
    for rel in (*BOOT_FILES, *WORKER_FILES):
        data = (root / rel).read_bytes()
        wire = len(gzip.compress(data, compresslevel=6, mtime=0)) if rel.endswith(GZIPPED) else len(data)
        files.append({"url": rel, "bytes": len(data), "wire": wire, **({"worker": True} if rel in WORKER_FILES else {})})
    listing = {"files": files}
    (root / "build" / "boot.json").write_text(json.dumps(listing, indent=1) + "\n")
    return listing


def served_files(root: Path = ROOT) -> list[str]:
    files = [name for name in SERVED_ROOT_FILES if (root / name).is_file()]
    for folder in SERVED_DIRS:
        base = root / folder
        if folder == "py":  # only the PyScript entry; the package ships in build/club.zip
            files.append("py/main.py")
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and not path.name.endswith(SKIP_SUFFIXES) and rel not in NOT_SERVED \
                    and not rel.startswith("build/types/"):
                files.append(rel)
    return files


def build_precache(root: Path = ROOT) -> tuple[str, list[str]]:
    """Write ``root/build/precache.js``; ``root`` other than the repository is
    a copy of the served tree (the update e2e test deploys a version B)."""
    files = served_files(root)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode())
        digest.update((root / rel).read_bytes())
    version = digest.hexdigest()[:12]
    # What a first visit's page and engine worker put in the downloads cache, by digest: the service
    # worker's install takes each from there when its bytes are these (web/sw.js), not from the wire.
    handed = {rel: hashlib.sha256((root / rel).read_bytes()).hexdigest()
              for rel in (*BOOT_FILES, *WORKER_FILES) if rel in files}
    # The list itself is cached too (outside the version it names): the page reads the
    # version it runs from it, offline as well (web/update.js runningVersion).
    listing = {"version": version, "files": ["./", *files, "build/precache.js"], "handed": handed}
    text = f"// Generated by tools/build.py: do not edit.\nself.CLUB_PRECACHE = {json.dumps(listing)};\n"
    (root / "build" / "precache.js").write_text(text)
    return version, files


def build_dist(dest: Path, root: Path = ROOT) -> None:
    """Write the static site of the built tree ``root`` (the repository, or another checkout) to ``dest``."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for rel in served_files(root) + ["build/precache.js"]:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)
    (dest / ".nojekyll").write_text("")
    without_test_hooks(dest)
    from bundle import bundle  # here: only a dist build needs it

    bundle(dest)
    slim(dest)
    build_boot_list(dest)  # the sizes of what players download (the archive and the entry as published)
    # The service worker precaches the published files (chunks, not the sources' modules).
    build_precache(dest)


#: The test build's switch (web/testbuild.js), as the published site has it: esbuild drops what it guards.
TEST_BUILD_MODULE = ("web/testbuild.js", "export const TEST_BUILD = false;\n")
#: The line of py/main.py from which on its hooks are the test build's (``reset``, ``bench``).
TEST_HOOKS_LINE = "# TEST_HOOKS:"


def is_test_module(name: str) -> bool:
    """A module of the engine archive only the tools run: ``make bench``'s workloads and the
    conformance vectors' runner (they read the sources), never a player's page.

    >>> [is_test_module(n) for n in ("club/bench.py", "club/blocks/conform.py", "club/conformance.py", "club/blocks/api.py")]
    [True, True, True, False]
    """
    return PurePosixPath(name).name in ("bench.py", "conform.py", "conformance.py")


def without_test_hooks(dest: Path) -> None:
    """``dest``, a copy of the served tree, as players get it: no test hook reachable (P5 of the
    published site). The page's switch written false (no ``club:ready`` handing over the engines,
    no restart in place, the worker's ``reset`` and ``bench`` never named), the worker's entry cut
    before its test hooks, the engine archive without the tools' modules."""
    rel, text = TEST_BUILD_MODULE
    (dest / rel).write_text(text)
    entry = dest / "py" / "main.py"
    source = entry.read_text()
    assert TEST_HOOKS_LINE in source, f"py/main.py has no {TEST_HOOKS_LINE!r} line"
    entry.write_text(source[:source.index(TEST_HOOKS_LINE)].rstrip() + "\n")
    archive = dest / "build" / "club.zip"
    with zipfile.ZipFile(archive) as source_zip:
        entries = [(info, source_zip.read(info)) for info in source_zip.infolist() if not is_test_module(info.filename)]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            out.writestr(info, data)


#: Our own scripts in a dist folder (never vendor/; the engine archive is slimmed apart).
OWN_SCRIPTS = ("sw.js", "web/**/*.js", "web/**/*.mjs")


def slim(dest: Path) -> None:
    """Our own files without what only readers need (comments, layout), for the
    players' download: JavaScript re-printed by esbuild without comments or
    layout, module by module (``tools/strip.mjs``), CSS and HTML without comments, the strings
    as compact JSON. The sources stay as they are; ``make`` serves them."""
    scripts = sorted({str(p) for pattern in OWN_SCRIPTS for p in dest.glob(pattern)})
    subprocess.run(["node", str(ROOT / "tools" / "strip.mjs"), *scripts], check=True, stdout=subprocess.DEVNULL)
    for path in dest.glob("web/**/*.css"):
        path.write_text(_without_comments(path.read_text(), r"/\*.*?\*/"))
    index = dest / "index.html"
    # Its inline script (the boot's watchdog) as slimmed, and the policy allowing that text (tools/csp.py).
    index.write_text(with_inline_hashes(_without_comments(index.read_text(), r"<!--.*?-->")))
    for path in dest.glob("web/i18n/*.json"):
        path.write_text(json.dumps(json.loads(path.read_text()), ensure_ascii=False, separators=(",", ":")))
    slim_archive(dest / "build" / "club.zip")


def slim_archive(archive: Path) -> None:
    """The engine archive's modules re-printed without comments and docstrings, as the standard
    library built for the arcade is (``tools/stdlib_trim.py``: the same code, about half the bytes;
    the docstrings' examples are run by ``make test`` on the sources). Its data files stay as they are."""
    with zipfile.ZipFile(archive) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info, data in entries:
            slimmed = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            slimmed.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(slimmed, stdlib_trim.slim(info.filename, data))


def _without_comments(text: str, comment: str) -> str:
    """``text`` without comments and the blank lines and trailing spaces they leave."""
    text = re.sub(comment, "", text, flags=re.S)
    lines = (line.rstrip() for line in text.splitlines())
    return "\n".join(line for line in lines if line) + "\n"


def stale_outputs() -> list[str]:
    """Build outputs older than a file they are made from (``[]`` when fresh).

    The e2e fixture calls this so the browser never tests a stale engine:
    ``build/club.zip``, ``build/shapes.js`` and ``build/clubstats.js`` against ``py/club``, ``build/graphs.js``
    against web/'s modules, ``build/precache.js`` against
    every served file (its version hashes their contents).
    """
    def newest(paths: list[Path]) -> float:
        return max((p.stat().st_mtime for p in paths if p.is_file()), default=0.0)

    precache = ROOT / "build" / "precache.js"
    stale = []
    made_from = {"club.zip": package_files(), "shapes.js": package_files(), "clubstats.js": package_files(),
                 "graphs.js": [*(ROOT / "web").rglob("*.js")]}
    for name, sources in made_from.items():
        out = ROOT / "build" / name
        if not out.is_file() or newest(sources) > out.stat().st_mtime:
            stale.append(f"build/{name}")
    if stdlib.stale():
        stale.append("build/python_stdlib.zip")
    served = [ROOT / rel for rel in served_files() if not rel.startswith("build/")]
    if not precache.is_file() or newest(served) > precache.stat().st_mtime:
        stale.append("build/precache.js")
    return stale


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dist", type=Path, help="also write a static folder here")
    args = parser.parse_args(argv)
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("build: vendor/ is missing: run `make vendor` first", file=sys.stderr)
        return 1
    archive = build_zip()
    library = stdlib.build()
    build_shapes()
    build_club_stats()
    build_graphs()
    build_boot_list()
    version, files = build_precache()
    kept = "the whole library" if library.get("whole") else f"{library.get('files')} files"
    print(f"build: {archive.relative_to(ROOT)} ({archive.stat().st_size} bytes), "
          f"{stdlib.OUT.relative_to(ROOT)} ({library['bytes']} bytes, {kept}), "
          f"precache {len(files)} files, version {version}")
    if args.dist:
        build_dist(args.dist)
        print(f"build: static site in {args.dist}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
