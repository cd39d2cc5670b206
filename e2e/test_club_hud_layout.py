"""The layout guard on the HUD of a challenge and a daily, every game (P13, P4): on a
360x640 and a 390x844 phone, by touch, in English and German, a challenge link with a
ghost (the widest badge: "Herausforderung · 987.654", the ghost's score beside it) and
today's daily (its dated badge) leave the page as wide as the screen, every HUD text
inside its box, the badge and the ghost on the first screen, and any card open (domino's
pause) centred and whole; the run finished against the ghost ends on a card centred and
whole at both sizes, in both languages. The challenger's run is the CPython engine's."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest
from arcade import storage_key, wait_ready
from club.bridge import Bridge
from layout import TEXT_BOXES, card_problems, outside_first_screen, overflow_report, settle, switch_language
from playwright.sync_api import Page, expect
from test_replays import blocks_move, bowls_move, call, domino_move, merge_move, play_to_end

PHONES = [(360, 640), (390, 844)]
# Game, the deal the challenger played, their moves, the HUD's own text boxes.
GAMES = {
    "blocks": ({"seed": 11}, blocks_move, ".bk-title, .bk-hud .stat"),
    "domino": ({"seed": 3, "mode": "sprint", "set": "classic"}, domino_move, ".dd-chip, .dd-sub, .dd-rules"),
    "merge": ({"seed": 5}, merge_move, ".hm-mode"),
    "bowls": ({"seed": 4, "mode": "endless"}, bowls_move, ".bw-chip"),
}
BEAT = 987_654  # the widest score to beat a link carries in practice

# The open dialog (the last one) off the screen's centre or outside it: "" when centred and inside.
_CARD_PLACE_JS = """() => { const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (!dialog) return null;
  const r = dialog.getBoundingClientRect(), w = document.documentElement.clientWidth;
  const off = Math.round(r.left - (w - r.right));
  return Math.abs(off) > 2 || r.left < -1 || r.right > w + 1
    ? `card [${Math.round(r.left)} – ${Math.round(r.right)}] in ${w} px, off centre by ${off} px` : ''; }"""


def challenger(game: str) -> tuple[str, str]:
    """The challenger's finished run of the game's deal: its challenge query and its save."""
    start, player, _ = GAMES[game]
    bridge = Bridge()
    call(bridge, game, "new", start)
    sent = play_to_end(bridge, game, player, random.Random(1), resume_at=-1)
    return sent["challenge"], call(bridge, game, "save")


def screen(page: Page, where: str, boxes: str, first: list[str]) -> list[str]:
    """What does not fit on the screen now: sideways scroll, text out of its box, badge or ghost
    off the first screen, an open card off centre or cut."""
    settle(page)
    problems = overflow_report(page, boxes) + outside_first_screen(page, first)
    if page.locator("dialog[open]").count():
        problems += [place for place in [page.evaluate(_CARD_PLACE_JS)] if place] + card_problems(page)
    return [f"{where}: {problem}" for problem in problems]


def both_sizes(page: Page, what: str, boxes: str, first: list[str]) -> list[str]:
    """``screen`` at both phone sizes in the page's language now (the page is left at 390x844)."""
    lang = page.evaluate("document.documentElement.lang")
    problems = []
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        problems += screen(page, f"{what} {lang} {width}x{height}", boxes, first)
    return problems


def keep(page: Page, key: str, value: str) -> None:
    """``value`` stored at ``key`` once the page left has stored its own (a game keeps its run as it leaves)."""
    for _ in range(20):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        page.wait_for_timeout(250)
        if page.evaluate("(k) => localStorage.getItem(k)", key) == value:
            return
    raise AssertionError(f"{key} was not kept")


def open_link(page: Page, server_url: str, game: str, query: str) -> None:
    """The arcade at ``#/<game>?<query>`` (home for no game), once the page took the link and is ready."""
    page.goto(f"{server_url}#/{game}" + (f"?{query}" if query else ""))
    page.wait_for_function("(route) => location.hash === route", arg=f"#/{game}")
    wait_ready(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_challenge_and_daily_hud_fit_a_phone(phone: Page, boot, server_url: str, game: str) -> None:
    link, save = challenger(game)
    boxes = f"{TEXT_BOXES}, .club-badge, .club-ghost, {GAMES[game][2]}"
    beat = re.sub(r"&beat=\d+", f"&beat={BEAT}", link)
    boot(phone, f"#/{game}?{beat}")
    expect(phone.locator(".club-ghost")).to_be_visible()
    expect(phone.locator(".club-badge")).to_have_attribute("data-kind", "challenge")
    racing = [".club-badge", ".club-ghost"]
    problems = both_sizes(phone, "challenge", boxes, racing)
    switch_language(phone, "de")  # mounts again: the run and its ghost come back
    expect(phone.locator(".club-ghost")).to_be_visible()
    problems += both_sizes(phone, "challenge", boxes, racing)

    # The run finished against the ghost: its end card, the two runs compared. Stored while the game is
    # away (in play, a page keeps its own run as it leaves).
    open_link(phone, server_url, "", "")
    keep(phone, storage_key(game, "run"), save)
    for lang in ("de", "en"):
        if lang == "de":
            open_link(phone, server_url, game, "")
        else:
            switch_language(phone, lang)  # mounts again: the finished run's end card again
        expect(phone.locator("dialog[open] .club-end-ghost")).to_be_visible()
        problems += both_sizes(phone, "end card", boxes, [])

    today = datetime.now(UTC).date().isoformat()
    open_link(phone, server_url, game, f"daily={today}")
    dated = ".bw-chip" if game == "bowls" else ".club-badge"  # bowls' mode chip says the daily itself (no badge)
    for lang in ("en", "de"):
        if lang == "de":
            switch_language(phone, lang)
        if game != "bowls":
            expect(phone.locator(".club-badge")).to_have_attribute("data-kind", "daily")
        problems += both_sizes(phone, "daily", boxes, [dated])
    assert problems == [], "\n".join(problems)
