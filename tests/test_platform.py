"""Platform checks that need no browser: the build, the dist folder, the
pinned runtime and the precache list (P1, P5, P7)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import bundle  # noqa: E402
import csp  # noqa: E402
import modgraph  # noqa: E402

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


def test_the_policy_allows_the_inline_watchdog_by_its_hash() -> None:
    """P3: index.html's one inline script (the boot's watchdog, which runs when no module does) is
    allowed by its SHA-256 in the Content-Security-Policy, and by nothing broader."""
    html = (ROOT / "index.html").read_text()
    assert len(csp.inline_hashes(html)) == 1
    assert csp.with_inline_hashes(html) == html, "the watchdog changed: run `.venv/bin/python tools/csp.py index.html`"


def test_interpreter_is_local() -> None:
    config = (ROOT / "pyscript.toml").read_text()
    assert re.search(r'^interpreter = "\./web/pyodide-loader\.mjs"$', config, re.M)
    loader = (ROOT / "web" / "pyodide-loader.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in loader
    # P1: the engine worker gets the same loader as `version` (without it PyScript's worker imports
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


def test_built_shapes_are_the_engines_geometry(tmp_path: Path) -> None:
    """P3: a first visit's board before Python is drawn from build/shapes.js, which holds each
    shaped game's own ``geometry`` answer (the kit's ``shape`` hook) and nothing of another game."""
    from club.blocks.api import Session as Blocks
    from club.merge.api import Session as Merge

    (tmp_path / "build").mkdir()
    text = build.build_shapes(tmp_path).read_text()
    shapes = json.loads(re.fullmatch(r"(?s)//[^\n]*\nexport const SHAPES = (.*);\n", text).group(1))
    assert shapes == {"blocks": Blocks().geometry({}), "merge": Merge().geometry({})}
    assert len(shapes["blocks"]["cells"]) == 61 and len(shapes["merge"]["cells"]) == 37  # B1, M1


GRAPH_TREE = {  # a game page's modules as written (prettier wraps long imports), and what they import
    "web/games/g.js": 'import { a } from "../kit/a.js";\nimport {\n  b,\n  c,\n} from "./g/b.js";\nimport "./g/side.js";\n'
                      '/** @param {import("../app.js").Ctx} ctx */\nconst later = () => import("./g/lazy.js");\n',
    "web/kit/a.js": 'export { b } from "../games/g/b.js";\nexport const a = 1;\n',
    "web/games/g/b.js": 'export const b = 2, c = 3; // from "./nowhere.js" is no import\n',
    "web/games/g/side.js": "document.title = 'x';\n",
    "web/club.js": 'import { a } from "./kit/a.js";\nimport { G } from "../build/g.js";\n',  # the stats page: its graph too
}


def test_built_club_stats_are_the_services_for_no_record_on_any_day(tmp_path: Path) -> None:
    """A first visit's #/club is drawn before Python from build/clubstats.js: the club service's
    stats for no record, which are the same whatever the day (so one answer serves every visit)."""
    from club.daily.api import Service

    (tmp_path / "build").mkdir()
    text = build.build_club_stats(tmp_path).read_text()
    built = json.loads(re.fullmatch(r"(?s)//[^\n]*\nexport const EMPTY_STATS = (.*);\n", text).group(1))
    days = [build.EMPTY_STATS_DAY_MS + n * 86_400_000 for n in (-400, 0, 1, 3650)]
    assert all(Service().stats({"record": None, "now": day}) == built for day in days)
    assert {game: built["games"][game]["played"] for game in built["games"]} == dict.fromkeys(("blocks", "domino", "merge", "bowls"), 0)


def test_a_game_pages_module_graph_is_its_static_imports(tmp_path: Path) -> None:
    """build/graphs.js lists what a game page loads (web/route.js asks for it all at once): static
    imports followed, wrapped ones too; a type in a comment and a dynamic import are not loads; a
    module the build writes is listed without being read (a fresh checkout has none yet)."""
    for rel, text in GRAPH_TREE.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert modgraph.module_graph(tmp_path / "web/games/g.js", tmp_path) == [
        "web/games/g.js", "web/kit/a.js", "web/games/g/b.js", "web/games/g/side.js"]
    (tmp_path / "build").mkdir()
    text = build.build_graphs(tmp_path).read_text()
    assert json.loads(text.split(" = ", 1)[1].rstrip(";\n")) == {
        "g": modgraph.module_graph(tmp_path / "web/games/g.js", tmp_path),
        "club": ["web/club.js", "web/kit/a.js", "web/games/g/b.js", "build/g.js"]}  # a module the build writes: not read


@pytest.mark.parametrize(("entry", "imports", "listed"), [
    ("a", {"a": []}, ["a"]),
    ("a", {"a": ["b", "c"], "b": ["c"], "c": []}, ["a", "b", "c"]),  # shared once
    ("a", {"a": ["b"], "b": ["a"]}, ["a", "b"]),  # a cycle ends
    ("b", {"a": ["b"], "b": ["c"]}, ["b", "c"]),  # only what the entry reaches
])
def test_a_route_lists_the_chunks_it_imports(entry: str, imports: dict[str, list[str]], listed: list[str]) -> None:
    """build/graphs.js on the published site (and the sources' module graphs): a route's chunk and
    the ones it imports, each once."""
    assert modgraph.closure(entry, lambda module: imports.get(module, [])) == listed


def test_dist_is_a_self_contained_static_site(tmp_path: Path) -> None:
    """P7: relative paths only, .nojekyll, everything the precache lists is there."""
    dest = tmp_path / "dist"
    build.build_zip()
    build.build_precache()
    build.build_dist(dest)
    assert (dest / ".nojekyll").is_file()
    assert (dest / "index.html").is_file() and (dest / "sw.js").is_file()
    precache = json.loads((dest / "build" / "precache.js").read_text().split("=", 1)[1].rstrip(";\n"))
    files = precache["files"]
    for rel in files:
        if rel != "./":
            assert (dest / rel).is_file(), rel
    # The service worker's install takes the first visit's downloads only when their bytes are these (P16).
    assert sorted(precache["handed"]) == sorted((*build.BOOT_FILES, *build.WORKER_FILES))
    for rel, digest in precache["handed"].items():
        assert digest == hashlib.sha256((dest / rel).read_bytes()).hexdigest(), rel
    html = (dest / "index.html").read_text()
    assert not re.search(r'(src|href)="/', html), "absolute paths break project pages"
    # What the page asks for by name is there: its preloads, and each route's chunks (build/graphs.js).
    preloads = re.findall(r'rel="modulepreload" href="\./([^"]+)"', html)
    graphs = json.loads((dest / "build" / "graphs.js").read_text().split(" = ", 1)[1].rstrip(";\n"))
    assert sorted(graphs) == ["blocks", "bowls", "club", "domino", "merge"]
    for rel in [*preloads, *(m for modules in graphs.values() for m in modules)]:
        assert (dest / rel).is_file() and rel in files, rel


def test_dist_serves_our_files_slimmed_and_whole(tmp_path: Path) -> None:
    """The published site carries our code without its comments and layout
    (the JSDoc is for readers and the type checker): the page's modules bundled into a few
    chunks (tools/bundle.py), the workers' modules slimmed one by one, every one parsing as a
    module; the stylesheets keep their rules and the strings their texts."""
    dest = tmp_path / "dist"
    build.build_zip()
    build.build_precache()
    build.build_dist(dest)
    sources = [p for p in (ROOT / "web").rglob("*") if p.suffix in (".js", ".mjs")]
    published = [p for p in (dest / "web").rglob("*") if p.suffix in (".js", ".mjs")]
    assert len(sources) > 60 and len(published) < 30, (len(sources), len(published))
    for module in published:
        text = module.read_text()
        assert "/**" not in text, module
    kept = sorted(p.relative_to(dest).as_posix() for p in published if not re.fullmatch(r"chunk-\w+\.js|boot\.js", p.name))
    assert kept == sorted(bundle.kept_modules(ROOT)) == ["web/pyodide-loader.mjs", "web/snapshot-worker.mjs", "web/snapshot.mjs", "web/sw.js"]
    for rel in kept:
        assert len((dest / rel).read_text()) < 0.8 * len((ROOT / rel).read_text()), rel
    # Every published module parses as an ES module: one esbuild run reads them all (a node
    # process per module cost a second each on two cores).
    parsed = subprocess.run([str(ROOT / "node_modules/.bin/esbuild"), "--format=esm", "--log-level=error",
                             f"--outdir={tmp_path / 'parsed'}", *map(str, published)], text=True, capture_output=True)
    assert parsed.returncode == 0, parsed.stderr
    for sheet in (ROOT / "web" / "css").glob("*.css"):
        slim = (dest / sheet.relative_to(ROOT)).read_text()
        assert "/*" not in slim and slim.count("{") == re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S).count("{")
    for table in (ROOT / "web" / "i18n").glob("*.json"):
        assert json.loads((dest / table.relative_to(ROOT)).read_text()) == json.loads(table.read_text())
    page = (dest / "index.html").read_text()
    assert "<!--" not in page
    # P3: the watchdog as slimmed is the text the published policy allows (tools/csp.py).
    assert csp.inline_hashes(page) and csp.with_inline_hashes(page) == page
    # P16: the engine archive's modules without comments and docstrings (and without the tools'
    # modules: tests/test_published_site.py), and the same engine: the public and our own
    # conformance vectors pass when it is imported from the published archive, their runner
    # (club.conformance and each game's conform.py) added from the sources.
    archive = dest / "build" / "club.zip"
    with zipfile.ZipFile(archive) as published, zipfile.ZipFile(ROOT / "build" / "club.zip") as built:
        assert published.namelist() == [n for n in built.namelist() if not build.is_test_module(n)]
        session = published.read("club/session.py").decode()
        assert '"""' not in session and "\n#" not in session
        runner = [n for n in built.namelist() if build.is_test_module(n)]
        with zipfile.ZipFile(tmp_path / "vectors.zip", "w") as tested:
            for name in published.namelist():
                tested.writestr(name, published.read(name))
            for name in runner:
                tested.writestr(name, (ROOT / "py" / name).read_bytes())
    assert archive.stat().st_size < 0.7 * (ROOT / "build" / "club.zip").stat().st_size
    archive = tmp_path / "vectors.zip"
    vectors = sorted(str(p) for p in (*(ROOT / "spec" / "vectors").glob("*.json"), *(ROOT / "tests" / "vectors").glob("*.json")))
    env = {"PYTHONPATH": str(archive)}
    where = subprocess.run([sys.executable, "-c", "import club; print(club.__file__)"], env=env, cwd=tmp_path,
                           text=True, capture_output=True)
    assert where.stdout.startswith(str(archive)), where
    run = subprocess.run([sys.executable, "-m", "club.conformance", *vectors], env=env, cwd=tmp_path, text=True,
                         capture_output=True)
    passed = re.search(r"(\d+) passed, 0 failed", run.stdout)
    assert run.returncode == 0 and passed and int(passed.group(1)) >= 300, run.stdout + run.stderr


LANGS = ("en", "it", "de", "ru")
GAME_SCOPES = ("blocks", "domino", "merge", "bowls")
SCOPES = ("shell", *GAME_SCOPES, "club")  # club: the Daily Club's home card and stats page


# CLDR plural categories each language needs for whole numbers (web/kit/i18n.js
# picks one with Intl.PluralRules): Russian has three, the others two.
PLURAL_FORMS = {"en": {"one", "other"}, "it": {"one", "other"}, "de": {"one", "other"}, "ru": {"one", "few", "many", "other"}}


def forms(lang: str, key: str, entry: object) -> list[str]:
    """The texts of one entry: a plain string, or a plural object with exactly the language's categories."""
    if isinstance(entry, str):
        return [entry]
    assert isinstance(entry, dict) and set(entry) == PLURAL_FORMS[lang], (lang, key, entry)
    # the number is said: as {count}, or as {shown}, the count written the language's way (17,334 / 17.334)
    assert all("{count}" in text or "{shown}" in text for text in entry.values()) or lang == "ru", (lang, key, entry)
    return list(entry.values())


def placeholders(texts: list[str]) -> set[str]:
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


@pytest.mark.parametrize("scope", SCOPES)
def test_every_language_has_every_string(scope: str) -> None:
    """P12: the four languages carry the same keys, none empty, placeholders kept, plurals complete
    (one translation system: bowls' puzzles and themes are in its table too)."""
    tables = {lang: json.loads((ROOT / "web" / "i18n" / f"{scope}.{lang}.json").read_text()) for lang in LANGS}
    for lang, table in tables.items():
        assert table.keys() == tables["en"].keys(), (scope, lang, set(table) ^ set(tables["en"]))
        for key, entry in table.items():
            texts = forms(lang, key, entry)
            assert all(text.strip() for text in texts), (scope, lang, key)
            english = forms("en", key, tables["en"][key])
            assert placeholders(texts) <= placeholders(english) | {"count"}, (scope, lang, key)
            assert isinstance(entry, dict) == isinstance(tables["en"][key], dict), (scope, lang, key)


TRANSLATED = ("it", "de", "ru")
GAME_TITLES = {*(f"shell.game.{game}.name" for game in GAME_SCOPES), *(f"{game}.title" for game in GAME_SCOPES)}

# P12: the strings a translation leaves exactly as in English, each with its reason. Two rules need
# no entry: a game's title is a proper name (kept in English or translated, as Russian's Цветные
# чаши), and a string with no letters (symbols, placeholders) reads the same everywhere. Anything
# else equal to English is merely untranslated.
SAME_AS_ENGLISH: dict[tuple[str, str], str] = {
    **{(lang, "shell.settings.ms"): "ms, the unit's symbol in that language" for lang in ("it", "de")},
    **{(lang, key): "Perfect Clear, the name the bowls seed gives the move (W14)"
       for lang, key in [("it", "bowls.perfect"), ("it", "bowls.forecast.perfect"), ("it", "bowls.say.perfect"),
                         ("de", "bowls.perfect"), ("de", "bowls.forecast.perfect"), ("de", "bowls.say.perfect"),
                         ("ru", "bowls.perfect")]},
    ("it", "blocks.say.short"): "r3c4, a cell in a list: riga and cella begin as row and cell do (P11)",
    ("it", "domino.mode.sprint"): "Sprint, the mode's name in the domino seed (D15)",
    ("de", "domino.mode.sprint"): "Sprint, the mode's name in the domino seed (D15)",
    ("de", "domino.mode.marathon"): "Marathon, the mode's name in the domino seed (D16)",
    ("it", "club.mode.sprint"): "Sprint, domino's mode on the stats page, as domino.mode.sprint (D15)",
    ("de", "club.mode.sprint"): "Sprint, domino's mode on the stats page, as domino.mode.sprint (D15)",
    ("de", "club.mode.marathon"): "Marathon, domino's mode on the stats page, as domino.mode.marathon (D16)",
    ("it", "bowls.combo"): "Combo, the bowls seed's name (W13), also the word Italian games use",
    ("it", "bowls.theme.neon"): "Neon: the same word in Italian",
    ("de", "bowls.theme.neon"): "Neon: the same word in German",
    ("de", "bowls.theme.sand"): "Sand: the same word in German",
    ("de", "shell.replay.pause"): "Pause: the same word in German",
    ("de", "domino.pause"): "Pause: the same word in German",
    ("de", "bowls.pause"): "Pause: the same word in German",
    ("de", "bowls.training"): "Training: the same word in German",
    ("de", "shell.settings.vibrate"): "Vibration: the same word in German",
    ("de", "merge.say.turn"): "Partner: the same word in German",
    ("de", "domino.power"): "Power: the German game's usual loan word for this score",
    ("de", "domino.max"): "Max: the usual German short form of Maximum",
    ("it", "shell.settings.volume"): "Volume: the same word in Italian",
    ("it", "shell.home"): "Home: the usual Italian word for an app's start page",
    ("it", "club.home"): "Home: the usual Italian word for an app's start page",
    ("it", "domino.set"): "Set: an Italian loan word for a set of tiles",
    ("it", "domino.over.best"): "Record: the same word in Italian",
    ("it", "merge.slotN"): "Slot: an Italian loan word for a save slot",
}


def has_letters(text: str) -> bool:
    """Whether a text has a letter outside its placeholders."""
    return bool(re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", text)))


@pytest.mark.parametrize("scope", SCOPES)
def test_every_string_is_translated(scope: str) -> None:
    """P12: no string (or plural form) of it/de/ru is the English one, but for the reasoned allow-list;
    and every allowed entry is still identical, so the list stays short."""
    english = json.loads((ROOT / "web" / "i18n" / f"{scope}.en.json").read_text())
    for lang in TRANSLATED:
        table = json.loads((ROOT / "web" / "i18n" / f"{scope}.{lang}.json").read_text())
        same = set()
        for key, entry in table.items():
            source = english[key]
            pairs = [(entry, source)] if isinstance(entry, str) else \
                [(text, source.get(form, source["other"])) for form, text in entry.items()]
            if key not in GAME_TITLES and any(text == original and has_letters(text) for text, original in pairs):
                same.add(key)
        allowed = {key for (where, key) in SAME_AS_ENGLISH if where == lang and key.startswith(f"{scope}.")}
        assert same - allowed == set(), (scope, lang, "untranslated", sorted(same - allowed))
        assert allowed - same == set(), (scope, lang, "translated now, leave the allow-list", sorted(allowed - same))


def player_texts(lang: str) -> dict[str, str]:
    """Every text the player reads in a language: each table entry (all plural forms) and each rules page."""
    texts = {}
    for scope in SCOPES:
        table = json.loads((ROOT / "web" / "i18n" / f"{scope}.{lang}.json").read_text())
        for key, entry in table.items():
            texts[key] = entry if isinstance(entry, str) else " / ".join(entry.values())
    for game in GAME_SCOPES:
        texts[f"rules/{game}.{lang}.md"] = (ROOT / "web" / "rules" / f"{game}.{lang}.md").read_text()
    return texts


# Russian formal address: the pronoun вы in every case and the possessive ваш; and verbs of the
# 2nd person plural, imperative (нажмите, поставьте, коснитесь) or indicative (получаете). The
# pattern also catches a few nouns in the prepositional case, which are not address.
RU_FORMAL_PRONOUN = re.compile(r"\b(?:вы|вас|вам|вами|ваш\w*)\b", re.I)
RU_PLURAL_VERB = re.compile(r"\b\w+(?:ите|йте|ьте|ете|ёте)(?:сь)?\b", re.I)
RU_NOT_VERBS = {"лимите", "сайте"}  # в лимите, на сайте: nouns
# German Sie/Ihr and Italian Lei/Suo capitalised mid-sentence can only be the formal address (at a
# sentence's start they may be "they", "her", "its": "Sie ersetzt den Fortschritt").
CAPITAL_ADDRESS = {"de": re.compile(r"\b(?:Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b"),
                   "it": re.compile(r"\b(?:Lei|Suo|Sua|Suoi|Sue)\b")}


def mid_sentence(text: str, start: int) -> bool:
    """Whether the word at start follows other words of its sentence (list marks, emphasis and quotes
    in between do not count; a table cell or a line starts afresh)."""
    before = text[:start].rstrip(" \t*_„“\"«»(#>-–—")
    return bool(before) and before[-1] not in ".:!?\n|"


def test_one_form_of_address_per_language() -> None:
    """P12: one form of address per language, the informal one: ты, du, tu."""
    formal = []
    for key, text in player_texts("ru").items():
        formal += [(key, word) for word in RU_FORMAL_PRONOUN.findall(text)]
        formal += [(key, word) for word in RU_PLURAL_VERB.findall(text) if word.lower() not in RU_NOT_VERBS]
    for lang, pattern in CAPITAL_ADDRESS.items():
        for key, text in player_texts(lang).items():
            formal += [(key, match[0]) for match in pattern.finditer(text) if mid_sentence(text, match.start())]
    assert formal == [], formal


@pytest.mark.parametrize("game", GAME_SCOPES)
def test_every_game_has_a_rules_page_in_every_language(game: str) -> None:
    """P12: a Rules page per game in each language, with a title and sections."""
    for lang in LANGS:
        text = (ROOT / "web" / "rules" / f"{game}.{lang}.md").read_text()
        assert text.startswith("# "), (game, lang)
        assert len(re.findall(r"^## ", text, re.M)) >= 3, (game, lang)
