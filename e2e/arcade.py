"""Helpers shared by the e2e tests (import as ``from arcade import ...``)."""

from __future__ import annotations

import json
import os
import time
from urllib.parse import urlparse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, Route, expect

BOOT_TIMEOUT_MS = 90_000
SETTINGS = "6e-club/v1/settings"
SEEN = "6e-club/v1/seen"
# The record of a player who has done every game's first lesson (a page of a test that does not
# ask for a newcomer starts with it: e2e/conftest.py's LESSONS_DONE, and reopen_in_place).
LESSONS_DONE_RECORD = json.dumps({"schema": 1, "lessons": {game: True for game in ("blocks", "domino", "merge", "bowls")},
                                  "tips": {}})
ENGINE_ARCHIVE = "**/build/club.zip"


# Ready (the route mounted, nothing busy), or a boot the page itself says failed (web/boot.js).
READY_OR_FAILED = """(d => (d.ready === '1' && document.getElementById('app')?.getAttribute('aria-busy') === 'false')
  || d.boot === 'failed')(document.documentElement.dataset)"""
READY = "document.documentElement.dataset.ready === '1'"
POLL_MS = 2_000


def watch_failures(page: Page) -> None:
    """Keep, per load of ``page``, the requests that failed (``page.failed_requests``), to say why a
    boot did not end (``wait_ready``). Nothing is retried here: a request the browser aborted is the
    product's to retry (index.html's watchdog, web/app.js), as a player's phone would need it."""
    page.failed_requests = []  # type: ignore[attr-defined]

    def loaded(frame) -> None:
        if frame == page.main_frame:
            page.failed_requests = []  # type: ignore[attr-defined]

    def failed(request) -> None:
        page.failed_requests.append(f"{urlparse(request.url).path} ({request.failure})")  # type: ignore[attr-defined]

    page.on("framenavigated", loaded)
    page.on("requestfailed", failed)


def wait_ready(page: Page) -> None:
    """Wait until Python has booted and the current route is mounted; a boot that never
    ends, or that the page says failed, fails with where it stopped (the loader's stages, the
    snapshot, the route). The page may reload itself on the way (its watchdog's one retry of a
    start whose modules did not come): the wait goes on through it. A test whose subject is a
    failing boot does not wait here.
    """
    began = time.monotonic()
    while time.monotonic() - began < BOOT_TIMEOUT_MS / 1000:
        try:
            page.wait_for_function(READY_OR_FAILED, timeout=POLL_MS)
            break
        except PlaywrightError:
            continue  # not yet, or the page reloaded itself meanwhile
    if not page.evaluate(READY):
        said = [f"{m.type}: {m.text}" for m in page.console_messages() if m.type in ("error", "warning")][-10:]
        failed = getattr(page, "failed_requests", [])[-10:]
        raise AssertionError(f"the arcade did not start: {boot_state(page)}; console: {said}; failed requests: {failed}")
    if os.environ.get("E2E_PROFILE"):  # the page is asked only when the profile is written
        profile("ready", waited=round(time.monotonic() - began, 2),
                **page.evaluate("({visit: document.documentElement.dataset.visit,"
                                " snapshot: document.documentElement.dataset.snapshot, at: Math.round(performance.now())})"))


def abort_requests(page: Page, path: str, loads: int | None = None, fresh: bool = True) -> list[str]:
    """Abort the page's requests for ``path`` (P3: a file the browser does not deliver, as Chromium
    aborts module requests its service worker answers on a loaded machine): made by the first
    ``loads`` documents the test opens from now (None: all of them); ``fresh=False``: only its own
    URL's (the page's fresh URL for it, with a query, goes through). The list of the URLs aborted
    fills as they are. A page with a service worker answers from its cache, out of the route's
    reach: use ``held_page`` or a context with ``service_workers="block"``."""
    aborted: list[str] = []
    opened: list[str] = []
    page.on("framenavigated", lambda frame: opened.append(frame.url) if frame == page.main_frame else None)

    def handle(route: Route) -> None:
        if (loads is None or len(opened) <= loads) and (fresh or not urlparse(route.request.url).query):
            aborted.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route(lambda url: urlparse(url).path == path, handle)
    return aborted


def navigation(page: Page) -> str:
    """How the page's document was opened: "navigate" (a test's goto) or "reload" (the page's own)."""
    return page.evaluate("performance.getEntriesByType('navigation')[0].type")


