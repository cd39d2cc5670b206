"""The engine worker's entry point (P3): PyScript runs this module in a
web worker (``web/engine.js`` starts it with ``PyWorker``) and the page calls
the names in ``__export__`` through ``xworker.sync``, each answer a Promise of
JSON text. Nothing here touches the DOM, so the worker needs neither
SharedArrayBuffer nor cross-origin isolation.

``call`` and ``check`` are the Bridge (one game's Session, and throwaway ones
for validating a backup). ``query`` answers slow questions (a bowls hint,
opening a replay: every action of a run played through the engine, the
Puzzle Workshop's proof, W28) as a
coroutine that yields to the worker's event loop, so other calls are answered
meanwhile; ``cancel`` stops it, and so does a newer query of the same method
on the same session.

The test build's hooks follow ``TEST_HOOKS``: ``reset`` (every session anew, the e2e
suite's restart in place, web/app.js) and ``bench`` (``make bench``'s engine timings).
The published site's copy of this file ends before that line (``tools/build.py --dist``).
"""

import sys
from collections.abc import Coroutine
from typing import Any

from club.bridge import Bridge

bridge = Bridge()


def call(game: str, method: str, payload_json: str = "{}") -> str:
    return bridge.call(game, method, payload_json)


def check(game: str, method: str, payload_json: str = "{}") -> str:
    return bridge.check(game, method, payload_json)


def query(game: str, method: str, payload_json: str = "{}") -> Coroutine[Any, Any, str]:
    # Not a coroutine function itself: the bridge takes the generation as the call comes, so a cancel
    # handled before the answer's first slice still stops it.
    return bridge.query(game, method, payload_json)


def cancel() -> int:
    return bridge.cancel()


def python() -> str:
    return sys.version.split()[0]


__export__ = ["call", "check", "query", "cancel", "python"]

# TEST_HOOKS: the test build's, cut from the published site (tools/build.py --dist).


def reset() -> None:
    """Every session starts anew, as after a boot (the e2e suite's restart in place, web/app.js)."""
    global bridge
    bridge.cancel()
    bridge = Bridge()


def bench(games_json: str = "[]") -> str:
    from club.bench import run_json  # the benchmark harness: never in the published archive

    return run_json(games_json)


__export__ += ["reset", "bench"]
