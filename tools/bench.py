"""``make bench``: engine latency (P14), load time (P15) and weight (P16).

In one run, on this machine, in headless Chromium against 127.0.0.1:
- engine latency per action and per preview, median and p99, in CPython and
  inside Pyodide (the page's bench hook runs the same ``club.bench``);
- time to interactive of the arcade (first game ready for input) cold (fresh
  profile) and warm (a returning visit: service worker and caches), against a
  bare page that loads the same Pyodide and prints ``1+1``; medians of
  several repetitions and their ratios;
- bytes of our own files on first load (everything but Pyodide and PyScript), as
  `make` serves the sources and as the site `build.py --dist` publishes (P16);
  the arcade's cold and warm figures are taken on that published site too (its
  scripts bundled: what players download), interleaved with the others;
- P3, P15: the main thread during a cold boot (longest task, total blocking),
  time to the first board paint cold and warm, the action round trip
  page -> worker -> page per game, domino's frame times during play, and the
  main thread's longest task while a bowls hint searches;
- a player's tap until its answer is on screen, in each game on a first visit (a fresh profile),
  40 taps a player's pause (150 ms) apart, on this machine's CPU and on a phone's (Chromium's
  CPU throttling x4, a phone's viewport): blocks a piece aimed until its B20 preview, merge a
  cell aimed until its preview and a place until the board, domino a key until the falling
  tile moved, bowls a bowl until its forecast line (W23) and landing marks (W6), beside one
  bare ``forecast`` round trip; and how many taps fell while the interpreter snapshot was made;
- the first lesson's own boot (a newcomer opening ``#/blocks`` is sent to
  ``#/blocks?lesson``): time to interactive and to its board;
- a first visit on a phone network, the published arcade (from a host that
  caches like a CDN and from one that keeps nothing) and the bare page
  (``tools/bench_net.py``);
- a replay's seek on the page: Last, First and the slider on a 200-move bot
  run of each game, click to painted frame (``tools/bench_seek.py``);
- the Puzzle Workshop's proof (W28) asked from the page until answered, here and at CPU x4:
  a typical puzzle, the hardest of the 100, a board that spends the budget
  (``tools/bench_workshop.py``).
Every other figure is taken as a player past the first lessons meets the page
(``LESSONS_DONE``, as the e2e tests mark it), and checked to come from the
page it names: a figure that cannot be taken is printed with the reason and
the bench exits non-zero. Writes ``bench/report.json`` and prints a table of
medians. Numbers are read as ratios within one run: these machines are noisy.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

import bench_net  # noqa: E402
import bench_seek  # noqa: E402
import bench_workshop  # noqa: E402
from bench_page import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    PHONE,
    READY,
    Unmeasured,
    at_route,
    bench_parser,
    board_paint,
    launch,
    mark,
    player_context,
    served,
    watch_paint,
)
from club import bench as engine_bench  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from serve import make_server  # noqa: E402

import build  # noqa: E402  (the dist's writer)

HOOK = ("addEventListener('club:ready', (e) => { window.__clubBench = e.detail.bench;"
        " window.__clubEngine = e.detail.engine; }, {once: true});")
# The first visit makes the interpreter snapshot in a worker once the page is idle:
# wait for it, so it neither slows what is timed next nor is lost when the page closes.
# Main-thread long tasks (> 50 ms) from the first byte on (P15): the longest,
# and the total blocking time (each task's time past 50 ms), up to "interactive".
LONG_TASKS = ("window.__clubLong = []; new PerformanceObserver((list) => {"
              " for (const e of list.getEntries()) window.__clubLong.push([e.startTime, e.duration]); })"
              ".observe({ type: 'longtask', buffered: true });")
BLOCKING = ("(() => { const until = performance.getEntriesByName('club-interactive')[0].startTime;"
            " const tasks = window.__clubLong.filter(([start]) => start < until);"
            " return { longest: Math.max(0, ...tasks.map(([, d]) => d)),"
            " blocking: tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0) }; })()")
# Frame gaps seen by a requestAnimationFrame loop of our own: what a player sees as jank.
FRAMES = ("window.__clubFrames = []; (() => { let last = 0; const loop = (now) => {"
          " if (last) window.__clubFrames.push(now - last); last = now; requestAnimationFrame(loop); };"
          " requestAnimationFrame(loop); })();")
SNAPSHOT_SETTLED = "['saved', 'used', 'none'].includes(document.documentElement.dataset.snapshot)"
#: Pyodide's own files served from outside vendor/: the standard library built for the arcade.
PYODIDE_BUILT = ("/build/python_stdlib.zip",)


def count_own_bytes(context) -> list[int]:
    """Bytes of our own files as they arrive (the page's and its engine worker's requests:
    the worker's are not in the page's resource timing): everything but Pyodide and PyScript."""
    sizes: list[int] = []

    def finished(request) -> None:
        path = request.url.split("?")[0]
        if request.service_worker:  # the service worker's precache, after the page is ready
            return
        if request.url.startswith("http") and "/vendor/" not in path and not path.endswith(PYODIDE_BUILT):
            sizes.append(request.sizes()["responseBodySize"])

    context.on("requestfinished", finished)
    return sizes


class PublishedSite:
    """The site ``build.py --dist`` publishes from ``root`` (scripts bundled, sheets, strings and
    the engine archive slimmed), served as is while the bench runs: what players download."""

    def __init__(self, root: Path) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.dist = Path(self.folder.name) / "dist"
        build.build_dist(self.dist, root)
        self.server = make_server(self.dist, 0)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.folder.cleanup()


def published_bytes(browser: Browser, url: str, route: str) -> int:
    """P16 as players download it: our own bytes on a first visit (a player past the lessons)
    to the published site at ``url``."""
    context = player_context(browser)
    sizes = count_own_bytes(context)
    try:
        open_ready(context, url, route)
        return sum(sizes)
    finally:
        context.close()


def bare_tti(browser: Browser, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "bench/bare.html")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        return mark(page, "bare-ready")
    finally:
        context.close()


def open_ready(context, url: str, route: str, landing: str | None = None):
    """A new page of ``context`` at ``route``, once interactive there (``landing``: where
    the app is expected to send it)."""
    page = context.new_page()
    page.goto(url + route)
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    at_route(page, landing or route)
    return page


def arcade_tti(browser: Browser, url: str, route: str) -> dict[str, float]:
    """Cold (fresh profile) then warm (returning visit in the same profile, with
    the run the first visit started still unfinished), as a player past the lessons."""
    context = player_context(browser)
    context.add_init_script(LONG_TASKS)
    watch_paint(context, route)
    sizes = count_own_bytes(context)
    try:
        page = open_ready(context, url, route)
        cold, cold_paint = mark(page, "club-interactive"), board_paint(page)
        marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
        blocking = page.evaluate(BLOCKING)
        weight = sum(sizes)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=90_000)
        page.close()
        page = open_ready(context, url, route)
        warm, warm_paint = mark(page, "club-interactive"), board_paint(page)
        warm_blocking = page.evaluate(BLOCKING)
        snapshot = page.evaluate("document.documentElement.dataset.snapshot || 'none'")
    finally:
        context.close()
    return {"cold": cold, "warm": warm, "bytes": weight, "snapshot": snapshot,
            "cold_paint": cold_paint, "warm_paint": warm_paint, "marks": marks,
            "longest_task": blocking["longest"], "blocking": blocking["blocking"],
            "warm_longest_task": warm_blocking["longest"]}


def lesson_tti(browser: Browser, url: str, route: str) -> dict[str, float]:
    """A newcomer's first visit to ``route``: the app opens the first lesson there."""
    context = player_context(browser, newcomer=True)
    watch_paint(context, route)
    try:
        page = open_ready(context, url, route, landing=f"{route}?lesson")
        return {"cold": mark(page, "club-interactive"), "paint": board_paint(page)}
    finally:
        context.close()


