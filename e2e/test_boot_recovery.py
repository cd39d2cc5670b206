"""Every boot ends in the game or in a message with Retry (P3), whatever file of the page's does not
come: the product retries it itself, never the harness.

Each page-side file a boot needs is aborted with ``page.route``, as Chromium aborts module requests
its service worker answers on a loaded machine (a player's phone too). The pages have no service
worker (``held_page``: it would answer from its cache, out of the route's reach), so every file
comes through the route.

The abort matrix (file, route opened -> how the page recovers, by itself, when the first load
misses the file: every request of it aborted, a preload's and an import's alike):

==========================  =========  =========================================================
file                        route      missing from the first load
==========================  =========  =========================================================
web/boot.js (the entry)     #/blocks   the watchdog (index.html) reloads once: the game comes
web/engine.js               #/blocks   the same (boot.js's static graph: no module runs)
web/route.js                #/blocks   the same
build/graphs.js             #/blocks   the same
web/app.js                  #/blocks   web/boot.js tells the watchdog: one reload
vendor/pyscript/core.js     #/blocks   the same (the engine's start, web/engine.js)
web/games/blocks.js         #/blocks   web/app.js imports it again under a fresh URL: no reload
web/club.js (stats page)    #/club     the same
web/games/blocks/render.js  #/blocks   the fresh import misses it too (a static import of the
                                       page's): web/app.js tells the watchdog, one reload
==========================  =========  =========================================================

(One request aborted is not enough to test this in Chromium 156: it does not keep a failed
module request, so an import asks again after a modulepreload that failed.)

Aborted on every try, the card (a boot's file) or the page (a game's module) says so in the
player's language, with Retry, in bounded time (well under the watchdog's minute without
progress); once the file comes again, Retry brings the game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from arcade import abort_requests, navigation, settings, wait_ready, write_before_start
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
SHELL = {lang: json.loads((ROOT / f"web/i18n/shell.{lang}.json").read_text()) for lang in ("en", "it", "de", "ru")}
# Well under the watchdog's minute without progress (index.html STALL_MS): a failure is told, not timed out.
TOLD_MS = 45_000
# How the page came back: the watchdog's reload, or the page's module imported again in the same load.
RELOAD, REIMPORT = "reload", "re-import"
# What shows the route's page: [route, a locator of it]
SHOWN = {"#/blocks": ".bk-cell", "#/club": ".club-body[data-state=ready]"}


# [file, route, how the page recovers when the first load misses the file]
MISSING_FROM_A_LOAD = [
    ("/web/boot.js", "#/blocks", RELOAD),
    ("/web/engine.js", "#/blocks", RELOAD),
    ("/web/route.js", "#/blocks", RELOAD),
    ("/build/graphs.js", "#/blocks", RELOAD),
    ("/web/app.js", "#/blocks", RELOAD),
    ("/vendor/pyscript/core.js", "#/blocks", RELOAD),
    ("/web/games/blocks.js", "#/blocks", REIMPORT),
    ("/web/club.js", "#/club", REIMPORT),
    ("/web/games/blocks/render.js", "#/blocks", RELOAD),
]


@pytest.mark.parametrize(("path", "route", "how"), MISSING_FROM_A_LOAD, ids=[row[0] for row in MISSING_FROM_A_LOAD])
def test_a_file_missing_from_a_load_comes_by_itself(held_page: Page, server_url: str, path: str, route: str, how: str) -> None:
    page = held_page
    aborted = abort_requests(page, path, loads=1, fresh=False)
    page.goto(server_url + route)
    wait_ready(page)
    expect(page.locator(SHOWN[route]).first).to_be_visible()
    assert aborted, "the file was never asked for"
    assert navigation(page) == ("reload" if how == RELOAD else "navigate")
    if how == REIMPORT:  # asked for again under a fresh URL: the same file with a query
        again = page.evaluate("p => performance.getEntriesByType('resource').map((e) => new URL(e.name))"
                              ".filter((u) => u.pathname === p && u.search.startsWith('?retry=')).length", path)
        assert again == 1, again
    expect(page.locator("#load-error")).to_have_count(0)  # the card went with the boot's end
    # The next start of this tab gets its own retry: the reload's mark went with a good start.
    assert page.evaluate("sessionStorage.getItem('6e-club/v1/boot-reloaded')") is None


# [file, the saved language, where the failure is told]
ALWAYS_FAILS = [
    ("/web/boot.js", "it", "card"),  # no module ran: the watchdog's own words
    ("/build/graphs.js", "ru", "card"),
    ("/web/app.js", "de", "card"),
    ("/web/games/blocks.js", "en", "page"),
]


@pytest.mark.parametrize(("path", "lang", "told"), ALWAYS_FAILS, ids=[row[0] for row in ALWAYS_FAILS])
def test_a_file_that_never_comes_is_told_with_a_retry_that_works(held_page: Page, server_url: str, path: str, lang: str,
                                                                  told: str) -> None:
    page = held_page
    words = SHELL[lang]
    write_before_start(page, server_url, settings(lang))
    aborted = abort_requests(page, path)
    page.goto(server_url + "#/blocks")
    if told == "card":
        card = page.locator("#loader")
        expect(page.locator("#load-error")).to_be_visible(timeout=TOLD_MS)
        expect(card.locator("#loader-stage")).to_have_text(words["shell.loader.failed"])
        expect(card.locator("#load-error-text")).to_have_text(words["shell.loader.missing"])
        retry = card.get_by_role("button", name=words["shell.loader.retry"])
    else:
        section = page.locator("section.game-blocks")
        expect(section.get_by_role("alert")).to_contain_text(words["shell.gameFailed"], timeout=TOLD_MS)
        retry = section.get_by_role("button", name=words["shell.loader.retry"])
    expect(retry).to_be_visible()
    expect(retry).to_be_in_viewport()
    assert navigation(page) == "reload"  # told after the page's one retry of its own, not before
    assert page.locator(".bk-cell").count() == 0
    assert len(aborted) >= 2, aborted
    page.unroute_all()
    retry.click()
    wait_ready(page)
    expect(page.locator(".bk-cell")).to_have_count(61)
    expect(page.locator("#load-error")).to_have_count(0)
