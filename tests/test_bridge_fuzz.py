"""Garbage through ``Bridge.call``: every game, every
public method, wrong types, huge numbers, NaN, deep nesting, mutated saves and
profiles taken from real played games, and mutated recordings
inside saves and hostile replay codes with valid checksums: floods of frames,
turns, undos and moves, starts ``new`` refuses, payloads the actions refuse.

Every answer must be strict JSON (what the browser's ``JSON.parse`` reads),
never ``internal`` (reserved for engine bugs), hold only JavaScript-safe
integers, come back within 1.5 s of this thread's CPU time, and a refused call must change nothing: the
Session's save text and view are identical before and after it.

The run is reproducible (``derandomize``, no example database) and bounded:
the example counts below keep the whole file well under a minute on the
2-core CI machine (measured).
"""

from __future__ import annotations

import json
import math
import random
import time
import zlib
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from club import GAMES
from club.bridge import JS_SAFE, Bridge
from club.replay import seal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_replays import RUNS, play_to_end

CALL_LIMIT_S = 1.5  # a guard, not a benchmark: the page's only thread must not hang. Counted in the thread's CPU
# time: another process's load on the machine does not count (it made wall-clock seconds flake)
FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,  # timed per call below, generously
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MUTATIONS = settings(FUZZ, max_examples=80)
REPLAYS = settings(FUZZ, max_examples=30)

#: Payload keys any Session reads; garbage goes under these names so it reaches the checks.
KEYS = ("seed", "mode", "set", "date", "position", "save", "profile", "slot", "cell", "turn",
        "step", "ms", "move", "held", "bowl", "puzzle", "theme", "code", "settings", "jokers",
        "query", "daily", "index")


# ----- answers -----------------------------------------------------------------
def _no_constant(name: str) -> Any:
    raise AssertionError(f"answer holds {name}, which JSON.parse rejects")


