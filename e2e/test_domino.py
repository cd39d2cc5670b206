"""Domino Drop through its real UI: a whole classic Sprint by keyboard,
a Marathon to top-out, touch gestures and the on-screen pad, pause/resume and
auto-pause, a reload resuming paused, and the D14 cascade scored in the page."""

from __future__ import annotations

import itertools
import json
import math
import re
import time
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from arcade import hold_engine, release_engine, storage_key, view_copy, wait_ready, wait_until_held
from club.domino.api import Session
from club.domino.falling import Falling
from club.domino.saves import dump as dump_game
from club.replay import parse_code
from club.replayer import Replays
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


def hard_drop(page: Page) -> None:
    """Space, then wait for what the player sees: the engine's answer (async: the engine runs in a worker) resolved the
    turn, its animation is over and the next tile is live, or the run ended."""
    turns = page.get_attribute(".dd", "data-turns")
    page.keyboard.press("Space")
    page.wait_for_function("""(turns) => { const d = document.querySelector('.dd').dataset;
        return d.phase === 'over' || (d.turns !== turns && d.busy !== '1'); }""", arg=turns, timeout=20_000)


def at(page: Page, pattern: str) -> None:
    """Wait until the falling tile the page shows is where the engine put it (data-at matches)."""
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", re.compile(pattern))


def row_at_least(page: Page, row: int) -> None:
    page.wait_for_function("(row) => Number(document.querySelector('.dd-falling').dataset.at.split(':')[1].split('@')[0]) >= row",
                           arg=row, timeout=5000)


def stat(page: Page, name: str) -> str:
    """A HUD number: the engine's value (data-value, set at once; the text of Max and Power counts up to
    it), else the text shown."""
    node = page.locator(f"[data-stat={name}]")
    return node.get_attribute("data-value") or node.text_content() or ""


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
        hard_drop(page)
        drops += 1
        if drops < 28:
            assert stat(page, "set") == str(28 - drops)
    assert drops == 28
    expect(page.locator(".dd-card h2")).to_have_text("Set complete")
    profile = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "profile")))
    assert (profile["game"], profile["kind"]) == ("domino", "profile")  # the engine's envelope, stored as is
    best = profile["data"]["records"]["sprint/classic"]
    assert best["games"] == 1 and str(best["max"]) == stat(page, "max") and str(best["power"]) == stat(page, "power")
    # P4: the run over stays stored while its card is up (a reload shows the card again) ...
    stored_run = page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run"))
    assert stored_run is not None and json.loads(stored_run)["data"]["over"] is True
    page.click("text=Change mode")
    expect(page.locator(".dd-records dd").nth(1)).to_have_text(str(best["power"]))
    # ... and goes when the player leaves it
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run")) is None
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_start_screen_says_the_engines_numbers(page: Page, boot) -> None:
    """D1, D2, D6 (P4): set sizes, pips, the Marathon speed-up and the well's size come from the engine's
    views (the profile view, the run's view), not from the page or its strings."""
    boot(page, ROUTE)
    profile = Session().load_profile({})
    classic, extended = profile["sets"]["classic"], profile["sets"]["extended"]
    expect(page.locator(".dd-opt[data-value=classic] span")).to_have_text(f"{classic['tiles']} tiles, 0–{classic['top']} pips")
    expect(page.locator(".dd-opt[data-value=extended] span")).to_have_text(f"{extended['tiles']} tiles, 0–{extended['top']} pips")
    expect(page.locator(".dd-opt[data-value=marathon] span")).to_have_text(f"Endless sets, each {profile['faster']}% faster")
    start(page)
    assert (page.get_attribute(".dd-well", "aria-label") or "").startswith("The well, 8 columns by 16 rows.")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_profile_stored_before_issue_12_shows_and_is_kept(page: Page, boot) -> None:
    """D18, P8: the plain records the page stored before the envelope show on the start screen,
    and the next finished run writes them back as the engine's envelope with the other records kept."""
    old = {"sprint/classic": {"max": 5, "power": 43, "speed": 0, "games": 1},
           "marathon/extended": {"max": 9, "power": 145, "speed": 21.7, "games": 4}}
    boot(page, "#/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [storage_key("domino", "profile"), json.dumps({"records": old}, separators=(",", ":"))])
    page.goto(page.url.split("#")[0] + ROUTE)
    wait_ready(page)
    for value in ("marathon", "extended"):
        page.click(f".dd-opt[data-value={value}]")
    expect(page.locator(".dd-records dd")).to_have_text(["9", "145", "21.7"])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("domino", "run"), LAST_TILE])
    page.reload()
    wait_ready(page)
    page.click(".dd-card .btn.primary")
    page.keyboard.press("Space")  # the last tile of the Sprint: the run ends and banks (D15)
    expect(page.locator(".dd-card h2")).to_have_text("Set complete")
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "profile")))
    assert (stored["kind"], stored["data"]["records"]["marathon/extended"]) == ("profile", old["marathon/extended"])
    assert stored["data"]["records"]["sprint/classic"]["games"] == 2
    assert page.errors == []  # type: ignore[attr-defined]


