"""Playwright fixtures: the arcade served on 127.0.0.1 and Chromium.

The browser is found by ``e2e/browser.py`` (Debian's ``/usr/bin/chromium``,
else Playwright's bundled one, else ``playwright install chromium``).
Every test gets a fresh browser context, so storage starts empty, and every
page any test opens (fixtures or ``browser.new_context()``) is watched: a
test fails at teardown if any of its pages threw an uncaught error.

Fixtures:
- ``server_url``: base URL of the served repository root (one per session);
- ``browser``: one Chromium per session (contexts it makes are watched);
- ``page``: a fresh desktop context (1280x800);
- ``phone``: a fresh touch context (390x844, ``has_touch``, ``is_mobile``);
- ``boot(page, route="#/")``: open the arcade at a route and wait until the
  app is ready (Python booted, the route mounted).
"""

from __future__ import annotations

import subprocess
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
from browser import NoBrowser, find_chromium  # noqa: E402
from serve import make_server  # noqa: E402

from build import stale_outputs  # noqa: E402

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


# Marks every game's first lesson done, unless the page has its own record of it.
LESSONS_DONE = """
try {
  if (location.protocol.startsWith("http") && localStorage.getItem("6e-club/v1/seen") === null) {
    localStorage.setItem("6e-club/v1/seen", JSON.stringify({
      schema: 1, lessons: {blocks: true, domino: true, merge: true, bowls: true}, tips: {}}));
  }
} catch (error) { console.warn("no storage here", error); }
"""


class PageErrors:
    """Uncaught page errors of the running test, from every page it opens."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch_context(self, context: BrowserContext) -> BrowserContext:
        context.on("page", self.watch_page)
        return context

    def watch_page(self, page: Page) -> list[str]:
        page.on("pageerror", lambda exc: self.seen.append(f"{page.url}: {exc}"))
        return self.seen


class WatchedBrowser:
    """The session's Browser, whose new contexts report their page errors."""

    def __init__(self, browser: Browser, errors: PageErrors) -> None:
        self._browser = browser
        self._errors = errors

    def new_context(self, **options) -> BrowserContext:
        # The page's Content-Security-Policy forbids eval, and Playwright's
        # wait_for_function polls its predicate with eval (even a function
        # predicate), so test contexts bypass the CSP by default. The CSP is
        # checked for real by e2e/test_csp.py, whose contexts pass
        # bypass_csp=False and wait with locators and page.evaluate instead.
        options.setdefault("bypass_csp", True)
        first_visit = options.pop("first_visit", False)
        context = self._errors.watch_context(self._browser.new_context(**options))
        if not first_visit:
            # A player who has done every first lesson (issue 15): the tests open the
            # games themselves, as before. first_visit=True: a newcomer, who gets them.
            context.add_init_script(LESSONS_DONE)
        return context

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture(autouse=True)
def no_page_errors(page_errors: PageErrors) -> Iterator[None]:
    """Every e2e test ends with no uncaught error on any of its pages."""
    page_errors.seen.clear()
    yield
    assert page_errors.seen == [], f"uncaught page errors: {page_errors.seen}"


@pytest.fixture(scope="session", autouse=True)
def fresh_build() -> None:
    """The engine archive is rebuilt when py/ is newer, so e2e never tests a stale engine."""
    if stale_outputs():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    server = make_server(ROOT, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser(page_errors: PageErrors) -> Iterator[WatchedBrowser]:
    try:
        executable = find_chromium()
    except NoBrowser as error:
        pytest.exit(str(error), returncode=1)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(executable), args=ARGS)
        yield WatchedBrowser(launched, page_errors)
        launched.close()


def _context(browser: WatchedBrowser, **options) -> BrowserContext:
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return context


DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def _pages(browser: WatchedBrowser, page_errors: PageErrors, **options) -> Iterator[Page]:
    """One page in a context of its own, closed after the test."""
    context = _context(browser, **options)
    page = context.new_page()
    page.errors = page_errors.seen  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.fixture
def page(browser: WatchedBrowser, page_errors: PageErrors) -> Iterator[Page]:
    yield from _pages(browser, page_errors, **DESKTOP)


@pytest.fixture
def held_page(browser: WatchedBrowser, page_errors: PageErrors) -> Iterator[Page]:
    """A desktop page without a service worker, whose engine start a test can hold
    (arcade.hold_engine): a service worker would serve the engine's archive from its
    cache, out of page.route's reach."""
    yield from _pages(browser, page_errors, **DESKTOP, service_workers="block")


@pytest.fixture
def fresh_page(browser: WatchedBrowser, page_errors: PageErrors) -> Iterator[Page]:
    """A desktop page of a newcomer: no lesson done yet (issue 15)."""
    yield from _pages(browser, page_errors, **DESKTOP, first_visit=True)


@pytest.fixture
def fresh_phone(browser: WatchedBrowser, page_errors: PageErrors) -> Iterator[Page]:
    """A phone of a newcomer: no lesson done yet (issue 15)."""
    yield from _pages(browser, page_errors, **PHONE, first_visit=True)


@pytest.fixture
def phone(browser: WatchedBrowser, page_errors: PageErrors) -> Iterator[Page]:
    yield from _pages(browser, page_errors, **PHONE)


@pytest.fixture
def boot(server_url: str):
    def go(page: Page, route: str = "#/") -> Page:
        page.goto(server_url + route)
        wait_ready(page)
        return page

    return go


