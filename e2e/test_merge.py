"""Hex Merge through the real UI (M12-M15): rounds by tap, drag and keyboard,
a joker merge, the preview, slots with export/import, resume, the timer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from arcade import (
    expect_play_time,
    hold_engine,
    release_engine,
    run_digest,
    storage_key,
    wait_ready,
    wait_until_held,
)
from club import save
from club.merge import saves as persist
from club.merge.api import Session
from club.merge.board import CELLS
from club.merge.notation import board_from_cells as B
from club.merge.notation import parse
from playwright.sync_api import Locator, Page, expect

RUN = storage_key("merge", "run")
VIEW = storage_key("merge", "view")
PROFILE = storage_key("merge", "profile")


def save_of(position: str, **data: object) -> str:
    """A save made by the CPython engine for a notation position (the test hook)."""
    save = json.loads(persist.dump(persist.Run(parse(position))))
    save["data"].update(data)
    return json.dumps(save)


def open_at(page: Page, boot, position: str | None = None, **data: object) -> Page:
    """The game open; with ``position``, at a run stored for it (the test hook)."""
    boot(page, "#/merge", storage=None if position is None else {RUN: save_of(position, **data)})
    expect(page.locator(".hm-board")).to_be_visible()
    return page


def tab_to_board(page: Page) -> Locator:
    """Tab through the page until the board has the keyboard focus (M12); the board."""
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('hm-board')"):
            break
    return page.locator(".hm-board")


def centre(page: Page, cell: str) -> tuple[float, float]:
    box = page.locator(f'.hm-cell[data-cell="{cell}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def settled(page: Page) -> None:
    """Wait until the engine's answers to the input so far are drawn (they come
    asynchronously from the worker; the page marks .hm data-busy meanwhile) and the move's
    animation has ended."""
    page.wait_for_function("(el => el.dataset.busy !== '1' && el.dataset.anim !== '1')(document.querySelector('.hm'))")


def stones(page: Page, settle: bool = True) -> dict[str, str]:
    """The stones drawn on the board once settled: cell -> value ('-1' is a joker). While
    the engine starts (``settle=False``) the page is busy with the start itself: what is
    drawn is the stored view."""
    if settle:
        settled(page)
    return page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('.hm-layer-stones .hm-stone')]"
        ".map(g => [g.dataset.cell, g.dataset.v]))"
    )


def stat(page: Page, name: str) -> str:
    settled(page)
    return page.locator(f".hm-{name} .value").inner_text()


def stored_position(page: Page) -> str:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", RUN))["data"]["position"]


def test_round_by_tap_on_a_phone(phone: Page, boot) -> None:
    """M12: a tap on a free cell places the piece there at once; moves count, the run autosaves."""
    open_at(phone, boot)
    for _ in range(8):
        taken = stones(phone)
        moves = int(stat(phone, "moves"))
        for cell in (str(c) for c in CELLS if str(c) not in taken):
            phone.locator(f'.hm-cell[data-cell="{cell}"]').tap(force=True)
            if int(stat(phone, "moves")) == moves + 1:
                break
        assert int(stat(phone, "moves")) == moves + 1
    assert parse(stored_position(phone)).moves == 8
    assert phone.errors == []  # type: ignore[attr-defined]


def test_tap_to_the_end_of_a_round(phone: Page, boot) -> None:
    """M6, M11: the last free cells are filled by taps; the game-over screen shows the numbers."""
    holes = {"0:0", "3:-3"}
    full = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) not in holes))
    open_at(phone, boot, f"{full} 2 2 50 35", play_ms=65_000)
    phone.locator('.hm-cell[data-cell="0:0"]').tap(force=True)
    expect(phone.locator(".hm-over")).to_be_hidden()
    phone.locator('.hm-cell[data-cell="3:-3"]').tap(force=True)
    over = phone.locator(".hm-over")
    expect(over).to_be_visible()
    expect(over.locator(".hm-over-score dd")).to_have_text("50")
    expect(over.locator(".hm-over-moves dd")).to_have_text("37")
    expect(over.locator(".hm-over-highest dd")).to_have_text("8")
    expect_play_time(over.locator(".hm-over-time dd"), 65_000)  # M11: the stored 1:05 and the taps' seconds
    expect(over.locator(".hm-over-best dd")).to_have_text("50")
    expect(over.locator(".hm-new-best")).to_be_visible()
    over.locator(".hm-again").tap()
    expect(phone.locator(".hm-moves .value")).to_have_text("0")
    assert stones(phone) == {}
    assert phone.errors == []  # type: ignore[attr-defined]


def test_drag_from_the_tray(page: Page, boot) -> None:
    """M12: drag the pair from the tray and release over a cell; it lands there in its turn."""
    open_at(page, boot, f"{B('-2:0=2 -1:0=2')} 2-4 8 0 2")
    tray = page.locator(".hm-current").bounding_box()
    assert tray is not None
    page.mouse.move(tray["x"] + tray["width"] / 2, tray["y"] + tray["height"] / 2)
    page.mouse.down()
    x, y = centre(page, "0:0")
    page.mouse.move(x, y, steps=12)
    expect(page.locator(".hm-dragged")).to_be_visible()
    expect(page.locator(".hm-board")).to_have_attribute("data-preview", "merge")
    page.mouse.up()
    assert stones(page) == {"0:0": "4", "1:0": "4"}
    expect(page.locator(".hm-score .value")).to_have_text("6")
    expect(page.locator(".hm-dragged")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_keyboard_only_with_rotation(page: Page, boot) -> None:
    """M12: Tab to the board, arrows move the marker, R / Shift+R rotate, Enter places, Escape clears."""
    open_at(page, boot, f"{B('')} 4-8 2-2 0 0")
    board = tab_to_board(page)
    expect(board).to_be_focused()
    expect(board).to_have_attribute("data-target", "0:0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")  # (1, -1)
    expect(board).to_have_attribute("data-target", "1:-1")
    page.keyboard.press("Escape")
    expect(board).not_to_have_attribute("data-target", "1:-1")
    page.keyboard.press("ArrowDown")  # the marker comes back at the centre
    expect(board).to_have_attribute("data-target", "0:0")
    page.keyboard.press("r")
    page.keyboard.press("r")
    page.keyboard.press("Shift+R")  # turn 1: partner south-east
    page.keyboard.press("Enter")
    assert stones(page) == {"0:0": "4", "0:1": "8"}
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")  # the next pair (2-2) keeps turn 1
    assert stones(page) == {"0:0": "4", "0:1": "8", "-1:0": "2", "-1:1": "2"}
    expect(page.locator(".hm-moves .value")).to_have_text("2")
    assert page.errors == []  # type: ignore[attr-defined]


ARROW_WALKS = [  # (keys from the centre, where the marker ends): M12 at the edges, from hexgrid.target_map(3)
    (["ArrowLeft"] * 3 + ["ArrowUp"], "-2:-1"),  # Up off the board goes to (q+1, r-1)
    (["ArrowUp"] * 4, "0:-3"),  # the top row: the marker stays
    (["ArrowRight"] * 3 + ["ArrowDown"], "2:1"),  # Down off the board goes to (q-1, r+1)
    (["ArrowDown"] * 3 + ["ArrowLeft"] * 4, "-3:3"),  # the bottom row holds q = -3..0; the last Left stays
]


@pytest.mark.parametrize(("keys", "target"), ARROW_WALKS)
def test_arrow_keys_follow_the_engine_at_the_edges(page: Page, boot, keys: list[str], target: str) -> None:
    """M12, P4: the page looks the arrow-key target up in the engine's geometry."""
    open_at(page, boot, f"{B('')} 2 4 0 0")
    board = tab_to_board(page)
    expect(board).to_have_attribute("data-target", "0:0")  # the marker starts at the centre
    for key in keys:
        page.keyboard.press(key)
    expect(board).to_have_attribute("data-target", target)
    assert page.errors == []  # type: ignore[attr-defined]