def last_tile_save() -> str:
    """A classic Sprint with 27 tiles played by the CPython engine: the next hard drop ends it (D15)."""
    session = Session()
    session.new({"seed": 5, "mode": "sprint", "set": "classic"})
    for n in range(27):
        for move in LANES[n % 4]:
            session.move({"move": {"ArrowLeft": "left", "ArrowRight": "right"}[move]})
        session.move({"move": "hard"})
    return session.save({})


LAST_TILE = last_tile_save()


def test_marathon_to_top_out(page: Page, boot) -> None:
    """D16: hard drops in the spawn columns fill the well until the next tile has no room."""
    boot(page, ROUTE)
    start(page, "marathon", "extended")
    for _ in range(120):
        if page.locator(".dd-overlay").count():
            break
        hard_drop(page)
    expect(page.locator(".dd-card h2")).to_have_text("Topped out")
    expect(page.locator(".dd-card .kit-dialog-buttons .btn.primary")).to_be_focused()  # Play again, at once (the Daily Club's Share is primary too)
    page.wait_for_function("document.querySelector('.dd-end').dataset.armed === '1'")  # keys act after a moment
    page.keyboard.press("Enter")  # play again, same mode and set
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    assert page.text_content(".dd-chip") == "Marathon · Extended"
    assert page.errors == []  # type: ignore[attr-defined]