def _unsafe(value: Any) -> list[Any]:
    """Every number in a decoded answer that a JavaScript number misreads."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, int):
        return [] if abs(value) <= JS_SAFE else [value]
    if isinstance(value, float):
        return [] if math.isfinite(value) else [value]
    items = value.values() if isinstance(value, dict) else value
    return [bad for item in items for bad in _unsafe(item)]


def _call(bridge: Bridge, game: Any, method: Any, payload: Any) -> dict[str, Any]:
    """One call with every check on its answer; returns the decoded answer."""
    start = time.thread_time()
    text = bridge.call(game, method, payload)
    spent = time.thread_time() - start
    assert spent < CALL_LIMIT_S, f"{game}.{method} took {spent:.2f} s"
    assert isinstance(text, str)
    answer = json.loads(text, parse_constant=_no_constant)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        error = answer["error"]
        assert error["field"] != "internal", (game, method, str(payload)[:300], error)
        assert isinstance(error["field"], str) and isinstance(error["message"], str)
    assert _unsafe(answer) == [], (game, method, _unsafe(answer)[:3])
    return answer


def _refused(answer: dict[str, Any]) -> bool:
    if not answer["ok"]:
        return True
    result = answer["result"]
    return isinstance(result, dict) and result.get("accepted") is False


def _state(bridge: Bridge, game: str) -> tuple[str, str]:
    """What a refused call must leave as it was: the save text and the view."""
    save = bridge.call(game, "save", "{}")
    view = bridge.call(game, "view", "{}")
    return save, view


def _checked(bridge: Bridge, game: str, method: Any, payload: Any) -> dict[str, Any]:
    before = _state(bridge, game)
    answer = _call(bridge, game, method, payload)
    if _refused(answer):
        assert _state(bridge, game) == before, f"refused {game}.{method} changed the session"
    return answer


# ----- real saves and profiles from played games ------------------------------
def _ok(bridge: Bridge, game: str, method: str, payload: dict[str, Any]) -> Any:
    answer = json.loads(bridge.call(game, method, json.dumps(payload)))
    assert answer["ok"], (game, method, answer)
    return answer["result"]


def _play_blocks(bridge: Bridge) -> list[str]:
    _ok(bridge, "blocks", "new_run", {"seed": 11})
    for _ in range(8):
        view = _ok(bridge, "blocks", "view", {})
        slot = next(s for s in view["tray"] if s["targets"])
        cell = _ok(bridge, "blocks", "geometry", {})["cells"][slot["targets"][0]]
        _ok(bridge, "blocks", "place", {"slot": slot["slot"], "cell": cell})
    banked = _ok(bridge, "blocks", "new_run", {"seed": 12})
    return [banked["profile"]]


def _play_domino(bridge: Bridge) -> list[str]:
    _ok(bridge, "domino", "new", {"seed": 5, "mode": "sprint", "set": "classic"})
    profile = ""
    for number in range(40):
        _ok(bridge, "domino", "move", {"move": ("left", "cw", "right", "ccw")[number % 4]})
        answer = _ok(bridge, "domino", "move", {"move": "hard"})
        if answer["profile"]:  # the run ended: the engine's profile text
            profile = answer["profile"]
            break
    _ok(bridge, "domino", "new", {"seed": 6, "mode": "marathon", "set": "extended"})
    for _ in range(3):
        _ok(bridge, "domino", "move", {"move": "hard"})
    _ok(bridge, "domino", "tick", {"ms": 300})
    return [profile]


def _play_merge(bridge: Bridge) -> list[str]:
    _ok(bridge, "merge", "new", {"seed": 9, "jokers": True})
    for _ in range(12):
        legal = _ok(bridge, "merge", "view", {})["legal"]
        _ok(bridge, "merge", "place", {"cell": legal[len(legal) // 2], "ms": 700})
    _ok(bridge, "merge", "rotate", {"step": 1})
    return [_ok(bridge, "merge", "abandon", {})["profile"]]


def _play_bowls(bridge: Bridge) -> list[str]:
    _ok(bridge, "bowls", "puzzle_new", {"puzzle": 1})
    solution = _ok(bridge, "bowls", "hint", {})["bowl"]
    puzzled = _ok(bridge, "bowls", "sow", {"bowl": solution})["profile"]  # the solving move records it
    _ok(bridge, "bowls", "new", {"mode": "free", "position": "-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0"})
    awarded = _ok(bridge, "bowls", "sow", {"bowl": 5})["profile"]  # a x3 combo: an achievement (W24)
    _ok(bridge, "bowls", "new", {"mode": "endless", "seed": 3})
    for _ in range(4):
        _ok(bridge, "bowls", "sow", {"bowl": _ok(bridge, "bowls", "view", {})["choosable"][0]})
    _ok(bridge, "bowls", "undo", {})
    return [puzzled, awarded]


PLAYERS: dict[str, Callable[[Bridge], list[str]]] = {
    "blocks": _play_blocks, "domino": _play_domino, "merge": _play_merge, "bowls": _play_bowls,
}


@cache
def played(game: str) -> tuple[str, tuple[str, ...]]:
    """A save and profiles of a game played through the bridge (made once)."""
    bridge = Bridge()
    profiles = PLAYERS[game](bridge)
    return _ok(bridge, game, "save", {}), tuple(p for p in profiles if p)


def fresh(game: str) -> Bridge:
    """A bridge whose Session of ``game`` holds the played game."""
    bridge = Bridge()
    _ok(bridge, game, "load", {"save": played(game)[0]})
    return bridge


@cache
def methods(game: str) -> tuple[str, ...]:
    """Every method the page may call (public, one payload), found the way the bridge finds it."""
    bridge = Bridge()
    session = bridge.session(game)
    names = []
    for name in sorted(dir(session)):
        if name.startswith("_"):
            continue
        answer = json.loads(bridge.call(game, name, None))
        if answer["ok"] or answer["error"]["field"] != "method":
            names.append(name)
    return tuple(names)


def test_every_game_exposes_its_documented_methods() -> None:
    """docs/architecture.md: new, load, save, view, load_profile in every Session."""
    for game in GAMES:
        assert {"new", "load", "save", "view", "load_profile"} <= set(methods(game)), game
    assert "adopt" not in methods("bowls")  # a helper taking two arguments is no entry point


# ----- strategies ----------------------------------------------------------------
NUMBERS = st.one_of(
    st.integers(min_value=-3, max_value=20),
    st.integers(),
    st.sampled_from([2**31, 2**32, 2**32 - 1, 2**53, 2**53 + 1, 2**64, -(2**63), 10**300, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, 1.0, 2.0, -0.0, 1e308]),
)
TEXTS = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "0:0", "1:-1", "9" * 5000, "classic", "extended", "sprint", "marathon",
                     "endless", "daily", "puzzle", "free", "2026-02-31", "٢٠٢٦-11-29", "07", "١",
                     "hard", "cw", "garden", "{}", "[]", "null", "NaN"]),
)
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, TEXTS)
GARBAGE = st.recursive(
    LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4),
    max_leaves=12,
)
PAYLOADS = st.dictionaries(st.sampled_from(KEYS), GARBAGE, max_size=4)


def _deep(depth: int, kind: str) -> str:
    opener, closer = ("[", "]") if kind == "list" else ('{"save":', "}")
    return '{"save":' + opener * depth + "1" + closer * depth + "}"


RAW_PAYLOADS = st.one_of(
    PAYLOADS.map(lambda p: json.dumps(p, allow_nan=True)),
    st.builds(_deep, st.integers(min_value=50, max_value=200_000), st.sampled_from(["list", "dict"])),
    st.text(max_size=30),
    st.sampled_from(['{"seed": NaN}', '{"ms": Infinity}', '{"bowl": -Infinity}', '{"ms": 1e999}',
                     '{"seed": ' + "9" * 5000 + "}", "[]", "null", "3", '"x"', "{", "", '{"a":1}x']),
    GARBAGE,  # not text at all
)


def _play(bridge: Bridge, game: str, data: st.DataObject) -> tuple[str, str]:
    """A move a player could make here, so garbage also meets later states (game
    over, records, a finished puzzle) and not only the opening."""
    view = _ok(bridge, game, "view", {})
    pick = data.draw(st.integers(0, 99), label="pick")
    if game == "blocks":
        slots = [s for s in view["tray"] if s["targets"]] or view["tray"]
        slot = slots[pick % len(slots)]
        cell = _ok(bridge, game, "geometry", {})["cells"][(slot["targets"] or [0])[pick % max(1, len(slot["targets"]))]]
        return "place", json.dumps({"slot": slot["slot"], "cell": cell})
    if game == "domino":
        return "move", json.dumps({"move": ("left", "right", "cw", "ccw", "down", "hard")[pick % 6]})
    if game == "merge":
        legal = view["legal"] or ["0:0"]
        return "place", json.dumps({"cell": legal[pick % len(legal)], "ms": 400})
    choosable = view.get("choosable") or [0]
    return "sow", json.dumps({"bowl": choosable[pick % len(choosable)]})


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_garbage_payloads_never_break_the_bridge(game: str, data: st.DataObject) -> None:
    """Any payload to any method, between moves a player could make: a strict, safe
    answer; a refusal changes nothing."""
    bridge = fresh(game)
    for _ in range(data.draw(st.integers(min_value=1, max_value=8), label="calls")):
        if data.draw(st.booleans(), label="a real move"):
            method, payload = _play(bridge, game, data)
        else:
            method = data.draw(st.sampled_from(methods(game)), label="method")
            payload = data.draw(RAW_PAYLOADS, label="payload")
        _checked(bridge, game, method, payload)


@FUZZ
@given(game=GARBAGE | TEXTS | st.sampled_from(GAMES), method=GARBAGE | TEXTS, payload=RAW_PAYLOADS)
def test_garbage_names_never_break_the_bridge(game: Any, method: Any, payload: Any) -> None:
    """Unknown games, non-text methods, dunder names: refused, never raised."""
    _call(Bridge(), game, method, payload)


# ----- mutated saves and profiles ------------------------------------------------
def _mutate_text(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    for _ in range(edits):
        at = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        new = rng.choice("0123456789-.,:/[]{}\"x*sdlruv" + "٣" + " ")
        if op == 0 and at < len(chars):
            chars[at] = new
        elif op == 1:
            chars.insert(at, new)
        elif at < len(chars):
            del chars[at]
    return "".join(chars)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node of a decoded JSON value (the root excluded)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [_replace(item, rest, new) if i == head else item for i, item in enumerate(value)]


def _mutate_field(text: str, data: st.DataObject) -> str:
    """One field of the JSON replaced by garbage, or a number in it nudged, or a
    string in it character-mutated (so notation inside a save is hit too)."""
    tree = json.loads(text)
    path = data.draw(st.sampled_from(_paths(tree)), label="path")
    node = tree
    for step in path:
        node = node[step]
    if isinstance(node, str) and node and data.draw(st.booleans(), label="edit text"):
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rng"))
        new: Any = _mutate_text(node, rng, data.draw(st.integers(1, 3), label="edits"))
    elif isinstance(node, int) and not isinstance(node, bool) and data.draw(st.booleans(), label="nudge"):
        new = node + data.draw(st.sampled_from([-1, 1, 7, 99, 5000, 2**53, 10**4000]), label="by")
    else:
        new = data.draw(GARBAGE, label="new")
    return json.dumps(_replace(tree, path, new), allow_nan=True)


def _mutated(text: str, data: st.DataObject) -> str:
    if data.draw(st.booleans(), label="by field"):
        return _mutate_field(text, data)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rng"))
    return _mutate_text(text, rng, data.draw(st.integers(1, 4), label="edits"))


SAVE_READERS = {"blocks": ("load",), "domino": ("load",), "merge": ("load", "summary", "export"),
                "bowls": ("load",)}
PROFILE_READERS = {"blocks": ("load_profile", "headline"), "domino": ("load_profile", "headline"),
                   "merge": ("load_profile", "headline"),
                   "bowls": ("load_profile", "headline")}  # the other methods use the loaded one


@pytest.mark.parametrize("game", GAMES)
@MUTATIONS
@given(data=st.data())
def test_mutated_saves_load_or_are_refused(game: str, data: st.DataObject) -> None:
    """A save with characters or fields changed: loads (then plays on) or is refused."""
    bridge = fresh(game)
    save = _mutated(played(game)[0], data)
    method = data.draw(st.sampled_from(SAVE_READERS[game]), label="reader")
    answer = _checked(bridge, game, method, json.dumps({"save": save}))
    if answer["ok"] and method == "load":  # what loaded must play on without breaking
        for follow in data.draw(st.lists(st.sampled_from(methods(game)), max_size=3), label="then"):
            _checked(bridge, game, follow, json.dumps(data.draw(PAYLOADS, label="payload")))


@pytest.mark.parametrize("game", GAMES)
@MUTATIONS
@given(data=st.data())
def test_mutated_profiles_load_or_are_refused(game: str, data: st.DataObject) -> None:
    """A profile with characters or fields changed: read or refused, never a crash,
    and a loaded profile keeps every later answer safe."""
    bridge = fresh(game)
    profile = _mutated(data.draw(st.sampled_from(played(game)[1]), label="profile"), data)
    method = data.draw(st.sampled_from(PROFILE_READERS[game]), label="reader")
    answer = _checked(bridge, game, method, json.dumps({"profile": profile, "theme": "garden"}))
    if answer["ok"] and method == "load_profile":
        for follow in ("view", "new", "save"):
            _checked(bridge, game, follow, "{}")


# ----- recordings inside saves and replay codes ------------------------
def _replay_paths(tree: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [path for path in _paths(tree) if path[0] == "replay"]


@pytest.mark.parametrize("game", GAMES)
@MUTATIONS
@given(data=st.data())
def test_mutated_recordings_load_without_them_or_are_refused(game: str, data: st.DataObject) -> None:
    """A save whose recording is changed: it loads (with the recording when it still
    reads, else without: not replayable) or is refused; what loaded plays on, and
    its code, if it has one, opens or is refused with a replay-* reason."""
    bridge = fresh(game)
    tree = json.loads(played(game)[0])
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(_replay_paths(tree) or [("replay",)]), label="path")
        tree = _replace(tree, path, data.draw(GARBAGE | NUMBERS, label="new"))
    answer = _checked(bridge, game, "load", json.dumps({"save": json.dumps(tree, allow_nan=True)}))
    if not answer["ok"]:
        return
    for method in ("run_info", "view", "save"):
        _checked(bridge, game, method, "{}")
    method, payload = _play(bridge, game, data)
    _checked(bridge, game, method, payload)
    code = bridge.session(game).replay_code()
    if code is not None:
        _opened(Bridge(), game, code)


def _opened(bridge: Bridge, game: str, code: str) -> dict[str, Any]:
    """Open ``code`` in ``bridge``'s replay session: never internal, a refusal is a
    replay-* reason and leaves the session (and any replay open in it) as it was."""
    answer = _checked(bridge, f"{game}/replay", "replay_open", json.dumps({"code": code}))
    if not answer["ok"]:
        assert answer["error"]["field"].startswith("replay-"), answer
    else:
        last = answer["result"]["steps"]
        for index in (last, 0, last // 2):
            _checked(bridge, f"{game}/replay", "replay_seek", json.dumps({"index": index}))
    return answer


@cache
def finished(game: str) -> tuple[str, str]:
    """A finished run's code (played once) and the JSON inside it."""
    g, start, player = next(run for run in RUNS if run[0] == game)
    bridge = Bridge()
    _ok(bridge, g, "new", start)
    code = play_to_end(bridge, g, player, random.Random(11), resume_at=3)["code"]
    raw = __import__("base64").urlsafe_b64decode(code.split(".")[2] + "==")
    return code, zlib.decompress(raw[:-4]).decode()


