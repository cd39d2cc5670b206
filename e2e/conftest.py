"""Playwright fixtures: the arcade served on 127.0.0.1 and Chromium.

The browser is found by ``e2e/browser.py`` (Debian's ``/usr/bin/chromium``,
else Playwright's bundled one, else ``playwright install chromium``).

Every test gets a new page whose origin storage is empty (localStorage,
sessionStorage, IndexedDB, cookies), in a *warm* browser context shared with
the tests before it: the service worker is installed and its caches, the
interpreter snapshot (P15) and the HTTP cache are kept, so a test whose
subject is not the boot pays a returning visit's start instead of a cold
one. A test whose subject is the first visit, the boot, the service worker or
what the network is asked for is marked ``@pytest.mark.cold`` and gets a new
context of its own, as every test did before. A test that changes its context
(Playwright's clock, permissions, offline, init scripts, routes, closing it)
taints it: the context is dropped after that test, so nothing it set leaks
into the next one.

The page a test got from ``page``/``phone`` is kept for the next test of its
kind too, when the test did not change it (its own listeners, routes or init
scripts) and left the arcade running: the arcade is closed in it (web/app.js's
restart in place: the page shown goes, Python's sessions start anew) and
``boot`` opens it again there with the test's storage and route, as a new load
would show it, for about a fifth of a boot's CPU (a boot costs a page about two
CPU-seconds, most of the suite's time). A test that loads the page itself
(``goto``, ``reload``) gets a real load, as before.

Every page any test opens (fixtures or ``browser.new_context()``) is watched:
a test fails at teardown if any of its pages threw an uncaught error.

Fixtures:
- ``server_url``: base URL of the served repository root (one per session);
- ``browser``: one Chromium per session (contexts it makes are watched);
- ``page``: a desktop page (1280x800) of a player past the first lessons;
- ``phone``: a touch page (390x844, ``has_touch``, ``is_mobile``), the same;
- ``fresh_page`` / ``fresh_phone``: a newcomer's, no lesson done yet;
- ``held_page``: a desktop page without a service worker (``arcade.hold_engine``);
- ``boot(page, route="#/")``: open the arcade at a route and wait until the
  app is ready (Python booted, the route mounted).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
for folder in ("tools", "py", "e2e"):
    sys.path.insert(0, str(ROOT / folder))

from arcade import (  # noqa: E402
    LESSONS_DONE_RECORD,
    SEEN,
    boot_state,
    open_arcade,
    profile,
    reopen_in_place,
    watch_failures,
    write_before_start,
)
from browser import NoBrowser, find_chromium  # noqa: E402
from shelf import Shelf, make_shelf_server  # noqa: E402

from build import stale_outputs  # noqa: E402

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


# Marks every game's first lesson done, unless the page has its own record of it.
LESSONS_DONE = f"""
try {{
  if (location.protocol.startsWith("http") && localStorage.getItem({json.dumps(SEEN)}) === null) {{
    localStorage.setItem({json.dumps(SEEN)}, {json.dumps(LESSONS_DONE_RECORD)});
  }}
}} catch (error) {{ console.warn("no storage here", error); }}
"""


TRAIL_KEPT = 40

# A warm context's pages keep the arcade's restart in place (web/app.js, club:ready), which
# ``boot`` uses on a page lent again (e2e/arcade.py reopen_in_place).
RESTART_HOOK = "addEventListener('club:ready', (event) => { window.__e2eRestart = event.detail.restart; });"
# After a test: the arcade in its page closed (the page shown goes, saving a run in play;
# Python's sessions start anew) and the page at an address no test opens, so a test's goto
# of any arcade route is a new load, not a move inside this document.
CLOSE_FOR_KEEPING = """async () => {
  const hook = window.__e2eRestart;
  if (!hook || document.documentElement.dataset.ready !== '1') return false;
  await hook.close();
  history.replaceState(null, '', '/?e2e-kept');
  return true;
}"""


class PageErrors:
    """Uncaught page errors of the running test, from every page it opens."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        # What a failing test's report shows (pytest_runtest_makereport): its pages'
        # console warnings and errors, failed requests, service worker errors.
        self.trail: deque[str] = deque(maxlen=TRAIL_KEPT)
        self.pages: list[Page] = []

    def watch_context(self, context: BrowserContext) -> BrowserContext:
        context.on("page", self.watch_page)
        context.on("requestfailed", lambda r: self.trail.append(f"request failed: {r.url} {r.failure}"))
        context.on("weberror", lambda e: self.trail.append(f"web error: {e.error}"))
        return context

    def watch_page(self, page: Page) -> list[str]:
        page.on("pageerror", lambda exc: self.seen.append(f"{page.url}: {exc}"))
        page.on("console", lambda m: self.trail.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("close", lambda p: self.pages.remove(p) if p in self.pages else None)
        watch_failures(page)  # what failed in a load, for a boot that did not end (wait_ready)
        self.pages.append(page)
        return self.seen

    def start_test(self) -> None:
        self.seen.clear()
        self.trail.clear()

    def report(self) -> str:
        """The trail and where each open page's boot stands: what a failure's cause leaves behind."""
        states = [f"{page.url}: {boot_state(page)}" for page in self.pages if not page.is_closed()]
        return "\n".join(["pages:", *states, "trail:", *self.trail])


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
        profile("context", kind=json.dumps({k: v for k, v in options.items() if k != "viewport"}, sort_keys=True),
                first_visit=first_visit)
        context = self._errors.watch_context(self._browser.new_context(**options))
        if not first_visit:
            # A player who has done every first lesson: the tests open the
            # games themselves, as before. first_visit=True: a newcomer, who gets them.
            context.add_init_script(LESSONS_DONE)
        return context

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "cold: the test gets a browser context of its own (its subject is the first visit, the boot, "
        "the service worker or the network), not a warm one")