def until(page: Page, expression: str, timeout_ms: int = 45_000) -> None:
    """Poll ``expression`` with page.evaluate (DevTools evaluation, not the page's eval), so the
    waiting itself never depends on what the page's policy allows (e2e/test_csp.py); through a
    reload the page makes itself (its watchdog's retry) too."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            if page.evaluate(expression):
                return
        except PlaywrightError as error:  # the document went with a reload: ask the next one
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(100)


def open_arcade(page: Page, url: str) -> None:
    """Open the arcade at ``url`` and wait until it is ready (``wait_ready``)."""
    page.goto(url)
    wait_ready(page)


def profile(what: str, **fields: object) -> None:
    """One line of where the suite's time goes, when E2E_PROFILE names a file (each worker appends)."""
    path = os.environ.get("E2E_PROFILE")
    if path:
        with open(path, "a") as out:
            out.write(json.dumps({"what": what, "test": os.environ.get("PYTEST_CURRENT_TEST", ""), "t": time.time(), **fields}) + "\n")


# The arcade this page kept from an earlier test opened again in place (web/app.js restart):
# the origin's storage holds exactly ``items`` (and the first lessons done, as e2e/conftest.py's
# LESSONS_DONE gives a new load), the address is ``url``, then the shell and the route are made.
REOPEN = """async ([url, items, lessonsDone]) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  if (lessonsDone && localStorage.getItem(lessonsDone[0]) === null) localStorage.setItem(...lessonsDone);
  history.replaceState(null, '', url);
  document.activeElement?.blur?.();
  await window.__e2eRestart.open();
}"""


def reopen_in_place(page: Page, url: str, storage: dict[str, str]) -> bool:
    """Open the arcade at ``url`` in a page an earlier test left (e2e/conftest.py keeps it, its
    arcade closed), with ``storage`` as the origin's: what a new load would show, for a fifth of
    a boot's CPU. False (nothing done) for any other page, or one the test changed: it loads."""
    lessons_done = getattr(page, "lessons_done", None)
    # A page the test changed first (its own init script, routes, listeners) loads: they act on a load.
    if lessons_done is None or "e2e-kept" not in page.url or getattr(page, "changed", False):
        return False
    if urlparse(page.url).netloc != urlparse(url).netloc:  # another server's copy of the site (e2e/test_dist.py)
        return False
    page.lessons_done = None  # type: ignore[attr-defined]  # once: a later boot of this test loads the page
    page.evaluate(REOPEN, [url, storage, [SEEN, LESSONS_DONE_RECORD] if lessons_done else None])
    wait_ready(page)
    profile("reopened", url=url)
    return True


def write_before_start(page: Page, base_url: str, storage: dict[str, str]) -> None:
    """Write items into the origin's storage from a blank document of the origin (e2e/shelf.py),
    before the arcade starts there: its next load is a returning player's with these items."""
    page.goto(base_url.rstrip("/") + "/__e2e__/blank")
    page.evaluate("d => Object.entries(d).forEach(([k, v]) => localStorage.setItem(k, v))", storage)


def settings(lang: str, motion: str = "system") -> dict[str, str]:
    """The stored settings of a player who chose ``lang`` (and ``motion``): storage for ``boot``,
    so the arcade starts in that language.

    >>> settings("it")
    {'6e-club/v1/settings': '{"schema": 1, "lang": "it", "motion": "system"}'}
    """
    return {SETTINGS: json.dumps({"schema": 1, "lang": lang, "motion": motion})}


def boot_state(page: Page) -> dict:
    """Where a boot stands, as the page marks it (web/boot.js, web/engine.js)."""
    try:
        return page.evaluate("""() => ({ ...document.documentElement.dataset,
          busy: document.getElementById('app')?.getAttribute('aria-busy'),
          stage: document.getElementById('loader-stage')?.textContent,
          marks: performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`),
          controlled: Boolean(navigator.serviceWorker?.controller) })""")
    except PlaywrightError as error:
        return {"unreadable": str(error)}


def engine_save(game: str, build) -> str:
    """A save made by the CPython engine, for writing into localStorage (test hook)."""
    module = __import__(f"club.{game}.api", fromlist=["Session"])
    session = module.Session()
    return build(session)


def storage_key(game: str, name: str) -> str:
    return f"6e-club/v1/{game}/{name}"


