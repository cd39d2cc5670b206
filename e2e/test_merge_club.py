"""The Daily Club on the merge page, in two browser contexts.

The first player opens today's daily with the Daily button; a second player
opens the daily's link and sees the same stones. The first plays the daily
to its end (the round up to its last stone is played by the CPython engine
on the same daily and written into storage, the documented test hook; the
last stone is placed through the UI), and the game-over card shows the Daily
Club's block: the daily line (counted), the share grid and the share/replay
buttons. Its Watch replay button opens the replay, stepped by the bar's
buttons and the keyboard to the same final score, and a replay takes no
input. The second player opens the replay code and reaches the same end.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from arcade import reload_keeps_the_club_block, storage_key, wait_ready
from club.links import MAX_GHOST
from club.merge.api import Session
from layout import end_card_problems
from playwright.sync_api import Page, expect

RUN = storage_key("merge", "run")

SEEN = """() => ({
  stones: [...document.querySelectorAll('.hm-layer-stones .hm-stone')].map((g) => `${g.dataset.cell}=${g.dataset.v}`).sort().join(' '),
  tray: [...document.querySelectorAll('.hm-side .hm-stone')].map((g) => g.dataset.v).join(' '),
  score: document.querySelector('.hm-score .value')?.dataset.value ?? null,
})"""


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def near_end(date: str) -> tuple[str, str, int]:
    """The daily of ``date`` played by a simple strategy (each piece on the first cell
    that takes it, in the geometry's order; a pair that fits nowhere is turned) until
    one piece is left to place: the save before it, its cell, and the round's final score."""
    session = Session()
    session.new({"daily": date})
    cells = session.geometry({})["cells"]
    while True:
        before = session.save({})
        cell = next((c for c in cells if session.place({"cell": c})["accepted"]), None)
        if cell is None:
            assert session.rotate({"step": 1})["accepted"], "a piece that fits nowhere, in any turn"
            continue
        if session.view({})["over"]:
            return before, cell, session.view({})["score"]


def seen(page: Page) -> dict[str, Any]:
    return page.evaluate(SEEN)


def settled(page: Page) -> None:
    page.wait_for_function("(el => el && el.dataset.busy !== '1' && el.dataset.anim !== '1')(document.querySelector('.hm'))")


def test_daily_link_end_card_and_replay(page: Page, phone: Page, boot) -> None:
    date = today()
    session = Session()
    session.new({"daily": date})
    start = session.view({})
    # what a player sees of the daily's start: the piece in hand, then the next one
    tray = " ".join(str(v) for v in [*start["current"]["stones"], *start["next"]["stones"]])
    # 1. The Daily button opens today's daily; the address bar loses the query (a reload resumes).
    boot(page, "#/merge")
    page.locator(".hm-daily").click()
    page.wait_for_function("location.hash === '#/merge'")
    wait_ready(page)
    page.wait_for_function("d => [...document.querySelectorAll('.hm-side .hm-stone')].map((g) => g.dataset.v).join(' ') === d",
                           arg=tray)  # the daily's own pieces (the round drawn before it may share its first stone)
    settled(page)
    daily = seen(page)
    assert daily["score"] == "0"
    expect(page.locator(".game-merge svg[tabindex='0']").first).to_be_focused()  # not left on <body> (P11)

    # 2. A second player opens the daily's link: the same stones.
    boot(phone, f"#/merge?daily={date}")
    phone.wait_for_function("location.hash === '#/merge'")
    phone.wait_for_function("d => [...document.querySelectorAll('.hm-side .hm-stone')].map((g) => g.dataset.v).join(' ') === d",
                            arg=tray)
    settled(phone)
    assert seen(phone) == daily

    # 3. The daily played to its last stone, which the player places: the end card's club block.
    save, cell, score = near_end(date)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save])
    page.reload()
    wait_ready(page)
    settled(page)
    page.locator(f'.hm-cell[data-cell="{cell}"]').click(force=True)
    card = page.locator("dialog.hm-over")
    expect(card).to_be_visible(timeout=30_000)
    block = card.locator(".club-end")
    expect(block).to_be_visible(timeout=30_000)
    expect(block.locator(".club-end-line.counted")).to_be_visible()
    # P4: a daily's card counts down to the next dailies, in the clock's own form, and ticks
    countdown = block.locator(".club-end-countdown")
    expect(countdown).to_have_text(re.compile(r"^\d\d:[0-5]\d:[0-5]\d$"))
    shown = countdown.text_content()
    expect(countdown).not_to_have_text(shown or "", timeout=3_000)
    for button in (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code"):
        expect(block.locator(button)).to_be_visible()
    code = block.locator(".club-copy-code").get_attribute("data-code")
    assert code and code.startswith("6E1.merge.")
    ghost = f"&vs={code}" if len(code) <= MAX_GHOST else ""  # the run's replay as a ghost to race, when it fits a link (P4)
    assert block.locator(".club-copy-link").get_attribute("data-link").endswith(f"#/merge?daily={date}&beat={score}{ghost}")
    assert card.locator(".hm-over-score dd").get_attribute("data-value") == str(score)
    settled(page)
    final = seen(page)

    # 3b. P4: a reload of the finished run shows its card again, with the same club block.
    reload_keeps_the_club_block(page, block, code)
    settled(page)
    # P13: every action of the card without a scroll, at every size in every language.
    assert end_card_problems(page, "dialog.hm-over .club-end") == []

    # 4. Watch replay: the bar steps by mouse and keyboard to the same final position.
    block.locator(".club-watch").click()
    bar = page.locator(".replay-bar")
    expect(bar).to_be_visible(timeout=30_000)
    expect(bar).to_have_attribute("data-index", "0")
    stored = page.evaluate("k => localStorage.getItem(k)", RUN)  # as the game page left it (its play time)
    steps = int(page.locator(".replay-slider").get_attribute("max"))
    assert steps >= 2
    for tool in (".hm-new", ".hm-daily", ".hm-slots-btn", ".hm-settings-btn"):
        expect(page.locator(tool)).to_be_hidden()
    bar.locator(".replay-forward").click()
    expect(bar).to_have_attribute("data-index", "1")
    bar.locator(".replay-last").click()
    expect(bar).to_have_attribute("data-index", str(steps))
    page.wait_for_function("s => document.querySelector('.hm-score .value')?.dataset.value === s", arg=str(score))
    settled(page)
    assert seen(page)["stones"] == final["stones"]
    expect(page.locator(".hm")).to_have_attribute("data-over", "1")
    expect(page.locator("dialog.hm-over")).to_have_count(0)  # a replay shows the end, no card
    page.keyboard.press(",")  # one position back (<- is a whole move)
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    expect(page.locator(".hm")).to_have_attribute("data-over", "0")
    settled(page)
    # A replay takes no input: a cell clicked changes nothing, nothing is stored.
    before = seen(page)
    free = next(c for c in Session().geometry({})["cells"] if f"{c}=" not in before["stones"])
    page.locator(f'.hm-cell[data-cell="{free}"]').click(force=True)
    page.wait_for_timeout(500)
    settled(page)
    assert seen(page) == before
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    page.keyboard.press(".")
    expect(bar).to_have_attribute("data-index", str(steps))
    assert page.evaluate("k => localStorage.getItem(k)", RUN) == stored
    # Back on the game: its Daily button says today's daily is counted, and with what.
    page.evaluate("location.hash = '#/merge'")
    page.wait_for_function("location.hash === '#/merge' && !document.querySelector('.replay-bar')")
    wait_ready(page)
    expect(page.locator(".hm-daily .club-daily-check")).to_be_visible()
    expect(page.locator(".hm-daily")).to_have_attribute("aria-description", re.compile(rf"counted: {score:,}"))

    # 5. The second player opens the replay code: the same moves to the same end.
    phone.evaluate("c => { location.hash = '#/merge?replay=' + c; }", code)
    other = phone.locator(".replay-bar")
    expect(other).to_be_visible(timeout=30_000)
    assert phone.locator(".replay-slider").get_attribute("max") == str(steps)
    # Scrubbing by touch: a tap on the slider's middle moves the replay there.
    track = phone.locator(".replay-slider").bounding_box()
    assert track
    phone.locator(".replay-slider").tap(position={"x": track["width"] / 2, "y": track["height"] / 2})
    phone.wait_for_function("() => document.querySelector('.replay-bar')?.dataset.index !== '0'")
    assert 0 < int(other.get_attribute("data-index") or "0") < steps
    other.locator(".replay-last").click()
    expect(other).to_have_attribute("data-index", str(steps))
    phone.wait_for_function("s => document.querySelector('.hm-score .value')?.dataset.value === s", arg=str(score))
    settled(phone)
    assert seen(phone)["stones"] == final["stones"]
