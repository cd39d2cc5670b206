"""Hex Merge's feel, end card, tip and screen-reader play
through the real UI, with the browser's REAL audio graph and vibrations recorded
(e2e/feel.py): a two-step chain is heard (place, merge, chain), felt, and shown
(floats where the groups land, bursts, praise, the score counting up); a refused
spot and a turn have their cues; under reduced motion nothing moves (no transform
animation at all) and nothing vibrates; the end card shows the round's figures,
keeps the board in sight and focuses Play again; the joker's tip shows once; the
board is read in words.
"""

from __future__ import annotations

import json
from pathlib import Path

from arcade import expect_play_time, wait_ready
from club.merge.board import CELLS
from club.merge.notation import board_from_cells as B
from feel import cues_named, feel_log, reaches_destination, slow_juice, watch_feel
from playwright.sync_api import Page, expect
from test_merge import RUN, centre, open_at, save_of, settled

STRINGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
EN = json.loads((STRINGS / "merge.en.json").read_text())
# 2 at 0:0 merges three 2s into a 4 there (6 points), which merges with the 4 and the
# joker into an 8 (24, doubled by the joker): a chain of two steps, 30 points. Next: a pair.
CHAIN_2 = f"{B('-2:0=2 -1:0=2 1:-1=4 2:-2=*')} 2 4-8 0 4"
# Every cell but 0:0 filled, no two equal neighbours (three colours): the 2 at 0:0 ends the round.
FULL = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) != "0:0"))

# Every animation that moves something (a transform other than none), sampled each frame
# (window.__frames counts the frames sampled: watching_motion waits until it samples).
WATCH_MOTION = """() => {
  window.__moved = [];
  window.__frames = 0;
  const moving = (a) => {
    const frames = a.effect?.getKeyframes?.() ?? [];
    return frames.some((k) => k.transform && k.transform !== "none") || a.transitionProperty === "transform";
  };
  const look = () => {
    window.__frames += 1;
    for (const a of document.getAnimations()) {
      if (moving(a) && a.playState === "running") window.__moved.push(a.animationName || a.transitionProperty || a.effect.target?.className?.baseVal || a.effect.target?.className);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

# The texts the score showed, recorded as they change.
WATCH_SCORE = """() => {
  window.__scores = [];
  const value = document.querySelector(".hm-score .value");
  new MutationObserver(() => window.__scores.push(value.textContent)).observe(value, { childList: true, characterData: true, subtree: true });
}"""


def watching_motion(page: Page) -> None:
    """WATCH_MOTION started, and sampling frames before the test acts (under load its first frame
    could come after the move's animations had run)."""
    page.evaluate(WATCH_MOTION)
    page.wait_for_function("window.__frames >= 2")


def chain_move(page: Page) -> None:
    """The chain of CHAIN_2, by a click on 0:0; waits until the page has drawn the answer."""
    page.mouse.click(*centre(page, "0:0"))
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'chain')")
    settled(page)


def test_a_chain_is_heard_felt_and_shown(page: Page, boot) -> None:
    watch_feel(page)
    open_at(page, boot, CHAIN_2)
    page.evaluate(WATCH_SCORE)
    slow_juice(page, 0.1)  # the juice lasts ten times longer: it is surely still on when looked at
    chain_move(page)
    log = feel_log(page)
    names = [c["name"] for c in log["cues"]]
    assert names[:3] == ["place", "merge", "chain"], names
    merge, chain = cues_named(log, "merge")[0], cues_named(log, "chain")[0]
    assert (merge["size"], merge["step"], chain["size"], chain["step"]) == (3, 1, 3, 2)  # the events' own sizes
    assert all(c["sounded"] and c["buzzed"] for c in log["cues"][:3])
    assert log["contexts"] == ["running"] and len(log["vibrations"]) >= 3
    sources = [n["id"] for n in log["nodes"] if n["type"] in ("createOscillator", "createBufferSource")]
    assert sources and all(reaches_destination(log, s) for s in sources)  # real nodes, connected to the output

    # juice: a float per group at the spot it landed (0:0), bursts, the praise word, the score counted up
    floats = page.locator(".juice-float.hm-float")
    expect(floats).to_have_count(2)
    expect(page.locator(".juice-float.hm-fx-joker")).to_have_count(1)  # the joker's group: its points, ×2
    expect(page.locator(".juice-float.hm-fx-joker")).to_have_text("+24 ×2")
    x, y = centre(page, "0:0")
    box = floats.first.bounding_box()
    assert box and abs(box["x"] + box["width"] / 2 - x) < 40 and abs(box["y"] + box["height"] / 2 - y) < 80
    expect(page.locator(".juice-praise")).to_have_text(EN["merge.praise.chain2"])
    assert page.locator(".juice-dot").count() > 0
    expect(page.locator(".hm-score .value")).to_have_text("30")
    shown = page.evaluate("window.__scores")
    assert shown[-1] == "30" and any(0 < int(s) < 30 for s in shown), shown  # it counted up

    # the next action (a turn: a small step) ends the show at once; a refused spot is heard
    page.keyboard.press("r")
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'move')")
    expect(page.locator(".juice-float, .juice-praise, .juice-dot")).to_have_count(0)
    count = len(feel_log(page)["cues"])
    page.mouse.click(*centre(page, "0:0"))  # taken by the 8
    page.wait_for_function("n => window.__feelLog.cues.length > n", arg=count)
    assert feel_log(page)["cues"][count]["name"] == "refuse"
    assert page.errors == []  # type: ignore[attr-defined]


