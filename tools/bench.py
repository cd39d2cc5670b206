"""``make bench``: engine latency (P14), load time (P15) and weight (P16).

In one run, on this machine, in headless Chromium against 127.0.0.1:
- engine latency per action and per preview, median and p99, in CPython and
  inside Pyodide (the page's bench hook runs the same ``club.bench``);
- time to interactive of the arcade (first game ready for input) cold (fresh
  profile) and warm (a returning visit: service worker and caches), against a
  bare page that loads the same Pyodide and prints ``1+1``; medians of
  several repetitions and their ratios;
- bytes of our own files on first load (everything but vendor/).
Writes ``bench/report.json`` and prints a table. Numbers are read as ratios
within one run: these machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from club import bench as engine_bench  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOOK = ("addEventListener('club:ready', (e) => { window.__clubBench = e.detail.bench; }, {once: true});")
READY = "document.documentElement.dataset.ready === '1'"
# The first visit makes the interpreter snapshot in a worker once the page is idle:
# wait for it, so it neither slows what is timed next nor is lost when the page closes.
# Main-thread long tasks (> 50 ms) from the first byte on (issue 13): the longest,
# and the total blocking time (each task's time past 50 ms), up to "interactive".
LONG_TASKS = ("window.__clubLong = []; new PerformanceObserver((list) => {"
              " for (const e of list.getEntries()) window.__clubLong.push([e.startTime, e.duration]); })"
              ".observe({ type: 'longtask', buffered: true });")
BLOCKING = ("(() => { const until = performance.getEntriesByName('club-interactive')[0].startTime;"
            " const tasks = window.__clubLong.filter(([start]) => start < until);"
            " return { longest: Math.max(0, ...tasks.map(([, d]) => d)),"
            " blocking: tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0) }; })()")
SNAPSHOT_SETTLED = "['saved', 'used', 'none'].includes(document.documentElement.dataset.snapshot)"


def mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def own_bytes(page) -> int:
    return page.evaluate(
        "(() => { const nav = performance.getEntriesByType('navigation')[0];"
        " let total = nav ? nav.encodedBodySize : 0;"
        " for (const e of performance.getEntriesByType('resource'))"
        "   if (!e.name.includes('/vendor/')) total += e.encodedBodySize;"
        " return total; })()"
    )


def bare_tti(browser: Browser, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bench/bare.html")
    page.wait_for_function(READY, timeout=120_000)
    value = mark(page, "bare-ready")
    context.close()
    return value


def arcade_tti(browser: Browser, url: str, route: str) -> dict[str, float]:
    """Cold (fresh profile) then warm (returning visit in the same profile)."""
    context = browser.new_context()
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.goto(url + route)
    page.wait_for_function(READY, timeout=120_000)
    cold = mark(page, "club-interactive")
    blocking = page.evaluate(BLOCKING)
    weight = own_bytes(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=90_000)
    page.close()
    page = context.new_page()
    page.goto(url + route)
    page.wait_for_function(READY, timeout=120_000)
    warm = mark(page, "club-interactive")
    snapshot = page.evaluate("document.documentElement.dataset.snapshot || 'none'")
    context.close()
    return {"cold": cold, "warm": warm, "bytes": weight, "snapshot": snapshot,
            "longest_task": blocking["longest"], "blocking": blocking["blocking"]}


def pyodide_engine(browser: Browser, url: str) -> dict:
    context = browser.new_context()
    context.add_init_script(HOOK)
    page = context.new_page()
    page.goto(url + "#/")
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=90_000)
    result = json.loads(page.evaluate("window.__clubBench('[]')"))
    context.close()
    return result


def launch(playwright) -> Browser:
    options: dict = {"args": ARGS}
    if os.path.exists("/usr/bin/chromium"):
        options["executable_path"] = "/usr/bin/chromium"
    return playwright.chromium.launch(**options)


def puzzle_solver() -> dict | None:
    try:
        from club.bowls.solver import bench_all
    except ImportError:
        return None
    return bench_all()


def table(report: dict) -> str:
    lines = ["", "Engine latency (ms)            CPython med / p99     Pyodide med / p99"]
    for name in sorted(report["engine"]["cpython"]):
        c = report["engine"]["cpython"][name]
        p = report["engine"]["pyodide"].get(name, {})
        lines.append(f"  {name:28} {c['median_ms']:8.3f} / {c['p99_ms']:7.3f}   "
                     f"{p.get('median_ms', float('nan')):8.3f} / {p.get('p99_ms', float('nan')):7.3f}")
    load = report["load"]
    lines += [
        "",
        f"Load (median of {load['repeat']}, ms)  bare {load['bare_ms']:.0f}  cold {load['cold_ms']:.0f}"
        f"  warm {load['warm_ms']:.0f}  (snapshot: {load['snapshot']})",
        f"  cold / bare = {load['cold_over_bare']:.2f} (target <= 1.20)   "
        f"warm / cold = {load['warm_over_cold']:.2f} (target < 0.50)",
        f"Cold boot main thread (median): longest task {load['longest_task_ms']:.0f} ms (target < 100),"
        f" total blocking {load['blocking_ms']:.0f} ms (target < 300)",
        f"Own bytes on first load: {report['bytes']} (target < 400000)",
    ]
    if report.get("solver"):
        lines.append(f"Puzzle solver: {json.dumps(report['solver'])}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--route", default="#/blocks")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "report.json")
    args = parser.parse_args(argv)
    server = make_server(ROOT, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    report: dict = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "engine": {"cpython": engine_bench.run()}}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        report["engine"]["pyodide"] = pyodide_engine(browser, url)
        bare, cold, warm, weights, snaps, longest, blocking = [], [], [], [], [], [], []
        for _ in range(args.repeat):  # interleaved, so drift hits both alike
            bare.append(bare_tti(browser, url))
            arcade = arcade_tti(browser, url, args.route)
            cold.append(arcade["cold"])
            warm.append(arcade["warm"])
            weights.append(arcade["bytes"])
            snaps.append(arcade["snapshot"])
            longest.append(arcade["longest_task"])
            blocking.append(arcade["blocking"])
        browser.close()
    server.shutdown()
    med = statistics.median
    report["load"] = {
        "repeat": args.repeat, "route": args.route,
        "bare_ms": med(bare), "cold_ms": med(cold), "warm_ms": med(warm),
        "cold_over_bare": med(cold) / med(bare), "warm_over_cold": med(warm) / med(cold),
        "samples": {"bare": bare, "cold": cold, "warm": warm}, "snapshot": max(set(snaps), key=snaps.count),
        "longest_task_ms": med(longest), "blocking_ms": med(blocking),
    }
    report["bytes"] = max(weights)
    report["solver"] = puzzle_solver()
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(table(report))
    print(f"\nreport: {args.out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
