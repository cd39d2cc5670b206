"""``make bench`` (network part): a first visit on a phone network.

Each visit is a fresh phone context (390x844, touch) of a player past the
first lessons, served by ``tools/throttle.py`` (gzip, one link of a
profile's rate and round-trip time), for two pages:

- the arcade at ``#/blocks``, as published (``build.py --dist``: what a
  player's first visit downloads): bytes that crossed the wire before the
  game was interactive, time to the first board paint and to interactive;
  on two hosts (``throttle.HOSTS``): one that caches like GitHub Pages' CDN
  (max-age and an ETag) and one that lets the browser keep nothing
  (``Cache-Control: no-cache``, no validator), where a file asked for twice
  crosses the wire twice;
- the bare Pyodide page (``bench/bare.html``, from the sources, on the CDN
  host: it asks for each file once): bytes before ``1+1`` ran and its time
  to that.

Times are ms after navigation (``performance.timeOrigin``); bytes are the
server's count of what left before ``timeOrigin + mark`` (status lines and
headers included). The two pages alternate so drift hits both alike; the
figures are medians.
"""

from __future__ import annotations

import statistics
import threading
from pathlib import Path

from bench_page import (
    BOOT_TIMEOUT_MS,
    PHONE,
    READY,
    Unmeasured,
    at_route,
    board_paint,
    mark,
    player_context,
    watch_paint,
)
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError
from throttle import HOSTS, PROFILES, ThrottledServer, make_throttled_server

ROUTE = "#/blocks"
#: A first visit on slow 4G takes half a minute or more: generous, so a slow machine is no failure.
NET_TIMEOUT_MS = 6 * BOOT_TIMEOUT_MS
#: The big files, gzipped before the first visit is timed (the server keeps them).
WARM = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.mjs",
        "vendor/pyodide/pyodide-lock.json", "index.html")


def visit(browser: Browser, server: ThrottledServer, page_kind: str) -> dict:
    """One first visit; its bytes before interactive, its board paint and interactive times."""
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = player_context(browser, **PHONE)
    watch_paint(context, ROUTE)
    server.link.reset()
    try:
        page = context.new_page()
        page.goto(url + (ROUTE if page_kind == "arcade" else "bench/bare.html"), wait_until="commit")
        page.wait_for_function(READY, timeout=NET_TIMEOUT_MS)
        origin = page.evaluate("performance.timeOrigin")
        if page_kind == "arcade":
            at_route(page, ROUTE)
            interactive, board = mark(page, "club-interactive"), board_paint(page)
        else:
            interactive, board = mark(page, "bare-ready"), None
        moment = (origin + interactive) / 1000
        figures = {"bytes": server.link.bytes_before(moment), "interactive_ms": interactive, "board_ms": board,
                   "files": server.link.by_path_before(moment)}
        if page_kind == "arcade":  # the whole visit: the service worker's precache, made at the player's pause
            page.wait_for_function("!!navigator.serviceWorker.controller", timeout=NET_TIMEOUT_MS)
            figures["visit_bytes"] = server.link.bytes_before(server.link.wall() + 1)
        return figures
    except PlaywrightError as error:
        raise Unmeasured(f"{page_kind} first visit: {str(error).splitlines()[0]}") from None
    finally:
        context.close()


def median_of(runs: list[dict], key: str) -> float | None:
    values = [run[key] for run in runs if run.get(key) is not None]
    return statistics.median(values) if values else None


def serve(root: Path, profile, host: str = "cdn") -> ThrottledServer:
    """A throttled server of ``root`` on a link of ``profile`` with ``host``'s caching, its big files
    already gzipped."""
    server = make_throttled_server(root, profile, host=host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    for rel in WARM:
        if (root / rel).is_file():
            server.encoded.get(root / rel)
    return server


#: The pages a profile's visits alternate between: the bare page, and the arcade on each host.
PAGES = {"bare": ("bare", "cdn"), **{f"arcade {host}": ("arcade", host) for host in HOSTS}}


def run(browser: Browser, root: Path, published: Path, repeat: int) -> dict:
    """Every profile, ``repeat`` visits of each page, alternating: the bare page served from
    ``root``, the arcade from ``published`` (the site ``build.py --dist`` wrote) on each host."""
    report: dict = {}
    for profile in PROFILES.values():
        servers = {name: serve(root if kind == "bare" else published, profile, host)
                   for name, (kind, host) in PAGES.items()}
        try:
            runs: dict[str, list[dict]] = {name: [] for name in PAGES}
            for _ in range(repeat):
                for name, server in servers.items():
                    runs[name].append(visit(browser, server, PAGES[name][0]))
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
        report[profile.name] = {
            "profile": profile.describe(), "repeat": repeat,
            **{kind: {"bytes": median_of(samples, "bytes"), "visit_bytes": median_of(samples, "visit_bytes"),
                      "interactive_ms": median_of(samples, "interactive_ms"),
                      "board_ms": median_of(samples, "board_ms"), "samples": [
                          {k: v for k, v in sample.items() if k != "files"} for sample in samples],
                      "files": samples[-1]["files"]}
               for kind, samples in runs.items()},
        }
    return report


def lines(report: dict) -> list[str]:
    out = ["", "First visit on a phone network (fresh phone context, medians; bytes crossed before interactive):"]
    for entry in report.values():
        bare = entry["bare"]
        out.append(f"  {entry['profile']}, n {entry['repeat']}:")
        for host in HOSTS:
            arcade = entry[f"arcade {host}"]
            out.append(f"    arcade {ROUTE}, host {host:8} {arcade['bytes'] / 1e6:5.2f} MB (target <= 5.00)  first board "
                       f"{arcade['board_ms']:6.0f} ms  interactive {arcade['interactive_ms']:6.0f} ms"
                       f"   / bare {arcade['interactive_ms'] / bare['interactive_ms']:.2f}")
            if arcade.get("visit_bytes") is not None:
                out.append(f"      whole visit, the service worker's precache included: {arcade['visit_bytes'] / 1e6:5.2f} MB")
            heavy = sorted(arcade["files"].items(), key=lambda item: -item[1])[:6]
            out.append("      largest: " + ", ".join(f"{path.rsplit('/', 1)[-1]} {size / 1e6:.2f}" for path, size in heavy))
        out.append(f"    bare Pyodide, host cdn    {bare['bytes'] / 1e6:5.2f} MB                  "
                   f"             interactive {bare['interactive_ms']:6.0f} ms")
    return out