def test_rotate_buttons_only_for_pairs(page: Page, boot) -> None:
    """M12: on-screen arrows turn a pair; singles and jokers have no rotation control."""
    open_at(page, boot, f"{B('')} 2-4 * 0 0")
    page.click(".hm-rotate-cw")
    page.click(".hm-rotate-cw")
    page.click(".hm-rotate-ccw")
    page.locator('.hm-cell[data-cell="0:0"]').click()
    assert stones(page) == {"0:0": "2", "0:1": "4"}
    expect(page.locator(".hm-rotate-cw")).to_be_hidden()
    expect(page.locator(".hm-rotate-ccw")).to_be_hidden()


def test_joker_merge_is_visible(page: Page, boot) -> None:
    """M7-M10: the joker joins two values at once; both groups show doubled points."""
    open_at(page, boot, f"{B('-2:0=2 -1:0=2 1:0=4 2:0=4')} * 2 0 4")
    x, y = centre(page, "0:0")
    page.mouse.move(x, y)
    expect(page.locator(".hm-layer-stones .hm-will-merge")).to_have_count(4)
    expect(page.locator(".hm-preview-points")).to_have_text("+36")
    page.mouse.click(x, y)
    expect(page.locator(".hm-fx-joker").first).to_be_visible()
    expect(page.locator(".hm-fx-joker")).to_have_count(2)
    assert stones(page) == {"-1:0": "4", "1:0": "8"}
    expect(page.locator(".hm-score .value")).to_have_text("36")
    expect(page.locator("#live")).to_contain_text("doubled")
    assert page.errors == []  # type: ignore[attr-defined]


