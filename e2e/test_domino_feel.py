"""Domino Drop's feel and end card through the real
UI, with the browser's REAL Web Audio graph and vibrations recorded
(e2e/feel.py): a move, a refusal against the wall (once, not per repeat), the
D14 cascade (place, cancel, a chain step, the new-record fanfare), each cue's
nodes made and connected to the destination; floats and bursts at the halves
that cancelled, praise, Power counting up; the end card with this run's
figures and records, the final well beside it, Play again focused. Reduced
motion: no transform animated anywhere and no vibration; the tips of specials
shown once each.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from arcade import storage_key, until
from club.domino.api import Session
from club.domino.falling import Falling
from club.domino.saves import dump as dump_game
from feel import cues_named, feel_log, reaches_destination, watch_feel
from playwright.sync_api import Page, expect

RUN = storage_key("domino", "run")
D14 = "/".join(["." * 16] * 14 + ["......2d........", "......3u5r1l...."]) + " 0 0"
STRINGS = "web/i18n/domino.en.json"

# Every element added to the juice layer, and every Web Animation's keyframes (test side only).
WATCH_JUICE = """
(() => {
  const added = [];
  const frames = [];
  Object.defineProperty(window, "__juice", { value: { added, frames } });
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.parentElement?.classList.contains("juice-layer")) continue;
      const box = n.getBoundingClientRect();
      added.push({ cls: n.className, text: n.textContent, x: box.left + box.width / 2, y: box.top + box.height / 2 });
    }
  }).observe(document, { childList: true, subtree: true });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    frames.push(JSON.stringify(keyframes));
    return animate.call(this, keyframes, options);
  };
})();
"""


def last_tile_cascade() -> str:
    """A classic Sprint at its 28th tile (27 played, 1:35 of play) on the D14 well: the falling 2-5 over
    a 2 and a 5 cascades (T = 4, Power 9) and ends the set (D15)."""
    s = Session()
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": D14})
    return dump_game(replace(s.state, falling=Falling(2, 5, 3, 0, 0), queue=(), turns=27, active_ms=95_000))


def d14_run() -> str:
    """The D14 cascade at the start of a classic Sprint (the dealt tile swapped with the 2-5)."""
    s = Session()
    s.new({"seed": 1, "mode": "sprint", "set": "classic", "position": D14})
    dealt = s.state.falling
    queue = tuple((dealt.a, dealt.b) if set(tile) == {2, 5} else tile for tile in s.state.queue)
    return dump_game(replace(s.state, falling=Falling(2, 5, 3, 0, 0), queue=queue))


def open_run(page: Page, boot, save: str) -> None:
    """The save in the run key (test hook) when the page loads (paused, D18), resumed by a click."""
    boot(page, "#/domino", storage={RUN: save})
    page.click(".dd-card .btn.primary")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")


def turn_done(page: Page, turns: str) -> None:
    page.wait_for_function("""(turns) => { const d = document.querySelector('.dd').dataset;
        return d.phase === 'over' || (d.turns !== turns && d.busy !== '1'); }""", arg=turns, timeout=20_000)


def sounded_and_connected(log: dict, name: str) -> None:
    """The cue fired, sounded, and nodes made for it reach the destination."""
    index = next(i for i, c in enumerate(log["cues"]) if c["name"] == name)
    assert log["cues"][index]["sounded"], name
    made = [n["id"] for n in log["nodes"] if n["at"] == index]  # nodes made while this cue played
    assert made and any(reaches_destination(log, node) for node in made), (name, made)


def test_cues_juice_and_the_end_card(page: Page, boot) -> None:
    watch_feel(page)
    page.add_init_script(WATCH_JUICE)
    open_run(page, boot, last_tile_cascade())
    page.keyboard.press("ArrowLeft")
    # The tile falls while the keys move it (D6): its column is the subject, not its row.
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", re.compile(r"^2:\d+@0$"))
    for _ in range(4):  # to the wall (column 0), then twice against it: refused, said once
        page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => window.__feelLog.cues.filter((c) => c.name === 'move').length >= 3")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", re.compile(r"^3:\d+@0$"))
    turns = page.get_attribute(".dd", "data-turns") or ""
    page.keyboard.press("Space")
    turn_done(page, turns)
    page.wait_for_function("() => window.__feelLog.cues.some((c) => c.name === 'fanfare')")
    log = feel_log(page)
    names = [c["name"] for c in log["cues"]]
    assert names == ["move"] * 3 + ["refuse"] + ["move"] * 3 + ["place", "cancel", "chain", "fanfare"], names
    assert cues_named(log, "cancel")[0]["size"] == 2 and cues_named(log, "chain")[0]["step"] == 1
    for name in ("move", "refuse", "place", "cancel", "chain", "fanfare"):
        sounded_and_connected(log, name)
    assert log["vibrations"], "no vibration on placement, cancel or refusal"

    # Juice: "+2" floated twice where halves cancelled (inside the well, its lower part), bursts, praise.
    well = page.locator(".dd-well").bounding_box()
    assert well
    juice = page.evaluate("window.__juice.added")
    floats = [j for j in juice if "dd-float" in j["cls"]]
    assert [f["text"] for f in floats] == ["+2", "+2 · chain ×2"], floats
    for f in floats:
        assert well["x"] < f["x"] < well["x"] + well["width"] and well["y"] + well["height"] * 0.7 < f["y"] < well["y"] + well["height"]
    assert sum("dd-burst" in j["cls"] for j in juice) >= 2
    assert any("juice-praise level-2" in j["cls"] and j["text"] == "Great!" for j in juice)  # a 2-step cascade
    expect(page.locator("[data-stat=power]")).to_have_text("9")  # counted up to the engine's number

    # The end card: figures, each score over its record ("New record": the first game), the well visible.
    card = page.locator(".dd-end")
    expect(card.locator("h2")).to_have_text("Set complete")
    expect(card.locator(".kit-dialog-buttons .btn.primary")).to_be_focused()  # Play again (the Daily Club's Share is primary too)
    figures = {name: card.locator(f"[data-figure={name}] dd").text_content() for name in ("tiles", "time", "sets")}
    assert (figures["tiles"], figures["sets"]) == ("28", "1"), figures
    # D17: the stored 1:35 of play plus the real seconds the last moves took (1:36 on a loaded machine).
    minutes, seconds = (figures["time"] or "").split(":")
    assert 95 <= int(minutes) * 60 + int(seconds) < 125 and len(seconds) == 2, figures
    expect(card.locator(".dd-rec .dd-best")).to_have_text(["New record"] * 3)
    expect(card.locator(".dd-rec.fresh")).to_have_count(3)
    box = card.bounding_box()
    assert box and (box["x"] >= well["x"] + well["width"] or box["x"] + box["width"] <= well["x"]), (box, well)
    expect(page.locator(".dd-still .dd-half")).to_have_count(2)  # the final well: the 3 and the 1 are left
    page.wait_for_function("document.querySelector('.dd-end').dataset.armed === '1'")
    page.keyboard.press("Enter")  # Play again
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", storage_key("domino", "profile")))


def test_reduced_motion_forced_colours_and_tips_once(page: Page, boot) -> None:
    page.emulate_media(reduced_motion="reduce")
    watch_feel(page)
    page.add_init_script(WATCH_JUICE)
    with open(STRINGS, encoding="utf-8") as f:
        strings = json.load(f)
    open_run(page, boot, d14_run())
    turns = page.get_attribute(".dd", "data-turns") or ""
    page.keyboard.press("Space")
    turn_done(page, turns)
    page.wait_for_function("() => window.__feelLog.cues.some((c) => c.name === 'chain')")
    moving = [f for f in page.evaluate("window.__juice.frames") if "transform" in f]
    assert moving == [], moving
    css = page.evaluate("""document.getAnimations().filter((a) => a.effect?.getKeyframes?.().some((k) => 'transform' in k))
        .map((a) => a.animationName || 'web animation')""")
    assert css == []
    log = feel_log(page)
    assert log["vibrations"] == [] and not any(c["buzzed"] for c in log["cues"])  # no vibration under reduced motion
    assert any("juice-float" in j["cls"] for j in page.evaluate("window.__juice.added"))  # floats still fade in place
    # The 3 and the 1 left by the cascade are single halves: the tip says so, once.
    tip = page.locator(".kit-tip[data-tip='domino.single']")
    expect(tip).to_contain_text(strings["domino.tip.single"])
    open_run(page, boot, d14_run())
    turns = page.get_attribute(".dd", "data-turns") or ""
    page.keyboard.press("Space")
    turn_done(page, turns)
    expect(page.locator(".dd-still .dd-half")).to_have_count(2)
    expect(page.locator(".kit-tip")).to_have_count(0)
    # The extended set's higher pips: explained when the first extended run starts, not the next time.
    for shown in (1, 0):
        page.keyboard.press("p")
        page.locator(".dd-card .btn").nth(1).click()  # New game
        page.click(".dd-confirm-yes")
        page.click(".dd-opt[data-value=extended]")
        page.click(".dd-go")
        page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
        expect(page.locator(".kit-tip[data-tip='domino.extended']")).to_have_count(shown)
        if shown:
            page.click(".kit-tip-ok")
    # Forced colours: the pause button's two bars still show (a gradient was dropped with every background image)
    page.emulate_media(forced_colors="active")
    bars = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('.dd-pause-icon'));
        return [s.borderLeftWidth, s.borderRightWidth, s.borderLeftColor, s.color, s.backgroundImage]; }""")
    assert bars[:2] == ["5px", "5px"] and bars[2] == bars[3] and "rgba(0, 0, 0, 0)" not in bars[2], bars
    page.emulate_media(forced_colors="none")


