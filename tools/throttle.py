"""Serve the arcade as a phone on a mobile network meets it (``make bench``).

A static server like the CDN in front of GitHub Pages: text and WebAssembly
gzipped (an archive or an image is sent as it is, already compressed),
keep-alive connections, and one of two hosts' caching (``--host``):

- ``cdn``, GitHub Pages': ``Cache-Control: max-age=600`` with an ``ETag`` and
  ``Last-Modified`` (a repeated request inside ten minutes never reaches the
  network);
- ``no-cache``, many self-hosted servers' and some CDNs' default:
  ``Cache-Control: no-cache`` and no validator, so every request the browser
  makes again is answered with the whole file again.

In front of it, one link of a given rate and round-trip time that every
connection shares:

- a new connection pays one round trip (TCP's handshake), every request one
  more before its first byte;
- the bytes of all responses leave one after another at the link's rate, in
  chunks of 8 KB, so two downloads at once each get about half of it.

Every chunk sent is logged with the wall-clock time it finished leaving, so
``bytes_before(t)`` tells how much crossed the wire before a moment the page
marked (``performance.timeOrigin + mark``: the browser and this server read
the same clock).

    python tools/throttle.py --profile slow-4g --port 8001
    python tools/throttle.py --profile fast-4g --host no-cache --port 8001
    python tools/throttle.py --profile cdn --dir dist --port 8002   # for Lighthouse
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import http.server
import socketserver
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from serve import TYPES  # noqa: E402

#: Chunk of a response the link sends at once.
CHUNK = 8192
#: What a CDN compresses: text of any kind and WebAssembly (not archives or images).
GZIPPED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".toml", ".md", ".txt", ".py", ".webmanifest", ".wasm")


@dataclass(frozen=True)
class Profile:
    """A network: its rate down (bytes/s) and its round-trip time (s)."""

    name: str
    rate: float
    rtt: float

    def describe(self) -> str:
        return f"{self.name} ({self.rate * 8 / 1e6:g} Mbit/s, {self.rtt * 1000:.0f} ms)"


@dataclass(frozen=True)
class Host:
    """How a host lets the browser keep what it sent: its ``Cache-Control`` and whether it
    sends validators (an ``ETag`` and ``Last-Modified``, which a repeated request can be
    answered ``304 Not Modified`` against)."""

    name: str
    cache_control: str
    validators: bool


#: The two hosts ``make bench`` measures a first visit on: GitHub Pages' CDN and a host that keeps nothing.
HOSTS = {
    "cdn": Host("cdn", "max-age=600", validators=True),
    "no-cache": Host("no-cache", "no-cache", validators=False),
}


#: Lighthouse's mobile throttling (slow 4G) and a good 4G link: the phone networks ``make bench`` measures.
PROFILES = {
    "slow-4g": Profile("slow-4g", 1.6e6 / 8, 0.150),
    "fast-4g": Profile("fast-4g", 9e6 / 8, 0.040),
}
#: The CDN's gzip and caching with no link of its own, for a tool that throttles by itself
#: (Lighthouse's simulation); ``--profile cdn``.
LINKS = {**PROFILES, "cdn": Profile("cdn", 1e12, 0.0)}


@dataclass
class Link:
    """One link every connection shares: chunks leave in turn at ``rate``."""

    profile: Profile
    sleep: object = time.sleep
    clock: object = time.monotonic
    wall: object = time.time
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _free_at: float = 0.0
    sent: list[tuple[float, int, str]] = field(default_factory=list)

    def wait_round_trip(self) -> None:
        self.sleep(self.profile.rtt)  # type: ignore[operator]

    def transmit(self, size: int, path: str) -> None:
        """Wait until ``size`` bytes have left after every chunk queued before them; log them."""
        with self._lock:
            now = self.clock()  # type: ignore[operator]
            start = max(now, self._free_at)
            self._free_at = start + size / self.profile.rate
            done = self._free_at
        self.sleep(max(0.0, done - now))  # type: ignore[operator]
        with self._lock:
            self.sent.append((self.wall(), size, path))  # type: ignore[operator]

    def reset(self) -> None:
        with self._lock:
            self.sent.clear()

    def bytes_before(self, epoch_s: float) -> int:
        with self._lock:
            return sum(size for when, size, _ in self.sent if when <= epoch_s)

    def by_path_before(self, epoch_s: float) -> dict[str, int]:
        totals: dict[str, int] = {}
        with self._lock:
            for when, size, path in self.sent:
                if when <= epoch_s:
                    totals[path] = totals.get(path, 0) + size
        return totals


class Encoded:
    """Each file's bytes as sent (gzipped once, kept while the file is unchanged)."""

    def __init__(self) -> None:
        self._kept: dict[Path, tuple[float, int, bytes, bool, str]] = {}
        self._lock = threading.Lock()

    def get(self, path: Path) -> tuple[bytes, bool, str, float]:
        """(body, gzipped, etag, mtime) of ``path``."""
        stat = path.stat()
        with self._lock:
            kept = self._kept.get(path)
        if kept and kept[0] == stat.st_mtime and kept[1] == stat.st_size:
            return kept[2], kept[3], kept[4], stat.st_mtime
        raw = path.read_bytes()
        zipped = path.suffix in GZIPPED
        body = gzip.compress(raw, compresslevel=6, mtime=0) if zipped else raw
        etag = '"' + hashlib.sha1(raw).hexdigest()[:16] + '"'
        with self._lock:
            self._kept[path] = (stat.st_mtime, stat.st_size, body, zipped, etag)
        return body, zipped, etag, stat.st_mtime


class ThrottledHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a connection's handshake is paid once
    server: ThrottledServer

    def setup(self) -> None:
        super().setup()
        self.server.link.wait_round_trip()  # the connection's handshake

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        link = self.server.link
        link.wait_round_trip()
        path = self._file()
        if path is None:
            self._send(404, {"Content-Type": "text/plain"}, b"not found\n", body)
            return
        data, zipped, etag, mtime = self.server.encoded.get(path)
        host = self.server.host
        headers = {"Cache-Control": host.cache_control, "Vary": "Accept-Encoding"}
        if host.validators:
            headers.update({"ETag": etag, "Last-Modified": email.utils.formatdate(mtime, usegmt=True)})
        if host.validators and self.headers.get("If-None-Match") == etag:
            self._send(304, headers, b"", body)
            return
        if zipped and "gzip" not in (self.headers.get("Accept-Encoding") or ""):
            data = gzip.decompress(data)
        elif zipped:
            headers["Content-Encoding"] = "gzip"
        headers["Content-Type"] = TYPES.get(path.suffix) or _guess(path)
        self._send(200, headers, data, body)

    def _file(self) -> Path | None:
        relative = unquote(urlsplit(self.path).path).lstrip("/")
        root = self.server.root
        target = (root / relative).resolve()
        if target.is_dir():
            target = target / "index.html"
        inside = target == root or root in target.parents
        return target if inside and target.is_file() else None

    def _send(self, status: int, headers: dict[str, str], data: bytes, body: bool) -> None:
        link, path = self.server.link, urlsplit(self.path).path
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(data)))
        # The status line and the headers cross the link first (http.server buffers them).
        link.transmit(sum(len(line) for line in self._headers_buffer) + 2, path)
        self.end_headers()
        if not body:
            return
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            link.transmit(len(chunk), path)
            self.wfile.write(chunk)

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def _guess(path: Path) -> str:
    return {".html": "text/html; charset=utf-8", ".css": "text/css", ".png": "image/png", ".py": "text/x-python",
            ".txt": "text/plain"}.get(path.suffix, "application/octet-stream")


class ThrottledServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, root: Path, port: int, profile: Profile, verbose: bool = False, host: Host = HOSTS["cdn"]) -> None:
        super().__init__(("127.0.0.1", port), ThrottledHandler)
        self.root = root.resolve()
        self.host = host
        self.link = Link(profile)
        self.encoded = Encoded()
        self.verbose = verbose

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # a browser that drops a request (a closed page) is normal
        super().handle_error(request, client_address)


def make_throttled_server(root: Path, profile: str | Profile, port: int = 0, verbose: bool = False,
                          host: str = "cdn") -> ThrottledServer:
    chosen = LINKS[profile] if isinstance(profile, str) else profile
    return ThrottledServer(root, port, chosen, verbose, HOSTS[host])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", choices=sorted(LINKS), default="slow-4g")
    parser.add_argument("--host", choices=sorted(HOSTS), default="cdn", help="the host's caching headers")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--dir", type=Path, default=ROOT)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    server = make_throttled_server(args.dir, args.profile, args.port, verbose=not args.quiet, host=args.host)
    print(f"6E Club on http://127.0.0.1:{server.server_address[1]}/ through {LINKS[args.profile].describe()},"
          f" host {args.host} (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