#: What a forger puts in a code: floods of cheap actions, runs of numbers, any payload.
FLOODS = st.sampled_from([1, 2, 3, 4, 7, 100, 5_001, 40_000])
ACTION_NAMES = st.sampled_from(["tick", "move", "soft", "place", "rotate", "redeal", "sow", "undo", "redo", "end",
                                "abandon", "new", "x"])
RUN_VALUES = st.lists(st.sampled_from([0, 1, -1, 2, 5, 16, 17, 3_599_999, 3_600_000, 2**40]), min_size=1, max_size=6)


def _hostile_actions(data: st.DataObject, actions: list[Any]) -> list[Any]:
    kind = data.draw(st.sampled_from(["flood", "run", "item", "field"]), label="kind")
    at = data.draw(st.integers(0, len(actions)), label="at")
    if kind == "flood" and actions:
        item = actions[data.draw(st.integers(0, len(actions) - 1), label="which")]
        return actions[:at] + [item] * data.draw(FLOODS, label="times") + actions[at:]
    if kind == "run":
        values = data.draw(RUN_VALUES, label="values") * data.draw(FLOODS, label="times")
        return actions[:at] + [[data.draw(ACTION_NAMES, label="method"), data.draw(st.sampled_from(KEYS), label="key"),
                                values]] + actions[at:]
    if kind == "item":
        payload = data.draw(st.dictionaries(st.sampled_from(KEYS), GARBAGE, max_size=3), label="payload")
        return actions[:at] + [[data.draw(ACTION_NAMES, label="method"), payload]] + actions[at:]
    if not actions:
        return actions
    path = data.draw(st.sampled_from(_paths(actions)), label="path")
    return _replace(actions, path, data.draw(GARBAGE | NUMBERS, label="new"))


