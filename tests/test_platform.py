"""Platform checks that need no browser: the build, the dist folder, the
pinned runtime and the precache list (P1, P5, P7)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402


def test_runtime_versions_are_pinned_exactly() -> None:
    """P1: pyodide and @pyscript/core at exact versions, recorded in the lock file."""
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert set(deps) == {"pyodide", "@pyscript/core"}
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", version) for version in deps.values())
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for name, version in deps.items():
        assert lock[f"node_modules/{name}"]["version"] == version


def test_no_page_file_names_another_origin() -> None:
    """P1: nothing we serve points at a CDN."""
    sources = [ROOT / "index.html", ROOT / "pyscript.toml", *sorted((ROOT / "web").rglob("*.js")),
               *sorted((ROOT / "web").rglob("*.mjs"))]
    for path in sources:
        text = path.read_text()
        assert not re.search(r"https?://(?!127\.0\.0\.1|www\.w3\.org/2000/svg)", text), path


def test_interpreter_is_local() -> None:
    config = (ROOT / "pyscript.toml").read_text()
    assert re.search(r'^interpreter = "\./web/pyodide-loader\.mjs"$', config, re.M)
    loader = (ROOT / "web" / "pyodide-loader.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in loader
    # Issue 13: the worker gets the same loader as `version` (without it PyScript's worker imports
    # Pyodide from the CDN), and the config says the worker never reaches the DOM.
    engine = (ROOT / "web" / "engine.js").read_text()
    assert 'new URL("./pyodide-loader.mjs", import.meta.url)' in engine and "version: loader.href" in engine
    assert re.search(r"^sync_main_only = true$", config, re.M)
    assert 'type="py"' not in (ROOT / "index.html").read_text()  # no Python on the main thread


def test_club_zip_holds_every_engine_module(tmp_path: Path) -> None:
    """The package shipped to the browser is the whole of py/club, nothing else."""
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("vendor/ missing: run `make setup` first")
    archive = build.build_zip()
    names = set(zipfile.ZipFile(archive).namelist())
    expected = {str(p.relative_to(ROOT / "py")) for p in build.package_files()}
    assert names == expected
    assert "club/__init__.py" in names and not any("__pycache__" in n or "/tests/" in n for n in names)


def test_dist_is_a_self_contained_static_site(tmp_path: Path) -> None:
    """P7: relative paths only, .nojekyll, everything the precache lists is there."""
    dest = tmp_path / "dist"
    build.build_zip()
    build.build_precache()
    build.build_dist(dest)
    assert (dest / ".nojekyll").is_file()
    assert (dest / "index.html").is_file() and (dest / "sw.js").is_file()
    precache = (dest / "build" / "precache.js").read_text()
    files = json.loads(precache.split("=", 1)[1].rstrip(";\n"))["files"]
    for rel in files:
        if rel != "./":
            assert (dest / rel).is_file(), rel
    html = (dest / "index.html").read_text()
    assert not re.search(r'(src|href)="/', html), "absolute paths break project pages"


def test_dist_serves_our_files_slimmed_and_whole(tmp_path: Path) -> None:
    """Issue 15: the published site carries our code without its comments and layout
    (the JSDoc is for readers and the type checker): every module still parses as a
    module (tools/strip.mjs itself stops when a module's exports change), the
    stylesheets keep their rules and the strings their texts."""
    dest = tmp_path / "dist"
    build.build_zip()
    build.build_precache()
    build.build_dist(dest)
    modules = [p for p in (ROOT / "web").rglob("*") if p.suffix in (".js", ".mjs")]
    assert len(modules) > 60
    for source in modules:
        slim = (dest / source.relative_to(ROOT)).read_text()
        assert "/**" not in slim and len(slim) < 0.8 * len(source.read_text()), source
    # Every slimmed module parses as an ES module: one esbuild run reads them all (a node
    # process per module cost a second each on two cores).
    slimmed = [str(dest / source.relative_to(ROOT)) for source in modules]
    parsed = subprocess.run([str(ROOT / "node_modules/.bin/esbuild"), "--format=esm", "--log-level=error",
                             f"--outdir={tmp_path / 'parsed'}", *slimmed], text=True, capture_output=True)
    assert parsed.returncode == 0, parsed.stderr
    for sheet in (ROOT / "web" / "css").glob("*.css"):
        slim = (dest / sheet.relative_to(ROOT)).read_text()
        assert "/*" not in slim and slim.count("{") == re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S).count("{")
    for table in (ROOT / "web" / "i18n").glob("*.json"):
        assert json.loads((dest / table.relative_to(ROOT)).read_text()) == json.loads(table.read_text())
    assert "<!--" not in (dest / "index.html").read_text()


LANGS = ("en", "it", "de", "ru")
GAME_SCOPES = ("blocks", "domino", "merge", "bowls")
SCOPES = ("shell", *GAME_SCOPES, "club")  # club: the Daily Club's home card and stats page (issue 16)


# CLDR plural categories each language needs for whole numbers (web/kit/i18n.js
# picks one with Intl.PluralRules): Russian has three, the others two.
PLURAL_FORMS = {"en": {"one", "other"}, "it": {"one", "other"}, "de": {"one", "other"}, "ru": {"one", "few", "many", "other"}}


def forms(lang: str, key: str, entry: object) -> list[str]:
    """The texts of one entry: a plain string, or a plural object with exactly the language's categories."""
    if isinstance(entry, str):
        return [entry]
    assert isinstance(entry, dict) and set(entry) == PLURAL_FORMS[lang], (lang, key, entry)
    assert all("{count}" in text for text in entry.values()) or lang == "ru", (lang, key, entry)
    return list(entry.values())


def placeholders(texts: list[str]) -> set[str]:
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


@pytest.mark.parametrize("scope", SCOPES)
def test_every_language_has_every_string(scope: str) -> None:
    """P12: the four languages carry the same keys, none empty, placeholders kept, plurals complete
    (one translation system, issue 14: bowls' puzzles and themes are in its table too)."""
    tables = {lang: json.loads((ROOT / "web" / "i18n" / f"{scope}.{lang}.json").read_text()) for lang in LANGS}
    for lang, table in tables.items():
        assert table.keys() == tables["en"].keys(), (scope, lang, set(table) ^ set(tables["en"]))
        for key, entry in table.items():
            texts = forms(lang, key, entry)
            assert all(text.strip() for text in texts), (scope, lang, key)
            english = forms("en", key, tables["en"][key])
            assert placeholders(texts) <= placeholders(english) | {"count"}, (scope, lang, key)
            assert isinstance(entry, dict) == isinstance(tables["en"][key], dict), (scope, lang, key)


@pytest.mark.parametrize("game", GAME_SCOPES)
def test_every_game_has_a_rules_page_in_every_language(game: str) -> None:
    """P12: a Rules page per game in each language, with a title and sections."""
    for lang in LANGS:
        text = (ROOT / "web" / "rules" / f"{game}.{lang}.md").read_text()
        assert text.startswith("# "), (game, lang)
        assert len(re.findall(r"^## ", text, re.M)) >= 3, (game, lang)
