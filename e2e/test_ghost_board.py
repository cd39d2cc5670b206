"""A ghost you can see (P4, docs/daily-club.md), in one page: a blocks challenge link with
its ghost shows the friend's board beside the player's on a desktop, faint, inside the
screen and off the player's board and tray, and at each drop the friend's position at the
same move as the engine replays it (CPython: the ghost's code played to that move); on a
phone it is a peek the ghost line opens and closes, inside the screen, with no sideways
scroll at 360 px. The other three games' links show theirs beside their own board."""

from __future__ import annotations

import json
from pathlib import Path

import longruns
from arcade import drop_first_legal, storage_key, wait_ready
from club.blocks.api import Session
from club.bridge import Bridge
from club.ghost import GhostRace
from club.links import link
from club.replay import parse_code
from layout import outside_first_screen
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
DESKTOP, PHONE, SMALL = {"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 360, "height": 640}
# game -> what the friend's board must not cover: the page's own board (a hex board's cells, the ring's bowls: the
# boxes a player sees, not the square of their SVG) and the panel of its pieces and buttons
OWN = {
    "blocks": ".bk-board-wrap .bk-cell, .bk-tray",
    "domino": ".dd-stage .dd-well, .dd-pad",
    "merge": ".hm-board-wrap .hm-cell, .hm-side",
    "bowls": ".bw-board .bw-bowl, .bw-side",
}

# What a player sees of the friend's board: shown, its opacity, inside the viewport, overlapping the page's own.
_SEEN_JS = """(own) => {
  const fig = document.querySelector('.club-ghost-board');
  const r = fig.getBoundingClientRect(), s = getComputedStyle(fig);
  const hit = (b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
  return {
    shown: s.display !== 'none' && !fig.hidden && r.width > 40 && r.height > 40,
    opacity: Number(s.opacity),
    inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
    covers: [...document.querySelectorAll(own)].filter((el) => hit(el.getBoundingClientRect())).map((el) => el.className.baseVal ?? el.className),
    sideways: document.scrollingElement.scrollWidth > innerWidth,
    pointer: s.pointerEvents,
  };
}"""


def challenge(game: str, moves: int) -> tuple[str, str]:
    """A challenger's run of ``moves`` moves (the fixed bots' run): its deal's link and its code."""
    code = longruns.code(game, moves)
    return link(parse_code(code, game).start, Bridge().session(game).LINK), code


def friends_board(save: str, deal: str, code: str) -> str:
    """The engine's friend's board beside the run ``save`` holds (CPython): the filled cells."""
    session = Session()
    session.load({"save": save})
    seen = GhostRace(session).ghost_open({"code": code, "link": deal})
    assert seen is not None
    return seen["board"]["board"]


def open_challenge(page: Page, game: str, deal: str, code: str) -> None:
    page.evaluate("q => { location.hash = q; }", f"#/{game}?{deal}&vs={code}")
    page.wait_for_function("g => location.hash === '#/' + g", arg=game)
    wait_ready(page)


def seen(page: Page, game: str) -> dict:
    return page.evaluate(_SEEN_JS, OWN[game])


def test_a_ghost_you_can_see(page: Page, boot) -> None:
    deal, code = challenge("blocks", 8)
    boot(page, "#/")
    page.set_viewport_size(DESKTOP)
    open_challenge(page, "blocks", deal, code)
    figure, line = page.locator(".bk .club-ghost-board"), page.locator(".bk .club-ghost")
    expect(figure).to_have_attribute("data-move", "0")
    cells = "document.querySelector('.club-ghost-board').querySelectorAll('.bk-cell')"
    drawn = f"[...{cells}].map((c) => c.classList.contains('filled') ? 'x' : '.').join('')"
    before = page.evaluate(drawn)
    for move in (1, 2, 3):
        save = drop_first_legal(page)
        expect(figure).to_have_attribute("data-move", str(move))
        assert page.evaluate(drawn) == friends_board(save, deal, code)  # the engine's replay at this move
        assert page.evaluate(f"{cells}.length") == len(before)  # one board, redrawn in place
    assert page.evaluate(drawn) != before  # it changed with the moves
    expect(figure.locator("figcaption")).to_have_text(STRINGS["shell.club.ghostBoard"].replace("{move}", "3"))
    desk = seen(page, "blocks")
    assert desk["shown"] and desk["inside"] and desk["covers"] == [] and not desk["sideways"], desk
    assert 0.3 <= desk["opacity"] <= 0.7 and desk["pointer"] == "none", desk  # faint, never in the way of a tap

    # A phone: folded away until the ghost line (a toggle) opens the peek, inside the screen; tapped again, folded.
    for size in (PHONE, SMALL):
        page.set_viewport_size(size)
        assert not seen(page, "blocks")["shown"]
        line.click()
        expect(line).to_have_attribute("aria-pressed", "true")
        peek = seen(page, "blocks")
        assert peek["shown"] and peek["inside"] and not peek["sideways"] and 0.3 <= peek["opacity"] <= 0.7, (size, peek)
        line.click()
        expect(line).to_have_attribute("aria-pressed", "false")
        assert not seen(page, "blocks")["shown"]
    # the peek's state is the player's: back on a desktop the board folded by the last tap stays folded till asked
    page.set_viewport_size(DESKTOP)
    line.click()
    assert seen(page, "blocks")["shown"]
    assert page.evaluate("k => localStorage.getItem(k)", storage_key("blocks", "ghost")) == code

    # The other games: the friend's board beside their own at the start, and a domino challenge on a small phone
    # keeps its header in the screen (no sideways scroll) with the ghost line a toggle.
    for game in ("domino", "merge", "bowls"):
        deal, code = challenge(game, 3)
        page.set_viewport_size(DESKTOP)
        open_challenge(page, game, deal, code)
        expect(page.locator(".club-ghost-board")).to_have_attribute("data-move", "0")
        shown = seen(page, game)
        assert shown["shown"] and shown["inside"] and shown["covers"] == [] and 0.3 <= shown["opacity"] <= 0.7, (game, shown)
        assert page.locator(".club-ghost-board svg").count() == 1, game
        if game == "domino":  # its header wraps the badge and the ghost line on a phone (P13)
            page.set_viewport_size(SMALL)
            assert not seen(page, game)["sideways"]
            assert outside_first_screen(page, [".dd .club-ghost"]) == []