ENGINE_HOOK = "addEventListener('club:ready', (event) => { window.__club = event.detail; });"
# The falling tile as the engine has it: asked after every tick the page sent before (one engine, in order).
ENGINE_FALLING = "async () => (await window.__club.engine('domino').call('view', {})).falling"


def test_a_tip_in_the_middle_of_a_run_holds_the_tile_until_read(page: Page, boot) -> None:
    """A tip waits for the player, so no game time passes under it, the run's first tip or a later one: the single
    halves the D14 cascade leaves are explained with the next tile in the well, which falls only once it is read."""
    page.add_init_script(ENGINE_HOOK)
    page.clock.install()
    open_run(page, boot, d14_run())
    turns = page.get_attribute(".dd", "data-turns") or ""
    page.keyboard.press("Space")
    turn_done(page, turns)
    expect(page.locator(".kit-tip[data-tip='domino.single']")).to_be_visible()
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # from here page time moves only when told
    before = page.evaluate(ENGINE_FALLING)
    page.clock.run_for(4000)  # five rows of Sprint's first gravity (D7: 800 ms a row)
    assert page.evaluate(ENGINE_FALLING) == before
    expect(page.locator(".dd")).to_have_attribute("data-held", "")
    page.click(".kit-tip-ok")
    expect(page.locator(".dd")).not_to_have_attribute("data-held", "")
    page.clock.run_for(4000)
    # read: the tile falls. The frames' time goes to the engine a tick at a time, the next when the last is answered:
    # on a loaded machine some of it is still the page's when the clock stops, sent once the engine answers. Asked
    # until the engine has it, not once.
    until(page, f"async () => (await ({ENGINE_FALLING})()).row > {before['row']}")


def test_a_key_during_the_cascade_ends_its_animation_and_acts(page: Page, boot) -> None:
    """Input never waits for an animation. A rotation pressed while the D14 cascade
    animates ends the animation at once and turns the next tile (before, it was dropped)."""
    open_run(page, boot, d14_run())
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.dd').dataset.busy === '1'")  # the turn animates
    page.keyboard.press("x")
    page.wait_for_function("document.querySelector('.dd').dataset.busy !== '1'", timeout=20_000)
    # the next tile turned; it falls meanwhile (D6): its column and turn are the subject, not its row
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", re.compile(r"^3:\d+@1$"))
    expect(page.locator("[data-stat=power]")).to_have_attribute("data-value", "9")
    running = "document.querySelector('.dd-well').getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length"
    assert page.evaluate(running) == 0  # the well's fades and falls ended (the juice of the turn may still float)
