"""6E Club Game (blocks) through its real UI: mouse, touch, tap-then-tap and
keyboard play, the B20 preview on the SVG, faded pieces and the re-deal
offer, reload resume, game over and stars banked (B16–B21).

Every number on the page is checked against the CPython engine replaying the
same run: the test reads the run's save from localStorage, asks
``club.blocks.api.Session`` for the move to make and the expected result,
makes the move through the UI, and compares. Special positions are seeded by
writing a save made by the CPython engine into localStorage (the documented
test hook) and reloading.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from pathlib import Path

import pytest
from arcade import (
    endless_animations,
    hold_engine,
    release_engine,
    settings,
    storage_key,
    view_copy,
    wait_ready,
    wait_until_held,
)
from audit import axe_violations
from club.blocks import conform
from club.blocks import profile as cards
from club.blocks.api import Session, start
from club.blocks.pieces import CELLS
from club.hexgrid import Hex, target_step
from layout import outside_first_screen, overflow_report
from playwright.sync_api import Page, expect

RUN = storage_key("blocks", "run")
PROFILE = storage_key("blocks", "profile")
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"  # no pair fits
TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x...."
GOLD, CORAL = "rgb(255, 201, 74)", "rgb(255, 122, 107)"
STRINGS = Path(__file__).resolve().parent.parent / "web" / "i18n"


# ----- helpers ------------------------------------------------------------------
def open_blocks(page: Page, boot, save: str | None = None, profile: str | None = None) -> None:
    """Open the game; with ``save``/``profile``, stored before it starts (the test hook)."""
    boot(page, "#/blocks", storage={key: value for key, value in ((RUN, save), (PROFILE, profile)) if value is not None})
    expect(page.locator(".bk-board")).to_be_visible()


def seeded(position: str, seed: int = 0) -> str:
    return start(conform.load(position), seed)


def engine(page: Page) -> Session:
    """The CPython engine at the run the page has stored."""
    session = Session()
    session.load({"save": page.evaluate("k => localStorage.getItem(k)", RUN)})
    return session


def cell_centre(page: Page, cell: str) -> tuple[float, float]:
    box = page.locator(f'.bk-cell[data-cell="{cell}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def cell_radius(page: Page) -> float:
    """The hex radius on screen: cells are drawn at 95 % of it (geometry box, no stroke)."""
    height = page.eval_on_selector('.bk-cell[data-cell="0:0"]', "c => c.getBoundingClientRect().height")
    return height / 2 / 0.95


def slot_centre(page: Page, slot: int) -> tuple[float, float]:
    box = page.locator(f'.bk-slot[data-slot="{slot}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def choose(session: Session, rnd: random.Random) -> tuple[int, str] | None:
    """A legal drop: one that clears rows when there is one, else a random one."""
    view = session.view({})
    moves = [(t["slot"], str(CELLS[i])) for t in view["tray"] for i in t["targets"]]
    if not moves:
        return None
    clearing = [m for m in moves if session.preview({"slot": m[0], "cell": m[1]})["rows"]]
    return rnd.choice(clearing or moves)


def expected_after(session: Session, slot: int, cell: str) -> dict:
    answer = session.place({"slot": slot, "cell": cell})
    assert answer["accepted"]
    return answer


# What the page shows, read in one round trip: the board, the HUD's numbers and each tray slot.
SCREEN = """() => ({
  board: [...document.querySelectorAll('.bk-cell')].map((c) => c.classList.contains('filled') ? 'x' : '.').join(''),
  meter: document.querySelector('.bk-meter-box').dataset.meter,
  crowns: document.querySelector('.bk-crowns').dataset.crowns,
  bonus: document.querySelector('.bk-streak').dataset.bonus ?? null,
  slots: [...document.querySelectorAll('.bk-slot')].map((b) => [b.dataset.slot, b.dataset.piece ?? '', b.dataset.fits]),
  redealDisabled: document.querySelector('.bk-redeal').disabled,
})"""


def assert_screen_matches(page: Page, view: dict) -> None:
    """Every number and cell on the page equals the engine's view."""
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(view["score"]))
    streak = page.locator(".bk-streak")
    if view["bonus"]:
        expect(streak).to_be_visible()
    else:
        expect(streak).to_be_hidden()
    shown = page.evaluate(SCREEN)
    assert shown["board"] == view["board"]
    assert shown["meter"] == str(view["meter"])
    assert shown["crowns"] == str(view["crowns"])
    if view["bonus"]:
        assert shown["bonus"] == str(view["bonus"])
    slots = {slot: (piece, fits) for slot, piece, fits in shown["slots"]}
    for t in view["tray"]:
        assert slots[str(t["slot"])] == (t["piece"] or "", "1" if t["fits"] else "0")
    assert shown["redealDisabled"] == (view["redeals"] == 0 or view["over"])


def mouse_drop(page: Page, slot: int, cell: str) -> None:
    sx, sy = slot_centre(page, slot)
    tx, ty = cell_centre(page, cell)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy - 10, steps=2)
    page.mouse.move(tx, ty, steps=6)
    dragged = page.locator(".bk-dragged")
    expect(dragged).to_be_visible()  # the dragged piece follows the pointer
    assert float(dragged.get_attribute("data-lift")) == 0  # under a mouse it sits on the pointer
    page.mouse.up()
    expect(dragged).to_be_hidden()
    # the drop is on its way to the engine (the page's session marks it busy): wait for the answer,
    # as a player sees the piece land, before reading the stored run or making the next move
    expect(page.locator("section.game-blocks")).not_to_have_attribute("data-busy", "1")