def test_illegal_spot_shows_a_coral_outline(page: Page, boot) -> None:
    """M13: aiming where the pair does not fit outlines it; clicking there changes nothing."""
    open_at(page, boot, f"{B('1:0=8')} 2-4 2 0 1")
    x, y = centre(page, "0:0")
    page.mouse.move(x, y)
    expect(page.locator(".hm-misfit")).to_have_count(2)
    page.mouse.click(x, y)
    expect(page.locator(".hm-moves .value")).to_have_text("1")
    expect(page.locator("#live")).to_contain_text("taken")
    x, y = centre(page, "3:0")
    page.mouse.move(x, y)
    expect(page.locator(".hm-misfit")).to_have_count(1)  # the partner would be off the board


def stored(page: Page, key: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", key)


def stored_view_matches_run(page: Page, tabs: int = 1) -> None:
    """P3: the view stored beside the run names that run (web/viewcopy.js) and is the engine's own view of it (and
    of the profile). The three are read in one task of the page: a tab's play-time tick (M15) stores a run and
    its view at once. With two tabs, one tab's tick and the other's move can interleave the two keys in the
    browser's storage: that copy names the other run, and the page never draws it beside this one."""
    kept, profile, run = page.evaluate("ks => ks.map(k => localStorage.getItem(k))", [VIEW, PROFILE, RUN])
    assert kept is not None
    copy = json.loads(kept)
    session = Session()
    session.load_profile({"profile": profile})
    engine_view = session.load({"save": run})
    if tabs == 1 or copy["for_run"] == run_digest(run):
        assert copy["for_run"] == run_digest(run)
        assert copy["view"] == engine_view
    else:
        assert copy["view"] != engine_view  # another run's view, refused as the first paint's


def test_reload_resumes(page: Page, boot) -> None:
    """M15: the round autosaves after every move and resumes after a reload."""
    open_at(page, boot, f"{B('')} 2 4 0 0")
    page.locator('.hm-cell[data-cell="0:0"]').click()
    page.locator('.hm-cell[data-cell="2:0"]').click()
    before = stones(page)
    stored_view_matches_run(page)
    page.reload()
    wait_ready(page)
    assert stones(page) == before and len(before) == 2
    expect(page.locator(".hm-moves .value")).to_have_text("2")
    assert page.errors == []  # type: ignore[attr-defined]


def test_board_at_once_from_the_stored_view(held_page: Page, server_url: str) -> None:
    """P3: a returning visit draws the stored view (board, tray, numbers) before Python is
    ready (the engine archive is held back); the page is inert and marked starting, and a click,
    a key or a button changes nothing; once the engine is up the same round is live and input works."""
    page = held_page
    page.goto(server_url + "#/merge")
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save_of(f"{B('1:0=8')} 2-4 2 10 1")])
    page.reload()
    wait_ready(page)
    page.locator('.hm-cell[data-cell="-2:0"]').click()
    expect(page.locator(".hm-moves .value")).to_have_text("2")
    before = stones(page)
    assert before == {"1:0": "8", "-2:0": "2", "-1:0": "4"}
    stored_view_matches_run(page)

    held = hold_engine(page)  # the engine worker cannot start
    page.reload()
    section = page.locator("section.game-merge")
    expect(section).to_have_attribute("data-starting", "1")
    expect(page.locator(".hm-moves .value")).to_have_text("2")
    expect(page.locator(".hm-score .value")).to_have_text("10")
    expect(page.locator(".hm-tray")).to_have_attribute("data-kind", "single")
    assert stones(page, settle=False) == before
    assert page.evaluate("performance.getEntriesByName('club-board-painted').length") == 1
    wait_until_held(page, held)  # Pyodide is loaded, the archive held: Python is not up
    run = stored(page, RUN)  # read here: leaving the page before may have banked its play time (M15)

    # input waits: a click on a free cell, R, New round, Enter on the board: nothing happens
    page.mouse.click(*centre(page, "0:0"))
    page.keyboard.press("r")
    new = page.locator(".hm-new").bounding_box()
    assert new is not None
    page.mouse.click(new["x"] + new["width"] / 2, new["y"] + new["height"] / 2)
    page.locator(".hm-board").evaluate("b => b.focus()")
    page.keyboard.press("Enter")
    assert page.evaluate("!document.querySelector('section.game-merge').contains(document.activeElement)")  # inert
    page.wait_for_timeout(300)
    expect(page.locator(".hm-confirm")).to_be_hidden()
    assert page.locator(".hm-board").get_attribute("data-preview") is None
    assert stones(page, settle=False) == before
    expect(page.locator(".hm-moves .value")).to_have_text("2")
    assert stored(page, RUN) == run

    for route in held:  # the engine starts: the same round, live
        route.continue_()
    release_engine(page)
    wait_ready(page)
    expect(section).not_to_have_attribute("data-starting", "1")
    assert stones(page) == before
    page.locator('.hm-cell[data-cell="0:2"]').click()
    expect(page.locator(".hm-moves .value")).to_have_text("3")
    assert stones(page) == {**before, "0:2": "2"}
    stored_view_matches_run(page)
    assert page.evaluate("performance.getEntriesByName('club-board-painted').length") == 1


