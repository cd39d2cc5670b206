"""The loader card (P3): on a first visit it shows the share of the engine's
downloads received and why they are needed; a returning visit shows nothing
but the page. Also: the downloads begin at navigation, before PyScript has
started its worker, and the worker reads them from the browser's cache
instead of asking the network again."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import wait_ready
from playwright.sync_api import Page, Route, expect
from throttle import ThrottledServer, make_throttled_server

ROOT = Path(__file__).resolve().parent.parent
BOOT = json.loads((ROOT / "build" / "boot.json").read_text())["files"]
ENGLISH = json.loads((ROOT / "web" / "i18n" / "shell.en.json").read_text())
WASM = "**/vendor/pyodide/pyodide.asm.wasm"
# Whether the loader card was ever on screen, sampled every frame from the first one.
CARD_SEEN = """
window.__cardSeen = false;
const look = () => {
  const card = document.getElementById("loader");
  if (card && !card.hidden && card.getBoundingClientRect().height > 0) window.__cardSeen = true;
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


def size_text(lang_decimal: str = ".") -> str:
    # as Intl writes it with at most one decimal: 4.9 MB, 5 MB (no trailing ".0")
    return f"{sum(f['wire'] for f in BOOT) / 1e6:.1f}".removesuffix(".0").replace(".", lang_decimal) + " MB"


@pytest.mark.cold
def test_a_first_visit_shows_the_share_received_and_why(page: Page, server_url: str) -> None:
    """With the runtime's wasm held, every other download is in: the card shows that share of
    the bytes (by the build's sizes) and the one-line why; released, the arcade starts."""
    held: list[Route] = []
    released: list[bool] = []
    page.route(WASM, lambda route: route.continue_() if released else held.append(route))
    page.goto(server_url + "#/blocks")
    card = page.locator("#loader")
    expect(card).to_be_visible()
    expect(page.locator("#loader-stage")).to_have_text(ENGLISH["shell.loader.why"].replace("{size}", size_text()))
    total = sum(f["bytes"] for f in BOOT)
    wasm = next(f["bytes"] for f in BOOT if f["url"].endswith("pyodide.asm.wasm"))
    share = (total - wasm) / total  # everything but the held wasm
    page.wait_for_function("s => Number(document.documentElement.dataset.received) >= s - 1e-9", arg=share)
    assert page.evaluate("Number(document.documentElement.dataset.received)") == pytest.approx(share)
    expect(page.locator("#loader-share")).to_have_text(f"{round(share * 100)}%")
    assert int(page.get_attribute("#loader .progress", "aria-valuenow") or 0) >= int(share * 90)
    assert page.evaluate("document.documentElement.dataset.visit") == "first"
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(card).to_have_count(0)
    assert page.evaluate("document.documentElement.dataset.received") == "1"


@pytest.fixture
def cdn() -> Iterator[ThrottledServer]:
    """The arcade served as a CDN serves it (gzip, max-age: tools/throttle.py), at full speed,
    counting the bytes it sends."""
    yield from serving("cdn")


def serving(host: str) -> Iterator[ThrottledServer]:
    """The arcade on a throttled server of ``host``'s caching (tools/throttle.py HOSTS), at full
    speed, for one test (a fixture's body)."""
    server = make_throttled_server(ROOT, "cdn", host=host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.cold
def test_the_downloads_begin_before_pyscript_and_each_comes_once(page: Page, cdn: ThrottledServer) -> None:
    """P3: the route's frame first (the lesson's board and card), then the page's fetcher (a worker
    of its own, web/downloads.js: it marks on the page's clock when each download began) asks for
    the runtime, before PyScript is even loaded; the engine worker asks for the same files: the browser's cache
    gives them both one download (the server sends each file's bytes once)."""
    server_url = f"http://127.0.0.1:{cdn.server_address[1]}/"
    page.goto(server_url + "#/blocks")
    wait_ready(page)
    started = page.evaluate("""() => ({
      drawn: performance.getEntriesByName("club-route-drawn")[0].startTime,
      wasm: performance.getEntriesByName("club-download-vendor/pyodide/pyodide.asm.wasm")[0].startTime,
      pyscript: performance.getEntriesByName("club-pyscript-loaded")[0].startTime })""")
    assert started["drawn"] < started["wasm"] < started["pyscript"], started
    # The runtime's 6 MB arrive in the fetcher's thread, not the page's (they made its longest
    # tasks); of PyScript's main-thread plugins only "error" is imported (index.html's py-config).
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
    assert not [path for path in fetched if path.endswith((".wasm", "python_stdlib.zip"))], fetched
    plugins = [path for path in fetched if re.search(r"/(py-editor|py-terminal|py-game|donkey|deprecations-manager)-", path)]
    assert plugins == [] and any(re.search(r"/vendor/pyscript/error-", path) for path in fetched), fetched
    sent = cdn.link.by_path_before(cdn.link.wall() + 1)  # type: ignore[operator]
    for file in BOOT:
        wire = sent.get("/" + file["url"], 0)
        assert file["wire"] * 0.9 < wire < file["wire"] * 1.5 + 2_000, (file["url"], wire, file["wire"])
    assert page.evaluate("document.documentElement.dataset.received") == "1"


@pytest.fixture
def keeps_nothing() -> Iterator[ThrottledServer]:
    """The arcade on a host that lets the browser keep nothing (no-cache, no validator): a file
    asked for twice crosses the wire twice."""
    yield from serving("no-cache")


#: What the page and its engine worker put in the downloads cache (web/downloads.js, the loader's archive).
HANDED = ("vendor/pyodide/pyodide.asm.wasm", "build/python_stdlib.zip", "build/club.zip")
#: Whether the page has a service worker registered yet.
REGISTERED = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r))"