SLOWEST_SHOWN = int(os.environ.get("E2E_SLOWEST", "15"))  # E2E_SLOWEST=300: every test
# E2E_CPU=1: each test's CPU seconds too (its worker's Chromium, driver and Python), which a
# loaded machine stretches far less than its wall time: the cost to compare tests by.
CPU_SHOWN = bool(os.environ.get("E2E_CPU"))
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class CpuMeter:
    """CPU seconds used by this worker and every process under it (its driver, its Chromium and
    each renderer), sampled every half second so that a process that ends (a closed context's
    renderer) keeps what it had used: the total only grows."""

    def __init__(self) -> None:
        self._used: dict[tuple[int, str], int] = {}  # (pid, start time): clock ticks, the last seen
        self._lock = threading.Lock()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        while True:
            self.total()
            time.sleep(0.5)

    def total(self) -> float:
        parents: dict[int, int] = {}
        used: dict[int, tuple[str, int]] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = text[text.rfind(")") + 2:].split()
            parents[int(entry)] = int(fields[1])
            used[int(entry)] = (fields[19], int(fields[11]) + int(fields[12]))  # start time; utime + stime
        tree, todo = {os.getpid()}, [os.getpid()]
        while todo:
            pid = todo.pop()
            for child, parent in parents.items():
                if parent == pid and child not in tree:
                    tree.add(child)
                    todo.append(child)
        with self._lock:
            for pid in tree & used.keys():
                began, ticks = used[pid]
                self._used[(pid, began)] = max(ticks, self._used.get((pid, began), 0))
            return sum(self._used.values()) / TICKS


@functools.cache
def cpu_meter() -> CpuMeter | None:
    """The worker's meter (made at its first test), when E2E_CPU asks for one and /proc has the numbers."""
    return CpuMeter() if CPU_SHOWN and Path("/proc/self/stat").exists() else None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    meter = cpu_meter()
    if meter:
        item.user_properties.append(("cpu_began", meter.total()))
    yield