def test_two_tabs_adopt_the_newer_round(contexts, server_url: str) -> None:
    """P10 through the async engine: a tab takes the round another tab stored, and its next move
    builds on it; the view stored beside the run matches the run."""
    context = contexts.context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    first, second = context.new_page(), context.new_page()
    first.goto(server_url + "#/merge")
    wait_ready(first)
    first.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save_of(f"{B('')} 2 4 0 0")])
    first.reload()
    wait_ready(first)
    second.goto(server_url + "#/merge")
    wait_ready(second)
    expect(second.locator(".hm-moves .value")).to_have_text("0")
    first.locator('.hm-cell[data-cell="0:0"]').click()
    expect(first.locator(".hm-moves .value")).to_have_text("1")
    expect(second.locator(".hm-moves .value")).to_have_text("1")  # the storage event, adopted
    expect(second.locator("#notices")).to_contain_text("another tab")
    assert stones(second) == {"0:0": "2"}
    second.locator('.hm-cell[data-cell="2:0"]').click()  # builds on the first tab's move
    expect(second.locator(".hm-moves .value")).to_have_text("2")
    expect(first.locator(".hm-moves .value")).to_have_text("2")
    assert stones(first) == {"0:0": "2", "2:0": "4"}
    stored_view_matches_run(second, tabs=2)


