"""Color Bowls in the Daily Club, through its real UI.

The Daily mode plays the club's daily of today (a second browser context opening
the daily's link sees the same ring, bowl by bowl); the daily, sown twice (bowls
chosen by the CPython engine on the same deal) and ended, ends on a card with the
daily line (counted, streak 1), the grid and the Share, challenge link, Watch
replay and Copy code buttons; Watch replay opens the run in replay mode, which
steps by the bar's buttons and by ←/→ to the run's final score and takes no input
(no controls; a click on a bowl sows nothing) and the replay code opened in the
second context shows the same run; back on the mode screen, the daily played
again is practice.

A daily played with an Undo (W21: training) to its 20th move is practice: the end
card's club line says so and why, without "counted", and offers no Undo (the
finished daily is final: U is refused too); the stored club record keeps no
counted day and no streak and says why; the share text says practice.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from arcade import reload_keeps_the_club_block
from club.bowls.api import Session
from club.daily import record
from layout import end_card_problems, peek_problems
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"
SCORE = ".bw-score .value"


def settled(page: Page, screen: str = "game") -> None:
    """The page shows `screen`, has applied every answer and no move animates."""
    page.wait_for_function(
        """(screen) => { const r = document.querySelector('section.game-bowls');
        return r && r.dataset.screen === screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; }""",
        arg=screen,
        timeout=30_000,
    )


def ring(page: Page) -> list[str | None]:
    """What the player sees of the ring: every bowl's label (its stones, modifiers and room)."""
    return [page.locator(f".bw-bowl[data-bowl='{b}']").get_attribute("aria-label") for b in range(12)]


def share_grid(date: str, bowls: list[int]) -> str:
    """The share grid the CPython engine draws for the daily of `date` sown in `bowls`, then ended."""
    session = Session()
    session.new({"daily": date})
    for b in bowls:
        session.sow({"bowl": b})
    return next(e for e in session.end({})["events"] if e["type"] == "finished")["grid"]


def plan(date: str, sows: int) -> list[int]:
    """Bowls to sow on the daily of `date` for `sows` moves, chosen by the CPython engine: at each
    move the first bowl it lets the player choose from which the daily still lasts the `sows`
    moves (some dailies overflow early on the first choices, W12), ending in play or at the limit."""

    def after(bowls: list[int]) -> dict:
        session = Session()
        view = session.new({"daily": date})
        for b in bowls:
            view = session.sow({"bowl": b})["view"]
        return view

    def lasting(bowls: list[int]) -> list[int] | None:
        view = after(bowls)
        if len(bowls) == sows:
            return bowls if view["choosable"] or view["status"] == "limit" else None
        for b in view["choosable"]:
            found = lasting([*bowls, b])
            if found:
                return found
        return None

    found = lasting([])
    assert found, f"no {sows} sows keep the daily of {date} going"
    return found


def sow(page: Page, b: int) -> None:
    """Choose bowl `b` and sow it (a second click); wait until the move is drawn."""
    moves = page.get_attribute(ROOT, "data-moves")
    target = page.locator(f".bw-bowl[data-bowl='{b}']")
    target.click()
    target.click()
    page.wait_for_function(
        "(m) => document.querySelector('section.game-bowls').dataset.moves !== m", arg=moves
    )
    settled(page)


