"""The interpreter snapshot (P15) one warm context made, lent to the next ones.

A returning player's browser holds the snapshot its first visit stored, so a
returning player's boot restores it. Every warm context the pool makes is such
a player, but a new context has to make its own snapshot first: a cold start
without it (10-15 s on a loaded machine), then a second interpreter writing it
beside the test. The snapshot is the same bytes in every context of a build
(a started interpreter with the standard library imported; nothing of the
page, the origin or the player), so the first one a worker's contexts store is
kept here and put into each new warm context's Cache Storage under the same
key, before its first page opens. Its boot is then a returning visit's, as
the pool's contexts are meant to be. Tests whose subject is the first visit,
the boot or the snapshot itself (``@pytest.mark.cold``, ``browser.new_context``)
never get it.

The bytes travel through the test server (a PUT from the page that has them,
a GET from the page that needs them): no base64 over the Playwright pipe.
"""

from __future__ import annotations

import functools
import threading
from typing import Any
from urllib.parse import unquote

from playwright.sync_api import BrowserContext, Page
from serve import Handler, Server

PATH = "/__e2e__/snapshot"
BLANK = "/__e2e__/blank"  # a document of the origin, to reach its Cache Storage
SNAPSHOT_CACHE = "club-snapshot"  # web/snapshot.mjs

# The page that has the snapshot sends it (with its cache key) to the server.
SEND = """async ([path, cacheName]) => {
  const cache = await caches.open(cacheName);
  const [request] = await cache.keys();
  const response = request && await cache.match(request);
  if (!response) return false;
  const sent = await fetch(`${path}?key=${encodeURIComponent(request.url)}`, { method: "PUT", body: await response.arrayBuffer() });
  return sent.ok;
}"""

# A new context's blank page takes it back into its own Cache Storage, under the same
# path on its own origin (a copy of the site on another port keeps its files' paths).
TAKE = """async ([path, cacheName]) => {
  const response = await fetch(path, { cache: "no-store" });
  const kept = response.headers.get("X-Snapshot-Key");
  if (!response.ok || !kept) return false;
  const key = new URL(new URL(kept).pathname, location.origin).href;
  await (await caches.open(cacheName)).put(key, new Response(await response.arrayBuffer()));
  return true;
}"""


class ShelfHandler(Handler):
    """The arcade's static handler, plus the shelf's two paths."""

    def do_PUT(self) -> None:
        path, _, query = self.path.partition("?")
        if path != PATH or not query.startswith("key="):
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.shelf.keep(unquote(query[len("key="):]), body)  # type: ignore[attr-defined]
        self.send_response(204)
        self.end_headers()

    def do_GET(self) -> None:
        path = self.path.partition("?")[0]
        if path == BLANK:
            self._answer(b"<!doctype html><title>e2e</title>", "text/html")
        elif path == PATH:
            kept = self.server.shelf.kept()  # type: ignore[attr-defined]
            if kept is None:
                self.send_error(404)
            else:
                self._answer(kept[1], "application/octet-stream", {"X-Snapshot-Key": kept[0]})
        else:
            super().do_GET()

    def _answer(self, body: bytes, kind: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


class Shelf:
    """The snapshot one context stored (its cache key and bytes), once there is one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: tuple[str, bytes] | None = None

    def keep(self, key: str, body: bytes) -> None:
        with self._lock:
            self._kept = (key, body)

    def kept(self) -> tuple[str, bytes] | None:
        with self._lock:
            return self._kept

    def capture(self, page: Page) -> None:
        """Keep the snapshot this page's context stored (once per session)."""
        if self.kept() is None:
            page.evaluate(SEND, [PATH, SNAPSHOT_CACHE])

    def seed(self, context: BrowserContext, base_url: str) -> bool:
        """Put the kept snapshot into a new context's Cache Storage; False when none is kept yet."""
        if self.kept() is None:
            return False
        page = context.new_page()
        try:
            page.goto(base_url.rstrip("/") + BLANK)
            return bool(page.evaluate(TAKE, [PATH, SNAPSHOT_CACHE]))
        finally:
            page.close()


def make_shelf_server(directory: Any, shelf: Shelf) -> Server:
    """The arcade's static server on a free port, with the shelf's paths."""
    server = Server(("127.0.0.1", 0), functools.partial(ShelfHandler, directory=str(directory)))
    server.shelf = shelf  # type: ignore[attr-defined]
    return server