def _cpu_spent(item: pytest.Item) -> float | None:
    began, meter = dict(item.user_properties).get("cpu_began"), cpu_meter()
    return None if began is None or not meter else meter.total() - began


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """The slowest e2e tests, setup and teardown included: where the suite's time goes."""
    spent: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if isinstance(report, pytest.TestReport):
                spent[report.nodeid] = spent.get(report.nodeid, 0.0) + report.duration
                if report.when == "teardown" and "cpu" in dict(report.user_properties):
                    cpu[report.nodeid] = dict(report.user_properties)["cpu"]
    if not spent:
        return
    in_all = f"{sum(spent.values()) / 60:.1f} min in all" + (f", {sum(cpu.values()) / 60:.1f} min of CPU" if cpu else "")
    terminalreporter.section(f"the {min(SLOWEST_SHOWN, len(spent))} slowest e2e tests (of {len(spent)}, {in_all})")
    for nodeid, seconds in sorted(spent.items(), key=lambda item: -item[1])[:SLOWEST_SHOWN]:
        used = f"  {cpu[nodeid]:6.1f} s CPU" if nodeid in cpu else ""
        terminalreporter.write_line(f"{seconds:7.1f} s{used}  {nodeid}")


@pytest.fixture(scope="session")
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture(autouse=True)
def no_page_errors(page_errors: PageErrors) -> Iterator[None]:
    """Every e2e test ends with no uncaught error on any of its pages."""
    page_errors.start_test()
    yield
    assert page_errors.seen == [], f"uncaught page errors: {page_errors.seen}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failed e2e test's report carries its pages' boot states and trail (PageErrors.report)."""
    outcome = yield
    report = outcome.get_result()
    if call.when == "teardown" and CPU_SHOWN:
        used = _cpu_spent(item)
        if used is not None:
            report.user_properties.append(("cpu", round(used, 2)))
    errors = item.funcargs.get("page_errors") if hasattr(item, "funcargs") else None
    if report.failed and call.when == "call" and isinstance(errors, PageErrors):
        report.sections.append(("pages and console", errors.report()))


def pytest_sessionstart(session: pytest.Session) -> None:
    """The engine archive is rebuilt when py/ is newer, so e2e never tests a stale engine.
    Once, before any test: by the controller when xdist runs workers (never by two at once)."""
    if not hasattr(session.config, "workerinput") and stale_outputs():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)


@pytest.fixture(scope="session")
def snapshot_shelf() -> Shelf:
    return Shelf()


@pytest.fixture(scope="session")
def server_url(snapshot_shelf: Shelf) -> Iterator[str]:
    server = make_shelf_server(ROOT, snapshot_shelf)
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


DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}

# What a test may change on its context that would outlive it there: calling any of
# these taints the context, which is then closed instead of lent to the next test.
CONTEXT_CHANGES = (
    "add_init_script", "grant_permissions", "clear_permissions", "set_offline", "set_geolocation",
    "set_extra_http_headers", "route", "route_from_har", "route_web_socket",
    "expose_binding", "expose_function", "add_cookies", "close",
)
# Context options a page can have on its own (Page.emulate_media): applied to the pages
# a test opens, not part of the kind, so they cost no context of their own.
PAGE_MEDIA = ("reduced_motion", "color_scheme", "forced_colors")
# What a test may change on its page that would outlive it there: calling any of these
# keeps the page from being lent again (it is closed after the test).
PAGE_CHANGES = (
    "on", "once", "route", "route_from_har", "unroute", "add_init_script", "expose_function", "expose_binding",
    "set_extra_http_headers", "add_locator_handler", "set_default_timeout", "set_default_navigation_timeout",
)
# Options given at their Playwright default are the same kind as options left out.
CONTEXT_DEFAULTS = {"has_touch": False, "is_mobile": False, "accept_downloads": True, "device_scale_factor": 1}
MISSING = object()
CLOCK_CHANGES = ("install", "pause_at", "resume", "run_for", "fast_forward", "set_fixed_time", "set_system_time")
SNAPSHOT_WAIT_MS = 30_000
# Everything of an origin but its caches and service worker (those make the context warm).
ORIGIN_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems,shared_storage,storage_buckets"


def _context(browser: WatchedBrowser, **options) -> BrowserContext:
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return context


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


