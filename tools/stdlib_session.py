"""A full session of the arcade's Python, run inside Pyodide: what the standard
library built for the arcade is computed from (``tools/stdlib.py``) and checked
against (``e2e/test_stdlib.py``).

It goes through the engine worker's own entry points (``py/main.py``: ``call``,
``check``, ``query``, ``cancel``, ``python``, ``bench``), as the page does:
for every game a run started, played, saved, loaded and checked, its profile
and headline, a daily and a challenge link, the first lesson, the run's replay
code opened in a replay session and stepped; the Daily Club's record service
banking a finished run; an engine bug answered ``internal`` (its traceback
printed); the bench hook; and the conformance vectors. Only the player's
moves are chosen here (the first the view offers), never a rule.

``run(vectors)`` answers ``{"problems": [...], "conformance": {"passed", "failed"},
"modules": [...]}``: ``modules`` are the files of the standard library's zip that
were imported, as names inside the zip.
"""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import main  # the engine worker's module (py/main.py), imported as PyScript runs it

GAMES = ("blocks", "domino", "merge", "bowls")
DAY = "2026-12-02"
NOW_MS = 1_796_212_800_000  # 2026-12-02 12:00 UTC
MOVES = 6
#: Blocks' 61 cells (radius 4, axial "q:r"), tried in turn until a drop is accepted.
HEX_CELLS = [f"{q}:{r}" for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]