def test_daily_link_end_card_replay_and_practice(page: Page, phone: Page, boot) -> None:
    date = datetime.now(UTC).date().isoformat()
    boot(page, "#/bowls")
    settled(page, "modes")
    page.click(".bw-mode-daily .bw-start")
    settled(page)
    expect(page.locator(".bw-chip")).to_contain_text("Daily")
    mine = ring(page)

    # A friend opens the daily's link: the same ring.
    boot(phone, f"#/bowls?daily={date}")
    settled(phone)
    expect(phone).to_have_url(re.compile(r"#/bowls$"))  # the link is cleared: a reload resumes
    expect(phone.locator(f"{ROOT} .club-badge")).to_be_hidden()  # a daily: the chip says so
    assert ring(phone) == mine and all(mine)

    for b in plan(date, 2):
        moves = page.get_attribute(ROOT, "data-moves")
        bowl = page.locator(f".bw-bowl[data-bowl='{b}']")
        bowl.click()
        bowl.click()
        page.wait_for_function(
            "(m) => document.querySelector('section.game-bowls').dataset.moves !== m", arg=moves
        )
        settled(page)
    page.click(".bw-end")
    page.click(".bw-end-yes")
    card = page.locator("dialog.bw-over")
    expect(card.locator(".club-end-line")).to_contain_text("counted · streak 1")
    final = page.locator(SCORE).text_content() or "?"
    # The share grid shows the run's matches: none on a day whose two sows match nothing.
    expect(card.locator(".club-grid")).to_have_count(1 if share_grid(date, plan(date, 2)) else 0)
    for button in (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code"):
        expect(card.locator(button)).to_be_visible()
    code = card.locator(".club-copy-code").get_attribute("data-code") or ""
    assert code.startswith("6E1.bowls.")
    # P4: a reload brings the finished daily's card back (not the mode screen), with its club block
    reload_keeps_the_club_block(page, card, code)
    settled(page)
    # P13: every action of the card without a scroll, at every size in every language.
    assert end_card_problems(page, "dialog.bw-over .club-end") == []
    assert peek_problems(page, ".bw-ring") == []  # "See the board" folds the card away and back
    expect(page.locator(SCORE)).to_have_text(final)
    expect(page.locator(".bw-chip")).to_contain_text("Daily")
    expect(page.locator(f"{ROOT} .club-badge")).to_be_hidden()  # the chip says the daily: no second badge

    # Watch replay: both sows and the End, by the bar's buttons and by the keys.
    card.locator(".club-watch").click()
    bar = page.locator(".replay-bar")
    expect(bar).to_have_attribute("data-index", "0")
    expect(page.locator(ROOT)).to_have_attribute("data-replay", "1")
    expect(page.locator(ROOT)).to_have_attribute("data-moves", "0")
    assert ring(page) == mine
    expect(bar.locator(".replay-score")).to_contain_text(final)
    steps = int(page.get_attribute(".replay-slider", "max") or "0")
    assert steps == 3
    bar.locator(".replay-forward").click()
    expect(bar).to_have_attribute("data-index", "1")
    expect(page.locator(ROOT)).to_have_attribute("data-moves", "1")
    bar.locator(".replay-last").click()
    expect(bar).to_have_attribute("data-index", "3")
    expect(page.locator(ROOT)).to_have_attribute("data-over", "1")
    expect(page.locator(SCORE)).to_have_text(final)
    page.keyboard.press("ArrowLeft")
    expect(bar).to_have_attribute("data-index", "2")
    bar.locator(".replay-back").click()
    expect(bar).to_have_attribute("data-index", "1")
    page.keyboard.press("ArrowRight")
    expect(bar).to_have_attribute("data-index", "2")
    page.keyboard.press("ArrowRight")
    expect(bar).to_have_attribute("data-index", "3")
    expect(page.locator(SCORE)).to_have_text(final)

    # Watched, not played: no controls, no card; a click on a bowl sows nothing.
    for hidden in (".bw-sow", ".bw-undo", ".bw-end", ".bw-pause"):
        expect(page.locator(hidden)).to_be_hidden()
    bar.locator(".replay-first").click()
    expect(bar).to_have_attribute("data-index", "0")
    settled(page)  # the start drawn (a render waits for its frame)
    before = page.get_attribute(ROOT, "data-position")
    b = plan(date, 1)[0]
    page.locator(f".bw-bowl[data-bowl='{b}']").click(force=True)
    page.locator(f".bw-bowl[data-bowl='{b}']").click(force=True)
    page.keyboard.press("Enter")
    page.wait_for_timeout(700)  # a sow would have been answered by now
    assert page.get_attribute(ROOT, "data-position") == before
    expect(bar).to_have_attribute("data-index", "0")
    expect(page.locator("dialog[open]")).to_have_count(0)

    # The friend opens the replay code: the same run, to the same final score.
    boot(phone, f"#/bowls?replay={code}")
    phone.locator(".replay-last").click()
    expect(phone.locator(".replay-bar")).to_have_attribute("data-index", "3")
    expect(phone.locator(SCORE)).to_have_text(final)

    # Back to the game: the finished daily's card until the player leaves it for the modes, for good.
    page.goto(page.url.split("#")[0] + "#/bowls")
    expect(page.locator("dialog.bw-over .club-share")).to_be_visible(timeout=30_000)
    page.click("dialog.bw-over .bw-to-modes")
    settled(page, "modes")
    page.reload()
    settled(page, "modes")
    expect(page.locator("dialog.bw-over")).to_have_count(0)
    # The daily again, from the mode screen: practice.
    expect(page.locator(".bw-mode-daily")).to_contain_text(final)  # today's best
    page.click(".bw-mode-daily .bw-start")
    settled(page)
    page.click(".bw-end")
    page.click(".bw-end-yes")
    repeat = page.locator("dialog.bw-over .club-end-line")
    expect(repeat).to_have_text(re.compile(r"^Daily · .+ — practice: this daily already counted$"))
    expect(repeat).to_have_attribute("data-why", "repeat")


def test_a_daily_played_with_undo_is_practice(page: Page, boot) -> None:  # W20, W21
    page.emulate_media(reduced_motion="reduce")
    date = datetime.now(UTC).date().isoformat()
    boot(page, "#/bowls")
    settled(page, "modes")
    page.click(".bw-mode-daily .bw-start")
    settled(page)
    bowls = plan(date, 20)
    for number, b in enumerate(bowls, start=1):
        sow(page, b)
        if number == 3:  # scout the refill, take the move back and sow it again: the same refill (W21)
            after = page.get_attribute(ROOT, "data-position")
            page.click(".bw-undo")  # asked first (W21): Cancel changes nothing, yes makes it practice
            ask = page.locator("dialog.bw-undo-card")
            expect(ask).to_contain_text("will not count for your streak")
            ask.locator(".bw-undo-no").click()
            expect(ask).to_have_count(0)
            assert page.get_attribute(ROOT, "data-position") == after
            expect(page.locator(".bw-training")).to_be_hidden()
            page.click(".bw-undo")
            page.locator("dialog.bw-undo-card .bw-undo-yes").click()
            page.wait_for_function("() => document.querySelector('section.game-bowls').dataset.moves === '2'")
            settled(page)
            expect(page.locator(".bw-training")).to_be_visible()
            sow(page, b)
            assert page.get_attribute(ROOT, "data-position") == after
    expect(page.locator(ROOT)).to_have_attribute("data-status", "limit")

    card = page.locator("dialog.bw-over")
    line = card.locator(".club-end-line")
    expect(line).to_have_text(
        re.compile(r"^Daily · .+ — practice: you used Undo, so it doesn't count$"), timeout=30_000
    )
    expect(line).not_to_contain_text("counted")
    expect(line).to_have_attribute("data-why", "training")
    expect(card.locator(".club-end-club")).to_have_count(0)  # no "n of 4 today": nothing counted
    expect(card.locator(".bw-note")).to_be_visible()  # the game's own word: training, no personal best
    expect(card.locator(".bw-again")).to_be_visible()
    expect(card.locator(".bw-over-undo")).to_have_count(0)  # the banked daily is final

    stored = page.evaluate("k => localStorage.getItem(k)", "6e-club/v1/club/record")
    assert json.loads(stored)["version"] == record.VERSION
    mine = record.load(stored).games["bowls"]
    assert (mine.days, mine.streaks, mine.daily_played, mine.best_streak, mine.best) == ([], [], 0, 0, None)
    assert [(run.daily, run.date, run.why) for run in mine.runs] == [(True, date, "training")]

    # Share: the text says practice and posts no daily score.
    page.evaluate(
        "Object.defineProperty(navigator, 'share', {configurable: true, value: (d) => {"
        " window.__shared = d.text; return Promise.resolve(); }})"
    )
    card.locator(".club-share").click()
    page.wait_for_function("typeof window.__shared === 'string'")
    shared = page.evaluate("window.__shared")
    final = page.locator(SCORE).text_content() or "?"
    assert "· practice" in shared and f"Practice score: {final} (you used Undo" in shared
    assert not re.search(r"^Score:", shared, re.M) and f"?daily={date}" in shared

    # The card closed, the finished daily stays final: Undo is off and U is refused.
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator(".bw-undo")).to_be_disabled()
    before = page.get_attribute(ROOT, "data-position")
    page.keyboard.press("u")
    expect(page.locator("#live > :last-child")).to_have_text(
        "This daily is finished: its result is final."
    )  # the last words heard
    assert page.get_attribute(ROOT, "data-position") == before
    expect(page.locator(ROOT)).to_have_attribute("data-moves", "20")
