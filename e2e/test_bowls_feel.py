"""Color Bowls' feel (and its tips) through the real
page, with the browser's REAL audio graph and vibrations recorded (e2e/feel.py)
and the juice layer's elements and every running animation watched by a test-side
init script:

- the cues of real moves (place, a move per stone sown, clear with its size,
  refuse), each making nodes that reach the destination; floats, bursts and a
  praise word; the score counting up to the engine's;
- reduced motion: the same moves with no animation of a transform anywhere, no
  burst, no vibration;
- the end card: this attempt's figures, the final board beside it, Play again
  focused; each special's tip shown once.
"""

from __future__ import annotations

import json
from pathlib import Path

from arcade import storage_key, wait_ready
from club.bowls.api import Session
from club.bowls.lesson import FIRST_SOW, MAKE_THREE
from feel import cues_named, feel_log, reaches_destination, watch_feel
from playwright.sync_api import Page, expect
from test_bowls_lesson import bowl

ROOT = "section.game-bowls"
STRINGS = json.loads((Path(__file__).resolve().parent.parent / "web" / "i18n" / "bowls.en.json").read_text())
# Test side only: what the juice layer showed, and any animation that moves something.
WATCH_JUICE = r"""
(() => {
  const seen = { juice: [], moving: [] };
  Object.defineProperty(window, "__bowlsSeen", { value: seen });
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.parentElement?.classList.contains("juice-layer")) seen.juice.push({ cls: n.className, text: n.textContent });
    }
  }).observe(document, { childList: true, subtree: true });
  const look = () => {
    for (const a of document.getAnimations()) {
      const frames = a.effect?.getKeyframes?.() ?? [];
      if (frames.some((k) => k.transform && k.transform !== "none")) seen.moving.push(a.animationName || a.effect?.target?.className?.baseVal || a.effect?.target?.className || "?");
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


def idle(page: Page) -> None:
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.busy && r.dataset.animating !== '1'; })()")


def seen(page: Page) -> dict:
    return page.evaluate("window.__bowlsSeen")


def lesson_moves(page: Page) -> None:
    """The lesson's two moves: bowl 1 sown (two stones), then bowl 3 (three twice, combo x2)."""
    bowl(page, FIRST_SOW).click()
    page.click(".bw-sow")
    idle(page)
    bowl(page, MAKE_THREE).click()
    bowl(page, MAKE_THREE).click()
    idle(page)


def test_cues_and_juice_on_real_moves(page: Page, boot) -> None:
    watch_feel(page)
    page.add_init_script(WATCH_JUICE)
    boot(page, "#/bowls?lesson")
    lesson_moves(page)
    expect(page.locator(".bw-score .value")).to_have_text("120")  # counted up to the engine's score
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'clear')")
    log = feel_log(page)
    names = [c["name"] for c in log["cues"]]
    assert names[:3] == ["place", "move", "move"], names  # the pick-up, then a click per stone sown
    clear = next(i for i, c in enumerate(log["cues"]) if c["name"] == "clear")
    assert log["cues"][clear]["size"] == 6  # two bowls of three
    assert log["cues"][clear]["sounded"] is True
    made = [n["id"] for n in log["nodes"] if n["at"] == clear]  # the nodes of that cue
    assert made and any(reaches_destination(log, n) for n in made), (made, log["connects"][-12:])
    assert any(c["buzzed"] for c in log["cues"]) and log["vibrations"]
    juice = seen(page)["juice"]
    assert {"text": "+120 ×2"} in [{"text": j["text"]} for j in juice if "juice-float" in j["cls"]]
    assert any("bw-burst-R" in j["cls"] for j in juice) and any("bw-burst-B" in j["cls"] for j in juice)
    assert any("juice-praise" in j["cls"] and j["text"] == STRINGS["bowls.praise.x2"] for j in juice)
    assert seen(page)["moving"]  # the ring and the juice do move here
    bowl(page, FIRST_SOW).click()  # empty now: refused (W5)
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'refuse')")
    assert cues_named(feel_log(page), "refuse")[0]["sounded"] is True
    assert page.errors == []