class Player:
    """Calls the worker's entry points as the page does and keeps what went wrong."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.finished: dict[str, Any] | None = None

    def answer(self, game: str, method: str, payload: dict | None = None, entry: Any = main.call) -> dict:
        return json.loads(entry(game, method, json.dumps(payload or {})))

    def ok(self, game: str, method: str, payload: dict | None = None, entry: Any = main.call) -> Any:
        answer = self.answer(game, method, payload, entry)
        if not answer["ok"]:
            self.problems.append(f"{game} {method}: {answer['error']}")
            return None
        return answer["result"]

    def act(self, game: str, method: str, payload: dict) -> bool:
        """One action; True when the engine accepted it (a refusal is a move not made, no problem)."""
        answer = self.answer(game, method, payload)
        if not answer["ok"]:
            return False
        result = answer["result"]
        for event in result.get("events", []):
            if event.get("type") == "finished":
                self.finished = event
        return bool(result.get("accepted"))

    def move(self, game: str) -> bool:
        """The first move the view offers, made; False when none was accepted."""
        view = self.ok(game, "view") or {}
        base = game.split("/")[0]
        if base == "blocks":
            tries = [("place", {"slot": slot["slot"], "cell": cell}) for slot in view.get("tray", [])
                     if slot.get("fits") for cell in HEX_CELLS]
        elif base == "domino":
            tries = [("move", {"move": "hard"}), ("tick", {"ms": 500})]
        elif base == "merge":
            tries = [("place", {"cell": cell}) for cell in view.get("legal", [])[:3]] + [("rotate", {"step": 1})]
        else:
            tries = [("sow", {"bowl": bowl}) for bowl in view.get("choosable", [])]
        return any(self.act(game, method, payload) for method, payload in tries)


def play_a_run(player: Player, game: str) -> str | None:
    """A run of ``game`` started, played, stored and read back; its replay code."""
    player.ok(game, "load_profile", {"profile": None})
    player.ok(game, "new", {"seed": 7})
    moved = sum(player.move(game) for _ in range(MOVES))
    if not moved:
        player.problems.append(f"{game}: no move was accepted")
    save = player.ok(game, "save")
    player.ok(game, "load", {"save": save})
    player.ok(game, "load", {"save": save}, entry=main.check)  # a backup's part checked aside
    player.answer(game, "load", {"save": "{not a save"})  # refused, changes nothing
    player.ok(game, "headline", {"profile": None})
    player.ok(game, "run_info")
    return main.bridge.session(game).replay_code()


async def watch_replay(player: Player, game: str, code: str | None) -> None:
    if code is None:
        player.problems.append(f"{game}: the run has no replay code")
        return
    answer = json.loads(await main.query(f"{game}/replay", "replay_open", json.dumps({"code": code})))
    if not answer["ok"]:
        player.problems.append(f"{game} replay_open: {answer['error']}")
        return
    player.ok(f"{game}/replay", "replay_seek", {"index": answer["result"]["steps"]})


def daily_and_link(player: Player, game: str) -> None:
    player.ok(game, "new", {"daily": DAY})
    info = player.ok(game, "run_info") or {}
    link = info.get("link")
    if link:
        start = player.ok(game, "start_of", {"query": link}) or {}
        player.ok(game, "new", start.get("payload") or {"query": link})
    player.move(game)


def first_lesson(player: Player, game: str) -> None:
    player.ok(f"{game}/lesson", "lesson")
    player.move(f"{game}/lesson")


def finish_a_run(player: Player) -> None:
    """Domino hard drops until the run ends: its ``finished`` event, banked by the Daily Club."""
    player.finished = None
    player.ok("domino", "new", {"seed": 11})
    for _ in range(200):
        if player.finished or not player.act("domino", "move", {"move": "hard"}):
            break
    if player.finished is None:
        player.problems.append("domino: the run never finished")
        return
    banked = player.ok("club", "bank", {"finished": player.finished, "now": NOW_MS}) or {}
    for method in ("today", "home", "stats"):
        player.ok("club", method, {"now": NOW_MS, "record": banked.get("record")})
    player.ok("club", "replays", {"replays": banked.get("replays")})
    player.ok("club", "check", {"record": banked.get("record")}, entry=main.check)


def engine_bug(player: Player) -> None:
    """A bug in an engine answers ``internal`` (the bridge prints its traceback) and the page goes on."""
    session = main.bridge.session("merge")
    session.view = types.MethodType(lambda self, payload: payload.no_such_attribute, session)  # type: ignore[method-assign]
    try:
        answer = player.answer("merge", "view")
        if answer["ok"] or answer["error"]["field"] != "internal":
            player.problems.append(f"an engine bug was answered {answer}")
    finally:
        del session.view


def bench_hook(player: Player) -> None:
    """``make bench``'s entry (its harness and every game's workloads, imported, not run)."""
    json.loads(main.bench(json.dumps(["none"])))
    for game in GAMES:
        __import__(f"club.{game}.bench")


def conformance(vectors: list[str]) -> dict[str, int]:
    from club import conformance as vectors_runner

    passed = failed = 0
    for path in vectors:
        done, failures = vectors_runner.run_file(path)
        passed, failed = passed + done, failed + len(failures)
    return {"passed": passed, "failed": failed}


def stdlib_modules() -> list[str]:
    """The standard library's modules imported so far from its zip, as their sources' names there
    (``json/decoder.py``, whether the zip holds it as source or compiled, as the built one does).
    A frozen module (``os``, ``codecs``, importlib's own) names a file in the zip but is read from
    the interpreter's binary: it is not counted."""
    archive = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
    files = {getattr(module, "__file__", None) or "" for module in list(sys.modules.values())
             if getattr(getattr(module, "__spec__", None), "origin", None) != "frozen"}
    names = (name.removeprefix(archive) for name in files if name.startswith(archive))
    return sorted({name.removesuffix("c") if name.endswith(".pyc") else name for name in names})


async def run(vectors: list[str]) -> dict[str, Any]:
    player = Player()
    main.python()
    for game in GAMES:
        code = play_a_run(player, game)
        await watch_replay(player, game, code)
        daily_and_link(player, game)
        first_lesson(player, game)
    finish_a_run(player)
    engine_bug(player)
    main.cancel()
    bench_hook(player)
    result = conformance(vectors)
    return {"problems": player.problems, "conformance": result, "modules": stdlib_modules()}