STAGE_MARKS = ("club-boot", "club-pyscript-loaded", "club-stage-runtime", "club-stage-wasm", "club-stage-python",
               "club-stage-files", "club-engine-ready", "club-board-painted", "club-interactive")


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, -(-99 * len(ordered) // 100) - 1))
    return {"n": len(ordered), "p50_ms": round(statistics.median(ordered), 3), "p99_ms": round(ordered[rank], 3),
            "max_ms": round(ordered[-1], 3)}


ROUND_TRIPS = """async ([game, n]) => {
  const engine = window.__clubEngine(game);
  await engine.call("view", {});
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await engine.call("view", {});
    times.push(performance.now() - t);
  }
  return times;
}"""


def round_trips(page, n: int = 300) -> dict[str, dict[str, float]]:
    """An action's round trip page -> worker -> page (a `view`, the cheapest answer), per game."""
    if not page.evaluate("typeof window.__clubEngine === 'function'"):
        return {}
    return {game: percentiles(page.evaluate(ROUND_TRIPS, [game, n])) for game in ("blocks", "domino", "merge", "bowls")}


# A bowls hint from a position off every solution: puzzle 99 after a wrong first sow.
HINT = """async ([puzzle, bowl]) => {
  const engine = window.__clubEngine("bowls");
  await engine.call("puzzle_new", { puzzle });
  await engine.call("sow", { bowl });
  const before = window.__clubLong.length;
  const began = performance.now();
  const hint = await engine.query("hint", {});
  const ms = performance.now() - began;
  const tasks = window.__clubLong.slice(before).filter(([start]) => start >= began);
  return { ms, hint, longest: Math.max(0, ...tasks.map(([, d]) => d)) };
}"""


def hint_search(page) -> dict | None:
    if not page.evaluate("typeof window.__clubEngine === 'function'"):
        return None
    return page.evaluate(HINT, [99, 7])


def domino_frames(browser: Browser, url: str, seconds: float = 6.0) -> dict[str, float]:
    """Frame gaps while a Sprint is played by keys (left, right, rotate, drop)."""
    context = player_context(browser)
    context.add_init_script(FRAMES)
    page = open_ready(context, url, "#/domino")
    page.click(".dd-go")
    page.wait_for_function("document.querySelector('.game-domino').dataset.phase === 'play'", timeout=10_000)
    page.evaluate("window.__clubFrames.length = 0")
    keys = ["ArrowLeft", "ArrowRight", "x", "ArrowLeft", "Space"]
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        page.keyboard.press(keys[i % len(keys)])
        page.wait_for_timeout(120)
        i += 1
    frames = page.evaluate("window.__clubFrames")
    context.close()
    return percentiles(frames)


# P15, W23: a player's tap (or key) until its answer is on screen, per game: the page's own input
# path (the event, the page's handlers, the question to the engine, the answer drawn). A tap time
# comes from its event's timeStamp; "shown" is the MutationObserver seeing what the answer draws
# change from what was there when the tap was armed; "frame" the requestAnimationFrame after it
# (the paint that puts it on screen). Each kind of tap names its event and a look at the page:
# what the answer draws, as a string (null until it is drawn).
TAP_WATCH = """() => {
  window.__clubTaps = [];
  const root = document.querySelector(ROOT);
  const kinds = KINDS;
  let tap = null;
  window.__clubArm = (kind) => { tap = { kind, before: kinds[kind][1](root), at: null }; };
  for (const type of new Set(Object.values(kinds).map(([type]) => type))) {
    document.addEventListener(type, (e) => {
      if (tap && tap.at === null && kinds[tap.kind][0] === e.type) tap.at = e.timeStamp;
    }, { capture: true });
  }
  new MutationObserver(() => {
    if (!tap || tap.at === null) return;
    const now = kinds[tap.kind][1](root);
    if (now === null || now === tap.before) return;
    const seen = tap;
    tap = null;
    const shown = performance.now();
    const snapshot = document.documentElement.dataset.snapshot ?? null;
    requestAnimationFrame(() => setTimeout(() => window.__clubTaps.push({
      kind: seen.kind, shown: shown - seen.at, frame: performance.now() - seen.at, snapshot }), 0));
  }).observe(root, { childList: true, characterData: true, subtree: true, attributes: true });
}"""
# Waits for the tap's answer without polling every frame (Playwright's default would share the
# main thread with what is measured).
TAP_SEEN = """(done) => new Promise((resolve, reject) => {
  const began = performance.now();
  const look = () => (window.__clubTaps.length > done ? resolve()
    : performance.now() - began > 10000 ? reject(new Error("no answer on screen after a tap")) : setTimeout(look, 50));
  look();
})"""
BARE_FORECAST = """async ([bowls]) => {
  const engine = window.__clubEngine("bowls");
  const times = [];
  for (const bowl of bowls) {
    const t = performance.now();
    await engine.call("forecast", { bowl });
    times.push(performance.now() - t);
  }
  return times;
}"""
#: What a trace of the taps records: the main thread's tasks, their events, style, layout and paint.
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing"]
#: Where the taps are timed: this machine, and a phone (its CPU about four times slower).
TAP_MACHINES = {"this machine": 1, "phone (CPU x4)": 4}
BOWLS_PREFS = ("try { localStorage.setItem('6e-club/v1/bowls/prefs', JSON.stringify({forecast: true})); }"
               " catch (error) { console.warn(error); }")
PAUSE_MS = 150  # a player's pause between taps


def tap(page, kind: str, act, *args) -> None:
    """One timed tap: armed, done (``act(*args)``), its answer waited for, then a player's pause."""
    done = page.evaluate("window.__clubTaps.length")
    page.evaluate("(kind) => window.__clubArm(kind)", kind)
    act(*args)
    page.evaluate(TAP_SEEN, done)
    page.wait_for_timeout(PAUSE_MS)


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    if box is None:
        raise Unmeasured(f"{selector} is not on screen")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def blocks_taps(page, taps: int) -> None:
    """B20: a tray piece picked (a click), then the pointer onto a cell where it fits: its
    preview (the engine's drop on a copy) drawn; the next target another cell, or piece."""
    view = page.evaluate("window.__clubEngine('blocks').call('view', {})")
    aims = [(t["slot"], cell) for t in view["tray"] if t.get("fits") for cell in t.get("targets", [])]
    if len(aims) < 2:
        raise Unmeasured("no piece fits two cells on the blocks page")
    held = None
    for i in range(taps):
        slot, cell = aims[i % len(aims)]
        if slot != held:
            page.mouse.move(*centre(page, f'.bk-slot[data-slot="{slot}"]'))
            page.mouse.click(*centre(page, f'.bk-slot[data-slot="{slot}"]'))
            held = slot
        x, y = centre(page, f'.bk-cell[data-index="{cell}"]')
        tap(page, "aim", page.mouse.move, x, y)


def merge_taps(page, taps: int) -> None:
    """M12, M13: the pointer onto an empty cell: its preview drawn; where the preview is a legal
    place, a click there: the board repainted with the engine's answer."""
    done = 0
    while done < taps:
        page.wait_for_function("(el => el.dataset.busy !== '1' && el.dataset.anim !== '1')(document.querySelector('.hm'))")
        empty = page.evaluate("(() => { const taken = new Set([...document.querySelectorAll('.hm-layer-stones"
                              " .hm-stone')].map((g) => g.dataset.cell)); return [...document.querySelectorAll"
                              "('.hm-cell')].map((c) => c.dataset.cell).filter((c) => !taken.has(c)); })()")
        if not empty:
            raise Unmeasured("no empty cell on the merge board")
        x, y = centre(page, f'.hm-cell[data-cell="{empty[done * 7 % len(empty)]}"]')
        tap(page, "aim", page.mouse.move, x, y)
        done += 1
        if done < taps and page.evaluate("document.querySelector('.hm-board').dataset.preview") in ("legal", "merge"):
            tap(page, "place", page.mouse.click, x, y)
            done += 1


def domino_taps(page, taps: int) -> None:
    """D-keys: left, right and a turn, each until the falling tile is drawn in its new place."""
    page.click(".dd-go")
    page.wait_for_function("document.querySelector('.game-domino').dataset.phase === 'play'", timeout=10_000)
    keys = ["ArrowLeft", "ArrowRight", "x", "ArrowRight", "ArrowLeft", "x"]
    for i in range(taps):
        tap(page, "key", page.keyboard.press, keys[i % len(keys)])


def bowls_taps(page, taps: int) -> dict:
    """W23: a tap on a choosable bowl (a different one each tap, so no answer is reused) until its
    forecast line and landing marks show, in an Endless attempt; and the bare round trip."""
    page.click(".bw-mode-endless .bw-start")
    page.wait_for_function("document.querySelector('.game-bowls')?.dataset.screen === 'game'"
                           " && !document.querySelector('.game-bowls').dataset.busy", timeout=30_000)
    page.evaluate(TAP_WATCH.replace("ROOT", json.dumps(".bw-game")).replace("KINDS", BOWLS_KINDS))
    for i in range(taps):
        choosable = page.evaluate("[...document.querySelectorAll('.bw-bowl.choosable:not(.chosen)')]"
                                  ".map((g) => Number(g.dataset.bowl))")
        if not choosable:
            raise Unmeasured("no bowl to choose on the bowls page")
        bowl = page.locator(f".bw-bowl[data-bowl='{choosable[i % len(choosable)]}']")
        tap(page, "choose", bowl.click)
    return {"bare_forecast": percentiles(page.evaluate(BARE_FORECAST, [[b % 12 for b in range(taps)]]))}


# Per kind of tap: its event, and what its answer draws (JS over the watched root).
BOWLS_KINDS = """{ choose: ["click", (root) => { const line = document.querySelector(".bw-forecast");
  const chosen = root.querySelector(".bw-bowl.chosen");
  return line && !line.hidden && line.textContent && chosen ? chosen.dataset.bowl : null; }] }"""


@dataclass(frozen=True)
class TapGame:
    route: str
    watched: str  # the element whose subtree the answer changes
    kinds: str  # BOWLS_KINDS' form
    answer: str  # what a tap waits for, in the report
    play: Callable  # (page, taps) -> extra figures or None; the game started by it


TAP_GAMES = {
    "blocks": TapGame("#/blocks", ".bk-board", """{ aim: ["pointermove", (root) => root.dataset.preview === "fit"
      ? root.querySelector(".bk-layer-preview").innerHTML : null] }""", "aim -> B20 preview", blocks_taps),
    "merge": TapGame("#/merge", ".hm-board", """{ aim: ["pointermove", (root) => root.dataset.preview
      ? root.dataset.preview + root.querySelector(".hm-layer-preview").innerHTML : null],
      place: ["click", (root) => root.querySelector(".hm-layer-stones").innerHTML] }""",
                     "aim -> M13 preview, place -> board", merge_taps),
    "domino": TapGame("#/domino", ".dd-well", """{ key: ["keydown", (root) => {
      const at = root.querySelector(".dd-falling")?.dataset.at;
      return at && at !== "-" ? at.replace(/:-?\\d+@/, "@") : null; }] }""", "key -> falling tile moved", domino_taps),
    "bowls": TapGame("#/bowls", ".bw-game", BOWLS_KINDS, "tap -> forecast line, landing marks (W6, W23)", bowls_taps),
}


def game_taps(browser: Browser, url: str, game: str, taps: int = 40, slowdown: float = 1,
              trace: Path | None = None) -> dict:
    """A first visit (a fresh profile) to ``game``, ``taps`` taps a player's pause apart, each
    until its answer is on screen; ``slowdown``: a phone's slower CPU (Chromium's CPU
    throttling of the page, a phone's viewport); ``trace``: a Chromium trace of the taps
    written there (``tools/bench_trace.py``: where a tap's time goes)."""
    spec = TAP_GAMES[game]
    context = player_context(browser, **(PHONE if slowdown > 1 else {}))
    context.add_init_script(HOOK)
    if game == "bowls":
        context.add_init_script(BOWLS_PREFS)
    try:
        page = open_ready(context, url, spec.route)
        if slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        if game != "bowls":  # bowls starts its attempt first: its watched root is drawn then
            page.evaluate(TAP_WATCH.replace("ROOT", json.dumps(spec.watched)).replace("KINDS", spec.kinds))
        if trace:
            browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
        try:
            extra = spec.play(page, taps) or {}
        finally:
            if trace:
                browser.stop_tracing()  # written even when a tap failed: the trace shows why
        samples = page.evaluate("window.__clubTaps")
    finally:
        context.close()
    return {"answer": spec.answer, "shown": percentiles([s["shown"] for s in samples]),
            "frame": percentiles([s["frame"] for s in samples]),
            "mean_frame_ms": round(statistics.fmean(s["frame"] for s in samples), 2),
            "frames_ms": [round(s["frame"], 1) for s in samples],  # in order: where the slow ones fall
            "kinds": {kind: percentiles([s["frame"] for s in samples if s["kind"] == kind])
                      for kind in sorted({s["kind"] for s in samples})},
            # A first visit's interpreter snapshot being made beside the taps (P15: it waits for a pause).
            "taps_while_snapshot_saving": sum(s["snapshot"] == "saving" for s in samples), **extra}


def all_taps(browser: Browser, url: str, attempts: Attempts, taps: int = 40) -> dict:
    """Every game's taps on each machine: {machine: {game: figures}}."""
    return {name: {game: figures for game in TAP_GAMES
                   if (figures := attempts.run(f"{game} taps ({name})", game_taps, browser, url, game, taps,
                                               slowdown)) is not None}
            for name, slowdown in TAP_MACHINES.items()}


def pyodide_engine(browser: Browser, url: str) -> dict:
    """club.bench inside Pyodide, then the page's own view of the engines."""
    context = player_context(browser)
    context.add_init_script(HOOK)
    context.add_init_script(LONG_TASKS)
    page = open_ready(context, url, "#/")
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=90_000)
    if not page.evaluate("typeof window.__clubEngine === 'function'"):
        raise Unmeasured("the page's bench hook (club:ready) never came")
    result = json.loads(page.evaluate("(async () => await window.__clubBench('[]'))()"))
    trips = round_trips(page)
    hint = hint_search(page)
    context.close()
    return {"latency": result, "round_trips": trips, "hint": hint}