def stored_run(page: Page, position: str) -> None:
    """A free attempt from ``position`` (no refill) in the page's storage, the page reloaded."""
    session = Session()
    session.new({"mode": "free", "position": position})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("bowls", "run"), session.save({})])
    page.reload()
    wait_ready(page)
    idle(page)


def test_reduced_motion_moves_nothing(page: Page, boot) -> None:
    page.emulate_media(reduced_motion="reduce")
    watch_feel(page)
    page.add_init_script(WATCH_JUICE)
    boot(page, "#/bowls")
    stored_run(page, "RB/RR/BB/B/GYPBGYP/-/-/Y/-/G/G/P 0 0")  # no special: no tip (the game's page alone)
    bowl(page, 0).click()
    bowl(page, 0).click()  # three reds in bowl 2 and three blues in bowl 3 at once
    idle(page)
    expect(page.locator(".bw-score .value")).to_have_text("120")  # at once
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'clear')")
    page.wait_for_timeout(300)
    log, watched = feel_log(page), seen(page)
    assert watched["moving"] == [], watched["moving"][:5]
    assert not any("juice-dot" in j["cls"] for j in watched["juice"])  # no bursts
    assert any("juice-praise" in j["cls"] for j in watched["juice"])  # the word only fades in and out
    assert log["vibrations"] == [] and not any(c["buzzed"] for c in log["cues"])
    assert [c["name"] for c in log["cues"]].count("move") == 0  # no stone-by-stone clicks without the steps
    assert page.errors == []


def test_end_card_and_tips(page: Page, boot) -> None:
    watch_feel(page)
    boot(page, "#/bowls")
    stored_run(page, "RB/RR/BB/B/GYPBGYP/-[i]/J/Y/X/G[r]/G/P 0 0")  # a combo x2 from bowl 1, then bowl 5 overflows
    tip = page.locator(".kit-tip")
    expect(tip).to_have_attribute("data-tip", "bowls.ice")
    expect(tip).to_contain_text(STRINGS["bowls.tip.ice"])
    page.reload()
    wait_ready(page)
    idle(page)
    expect(tip).to_have_attribute("data-tip", "bowls.reverse")  # ice's tip is not shown again
    bowl(page, 0).click()
    bowl(page, 0).click()
    idle(page)
    expect(tip).to_have_attribute("data-tip", "bowls.joker")  # the next special not yet explained
    way = page.locator(".bw-way-line")
    expect(way).to_have_text(STRINGS["bowls.way"].replace("{capacity}", "7"))
    bowl(page, 9).click()  # a reverse bowl: the arrow turns, the line says so (the view's clockwise)
    expect(way).to_have_text(STRINGS["bowls.wayBack"].replace("{capacity}", "7"))
    expect(page.locator(".bw-game .bw-way")).to_have_class("bw-way back")
    bowl(page, 3).click()
    bowl(page, 3).click()
    card = page.locator("dialog.bw-over")
    expect(card).to_be_visible()
    expect(card.locator("[data-figure=moves] dd")).to_have_text("1")
    expect(card.locator("[data-figure=bestCombo] dd")).to_have_text("2 bowls at once")
    expect(card.locator(".bw-again")).to_be_focused()
    expect(card.locator(".bw-again")).to_have_text(STRINGS["bowls.playAgain"])
    ring, box = page.locator(".bw-game .bw-ring").bounding_box(), card.bounding_box()
    assert box["x"] >= ring["x"] + ring["width"] - 1, (ring, box)  # the final board beside the card
    # The overflow's cue is felt after a paint (web/kit/feel.js), on its own timer beside the card's.
    page.wait_for_function("window.__feelLog.cues.some((c) => c.name === 'over')")
    assert page.errors == []
