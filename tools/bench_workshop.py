"""``make bench`` (workshop part): the Puzzle Workshop's proof (W28) as a player waits for
it in the page, on this machine's CPU and on a phone's (Chromium's CPU throttling x4, a
phone's viewport).

Each proof is the editor's own question, ``engine.query("workshop_check", draft)``, asked
from the page and timed there until its answer arrives: the worker's slices and the page's
answers between them included (what *Prove it* waits). The drafts: a typical puzzle (one of
the 100 rebuilt, the median of the 100 by the proof's work: ``TYPICAL``), the hardest of the
100 (puzzle 100) and a board crowded to W18's limits whose goal 12 moves cannot meet (the
proof spends its whole budget: ``club.bowls.bench.CROWDED``). A draft's verdict is kept by
the Session, so every repetition gets a title of its own (a new draft, a new proof).

The proof runs in the engine's worker, and Chromium throttles only a page's own thread:
asked to throttle a dedicated worker (CDP ``Emulation.setCPUThrottlingRate`` on the worker's
target) it answers "Operation is only supported for pages, not workers" (Chromium 14x). So
at x4 the page's share is slowed (the query's dispatch, the answers between slices, the
progress the editor asks) and the worker's is not; the bench tries the worker anyway and says
whether it took, and prints beside the x4 figure this machine's figure times 4: a phone at a
quarter of this machine's speed everywhere, the wait a player would see there.

    .venv/bin/python tools/bench_workshop.py [--repeat 3] [--json]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_page import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    PHONE,
    READY,
    Unmeasured,
    at_route,
    bench_parser,
    player_context,
    run_alone,
)
from club.bowls.bench import CROWDED  # noqa: E402
from club.bowls.goals import print_goal  # noqa: E402
from club.bowls.notation import print_position  # noqa: E402
from club.bowls.puzzles import puzzle_by_id  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402

HOOK = "addEventListener('club:ready', (e) => { window.__clubEngine = e.detail.engine; }, {once: true});"
#: A typical puzzle: the median of the 100 by the proof's work (puzzle 72, limit 6: 41,919 units of the
#: 3,000,000 budget; puzzle 100 takes 2,925,382).
TYPICAL = 72
MACHINES = {"this machine": 1, "phone (CPU x4)": 4}
PROVE = """async ([draft, title]) => {
  const engine = window.__clubEngine("bowls");
  const began = performance.now();
  const answer = await engine.query("workshop_check", { ...draft, title });
  return { ms: performance.now() - began, accepted: answer.accepted, reason: answer.reason, par: answer.par,
           states: answer.difficulty?.states ?? null };
}"""


def drafts() -> dict[str, dict]:
    """The drafts proven, by name."""
    def rebuilt(ident: int) -> dict:
        puzzle = puzzle_by_id(ident)
        return {"position": print_position(puzzle.position), "goal": print_goal(puzzle.goal), "limit": puzzle.limit}

    return {f"typical (puzzle {TYPICAL})": rebuilt(TYPICAL), "hardest (puzzle 100)": rebuilt(100),
            "budget spent (crowded board)": {"position": CROWDED, "goal": "empty", "limit": 12}}


def throttle_workers(browser: Browser, page: Page, rate: float) -> str | None:
    """CPU throttling on every dedicated worker of the browser (the engine's); None when it took,
    else Chromium's answer (``page`` waits: Playwright hands events over only while it waits)."""
    cdp = browser.new_browser_cdp_session()
    answers: list[dict] = []
    cdp.on("Target.receivedMessageFromTarget", lambda event: answers.append(json.loads(event["message"])))
    workers = [t for t in cdp.send("Target.getTargets")["targetInfos"] if t["type"] == "worker"]
    for n, target in enumerate(workers):
        session = cdp.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
        message = {"id": n + 1, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": rate}}
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})
    deadline = time.monotonic() + 5
    while sum("id" in a for a in answers) < len(workers) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    refused = [a["error"]["message"] for a in answers if "error" in a]
    if not workers or sum("id" in a for a in answers) < len(workers):
        return "no worker answered"
    return refused[0] if refused else None


def machine(browser: Browser, url: str, slowdown: float, repeat: int) -> dict:
    """Every draft proven ``repeat`` times in one page (the typical one; the others once)."""
    context = player_context(browser, **(PHONE if slowdown > 1 else {}))
    context.add_init_script(HOOK)
    try:
        page = context.new_page()
        page.goto(url + "#/bowls")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        at_route(page, "#/bowls")
        if not page.evaluate("typeof window.__clubEngine === 'function'"):
            raise Unmeasured("the page's bench hook (club:ready) never came")
        figures: dict = {"worker_throttled": None}
        if slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            refused = throttle_workers(browser, page, slowdown)
            figures["worker_throttled"] = "yes" if refused is None else f"no: {refused}"
        for n, (name, draft) in enumerate(drafts().items()):
            runs = [page.evaluate(PROVE, [draft, f"bench {n}.{k}"]) for k in range(repeat if n == 0 else 1)]
            figures[name] = {"median_ms": round(statistics.median(r["ms"] for r in runs), 1),
                             "samples_ms": [round(r["ms"], 1) for r in runs],
                             "answer": {key: runs[0][key] for key in ("accepted", "reason", "par", "states")}}
        return figures
    finally:
        context.close()


def run(browser: Browser, url: str, repeat: int = 3) -> dict:
    return {name: machine(browser, url, slowdown, repeat) for name, slowdown in MACHINES.items()}


def lines(report: dict) -> list[str]:
    out = ["Workshop proof in the page (workshop_check asked to answered, median ms):"]
    here = report.get("this machine", {})
    for name, figures in report.items():
        if figures.get("worker_throttled"):
            out.append(f"  {name}: the engine's worker throttled too: {figures['worker_throttled']}")
        for draft, row in figures.items():
            if draft == "worker_throttled":
                continue
            a = row["answer"]
            said = f"par {a['par']}, {a['states']} positions" if a["accepted"] else a["reason"]
            scaled = ""
            if name != "this machine" and draft in here:
                scaled = f"  (this machine x{MACHINES[name]}: {here[draft]['median_ms'] * MACHINES[name]:.0f})"
            out.append(f"  {name:15} {draft:30} {row['median_ms']:>9.1f}  {row['samples_ms']}  ({said}){scaled}")
    return out


def main(argv: list[str]) -> int:
    args = bench_parser(__doc__, repeat=3).parse_args(argv)
    return run_alone(args, lambda browser, url: run(browser, url, args.repeat), lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