def puzzle_solver() -> dict | None:
    try:
        from club.bowls.solver import bench_all
    except ImportError:
        return None
    return bench_all()


def engine_lines(report: dict) -> list[str]:
    lines = ["", "Engine latency (ms)            CPython med / p99     Pyodide med / p99"]
    page = report["engine"].get("pyodide") or {"latency": {}, "round_trips": {}, "hint": None}
    for name in sorted(report["engine"]["cpython"]):
        c = report["engine"]["cpython"][name]
        p = page["latency"].get(name, {})
        lines.append(f"  {name:28} {c['median_ms']:8.3f} / {c['p99_ms']:7.3f}   "
                     f"{p.get('median_ms', float('nan')):8.3f} / {p.get('p99_ms', float('nan')):7.3f}")
    for game, trip in page["round_trips"].items():
        lines.append(f"Round trip page->worker->page {game:7} p50 {trip['p50_ms']:.2f}  p99 {trip['p99_ms']:.2f} ms"
                     f" (n {trip['n']}, target p99 < 4)")
    if page["hint"]:
        hint = page["hint"]
        lines.append(f"Bowls hint off path (puzzle 99): {hint['ms']:.0f} ms in the worker,"
                     f" main thread's longest task meanwhile {hint['longest']:.0f} ms (target <= 50)")
    return lines