def test_slots_export_and_import(page: Page, boot) -> None:
    """M15: save to a slot, load it back, export its code, import into another slot, refuse a bad code."""
    open_at(page, boot, f"{B('0:0=16 1:0=*')} 2-4 8 120 30", turn=2, play_ms=61_000)
    page.click(".hm-slots-btn")
    dialog = page.locator(".hm-slots")
    expect(dialog).to_be_visible()
    slot = lambda n: dialog.locator(f'.hm-slot[data-slot="{n}"]')  # noqa: E731
    slot(1).locator(".hm-slot-save").click()
    expect(slot(1).locator(".hm-slot-info")).to_contain_text("120")
    dialog.get_by_role("button", name="Close").click()
    page.click(".hm-new")
    page.click(".hm-confirm-yes")  # a round in progress: the page asks first
    expect(page.locator(".hm-moves .value")).to_have_text("0")
    page.click(".hm-slots-btn")
    slot(1).locator(".hm-slot-load").click()  # nothing in progress: no question
    expect(dialog).to_be_hidden()
    assert stones(page) == {"0:0": "16", "1:0": "-1"}
    expect(page.locator(".hm-score .value")).to_have_text("120")
    page.click(".hm-slots-btn")
    slot(1).locator(".hm-slot-export").click()
    expect(slot(1).locator(".hm-code")).to_be_visible()  # shown once the engine's code is in it
    code = slot(1).locator(".hm-code").input_value()
    assert code.startswith("HM1.")
    dialog.locator(".hm-import-code").fill(code)
    dialog.locator(".hm-import-slot").select_option("2")
    dialog.locator(".hm-import-go").click()
    expect(slot(2).locator(".hm-slot-info")).to_contain_text("120")
    before = page.evaluate("k => localStorage.getItem(k)", RUN)
    dialog.locator(".hm-import-code").fill(code[:-4] + "beef")
    dialog.locator(".hm-import-slot").select_option("3")
    dialog.locator(".hm-import-go").click()
    expect(dialog.locator(".hm-import-error")).to_contain_text("cannot be used")
    expect(slot(3).locator(".hm-slot-info")).to_have_text("Empty")
    assert page.evaluate("k => localStorage.getItem(k)", RUN) == before
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "slot/3")) is None
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def set_hidden(page: Page, hidden: bool) -> None:
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_timer_pauses_while_hidden(page: Page, boot) -> None:
    """M14, M15: the timer shows active play time and stops while the page is hidden
    (page time driven by Playwright's clock, not by sleeping)."""
    page.clock.install()
    open_at(page, boot, f"{B('')} 2 4 0 0")
    page.click(".hm-settings-btn")
    page.locator("label[for=hm-set-timer]").click()
    page.keyboard.press("Escape")
    expect(page.locator(".hm-time")).to_be_visible()
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from here the page's time moves only when told
    page.locator('.hm-cell[data-cell="0:0"]').click()  # time starts with the first placement
    expect(page.locator(".hm-moves .value")).to_have_text("1")  # once the engine's answer is drawn
    page.clock.run_for(2200)
    set_hidden(page, True)
    page.clock.run_for(700)  # the display catches up, then stays
    expect(page.locator(".hm-time .value")).to_have_text("0:02")
    page.clock.run_for(6000)  # longer than the 5 s save tick: still nothing counted
    expect(page.locator(".hm-time .value")).to_have_text("0:02")
    set_hidden(page, False)
    page.clock.run_for(1600)
    expect(page.locator(".hm-time .value")).to_have_text("0:03")  # 2.2 s + 1.6 s of play
    assert page.errors == []  # type: ignore[attr-defined]


