"""Color Bowls through the real page (W5, W19-W23, W25): mouse, touch and keyboard.

The CPython engine plays planner here: it reads the attempt's save from
localStorage and tells the test which bowl leads where (the browser's engine
must then agree, move by move), so the runs are short and deterministic.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from arcade import (
    BOOT_TIMEOUT_MS,
    hold_engine,
    release_engine,
    storage_key,
    view_copy,
    wait_ready,
    wait_until_held,
)
from club.bowls.api import Session
from club.bowls.attempt import Attempt
from club.bowls.notation import print_position
from club.bowls.profile import load as load_profile
from club.bowls.saves import load as load_attempt
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"
ROOT_DIR = Path(__file__).resolve().parent.parent


def idle(page: Page) -> None:
    """The page is live (not "starting": after a reload that is the engine's boot), has
    applied every answer asked for (not "busy": the engine answers from a worker) and no
    move is animating."""
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; })()",
        timeout=BOOT_TIMEOUT_MS,
    )


def saved(page: Page) -> Attempt:
    return load_attempt(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "run")))


def position(page: Page) -> str:
    return page.locator(ROOT).get_attribute("data-position") or ""


def outcome(attempt: Attempt, bowl: int) -> Attempt:
    """The attempt after sowing ``bowl`` in CPython (a copy)."""
    from club.bowls.saves import dump as dump_attempt

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
    profile = load_profile(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")))
    assert profile["best"]["endless"] == saved(page).position.score  # recorded either way (W19)
    assert page.errors == []


def test_a_sow_spends_the_choice(page: Page, boot) -> None:  # W22
    """A quick third click on a bowl just sown chooses it; it never sows again (CI saw a
    double sow when the sown bowl was refilled and stayed chosen)."""
    boot(page, "#/bowls")
    page.click(".bw-mode-endless .bw-start")
    idle(page)
    for _ in range(40):
        attempt = saved(page)
        refilled = [b for b in attempt.choosable() if b in outcome(attempt, b).choosable()]
        target = refilled[0] if refilled else attempt.choosable()[0]
        if refilled:
            moves = attempt.position.moves
            for _ in range(3):
                bowl(page, target).click()
            idle(page)
            assert saved(page).position.moves == moves + 1
            return
        bowl(page, target).click()
        bowl(page, target).click()
        idle(page)
    raise AssertionError("no refilled bowl in 40 moves of this endless attempt")


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
    profile = load_profile(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")))
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


# ----- defects from real play ------------------------------------------------------

FOCUS_INSIDE = "() => !!document.activeElement && !!document.activeElement.closest('.bw-overlay')"


def assert_focus_trapped(page: Page, presses: int = 8) -> None:
    """P11: Tab and Shift+Tab never leave the pop-up on top."""
    for key in ["Tab"] * presses + ["Shift+Tab"] * presses:
        page.keyboard.press(key)
        assert page.evaluate(FOCUS_INSIDE), f"{key} left the pop-up: {page.evaluate('document.activeElement.outerHTML.slice(0, 80)')}"


def focused_class(page: Page) -> str:
    return page.evaluate("document.activeElement.className.baseVal ?? document.activeElement.className")


def test_every_popup_keeps_focus_inside_and_escape_gives_it_back(page: Page, boot) -> None:  # P11
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.locator(".bwt-open").focus()
    page.keyboard.press("Enter")  # the gallery (themes, achievements)
    expect(page.locator(".bwt-gallery")).to_be_visible()
    assert_focus_trapped(page, 12)
    page.keyboard.press("Escape")
    expect(page.locator(".bw-overlay")).to_have_count(0)
    assert "bwt-open" in focused_class(page)

    page.click(".bw-mode-endless .bw-start")
    idle(page)
    page.locator(".bw-game .bw-settings").focus()
    page.keyboard.press("Enter")  # settings
    expect(page.locator(".bw-settings-card")).to_be_visible()
    assert_focus_trapped(page)
    page.keyboard.press("Escape")
    expect(page.locator(".bw-overlay")).to_have_count(0)
    assert "bw-settings" in focused_class(page)

    page.locator(".bw-end").focus()
    page.keyboard.press("Enter")  # the End confirm
    assert_focus_trapped(page)
    page.keyboard.press("Escape")
    expect(page.locator(".bw-overlay")).to_have_count(0)
    assert "bw-end" in focused_class(page)
    assert saved(page).status() is None  # Escape did not end it

    page.click(".bw-end")
    page.click(".bw-end-yes")  # the end card
    expect(page.locator(".bw-over")).to_be_visible()
    assert_focus_trapped(page)
    page.keyboard.press("Escape")
    expect(page.locator(".bw-overlay")).to_have_count(0)
    assert "bw-bowl" in focused_class(page)  # the opener is disabled now: focus goes to the ring
    assert page.errors == []


def test_new_attempt_asks_before_discarding_an_unfinished_one(page: Page, boot) -> None:  # W19, W25
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.click(".bw-mode-endless .bw-start")
    idle(page)
    target = saved(page).choosable()[0]
    bowl(page, target).click()
    page.click(".bw-sow")
    idle(page)
    played = position(page)
    score = saved(page).position.score
    page.click(".bw-pause")
    page.click(".bw-mode-endless .bw-start")
    card = page.locator(".bw-discard")
    expect(card).to_be_visible()
    expect(card).to_contain_text(f"Your unfinished attempt (1 move, score {score}) will be discarded")
    page.click(".bw-discard-no")  # keep it: nothing changed
    expect(page.locator(".bw-overlay")).to_have_count(0)
    expect(page.locator(ROOT)).to_have_attribute("data-screen", "modes")
    page.click(".bw-mode-endless .bw-continue")
    idle(page)
    assert position(page) == played
    page.click(".bw-pause")
    page.click(".bw-mode-endless .bw-start")
    page.click(".bw-discard-yes")
    idle(page)
    assert saved(page).position.moves == 0 and position(page) != played
    page.click(".bw-pause")  # a fresh attempt with no move played yet is still asked about
    page.click(".bw-mode-endless .bw-start")
    expect(card).to_contain_text("(0 moves, score 0)")
    assert page.errors == []


def rgb(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in re.findall(r"\d+", text)[:3])


def test_keyboard_focus_ring_is_not_ice(page: Page, boot) -> None:  # W4, P11
    boot(page, "#/bowls")
    session = Session()
    session.new({"mode": "endless", "seed": 5, "position": "RG/BY[i]/PR/GB/-/-/-/-/-/-/-/Y 0 0"})
    _write_run(page, session.save({}))
    idle(page)
    page.keyboard.press("ArrowRight")  # keyboard: focus-visible
    focused = page.locator(".bw-bowl:focus")
    expect(focused).to_have_attribute("data-bowl", "0")
    ring = focused.locator(".bw-focus").evaluate(
        "e => { const s = getComputedStyle(e); return [s.stroke, s.strokeDasharray, s.strokeWidth, s.strokeOpacity]; }")
    ice = bowl(page, 1).locator(".bw-body").evaluate(
        "e => { const s = getComputedStyle(e); return [s.stroke, s.strokeDasharray, s.strokeWidth]; }")
    assert ice[1] not in ("none", "") and ring[1] == "none"  # ice dashed, focus solid
    distance = sum((a - b) ** 2 for a, b in zip(rgb(ring[0]), rgb(ice[0]), strict=True)) ** 0.5
    assert distance > 80, (ring, ice)  # and not the same pale blue
    assert float(ring[2].rstrip("px")) >= 3 and float(ring[3]) == 1
    assert page.errors == []


def switch_language(page: Page, lang: str) -> None:
    """The arcade's switcher re-mounts the page in that language (P12)."""
    page.evaluate(f"document.querySelector('{ROOT}').dataset.old = '1'")
    page.select_option("#lang-select", lang)
    page.wait_for_selector(f"{ROOT}[data-screen='game']:not([data-old])")
    idle(page)


def test_counts_use_plural_forms(page: Page, boot) -> None:  # P12
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    session = Session()
    # Bowl 2 holds one stone, bowl 4 five, bowl 5 three; sowing bowl 2 makes three reds in bowl 3 only.
    session.new({"mode": "endless", "seed": 5, "position": "BG/R/RR/YPGBR/GBY/PPY/-/-/YYB/GGP/BBR/RGB 0 0"})
    _write_run(page, session.save({}))
    idle(page)
    title = page.locator(".bw-panel-title")
    words = {
        "en": ["Bowl 5 · 3 stones", "Bowl 4 · 5 stones", "Bowl 2 · 1 stone"],
        "it": ["Ciotola 5 · 3 pietre", "Ciotola 4 · 5 pietre", "Ciotola 2 · 1 pietra"],
        "de": ["Schale 5 · 3 Steine", "Schale 4 · 5 Steine", "Schale 2 · 1 Stein"],
        "ru": ["Чаша 5 · 3 камня", "Чаша 4 · 5 камней", "Чаша 2 · 1 камень"],
    }
    for lang, expected in words.items():
        if lang != "en":
            switch_language(page, lang)
        for b, text in zip((4, 3, 1), expected, strict=True):
            bowl(page, b).click()
            expect(title).to_have_text(text)
    page.click(".bw-sow")  # bowl 2, chosen last: one matching bowl
    idle(page)
    assert saved(page).position.bowls[1] == "" and saved(page).last["combo"] == 1
    expect(page.locator(".bw-combo")).to_have_attribute("title", "Последний ход: совпадения в 1 чаше")
    switch_language(page, "en")
    expect(page.locator(".bw-combo")).to_have_attribute("title", "Last move: 1 matching bowl")
    assert page.errors == []


RULES_HEADINGS = {
    "en": ["Puzzles", "Hints", "Achievements and themes", "Pause and a new attempt"],
    "it": ["Rompicapi", "Suggerimenti", "Traguardi e temi", "Pausa e nuovo tentativo"],
    "de": ["Rätsel", "Tipps", "Erfolge und Themen", "Pause und neuer Versuch"],
    "ru": ["Задачи", "Подсказки", "Достижения и темы", "Пауза и новая попытка"],
}


def test_rules_page_covers_puzzles_hints_themes_and_achievements(page: Page, boot) -> None:  # P12, W18, W24
    strings = {lang: json.loads((ROOT_DIR / "web" / "i18n" / f"bowls.{lang}.json").read_text())
               for lang in RULES_HEADINGS}
    boot(page, "#/rules/bowls")
    for lang, headings in RULES_HEADINGS.items():
        if lang != "en":
            page.select_option("#lang-select", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        expect(page.locator(".rules-body h2")).to_contain_text(headings)
        body = page.locator(".rules-body").inner_text()
        themes = [strings[lang][f"bowls.theme.{name}"] for name in ("simple", "garden", "sand", "ocean", "runes", "neon", "space")]
        assert all(name in body for name in themes), (lang, themes)
        assert "1.000" in body or "1,000" in body or "1 000" in body, lang  # the Endless achievement
        assert body.count("|") == 0 and "H" in body  # tables rendered, the hint key named
    assert page.errors == []


def test_leaving_with_a_card_open_lets_go_of_the_keyboard(page: Page, boot) -> None:  # P11
    boot(page, "#/bowls")
    page.click(".bw-modes-links .bw-settings")
    expect(page.locator(".bw-settings-card")).to_be_visible()
    page.evaluate("location.hash = '#/'")  # e.g. the browser's Back with the card still open
    page.wait_for_selector(".game-card")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement !== document.body")  # Tab moves on the home page
    assert page.errors == []


# ----- P3: the engine in a worker ----------------------------------------------------------

def test_board_at_once_then_the_run_resumes(held_page: Page, boot) -> None:  # P3, W25
    page = held_page
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.click(".bw-mode-endless .bw-start")
    idle(page)
    target = saved(page).choosable()[0]
    bowl(page, target).click()
    page.click(".bw-sow")
    idle(page)
    played, stats = position(page), page.locator(".bw-stats").inner_text()
    held = hold_engine(page)  # the engine never starts: only the stored view can be drawn
    page.reload()
    root = page.locator(ROOT)
    expect(root).to_have_attribute("data-starting", "1")
    expect(root).to_have_attribute("data-screen", "game")
    assert position(page) == played
    # The same score, moves and best: read as shown (the engine is held, so only the stored view can
    # have drawn them), with the wait a locator gives: one CI run under load read the box empty right
    # after the reload, its ring already drawn (the cause was not found; 6 runs alone passed).
    expect(page.locator(".bw-stats")).to_have_text(stats, use_inner_text=True)
    expect(page.locator(".bw-bowl")).to_have_count(12)
    assert page.evaluate("performance.getEntriesByName('club-board-painted').length") == 1
    assert page.evaluate("document.documentElement.dataset.ready") is None
    # Input waits for the engine: a tap, a key or Enter changes nothing.
    box = bowl(page, target).bounding_box()
    assert box
    for _ in range(2):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    expect(page.locator(".bw-bowl.chosen")).to_have_count(0)
    assert position(page) == played and saved(page).position.moves == 1
    expect(root).to_have_attribute("data-starting", "1")
    wait_until_held(page, held)
    release_engine(page)
    page.reload()
    idle(page)
    assert position(page) == played and saved(page).position.moves == 1  # the run resumes
    target = saved(page).choosable()[0]
    bowl(page, target).click()
    bowl(page, target).click()
    idle(page)
    assert saved(page).position.moves == 2 and position(page) == print_position(saved(page).position)
    stored, _, of_run = view_copy(page, "bowls")
    assert of_run
    assert stored["position"] == position(page)  # the view stored beside the run is the run's
    assert page.errors == []


def test_a_second_tab_takes_the_newer_run(contexts, server_url: str) -> None:  # P10
    context = contexts.context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.emulate_media(reduced_motion="reduce")
    first.goto(server_url + "#/bowls")
    wait_ready(first)
    first.click(".bw-mode-endless .bw-start")
    idle(first)
    second.goto(server_url + "#/bowls")
    wait_ready(second)
    idle(second)
    assert position(second) == position(first)
    target = saved(first).choosable()[0]
    bowl(first, target).click()
    bowl(first, target).click()
    idle(first)
    expect(second.locator(ROOT)).to_have_attribute("data-position", position(first))  # adopted
    expect(second.locator("#notices")).to_contain_text("another tab")
    idle(second)
    target = saved(second).choosable()[0]  # its next move builds on the newer run
    bowl(second, target).click()
    bowl(second, target).click()
    idle(second)
    assert saved(second).position.moves == 2
