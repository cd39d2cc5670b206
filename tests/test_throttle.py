"""The bench's phone-network server (tools/throttle.py): it serves like a CDN
(gzip for text and wasm, never for an archive; ETag and max-age; nothing
outside its folder), or as a host that lets the browser keep nothing
(no-cache, no validator), and its link shares one rate among every response
and counts the bytes that left before a moment."""

from __future__ import annotations

import gzip
import http.client
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from throttle import LINKS, Link, Profile, ThrottledServer, make_throttled_server  # noqa: E402

INSTANT = LINKS["cdn"]  # the CDN without a link of its own (Lighthouse throttles by itself)


class FakeTime:
    """A clock that only moves when the link sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    def clock(self) -> float:
        return self.now


def link_of(rate: float, rtt: float) -> tuple[Link, FakeTime]:
    fake = FakeTime()
    return Link(Profile("test", rate, rtt), sleep=fake.sleep, clock=fake.clock, wall=fake.clock), fake


@pytest.mark.parametrize(("sizes", "rate", "seconds"), [
    ([1000], 1000.0, 1.0),
    ([500, 500, 1000], 1000.0, 2.0),  # back to back: the link is shared, never faster than its rate
    ([8192] * 25, 200_000.0, 8192 * 25 / 200_000),
])
def test_chunks_leave_at_the_links_rate(sizes: list[int], rate: float, seconds: float) -> None:
    link, fake = link_of(rate, 0.15)
    for size in sizes:
        link.transmit(size, "/f")
    assert fake.now - 1000.0 == pytest.approx(seconds)


def test_bytes_are_counted_by_the_moment_they_left() -> None:
    link, _ = link_of(1000.0, 0.0)
    link.transmit(1000, "/a.wasm")  # leaves at 1001
    link.transmit(500, "/b.js")  # at 1001.5
    link.transmit(250, "/a.wasm")  # at 1001.75
    assert link.bytes_before(1000.5) == 0
    assert link.bytes_before(1001.0) == 1000
    assert link.bytes_before(1001.6) == 1500
    assert link.by_path_before(2000.0) == {"/a.wasm": 1250, "/b.js": 500}
    link.reset()
    assert link.bytes_before(2000.0) == 0


def test_a_round_trip_is_the_profiles() -> None:
    link, fake = link_of(1000.0, 0.15)
    link.wait_round_trip()
    assert fake.now - 1000.0 == pytest.approx(0.15)


def serve_site(root: Path, host: str = "cdn") -> Iterator[ThrottledServer]:
    (root / "index.html").write_text("<!doctype html><p>" + "hello " * 500)
    (root / "web").mkdir()
    (root / "web" / "app.js").write_text("export const x = 1;\n" * 200)
    (root / "lib.zip").write_bytes(bytes(range(256)) * 40)
    (root.parent / "secret.txt").write_text("not served")
    server = make_throttled_server(root, INSTANT, host=host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[ThrottledServer]:
    yield from serve_site(tmp_path)


@pytest.fixture
def keeps_nothing(tmp_path: Path) -> Iterator[ThrottledServer]:
    yield from serve_site(tmp_path, host="no-cache")


def get(server: ThrottledServer, path: str, **headers: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


@pytest.mark.parametrize(("path", "gzipped"), [
    ("/", True), ("/index.html", True), ("/web/app.js", True), ("/lib.zip", False),
])
def test_text_is_gzipped_and_an_archive_is_not(site: ThrottledServer, path: str, gzipped: bool) -> None:
    response = get(site, path, **{"Accept-Encoding": "gzip, deflate"})
    assert response.status == 200
    assert (response.getheader("Content-Encoding") == "gzip") is gzipped
    assert response.getheader("Cache-Control") == "max-age=600"
    body = response.body  # type: ignore[attr-defined]
    assert int(response.getheader("Content-Length")) == len(body)
    name = "index.html" if path == "/" else path.lstrip("/")
    raw = (Path(site.root) / name).read_bytes()
    assert (gzip.decompress(body) if gzipped else body) == raw


def test_a_client_without_gzip_gets_the_file_as_it_is(site: ThrottledServer) -> None:
    response = get(site, "/web/app.js")
    assert response.getheader("Content-Encoding") is None
    assert response.body == (Path(site.root) / "web" / "app.js").read_bytes()  # type: ignore[attr-defined]


def test_a_known_etag_is_answered_not_modified(site: ThrottledServer) -> None:
    etag = get(site, "/web/app.js").getheader("ETag")
    again = get(site, "/web/app.js", **{"If-None-Match": etag})
    assert again.status == 304 and again.body == b""  # type: ignore[attr-defined]


def test_a_host_that_keeps_nothing_sends_no_validator_and_the_whole_file_again(keeps_nothing: ThrottledServer) -> None:
    first = get(keeps_nothing, "/web/app.js", **{"Accept-Encoding": "gzip"})
    assert first.getheader("Cache-Control") == "no-cache"
    assert first.getheader("ETag") is None and first.getheader("Last-Modified") is None
    again = get(keeps_nothing, "/web/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": '"anything"'})
    assert again.status == 200 and again.body == first.body  # type: ignore[attr-defined]
    assert gzip.decompress(again.body) == (Path(keeps_nothing.root) / "web" / "app.js").read_bytes()  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["/../secret.txt", "/missing.js", "/%2e%2e/secret.txt"])
def test_nothing_outside_the_folder_or_missing_is_served(site: ThrottledServer, path: str) -> None:
    assert get(site, path).status == 404


def test_the_link_counts_what_it_sent(site: ThrottledServer) -> None:
    site.link.reset()
    body = get(site, "/web/app.js", **{"Accept-Encoding": "gzip"}).body  # type: ignore[attr-defined]
    sent = site.link.by_path_before(site.link.wall() + 1)  # type: ignore[operator]
    assert len(body) < sent["/web/app.js"] < len(body) + 600  # the body, its status line and headers