def touch(page: Page, points: list[tuple[float, float]], pause_ms: int = 16, hold_ms: int = 0) -> None:
    """A real touch gesture through the browser's input pipeline (CDP); the pauses between its
    points are page time (Playwright's clock, installed before the page loaded), not sleeps.
    Chromium stamps each event (e.timeStamp) when the page gets it, whatever time the CDP call
    gives, so on a loaded machine the points arrive further apart than the pauses (87-94 ms
    apart instead of 10 were seen): fine for swipes and holds, too slow for a flick (``flick``)."""
    cdp = page.context.new_cdp_session(page)
    began, elapsed_ms = time.time(), 0

    def send(kind: str, touch_points: list[dict[str, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points, "timestamp": began + elapsed_ms / 1000})

    x, y = points[0]
    send("touchStart", [{"x": x, "y": y}])
    for x, y in points[1:]:
        page.clock.run_for(pause_ms)
        elapsed_ms += pause_ms
        send("touchMove", [{"x": x, "y": y}])
    if hold_ms:
        page.clock.run_for(hold_ms)
        elapsed_ms += hold_ms
    send("touchEnd", [])
    cdp.detach()


def flick(page: Page, x: float, y: float, down_px: float) -> None:
    """A fast downward flick, made by the browser itself (CDP's synthesized touch gesture at
    3,000 px/s): each point is where the finger is at the time the event is stamped, so the
    speed the page measures from e.timeStamp is the flick's even when a loaded machine
    delivers the events late (sent one by one from here, a flick could read as a slow swipe)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.synthesizeScrollGesture", {"x": x, "y": y, "yDistance": down_px, "speed": 3000,
                                                "preventFling": False, "gestureSourceType": "touch"})
    cdp.detach()


# A flick as web/games/domino/input.js reads one: downward faster than this between two
# samples of the last moments before the finger lifts (a swipe held still first is not one).
FLICK_PX_PER_MS, FLICK_WINDOW_MS = 0.9, 160
# The pointer events the page gets, in order, as [type, e.timeStamp, clientY].
RECORD_POINTER = """() => { window.e2ePointer = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'])
    addEventListener(type, (e) => window.e2ePointer.push([e.type, e.timeStamp, e.clientY]), { capture: true }); }"""
LIFTED = "() => window.e2ePointer.some(([type]) => type === 'pointerup' || type === 'pointercancel')"


def delivered_as_flick(events: list[list]) -> bool:
    """Whether the gesture the page received (``RECORD_POINTER``) was a flick by its timestamps.

    >>> delivered_as_flick([["pointerdown", 0, 100], ["pointermove", 16, 150], ["pointerup", 30, 190]])
    True
    >>> delivered_as_flick([["pointerdown", 0, 100], ["pointermove", 16, 190], ["pointerup", 400, 190]])
    False
    """
    lift = events[-1][1]
    recent = [(t, y) for _, t, y in events if lift - t <= FLICK_WINDOW_MS]
    return any((yb - ya) / max(8, tb - ta) > FLICK_PX_PER_MS for (ta, ya), (tb, yb) in itertools.pairwise(recent))


def flick_drops(page: Page, x: float, y: float, still: int) -> None:
    """Flick, and see the falling tile land (two more resting halves). On a loaded machine the
    browser now and then delivers the synthesized gesture's lift long after its last move (the
    page then rightly reads a swipe held still): such a delivery, seen in the events the page
    received, is flicked again; a flick delivered as one must hard-drop."""
    page.evaluate(RECORD_POINTER)
    for _ in range(3):
        page.evaluate("window.e2ePointer.length = 0")
        flick(page, x, y, 220)
        page.wait_for_function(LIFTED)
        if delivered_as_flick(page.evaluate("window.e2ePointer")):
            expect(page.locator(".dd-still .dd-half")).to_have_count(still + 2)
            return
        warnings.warn(f"the browser delivered a flick slowly: {page.evaluate('window.e2ePointer')}", stacklevel=2)
    raise AssertionError("the browser never delivered a flick as one")


def test_touch_gestures_and_pad(phone: Page, boot) -> None:
    """Swipe sideways moves, tap rotates, swipe down holds soft drop, flick hard-drops; pad buttons work."""
    phone.clock.install()
    boot(phone, ROUTE)
    start(phone, tap=True)
    box = phone.locator(".dd-well").bounding_box()
    cell = box["width"] / 8.24
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.4
    assert falling(phone)[0] == 3
    touch(phone, [(x0 + cell * k / 4, y0) for k in range(0, 10)])  # 2.25 cells to the right
    at(phone, r"^5:")  # the engine's answers arrive after the input (from its worker): wait for what the player sees
    touch(phone, [(x0, y0)])  # a tap
    at(phone, r"@1$")
    phone.tap(".dd-key-left")
    at(phone, r"^4:")
    # The flick first, on a tile high in the well: after the slow swipe's soft drop a tile near the
    # floor could lock by itself (D7) while a loaded machine reads the count, and the flick would drop the next.
    flick_drops(phone, x0, y0, phone.locator(".dd-still .dd-half").count())
    # The next tile, read in the frame its turn is over: gravity moves it on 800 ms later (D6), and a read
    # after the wait came that late on a loaded machine.
    spawned = phone.wait_for_function(
        "() => document.querySelector('.dd').dataset.busy !== '1' && document.querySelector('.dd-falling').dataset.at",
        timeout=20_000).json_value()
    assert spawned.startswith("3:0@"), spawned  # the next tile appeared at the spawn cells
    row = falling(phone)[1]
    touch(phone, [(x0, y0 + cell * k / 2) for k in range(0, 5)], pause_ms=30, hold_ms=300)  # slow swipe, held
    row_at_least(phone, row + 4)  # 50 ms a row while held, not 800 (the held time reaches the engine before the release)
    assert phone.locator(".dd-key").first.bounding_box()["height"] >= 44
    assert phone.errors == []  # type: ignore[attr-defined]


def test_keyboard_controls(page: Page, boot) -> None:
    """D5/D8: a tap moves one column, a held arrow repeats to the wall; Z, X and Up rotate; Down held drops fast."""
    page.clock.install()
    boot(page, ROUTE)
    start(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from here page time moves only when told
    page.keyboard.press("ArrowLeft")
    at(page, r"^2:")  # the engine's answers arrive after the input (from its worker): wait for what the player sees
    page.keyboard.down("ArrowRight")
    page.clock.run_for(600)  # 170 ms delay, then every 50 ms: far more than the 4 columns to the wall
    page.keyboard.up("ArrowRight")
    at(page, r"^6:")
    page.keyboard.press("x")
    at(page, r"^6:.*@1$")
    page.keyboard.press("ArrowRight")  # a vertical tile fits in the last column
    page.keyboard.press("ArrowUp")  # O2 there would need columns 7 and 8: kicked one column left (D5)
    at(page, r"^6:.*@2$")
    page.keyboard.press("z")
    page.keyboard.press("z")
    at(page, r"@0$")
    row = falling(page)[1]
    page.keyboard.down("ArrowDown")
    page.clock.run_for(300)  # soft drop: a row every 50 ms; gravity alone would move 0 rows (800 ms a row)
    page.keyboard.up("ArrowDown")
    row_at_least(page, row + 3)  # the 300 ms held reach the engine before the release
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_move_shows_on_the_frame_after_the_answer_without_easing(page: Page, boot) -> None:
    """D8: the tile a player moves is drawn at its new column at once: every frame shows it
    at a whole column (the old one until the engine answers, then the new one), never between."""
    boot(page, ROUTE)
    start(page)
    idle(page)  # the start's answers in and the first tile live (loaded, the column read came before them)
    col = falling(page)[0]
    page.evaluate("""() => { const tile = document.querySelector('.dd-falling'); window.__xs = [];
        const watch = () => { window.__xs.push([tile.dataset.at, tile.getAttribute('transform')]);
          if (window.__xs.length < 42) requestAnimationFrame(watch); };
        requestAnimationFrame(watch); }""")
    page.wait_for_function("window.__xs.length >= 2")  # frames before the press (a loaded machine may skip a few)
    page.keyboard.press("ArrowRight")
    # One column; two when a loaded machine sends the key-up after D8's delay (the press repeats).
    page.wait_for_function(f"!document.querySelector('.dd-falling').dataset.at.startsWith('{col}:')")
    page.wait_for_function("window.__xs.length >= 42")
    frames = page.evaluate("window.__xs")
    xs = [float(re.search(r"translate\(([-\d.]+)", transform).group(1)) for _, transform in frames]
    shown = [int(at_.split(":")[0]) for at_, _ in frames]  # the engine's column on each frame
    assert shown[0] == col and col < shown[-1] <= col + 2, frames[:5]
    cell = xs[-1] / shown[-1]
    drawn = [round(x / cell, 3) for x in xs]
    assert drawn == [float(c) for c in shown], list(zip(drawn, shown, strict=True))  # on every frame where the engine says, never between


def test_held_key_timing_is_the_players(page: Page, boot) -> None:
    """D8: the delay before a held arrow repeats and the time between repeats are the player's,
    set in Settings (D8's 170/50 ms by default) and stored with the settings."""
    page.clock.install()
    boot(page, ROUTE)
    page.click("#settings-button")
    expect(page.locator("output[for='key-delay']")).to_have_text(re.compile(r"^170\b"))  # D8's by default
    page.focus("#key-delay")
    page.keyboard.press("End")
    page.focus("#key-repeat")
    page.keyboard.press("End")
    expect(page.locator("output[for='key-delay']")).to_have_text(re.compile(r"^300\b"))
    page.keyboard.press("Escape")
    settings = json.loads(page.evaluate("localStorage.getItem('6e-club/v1/settings')"))
    assert (settings["keyDelay"], settings["keyRepeat"]) == (300, 100)
    start(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 10)
    col, _, orient = falling(page)
    page.keyboard.down("ArrowLeft")
    page.clock.run_for(250)  # D8's default would have moved three columns by now (0, 170, 220 ms)
    page.keyboard.up("ArrowLeft")
    page.keyboard.press("x")  # answered after every move asked before it
    at(page, rf"@{(orient + 1) % 4}$")
    assert falling(page)[0] == col - 1
    page.keyboard.down("ArrowLeft")
    page.clock.run_for(410)  # 0, 300, 400 ms: three columns
    page.keyboard.up("ArrowLeft")
    page.keyboard.press("z")
    at(page, rf"@{orient}$")
    assert falling(page)[0] == max(col - 4, 0)


def held_down_rows(page: Page, ms: int) -> int:
    """Rows the falling tile goes down while ArrowDown is held for ``ms`` of page time (the clock paused
    before): a rotation after the release is answered after every move asked before it."""
    _, row, orient = falling(page)
    page.keyboard.down("ArrowDown")
    page.clock.run_for(ms)
    page.keyboard.up("ArrowDown")
    page.keyboard.press("x")
    at(page, rf"@{(orient + 1) % 4}$")
    return falling(page)[1] - row


def test_soft_drop_speed_is_the_players_and_the_run_replays(page: Page, boot) -> None:
    """D6 stays the engine's (a row every 50 ms, its `soft` flag, the default); Settings offer faster soft drops
    that the page makes of plain `down` moves (D20), recorded like any move: held as long, Fast moves the tile
    more rows than Normal, and the run's replay code replays it to the same well and score."""
    page.clock.install()
    boot(page, ROUTE)
    page.click("#settings-button")
    select = page.locator("#soft-drop-select")
    expect(select).to_have_value("normal")  # D6's by default
    assert select.locator("option").all_text_contents() == [
        "Normal (a row every 50 ms)", "Fast (a row every 20 ms)", "Instant (to the floor, no lock)"]
    page.keyboard.press("Escape")
    start(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 10)
    normal = held_down_rows(page, 200)
    assert 3 <= normal <= 5, normal  # 200 ms at D6's 50 ms a row
    hard_drop(page)
    page.click("#settings-button")  # the clock is paused: no game time passes meanwhile
    select.select_option("fast")
    page.keyboard.press("Escape")
    settings = json.loads(page.evaluate("localStorage.getItem('6e-club/v1/settings')"))
    assert settings["softDrop"] == "fast"
    page.focus(".dd-well")  # the settings button had the focus back (a focused control keeps its keys)
    fast = held_down_rows(page, 200)
    assert fast > normal + 3, (fast, normal)  # a row every 20 ms: about ten
    hard_drop(page)
    # The recording holds the fast soft drop as `down` moves: the code replays to the same run.
    page.keyboard.press("p")  # paused: the save is stored
    page.wait_for_function("(n) => localStorage.getItem(n) !== null", arg=storage_key("domino", "run"))
    save = stored(page, "run")
    played = Session()
    view = played.load({"save": save})
    code = played.replay_code()
    assert code is not None
    downs = [payload for method, payload in parse_code(code, "domino").actions if method == "move" and payload == {"move": "down"}]
    assert len(downs) >= fast  # Normal's rows are the engine's (`soft` held), Fast's are moves
    viewer = Replays(Session())
    opened = viewer.replay_open({"code": code})
    last = viewer.replay_seek({"index": opened["steps"]})["view"]
    assert (last["well"], last["power"], last["turns"]) == (view["well"], view["power"], view["turns"])
    assert opened["score"] == view["power"]


def test_a_held_key_is_let_go_when_the_window_loses_focus(page: Page, boot) -> None:
    """D8 (web/kit/keys.js): a held arrow repeats at the view's delay and rate; when the window
    loses the focus no key-up will come, so the hold is let go there and the tile stops moving."""
    page.clock.install()
    boot(page, ROUTE)
    start(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from here page time moves only when told
    view, _, of_run = view_copy(page, "domino")
    assert of_run
    assert (view["repeat_delay"], view["repeat_every"]) == (170, 50)  # the engine's numbers (D8)
    page.keyboard.down("ArrowLeft")
    at(page, r"^2:")  # the press moved once
    page.evaluate("dispatchEvent(new Event('blur'))")
    page.clock.run_for(600)  # held, it would have repeated to the wall at column 0
    page.keyboard.up("ArrowLeft")
    page.keyboard.press("ArrowRight")  # the engine answers in order: this move's answer comes after any repeat
    at(page, r"^3:")
    assert page.errors == []  # type: ignore[attr-defined]


def test_pause_resume_and_auto_pause(page: Page, boot) -> None:
    """P pauses (time stops), P resumes; a hidden page pauses by itself (D17)."""
    page.clock.install()
    boot(page, ROUTE)
    start(page)
    page.keyboard.press("p")
    expect(page.locator(".dd-overlay")).to_be_visible()
    where = falling(page)
    page.clock.run_for(2000)  # page time: 2.5 rows' worth of gravity
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
    hard_drop(page)
    page.keyboard.press("ArrowRight")
    at(page, r"^4:")  # the move's answer is in (and stored) before the reload
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
    open_saved(page, boot, cascade_save())
    page.click(".dd-card .btn.primary")
    hard_drop(page)
    assert (stat(page, "max"), stat(page, "power")) == ("4", "9")
    assert page.locator(".dd-still .dd-half").count() == 2  # the 3 and the 1 are left
    assert page.errors == []  # type: ignore[attr-defined]


def cascade_save() -> str:
    """The D14 position from the CPython engine: a 2-5 over a 2 and a 5 cascades on the next hard drop."""
    rows = ["." * 16] * 14 + ["......2d........", "......3u5r1l...."]
    session = Session()
    session.new({"seed": 1, "mode": "sprint", "set": "classic", "position": "/".join(rows) + " 0 0"})
    dealt = session.state.falling  # swapped with the 2-5: the set stays whole (D15)
    queue = tuple((dealt.a, dealt.b) if set(tile) == {2, 5} else tile for tile in session.state.queue)
    return dump_game(replace(session.state, falling=Falling(2, 5, 3, 0, 0), queue=queue))


def open_saved(page: Page, boot, save: str) -> None:
    """A save in the run key (test hook) when the page loads: the run comes back paused (D18)."""
    boot(page, ROUTE, storage={storage_key("domino", "run"): save})


@pytest.mark.parametrize("key", ["ArrowLeft", "ArrowDown"])
def test_key_held_through_a_cascade_is_kept(page: Page, boot, key: str) -> None:
    """D5, D6, D8: a key pressed while a cascade animates and held is not dropped: once the
    next tile is live, held Left moves it (and keeps repeating to the wall, the charge kept), held Down
    soft-drops it, without releasing and pressing again."""
    page.add_init_script("""addEventListener('keydown', (e) => {
        if (!e.repeat) window.__busyAtPress = document.querySelector('.dd')?.dataset.busy; }, true)""")
    open_saved(page, boot, cascade_save())
    page.click(".dd-card .btn.primary")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    page.keyboard.press("Space")  # the cascade animates (full motion: about a second)
    page.wait_for_function("document.querySelector('.dd').dataset.busy === '1'")  # the engine's answer is in
    page.keyboard.down(key)
    assert page.evaluate("window.__busyAtPress") == "1", "the key went down after the cascade"
    idle(page)
    if key == "ArrowLeft":  # the spawn column is 3: held Left reaches the wall at 0 by itself
        page.wait_for_function("document.querySelector('.dd-falling').dataset.at.startsWith('0:')", timeout=3000)
    else:  # soft drop: a row every 50 ms (gravity alone: 800 ms a row)
        page.wait_for_function("Number(document.querySelector('.dd-falling').dataset.at.split(':')[1].split('@')[0]) >= 8",
                               timeout=3000)
    page.keyboard.up(key)
    assert page.errors == []  # type: ignore[attr-defined]


def test_phone_pad_keeps_left_and_right_together(phone: Page, page: Page, boot) -> None:
    """P13: on a phone the pad is two rows with ◀ and ▶ side by side under the left thumb (one row put
    them four buttons apart); on desktop it stays the 3x2 grid; every key at least 44 px."""
    boot(phone, ROUTE)
    start(phone, tap=True)
    box = {what: phone.locator(f".dd-key-{what}").bounding_box() for what in ("left", "right", "ccw", "cw", "soft", "hard")}
    assert abs(box["left"]["y"] - box["right"]["y"]) < 1  # same row
    assert 0 < box["right"]["x"] - (box["left"]["x"] + box["left"]["width"]) <= 12  # neighbours
    assert box["right"]["x"] + box["right"]["width"] <= 390 / 2 + 6  # both in the left half
    assert min(b["x"] for b in (box["ccw"], box["cw"], box["hard"])) >= 390 / 2 - 6  # the rest on the right
    assert len({round(b["y"]) for b in box.values()}) == 2  # two rows
    assert all(b["height"] >= 44 and b["width"] >= 44 for b in box.values())
    boot(page, ROUTE)
    start(page)
    tops = [page.locator(f".dd-key-{what}").bounding_box()["y"] for what in ("left", "ccw", "cw", "right", "soft", "hard")]
    assert len({round(y) for y in tops[:3]}) == 1 and len({round(y) for y in tops[3:]}) == 1 and tops[3] > tops[0]
    assert phone.errors == []  # type: ignore[attr-defined]


def _lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """sRGB (D65) to CIELAB."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu, Dalal 2005)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c, d_h = l2 - l1, c2 - c1, 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_t = -math.sin(math.radians(2 * theta)) * 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def test_ciede2000_matches_published_values() -> None:
    """The colour difference used below agrees with Sharma et al.'s test data (pairs 1, 7 and 17)."""
    assert round(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(ciede2000((50, 0, 0), (50, -1, 2)), 4) == 2.3669
    assert round(ciede2000((50, 2.5, 0), (73, 25, -18)), 4) == 27.1492


def _rgb(text: str) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in re.findall(r"\d+", text)[:3])
    return r, g, b


def _relative_luminance(rgb: tuple[int, int, int]) -> float:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_extended_faces_told_apart_by_colour(page: Page, boot) -> None:
    """D16 extended set: the pip colours of the nine faces 1-9, as the page computes them, are
    pairwise at least CIEDE2000 20 apart (2.3 is a just-noticeable difference; 2/7, 1/8 and 3/9 were
    11-15, a 7 and a 2 looked alike), and each stands 3:1 against the ivory face (WCAG non-text contrast)."""
    rows = ["." * 16] * 14 + ["9r0l" + "." * 12, "1r2l3r4l5r6l7r8l"]  # every half at rest (D12)
    session = Session()
    session.new({"seed": 1, "mode": "sprint", "set": "extended", "position": "/".join(rows) + " 0 0"})
    open_saved(page, boot, session.save({}))
    colours = page.evaluate("""() => Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [n,
        getComputedStyle(document.querySelector(`.dd-still .p${n} .dd-pip`)).fill]))""")
    face = _rgb(page.evaluate("getComputedStyle(document.querySelector('.dd-still .dd-face')).fill"))
    pips = {int(n): _rgb(text) for n, text in colours.items()}
    close = [(a, b, round(ciede2000(_lab(pips[a]), _lab(pips[b])), 1))
             for a, b in itertools.combinations(sorted(pips), 2) if ciede2000(_lab(pips[a]), _lab(pips[b])) < 20]
    assert close == []
    lit = _relative_luminance(face) + 0.05
    dim = [n for n, rgb in pips.items() if lit / (_relative_luminance(rgb) + 0.05) < 3]
    assert dim == []
    assert page.locator(".dd-still .p0 .dd-pip").count() == 0  # a blank half has no pips
    assert page.errors == []  # type: ignore[attr-defined]


def test_finished_sprint_says_set_complete(page: Page, boot) -> None:
    """D15: the end of a Sprint is shown and announced as 'Set complete', not 'Game over'."""
    open_saved(page, boot, LAST_TILE)
    page.click(".dd-card .btn.primary")
    page.keyboard.press("Space")
    expect(page.locator(".dd-card h2")).to_have_text("Set complete")
    expect(page.locator("#live-alert")).to_contain_text("Set complete.")  # P11: the end of a run, assertive
    assert "Game over" not in (page.text_content("#live-alert") or "")
    assert page.errors == []  # type: ignore[attr-defined]


def test_new_game_from_pause_asks_first(page: Page, boot) -> None:
    """D18: Pause -> New game asks in a modal dialog before the unfinished game is thrown away:
    focus on 'Keep playing' and kept inside, Escape cancels (run kept, focus back on New game); yes ends it."""
    boot(page, ROUTE)
    start(page, "marathon", "classic")
    hard_drop(page)
    page.keyboard.press("p")
    new_game = page.locator(".dd-card .btn").nth(1)
    new_game.click()
    confirm = page.locator(".dd-confirm")
    expect(confirm).to_be_visible()
    expect(confirm.locator(".dd-confirm-no")).to_be_focused()
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('.dd-confirm') !== null")
    page.keyboard.press("Escape")
    expect(confirm).to_have_count(0)
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")  # Escape closed the question only
    expect(new_game).to_be_focused()
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run")) is not None
    new_game.click()
    confirm.locator(".dd-confirm-yes").click()
    expect(page.locator(".dd-start")).to_be_visible()
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run")) is None
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "it", "de", "ru"])
def test_rules_page_covers_what_the_game_shows(lang: str) -> None:
    """P12: the Rules page names and explains every number and control the page shows (Max, Power,
    Speed, Next, Tiles/Set, New game, Play again, Change mode, both modes and both sets; the end card's figures),
    in each language."""
    root = Path(__file__).resolve().parent.parent / "web"
    strings = json.loads((root / "i18n" / f"domino.{lang}.json").read_text())
    rules = (root / "rules" / f"domino.{lang}.md").read_text().casefold()
    keys = ["next", "max", "power", "speed", "left", "set", "newGame", "again", "menu", "mode.sprint", "mode.marathon",
            "set.classic", "set.extended", "pause", "over.tiles", "over.time", "over.sets", "over.newRecord"]
    missing = [strings[f"domino.{k}"] for k in keys if strings[f"domino.{k}"].casefold() not in rules]
    assert missing == []
    assert "(" in rules and "²" in rules  # Power's (T - 1)² is spelled out