class WarmContext:
    """One kind of player's browser context, lent to one test at a time."""

    def __init__(self, browser: WatchedBrowser, options: dict, shelf: Shelf, home: str) -> None:
        self.context = _context(browser, **options)
        self.home = home  # the suite's server: a page of a test's own server (a CDN, a dist) goes with its test
        self.context.add_init_script(RESTART_HOOK)
        self.first_visit = bool(options.get("first_visit"))
        self.lent: Page | None = None  # the page ``ContextPool.page`` lent the test
        self.kept: Page | None = None  # that page after its test, its arcade closed: lent again
        self.shelf = shelf
        self.tainted = False
        self.snapshot_kept = False
        self.origins: set[str] = set()
        # The size of the pages the borrowing test opens: a page's viewport is its own
        # (Page.set_viewport_size), so one warm context serves every size of its kind.
        self.viewport: dict | None = options.get("viewport")
        # The media features the borrowing test asked for (reduced motion...): a page's own
        # too (Page.emulate_media), so they are not part of the kind either.
        self.media: dict = {}
        for name in CONTEXT_CHANGES:
            self._taint_on(self.context, name)
        self.options = options
        for name in CLOCK_CHANGES:
            self._taint_on(self.context.clock, name)
        self._sized_pages()
        self.context.on("close", lambda _: setattr(self, "tainted", True))
        self.context.on("page", lambda page: page.on("framenavigated", self._seen))

    def _sized_pages(self) -> None:
        new_page = self.context.new_page

        def sized_page(*args, **kwargs) -> Page:
            page = new_page(*args, **kwargs)
            if self.viewport and page.viewport_size != self.viewport:
                page.set_viewport_size(self.viewport)
            if self.media:
                page.emulate_media(**self.media)
            return page

        self.context.new_page = sized_page  # type: ignore[method-assign]

    def _taint_on(self, target: object, name: str) -> None:
        method = getattr(target, name)

        def tainting(*args, **kwargs):
            profile("tainted", by=name)
            self.tainted = True
            for page in self.context.pages:  # what it set (a clock, an init script) acts on a load: boot loads
                page.changed = True  # type: ignore[attr-defined]
            return method(*args, **kwargs)

        setattr(target, name, tainting)

    def _seen(self, frame: Frame) -> None:
        origin = _origin(frame.url)
        if origin:
            self.origins.add(origin)

    def empty_storage(self) -> None:
        """Empty the storage of every origin its pages have visited (caches and service worker kept)."""
        if not self.origins:
            return
        # Through the kept page when there is one (its arcade is closed): a new page costs a renderer's start.
        kept = self.kept if self.kept is not None and not self.kept.is_closed() else None
        page = kept or self.context.new_page()
        cdp = self.context.new_cdp_session(page)
        for origin in sorted(self.origins):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": ORIGIN_STORAGE})
        cdp.detach()
        if page is not kept:
            page.close()

    def lend_page(self) -> Page:
        """The page kept from an earlier test (its arcade closed, ``boot`` opens it again in
        place), sized and with the media this test asked for; else a new page."""
        page, self.kept = self.kept, None
        if page is None or page.is_closed():
            page = self.context.new_page()
            for name in PAGE_CHANGES:
                self._taint_page_on(page, name)
        else:
            if self.viewport and page.viewport_size != self.viewport:
                page.set_viewport_size(self.viewport)
            page.emulate_media(**{**{name: "null" for name in PAGE_MEDIA}, **self.media})
            page.lessons_done = not self.first_visit  # type: ignore[attr-defined]
        page.changed = False  # type: ignore[attr-defined]
        self.lent = page
        return page

    def _taint_page_on(self, page: Page, name: str) -> None:
        """A test that changes its page (routes, init scripts, its own listeners) gets it closed after."""
        method = getattr(page, name)

        def changing(*args, **kwargs):
            page.changed = True  # type: ignore[attr-defined]
            return method(*args, **kwargs)

        setattr(page, name, changing)

    def close_pages(self) -> None:
        lent, self.lent = self.lent, None
        for page in list(self.context.pages):
            if not page.url.startswith(self.home):
                # Its server is gone with its test; left open, its arcade's late requests failed in
                # the next test's page (a kept page of test_loader's CDN: "Failed to fetch" in a domino test).
                page.close()
                continue
            self._keep_snapshot(page)
            if page is lent and self._closed_for_keeping(page):
                self.kept = page
            else:
                page.close()

    @staticmethod
    def _closed_for_keeping(page: Page) -> bool:
        if page.is_closed() or getattr(page, "changed", True) or not page.url.startswith(("http://", "https://")):
            profile("not-kept", why="closed, changed or not the arcade", changed=getattr(page, "changed", None))
            return False
        try:
            kept = bool(page.evaluate(CLOSE_FOR_KEEPING))
        except PlaywrightError as error:
            kept = False
            profile("not-kept", why=str(error).splitlines()[0])
        profile("kept" if kept else "not-kept", url=page.url)
        return kept

    def _keep_snapshot(self, page: Page) -> None:
        """Before the context's first page with a running arcade closes, let it finish the
        interpreter snapshot it scheduled (P15): every later page of the context then starts
        from it, as a returning player's does. Closed earlier, each page would boot without
        one and schedule it again, a second interpreter's start beside the test's own."""
        if self.snapshot_kept or not page.url.startswith(("http://", "https://")):
            return
        try:
            state = page.evaluate("document.documentElement.dataset.snapshot ?? null")
            if state in ("scheduled", "saving"):
                page.wait_for_function(
                    "!['scheduled', 'saving'].includes(document.documentElement.dataset.snapshot)", timeout=SNAPSHOT_WAIT_MS)
                state = page.evaluate("document.documentElement.dataset.snapshot ?? null")
        except PlaywrightError:
            return  # the page is gone or never started the arcade: the next one schedules it
        self.snapshot_kept = state in ("saved", "used")
        if self.snapshot_kept:
            self.shelf.capture(page)


