"""The published site (`make dist`, P7), served as GitHub Pages would serve it:
our own files slimmed (JavaScript re-printed without its comments,
CSS and HTML without theirs, compact strings) still boot, draw and play, and the
settings and a first lesson work, with no page error."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import BOOT_TIMEOUT_MS, abort_requests, drop_first_legal, navigation, until, wait_ready
from playwright.sync_api import Page, expect
from serve import make_server

import build


@pytest.fixture(scope="module")
def dist_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    dest: Path = tmp_path_factory.mktemp("site") / "dist"
    build.build_dist(dest)
    server = make_server(dest, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


# The scripts a page loaded from web/ (its own: the bundle's chunks, not the sources' modules), and
# what failed to come (an HTTP error or none).
LOADED = """() => performance.getEntriesByType("resource")
  .filter((e) => e.initiatorType === "script" || e.initiatorType === "link")
  .map((e) => ({ path: new URL(e.name).pathname, status: e.responseStatus }))"""


def test_the_slimmed_site_plays(page: Page, dist_url: str) -> None:
    """P16: the page's JavaScript as the bundle's chunks (tools/bundle.py); each route draws and
    is styled, its strings, rules and stylesheets found where the sources had them."""
    page.goto(dist_url + "#/blocks")
    wait_ready(page)
    loaded = page.evaluate(LOADED)
    scripts = {e["path"] for e in loaded if e["path"].startswith("/web/") and e["path"].endswith(".js")}
    assert "/web/boot.js" in scripts and len(scripts) > 3, scripts
    assert all(re.fullmatch(r"/web/(boot|chunk-\w+)\.js", path) for path in scripts), scripts
    assert all(e["status"] in (0, 200) for e in loaded), loaded
    expect(page.locator(".bk-cell")).to_have_count(61)
    assert page.evaluate("getComputedStyle(document.querySelector('.bk-tray')).display") != "inline"  # blocks.css
    drop_first_legal(page)
    page.click("#settings-button")
    expect(page.locator("#motion-select")).to_be_visible()
    page.keyboard.press("Escape")
    page.goto(dist_url + "#/merge?lesson")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_be_visible()
    assert page.locator(".kit-lesson-say").inner_text().strip()
    for route, shown in (("#/", ".game-card"), ("#/club", ".club-body[data-state=ready]"), ("#/rules/bowls", ".rules-body h2"),
                         ("#/domino", "section.game-domino"), ("#/bowls?lesson", "section.game-bowls")):
        page.goto(dist_url + route)
        expect(page.locator(shown).first).to_be_visible()
    expect(page.locator(".bw-bowl")).to_have_count(12)
    assert page.evaluate("getComputedStyle(document.querySelector('.bw-board')).display") != "inline"  # bowls.css


# Every violation of the page's policy, kept on the page (e2e/test_csp.py).
RECORD_VIOLATIONS = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI}`));"""


def test_the_published_site_retries_what_it_missed(browser, dist_url: str) -> None:
    """P3 on the published site, under its own policy (not bypassed) and with no service worker (every
    file through the routes): its entry missing from the first load, the inline watchdog, allowed by the
    hash written for the slimmed page, reloads it once; the game's chunk (build/graphs.js names it)
    missing under its own URL, the page imports it under a fresh one. The game comes, nothing reported."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=False, service_workers="block")
    try:
        page = context.new_page()
        graphs = page.request.get(dist_url + "build/graphs.js").text()
        chunk = json.loads(graphs.split(" = ", 1)[1].rstrip(";\n"))["blocks"][0]
        assert re.fullmatch(r"web/chunk-\w+\.js", chunk), chunk
        page.add_init_script(RECORD_VIOLATIONS)
        entry = abort_requests(page, "/web/boot.js", loads=1)
        page_chunk = abort_requests(page, f"/{chunk}", fresh=False)
        page.goto(dist_url + "#/blocks")
        until(page, "document.documentElement.dataset.ready === '1'", BOOT_TIMEOUT_MS)
        expect(page.locator(".bk-cell")).to_have_count(61)
        assert len(entry) == 1 and page_chunk, (entry, page_chunk)
        assert navigation(page) == "reload"
        assert page.evaluate("window.__cspViolations") == []
    finally:
        context.close()
