"""Domino Drop through its real UI (issue 4): a whole classic Sprint by keyboard,
a Marathon to top-out, touch gestures and the on-screen pad, pause/resume and
auto-pause, a reload resuming paused, and the D14 cascade scored in the page."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from arcade import storage_key, wait_ready
from club.domino.api import Session
from club.domino.falling import Falling
from playwright.sync_api import Page, expect

ROUTE = "#/domino"
LANES = [["ArrowLeft"] * 3, ["ArrowLeft"], ["ArrowRight"], ["ArrowRight"] * 3]  # tiles to columns 0, 2, 4, 6


def start(page: Page, mode: str = "sprint", tile_set: str = "classic", tap: bool = False) -> None:
    for value in (mode, tile_set):
        (page.tap if tap else page.click)(f".dd-opt[data-value={value}]")
    (page.tap if tap else page.click)(".dd-go")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")


def falling(page: Page) -> tuple[int, int, int]:
    """The engine's falling tile as the page shows it: (col, row, orient)."""
    text = page.get_attribute(".dd-falling", "data-at") or "-"
    col, rest = text.split(":")
    row, orient = rest.split("@")
    return int(col), int(row), int(orient)


def idle(page: Page) -> None:
    """Wait until a turn's animation is over and the next tile is live."""
    page.wait_for_function("document.querySelector('.dd').dataset.busy !== '1'", timeout=20_000)


def stat(page: Page, name: str) -> str:
    return page.text_content(f"[data-stat={name}]") or ""


def test_sprint_classic_played_by_keyboard_to_the_end(page: Page, boot) -> None:
    """D15: 28 hard drops spread over four lanes end the Sprint with the set complete."""
    boot(page, ROUTE)
    start(page)
    assert stat(page, "set") == "28"
    drops = 0
    while not page.locator(".dd-overlay").count():
        assert drops < 28, "the Sprint did not end after the 28th tile"
        for key in LANES[drops % 4]:
            page.keyboard.press(key)
        page.keyboard.press("Space")
        drops += 1
        idle(page)
        if drops < 28:
            assert stat(page, "set") == str(28 - drops)
    assert drops == 28
    expect(page.locator(".dd-card h2")).to_have_text("Set complete")
    profile = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "profile")))
    best = profile["records"]["sprint/classic"]
    assert best["games"] == 1 and str(best["max"]) == stat(page, "max") and str(best["power"]) == stat(page, "power")
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run")) is None
    page.click("text=Change mode")
    expect(page.locator(".dd-records dd").nth(1)).to_have_text(str(best["power"]))
    assert page.errors == []  # type: ignore[attr-defined]


def test_marathon_to_top_out(page: Page, boot) -> None:
    """D16: hard drops in the spawn columns fill the well until the next tile has no room."""
    boot(page, ROUTE)
    start(page, "marathon", "extended")
    for _ in range(120):
        if page.locator(".dd-overlay").count():
            break
        page.keyboard.press("Space")
        idle(page)
    expect(page.locator(".dd-card h2")).to_have_text("Topped out")
    expect(page.locator(".dd-card .btn.primary")).to_be_focused()
    page.keyboard.press("Enter")  # play again, same mode and set
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    assert page.text_content(".dd-chip") == "Marathon · Extended"
    assert page.errors == []  # type: ignore[attr-defined]


