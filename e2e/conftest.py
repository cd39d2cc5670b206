"""Playwright fixtures: the arcade served on 127.0.0.1 and Chromium.

Debian's ``/usr/bin/chromium`` is used when present (Playwright's own browser
download does not work on these machines), else Playwright's bundled one.
Every test gets a fresh browser context, so storage starts empty.

Fixtures:
- ``server_url``: base URL of the served repository root (one per session);
- ``browser``: one Chromium per session;
- ``page``: a fresh desktop context (1280x800);
- ``phone``: a fresh touch context (390x844, ``has_touch``, ``is_mobile``);
- ``boot(page, route="#/")``: open the arcade at a route and wait until the
  app is ready (Python booted, the route mounted).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for folder in ("tools", "py", "e2e"):
    sys.path.insert(0, str(ROOT / folder))

from arcade import wait_ready  # noqa: E402
from serve import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    server = make_server(ROOT, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        options: dict = {"args": ARGS}
        if os.path.exists(CHROMIUM):
            options["executable_path"] = CHROMIUM
        browser = playwright.chromium.launch(**options)
        yield browser
        browser.close()


def _context(browser: Browser, **options) -> BrowserContext:
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return context


def _watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = _context(browser, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.errors = _watch_errors(page)  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = _context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.errors = _watch_errors(page)  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.fixture
def boot(server_url: str):
    def go(page: Page, route: str = "#/") -> Page:
        page.goto(server_url + route)
        wait_ready(page)
        return page

    return go


