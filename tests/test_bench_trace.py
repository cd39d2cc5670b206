"""Where a tap's time goes (tools/bench_trace.py, P15): a trace's main thread read by kind of
work, the style and layout a handler forced inside its own task, and the longest tasks with
what ran inside them, on a small trace written as a table (µs from the start, µs long)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from bench_trace import by_kind, forced, longest, main_thread  # noqa: E402

MAIN, OTHER = (1, 10), (1, 11)
#: (thread, name, start µs, length µs, data): a click whose handler forces a layout, then a frame that lays out
#: and paints, then a timer; the compositor's paint on another thread is not the page's.
TABLE = [
    (MAIN, "RunTask", 0, 9_000, {}),
    (MAIN, "EventDispatch", 100, 8_000, {"type": "click"}),
    (MAIN, "FunctionCall", 200, 7_000, {"functionName": "choose", "url": "http://x/web/games/bowls/play.js", "lineNumber": 55}),
    (MAIN, "UpdateLayoutTree", 300, 1_000, {}),
    (MAIN, "Layout", 1_400, 2_000, {}),
    (MAIN, "RunTask", 16_000, 5_000, {}),
    (MAIN, "UpdateLayoutTree", 16_100, 1_500, {}),
    (MAIN, "Layout", 17_700, 1_500, {}),
    (MAIN, "Paint", 19_300, 1_000, {}),
    (MAIN, "RunTask", 30_000, 20_000, {}),
    (MAIN, "TimerFire", 30_000, 20_000, {}),
    (MAIN, "FunctionCall", 30_100, 19_000, {"functionName": "flush", "url": "http://x/web/kit/feel.js", "lineNumber": 46}),
    (OTHER, "Paint", 0, 50_000, {}),
]


def trace(tmp_path: Path) -> Path:
    names = [{"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": name}}
             for (pid, tid), name in ((MAIN, "CrRendererMain"), (OTHER, "Compositor"))]
    events = [{"ph": "X", "pid": pid, "tid": tid, "name": name, "ts": ts, "dur": dur, "args": {"data": data}}
              for (pid, tid), name, ts, dur, data in TABLE]
    path = tmp_path / "taps.json"
    path.write_text(json.dumps({"traceEvents": list(reversed(names + events))}))
    return path


def test_the_main_thread_by_kind(tmp_path: Path) -> None:
    spent = by_kind(main_thread(trace(tmp_path)))
    assert spent["Layout"] == 3_500 and spent["UpdateLayoutTree"] == 2_500
    assert spent["Paint"] == 1_000  # the compositor's paint is another thread's
    assert "RunTask" not in spent
    assert spent["FunctionCall"] == 7_000 - 3_000 + 19_000  # own time: choose's forced style and layout are theirs
    assert spent["EventDispatch"] == 1_000 and spent["TimerFire"] == 1_000


def test_style_and_layout_forced_by_a_handler_name_it(tmp_path: Path) -> None:
    assert forced(main_thread(trace(tmp_path))) == {
        ("UpdateLayoutTree", "choose@play.js:55"): 1_000,
        ("Layout", "choose@play.js:55"): 2_000,
    }  # the frame's own style and layout (no script around them) are not forced


def test_the_longest_tasks_say_what_ran_inside(tmp_path: Path) -> None:
    (at, ms, inside), second = longest(main_thread(trace(tmp_path)), 2)
    assert (at, ms) == (30.0, 20.0)
    assert inside.most_common(2) == [("TimerFire", 20_000), ("flush@feel.js:46", 19_000)]
    assert second[:2] == (0.0, 9.0) and second[2]["click event"] == 8_000