def load_lines(load: dict, weight: int | None) -> list[str]:
    lines = [
        "",
        f"Load on 127.0.0.1, {load['route']} as a player past the lessons (median of {load['repeat']}, ms"
        f" after navigation)  bare {load['bare_ms']:.0f}  cold {load['cold_ms']:.0f}  warm {load['warm_ms']:.0f}"
        f"  (snapshot: {load['snapshot']})",
        f"  cold / bare = {load['cold_over_bare']:.2f} (P15 <= 1.20, target <= 1.00)   "
        f"warm / cold = {load['warm_over_cold']:.2f} (P15 < 0.50, target <= 0.45)",
        f"Cold boot main thread (median): longest task {load['longest_task_ms']:.0f} ms (target < 100),"
        f" total blocking {load['blocking_ms']:.0f} ms (target < 300); warm longest task"
        f" {load['warm_longest_task_ms']:.0f} ms",
        f"First board paint (median, ms after navigation): cold {load['cold_paint_ms']:.0f}"
        f"  warm {load['warm_paint_ms']:.0f} (target < 400)",
    ]
    if load.get("published"):
        site = load["published"]
        lines.append(f"As published (build.py --dist: bundled, slimmed), same runs: cold {site['cold_ms']:.0f}"
                     f" ({site['cold_over_bare']:.2f} x bare)  warm {site['warm_ms']:.0f}; board paint cold"
                     f" {site['cold_paint_ms']:.0f}  warm {site['warm_paint_ms']:.0f} (P15 target < 300); cold boot"
                     f" longest task {site['longest_task_ms']:.0f} ms, blocking {site['blocking_ms']:.0f} ms")
    if load.get("lesson_ms") is not None:
        lines.append(f"First lesson, a newcomer opening {load['route']} (sent to {load['route']}?lesson, median):"
                     f" board {load['lesson_paint_ms']:.0f} ms, interactive {load['lesson_ms']:.0f} ms"
                     f" ({load['lesson_ms'] / load['bare_ms']:.2f} x bare)")
    if weight is not None:
        lines.append(f"Own bytes on first load: {weight} as `make` serves the sources; "
                     f"{load.get('published_bytes', 'not measured')} as published (build.py --dist) (P16 < 400000)")
    if load.get("cold_marks"):
        lines.append("Cold start (median ms after navigation): " + ", ".join(
            f"{name.removeprefix('club-')} {value:.0f}" for name, value in load["cold_marks"].items()))
    return lines


