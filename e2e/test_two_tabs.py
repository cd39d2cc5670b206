"""P10: two tabs of the same run. A stale tab never overwrites a newer save:
it takes the newer run from storage, and its next move builds on it."""

from __future__ import annotations

from arcade import storage_key, wait_ready
from club.blocks.api import Session
from club.blocks.pieces import CELLS
from playwright.sync_api import Page, expect

RUN = storage_key("blocks", "run")


def stored_view(page: Page) -> dict:
    session = Session()
    session.load({"save": page.evaluate("k => localStorage.getItem(k)", RUN)})
    return session.view({})


def tap_first_legal_drop(page: Page) -> None:
    """Tap-then-tap (B19) the first legal drop the engine knows for the stored run,
    then wait until the engine's answer (in its worker) is stored."""
    before = page.evaluate("k => localStorage.getItem(k)", RUN)
    view = stored_view(page)
    slot = next(t for t in view["tray"] if t.get("targets"))
    cell = str(CELLS[slot["targets"][0]])
    page.click(f'.bk-slot[data-slot="{slot["slot"]}"]')
    box = page.locator(f'.bk-cell[data-cell="{cell}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("([k, v]) => localStorage.getItem(k) !== v", arg=[RUN, before])


def test_stale_tab_takes_the_newer_run_and_never_overwrites_it(contexts, server_url: str) -> None:
    context = contexts.context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(server_url + "#/blocks")
        wait_ready(page)
        expect(page.locator(".bk-board")).to_be_visible()
    first.reload()  # both tabs now show the one stored run
    wait_ready(first)
    drops_before = stored_view(first)["drops"]

    tap_first_legal_drop(first)
    after_first = first.evaluate("k => localStorage.getItem(k)", RUN)
    # The second tab hears the storage event and shows the newer run.
    expect(second.locator(".bk-score .value")).to_have_text(
        str(stored_view(first)["score"]), timeout=10_000
    )
    tap_first_legal_drop(second)
    after_second = second.evaluate("k => localStorage.getItem(k)", RUN)
    assert after_second != after_first
    newer, older = Session(), Session()
    newer.load({"save": after_second})
    older.load({"save": after_first})
    # The second tab's move was made on top of the first tab's: the score only grew,
    # and the board of the first tab's move is still there (filled cells never vanish without a clear).
    assert newer.view({})["score"] > older.view({})["score"]
    assert newer.view({})["drops"] == drops_before + 2
