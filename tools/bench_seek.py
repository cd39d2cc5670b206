"""``make bench`` (replay seek part): how long the page takes to show the last
step of a long replay after the bar's Last button, per game, in headless Chromium.

Each game's replay is a run of its greedy bot (``tools/longruns.py``, ``--moves``
moves as its end card counts them, or fewer when the run ends first). The page
is opened on the replay; once the bar is up, Last is pressed (a real click on
the button) and the time is taken until the bar shows the last step and the
browser has painted the frame after it (two animation frames; blocks: its gem
colours painted too), then the same back to the first step and to the middle
(the slider). Median of ``--repeat`` seeks each. Also the engine's own
``replay_seek`` inside Pyodide, timed from the page (the worker's share): to the
last step, and from the start to 24 positions spread over the replay (median and
worst: a seek plays at most a few steps again wherever it lands).

    .venv/bin/python tools/bench_seek.py [--moves 200] [--repeat 3] [--json]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

import longruns  # noqa: E402
from bench_page import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    READY,
    Unmeasured,
    bench_parser,
    player_context,
    run_alone,
)

GAMES = ("blocks", "domino", "merge", "bowls")
HOOK = "addEventListener('club:ready', (e) => { window.__clubEngine = e.detail.engine; }, {once: true});"
# One seek through the bar, from the click to the painted frame after the bar shows it.
SEEK = """async ([how, index]) => {
  const bar = document.querySelector('.replay-bar');
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const began = performance.now();
  if (how === 'last') bar.querySelector('.replay-last').click();
  else if (how === 'first') bar.querySelector('.replay-first').click();
  else {
    const slider = bar.querySelector('.replay-slider');
    slider.value = String(index);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const until = async (done) => {
    while (!done()) {
      if (performance.now() - began > 60000) throw new Error(`position ${index} was not shown in 60 s`);
      await frame();
    }
  };
  await until(() => bar.dataset.index === String(index));
  const blocks = document.querySelector('.bk'); // blocks: until the gem colours of the step are in too
  await until(() => !blocks || blocks.dataset.painted === String(index));
  await frame(); await frame();
  return performance.now() - began;
}"""
# The engine's own seek, timed from the page (a round trip to the worker included).
ENGINE_SEEK = """async ([game, index]) => {
  const engine = window.__clubEngine(`${game}/replay`);
  const began = performance.now();
  await engine.call('replay_seek', { index });
  return performance.now() - began;
}"""


def seek_game(browser, url: str, game: str, code: str, repeat: int) -> dict:
    context = player_context(browser)
    context.add_init_script(HOOK)
    try:
        page = context.new_page()
        page.goto(f"{url}#/{game}?replay={code}")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(".replay-bar", timeout=BOOT_TIMEOUT_MS)
        steps = int(page.locator(".replay-slider").get_attribute("max") or 0)
        if steps < 2:
            raise Unmeasured(f"{game}: the replay has {steps} steps")
        page.wait_for_timeout(500)
        last, first, middle, engine = [], [], [], []
        for _ in range(repeat):
            last.append(page.evaluate(SEEK, ["last", steps]))
            first.append(page.evaluate(SEEK, ["first", 0]))
            middle.append(page.evaluate(SEEK, ["slider", steps // 2]))
            page.evaluate(SEEK, ["first", 0])
        spread: list[float] = []
        if page.evaluate("typeof window.__clubEngine === 'function'"):
            engine = [page.evaluate(ENGINE_SEEK, [game, index]) for index in (0, steps) * repeat][1::2]
            # the engine's seek from the start to 24 positions spread over the replay: its worst case
            spread = [page.evaluate(ENGINE_SEEK, [game, index]) for k in range(1, 25)
                      for index in (0, k * steps // 24)][1::2]
        said = page.locator(".replay-where").text_content()
        med = lambda xs: round(statistics.median(xs), 1) if xs else None  # noqa: E731
        return {"steps": steps, "counter": said, "last_ms": med(last), "first_ms": med(first),
                "middle_ms": med(middle), "engine_last_ms": med(engine),
                "engine_spread_ms": med(spread), "engine_worst_ms": round(max(spread), 1) if spread else None,
                "samples_last": [round(x, 1) for x in last]}
    finally:
        context.close()


def run(browser, url: str, moves: int, repeat: int, games=GAMES) -> dict:
    return {game: seek_game(browser, url, game, longruns.code(game, moves), repeat) for game in games}


def lines(report: dict) -> list[str]:
    out = ["Replay seek on the page (Last, First, the slider to the middle; click to painted frame, median):"]
    for game, row in report.items():
        out.append(f"  {game:7} {row['steps']:>5} steps  last {row['last_ms']:>8.1f} ms  first {row['first_ms']:>7.1f} ms"
                   f"  middle {row['middle_ms']:>8.1f} ms | engine seek: to last {row['engine_last_ms']} ms,"
                   f" anywhere median {row['engine_spread_ms']} worst {row['engine_worst_ms']} ms  ({row['counter']})")
    return out


def main(argv: list[str]) -> int:
    parser = bench_parser(__doc__, repeat=3)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--only", nargs="*", choices=GAMES)
    args = parser.parse_args(argv)
    return run_alone(args, lambda browser, url: run(browser, url, args.moves, args.repeat, tuple(args.only or GAMES)), lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