def test_reduced_motion_then_the_end_card(page: Page, boot) -> None:
    """Under reduced motion the chain has no moving animation and no vibration (the sound
    stays); then the last move: the end card with the round's figures beside the board."""
    page.emulate_media(reduced_motion="reduce")
    watch_feel(page)
    open_at(page, boot, CHAIN_2)
    watching_motion(page)
    chain_move(page)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__moved") == []
    log = feel_log(page)
    assert [c["name"] for c in log["cues"][:3]] == ["place", "merge", "chain"]
    assert log["vibrations"] == [] and not any(c["buzzed"] for c in log["cues"])
    assert page.locator(".juice-dot").count() == 0  # no bursts; the points still show (a fade)
    expect(page.locator(".hm-score .value")).to_have_text("30")

    # the end: this round's figures (the chain record kept in the save), the board in sight
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, save_of(f"{FULL} 2 4 50 36", best_chain=3, play_ms=65_000)])
    page.reload()
    wait_ready(page)
    watching_motion(page)
    page.mouse.click(*centre(page, "0:0"))
    card = page.locator(".hm-over")
    expect(card).to_be_visible()
    for key, text in (("score", "50"), ("highest", "8"), ("chain", "3"), ("moves", "37")):
        expect(card.locator(f".hm-over-{key} dd")).to_have_text(text)
    expect_play_time(card.locator(".hm-over-time dd"), 65_000)  # M11: the stored 1:05 and the click's seconds
    expect(card.locator(".hm-over-chain dt")).to_have_text(EN["merge.chain"])
    expect(card.locator(".hm-again")).to_have_text(EN["merge.playAgain"])
    expect(card.locator(".hm-again")).to_be_focused()
    expect(card.locator(".hm-new-best")).to_be_visible()
    # The round's last cues are felt after a paint (web/kit/feel.js), on their own timer beside the card's.
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'over')")
    over = feel_log(page)
    assert [c["name"] for c in over["cues"]][-2:] == ["fanfare", "over"]  # a new best, then the end
    board, shown = page.locator(".hm-board").bounding_box(), card.bounding_box()
    assert board and shown
    overlap = max(0, min(board["x"] + board["width"], shown["x"] + shown["width"]) - max(board["x"], shown["x"])) * \
        max(0, min(board["y"] + board["height"], shown["y"] + shown["height"]) - max(board["y"], shown["y"]))
    assert overlap < 0.05 * board["width"] * board["height"], (board, shown)
    assert page.evaluate("window.__moved") == []
    page.keyboard.press("Enter")  # Play again
    expect(card).to_be_hidden()
    expect(page.locator(".hm-moves .value")).to_have_text("0")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_joker_tip_once_and_the_board_in_words(page: Page, boot) -> None:
    """The first joker in the tray explains itself once; the keyboard's marker says where it
    is in words, and D reads the board out (P11)."""
    open_at(page, boot, f"{B('-3:0=16 3:0=*')} * 2 0 4")
    tip = page.locator('.kit-tip[data-tip="merge.joker"]')
    expect(tip).to_have_text(EN["merge.tip.joker"] + "Got it")
    expect(page.locator("#live")).to_contain_text(EN["merge.tip.joker"])
    tip.locator(".kit-tip-ok").click()
    expect(tip).to_have_count(0)

    for _ in range(20):  # Tab to the board: the marker starts in the middle
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('hm-board')"):
            break
    expect(page.locator("#live")).to_contain_text("row 4 from the top, cell 4 from the left: free.")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#live")).to_contain_text("row 4 from the top, cell 1 from the left: taken by 16.")  # which stone
    page.keyboard.press("d")
    expect(page.locator("#live")).to_contain_text("The board, 7 rows from the top, 35 free cells. Row 1: empty.")
    expect(page.locator("#live")).to_contain_text("Row 4: cell 1: 16, cell 7: joker.")
    expect(page.locator("#live")).to_contain_text("Now: joker. Next: single 2. Score 0.")
    description = page.locator(".hm-board").get_attribute("aria-description") or ""
    assert "Row 4: cell 1: 16, cell 7: joker." in description
    assert page.locator(".hm-board").get_attribute("aria-keyshortcuts") == "D N R Shift+R"
    expect(page.locator(".hm-keys-hint")).to_have_text(EN["merge.sr.hint"])

    page.reload()
    wait_ready(page)
    expect(page.locator(".hm-tray")).to_have_attribute("data-kind", "joker")
    page.wait_for_timeout(500)
    expect(tip).to_have_count(0)  # once ever
    assert page.errors == []  # type: ignore[attr-defined]
