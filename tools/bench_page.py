"""What ``make bench``'s browser measurements share: the browser, the page's
marks, the first board paint, and the checks that a figure comes from the page
it names (``Unmeasured`` when it cannot: the bench then exits non-zero)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
for folder in ("tools", "e2e"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

# A player past every game's first lesson, marked exactly as the e2e tests mark one.
from conftest import LESSONS_DONE, PHONE  # noqa: E402
from serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "document.documentElement.dataset.ready === '1'"
BOOT_TIMEOUT_MS = 120_000
# The first board paint: when the game's board first holds its cells (observed in the DOM,
# so it reads the same on any build of the page).
BOARD = {"#/blocks": ".bk-board-wrap svg polygon", "#/merge": ".game-merge svg polygon",
         "#/bowls": ".game-bowls .bw-bowl", "#/domino": ".game-domino svg rect"}
PAINT = ("window.__clubPaint = null; new MutationObserver((_, observer) => {"
         " if (document.querySelector(%s)) { window.__clubPaint = performance.now(); observer.disconnect(); } })"
         ".observe(document, { subtree: true, childList: true });")
__all__ = ["ARGS", "BOARD", "BOOT_TIMEOUT_MS", "LESSONS_DONE", "PHONE", "READY", "Unmeasured", "at_route",
           "bench_parser", "board_paint", "launch", "mark", "player_context", "run_alone", "served", "watch_paint"]


class Unmeasured(Exception):
    """A figure the bench could not take, with the reason (``make bench`` exits non-zero)."""


def bench_parser(doc: str, repeat: int, alone: bool = True) -> argparse.ArgumentParser:
    """A bench's command line: ``--repeat`` (its default ``repeat``), ``--root`` (the served tree) and, for a part
    run ``alone`` (``run_alone``), ``--json``; described by ``doc``'s first line, or all of it for ``make bench``."""
    if alone:
        parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    else:
        parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--root", type=Path, default=ROOT, help="the served tree (another checkout to compare)")
    if alone:
        parser.add_argument("--json", action="store_true")
    return parser


@contextmanager
def served(root: Path) -> Iterator[str]:
    """The tree at ``root`` served on a free port while the block runs: its address."""
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def run_alone(args: argparse.Namespace, run: Callable[[Browser, str], dict], lines: Callable[[dict], list[str]]) -> int:
    """A part of the bench run on its own (``bench_parser``'s ``args``): ``run``'s report, taken in a browser on the
    served tree, printed as ``lines`` or as JSON."""
    with served(args.root) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            report = run(browser, url)
        finally:
            browser.close()
    print(json.dumps(report, indent=1) if args.json else "\n".join(lines(report)))
    return 0


def launch(playwright) -> Browser:
    options: dict = {"args": ARGS}
    if os.path.exists("/usr/bin/chromium"):
        options["executable_path"] = "/usr/bin/chromium"
    return playwright.chromium.launch(**options)


def player_context(browser: Browser, newcomer: bool = False, **options) -> BrowserContext:
    """A fresh profile of a player past the first lessons (``newcomer``: one who has done none)."""
    context = browser.new_context(**options)
    if not newcomer:
        context.add_init_script(LESSONS_DONE)
    return context


def watch_paint(context: BrowserContext, route: str) -> None:
    context.add_init_script(PAINT % json.dumps(BOARD.get(route.split("?")[0], "svg")))


def mark(page: Page, name: str) -> float:
    value = page.evaluate(f"performance.getEntriesByName('{name}')[0]?.startTime ?? null")
    if value is None:
        raise Unmeasured(f"the page never marked {name} (at {page.url})")
    return float(value)


def board_paint(page: Page) -> float:
    value = page.evaluate("window.__clubPaint")
    if value is None:
        raise Unmeasured(f"no board was painted at {page.url} (its cells are not where make bench looks)")
    return float(value)


def at_route(page: Page, route: str) -> None:
    """The page is the one the figure names: the route asked for, mounted, not another
    (a newcomer opening ``#/blocks`` is sent to ``#/blocks?lesson``)."""
    try:
        hash_, mounted = page.evaluate("[location.hash, document.documentElement.dataset.route]")
    except PlaywrightError as error:
        raise Unmeasured(f"the page at {route} is unreadable: {str(error).splitlines()[0]}") from None
    wanted = route.removeprefix("#/").split("?")[0] or "home"
    if hash_ != route or mounted != wanted:
        raise Unmeasured(f"asked for {route}, the page shows {hash_ or '#/'} (route {mounted})")