def test_the_precache_waits_for_a_pause_and_takes_the_downloads(browser, keeps_nothing: ThrottledServer) -> None:
    """P5, P15, P16: a first visit's service worker is registered at the player's first pause (its
    precache writes every file while the player would tap), and its install takes the runtime's wasm,
    the standard library and the engine archive from the page's downloads: on a host that keeps
    nothing, each still crossed the wire once in the whole visit, offline play included."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{keeps_nothing.server_address[1]}/#/blocks")
        wait_ready(page)
        for step in range(6):  # playing: a move every second, never the pause (web/pause.js PAUSE_MS)
            page.mouse.move(100 + 20 * step, 300)
            page.wait_for_timeout(1000)
        assert page.evaluate(REGISTERED) is False
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
        sent = keeps_nothing.link.by_path_before(keeps_nothing.link.wall() + 1)  # type: ignore[operator]
        for file in BOOT:
            if file["url"] in HANDED:
                wire = sent.get("/" + file["url"], 0)
                assert file["wire"] * 0.9 < wire < file["wire"] * 1.5 + 2_000, (file["url"], wire, file["wire"])
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.visit") == "returning"
    finally:
        context.close()


def test_a_returning_visit_shows_only_the_page(browser, server_url: str) -> None:
    """Once a service worker serves every file, a visit to a game draws its board and
    starts without the loader card ever showing."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(server_url + "#/blocks")
        wait_ready(page)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
        page.close()
        context.add_init_script(CARD_SEEN)
        page = context.new_page()
        page.goto(server_url + "#/blocks")
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.visit") == "returning"
        expect(page.locator(".bk-cell")).to_have_count(61)
        assert page.evaluate("window.__cardSeen") is False
        expect(page.locator("#loader")).to_have_count(0)
    finally:
        context.close()


# Every layout shift the page makes without input, with the nodes that moved (the Layout Instability API).
WATCH_SHIFTS = """
window.e2eShifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput)
    window.e2eShifts.push([e.value, e.sources.map((s) => (s.node?.nodeType === 1 ? s.node.getAttribute("class") || s.node.tagName : s.node?.nodeName))]);
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.cold
@pytest.mark.parametrize("route", ["#/", "#/blocks", "#/merge", "#/bowls", "#/club"])
def test_a_first_visit_on_a_phone_moves_nothing_as_the_engine_comes(browser, server_url: str, route: str) -> None:
    """P3, P13: drawn before Python, a newcomer's page on a phone (a game's opens its first lesson)
    does not move when the engine's first answers arrive: blocks' tray keeps a slot's height, merge's
    clock box waits for a view that shows it, the Daily Club's date line keeps its baseline, the loader
    card its two lines. (Domino's lesson is left out: the game starts when the engine comes, and its
    header changes with the phase.)"""
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True, first_visit=True)
    try:
        page = context.new_page()
        page.add_init_script(WATCH_SHIFTS)
        page.goto(server_url + route)
        wait_ready(page)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shifts = page.evaluate("window.e2eShifts")
        assert sum(value for value, _ in shifts) < 0.001, shifts
    finally:
        context.close()
