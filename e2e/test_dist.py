"""The published site (`make dist`, P7), served as GitHub Pages would serve it:
our own files slimmed (JavaScript re-printed without its comments,
CSS and HTML without theirs, compact strings) still boot, draw and play, and the
settings and a first lesson work, with no page error."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from arcade import drop_first_legal, wait_ready
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


def test_the_slimmed_site_plays(page: Page, dist_url: str) -> None:
    page.goto(dist_url + "#/blocks")
    wait_ready(page)
    assert "/**" not in page.evaluate("fetch('web/app.js').then((r) => r.text())")  # the slim copy is served
    expect(page.locator(".bk-cell")).to_have_count(61)
    drop_first_legal(page)
    page.click("#settings-button")
    expect(page.locator("#motion-select")).to_be_visible()
    page.keyboard.press("Escape")
    page.goto(dist_url + "#/merge?lesson")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_be_visible()
    assert page.locator(".kit-lesson-say").inner_text().strip()