def stored(page: Page, name: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", storage_key("domino", name))


def test_board_at_once_before_the_engine(held_page: Page, boot) -> None:
    """P3: a returning visit draws the stored view of the run at once, paused, while Python is held
    back (the engine archive never arrives); the page is 'starting' and nothing acts on the stored view;
    once the engine is up the run resumes from the engine's own load and plays on."""
    page = held_page
    boot(page, ROUTE)
    start(page, "marathon", "classic")
    page.keyboard.press("ArrowLeft")
    hard_drop(page)
    page.keyboard.press("ArrowRight")
    at(page, r"^4:")
    page.keyboard.press("p")  # gravity stops; the pause's save stores the run and view the page shows
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")
    page.wait_for_function(
        "(key) => { const falling = JSON.parse(localStorage.getItem(key) || 'null')?.view?.falling;"
        " return falling && `${falling.col}:${falling.row}@${falling.orient}`"
        " === document.querySelector('.dd-falling').dataset.at; }", arg=storage_key("domino", "view"))
    view, run, of_run = view_copy(page, "domino")
    assert of_run
    session = Session()
    session.load({"save": run})
    assert view == session.view({})  # the view stored beside the run is the engine's view of it
    where = page.get_attribute(".dd-falling", "data-at")
    cells = page.locator(".dd-still .dd-half").count()
    assert cells == 2

    held = hold_engine(page)  # held: Python never starts
    page.reload()
    section = page.locator("section.game-domino")
    expect(section).to_have_attribute("data-starting", "1")
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.locator(".dd-still .dd-half").count() == cells
    assert page.get_attribute(".dd-falling", "data-at") == where
    assert page.text_content(".dd-chip") == "Marathon · Classic"
    assert stat(page, "power") == str(view["power"])
    assert page.evaluate("performance.getEntriesByName('club-board-painted').length") == 1
    box = page.locator(".dd-card .btn.primary").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # Resume, on the stored card
    page.keyboard.press("p")
    page.keyboard.press("Space")
    page.wait_for_timeout(300)
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")  # nothing acted on the stored view
    assert page.get_attribute(".dd", "data-phase") == "paused"
    assert page.locator(".dd-still .dd-half").count() == cells
    assert page.get_attribute(".dd-falling", "data-at") == where
    expect(section).to_have_attribute("data-starting", "1")

    wait_until_held(page, held)
    release_engine(page)
    page.reload()
    wait_ready(page)
    expect(page.locator(".dd-overlay h2")).to_have_text("Paused")
    expect(section).not_to_have_attribute("data-starting", "1")
    expect(page.locator(".dd-card .btn.primary")).to_be_focused()  # as before: the card has the focus
    page.keyboard.press("Enter")  # resume
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    hard_drop(page)
    expect(page.locator(".dd")).to_have_attribute("data-turns", "2")  # the engine's second turn, on the resumed run
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_second_tab_takes_the_newer_run(contexts, server_url: str) -> None:
    """P10 (async: the engine runs in a worker): two tabs on one run; a drop in the first is stored, the second hears
    it, loads the newer run through its engine and shows it paused with a notice, and plays on from it."""
    context = contexts.context(viewport={"width": 1280, "height": 800})
    first, second = context.new_page(), context.new_page()
    first.goto(server_url + ROUTE)
    wait_ready(first)
    start(first, "marathon", "classic")
    first.keyboard.press("p")
    expect(first.locator(".dd-overlay h2")).to_have_text("Paused")
    second.goto(server_url + ROUTE)
    wait_ready(second)
    expect(second.locator(".dd-overlay h2")).to_have_text("Paused")  # the run both tabs now show
    assert second.locator(".dd-still .dd-half").count() == 0

    first.click(".dd-card .btn.primary")
    first.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    hard_drop(first)
    expect(second.locator(".dd-still .dd-half")).to_have_count(2, timeout=10_000)
    expect(second.locator(".dd-overlay h2")).to_have_text("Paused")
    expect(second.locator("#notices")).to_contain_text("another tab")
    assert second.get_attribute(".dd", "data-turns") == "1"
    second.click(".dd-card .btn.primary")
    second.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    hard_drop(second)
    expect(second.locator(".dd")).to_have_attribute("data-turns", "2")  # (the halves may have matched: seeds are random)
    session = Session()
    session.load({"save": second.evaluate("k => localStorage.getItem(k)", storage_key("domino", "run"))})
    assert session.view({})["turns"] == 2  # the second tab's drop was made on top of the first tab's
