"""The replay bar's keys and its "Play this deal", as a player meets them.

(a) A domino replay on a desktop: ← and → go a move at a time ("Move 1 of 3", 2, 3: a
tile's frames are no move), Shift+→ and . one step, and Space plays and pauses with the
slider focused (where the focus is after scrubbing).
(b) A replay of the challenge the player took: "Play this deal" starts that challenge
again, its score to beat and its ghost kept (the HUD says "Challenge · beat 7,934").
"""

from __future__ import annotations

from arcade import storage_key, wait_ready
from club.domino.api import Session
from playwright.sync_api import Page, expect

DEAL = "seed=5&mode=sprint&set=classic"


def domino_code() -> str:
    """A Sprint of three tiles, each moved and held a while before it drops: many steps per move."""
    player = Session()
    player.new({"seed": 5, "mode": "sprint", "set": "classic"})
    for moves in (("left", "left"), ("right",), ("cw", "right")):
        for move in moves:
            player.tick({"ms": 300})
            player.move({"move": move})
        player.move({"move": "hard"})
    code = player.replay_code()
    assert code
    return code


def bar(page: Page, key: str) -> str:
    return page.get_attribute(".replay-bar", f"data-{key}") or ""


def test_arrows_step_by_move_and_space_plays_on_the_slider(page: Page, boot) -> None:
    """(a) ←/→ by move, Shift+→ and . by step, Space on the focused slider."""
    boot(page, f"#/domino?replay={domino_code()}")
    wait_ready(page)
    expect(page.locator(".replay-bar")).to_be_visible(timeout=60_000)
    where = page.locator(".replay-where")
    expect(where).to_have_text("Move 0 of 3")
    for expected in ("Move 1 of 3", "Move 2 of 3", "Move 3 of 3"):
        page.keyboard.press("ArrowRight")
        expect(where).to_have_text(expected)  # one press, one move: never several for the same move
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text("Move 2 of 3")
    index = int(bar(page, "index"))
    page.keyboard.press("Shift+ArrowLeft")  # one step back: a frame of the tile before
    expect(page.locator(".replay-bar")).to_have_attribute("data-index", str(index - 1))
    page.keyboard.press(".")
    expect(page.locator(".replay-bar")).to_have_attribute("data-index", str(index))

    page.locator(".replay-slider").focus()
    page.keyboard.press("Home")  # the slider's own key, kept
    expect(where).to_have_text("Move 0 of 3")
    page.keyboard.press("Space")
    expect(page.locator(".replay-play")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")
    expect(page.locator(".replay-play")).to_have_attribute("aria-pressed", "false")


def test_play_this_deal_keeps_the_challenge(page: Page, boot) -> None:
    """(b) A replay of the challenge taken: Play this deal keeps its score to beat and its ghost."""
    code = domino_code()
    boot(page, f"#/domino?replay={code}",
         {storage_key("domino", "challenge"): f"{DEAL}&beat=7934", storage_key("domino", "ghost"): code})
    wait_ready(page)
    play = page.locator(".replay-play-deal")
    expect(play).to_have_attribute("href", f"#/domino?{DEAL}&beat=7934&vs={code}", timeout=60_000)
    play.click()
    expect(page.locator(".club-badge")).to_have_text("Challenge · beat 7,934", timeout=60_000)
    assert page.evaluate("localStorage.getItem('6e-club/v1/domino/ghost')") == code