def test_settings_style_and_jokers(page: Page, boot) -> None:
    """M14: high-contrast stones at once; jokers off from the next new round, and it persists."""
    open_at(page, boot)
    page.click(".hm-settings-btn")
    page.locator(".hm-style-choice", has_text="High contrast").click()
    expect(page.locator(".hm")).to_have_attribute("data-style", "contrast")
    page.locator("label[for=hm-set-jokers]").click()
    page.keyboard.press("Escape")
    expect(page.locator(".hm-mode")).to_be_hidden()
    page.click(".hm-new")
    expect(page.locator(".hm-mode")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(page.locator(".hm")).to_have_attribute("data-style", "contrast")
    expect(page.locator(".hm-mode")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def test_touch_drag_lands_under_the_lifted_piece(phone: Page, boot) -> None:
    """M12 on a touch screen: the dragged pair floats above the finger and lands where it is shown."""
    open_at(phone, boot, f"{B('')} 8-2 4 0 0")
    cell = phone.locator('.hm-cell[data-cell="0:0"]').bounding_box()
    tray = phone.locator(".hm-current").bounding_box()
    assert cell is not None and tray is not None
    radius = cell["height"] / 1.94  # the cell polygon is drawn at 0.97 of the hex radius
    lift = 3 * radius  # the kit's TOUCH_LIFT_RADII (web/kit/hexboard.js): the same lift as blocks
    x, y = cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2 + lift
    x0, y0 = tray["x"] + tray["width"] / 2, tray["y"] + tray["height"] / 2
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, 16):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x - x0) * k / 15, "y": y0 + (y - y0) * k / 15}]})
    expect(phone.locator(".hm-dragged")).to_be_visible()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert stones(phone) == {"0:0": "8", "1:0": "2"}
    assert phone.errors == []  # type: ignore[attr-defined]


def test_reduced_motion_keeps_fades_only(contexts, boot) -> None:
    """P11: with prefers-reduced-motion the merge plays as a short fade."""
    page = contexts.page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    boot(page, "#/merge", {RUN: save_of(f"{B('-1:0=2 1:0=2')} 2 4 0 2")})
    page.locator('.hm-cell[data-cell="0:0"]').click()
    expect(page.locator(".hm")).to_have_class(re.compile(r"\bhm-reduced\b"))
    assert stones(page) == {"0:0": "4"}


def test_abandoned_round_keeps_its_best(page: Page, boot) -> None:
    """M11 (as in blocks): the best of a round given up with New round counts: 382 stays
    the best on screen, after a reload and on the home card."""
    open_at(page, boot, f"{B('0:0=16 1:0=8')} 2 4 382 40")
    expect(page.locator(".hm-best .value")).to_have_text("382")
    page.click(".hm-new")
    page.click(".hm-confirm-yes")
    expect(page.locator(".hm-moves .value")).to_have_text("0")
    expect(page.locator(".hm-best .value")).to_have_text("382")
    page.reload()
    wait_ready(page)
    expect(page.locator(".hm-best .value")).to_have_text("382")
    stored = page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "profile"))
    profile = save.load(stored, "merge", "profile")  # the engine's text, stored as it is
    assert (profile["best"], profile["best_moves"], profile["rounds"]) == (382, 40, 0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_profile_stored_before_issue_12_keeps_its_best(page: Page, boot) -> None:
    """P8: the profile text the page stored before (its JSON.stringify of the old
    profile object) loads with its best and settings; the next change is stored as the engine's
    envelope text, as it is."""
    old = ('{"best":777,"best_highest":64,"best_moves":90,"rounds":2,'
           '"settings":{"jokers":true,"style":"contrast","timer":true}}')
    boot(page, "#/merge", storage={storage_key("merge", "profile"): old})
    expect(page.locator(".hm-best .value")).to_have_text("777")
    expect(page.locator(".hm-time")).to_be_visible()
    page.click(".hm-settings-btn")
    page.locator("label[for=hm-set-timer]").click()
    page.keyboard.press("Escape")
    expect(page.locator(".hm-time")).to_be_hidden()
    stored = page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "profile"))
    data = save.load(stored, "merge", "profile")
    assert (data["best"], data["best_moves"], data["rounds"], data["settings"]) == (
        777, 90, 2, {"jokers": True, "style": "contrast", "timer": False})
    assert page.errors == []  # type: ignore[attr-defined]