def tap_lines(machine: str, games: dict) -> list[str]:
    lines = []
    for game, taps in games.items():
        line = (f"Tap -> on screen, {game} ({taps['answer']}), {machine}: shown p50 {taps['shown']['p50_ms']:.1f};"
                f" on screen p50 {taps['frame']['p50_ms']:.1f}  mean {taps['mean_frame_ms']:.1f}"
                f"  p99 {taps['frame']['p99_ms']:.1f}  max {taps['frame']['max_ms']:.1f} ms (n {taps['frame']['n']},"
                f" target p99 < 60); taps while the snapshot was made {taps['taps_while_snapshot_saving']}")
        if "bare_forecast" in taps:
            line += (f"; a bare forecast round trip p50 {taps['bare_forecast']['p50_ms']:.1f}"
                     f"  p99 {taps['bare_forecast']['p99_ms']:.1f} ms")
        lines.append(line)
    return lines


def table(report: dict) -> str:
    lines = engine_lines(report)
    if report.get("load"):
        lines += load_lines(report["load"], report.get("bytes"))
    frames = report.get("domino_frames")
    if frames:
        lines.append(f"Domino frames during play: p50 {frames['p50_ms']:.1f}  p99 {frames['p99_ms']:.1f}"
                     f"  max {frames['max_ms']:.1f} ms (n {frames['n']}, target p99 <= 17)")
    for name, games in (report.get("taps") or {}).items():
        lines += tap_lines(name, games)
    if report.get("network"):
        lines += bench_net.lines(report["network"])
    if report.get("replay_seek"):
        lines += bench_seek.lines(report["replay_seek"])
    if report.get("workshop_proof"):
        lines += bench_workshop.lines(report["workshop_proof"])
    if report.get("solver"):
        lines.append(f"Puzzle solver: {json.dumps(report['solver'])}")
    return "\n".join(lines)


