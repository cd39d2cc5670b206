"""Domino Drop in the Daily Club, through its real UI.

One run covers the page's part: the start screen's Daily button opens today's
daily (a Sprint of the classic set) and a second browser context opening the
daily's link plays the same deal (the next tiles and the Power after each drop
are what a player sees); the daily, played to its end by hard drops, ends on a
card with the daily line (counted, streak 1), the grid and the Share, challenge
link, Watch replay and Copy code buttons; Watch replay opens the run in replay
mode, which steps by the bar's buttons and by ←/→ to the run's final Power and
takes no input (no pad, no pause; a key or a click on the well moves nothing);
the replay code opened in the second context shows the same run, and a
challenge link of another mode and set replaces its run in play once asked.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from arcade import reload_keeps_the_club_block, wait_ready
from club.daily import record
from layout import end_card_problems, peek_problems
from playwright.sync_api import Page, expect

ROUTE = "#/domino"
POWER = ".dd-hud [data-stat=power]"


def phase(page: Page, name: str) -> None:
    page.wait_for_function("(name) => document.querySelector('.dd')?.dataset.phase === name", arg=name, timeout=30_000)


def hard_drop(page: Page) -> None:
    """Space, then wait until the turn is drawn and the next tile is live (or the run ended)."""
    turns = page.get_attribute(".dd", "data-turns")
    page.keyboard.press("Space")
    page.wait_for_function("""(turns) => { const d = document.querySelector('.dd').dataset;
        return d.phase === 'over' || (d.turns !== turns && d.busy !== '1'); }""", arg=turns, timeout=30_000)


def seen(page: Page) -> tuple[str | None, str | None, str | None]:
    """What the player sees of the deal now: the mode chip, the next tile (its label) and the Power."""
    chip = page.text_content(".dd-chip")
    return chip and " ".join(chip.split()), page.get_attribute(".dd-next-art", "aria-label"), page.get_attribute(POWER, "data-value")


def opening(page: Page, drops: int) -> list[tuple[str | None, str | None, str | None]]:
    sights = [seen(page)]
    for _ in range(drops):
        hard_drop(page)
        sights.append(seen(page))
    return sights


def test_daily_button_link_end_card_and_replay(page: Page, phone: Page, boot) -> None:
    boot(page, ROUTE)
    page.click(".dd-daily")
    phase(page, "play")
    expect(page).to_have_url(re.compile(r"#/domino$"))  # the link is cleared: a reload resumes the daily
    today = datetime.now(UTC).date()
    badge = page.locator(".dd .club-badge")
    expect(badge).to_have_text(f"Daily · {today:%b} {today.day}")  # the address says nothing: the HUD does (P4)
    assert page.get_attribute(".dd", "data-turns") == "0"
    mine = opening(page, 3)

    # A friend opens the daily's link: the same deal, drop for drop.
    boot(phone, f"{ROUTE}?daily={datetime.now(UTC).date().isoformat()}")
    phase(phone, "play")
    assert opening(phone, 3) == mine
    assert mine[0][0] == "Sprint · Classic" and mine[0][1]

    drops = 3
    for _ in range(60):  # the Sprint's 28 tiles at most
        if page.get_attribute(".dd", "data-phase") == "over":
            break
        hard_drop(page)
        drops += 1
    phase(page, "over")
    final = page.get_attribute(POWER, "data-value")
    tiles = page.get_attribute(".dd", "data-turns")  # the end card's tiles (view.turns): what the replay counts
    card = page.locator("dialog.dd-end")
    expect(card.locator(".club-end-line")).to_contain_text("counted · streak 1")
    expect(card.locator(".club-grid")).to_have_count(1)
    for button in (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code"):
        expect(card.locator(button)).to_be_visible()
    code = card.locator(".club-copy-code").get_attribute("data-code") or ""
    assert code.startswith("6E1.domino.")
    assert "daily=" in (card.locator(".club-copy-link").get_attribute("data-link") or "")
    # P4: a reload brings the finished daily's card back, with its club block and the badge
    reload_keeps_the_club_block(page, card, code)
    # P13: every action of the card without a scroll, at every size in every language.
    assert end_card_problems(page, "dialog.dd-card .club-end") == []
    assert peek_problems(page, ".dd-well") == []  # "See the board" folds the card away and back
    phase(page, "over")
    expect(badge).to_have_text(f"Daily · {today:%b} {today.day}")
    expect(page.locator(POWER)).to_have_attribute("data-value", final or "?")

    # Watch replay: the run step by step, by the bar's buttons and by the keys.
    card.locator(".club-watch").click()
    phase(page, "replay")
    bar = page.locator(".replay-bar")
    expect(bar).to_have_attribute("data-index", "0")
    expect(page.locator(POWER)).to_have_attribute("data-value", "0")
    expect(bar.locator(".replay-score")).to_contain_text(final or "?")
    steps = int(page.get_attribute(".replay-slider", "max") or "0")
    # At least a step per drop the player made, however many today's Sprint took (the deal
    # is the day's: how soon it ends depends on the date).
    assert steps >= drops > 3, (steps, drops)
    bar.locator(".replay-forward").click()
    expect(bar).to_have_attribute("data-index", "1")
    bar.locator(".replay-last").click()
    expect(bar).to_have_attribute("data-index", str(steps))
    expect(page.locator(POWER)).to_have_attribute("data-value", final or "?")
    # the counter counts the end card's tiles, not the replay's steps (frames in which the tile fell)
    expect(bar.locator(".replay-where")).to_have_text(f"Move {tiles} of {tiles}")
    page.locator(".dd-well").focus()
    page.keyboard.press("Shift+ArrowLeft")  # one step (a frame); ← alone goes a move
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    bar.locator(".replay-back").click()
    expect(bar).to_have_attribute("data-index", str(steps - 2))
    page.keyboard.press("Shift+ArrowRight")
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    page.keyboard.press("Shift+ArrowRight")  # a key pressed while a step is asked for is lost (the kit's bar): one at a time
    expect(bar).to_have_attribute("data-index", str(steps))
    expect(page.locator(POWER)).to_have_attribute("data-value", final or "?")

    # Watched, not played: no pad, no pause, no Daily; a key or a click on the well changes nothing.
    for hidden in (".dd-pad", ".dd-pause", ".dd-daily"):
        expect(page.locator(hidden)).to_be_hidden()
    bar.locator(".replay-first").click()
    expect(bar).to_have_attribute("data-index", "0")
    page.wait_for_function("() => document.querySelector('.dd')?.dataset.busy !== '1'")  # the step drawn
    before = page.get_attribute(".dd-falling", "data-at"), page.get_attribute(".dd", "data-turns")
    page.mouse.click(*centre(page, ".dd-well"))
    page.keyboard.press("x")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(700)  # a move or a tick would have been drawn by now
    assert (page.get_attribute(".dd-falling", "data-at"), page.get_attribute(".dd", "data-turns")) == before
    expect(bar).to_have_attribute("data-index", "0")

    # The friend opens the replay code: the same run, to the same final Power.
    boot(phone, f"{ROUTE}?replay={code}")
    phase(phone, "replay")
    phone.locator(".replay-last").click()
    expect(phone.locator(".replay-bar")).to_have_attribute("data-index", str(steps))
    expect(phone.locator(POWER)).to_have_attribute("data-value", final or "?")

    # A challenge link of another mode and set, opened over the friend's daily in play: asked, then that deal.
    boot(phone, f"{ROUTE}?seed=7&mode=marathon&set=extended")
    phone.locator(".club-confirm-yes").click()
    phase(phone, "play")
    expect(phone.locator(".dd-chip")).to_have_text(re.compile(r"Marathon\s*·\s*Extended"))
    expect(phone.locator(".dd .club-badge")).to_have_text("Challenge")  # no longer the daily's badge
    phone.reload()  # the address lost its query long ago: the badge still says it
    # The stored view draws the paused well at once; the badge waits for the engine's run_info
    # (3.5-5.7 s after that paint on a loaded machine): wait for the started game, as a player does.
    wait_ready(phone)
    phase(phone, "paused")
    expect(phone.locator(".dd .club-badge")).to_have_text("Challenge")
    assert phone.evaluate("localStorage.getItem('6e-club/v1/domino/choice')") == '{"mode":"marathon","set":"extended"}'


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_finished_run_s_card_comes_back_until_it_is_left(page: Page, boot) -> None:
    """P4: a Sprint played to its end shows its card again after a reload (Share, link, replay);
    Change mode leaves it for good: the next reload shows the start screen. A plain run has no badge."""
    boot(page, ROUTE)
    page.click(".dd-go")
    phase(page, "play")
    expect(page.locator(".dd .club-badge")).to_be_hidden()
    for _ in range(60):
        if page.get_attribute(".dd", "data-phase") == "over":
            break
        hard_drop(page)
    phase(page, "over")
    card = page.locator("dialog.dd-end")
    expect(card.locator(".club-share")).to_be_visible()
    code = card.locator(".club-copy-code").get_attribute("data-code") or ""
    assert code.startswith("6E1.domino.")
    page.reload()
    wait_ready(page)
    phase(page, "over")
    for button in (".club-share", ".club-copy-link", ".club-watch", ".club-copy-code"):
        expect(card.locator(button)).to_be_visible(timeout=30_000)
    assert card.locator(".club-copy-code").get_attribute("data-code") == code
    expect(card.locator(".club-end-line")).to_have_count(0)  # no daily: no daily line
    card.locator(".btn:not(.primary)", has_text="Change mode").click()
    phase(page, "start")
    page.reload()
    wait_ready(page)
    phase(page, "start")
    expect(page.locator("dialog.dd-end")).to_have_count(0)


def test_the_stats_page_keeps_sprint_and_marathon_apart(page: Page, boot) -> None:
    """D15, D16: domino's bests and score lines per mode on the stats page, from the club record."""
    made = record.bank(record.fresh(), "domino", 2600, None, "2026-12-01", mode="marathon").record
    made = record.bank(made, "domino", 410, None, "2026-12-02", mode="sprint").record
    made = record.bank(made, "domino", 380, None, "2026-12-02", mode="sprint").record
    boot(page, "#/")
    page.evaluate("t => localStorage.setItem('6e-club/v1/club/record', t)", record.dump(made))
    page.goto(page.url.split("#")[0] + "#/club")
    section = page.locator(".club-game[data-game=domino]")
    expect(section.locator(".n-best-mode")).to_have_count(2, timeout=30_000)
    expect(section.locator(".n-best-mode dt")).to_have_text(["Best score · Marathon", "Best score · Sprint"])
    expect(section.locator(".n-best-mode dd")).to_have_text(["2,600", "410"])
    expect(section.locator(".chart-last .chart-title")).to_have_text(["Last scores · Marathon", "Last scores · Sprint"])
    expect(section.locator(".n-best:not(.n-best-mode)")).to_have_count(0)  # no best mixing the two
