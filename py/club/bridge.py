"""The one entry point the page calls: ``Bridge.call(game, method, payload_json)``.

The page keeps one proxy to ``call`` and talks JSON text both ways (faster
than converting objects across the FFI for the sizes we send, see
platform.md). Each game's ``Session`` (``club.<game>.api``) is created on
first use and kept, so the engine state lives in Python between calls. A
method is answered only when the session declares it (``club.surface``): by
the session, or by the service beside it the declaration names (the replay,
the ghost race), created with the session's first call to it.

Every answer is ``{"ok": true, "result": ...}`` or ``{"ok": false, "error":
{"field": ..., "message": ...}}``: a corrupt save, an unknown method or an
engine bug must never take the page down. ``call`` answers every input (any
type, any depth, NaN, 5,000-digit numbers) and never raises; only a real
engine bug answers the field ``internal``.

Answers are strict JSON (no ``NaN``/``Infinity``, which the browser's
``JSON.parse`` rejects) whose integers stay within ±(2**53 − 1), the
integers a JavaScript number holds exactly: a payload carrying a
non-finite number is refused as bad input, and an answer that would break
either rule is an engine bug (``internal``), never sent as it is.

>>> bridge = Bridge()
>>> bridge.call("nope", "view", "{}")
'{"ok":false,"error":{"field":"game","message":"unknown game \\'nope\\'"}}'
>>> bridge.call("blocks", "new", '{"seed": NaN}')
'{"ok":false,"error":{"field":"payload","message":"payload is not strict JSON: NaN"}}'
>>> bridge.call("blocks", "describe", "{}")
'{"ok":false,"error":{"field":"method","message":"unknown method \\'describe\\'"}}'
>>> bridge.call("blocks", ["view"], "{}")
'{"ok":false,"error":{"field":"method","message":"method must be text"}}'
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
import math
import time
import traceback
from collections.abc import Coroutine, Generator
from typing import Any

from club import GAMES, jsontext
from club.errors import NotationError
from club.surface import DAILY, declared, service_type

#: The largest integer a JavaScript number holds exactly (Number.MAX_SAFE_INTEGER).
JS_SAFE = (1 << 53) - 1
#: How long a search runs before it lets the worker answer other calls (ms).
SLICE_MS = 15.0
#: Longest payload text the bridge parses: a real payload (a save with its undo
#: history) is a few tens of kilobytes.
MAX_PAYLOAD = 1 << 20
#: Sessions a game may have beside the player's run (``"blocks/lesson"``): the
#: first lesson, and a replay or a shared deal later.
CHANNELS = frozenset({"lesson", "replay"})
#: The Daily Club's record service (``club.daily.api``), called like a game.
SERVICE = DAILY
_SHOWN = 40  # characters of a bad name quoted back in a message


def _answer(ok: bool, body: Any) -> str:
    key = "result" if ok else "error"
    return json.dumps({"ok": ok, key: body}, separators=(",", ":"), allow_nan=False)


def _error(field: str, message: str) -> str:
    return _answer(False, {"field": field, "message": message})


def _shown(value: object) -> str:
    """A short quote of a name the page sent (never a whole huge or deep value)."""
    return repr(value[:_SHOWN]) if isinstance(value, str) else type(value).__name__


def parse_payload(payload_json: object) -> dict[str, Any]:
    """The payload object, or ``NotationError("payload")``: not text, not strict
    JSON (NaN, Infinity, 1e999, numbers of more digits than ``int`` reads),
    nested deeper than ``jsontext.MAX_DEPTH`` (checked before parsing: a deep
    payload would overflow Pyodide's stack), or not an object.

    >>> parse_payload('{"seed": 3}')
    {'seed': 3}
    >>> parse_payload('{"ms": 1e999}')
    Traceback (most recent call last):
    ...
    club.errors.NotationError: payload: payload is not strict JSON: 1e999
    """
    if payload_json is None or payload_json == "":
        return {}
    if not isinstance(payload_json, str):
        raise NotationError("payload", "payload must be JSON text")
    payload = jsontext.loads(payload_json, field="payload", max_chars=MAX_PAYLOAD)
    if not isinstance(payload, dict):
        raise NotationError("payload", "payload must be an object")
    return payload


def unsafe_number(value: Any, depth: int = 0) -> str | None:
    """Where ``value`` holds something a browser cannot read back exactly: an
    integer beyond ±(2**53 − 1) or a non-finite float (None when all is well).

    >>> unsafe_number({"a": [1, 2.5, {"b": 2**53}]})
    'integer 9007199254740992'
    >>> unsafe_number({"a": [1, True, None, "x"]}) is None
    True
    """
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None
    if isinstance(value, int):
        return None if -JS_SAFE <= value <= JS_SAFE else f"integer {value}"
    if isinstance(value, float):
        return None if math.isfinite(value) else f"float {value}"
    if depth > 100:
        return "nesting deeper than 100"
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    for item in items:
        found = unsafe_number(item, depth + 1)
        if found:
            return found
    return None


class Bridge:
    """Routes calls to one Session per game."""

    def __init__(self) -> None:
        self.sessions: dict[str, Any] = {}
        self.services: dict[tuple[str, str], Any] = {}  # (session name, service) -> the service beside it
        self.generation = 0  # bumped by cancel(): a running query stops at its next slice
        self.running: dict[tuple[str, str], object] = {}  # the newest query of each session and method
        self.longest_slice_ms = 0.0  # the longest slice a query has run (make bench reads it)

    def cancel(self) -> int:
        """Stop every running ``query`` at its next slice (it answers ``cancelled``)."""
        self.generation += 1
        return self.generation

    def query(self, game: object, method: object, payload_json: object = "{}") -> Coroutine[Any, Any, str]:
        """A slow, read-only question (a bowls hint), answered in slices.

        A Session that offers ``<method>_search(payload)`` hands back a
        generator that yields between units of work and returns the result;
        between slices of ``SLICE_MS`` the worker's event loop runs, so other
        calls are answered meanwhile and ``cancel()`` takes effect. A newer
        query of the same method on the same session (a replay opened while
        another opens) supersedes it: it answers ``cancelled`` at its next
        slice. Without a search, ``query`` is ``call``. Errors are answered as
        ``call`` answers them.

        The generation and the newest query are taken when ``query`` is
        called, not when its coroutine first runs: the worker may handle a
        ``cancel`` that came after this call before the coroutine's first
        step, and that cancel must stop it.

        >>> bridge = Bridge()
        >>> asyncio.run(bridge.query("blocks", "view", "{}")) == bridge.call("blocks", "view", "{}")
        True
        """
        mine, key, token = self.generation, (str(game), str(method)), object()
        self.running[key] = token
        return self._sliced(mine, key, token, game, method, payload_json)

    async def _sliced(
        self, mine: int, key: tuple[str, str], token: object, game: object, method: object, payload_json: object
    ) -> str:
        """``query``'s work, in slices, until done or cancelled (a newer generation, a newer query of ``key``)."""
        try:
            search = self._search(game, method, payload_json)
            if isinstance(search, str):
                return search
            while True:
                if self.generation != mine or self.running.get(key) is not token:
                    search.close()
                    return _error("cancelled", "the question was cancelled")
                began = time.perf_counter()
                try:
                    deadline = began + SLICE_MS / 1000
                    next(search)  # at least one unit of work per slice
                    while time.perf_counter() < deadline:
                        next(search)
                except StopIteration as done:
                    return self._result(done.value)
                finally:
                    self.longest_slice_ms = max(self.longest_slice_ms, (time.perf_counter() - began) * 1000)
                await asyncio.sleep(0)
        except NotationError as exc:
            return _error(exc.field, exc.message)
        except Exception as exc:  # an engine bug: report it, keep the page alive
            traceback.print_exc()
            return _error("internal", f"{type(exc).__name__}: {str(exc)[:200]}")
        finally:
            if self.running.get(key) is token:
                del self.running[key]

    def _search(self, game: object, method: object, payload_json: object) -> Generator[None, None, Any] | str:
        """The Session's search generator for ``method``, or the whole answer as ``call`` gives it."""
        if _game_of(game) is not None and isinstance(method, str) and not method.startswith("_"):
            try:
                target = self.target(game, method)  # type: ignore[arg-type]
                searcher = getattr(target, f"{method}_search", None) if target is not None else None
                if inspect.ismethod(searcher):
                    return searcher(parse_payload(payload_json))
            except ImportError:
                pass  # answered by call, as call answers it
            except NotationError as exc:
                return _error(exc.field, exc.message)
        return self.call(game, method, payload_json)

    @staticmethod
    def _result(result: Any) -> str:
        problem = unsafe_number(result)
        if problem is not None:  # the page would read it wrong: an engine bug, not an answer
            return _error("internal", f"the answer holds {problem[:_SHOWN]}")
        return _answer(True, result)

    def session(self, game: str) -> Any:
        """The Session kept for ``game``: a game id, or ``<game>/<channel>``
        for a session beside the player's run (a lesson), each its own state.

        >>> bridge = Bridge()
        >>> bridge.session("blocks") is bridge.session("blocks/lesson")
        False
        """
        if game not in self.sessions:
            module = importlib.import_module(f"club.{_game_of(game)}.api")
            self.sessions[game] = module.Session()
        return self.sessions[game]

    def check(self, game: str, method: str, payload_json: str = "{}") -> str:
        """``call`` on a fresh Session, leaving the kept one untouched: a backup
        restore validates every part (``load``, ``load_profile``) before it
        changes anything, and must not replace the state of a game in play.

        >>> bridge = Bridge()
        >>> bridge.check("blocks", "load", '{"save": "nonsense"}').startswith('{"ok":false')
        True
        >>> "blocks" in bridge.sessions
        False
        """
        return Bridge().call(game, method, payload_json)

    def call(self, game: object, method: object, payload_json: object = "{}") -> str:
        """Answer one call from the page; never raises, whatever it is given."""
        try:
            return self._call(game, method, payload_json)
        except NotationError as exc:
            return _error(exc.field, exc.message)
        except Exception as exc:  # an engine bug: report it, keep the page alive
            traceback.print_exc()
            return _error("internal", f"{type(exc).__name__}: {str(exc)[:200]}")

    def _call(self, game: object, method: object, payload_json: object) -> str:
        if _game_of(game) is None:
            return _error("game", f"unknown game {_shown(game)}")
        if not isinstance(method, str):
            return _error("method", "method must be text")
        payload = parse_payload(payload_json)
        try:
            target = self.target(game, method)  # type: ignore[arg-type]
        except ImportError as exc:
            return _error("game", f"game {game!r} is not available: {exc}")
        if target is None:
            return _error("method", f"unknown method {_shown(method)}")
        return self._result(self._raced(game, method, getattr(target, method)(payload)))  # type: ignore[arg-type]

    def _raced(self, game: str, method: str, result: Any) -> Any:
        """An action's answer on a run raced against a ghost, with the challenger at the player's
        move (``ghost``, P4): the page's ghost line needs no second round trip a move. The friend's
        board comes with an answer that shows a position (its ``view``), not with a domino frame's.

        >>> bridge = Bridge()
        >>> answer = json.loads(bridge.call("blocks", "new", '{"seed": 3}'))["result"]
        >>> "ghost" in answer  # no ghost raced: the answer as the session gave it
        False
        >>> _ = bridge.call("blocks", "ghost", "{}")  # the race beside the run, holding no ghost yet
        >>> "ghost" in json.loads(bridge.call("blocks", "new", '{"seed": 3}'))["result"]
        True
        """
        race = self.services.get((game, "ghost"))
        call = declared(type(self.session(game))).get(method)
        if race is None or call is None or not call.acts or call.service or not isinstance(result, dict):
            return result
        return {**result, "ghost": race.beside(board=result.get("view") is not None)}

    def target(self, game: str, method: str) -> Any:
        """What answers ``method`` of the session ``game``: the session, the service
        beside it that the declaration names, or None (a name it does not declare)."""
        session = self.session(game)
        call = declared(type(session)).get(method)
        if call is None:
            return None
        if not call.service:
            return session
        key = (game, call.service)
        if key not in self.services:
            self.services[key] = service_type(call.service)(session)
        return self.services[key]


def _game_of(name: object) -> str | None:
    """The game id of a session name (``"merge"``, ``"merge/lesson"``), or None.

    >>> _game_of("merge/lesson"), _game_of("merge/nope"), _game_of(7), _game_of("club")
    ('merge', None, None, 'daily')
    """
    if not isinstance(name, str):
        return None
    if name == SERVICE:  # the Daily Club's record: a service beside the games
        return "daily"
    game, _, channel = name.partition("/")
    if game not in GAMES or (channel and channel not in CHANNELS) or name.endswith("/"):
        return None
    return game

