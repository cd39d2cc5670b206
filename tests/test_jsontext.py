"""Outside text is bounded before it is parsed (P8, ``club.jsontext``): no value,
however deep or long, reaches ``json.loads`` unchecked, so none can overflow the
stack of the browser's Python (Pyodide dies of what CPython refuses with a
RecursionError: the e2e tests in ``e2e/test_deep_values.py`` show it).

Checked here on CPython: every kind of text the page hands the engine (saves,
profiles, the club record, kept replays, replay, ghost and challenge codes,
merge slot codes, a backup's parts, the payload itself), made deep or huge, is
refused as a typed ``NotationError`` naming its field, never ``internal``; the
scan agrees with the parser on every JSON value (accepted exactly when no deeper
than the bound); the bound is twice the deepest value the games write; and no
module of ``py/club`` parses JSON but through ``club.jsontext``.
"""

from __future__ import annotations

import ast
import base64
import json
import random
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from club import jsontext
from club.bridge import MAX_PAYLOAD, Bridge
from club.errors import NotationError
from club.merge.saves import export_code
from club.replay import seal
from club.save import MAX_TEXT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_replays import RUNS, call, play_to_end

PY = Path(__file__).resolve().parents[1] / "py"
DEEP = 5000  # the depth the e2e tests store: Pyodide's stack gives out well before it
NOW = 1764633600000  # 2025-12-02, the club service's "now"
FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=400,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BRIDGE_FUZZ = settings(FUZZ, max_examples=120)


def nested(depth: int, kind: str = "list", leaf: str = "1") -> str:
    """``depth`` arrays (or objects, each under key "k") around ``leaf``."""
    opener, closer = ("[", "]") if kind == "list" else ('{"k":', "}")
    return opener * depth + leaf + closer * depth


# ----- no other parser ---------------------------------------------------------
PARSERS = {"loads", "load", "JSONDecoder", "raw_decode", "literal_eval"}


