"""The files a first visit's engine worker starts from (P3, P16): the runtime's wasm and
module, the standard library built for the arcade, the engine archive.

- Each crosses the wire once, on a host that lets the browser keep nothing
  (``Cache-Control: no-cache`` and no validator, ``tools/throttle.py --host
  no-cache``): the page's downloads are handed to the worker (web/downloads.js,
  web/pyodide-loader.mjs), not asked of the network again.
- A download that fails is asked for again once by the arcade itself: the game
  comes by itself. One that fails again shows what failed and Retry; Retry, the
  network back, brings the game.

A first visit in a context of its own without a service worker (``held_page``: the
requests reach the routes, and the page keeps no earlier visit). Routes are the
context's: the engine worker's requests are its own, not the page's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import READY_OR_FAILED, wait_ready
from playwright.sync_api import Page, Route, expect
from test_loader import serving
from throttle import ThrottledServer

ROOT = Path(__file__).resolve().parent.parent
BOOT = json.loads((ROOT / "build" / "boot.json").read_text())["files"]
# Each file the worker's start needs, by name: its address (a query the arcade adds to ask again included).
FILES = {
    "pyodide.asm.wasm": re.compile(r"/vendor/pyodide/pyodide\.asm\.wasm(\?.*)?$"),
    "pyodide.asm.mjs": re.compile(r"/vendor/pyodide/pyodide\.asm\.mjs(\?.*)?$"),
    "python_stdlib.zip": re.compile(r"/build/python_stdlib\.zip(\?.*)?$"),
    "club.zip": re.compile(r"/build/club\.zip(\?.*)?$"),
}
# A download cut as a dropped connection cuts it (not net::ERR_ABORTED: e2e/arcade.py reloads a page
# whose own modules the browser aborted).
CUT = "connectionreset"


@pytest.fixture
def keeps_nothing() -> Iterator[ThrottledServer]:
    """The arcade served by a host that lets the browser keep nothing, at full speed, counting
    the bytes it sends."""
    yield from serving("no-cache")


@pytest.mark.cold
def test_a_host_that_keeps_nothing_sends_each_boot_file_once(held_page: Page, keeps_nothing: ThrottledServer) -> None:
    """P16: the engine worker reads the page's downloads where the page put them: each file of
    the boot list crosses the wire once before the game is interactive (it crossed twice when the
    worker relied on the browser's cache: 9.66 MB instead of 4.95)."""
    held_page.goto(f"http://127.0.0.1:{keeps_nothing.server_address[1]}/#/blocks")
    wait_ready(held_page)
    sent = keeps_nothing.link.by_path_before(keeps_nothing.link.wall() + 1)  # type: ignore[operator]
    for file in BOOT:
        wire = sent.get("/" + file["url"], 0)
        assert file["wire"] * 0.9 < wire < file["wire"] * 1.2 + 2_000, (file["url"], wire, file["wire"])
    assert held_page.evaluate("document.documentElement.dataset.received") == "1"


def cut(tries: list[str], times: int):
    """A route that cuts the first ``times`` requests (all: -1) and lets the others through,
    keeping each request's address in ``tries``."""

    def answer(route: Route) -> None:
        tries.append(route.request.url)
        if times < 0 or len(tries) <= times:
            route.abort(CUT)
        else:
            route.continue_()

    return answer


@pytest.mark.cold
@pytest.mark.parametrize("name", FILES)
def test_a_file_cut_once_is_asked_for_again_and_the_game_comes(held_page: Page, server_url: str, name: str) -> None:
    """P3: the first download of the file fails; the arcade asks for it once more by itself and
    the game starts, the error never shown, the progress complete."""
    tries: list[str] = []
    held_page.context.route(FILES[name], cut(tries, 1))
    held_page.goto(server_url + "#/blocks")
    wait_ready(held_page)
    expect(held_page.locator(".bk-cell")).to_have_count(61)
    expect(held_page.locator("#load-error")).to_have_count(0)  # gone with the loader card, never shown
    assert len(tries) >= 2, tries  # cut, then asked for once more
    first, _, *later = tries
    if later:  # a first visit's snapshot, made in a pause after the start (P15), imports the runtime's module itself
        assert name == "pyodide.asm.mjs" and later == [first], tries
        assert held_page.evaluate("document.documentElement.dataset.snapshot") in ("saving", "saved"), tries
    assert held_page.evaluate("document.documentElement.dataset.received") == "1"  # the progress counted it all


@pytest.mark.cold
@pytest.mark.parametrize("name", FILES)
def test_a_file_cut_every_time_shows_the_error_and_retry_brings_the_game(held_page: Page, server_url: str,
                                                                          name: str) -> None:
    """P3: the file fails and fails again when asked for once more: the loader says what failed,
    with Retry, after those two tries only; the network back, Retry brings the game."""
    tries: list[str] = []
    held_page.context.route(FILES[name], cut(tries, -1))
    held_page.goto(server_url + "#/blocks")
    held_page.wait_for_function(READY_OR_FAILED, timeout=60_000)
    assert held_page.evaluate("document.documentElement.dataset.boot") == "failed"
    expect(held_page.locator("#load-error")).to_be_visible()
    expect(held_page.locator("#load-error-text")).to_contain_text(name)
    expect(held_page.locator("#retry")).to_be_visible()
    assert len(tries) == 2, tries
    held_page.context.unroute(FILES[name])
    held_page.click("#retry")
    wait_ready(held_page)
    expect(held_page.locator(".bk-cell")).to_have_count(61)