def touch(page: Page, points: list[tuple[float, float]], pause_ms: int = 16, hold_ms: int = 0) -> None:
    """A real touch gesture through the browser's input pipeline (CDP)."""
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        page.wait_for_timeout(pause_ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_touch_gestures_and_pad(phone: Page, boot) -> None:
    """Swipe sideways moves, tap rotates, swipe down holds soft drop, flick hard-drops; pad buttons work."""
    boot(phone, ROUTE)
    start(phone, tap=True)
    box = phone.locator(".dd-well").bounding_box()
    cell = box["width"] / 8.24
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.4
    assert falling(phone)[0] == 3
    touch(phone, [(x0 + cell * k / 4, y0) for k in range(0, 10)])  # 2.25 cells to the right
    assert falling(phone)[0] == 5
    touch(phone, [(x0, y0)])  # a tap
    assert falling(phone)[2] == 1
    phone.tap(".dd-key-left")
    assert falling(phone)[0] == 4
    row = falling(phone)[1]
    touch(phone, [(x0, y0 + cell * k / 2) for k in range(0, 5)], pause_ms=30, hold_ms=300)  # slow swipe, held
    assert falling(phone)[1] >= row + 4  # 50 ms a row while held, not 800
    still = phone.locator(".dd-still .dd-half").count()
    touch(phone, [(x0, y0), (x0, y0 + 100), (x0, y0 + 220)], pause_ms=10)  # flick
    idle(phone)
    assert phone.locator(".dd-still .dd-half").count() == still + 2
    assert falling(phone)[:2] == (3, 0)  # the next tile appeared at the spawn cells
    assert phone.locator(".dd-key").first.bounding_box()["height"] >= 44
    assert phone.errors == []  # type: ignore[attr-defined]


def test_keyboard_controls(page: Page, boot) -> None:
    """D5/D8: a tap moves one column, a held arrow repeats to the wall; Z, X and Up rotate; Down held drops fast."""
    boot(page, ROUTE)
    start(page)
    page.keyboard.press("ArrowLeft")
    assert falling(page)[0] == 2
    page.keyboard.down("ArrowRight")
    page.wait_for_timeout(600)  # 170 ms delay, then every 50 ms: far more than the 4 columns to the wall
    page.keyboard.up("ArrowRight")
    assert falling(page)[0] == 6
    page.keyboard.press("x")
    assert (falling(page)[0], falling(page)[2]) == (6, 1)
    page.keyboard.press("ArrowRight")  # a vertical tile fits in the last column
    page.keyboard.press("ArrowUp")  # O2 there would need columns 7 and 8: kicked one column left (D5)
    assert (falling(page)[0], falling(page)[2]) == (6, 2)
    page.keyboard.press("z")
    page.keyboard.press("z")
    assert falling(page)[2] == 0
    row = falling(page)[1]
    page.keyboard.down("ArrowDown")
    page.wait_for_timeout(300)
    page.keyboard.up("ArrowDown")
    assert falling(page)[1] >= row + 3
    assert page.errors == []  # type: ignore[attr-defined]


def test_pause_resume_and_auto_pause(page: Page, boot) -> None:
    """P pauses (time stops), P resumes; a hidden page pauses by itself (D17)."""
    boot(page, ROUTE)
    start(page)
    page.keyboard.press("p")
    expect(page.locator(".dd-overlay")).to_be_visible()
    where = falling(page)
    page.wait_for_timeout(1300)
    assert falling(page) == where  # no gravity while paused
    page.keyboard.press("p")
    expect(page.locator(".dd-overlay")).to_have_count(0)
    page.wait_for_function("document.querySelector('.dd-falling').dataset.at.split(':')[1].split('@')[0] !== '0'",
                           timeout=5000)
    page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                  "document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator(".dd-overlay")).to_be_visible()
    page.click(".dd-card .btn.primary")
    expect(page.locator(".dd-overlay")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_reload_resumes_paused(page: Page, boot) -> None:
    """D18: the run in progress comes back after a reload, paused, with the same well."""
    boot(page, ROUTE)
    start(page, "marathon", "classic")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    idle(page)
    page.keyboard.press("ArrowRight")
    cells = page.locator(".dd-still .dd-half").count()
    page.reload()
    wait_ready(page)
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")
    assert cells == 2  # one tile locked in an empty well: nothing to match
    assert page.locator(".dd-still .dd-half").count() == cells
    assert page.text_content(".dd-chip") == "Marathon · Classic"
    assert falling(page)[0] == 4  # the move before the reload was saved
    page.click(".dd-card .btn.primary")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_d14_cascade_scores_in_the_page(page: Page, boot, motion: str) -> None:
    """A save written by the CPython engine (test hook): 2-5 over a 2 and a 5 cascades, Max 4, Power 9;
    with reduced motion too (fades only)."""
    page.emulate_media(reduced_motion=motion)
    rows = ["." * 16] * 14 + ["......2d........", "......3u5r1l...."]
    session = Session()
    session.new({"seed": 1, "mode": "sprint", "set": "classic", "position": "/".join(rows) + " 0 0"})
    session.game = replace(session.game, falling=Falling(2, 5, 3, 0, 0))
    boot(page, ROUTE)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("domino", "run"), session.save({})])
    page.reload()
    wait_ready(page)
    page.click(".dd-card .btn.primary")
    page.keyboard.press("Space")
    idle(page)
    assert (stat(page, "max"), stat(page, "power")) == ("4", "9")
    assert page.locator(".dd-still .dd-half").count() == 2  # the 3 and the 1 are left
    assert page.errors == []  # type: ignore[attr-defined]
