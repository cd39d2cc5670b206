"""Updates that never break a running game (P5/P6).

A copy of the served tree is deployed as version A, a page plays on it, then
version B is deployed (a changed file, a new precache list): the page shows
the Reload prompt, the switch happens only when the player says so (or at the
next navigation from the home screen), the run resumes and B is running.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import drop_first_legal, storage_key, wait_ready
from playwright.sync_api import Page, expect
from shelf import Shelf, make_shelf_server

from build import build_precache

ROOT = Path(__file__).resolve().parent.parent
RUN = storage_key("blocks", "run")


class Site:
    """A served copy of the arcade whose version can be changed."""

    def __init__(self, root: Path, shelf: Shelf) -> None:
        self.root = root
        for name in ("index.html", "pyscript.toml", "sw.js"):
            shutil.copy2(ROOT / name, root / name)
        for folder in ("web", "build"):
            shutil.copytree(ROOT / folder, root / folder)
        (root / "py").mkdir()
        shutil.copy2(ROOT / "py" / "main.py", root / "py" / "main.py")
        (root / "vendor").symlink_to(ROOT / "vendor", target_is_directory=True)
        self.version, _ = build_precache(root)
        self.server = make_shelf_server(root, shelf)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def deploy_change(self) -> str:
        """Version B: one changed file, a new precache list (as `make build` would)."""
        home = self.root / "web" / "home.js"
        home.write_text(home.read_text() + "\n// version B\n")
        version, _ = build_precache(self.root)
        assert version != self.version
        self.version = version
        return version


@pytest.fixture
def site(tmp_path: Path, snapshot_shelf: Shelf) -> Iterator[Site]:
    served = Site(tmp_path, snapshot_shelf)
    yield served
    served.server.shutdown()


@pytest.fixture
def tab(browser, site: Site, snapshot_shelf: Shelf) -> Iterator[Page]:
    """A new player's tab on the site. The interpreter snapshot (P15), which an update keeps
    (it is Pyodide's, not the site version's), is given when another context has stored one:
    the service worker's install and update are the subject here, not the interpreter's start."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    snapshot_shelf.seed(context, site.url)
    context.set_default_timeout(30_000)
    page = context.new_page()
    yield page
    context.close()


def open_controlled(page: Page, url: str, version: str) -> None:
    """First visit: the worker installs, takes control, the page runs ``version``."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    page.wait_for_function(f"document.documentElement.dataset.version === '{version}'")


def stored_score(save: str) -> str:
    """The score of a stored blocks run, as the CPython engine reads it (what the HUD shows of it)."""
    from club.blocks.api import Session

    session = Session()
    session.load({"save": save})
    return str(session.view({})["score"])


def route(page: Page, name: str) -> None:
    page.wait_for_function(f"document.documentElement.dataset.route === '{name}'")
    wait_ready(page)


def test_update_waits_for_reload_and_the_run_resumes(site: Site, tab: Page) -> None:
    """Item 4: A plays; B deployed; prompt; nothing switches until Reload; run resumes on B."""
    version_a = site.version
    open_controlled(tab, site.url + "#/blocks", version_a)
    run = drop_first_legal(tab)
    score = stored_score(run)
    expect(tab.locator(".bk-score")).to_have_attribute("data-score", score)  # the drop is on screen
    version_b = site.deploy_change()
    tab.click('a[href="#/rules/blocks"]')  # any navigation looks for a new version
    route(tab, "rules")
    prompt = tab.locator(".update-bar")
    expect(prompt).to_be_visible(timeout=60_000)
    expect(prompt).to_contain_text("A new version is ready")
    # B waits: this page still runs A, and navigating inside the arcade keeps it
    tab.go_back()
    route(tab, "blocks")
    assert tab.evaluate("document.documentElement.dataset.version") == version_a
    assert tab.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
    expect(prompt).to_be_visible()
    tab.click(".update-reload")
    tab.wait_for_function(f"document.documentElement.dataset.version === '{version_b}'", timeout=60_000)
    route(tab, "blocks")
    assert tab.evaluate("k => localStorage.getItem(k)", RUN) == run
    expect(tab.locator(".bk-score")).to_have_attribute("data-score", score)
    expect(tab.locator(".update-bar")).to_have_count(0)
    # and it still plays on B
    drop_first_legal(tab)


def test_waiting_update_applies_when_leaving_home(site: Site, tab: Page) -> None:
    """Item 4: with B waiting (its prompt closed), the next navigation from the home screen opens B."""
    open_controlled(tab, site.url + "#/rules/merge", site.version)
    version_b = site.deploy_change()
    tab.click(".brand")
    route(tab, "home")
    expect(tab.locator(".update-bar")).to_be_visible(timeout=60_000)
    tab.click(".update-close")  # put aside: B still waits for the next navigation from home
    expect(tab.locator(".update-bar")).to_have_count(0)
    tab.click(".game-card[data-game=merge]")
    tab.wait_for_function(f"document.documentElement.dataset.version === '{version_b}'", timeout=60_000)
    route(tab, "merge")
    expect(tab.locator("section.game-merge")).to_be_visible()


def test_first_visit_is_controlled_without_a_prompt(site: Site, tab: Page) -> None:
    """P5: the very first worker takes control at once (offline after one visit), no prompt."""
    open_controlled(tab, site.url, site.version)
    expect(tab.locator(".update-bar")).to_have_count(0)


def test_a_second_tab_switched_by_the_first_reloads_at_its_next_navigation(site: Site, tab: Page) -> None:
    """Item 4 with two tabs: when one tab switches to B, the other (still on A's
    files) shows the prompt and reloads at its next navigation instead of
    importing B's modules into A's page."""
    version_a = site.version
    open_controlled(tab, site.url + "#/rules/blocks", version_a)
    other = tab.context.new_page()
    open_controlled(other, site.url + "#/blocks", version_a)
    version_b = site.deploy_change()
    tab.click(".brand")
    route(tab, "home")
    expect(tab.locator(".update-bar")).to_be_visible(timeout=60_000)
    tab.click(".update-reload")
    tab.wait_for_function(f"document.documentElement.dataset.version === '{version_b}'", timeout=60_000)
    expect(other.locator(".update-bar")).to_be_visible()
    assert other.evaluate("document.documentElement.dataset.version") == version_a
    other.click('a[href="#/rules/blocks"]')
    other.wait_for_function(f"document.documentElement.dataset.version === '{version_b}'", timeout=60_000)
    route(other, "rules")