def test_confirm_before_a_round_or_a_slot_is_lost(page: Page, boot) -> None:
    """New round over a round in progress, Save over a filled slot and Load over a round in
    progress ask in a modal dialog: focus starts on Cancel and stays inside, Escape cancels and
    changes nothing, focus returns to the button; the answer Yes does it."""
    other = save_of(f"{B('2:0=4')} 8 2 77 9")
    open_at(page, boot, f"{B('0:0=16 1:0=8')} 2 4 120 30")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("merge", "slot/1"), other])
    confirm = page.locator(".hm-confirm")
    # New round: cancel by Escape, focus back on the button, nothing changed
    page.click(".hm-new")
    expect(confirm).to_be_visible()
    expect(confirm.locator(".hm-confirm-no")).to_be_focused()
    for _ in range(4):  # Tab stays inside the modal dialog
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('.hm-confirm') !== null")
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(page.locator(".hm-new")).to_be_focused()
    expect(page.locator(".hm-moves .value")).to_have_text("30")
    expect(page.locator(".hm-new")).to_have_text("New round")  # wording neutral for mouse and touch
    # Save over a filled slot: asks, names what is there; Cancel keeps it, Replace replaces it
    page.click(".hm-slots-btn")
    slot = page.locator('.hm-slot[data-slot="1"]')
    slot.locator(".hm-slot-save").click()
    expect(confirm.locator(".hm-confirm-text")).to_contain_text("77 points")
    confirm.locator(".hm-confirm-no").click()
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("merge", "slot/1")) == other
    expect(slot.locator(".hm-slot-save")).to_be_focused()
    slot.locator(".hm-slot-save").click()
    confirm.locator(".hm-confirm-yes").click()
    expect(slot.locator(".hm-slot-info")).to_contain_text("120 points")
    # Load over the round in progress asks too
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("merge", "slot/2"), other])
    page.keyboard.press("Escape")
    page.click(".hm-slots-btn")
    page.locator('.hm-slot[data-slot="2"] .hm-slot-load').click()
    expect(confirm).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".hm-slots")).to_be_visible()  # only the question closed
    expect(page.locator(".hm-score .value")).to_have_text("120")
    page.locator('.hm-slot[data-slot="2"] .hm-slot-load').click()
    confirm.locator(".hm-confirm-yes").click()
    expect(page.locator(".hm-slots")).to_be_hidden()
    expect(page.locator(".hm-score .value")).to_have_text("77")
    expect(page.locator(".hm-best .value")).to_have_text("120")  # the round given up still counts
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "it", "de", "ru"])
def test_rules_page_covers_what_the_game_shows(lang: str) -> None:
    """P12: the Rules page names every number, button and setting the page shows (Score, Moves,
    Highest, Time, Best, New round, Slots, Save/Load, Cancel, jokers, styles, timer) and the amended M3
    weights by move (120, 180, 240, 300), in each language."""
    root = Path(__file__).resolve().parent.parent / "web"
    strings = json.loads((root / "i18n" / f"merge.{lang}.json").read_text())
    rules = (root / "rules" / f"merge.{lang}.md").read_text().casefold()
    keys = ["score", "moves", "highest", "time", "best", "newRound", "lookAtBoard", "slotSave", "slotLoad", "cancel",
            "slotExport", "importTitle", "import", "style.contrast", "style.pastel"]
    missing = [strings[f"merge.{k}"] for k in keys if strings[f"merge.{k}"].casefold() not in rules]
    assert missing == []
    assert all(f"{m}" in rules for m in ("2 : 2 : 1", "2 : 2 : 2", "1 : 2 : 2", "1 : 1 : 2", "120", "180", "240", "300"))
    assert "✦" in rules
