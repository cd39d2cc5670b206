"""Color Bowls through the real page (W5, W19-W23, W25): mouse, touch and keyboard.

The CPython engine plays planner here: it reads the attempt's save from
localStorage and tells the test which bowl leads where (the browser's engine
must then agree, move by move), so the runs are short and deterministic.
"""

from __future__ import annotations

import datetime
import json

from arcade import storage_key
from club.bowls.api import Session
from club.bowls.attempt import Attempt
from club.bowls.notation import print_position
from club.bowls.saves import load_attempt
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"


def idle(page: Page) -> None:
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && r.dataset.animating !== '1'; })()"
    )


def saved(page: Page) -> Attempt:
    return load_attempt(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "run")))


def position(page: Page) -> str:
    return page.locator(ROOT).get_attribute("data-position") or ""


def outcome(attempt: Attempt, bowl: int) -> Attempt:
    """The attempt after sowing ``bowl`` in CPython (a copy)."""
    from club.bowls.saves import dump_attempt

    copy = load_attempt(dump_attempt(attempt))
    assert copy.play(bowl).accepted
    return copy


def bowl(page: Page, b: int):
    return page.locator(f".bw-bowl[data-bowl='{b}']")


def test_endless_by_mouse_until_overflow(page: Page, boot) -> None:  # W5, W12, W19, W22
    boot(page, "#/bowls")
    page.click(".bw-mode-endless .bw-start")
    idle(page)
    for _ in range(60):
        attempt = saved(page)
        if attempt.status():
            break
        futures = {b: outcome(attempt, b) for b in attempt.choosable()}
        lost = [b for b, a in futures.items() if a.status() == "overflow"]
        target = lost[0] if lost else max(futures, key=lambda b: max(len(q) for q in futures[b].position.bowls))
        bowl(page, target).click()
        bowl(page, target).click()  # W22: a second click on the chosen bowl sows
        idle(page)
        assert position(page) == print_position(futures[target].position)
    expect(page.locator(ROOT)).to_have_attribute("data-status", "overflow")
    expect(page.locator(".bw-over h2")).to_have_text("Overflow!")
    profile = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")))
    assert profile["best"]["endless"] == saved(page).position.score  # recorded either way (W19)
    assert page.errors == []


def test_daily_of_twenty_moves_by_keyboard(page: Page, boot) -> None:  # W20, W22
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    boot(page, "#/bowls")
    page.locator(".bw-mode-daily .bw-start").focus()
    page.keyboard.press("Enter")
    idle(page)
    expected_start = Attempt.start("daily", date=today).position
    assert position(page) == print_position(expected_start)  # same start in CPython and the browser
    for move in range(20):
        attempt = saved(page)
        safe = [b for b in attempt.choosable() if outcome(attempt, b).status() != "overflow"]
        target = safe[0]
        page.keyboard.press("ArrowRight")
        for _ in range(12):
            if page.locator(".bw-bowl.chosen").get_attribute("data-bowl") == str(target):
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        idle(page)
        assert saved(page).position.moves == move + 1
    expect(page.locator(ROOT)).to_have_attribute("data-status", "limit")
    expect(page.locator(".bw-over h2")).to_have_text("Daily challenge complete")
    profile = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")))
    assert profile["daily"][today] == saved(page).position.score
    assert page.errors == []


def test_undo_redo_and_training_mark(page: Page, boot) -> None:  # W21
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.click(".bw-mode-endless .bw-start")
    idle(page)
    before = position(page)
    first = saved(page).choosable()[0]
    bowl(page, first).click()
    page.click(".bw-sow")
    idle(page)
    after = position(page)
    assert after != before
    expect(page.locator(".bw-training")).to_be_hidden()
    page.keyboard.press("u")
    idle(page)
    assert position(page) == before
    expect(page.locator(".bw-training")).to_be_visible()
    page.keyboard.press("Control+y")
    idle(page)
    assert position(page) == after  # the same refill again
    page.click(".bw-undo")
    page.click(".bw-redo")
    idle(page)
    assert position(page) == after
    page.keyboard.press("Control+z")
    idle(page)
    assert position(page) == before and saved(page).training
    page.click(".bw-pause")
    page.click(".bw-mode-endless .bw-start")  # a new attempt starts unmarked
    idle(page)
    expect(page.locator(".bw-training")).to_be_hidden()
    assert page.errors == []


def _write_run(page: Page, save_text: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("bowls", "run"), save_text])
    page.reload()


def test_forecast_line(page: Page, boot) -> None:  # W23
    boot(page, "#/bowls")
    session = Session()
    session.new({"mode": "endless", "seed": 3, "position": "-/RGG/RR/YPRBP[v]/PYBRY[v]/-/-/BB/-/-/-/G 0 0"})
    _write_run(page, session.save({}))
    idle(page)
    bowl(page, 1).click()
    expect(page.locator(".bw-forecast")).to_be_hidden()  # off by default
    page.click(".bw-settings")
    page.check(".bw-forecast-toggle")
    page.keyboard.press("Escape")
    expect(page.locator(".bw-forecast")).to_have_text("Forecast: 2 matching bowls · ×2 · +140")
    bowl(page, 11).click()
    expect(page.locator(".bw-forecast")).to_have_text("Forecast: no match.")
    page.reload()
    idle(page)
    bowl(page, 1).click()  # the setting is kept
    expect(page.locator(".bw-forecast")).to_contain_text("+140")
    assert page.errors == []


def test_reload_resumes_and_touch_plays(phone: Page, boot) -> None:  # W22, W25
    page = phone
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.tap(".bw-mode-endless .bw-start")
    idle(page)
    for _ in range(2):
        target = saved(page).choosable()[0]
        bowl(page, target).tap()
        bowl(page, target).tap()
        idle(page)
    mid = position(page)
    assert saved(page).position.moves == 2
    page.reload()
    idle(page)
    expect(page.locator(ROOT)).to_have_attribute("data-screen", "game")
    assert position(page) == mid
    box = bowl(page, 0).bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44  # P13 touch targets
    assert page.errors == []