def run_digest(text: str) -> str:
    """web/viewcopy.js's ``runDigest``: FNV-1a (32 bits) of the text's UTF-16 code units, 8 hex digits."""
    digest = 0x811C9DC5
    for unit in memoryview(text.encode("utf-16-le")).cast("H"):
        digest = ((digest ^ unit) * 0x01000193) & 0xFFFFFFFF
    return f"{digest:08x}"


def view_copy(page: Page, game: str) -> tuple[object, str | None, bool]:
    """The view stored beside ``game``'s run, the run, and whether the copy names that run (web/viewcopy.js: a
    copy naming another run is never drawn), read in one task of the page."""
    copy, run = page.evaluate("ks => ks.map(k => localStorage.getItem(k))",
                              [storage_key(game, "view"), storage_key(game, "run")])
    if copy is None:
        return None, run, False
    kept = json.loads(copy)
    return kept["view"], run, run is not None and kept["for_run"] == run_digest(run)


def hold_engine(page: Page) -> list[Route]:
    """Hold the engine worker's start (P3): its request for the games' archive is
    never answered, so Python never gets its engines. Use the ``held_page`` fixture (no
    service worker). The list fills when the request is held; ``release_engine`` undoes it."""
    held: list[Route] = []
    page.route(ENGINE_ARCHIVE, lambda route: held.append(route))
    return held


def wait_until_held(page: Page, held: list[Route]) -> None:
    """Wait until the worker asked for the archive (Pyodide is loaded) and is held there;
    Python is then not up."""
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the engine worker never asked for its archive"
    assert page.evaluate("document.documentElement.dataset.ready") is None


def release_engine(page: Page) -> None:
    page.unroute(ENGINE_ARCHIVE)


def drop_first_legal(page: Page, timeout_ms: int = 30_000) -> str:
    """Drop (B19: a piece, then a cell) the first legal drop the CPython engine finds for the
    stored blocks run, and wait until the worker's answer is stored; the new save. Polls with
    page.evaluate, so it works under the real CSP too (no eval)."""
    from club.blocks.api import Session
    from club.blocks.pieces import CELLS

    key = storage_key("blocks", "run")
    before = page.evaluate("k => localStorage.getItem(k)", key)
    session = Session()
    session.load({"save": before})
    slot = next(t for t in session.view({})["tray"] if t.get("targets"))
    page.click(f'.bk-slot[data-slot="{slot["slot"]}"]')
    page.locator(f'.bk-board-wrap .bk-cell[data-cell="{CELLS[slot["targets"][0]]}"]').click(force=True)  # not a friend's board
    for _ in range(timeout_ms // 100):
        after = page.evaluate("k => localStorage.getItem(k)", key)
        if after != before:
            return after
        page.wait_for_timeout(100)
    raise AssertionError("the drop was not stored")


#: The end card's Daily Club actions (web/kit/clubend.js).
CLUB_ACTIONS = (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code")


def reload_keeps_the_club_block(page: Page, block: Locator, code: str) -> None:
    """P4: a reload of a finished daily shows its end card again with the same club block:
    the counted line, every action, the same replay code."""
    page.reload()
    wait_ready(page)
    expect(block.locator(".club-end-line.counted")).to_be_visible(timeout=30_000)
    for button in CLUB_ACTIONS:
        expect(block.locator(button)).to_be_visible()
    assert block.locator(".club-copy-code").get_attribute("data-code") == code


def expect_play_time(shown: Locator, stored_ms: int) -> None:
    """M11: an end card's play time is the stored play time plus the real seconds the last moves
    took (more than one under load): at least the stored ms, under half a minute more, written m:ss."""
    played = int(shown.get_attribute("data-value") or -1)
    assert stored_ms <= played < stored_ms + 30_000, (stored_ms, played)
    expect(shown).to_have_text(f"{played // 60_000}:{played // 1000 % 60:02d}")



# The animations of an element (and what it holds) that never end: each repaints the page every
# frame for as long as the page is shown, a player idle or not (a phone's battery).
ENDLESS = """el => el.getAnimations({ subtree: true })
  .filter((a) => a.effect?.getComputedTiming().endTime === Infinity)
  .map((a) => a.animationName ?? a.constructor.name)"""


def endless_animations(page: Page, selector: str) -> list[str]:
    """The names of the animations on ``selector`` (its first match, and inside it) that never end."""
    return page.locator(selector).first.evaluate(ENDLESS)