def touch(page: Page):
    client = page.context.new_cdp_session(page)

    def send(kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1}]
        client.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    return send


def click_redeal(page: Page) -> None:
    page.click(".bk-redeal")


def play_run(page: Page, drop, rnd: random.Random, redeal=click_redeal, limit: int = 200) -> Session:
    """Play until the run is over, each drop made by ``drop(page, slot, cell)``."""
    for _ in range(limit):
        session = engine(page)
        if session.view({})["over"]:
            return session
        move = choose(session, rnd)
        if move is None:
            expect(page.locator(".bk-redeal")).to_have_class(re.compile(r"\boffered\b"))
            redeal(page)  # offered: nothing fits (B14)
            session.redeal({})
            expect(page.locator(".bk-redeal")).to_be_disabled()  # the engine's answer is on screen
        else:
            answer = expected_after(session, *move)
            drop(page, *move)
        expect(page.locator(".bk-score")).to_have_attribute("data-score", str(session.view({})["score"]))
        assert_screen_matches(page, session.view({}))
        if move is not None:
            assert json.loads(answer["save"])["data"]["position"] == json.loads(engine(page).save({}))["data"]["position"]
    raise AssertionError("the run did not end")


def check_game_over(page: Page, session: Session, profile_before: dict) -> None:
    view = session.view({})
    score = view["score"]
    dialog = page.locator(".bk-over")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".bk-over-score dd")).to_have_attribute("data-value", str(score))
    expect(dialog.locator(".bk-over-stars dd")).to_have_attribute("data-value", str(score // 10))
    best = max(profile_before["best"], score)
    expect(dialog.locator(".bk-over-best dd")).to_have_attribute("data-value", str(best))
    card = page.locator(".bk-card")
    expect(card.locator(".bk-card-stars dd")).to_have_attribute("data-value", str(profile_before["stars"] + score // 10))
    expect(card.locator(".bk-card-runs dd")).to_have_attribute("data-value", str(profile_before["runs"] + 1))
    expect(card.locator(".bk-card-best dd")).to_have_attribute("data-value", str(best))
    expect(card.locator(".bk-card-crowns dd")).to_have_attribute(
        "data-value", str(profile_before["crowns"] + view["crowns"]))
    expect(dialog.locator(".bk-again")).to_be_focused()


def play_again(page: Page) -> None:
    page.click(".bk-again")
    expect(page.locator(".bk-over")).to_have_count(0)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "0")
    assert engine(page).view({})["board"] == "." * 61


# ----- full runs ------------------------------------------------------------------
def test_full_run_by_mouse(page: Page, boot) -> None:
    """B19 drag with the mouse, from a fresh run to game over; Play again banks (B16)."""
    open_blocks(page, boot, Session().new_run({"seed": 2024})["save"])
    session = play_run(page, mouse_drop, random.Random(1))
    check_game_over(page, session, {"stars": 0, "best": 0, "crowns": 0, "runs": 0})
    stored = page.evaluate("k => localStorage.getItem(k)", PROFILE)
    assert Session().load_profile({"profile": stored})["stars"] == session.view({})["score"] // 10
    play_again(page)
    assert page.errors == []  # type: ignore[attr-defined]


def test_full_run_by_touch_with_the_piece_floating(phone: Page, boot) -> None:
    """B19 touch drag: the piece floats 1.5 cell heights above the finger."""
    page = phone
    open_blocks(page, boot, Session().new_run({"seed": 77})["save"])
    send = touch(page)
    lifts: list[float] = []

    def drop(page: Page, slot: int, cell: str) -> None:
        sx, sy = slot_centre(page, slot)
        tx, ty = cell_centre(page, cell)
        lift = 1.5 * 2 * cell_radius(page)  # 1.5 cell heights
        send("touchStart", sx, sy)
        send("touchMove", sx + 8, sy - 12)
        send("touchMove", tx, (sy + ty + lift) / 2)
        send("touchMove", tx, ty + lift)  # the finger sits below the target cell
        dragged = page.locator(".bk-dragged")
        expect(dragged).to_be_visible()
        # the piece's centre floats the lift above the finger (moves may arrive a frame late)
        page.wait_for_function(
            "ty => Math.abs(Number(document.querySelector('.bk-dragged').dataset.cy) - ty) < 1.5", arg=ty, timeout=3000)
        lifts.append(float(dragged.get_attribute("data-lift")))
        box = dragged.bounding_box()
        assert box["y"] < ty  # drawn above the finger, not under it
        send("touchEnd")
        expect(dragged).to_be_hidden()

    session = play_run(page, drop, random.Random(2))
    assert lifts and all(abs(v - lifts[0]) < 0.5 for v in lifts)
    assert abs(lifts[0] - 3 * cell_radius(page)) < 1.5
    check_game_over(page, session, {"stars": 0, "best": 0, "crowns": 0, "runs": 0})
    play_again(page)
    assert page.errors == []  # type: ignore[attr-defined]


def key_path(src: Hex, dst: Hex) -> list[str]:
    """Arrow presses from src to dst under B19 navigation (breadth-first)."""
    keys = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}  # the page's map (kit/arrows.js)
    seen, todo = {src: []}, deque([src])
    while todo:
        cell = todo.popleft()
        if cell == dst:
            return seen[cell]
        for key, direction in keys.items():
            nxt = target_step(cell, direction, 4)
            if nxt not in seen:
                seen[nxt] = [*seen[cell], key]
                todo.append(nxt)
    raise AssertionError(f"no path to {dst}")


def focus_slot(page: Page, slot: int) -> None:
    for _ in range(30):
        if page.evaluate("document.activeElement?.dataset?.slot") == str(slot):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached slot {slot}")


def test_full_run_by_keyboard_only(page: Page, boot) -> None:
    """B19 keyboard: Tab to a piece, Enter, arrows, Enter; Escape puts it back."""
    open_blocks(page, boot, Session().new_run({"seed": 31337})["save"])
    page.locator(".bk-new").focus()  # start of the keyboard journey, no mouse from here on

    # Escape puts the piece back and drops nothing
    focus_slot(page, 0)
    page.keyboard.press("Enter")
    expect(page.locator(".bk-board")).to_be_focused()
    expect(page.locator(".bk-target")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")
    expect(page.locator('.bk-slot[data-slot="0"]')).to_be_focused()
    expect(page.locator(".bk-target")).to_have_count(0)
    assert engine(page).view({})["score"] == 0

    def drop(page: Page, slot: int, cell: str) -> None:
        focus_slot(page, slot)
        page.keyboard.press("Enter")
        for key in key_path(Hex(0, 0), Hex.parse(cell)):
            page.keyboard.press(key)
        tx, ty = cell_centre(page, cell)
        # the target is drawn at the next frame (the kit's one render a frame): where the keys took it
        page.wait_for_function(
            """([tx, ty]) => { const t = document.querySelector('.bk-target')?.getBoundingClientRect();
              return t && Math.abs(t.x + t.width / 2 - tx) < 2 && Math.abs(t.y + t.height / 2 - ty) < 2; }""",
            arg=[tx, ty],
            timeout=5000,
        )
        expect(page.locator(".bk-board")).to_have_attribute("data-preview", "fit")
        page.keyboard.press("Enter")

    def redeal(page: Page) -> None:
        for _ in range(30):
            if page.evaluate("document.activeElement?.classList.contains('bk-redeal')"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")

    session = play_run(page, drop, random.Random(3), redeal)
    check_game_over(page, session, {"stars": 0, "best": 0, "crowns": 0, "runs": 0})
    page.keyboard.press("Enter")  # Play again has the focus
    expect(page.locator(".bk-over")).to_have_count(0)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "0")
    assert page.errors == []  # type: ignore[attr-defined]


# ----- tap-then-tap and the preview ------------------------------------------------------
def test_tap_then_tap_and_preview_on_the_svg(page: Page, boot) -> None:
    """B19 tap the piece, then the cell; B20 fill, gold rows and dashed coral outline."""
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    page.click('.bk-slot[data-slot="1"]')  # pick up the single
    expect(page.locator('.bk-slot[data-slot="1"]')).to_have_attribute("aria-pressed", "true")

    # aim at the centre: it completes r = 0 and s = 0 (q = 0 stays open)
    page.mouse.move(*cell_centre(page, "0:0"))
    board = page.locator(".bk-board")
    expect(board).to_have_attribute("data-preview", "fit")
    fill = page.locator(".bk-prev")
    expect(fill).to_have_count(1)
    assert "fam-0" in fill.get_attribute("class")  # the single's colour family
    single_colour = page.eval_on_selector(".bk-prev", "p => getComputedStyle(p).fill")
    tray_colour = page.eval_on_selector('.bk-slot[data-slot="1"] .bk-gem', "p => getComputedStyle(p).fill")
    assert single_colour == tray_colour
    rows = page.locator(".bk-row-gold")
    expect(rows).to_have_count(2)
    assert page.eval_on_selector(".bk-row-gold", "p => getComputedStyle(p).stroke") == GOLD
    expected_rows = sorted(Session().geometry({})["rows"].index(r) for r in [
        [i for i, c in enumerate(CELLS) if c.r == 0], [i for i, c in enumerate(CELLS) if c.s == 0]])
    assert sorted(int(r.get_attribute("data-row")) for r in rows.all()) == expected_rows

    # aim where it does not fit: dashed coral outline, no fill, no gold
    page.mouse.move(*cell_centre(page, "4:-4"))
    expect(board).to_have_attribute("data-preview", "misfit")
    expect(page.locator(".bk-prev")).to_have_count(0)
    expect(page.locator(".bk-row-gold")).to_have_count(0)
    misfit = page.locator(".bk-misfit")
    expect(misfit).to_have_count(1)
    assert page.eval_on_selector(".bk-misfit", "p => getComputedStyle(p).stroke") == CORAL
    assert page.eval_on_selector(".bk-misfit", "p => getComputedStyle(p).strokeDasharray") not in ("none", "")
    page.mouse.click(*cell_centre(page, "4:-4"))  # a drop there does nothing
    assert engine(page).view({})["score"] == 0

    # tap the centre cell: the drop lands and clears both rows (B13: 341)
    page.mouse.click(*cell_centre(page, "0:0"))
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "341")
    assert_screen_matches(page, engine(page).view({}))
    expect(page.locator(".bk-meter .bk-edge.lit")).to_have_count(2)

    # the pair misfits partly off the board: outline of both cells
    page.click('.bk-slot[data-slot="0"]')
    page.mouse.move(*cell_centre(page, "4:0"))
    expect(page.locator(".bk-misfit")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".bk-misfit")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_faded_pieces_and_the_redeal_offer(page: Page, boot) -> None:
    """B8 faded pieces cannot be picked up; B14 the re-deal is offered, never spent by itself."""
    open_blocks(page, boot, seeded(f"{STUCK} 0:0,1:0|-|0:0,1:0,0:1 40 0 0 0 1", seed=5))
    for slot in (0, 2):
        button = page.locator(f'.bk-slot[data-slot="{slot}"]')
        expect(button).to_have_class(re.compile(r"\bfaded\b"))
        expect(button).to_have_attribute("aria-disabled", "true")
        opacity = float(button.evaluate("b => getComputedStyle(b).opacity"))
        assert opacity < 0.5
    page.click('.bk-slot[data-slot="0"]', force=True)  # a faded piece cannot be picked up
    expect(page.locator('.bk-slot[data-slot="0"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".bk-redeal")).to_have_class(re.compile(r"\boffered\b"))
    expect(page.locator(".bk-offer")).to_be_visible()
    assert endless_animations(page, ".bk-redeal") == []  # it pulses, then waits still
    assert engine(page).view({})["redeals"] == 1  # offered, not spent
    page.click(".bk-redeal")
    expect(page.locator(".bk-redeal")).to_be_disabled()
    session = Session()
    session.load({"save": seeded(f"{STUCK} 0:0,1:0|-|0:0,1:0,0:1 40 0 0 0 1", seed=5)})
    session.redeal({})
    assert_screen_matches(page, session.view({}))
    assert page.errors == []  # type: ignore[attr-defined]


# ----- saving, game over, stars --------------------------------------------------------
def test_reload_resumes_mid_run(page: Page, boot) -> None:
    """B18: state saved after every action; a reload resumes exactly."""
    open_blocks(page, boot, Session().new_run({"seed": 99})["save"])
    rnd = random.Random(4)
    for _ in range(5):
        move = choose(engine(page), rnd)
        mouse_drop(page, *move)
        expect(page.locator(".bk-score")).not_to_have_attribute("data-score", "0")
    before = engine(page)
    page.click(".bk-redeal")
    before.redeal({})
    expect(page.locator(".bk-redeal")).to_be_disabled()  # answered and stored
    stored_view_matches_run(page)
    page.reload()
    wait_ready(page)
    after = engine(page)
    assert after.state == before.state
    assert_screen_matches(page, before.view({}))
    # same future: the next drop gives the same result in the page and in CPython
    move = choose(after, rnd)
    expected = expected_after(after, *move)
    mouse_drop(page, *move)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    assert engine(page).state == after.state
    assert page.errors == []  # type: ignore[attr-defined]


def stored_view_matches_run(page: Page) -> None:
    """P3: the view stored beside the run names that run (web/viewcopy.js) and is the engine's own view of it."""
    kept, _, of_run = view_copy(page, "blocks")
    assert of_run
    assert kept == engine(page).view({})


def screen_board(page: Page) -> str:
    return page.eval_on_selector_all(".bk-cell", "cs => cs.map(c => c.classList.contains('filled') ? 'x' : '.').join('')")


def test_board_at_once_from_the_stored_view(held_page: Page, server_url: str) -> None:
    """P3: a returning visit draws the stored view before Python is ready (the engine
    archive is held back); the page is inert and marked starting, a click changes nothing;
    once the engine is up the same run is live and input works."""
    page = held_page
    page.goto(server_url + "#/blocks")
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, Session().new_run({"seed": 42})["save"]])
    page.reload()
    wait_ready(page)
    rnd = random.Random(6)
    session = engine(page)
    move = choose(session, rnd)
    expected = expected_after(session, *move)
    mouse_drop(page, *move)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    stored_view_matches_run(page)
    run = page.evaluate("k => localStorage.getItem(k)", RUN)
    view = session.view({})

    held = hold_engine(page)  # the engine worker cannot start
    page.reload()
    section = page.locator("section.game-blocks")
    expect(section).to_have_attribute("data-starting", "1")
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(view["score"]))
    assert screen_board(page) == view["board"]
    for t in view["tray"]:
        assert page.locator(f'.bk-slot[data-slot="{t["slot"]}"]').get_attribute("data-piece") == (t["piece"] or "")
    assert page.evaluate("performance.getEntriesByName('club-board-painted').length") == 1
    wait_until_held(page, held)  # Pyodide is loaded, the archive held: Python is not up

    # input waits: a tap on a piece and a cell, a click on New run, keys: nothing happens
    slot = next(t["slot"] for t in view["tray"] if t["targets"])
    cell = str(CELLS[view["tray"][slot]["targets"][0]])
    page.mouse.click(*slot_centre(page, slot))
    page.mouse.click(*cell_centre(page, cell))
    new_run = page.locator(".bk-new").bounding_box()
    page.mouse.click(new_run["x"] + new_run["width"] / 2, new_run["y"] + new_run["height"] / 2)
    page.locator(".bk-board").evaluate("b => b.focus()")
    page.keyboard.press("Enter")
    assert page.evaluate("!document.querySelector('section.game-blocks').contains(document.activeElement)")  # inert
    page.wait_for_timeout(300)
    expect(page.locator(f'.bk-slot[data-slot="{slot}"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".bk-confirm")).to_have_count(0)
    expect(page.locator(".bk-prev, .bk-misfit")).to_have_count(0)
    assert page.evaluate("k => localStorage.getItem(k)", RUN) == run
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(view["score"]))

    for route in held:  # the engine starts: the same run, live
        route.continue_()
    release_engine(page)
    wait_ready(page)
    expect(section).not_to_have_attribute("data-starting", "1")
    assert engine(page).state == session.state
    assert_screen_matches(page, view)
    move = choose(session, rnd)
    expected = expected_after(session, *move)
    mouse_drop(page, *move)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    assert engine(page).state == session.state
    stored_view_matches_run(page)


def test_the_latest_aim_wins(page: Page, boot) -> None:
    """B20: previews answered after the aim moved on are dropped: a quick sweep
    over cells where the piece fits, ending where it does not, leaves the misfit outline there,
    and back on a fitting cell the preview is that cell's."""
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    page.click('.bk-slot[data-slot="1"]')  # the single: it fits on every empty cell
    board = page.locator(".bk-board")
    sweep = ["-4:1", "-3:1", "-2:1", "-1:1", "0:1", "1:0", "2:-1", "3:-1"]
    for cell in sweep:
        page.mouse.move(*cell_centre(page, cell))
    page.mouse.move(*cell_centre(page, "4:-4"))  # filled: no drop there
    page.wait_for_timeout(300)  # every answer asked for on the way is in
    expect(board).to_have_attribute("data-preview", "misfit")
    expect(page.locator(".bk-prev")).to_have_count(0)
    for cell in sweep:
        page.mouse.move(*cell_centre(page, cell))
    page.wait_for_function(PREVIEW_AT, arg=cell_centre(page, sweep[-1]))
    page.wait_for_timeout(300)  # every answer asked for on the way is in: the last aim's preview stays
    assert page.evaluate(PREVIEW_AT, cell_centre(page, sweep[-1]))
    expect(board).to_have_attribute("data-preview", "fit")
    assert page.errors == []  # type: ignore[attr-defined]


DESKTOPS = [(1280, 800), (1366, 768), (1920, 1080)]


def overlap(a: dict | None, b: dict | None) -> bool:
    """Two boxes (``bounding_box``) share some area."""
    assert a and b
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_two_tabs_adopt_the_newer_run_and_its_view(contexts, server_url: str) -> None:
    """P10 through the async engine: the stale tab takes the run another tab stored, says so in a notice
    beside the tray on a desktop (never over it), and its next move builds on it; the view stored beside
    the run always matches the run."""
    context = contexts.context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.goto(server_url + "#/blocks")
        wait_ready(tab)
    first.reload()  # both tabs now show the one stored run
    wait_ready(first)
    rnd = random.Random(8)
    session = engine(first)
    move = choose(session, rnd)
    expected = expected_after(session, *move)
    mouse_drop(first, *move)
    expect(first.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    # the second tab hears the storage event and shows the newer run
    expect(second.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    assert screen_board(second) == expected["view"]["board"]
    # and says so beside the tray, never over it (it covered the tray for 12 s, P13)
    notice = second.locator("#notices .notice")
    expect(notice).to_be_visible()
    covered = []
    for width, height in DESKTOPS:
        second.set_viewport_size({"width": width, "height": height})
        boxes = [second.locator(sel).bounding_box() for sel in ("#notices .notice", ".bk-tray")]
        if overlap(*boxes):
            covered.append(f"{width}x{height}: notice {boxes[0]} over the tray {boxes[1]}")
    second.set_viewport_size({"width": 1280, "height": 800})
    assert covered == []
    move = choose(session, rnd)
    expected = expected_after(session, *move)
    mouse_drop(second, *move)
    expect(second.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))
    assert engine(second).state == session.state  # built on the first tab's move
    stored_view_matches_run(second)
    expect(first.locator(".bk-score")).to_have_attribute("data-score", str(expected["view"]["score"]))


def test_game_over_from_a_seeded_near_full_position(page: Page, boot) -> None:
    """B15/B16 from the test hook: the last fitting piece is dropped through the UI."""
    card = {"stars": 7, "best": 5000, "crowns": 1, "runs": 3}
    open_blocks(page, boot, seeded(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 2 0"), cards.dump(cards.Profile(**card)))
    expect(page.locator(".bk-card-stars dd")).to_have_attribute("data-value", "7")
    session = engine(page)
    mouse_drop(page, 0, "0:-4")
    session.place({"slot": 0, "cell": "0:-4"})
    check_game_over(page, session, card)
    expect(page.locator(".bk-newbest")).to_have_count(0)  # 1235 < 5000
    # the over screen survives a reload without banking twice
    page.reload()
    wait_ready(page)
    expect(page.locator(".bk-over")).to_be_visible()
    expect(page.locator(".bk-card-stars dd")).to_have_attribute("data-value", str(7 + 123))
    play_again(page)
    expect(page.locator(".bk-card-stars dd")).to_have_attribute("data-value", str(7 + 123))
    expect(page.locator(".bk-card-runs dd")).to_have_attribute("data-value", "4")
    assert page.errors == []  # type: ignore[attr-defined]


def test_new_run_banks_the_stars(page: Page, boot) -> None:
    """B17: New run in the middle of a run banks its stars and deals a fresh board."""
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 1000 2 5 0 1"))
    page.click('.bk-slot[data-slot="1"]')
    page.mouse.click(*cell_centre(page, "0:0"))  # 3rd clearing drop with a Crown: 511 + 600
    expect(page.locator(".bk-score")).to_have_attribute("data-score", str(1000 + 511 + 600))
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")
    page.click(".bk-new")
    page.click(".bk-confirm .bk-yes")  # a run in progress: New run asks first (B17)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "0")
    expect(page.locator(".bk-card-stars dd")).to_have_attribute("data-value", str(2111 // 10))
    expect(page.locator(".bk-card-best dd")).to_have_attribute("data-value", "2111")
    expect(page.locator(".bk-card-crowns dd")).to_have_attribute("data-value", "1")
    expect(page.locator(".bk-card-runs dd")).to_have_attribute("data-value", "1")
    expect(page.locator(".bk-best")).to_have_attribute("data-best", "2111")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_layout_fits_the_viewport(contexts, boot, size) -> None:
    """P13: board and tray visible without scrolling sideways; tray targets at least 44 px."""
    page = contexts.page(viewport={"width": size[0], "height": size[1]})
    boot(page, "#/blocks")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0]
    for slot in range(3):
        box = page.locator(f'.bk-slot[data-slot="{slot}"]').bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        assert box["y"] + box["height"] <= size[1] + 200  # the tray is at most a short scroll away


# ----- defects found in real play ----------------------------------------------
def gem_fill(page: Page, selector: str) -> str:
    return page.eval_on_selector(selector, "g => getComputedStyle(g).fill")


def opacity(page: Page, selector: str) -> float:
    return float(page.eval_on_selector(selector, "e => getComputedStyle(e).opacity"))


def check_drag_colour(page: Page, slot: int, cell: str, start, move, end) -> None:
    """B19/B20: the dragged copy has its tray colour, and over the board it is faint so the
    coloured preview under it shows (it was drawn black and covered the preview)."""
    tray_fill = gem_fill(page, f'.bk-slot[data-slot="{slot}"] .bk-gem')
    assert tray_fill != "rgb(0, 0, 0)"
    sx, sy = slot_centre(page, slot)
    start(sx, sy)
    move(sx + 10, sy - 14)
    dragged = page.locator(".bk-dragged")
    expect(dragged).to_be_visible()
    assert gem_fill(page, ".bk-dragged .bk-gem") == tray_fill
    if page.locator(".bk-board").get_attribute("data-preview") is None:
        assert opacity(page, ".bk-dragged") > 0.8  # off the board it is the piece itself
    tx, ty = cell_centre(page, cell)
    lift = float(dragged.get_attribute("data-lift") or 0)
    move(tx, (sy + ty + lift) / 2)
    move(tx, ty + lift)  # the piece's centre over the target cell
    board = page.locator(".bk-board")
    expect(board).to_have_attribute("data-preview", "fit")
    cells = len(engine(page).view({})["tray"][slot]["cells"])
    expect(page.locator(".bk-prev")).to_have_count(cells)
    # the preview in the piece's colour (B20), and so the copy (touch moves may land a frame late)
    page.wait_for_function(
        """fill => { const cells = [...document.querySelectorAll('.bk-prev, .bk-dragged .bk-gem')];
                     return cells.length > 0 && cells.every((c) => getComputedStyle(c).fill === fill); }""",
        arg=tray_fill)
    page.wait_for_function("() => getComputedStyle(document.querySelector('.bk-dragged')).opacity <= 0.4")
    end()
    expect(dragged).to_be_hidden()
    expect(page.locator("section.game-blocks")).not_to_have_attribute("data-busy", "1")  # the drop answered


PREVIEW_AT = """([x, y]) => { const p = document.querySelectorAll('.bk-prev');
  if (p.length !== 1) return false;
  const r = p[0].getBoundingClientRect();
  return Math.abs(r.x + r.width / 2 - x) < 2 && Math.abs(r.y + r.height / 2 - y) < 2; }"""


def first_target(page: Page, slot: int) -> str:
    return str(CELLS[engine(page).view({})["tray"][slot]["targets"][0]])


def test_dragged_piece_has_its_colour_by_mouse(page: Page, boot) -> None:
    """B19/B20: the mouse-dragged piece is drawn in its tray colour, not black."""
    open_blocks(page, boot, Session().new_run({"seed": 5})["save"])
    before = engine(page).view({})["score"]
    cell = first_target(page, 0)
    check_drag_colour(page, 0, cell, lambda x, y: (page.mouse.move(x, y), page.mouse.down()),
                      lambda x, y: page.mouse.move(x, y, steps=3), page.mouse.up)
    assert engine(page).view({})["score"] > before  # and it drops where the preview was
    assert page.errors == []  # type: ignore[attr-defined]


def test_dragged_piece_has_its_colour_by_touch(phone: Page, boot) -> None:
    """B19/B20: the finger-dragged piece floats in its tray colour; over the board it
    fades so the preview under it shows."""
    page = phone
    open_blocks(page, boot, Session().new_run({"seed": 6})["save"])
    send = touch(page)
    cell = first_target(page, 1)
    check_drag_colour(page, 1, cell, lambda x, y: send("touchStart", x, y),
                      lambda x, y: send("touchMove", x, y), lambda: send("touchEnd"))
    assert engine(page).view({})["tray"][1]["piece"] is None  # dropped
    assert page.errors == []  # type: ignore[attr-defined]


def test_touch_tap_then_tap_shows_the_preview_before_the_drop(phone: Page, boot) -> None:
    """B19/B20: after a piece is tapped, a tap on the board shows the preview
    there and drops nothing; sliding moves it; a second tap on the same cell drops."""
    page = phone
    open_blocks(page, boot, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    stored = page.evaluate("k => localStorage.getItem(k)", RUN)
    page.locator('.bk-slot[data-slot="1"]').tap()  # the single
    expect(page.locator('.bk-slot[data-slot="1"]')).to_have_attribute("aria-pressed", "true")
    board = page.locator(".bk-board")

    def preview_at(cell: str) -> None:
        # the engine answers the preview a moment later: wait until it is drawn at that cell
        page.wait_for_function(PREVIEW_AT, arg=cell_centre(page, cell))
        expect(board).to_have_attribute("data-preview", "fit")
        expect(page.locator(".bk-prev")).to_have_count(1)

    page.touchscreen.tap(*cell_centre(page, "0:0"))
    preview_at("0:0")
    expect(page.locator(".bk-row-gold")).to_have_count(2)  # the two rows it would complete
    other = next(str(CELLS[i]) for i in engine(page).view({})["tray"][1]["targets"] if str(CELLS[i]) != "0:0")
    page.touchscreen.tap(*cell_centre(page, other))  # a tap elsewhere moves the preview
    preview_at(other)
    send = touch(page)
    send("touchStart", *cell_centre(page, other))  # slide from the aimed cell to the centre
    send("touchMove", *cell_centre(page, "0:0"))
    preview_at("0:0")
    send("touchEnd")
    assert page.evaluate("k => localStorage.getItem(k)", RUN) == stored  # nothing dropped yet
    expect(page.locator('.bk-slot[data-slot="1"]')).to_have_attribute("data-piece", "0:0")
    page.touchscreen.tap(*cell_centre(page, "0:0"))  # the second tap on the aimed cell drops
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "341")  # B13
    assert_screen_matches(page, engine(page).view({}))
    assert page.errors == []  # type: ignore[attr-defined]


def test_tab_order_is_board_tray_then_buttons(page: Page, boot) -> None:
    """P11: keyboard play starts at the board and tray, then the typed move's field (shown while it has the
    focus); the buttons come after."""
    open_blocks(page, boot, Session().new_run({"seed": 8})["save"])
    page.locator(".bk-board").focus()
    page.keyboard.press("Shift+Tab")  # nothing of the game comes before the board
    assert page.evaluate("!document.activeElement.closest('.game-blocks')")
    page.keyboard.press("Tab")
    seen = []
    for _ in range(9):
        seen.append(page.evaluate(
            "(() => { const e = document.activeElement;"
            " return e.dataset.slot !== undefined ? 'slot' + e.dataset.slot : e.classList[e.classList.length - 1]; })()"))
        page.keyboard.press("Tab")
    assert seen == ["bk-board", "slot0", "slot1", "slot2", "bk-type-input", "bk-redeal", "bk-new", "bk-daily", "bk-rules"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_new_run_asks_before_ending_a_run(page: Page, boot) -> None:
    """B17: New run on a run in progress asks in a modal dialog (focus kept inside,
    Escape or Keep playing cancels and gives the focus back); on a run with no drop it deals at once."""
    open_blocks(page, boot, Session().new_run({"seed": 12})["save"])
    page.click(".bk-new")  # no drop yet: nothing to lose, no question
    expect(page.locator(".bk-confirm")).to_have_count(0)
    # a fresh deal was stored (another seed)
    page.wait_for_function("t => localStorage.getItem(t[0]) !== t[1]", arg=[RUN, Session().new_run({"seed": 12})["save"]])
    move = choose(engine(page), random.Random(5))
    mouse_drop(page, *move)
    expect(page.locator(".bk-score")).not_to_have_attribute("data-score", "0")
    stored = page.evaluate("k => localStorage.getItem(k)", RUN)

    dialog = page.locator("dialog.bk-confirm")
    for cancel in ("Escape", "keep"):
        page.click(".bk-new")
        expect(dialog).to_be_visible()
        assert dialog.evaluate("d => d.open && d.matches(':modal')")
        expect(dialog.locator(".bk-keep")).to_be_focused()
        page.keyboard.press("Tab")
        expect(dialog.locator(".bk-yes")).to_be_focused()
        page.keyboard.press("Tab")
        expect(dialog.locator(".bk-keep")).to_be_focused()
        page.keyboard.press("Shift+Tab")
        expect(dialog.locator(".bk-yes")).to_be_focused()
        if cancel == "Escape":
            page.keyboard.press("Escape")
        else:
            dialog.locator(".bk-keep").click()
        expect(dialog).to_have_count(0)
        expect(page.locator(".bk-new")).to_be_focused()
        assert page.evaluate("k => localStorage.getItem(k)", RUN) == stored  # the run goes on

    page.click(".bk-new")
    page.click(".bk-confirm .bk-yes")
    expect(dialog).to_have_count(0)
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "0")
    expect(page.locator(".bk-card-runs dd")).to_have_attribute("data-value", "1")  # banked (B17)
    assert page.errors == []  # type: ignore[attr-defined]


def sized_page(contexts, boot, size, lang: str, save: str) -> Page:
    """A page of this size in a warm context, the arcade open at #/blocks in ``lang`` on
    the run ``save`` (stored before it starts)."""
    page = contexts.page(viewport={"width": size[0], "height": size[1]})
    boot(page, "#/blocks", {**settings(lang, motion="reduce"), RUN: save})
    expect(page.locator(".bk-board")).to_be_visible()
    return page


def reload_with(page: Page, save: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save])
    page.reload()
    wait_ready(page)
    expect(page.locator(".bk-board")).to_be_visible()


def board_box(page: Page) -> dict:
    """The board's box in page coordinates (a scroll is not a layout move), once the
    layout has settled: fonts in and the same box for 10 frames in a row (right after
    a load it still drifts by a pixel or two as fonts and strings arrive)."""
    return page.evaluate("""() => document.fonts.ready.then(() => new Promise((done) => {
      const box = () => { const r = document.querySelector('.bk-board').getBoundingClientRect();
        return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; };
      let last = box(), same = 0, frames = 0;
      const step = () => {
        const now = box();
        same = JSON.stringify(now) === JSON.stringify(last) ? same + 1 : 0;
        last = now;
        frames += 1;
        if (same >= 10 || frames > 120) done(now); else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }))""")


def assert_board_still(after: dict, before: dict) -> None:
    """Within a pixel: the defect moved the board 8-42 px."""
    assert all(abs(after[k] - before[k]) <= 1 for k in before), (before, after)


@pytest.mark.parametrize(("size", "lang"), [((360, 640), "en"), ((390, 844), "ru"), ((1366, 768), "de")],
                         ids=["360x640-en", "390x844-ru", "1366x768-de"])
def test_nothing_in_the_hud_moves_the_board(contexts, boot, size, lang: str) -> None:
    """A clear that starts a streak and wins a Crown (B11, B12), and the re-deal
    offer (B14), leave the board where it was; with the offer the tray stays on screen."""
    page = sized_page(contexts, boot, size, lang, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 5 0 1"))
    strings = json.loads((STRINGS / f"blocks.{lang}.json").read_text())
    before = board_box(page)
    expect(page.locator(".bk-streak")).to_be_hidden()
    page.click('.bk-slot[data-slot="1"]')
    page.mouse.click(*cell_centre(page, "0:0"))  # clears two rows, streak 1, a Crown
    expect(page.locator(".bk-crowns")).to_have_attribute("data-crowns", "1")
    streak = page.locator(".bk-streak")
    expect(streak).to_be_visible()
    assert_board_still(board_box(page), before)
    # the bonus of the NEXT clear (B11: the streak is 1, the next clearing drop gets +25 %)
    expect(streak).to_have_text(strings["blocks.streak"].replace("{bonus}", "25"))
    if lang == "en":
        expect(streak).to_have_text("Next clear +25%")

    reload_with(page, seeded(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 2 1"))
    before = board_box(page)
    page.click('.bk-slot[data-slot="0"]')
    page.mouse.click(*cell_centre(page, "0:-4"))  # the pair is left and does not fit
    expect(page.locator(".bk-offer")).to_be_visible()
    assert engine(page).view({})["redeal_offered"]
    assert_board_still(board_box(page), before)
    assert outside_first_screen(page, [".bk-board", ".bk-tray", ".bk-offer", ".bk-redeal"]) == []
    assert overflow_report(page) == []
    assert axe_violations(page) == []  # the offer over the tray included


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_counts_use_plural_forms(contexts, boot, lang: str) -> None:
    """P12: "1 rows cleared" is gone; counts pick CLDR plural forms."""
    page = sized_page(contexts, boot, (1280, 800), lang, seeded(f"{TWO_ROWS} 0:0,1:0|0:0|- 0 0 0 0 1"))
    single, pair = ({"en": ("1 cell:", "2 cells:"), "ru": ("1 клетка:", "2 клетки:")})[lang]  # then the cells (P11)
    assert single in page.locator('.bk-slot[data-slot="1"]').get_attribute("aria-label")
    assert pair in page.locator('.bk-slot[data-slot="0"]').get_attribute("aria-label")
    page.click('.bk-slot[data-slot="1"]')
    page.mouse.click(*cell_centre(page, "0:0"))  # two rows (B13: 341 points)
    said = {"en": ("2 rows cleared.", "+341 points"), "ru": ("Очищено 2 ряда.", "+341 очко")}[lang]
    live = page.locator("#live")
    for text in said:
        expect(live).to_contain_text(text)
