"""The one entry point the page calls: ``Bridge.call(game, method, payload_json)``.

The page keeps one proxy to ``call`` and talks JSON text both ways (faster
than converting objects across the FFI for the sizes we send, see
platform.md). Each game's ``Session`` (``club.<game>.api``) is created on
first use and kept, so the engine state lives in Python between calls.

Every answer is ``{"ok": true, "result": ...}`` or ``{"ok": false, "error":
{"field": ..., "message": ...}}``: a corrupt save, an unknown method or an
engine bug must never take the page down.

>>> bridge = Bridge()
>>> bridge.call("nope", "view", "{}")
'{"ok":false,"error":{"field":"game","message":"unknown game \\'nope\\'"}}'
"""

from __future__ import annotations

import importlib
import json
import traceback
from typing import Any

from club import GAMES
from club.errors import NotationError


def _answer(ok: bool, body: Any) -> str:
    key = "result" if ok else "error"
    return json.dumps({"ok": ok, key: body}, separators=(",", ":"))


def _error(field: str, message: str) -> str:
    return _answer(False, {"field": field, "message": message})


class Bridge:
    """Routes calls to one Session per game."""

    def __init__(self) -> None:
        self.sessions: dict[str, Any] = {}

    def session(self, game: str) -> Any:
        if game not in self.sessions:
            module = importlib.import_module(f"club.{game}.api")
            self.sessions[game] = module.Session()
        return self.sessions[game]

    def call(self, game: str, method: str, payload_json: str = "{}") -> str:
        if game not in GAMES:
            return _error("game", f"unknown game {game!r}")
        try:
            payload = json.loads(payload_json or "{}")
        except ValueError:
            return _error("payload", "payload is not JSON")
        if not isinstance(payload, dict):
            return _error("payload", "payload must be an object")
        try:
            session = self.session(game)
        except ImportError as exc:
            return _error("game", f"game {game!r} is not available: {exc}")
        handler = getattr(session, method, None)
        if method.startswith("_") or not callable(handler):
            return _error("method", f"unknown method {method!r}")
        try:
            return _answer(True, handler(payload))
        except NotationError as exc:
            return _error(exc.field, exc.message)
        except Exception as exc:  # an engine bug: report it, keep the page alive
            traceback.print_exc()
            return _error("internal", f"{type(exc).__name__}: {exc}")
