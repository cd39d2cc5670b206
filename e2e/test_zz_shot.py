import pytest
from arcade import storage_key, wait_ready
from playwright.sync_api import expect
from test_merge_layout import LAST_MOVE, ROUTE


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)])
def test_shot(contexts, server_url, size):
    w, h = size
    page = contexts.context(viewport={"width": w, "height": h}, has_touch=w < 500, is_mobile=w < 500, reduced_motion="reduce").new_page()
    page.goto(server_url + ROUTE)
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("merge", "slot/1"), LAST_MOVE])
    page.click(".hm-slots-btn")
    page.locator('.hm-slot[data-slot="1"] .hm-slot-load').click()
    page.wait_for_timeout(500)
    if page.locator(".hm-confirm-yes").count():
        page.click(".hm-confirm-yes")
    page.locator('.hm-cell[data-cell="0:0"]').click()
    expect(page.locator(".hm-over")).to_be_visible()
    page.wait_for_timeout(800)
    page.screenshot(path=f"/tmp/merge-{w}.png")
