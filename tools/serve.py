"""Serve the arcade on 127.0.0.1 (``make``, the e2e tests, the benchmark).

A plain static server like GitHub Pages: ``.wasm`` as ``application/wasm``
(P7), ``.mjs`` as JavaScript, ``.webmanifest`` as a manifest. It revalidates
by Last-Modified like any static host; ``--no-store`` turns caching off for
cold-start measurements.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socketserver
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".md": "text/markdown; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    no_store = False

    def end_headers(self) -> None:
        if self.no_store:
            self.send_header("Cache-Control", "no-store")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    verbose = False

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        # A browser that drops a request (a test aborting the runtime download,
        # a closed tab) is normal for a static server: no traceback for it.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int, no_store: bool = False, verbose: bool = False) -> Server:
    handler = functools.partial(
        type("H", (Handler,), {"no_store": no_store}), directory=str(directory)
    )
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose
    return server


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT)
    parser.add_argument("--no-store", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    server = make_server(args.dir, args.port, args.no_store, verbose=not args.quiet)
    print(f"6E Club on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