@pytest.mark.parametrize("game", GAMES)
@REPLAYS
@given(data=st.data())
def test_hostile_replay_codes_are_refused_with_a_replay_reason(game: str, data: st.DataObject) -> None:
    """A real run's code with its actions, start or score changed and sealed again
    (a valid checksum): it opens or is refused with a replay-* reason, in bounded
    time, and a refusal leaves the replay open before it as it was."""
    code, text = finished(game)
    body = json.loads(text)
    part = data.draw(st.sampled_from(["a", "a", "a", "s", "score"]), label="part")
    if part == "a":
        body["a"] = _hostile_actions(data, body["a"])
    else:
        paths = [path for path in _paths(body) if path[0] == part] or [(part,)]
        body = _replace(body, data.draw(st.sampled_from(paths), label="path"), data.draw(GARBAGE | NUMBERS, label="new"))
    bridge = Bridge()
    assert _opened(bridge, game, code)["ok"]
    _opened(bridge, game, seal(game, json.dumps(body, separators=(",", ":"), allow_nan=True)))


ISSUE_CODES = [  # the tracker's forged links, each a few KB
    ("merge", '[["rotate","step",[' + ",".join(["1,-1"] * 400_000) + "]]]", '{"jokers":true,"seed":1}'),
    ("domino", '[["tick","ms",[' + ",".join(["0"] * 1_000_000) + "]]]", '{"mode":"sprint","seed":1,"set":"classic"}'),
    ("domino", '[["tick","ms",[' + ",".join(["1"] * 240_000) + "]]]", '{"mode":"marathon","seed":1,"set":"classic"}'),
    ("bowls", '[["sow",{"bowl":0}],' + ",".join(['["undo",{}],["redo",{}]'] * 20_000) + "]", '{"mode":"endless","seed":4}'),
    ("domino", '[["soft",{}],["soft",{"held":1}]]', '{"mode":"sprint","seed":1,"set":"classic"}'),
    ("blocks", "[]", '{"query":"seed=3","seed":"<img src=x>","daily":"<b>"}'),
    ("merge", "[]", '{"jokers":true,"seed":1152921504606846976}'),
]


@pytest.mark.parametrize(("game", "actions", "start"), ISSUE_CODES, ids=[f"{g}-{a[:30]}" for g, a, _ in ISSUE_CODES])
def test_the_issues_forged_codes_are_answered_at_once(game: str, actions: str, start: str) -> None:
    answer = _opened(Bridge(), game, seal(game, f'{{"a":{actions},"s":{start},"score":0}}'))
    assert answer["error"]["field"] in ("replay-bounds", "replay-corrupt")