class Attempts:
    """Runs each measurement; one that cannot be taken is kept with its reason, the rest go on."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def run(self, name: str, measure, *args):
        try:
            return measure(*args)
        except Unmeasured as error:
            self.problems.append(f"{name}: {error}")
        except PlaywrightError as error:
            self.problems.append(f"{name}: {str(error).splitlines()[0]}")
        return None


def arcade_medians(runs: list[dict], bare: list[float]) -> dict[str, float]:
    """The medians of ``arcade_tti`` runs (one site's), and cold against the bare page's."""
    med = statistics.median
    pick = lambda key: med([run[key] for run in runs])  # noqa: E731
    return {"cold_ms": pick("cold"), "warm_ms": pick("warm"), "cold_over_bare": pick("cold") / med(bare),
            "cold_paint_ms": pick("cold_paint"), "warm_paint_ms": pick("warm_paint"),
            "longest_task_ms": pick("longest_task"), "blocking_ms": pick("blocking"),
            "warm_longest_task_ms": pick("warm_longest_task")}


def load_figures(browser: Browser, url: str, published: str, route: str, repeat: int,
                 attempts: Attempts) -> tuple[dict, int] | None:
    """Bare page, the arcade cold and warm (as `make` serves the sources, and as published), and
    the first lesson, interleaved so drift hits all alike."""
    bare, arcades, sites, lessons = [], [], [], []
    for _ in range(repeat):
        bare.append(attempts.run("bare page", bare_tti, browser, url))
        arcades.append(attempts.run(f"arcade {route}", arcade_tti, browser, url, route))
        sites.append(attempts.run(f"published arcade {route}", arcade_tti, browser, published, route))
        lessons.append(attempts.run(f"first lesson {route}?lesson", lesson_tti, browser, url, route))
    bare = [b for b in bare if b is not None]
    arcades = [a for a in arcades if a is not None]
    sites = [a for a in sites if a is not None]
    lessons = [lesson for lesson in lessons if lesson is not None]
    if not bare or not arcades:
        return None
    med = statistics.median
    pick = lambda key: [a[key] for a in arcades]  # noqa: E731
    snaps = pick("snapshot")
    load = {
        "repeat": repeat, "route": route, "bare_ms": med(bare), **arcade_medians(arcades, bare),
        "warm_over_cold": med(pick("warm")) / med(pick("cold")),
        "samples": {"bare": bare, "cold": pick("cold"), "warm": pick("warm")},
        "snapshot": max(set(snaps), key=snaps.count),
        "paint_samples": {"cold": pick("cold_paint"), "warm": pick("warm_paint")},
        # where a cold start's time goes: each page mark's median (ms after navigation)
        "cold_marks": {name: med([m[name] for m in pick("marks") if name in m]) for name in STAGE_MARKS
                       if any(name in m for m in pick("marks"))},
    }
    if sites:
        load["published"] = {**arcade_medians(sites, bare),
                             "samples": {"cold": [a["cold"] for a in sites], "warm_paint": [a["warm_paint"] for a in sites]}}
    if lessons:
        load.update({"lesson_ms": med([x["cold"] for x in lessons]), "lesson_paint_ms": med([x["paint"] for x in lessons]),
                     "lesson_samples": lessons})
    return load, max(pick("bytes"))


def main(argv: list[str]) -> int:
    parser = bench_parser(__doc__, repeat=5, alone=False)
    parser.add_argument("--net-repeat", type=int, default=3, help="first visits per page and network profile")
    parser.add_argument("--route", default="#/blocks")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "report.json")
    parser.add_argument("--only", nargs="*", choices=("engine", "frames", "taps", "load", "network", "seek", "workshop"),
                        help="take only these parts")
    args = parser.parse_args(argv)
    parts = set(args.only or ("engine", "frames", "taps", "load", "network", "seek", "workshop"))
    attempts = Attempts()
    report: dict = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "load_average": os.getloadavg(),
                    "engine": {"cpython": engine_bench.run() if "engine" in parts else {}}}
    with served(args.root) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        if "engine" in parts:
            report["engine"]["pyodide"] = attempts.run("engine in Pyodide", pyodide_engine, browser, url)
        if "frames" in parts:
            report["domino_frames"] = attempts.run("domino frames", domino_frames, browser, url)
        if "taps" in parts:
            report["taps"] = all_taps(browser, url, attempts)
        if "seek" in parts:
            report["replay_seek"] = attempts.run("replay seek", bench_seek.run, browser, url, 200, 3)
        if "workshop" in parts:
            report["workshop_proof"] = attempts.run("workshop proof", bench_workshop.run, browser, url)
        site = PublishedSite(args.root) if {"load", "network"} & set(parts) else None
        try:
            if site and "load" in parts:
                figures = load_figures(browser, url, site.url, args.route, args.repeat, attempts)
                if figures:
                    report["load"], report["bytes"] = figures
                    report["load"]["published_bytes"] = attempts.run("published bytes", published_bytes, browser,
                                                                     site.url, args.route)
            if site and "network" in parts:
                report["network"] = attempts.run("first visit on a phone network", bench_net.run, browser,
                                                 args.root, site.dist, args.net_repeat)
        finally:
            if site:
                site.close()
        browser.close()
    report["solver"] = puzzle_solver() if "engine" in parts else None
    report["unmeasured"] = attempts.problems
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(table(report))
    print(f"\nreport: {args.out} (load average {' '.join(f'{x:.2f}' for x in report['load_average'])})")
    if attempts.problems:
        print("\nNot measured (make bench fails):", *attempts.problems, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