class ContextPool:
    """The warm contexts of a session, by kind of player (their context options); one
    test at a time borrows each (a test that asks for two of a kind gets two)."""

    def __init__(self, browser: WatchedBrowser, shelf: Shelf, base_url: str) -> None:
        self._browser = browser
        self._shelf = shelf
        self._base_url = base_url
        self._idle: dict[str, list[WarmContext]] = {}

    @contextmanager
    def context(self, **options) -> Iterator[BrowserContext]:
        """A warm context of this kind with its storage emptied; its pages are closed after
        (and the context too when the test changed it)."""
        with self._borrow(**options) as warm:
            yield warm.context

    @contextmanager
    def _borrow(self, **options) -> Iterator[WarmContext]:
        options = {"bypass_csp": True, **options}  # WatchedBrowser's default, made part of the kind
        viewport = options.pop("viewport", None) or {"width": 1280, "height": 720}  # Playwright's default
        media = {name: options.pop(name) for name in PAGE_MEDIA if name in options}
        options = {name: value for name, value in options.items() if CONTEXT_DEFAULTS.get(name, MISSING) != value}
        # The viewport is not part of the kind: a context made for one size lends pages of
        # any other (a new kind would cost a first visit: a service worker's install, a
        # boot without a snapshot and the snapshot's making).
        kind = json.dumps(options, sort_keys=True)
        idle = self._idle.setdefault(kind, [])
        warm = idle.pop() if idle else self._new(options, viewport)
        warm.viewport = viewport
        warm.media = media
        warm.empty_storage()
        try:
            yield warm
        finally:
            if warm.tainted:
                if not _closed(warm.context):
                    warm.context.close()
            else:
                warm.close_pages()
                idle.append(warm)

    def _new(self, options: dict, viewport: dict) -> WarmContext:
        """A new warm context, given the snapshot another one stored (e2e/shelf.py)."""
        warm = WarmContext(self._browser, {**options, "viewport": viewport}, self._shelf, self._base_url)
        warm.snapshot_kept = self._shelf.seed(warm.context, self._base_url)
        return warm

    @contextmanager
    def page(self, **options) -> Iterator[Page]:
        """A page in a warm context of this kind (see ``context``): the page an earlier test of
        the kind left, its arcade closed, or a new one."""
        with self._borrow(**options) as warm:
            yield warm.lend_page()

    def close(self) -> None:
        for idle in self._idle.values():
            for warm in idle:
                if not _closed(warm.context):
                    warm.context.close()
        self._idle.clear()


