"""The feel kit on a real game page (blocks), with the
browser's REAL Web Audio graph and navigator.vibrate recorded (e2e/feel.py):
sound only after the first gesture (its context made at an idle moment, no
autoplay warning), through one master gain to the destination,
its switch and volume (remembered), silence while the page is hidden;
vibration with its own switch and never under reduced motion; the juice layer
(floats at the spot that scored, bursts, count-up, shake, finish) and its
reduced-motion fades; the settings dialog in four languages on a 360 px phone,
by keyboard.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from arcade import SETTINGS, storage_key, wait_ready
from audit import axe_violations
from club.blocks.api import Session
from club.blocks.pieces import CELLS
from feel import cues_named, feel_log, master_gain, reaches_destination, slow_juice, watch_feel
from layout import switch_language
from playwright.sync_api import Page, expect

RUN = storage_key("blocks", "run")
STRINGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
# Two rows one cell short each (test_blocks.py): a drop there clears rows.
TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x.... 0:0,1:0|0:0|- 0 0 0 0 1"


def stored_run(page: Page) -> str:
    return page.evaluate("k => localStorage.getItem(k)", RUN)


def drop(page: Page, clearing: bool = False) -> dict:
    """Drop a legal piece by clicks (slot, then cell: two gestures), the CPython engine's
    choice (a clearing one when asked); wait until the page stored the answer; the answer."""
    session = Session()
    session.load({"save": stored_run(page)})
    moves = [(t["slot"], str(CELLS[i])) for t in session.view({})["tray"] for i in t["targets"]]
    if clearing:
        moves = [m for m in moves if session.preview({"slot": m[0], "cell": m[1]})["rows"]]
    slot, cell = random.Random(7).choice(moves)
    before = stored_run(page)
    page.click(f'.bk-slot[data-slot="{slot}"]')
    page.locator(f'.bk-cell[data-cell="{cell}"]').click(force=True)
    page.wait_for_function("([k, v]) => localStorage.getItem(k) !== v", arg=[RUN, before])
    # the engine's answer is in: the page takes input again (its animations may still run)
    expect(page.locator("section.game-blocks")).not_to_have_attribute("data-busy", "1")
    return session.place({"slot": slot, "cell": cell})


def wait_cues(page: Page, count: int) -> dict:
    page.wait_for_function("n => window.__feelLog.cues.length >= n", arg=count)
    return feel_log(page)


def open_settings(page: Page) -> None:
    page.click("#settings-button")
    expect(page.locator(".settings-dialog")).to_be_visible()


def seed(page: Page, position: str) -> None:
    from club.blocks import conform
    from club.blocks.api import start

    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, start(conform.load(position), 0)])
    page.reload()
    wait_ready(page)


def set_hidden(page: Page, hidden: bool) -> None:
    page.evaluate(
        """(hidden) => {
          if (hidden) {
            Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
            Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
          } else {
            delete document.hidden;
            delete document.visibilityState;
          }
          document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_sound_from_the_first_gesture_through_the_settings_and_hidden_pages(page: Page, boot) -> None:
    watch_feel(page)
    warnings: list[str] = []  # the browser's autoplay warning: a context made before any gesture
    page.on("console", lambda message: warnings.append(message.text) if "AudioContext" in message.text else None)
    page.set_default_timeout(30_000)  # 2 cores shared with other runs: an engine answer may take a while
    boot(page, "#/blocks")
    page.wait_for_timeout(300)  # idle moments pass: still no context
    # No AudioContext before the player's first gesture. Chromium keeps a page's sticky activation over
    # same-origin navigations, so a page an earlier test tapped in may start activated: a context made
    # then must run (no suspended context, no autoplay warning: checked at the end).
    contexts = feel_log(page)["contexts"]
    if page.evaluate("navigator.userActivation.hasBeenActive"):
        assert contexts in ([], ["running"]), contexts
    else:
        assert contexts == []
    assert page.locator("#motion-select").count() == 0  # the motion setting lives in the dialog now

    drop(page)
    log = wait_cues(page, 1)
    place = cues_named(log, "place")
    assert place and place[0]["sounded"] is True
    assert log["contexts"] == ["running"]
    # real nodes, each source through its envelope and the ONE master gain to the destination
    sources = [n["id"] for n in log["nodes"] if n["type"] in ("createOscillator", "createBufferSource")]
    assert sources and any(n["type"] == "createGain" for n in log["nodes"])
    masters = {c["from"] for c in log["connects"] if c["to"] == "destination"}
    assert len(masters) == 1 and next(iter(masters)).startswith("createGain")
    for source in sources:
        path = reaches_destination(log, source)
        assert path and path[-2] in masters and len(path) >= 4, path  # source -> envelope -> master -> out
    assert abs(master_gain(page) - 0.7) < 1e-6  # the default volume

    # the volume slider reaches the master gain (and plays a sample); the switch silences
    open_settings(page)
    expect(page.locator("#sound-switch")).to_be_focused()
    expect(page.locator("#sound-switch")).to_be_checked()
    nodes = len(feel_log(page)["nodes"])
    page.focus("#volume-slider")
    page.keyboard.press("Home")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert abs(master_gain(page) - 0.3) < 1e-6
    assert len(feel_log(page)["nodes"]) > nodes  # the sample sounded
    page.click("#sound-switch")
    expect(page.locator("#volume-slider")).to_be_disabled()
    page.keyboard.press("Escape")
    expect(page.locator(".settings-dialog")).to_be_hidden()
    expect(page.locator("#settings-button")).to_be_focused()
    nodes = len(feel_log(page)["nodes"])
    count = len(feel_log(page)["cues"])
    drop(page)
    log = wait_cues(page, count + 1)
    assert [c["sounded"] for c in log["cues"][count:]] == [False] * len(log["cues"][count:])
    assert len(log["nodes"]) == nodes  # no node made while the sound is off

    # remembered after a reload
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", SETTINGS))
    assert (stored["sound"], stored["volume"]) == (False, 0.3)
    page.reload()
    wait_ready(page)
    open_settings(page)
    expect(page.locator("#sound-switch")).not_to_be_checked()
    expect(page.locator("#volume-slider")).to_have_value("30")
    page.click("#sound-switch")  # on again: after this gesture the context is made at an idle moment
    page.keyboard.press("Escape")
    page.wait_for_function("window.__feelLog.contexts.map((c) => c.state).join() === 'running'")
    assert abs(master_gain(page) - 0.3) < 1e-6

    # a hidden page is silent: the context is suspended, and running again once visible
    set_hidden(page, True)
    page.wait_for_function("window.__feelLog.contexts[0].state === 'suspended'")
    count = len(feel_log(page)["cues"])
    drop(page)
    log = wait_cues(page, count + 1)
    assert cues_named({"cues": log["cues"][count:]}, "place")[0]["sounded"] is False
    set_hidden(page, False)
    page.wait_for_function("window.__feelLog.contexts[0].state === 'running'")
    count = len(log["cues"])
    drop(page)
    log = wait_cues(page, count + 1)
    assert cues_named({"cues": log["cues"][count:]}, "place")[0]["sounded"] is True

    # the kit's chain steps rise in pitch (first voice of each step), and stop rising at the cap
    page.evaluate(
        """async () => {
          const { createSound } = await import("./web/kit/sound.js");
          window.__testSound = createSound({ on: () => true, level: () => 0.5 });
        }"""
    )
    page.click("h1")  # a gesture: the test's sound makes its context
    page.wait_for_function("window.__feelLog.contexts.length === 2 && window.__feelLog.contexts[1].state === 'running'")
    pitches = page.evaluate(
        """() => [1, 2, 3, 4, 9, 10, 14].map((step) => {
          const before = window.__feelLog.pitches.length;
          window.__testSound.play("chain", 1, step);
          return window.__feelLog.pitches[before];
        })"""
    )
    assert pitches[0] < pitches[1] < pitches[2] < pitches[3] < pitches[4], pitches
    assert pitches[4] == pitches[5] == pitches[6] and pitches[4] < 4 * pitches[0], pitches  # capped, not shrill
    assert warnings == []


JUICE_KIT = """async ({ reduce }) => {
  // The kit itself, on this page: a juice over a test root beside the game.
  const { createJuice } = await import("./web/kit/juice.js");
  const root = document.createElement("section");
  document.getElementById("app").append(root);
  const juice = createJuice(root, { reducedMotion: () => reduce });
  const moving = (el) => el.getAnimations().some((a) => a.effect.getKeyframes().some((k) => k.transform && k.transform !== "none"));
  const out = {};
  juice.shake(3);
  out.shakes = root.getAnimations().length;
  juice.float("+10", 100, 100);
  juice.praise("Great!", { level: 2 });
  juice.burst(200, 200, { size: 4 });
  const layer = document.querySelector(".juice-layer:last-of-type");
  out.layer = [...layer.children].map((el) => el.className);
  out.moving = [...layer.children].filter(moving).length;
  out.pointer = getComputedStyle(layer).pointerEvents;
  const number = document.createElement("b");
  number.textContent = "1,000";
  root.append(number);
  juice.countUp(number, 1500, (n) => n.toLocaleString("en"));
  await new Promise((done) => setTimeout(done, 120));
  out.midway = number.textContent;
  juice.countUp(number, 2000, (n) => n.toLocaleString("en"));  // from what it shows
  juice.finish();
  out.finished = [number.textContent, layer.children.length, root.getAnimations().length];
  juice.destroy();
  root.remove();
  out.destroyed = layer.isConnected;
  return out;
}"""


def test_vibration_and_juice_follow_the_switch_and_the_motion(page: Page, boot) -> None:
    watch_feel(page)
    page.set_default_timeout(30_000)  # 2 cores shared with other runs: an engine answer may take a while
    boot(page, "#/blocks")
    seed(page, TWO_ROWS)
    slow_juice(page, 0.1)  # the juice lasts ten times longer: the next drop surely lands during it
    answer = drop(page, clearing=True)
    assert "cleared" in [e["type"] for e in answer["events"]]
    log = wait_cues(page, 2)
    assert [10] in log["vibrations"]  # the placement's tap
    assert any(len(v) > 1 for v in log["vibrations"])  # the clear's pattern
    # floating points at the spot that scored: spawned inside the placed cells' box, rising
    cells = next(e["cells"] for e in answer["events"] if e["type"] == "placed")
    box = page.evaluate(
        """(cells) => { const rs = cells.map((c) => document.querySelector(`.bk-cell[data-cell="${c}"]`).getBoundingClientRect());
           return [Math.min(...rs.map((r) => r.left)), Math.min(...rs.map((r) => r.top)),
                   Math.max(...rs.map((r) => r.right)), Math.max(...rs.map((r) => r.bottom))]; }""",
        cells,
    )
    juice = [a for a in log["animations"] if a["layer"]]
    floats = [a for a in juice if "juice-float" in a["cls"]]
    assert floats and all(a["transform"] for a in juice), juice
    x, y = floats[0]["x"], floats[0]["y"]
    assert box[0] <= x <= box[2] and box[1] <= y <= box[3], ((x, y), box)
    assert any("juice-dot" in a["cls"] for a in juice)  # the clear's burst
    # a second action at once: accepted while the first show still runs, which it ends
    page.evaluate("document.querySelector('.juice-float').dataset.first = '1'")
    drop(page)
    assert page.locator('.juice-float[data-first="1"]').count() == 0
    slow_juice(page, 1)

    # the vibration switch
    open_settings(page)
    page.click("#vibrate-switch")
    page.keyboard.press("Escape")
    count, buzzes = len(feel_log(page)["cues"]), len(feel_log(page)["vibrations"])
    drop(page)
    log = wait_cues(page, count + 1)
    assert len(log["vibrations"]) == buzzes and not any(c["buzzed"] for c in log["cues"][count:])
    open_settings(page)
    page.click("#vibrate-switch")
    page.keyboard.press("Escape")

    # the kit's juice with motion: moving floats/praise/burst, a shake; count-up from the shown value
    moving = page.evaluate(JUICE_KIT, {"reduce": False})
    assert moving["shakes"] == 1 and moving["pointer"] == "none"
    assert moving["moving"] == len(moving["layer"]) > 2 and "juice-dot" in moving["layer"]
    assert moving["midway"] not in ("1,000", "1,500")  # counting, not jumped
    assert moving["finished"] == ["2,000", 0, 0] and moving["destroyed"] is False

    # reduced motion: no vibration, nothing moves (fades only), no burst, no shake
    page.emulate_media(reduced_motion="reduce")
    seed(page, TWO_ROWS)
    count, buzzes = len(feel_log(page)["cues"]), len(feel_log(page)["vibrations"])
    drop(page, clearing=True)
    log = wait_cues(page, count + 1)
    assert len(log["vibrations"]) == buzzes
    page.wait_for_function(  # what the page shows for the clear has started: its points, fading
        "n => window.__feelLog.animations.some((a) => a.at >= n && a.layer && a.cls.includes('juice-float'))", arg=count)
    page.wait_for_timeout(300)  # and whatever else it starts for the clear
    after = [a for a in feel_log(page)["animations"] if a["at"] >= count]
    juice = [a for a in after if a["layer"]]
    assert juice and any("juice-float" in a["cls"] for a in juice)  # the points still show, fading
    assert not any(a["transform"] for a in juice) and not any("juice-dot" in a["cls"] for a in juice), juice
    assert not any(a["transform"] and "game-blocks" in a["cls"] for a in after)  # no shake
    reduced = page.evaluate(JUICE_KIT, {"reduce": True})
    assert reduced["shakes"] == 0 and reduced["moving"] == 0
    assert sorted(reduced["layer"]) == ["juice-float", "juice-praise level-2"]  # fades, no burst
    assert reduced["midway"] == "1,500"  # a number jumps at once


def test_settings_dialog_in_four_languages_on_a_phone_by_keyboard(contexts, server_url: str) -> None:
    context = contexts.context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    # stored settings with fields of the wrong kind: each falls back to its default, the rest is kept
    bad = json.dumps({"schema": 1, "lang": "en", "motion": "sideways", "sound": "yes", "volume": 7, "vibrate": False})
    page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS)}, {json.dumps(bad)})")
    page.add_init_script("delete Navigator.prototype.vibrate")  # a device without vibration
    page.goto(server_url + "#/")
    wait_ready(page)
    open_settings(page)
    expect(page.locator("#sound-switch")).to_be_checked()
    expect(page.locator("#volume-slider")).to_have_value("70")
    expect(page.locator("#vibrate-switch")).not_to_be_checked()
    expect(page.locator("#vibrate-switch")).to_be_disabled()  # this device cannot vibrate: said so
    expect(page.locator("#vibrate-note")).to_have_text(json.loads((STRINGS / "shell.en.json").read_text())["shell.settings.noVibrate"])
    assert page.locator("#vibrate-switch").get_attribute("aria-describedby") == "vibrate-note"
    expect(page.locator("#motion-select")).to_have_value("system")
    page.keyboard.press("Escape")
    assert page.locator(".notice").count() == 0  # nothing was moved aside
    for lang in ("en", "it", "de", "ru"):
        if lang != "en":
            switch_language(page, lang)
        strings = json.loads((STRINGS / f"shell.{lang}.json").read_text())
        button = page.locator("#settings-button")
        assert button.get_attribute("aria-label") == strings["shell.settings"]
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= 360
        assert page.evaluate("(n => n.scrollWidth <= n.clientWidth)(document.querySelector('.gamenav'))")  # all four games shown
        button.focus()
        page.keyboard.press("Enter")
        dialog = page.locator(".settings-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator("h2")).to_have_text(strings["shell.settings"])
        expect(page.locator("#sound-switch")).to_be_focused()
        assert page.locator("#sound-switch").get_attribute("role") == "switch"
        names = dialog.locator(".setting-name").all_text_contents()
        assert names == [strings[k] for k in ("shell.settings.sound", "shell.settings.volume", "shell.settings.vibrate",
                                               "shell.motion", "shell.settings.keyDelay", "shell.settings.keyRepeat",
                                               "shell.settings.softDrop", "shell.settings.assistPace")]
        report = page.evaluate(
            """() => { const d = document.querySelector(".settings-dialog"), r = d.getBoundingClientRect();
               const out = [];
               if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight) out.push(`dialog ${r.left},${r.right}`);
               for (const el of d.querySelectorAll(".setting, .setting > *, h2, .setting-note")) {
                 if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className || el.tagName} overflows`);
                 const b = el.getBoundingClientRect();
                 if (b.width && (b.left < r.left - 1 || b.right > r.right + 1)) out.push(`${el.className || el.tagName} outside`);
               }
               for (const el of d.querySelectorAll("input, select, button")) // a hidden one is no target (keep-ask once kept)
                 if (el.getClientRects().length && el.getBoundingClientRect().height < 44 && !el.matches(".switch"))
                   out.push(`${el.id || el.className} under 44 px`);
               for (const el of d.querySelectorAll(".setting")) if (el.getBoundingClientRect().height < 44) out.push("row under 44 px");
               return out; }"""
        )
        assert report == [], (lang, report)
        if lang == "ru":
            assert axe_violations(page, ".settings-dialog") == []
        # keyboard: Space flips the switch, Tab walks on, arrows change the motion
        page.keyboard.press("Space")
        expect(page.locator("#sound-switch")).not_to_be_checked()
        page.keyboard.press("Space")
        expect(page.locator("#sound-switch")).to_be_checked()
        page.keyboard.press("Tab")
        expect(page.locator("#volume-slider")).to_be_focused()
        page.keyboard.press("Tab")  # past the disabled vibration switch
        expect(page.locator("#motion-select")).to_be_focused()
        page.locator("#motion-select").select_option("reduce")
        assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
        page.locator("#motion-select").select_option("system")
        # What keeps the progress (P8, web/settings.js keepRows): its buttons once the browser said whether it keeps it.
        expect(dialog.locator(".keep-status")).to_have_attribute("data-status", re.compile(r"\w"))
        for kept in dialog.locator(".keep-actions .btn:visible").all():
            page.keyboard.press("Tab")
            expect(kept).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.locator("#key-delay")).to_be_focused()  # Domino Drop's held keys (D8)
        page.keyboard.press("Tab")
        expect(page.locator("#key-repeat")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.locator("#soft-drop-select")).to_be_focused()  # and its soft drop speed (D6's by default)
        page.keyboard.press("Tab")
        expect(page.locator("#assist-switch")).to_be_focused()  # and its assist pace (P11)
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")  # past the close button: Tab wraps inside the dialog
        expect(page.locator("#sound-switch")).to_be_focused()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(button).to_be_focused()
