"""The Daily Club on the blocks page, in two browser contexts.

The first player opens today's daily with the Daily button; a second player
opens the daily's link and sees the same deal. The first plays the daily to
its end (the run up to its last drop is played by the CPython engine on the
same daily and written into storage, the documented test hook; the last drop
is made through the UI), and the game-over card shows the Daily Club's block:
the daily line (counted, streak 1), the share grid and the share/replay
buttons. Its Watch replay button opens the replay, stepped by the bar's
buttons and the keyboard to the same final score, and a replay takes no
input. The second player opens the replay code and reaches the same end.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from arcade import reload_keeps_the_club_block, storage_key, wait_ready
from club.blocks.api import Session
from club.blocks.pieces import CELLS
from club.links import MAX_GHOST
from layout import end_card_problems, peek_problems
from playwright.sync_api import Page, expect

RUN = storage_key("blocks", "run")

SEEN = """() => ({
  tray: [...document.querySelectorAll('.bk-slot')].map((b) => b.dataset.piece),
  filled: [...document.querySelectorAll('.bk-cell.filled')].map((c) => c.dataset.cell).sort().join(' '),
  score: document.querySelector('.bk-score')?.dataset.score ?? null,
})"""


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def near_end(date: str) -> tuple[str, tuple[str, dict[str, Any]], int]:
    """The daily of ``date`` played by a simple strategy (the first piece that fits,
    at its first legal cell; a re-deal when none fits) until one action is left:
    the save before it, that action, and the run's final score."""
    session = Session()
    session.new_run({"daily": date})
    while True:
        view = session.view({})
        slot = next((s for s in view["tray"] if s.get("piece") and s.get("fits")), None)
        before = session.save({})
        action = ("place", {"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])}) if slot else ("redeal", {})
        answer = getattr(session, action[0])(action[1])
        assert answer["accepted"], answer["reason"]
        if session.view({})["over"]:
            return before, action, session.view({})["score"]


def seen(page: Page) -> dict[str, Any]:
    return page.evaluate(SEEN)


def settled(page: Page) -> None:
    page.wait_for_function("!document.querySelector('.bk')?.dataset.busy")


def test_daily_link_end_card_and_replay(page: Page, phone: Page, boot) -> None:
    date = today()
    # 1. The Daily button opens today's daily; the address bar loses the query (a reload resumes).
    boot(page, "#/blocks")
    expect(page.locator(".bk-daily")).to_be_visible()
    page.locator(".bk-daily").click()
    page.wait_for_function("location.hash === '#/blocks'")
    wait_ready(page)
    settled(page)
    session = Session()
    session.new_run({"daily": date})
    deal = [s["piece"] for s in session.view({})["tray"]]
    page.wait_for_function("d => [...document.querySelectorAll('.bk-slot')].map((b) => b.dataset.piece).join() === d",
                           arg=",".join(deal))
    daily = seen(page)
    assert daily["filled"] == "" and daily["score"] == "0"

    # 2. A second player opens the daily's link: the same deal.
    boot(phone, f"#/blocks?daily={date}")
    settled(phone)
    phone.wait_for_function("d => [...document.querySelectorAll('.bk-slot')].map((b) => b.dataset.piece).join() === d",
                            arg=",".join(deal))
    assert seen(phone) == daily

    # 3. The daily played to its last action, which the player makes: the end card's club block.
    save, (method, payload), score = near_end(date)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save])
    page.reload()
    wait_ready(page)
    settled(page)
    if method == "place":
        page.locator(f'.bk-slot[data-slot="{payload["slot"]}"]').click()
        page.locator(f'.bk-cell[data-cell="{payload["cell"]}"]').click(force=True)
    else:
        page.locator(".bk-redeal").click()
    card = page.locator("dialog.bk-over")
    expect(card).to_be_visible(timeout=30_000)
    block = card.locator(".club-end")
    expect(block).to_be_visible(timeout=30_000)
    expect(block.locator(".club-end-line.counted")).to_be_visible()
    # P4: a daily's card counts down to the next dailies, in the clock's own form, and ticks
    countdown = block.locator(".club-end-countdown")
    expect(countdown).to_have_text(re.compile(r"^\d\d:[0-5]\d:[0-5]\d$"))
    shown = countdown.text_content()
    expect(countdown).not_to_have_text(shown or "", timeout=3_000)
    expect(block.locator(".club-grid")).not_to_be_empty()
    for button in (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code"):
        expect(block.locator(button)).to_be_visible()
    code = block.locator(".club-copy-code").get_attribute("data-code")
    assert code and code.startswith("6E1.blocks.")
    ghost = f"&vs={code}" if len(code) <= MAX_GHOST else ""  # the run's replay as a ghost to race, when it fits a link (P4)
    assert block.locator(".club-copy-link").get_attribute("data-link").endswith(f"#/blocks?daily={date}&beat={score}{ghost}")
    assert card.locator(".bk-over-score dd").get_attribute("data-value") == str(score)
    final = seen(page)
    stored = page.evaluate("k => localStorage.getItem(k)", RUN)

    # 3b. P4: a reload of the finished run shows its card again, with the same club block.
    reload_keeps_the_club_block(page, block, code)
    assert card.locator(".bk-over-score dd").get_attribute("data-value") == str(score)
    # P13: every action of the card without a scroll, at every size in every language.
    assert end_card_problems(page, "dialog.bk-over .club-end") == []
    assert peek_problems(page, ".bk-board-wrap") == []  # "See the board" folds the card away and back

    # 4. Watch replay: the bar steps by mouse and keyboard to the same final position.
    block.locator(".club-watch").click()
    bar = page.locator(".replay-bar")
    expect(bar).to_be_visible(timeout=30_000)
    expect(bar).to_have_attribute("data-index", "0")
    steps = int(page.locator(".replay-slider").get_attribute("max"))
    assert steps >= 2
    expect(page.locator(".bk-score")).to_have_attribute("data-score", "0")  # the first position, painted at its frame
    expect(page.locator(".bk-new")).not_to_be_visible()
    expect(page.locator(".bk-daily")).not_to_be_visible()
    # the board is named as the replay's position (no "Pick a piece": a replay takes none), D still describes it
    expect(page.get_by_role("application")).to_have_accessible_name(
        "Board of 61 cells, the replay's position. D describes the board.")
    expect(page.locator(".bk-keys-hint")).to_have_text("Press D to hear the board described.")  # no C, no T: no moves here
    bar.locator(".replay-forward").click()
    expect(bar).to_have_attribute("data-index", "1")
    settled(page)  # the step drawn (a render waits for its frame)
    assert seen(page)["filled"] != ""
    bar.locator(".replay-last").click()
    expect(bar).to_have_attribute("data-index", str(steps))
    page.wait_for_function("s => document.querySelector('.bk-score')?.dataset.score === s", arg=str(score))
    assert seen(page)["filled"] == final["filled"]
    expect(page.locator(".bk")).to_have_attribute("data-over", "1")
    expect(page.locator("dialog.bk-over")).to_have_count(0)  # a replay shows the end, no card
    page.locator("body").focus()
    page.keyboard.press("ArrowLeft")
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    expect(page.locator(".bk")).to_have_attribute("data-over", "0")
    page.keyboard.press("ArrowRight")
    expect(bar).to_have_attribute("data-index", str(steps))
    # A replay takes no input: a piece and a cell clicked change nothing, nothing is stored.
    settled(page)  # the step drawn
    before = seen(page)
    page.locator(".bk-slot").first.click(force=True)
    empty = page.locator(".bk-cell:not(.filled)").first
    empty.click(force=True)
    page.wait_for_timeout(500)
    assert seen(page) == before
    assert page.evaluate("k => localStorage.getItem(k)", RUN) == stored

    # 5. The second player opens the replay code: the same moves to the same end.
    phone.evaluate("c => { location.hash = '#/blocks?replay=' + c; }", code)
    other = phone.locator(".replay-bar")
    expect(other).to_be_visible(timeout=30_000)
    assert phone.locator(".replay-slider").get_attribute("max") == str(steps)
    other.locator(".replay-last").click()
    expect(other).to_have_attribute("data-index", str(steps))
    phone.wait_for_function("s => document.querySelector('.bk-score')?.dataset.score === s", arg=str(score))
    assert seen(phone)["filled"] == final["filled"]