def _closed(context: BrowserContext) -> bool:
    try:
        context.pages  # noqa: B018 - raises once the context is gone
        return False
    except Exception:  # Playwright's error for a closed context
        return True


@pytest.fixture(scope="session")
def context_pool(browser: WatchedBrowser, snapshot_shelf: Shelf, server_url: str) -> Iterator[ContextPool]:
    pool = ContextPool(browser, snapshot_shelf, server_url)
    yield pool
    pool.close()


class Lender:
    """What a test borrows from the pool (``contexts`` fixture), given back after it."""

    def __init__(self, pool: ContextPool) -> None:
        self._pool = pool
        self._open = ExitStack()

    def context(self, **options) -> BrowserContext:
        """A warm context of this kind (viewport, touch, motion...), its storage emptied.
        Do not close it: it goes back to the pool after the test."""
        return self._open.enter_context(self._pool.context(**options))

    def page(self, **options) -> Page:
        """A page of this kind: the one an earlier test of the kind left, its arcade closed
        (``boot`` opens it again in place), or a new one; given back after the test."""
        return self._open.enter_context(self._pool.page(**options))

    def give_back(self) -> None:
        self._open.close()


@pytest.fixture
def contexts(context_pool: ContextPool) -> Iterator[Lender]:
    """Warm contexts for a test that opens its own (a size, two tabs, a second player)."""
    lender = Lender(context_pool)
    yield lender
    lender.give_back()


def _pages(request: pytest.FixtureRequest, pool: ContextPool, page_errors: PageErrors, **options) -> Iterator[Page]:
    """The test's page: from a warm context, or from a new one of its own when it is marked cold."""
    if request.node.get_closest_marker("cold"):
        context = _context(request.getfixturevalue("browser"), **options)
        page = context.new_page()
        page.errors = page_errors.seen  # type: ignore[attr-defined]
        yield page
        context.close()
        return
    with pool.page(**options) as page:
        page.errors = page_errors.seen  # type: ignore[attr-defined]
        yield page


@pytest.fixture
def page(request: pytest.FixtureRequest, context_pool: ContextPool, page_errors: PageErrors) -> Iterator[Page]:
    yield from _pages(request, context_pool, page_errors, **DESKTOP)


@pytest.fixture
def held_page(request: pytest.FixtureRequest, context_pool: ContextPool, page_errors: PageErrors) -> Iterator[Page]:
    """A desktop page without a service worker, whose engine start a test can hold
    (arcade.hold_engine): a service worker would serve the engine's archive from its
    cache, out of page.route's reach."""
    yield from _pages(request, context_pool, page_errors, **DESKTOP, service_workers="block")


@pytest.fixture
def fresh_page(request: pytest.FixtureRequest, context_pool: ContextPool, page_errors: PageErrors) -> Iterator[Page]:
    """A desktop page of a newcomer: no lesson done yet."""
    yield from _pages(request, context_pool, page_errors, **DESKTOP, first_visit=True)


@pytest.fixture
def fresh_phone(request: pytest.FixtureRequest, context_pool: ContextPool, page_errors: PageErrors) -> Iterator[Page]:
    """A phone of a newcomer: no lesson done yet."""
    yield from _pages(request, context_pool, page_errors, **PHONE, first_visit=True)


@pytest.fixture
def phone(request: pytest.FixtureRequest, context_pool: ContextPool, page_errors: PageErrors) -> Iterator[Page]:
    yield from _pages(request, context_pool, page_errors, **PHONE)


@pytest.fixture
def boot(server_url: str):
    def go(page: Page, route: str = "#/", storage: dict[str, str] | None = None) -> Page:
        """The arcade opened at ``route``; with ``storage``, those items are in the origin's
        storage before it starts (a returning player's run or profile): one boot, not a boot,
        a write and a reload."""
        if reopen_in_place(page, server_url + route, storage or {}):
            return page
        if storage:
            write_before_start(page, server_url, storage)
        open_arcade(page, server_url + route)
        return page

    return go