def parses_json(tree: ast.AST) -> list[str]:
    """Where a module calls a JSON parser itself (json.loads, a JSONDecoder, an import of either)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PARSERS and \
                isinstance(node.value, ast.Name) and node.value.id in {"json", "ast"}:
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "raw_decode":
            found.append(f"line {node.lineno}: .raw_decode")
        elif isinstance(node, ast.ImportFrom) and node.module in {"json", "json.decoder", "ast"}:
            found += [f"line {node.lineno}: from {node.module} import {a.name}" for a in node.names if a.name in PARSERS]
    return found


def test_no_module_parses_json_but_through_jsontext() -> None:
    modules = [p for p in [*PY.glob("club/**/*.py"), PY / "main.py"] if p.name != "jsontext.py"]
    assert len(modules) > 50
    found = {str(p.relative_to(PY)): hits for p in modules if (hits := parses_json(ast.parse(p.read_text())))}
    assert found == {}


def test_the_guard_sees_each_way_of_parsing() -> None:
    for source in ("json.loads(t)", "json.load(f)", "json.JSONDecoder().decode(t)", "d.raw_decode(t)",
                   "from json import loads", "from json.decoder import JSONDecoder", "ast.literal_eval(t)"):
        assert parses_json(ast.parse(source)), source
    assert parses_json(ast.parse("json.dumps(v)\njsontext.loads(t, field='x', max_chars=9)")) == []


# ----- the scan ----------------------------------------------------------------
SCANS = [  # (what, text, its depth as json.loads would descend)
    ("a scalar", "12", 0),
    ("brackets inside a string", '["[[[{{{"]', 1),
    ("an escaped quote, then brackets in the same string", r'["\"[[[", [[]]]', 3),
    ("an escaped backslash closes the string", r'["\\", [[]]]', 3),
    ("an unclosed string runs to the end", '[["' + "[" * 50, 2),
    ("a stray backslash at the end", '[[["\\', 3),
    ("objects and arrays count alike", '{"a": [{"b": [1]}]}', 4),
    ("a closer with none open: the parser stops there", "]]][[", 0),
    ("balanced, then a stray closer: the parser stops there", "[[]]][[[", 2),
    ("deep", nested(DEEP), DEEP),
    ("deep objects", nested(DEEP, "dict"), DEEP),
    ("newlines in strings", '["a\nb[", [1]]', 2),
]


@pytest.mark.parametrize(("what", "text", "deepest"), SCANS, ids=[s[0] for s in SCANS])
def test_the_scan_finds_the_deepest_bracket_outside_strings(what: str, text: str, deepest: int) -> None:
    assert jsontext.depth(text) == deepest


@pytest.mark.parametrize("bound", [0, 1, 5, jsontext.MAX_DEPTH])
def test_the_bound_is_exact(bound: int) -> None:
    assert jsontext.loads(nested(bound), field="x", max_chars=10**6, max_depth=bound) is not None
    with pytest.raises(NotationError, match=f"^x: x is nested deeper than {bound}$"):
        jsontext.loads(nested(bound + 1), field="x", max_chars=10**6, max_depth=bound)


def json_value(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    text = st.text(alphabet=st.sampled_from('ab"\\[]{}/\n\u00e9\u2028'), max_size=8)
    leaves = st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False, allow_infinity=False) | text
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                        max_leaves=max_leaves)


def value_depth(value: Any) -> int:
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    return 0 if children is None else 1 + max(map(value_depth, children), default=0)


@FUZZ
@given(value=json_value(), wrap=st.integers(0, 40), bound=st.integers(0, 40), ascii=st.booleans(), indent=st.none() | st.just(1))
def test_any_json_is_read_exactly_when_no_deeper_than_the_bound(value: Any, wrap: int, bound: int, ascii: bool,
                                                                indent: int | None) -> None:
    """The scan agrees with the parser: a value is accepted, and read as json reads it,
    exactly when it is no deeper than the bound (strings full of brackets, quotes and
    backslashes included)."""
    for _ in range(wrap):
        value = [value]
    text = json.dumps(value, ensure_ascii=ascii, indent=indent)
    if value_depth(value) <= bound:
        assert jsontext.loads(text, field="x", max_chars=len(text), max_depth=bound) == json.loads(text)
    else:
        with pytest.raises(NotationError, match=r"^x: x is nested deeper than"):
            jsontext.loads(text, field="x", max_chars=len(text), max_depth=bound)


GARBLE = st.text(alphabet=st.sampled_from('[]{}",:\\ 01e.-ntrufalsNIy\u00e9'), max_size=200)


@FUZZ
@given(text=GARBLE | json_value().map(json.dumps) | st.builds(nested, st.integers(0, 20_000), st.sampled_from(["list", "dict"]),
                                                             st.sampled_from(["1", "", '"', "NaN", "1e999"])))
def test_any_text_is_a_value_or_the_typed_refusal(text: str) -> None:
    """Nothing but ``NotationError`` naming the field ever comes out (no RecursionError,
    no ValueError of json's own)."""
    try:
        jsontext.loads(text, field="x", max_chars=50_000)
    except NotationError as error:
        assert error.field == "x"


# ----- the deepest value the games write ------------------------------------------
@cache
def written() -> dict[str, int]:
    """The deepest value of each kind the engine writes or the page sends, over a
    run of every game played to its end and banked with the Daily Club."""
    deepest: dict[str, int] = {}

    def note(kind: str, value: Any) -> None:
        deepest[kind] = max(deepest.get(kind, 0), value_depth(json.loads(value) if isinstance(value, str) else value))

    club, record, kept = Bridge(), None, {}
    for game, start, player in RUNS:
        bridge = Bridge()
        call(bridge, game, "new", start)
        finished = play_to_end(bridge, game, player, random.Random(5), resume_at=2)
        note("save", call(bridge, game, "save"))
        session = bridge.session(game)
        note("profile", session.dump_profile(session.profile))
        payload = {"record": record, "replays": kept.get(game), "finished": finished, "now": NOW}
        note("payload", payload)
        banked = call(club, "club", "bank", payload)
        record, kept[game] = banked["record"], banked["replays"]
        note("record", record)
        note("replays", kept[game])
        raw = base64.urlsafe_b64decode(finished["code"].split(".")[2] + "==")
        note("replay code", zlib.decompress(raw[:-4]).decode())
    return deepest


def test_the_bound_is_twice_the_deepest_value_written() -> None:
    deepest = written()
    assert set(deepest) == {"save", "profile", "payload", "record", "replays", "replay code"}
    assert max(deepest.values()) * 2 <= jsontext.MAX_DEPTH, deepest


# ----- every kind of outside text, made hostile, through the bridge ------------------
def code_of(game: str, body: str) -> str:
    return seal(game, body)


ISSUE_SLOT_CODE = "HM1.eNrtwTENAAAAAqCgzv41rOEBJAAAwLsCAAD3BkhrbLk.88bdfc8d"


def hostile(kind: str) -> list[tuple[str, str, str, dict[str, Any], str]]:
    """(what, session, method, payload, the field refused) for values of ``kind`` ("list", "dict")."""
    deep = nested(DEEP, kind)
    start = '{"seed":4}'
    rows = []
    for game in ("blocks", "domino", "merge", "bowls"):
        rows += [
            (f"{game} run", game, "load", {"save": deep}, "save"),
            (f"{game} run, deep data", game, "load",
             {"save": f'{{"schema":1,"game":"{game}","kind":"run","version":1,"data":{deep}}}'}, "save"),
            (f"{game} profile", game, "load_profile", {"profile": deep}, "profile"),
            (f"{game} backup run", game, "check:load", {"save": deep}, "save"),
            (f"{game} kept replays", "club", "check_replays", {"game": game, "replays": deep}, "replays"),
            (f"{game} replay, deep start", f"{game}/replay", "replay_open",
             {"code": code_of(game, f'{{"a":[],"s":{nested(2000, kind, start)},"score":0}}')}, "replay-corrupt"),
            (f"{game} ghost, deep start", game, "ghost_open",
             {"code": code_of(game, f'{{"a":[],"s":{nested(2000, kind, start)},"score":0}}'), "link": "seed=4"},
             "replay-corrupt"),
        ]
    return [
        *rows,
        ("blocks replay, deep action", "blocks/replay", "replay_open",
         {"code": code_of("blocks", '{"a":[["place",{"slot":' + nested(190) + "}]],\"s\":" + start + ',"score":0}')},
         "replay-corrupt"),
        ("club record", "club", "check", {"record": deep}, "record"),
        ("club record on home", "club", "home", {"record": deep, "now": NOW}, "record"),
        ("club record on the stats page", "club", "stats", {"record": deep, "now": NOW}, "record"),
        ("kept replays on the stats page", "club", "replays", {"replays": deep}, "replays"),
        ("merge slot save", "merge", "summary", {"save": deep}, "save"),
        ("merge slot code, deep after zlib", "merge", "import_code", {"code": export_code(nested(60_000, kind))}, "code"),
    ]


HOSTILE = [*hostile("list"), *[(f"{what}, of objects", *rest) for what, *rest in hostile("dict")[:3]],
           ("the issue's merge slot code", "merge", "import_code", {"code": ISSUE_SLOT_CODE}, "code"),
           ("a merge slot code past the unpacked bound", "merge", "import_code", {"code": export_code(" " * 300_000)}, "code"),
           ("a run longer than any save", "blocks", "load", {"save": "[" + " " * MAX_TEXT + "]"}, "payload"),
           ("a huge string in a save", "bowls", "load", {"save": json.dumps(["x" * 900_000])}, "save")]


def nesting(text: str) -> int:
    """The deepest bracket outside strings, read one character at a time (the
    spy's own count, apart from ``jsontext.depth``)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = char == "\\", char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


@contextmanager
def spying() -> Iterator[list[int]]:
    """Every text the JSON parser is given, its depth kept: fails if any deeper
    than the bound reaches it (what overflows Pyodide's stack)."""
    seen: list[int] = []
    original = json.decoder.JSONDecoder.raw_decode

    def spy(self: json.JSONDecoder, s: str, idx: int = 0) -> tuple[Any, int]:
        seen.append(nesting(s[idx:]))
        assert seen[-1] <= jsontext.MAX_DEPTH, f"the parser was given text {seen[-1]} levels deep"
        return original(self, s, idx)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json.decoder.JSONDecoder, "raw_decode", spy)
        yield seen


@pytest.fixture
def parser_spy() -> Iterator[list[int]]:
    with spying() as seen:
        yield seen


def answer(bridge: Bridge, session: str, method: str, payload: dict[str, Any] | str) -> dict[str, Any]:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    if method.startswith("check:"):
        return json.loads(bridge.check(session, method[len("check:"):], text))
    return json.loads(bridge.call(session, method, text))


@pytest.mark.parametrize(("what", "session", "method", "payload", "field"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_value_is_refused_naming_its_field(what: str, session: str, method: str, payload: dict[str, Any],
                                                     field: str, parser_spy: list[int]) -> None:
    """Refused with its field, and no deep text ever reached the parser (CPython
    would refuse it anyway, with a RecursionError: Pyodide would die of it)."""
    text = json.dumps(payload)
    bridge = Bridge()
    parser_spy.clear()
    got = answer(bridge, session, method, text)
    assert not got["ok"] and got["error"]["field"] == field, got
    assert parser_spy, "the bridge read its payload"


@pytest.mark.parametrize("kind", ["list", "dict"])
def test_a_deep_payload_is_refused_and_a_deep_profile_shows_no_best(kind: str, parser_spy: list[int]) -> None:
    bridge = Bridge()
    assert answer(bridge, "blocks", "new", '{"seed":' + nested(DEEP, kind) + "}")["error"]["field"] == "payload"
    assert answer(bridge, "blocks", "new", "[" * (MAX_PAYLOAD + 1))["error"]["field"] == "payload"
    assert answer(bridge, "domino", "headline", {"profile": nested(DEEP, kind)}) == {"ok": True, "result": {"best": None}}


TEXT_KEYS = ("save", "profile", "record", "replays", "code", "query", "link")


@BRIDGE_FUZZ
@given(session=st.sampled_from(["blocks", "domino", "merge", "bowls", "club", "bowls/replay", "merge/replay"]),
       method=st.sampled_from(["load", "load_profile", "headline", "import_code", "summary", "export", "replay_open",
                               "ghost_open", "start_of", "check", "check_replays", "home", "stats", "replays", "bank"]),
       key=st.sampled_from(TEXT_KEYS), kind=st.sampled_from(["list", "dict"]), depth=st.integers(33, 20_000),
       where=st.sampled_from(["whole", "data", "zlib"]))
def test_deep_text_under_any_key_of_any_method_is_never_internal(session: str, method: str, key: str, kind: str,
                                                                 depth: int, where: str) -> None:
    """Any method given deep text under any key it may read: an answer or a typed
    refusal, and the parser never given the deep text (the spy, set by hand: a
    function-scoped fixture is not reset between Hypothesis's examples)."""
    with spying() as seen:
        deep_call(session, method, key, kind, depth, where)
    assert seen


def deep_call(session: str, method: str, key: str, kind: str, depth: int, where: str) -> None:
    deep = nested(depth, kind)
    text = {"whole": deep, "data": f'{{"schema":1,"game":"merge","kind":"run","data":{deep}}}',
            "zlib": export_code(deep)}[where]
    got = answer(Bridge(), session, method, {key: text, "game": session.split("/")[0], "link": "seed=1", "now": NOW})
    assert got["ok"] or (isinstance(got["error"]["field"], str) and got["error"]["field"] != "internal"), got
