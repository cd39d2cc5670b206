"""Run the spec's conformance vectors against the engines.

Usage, from the repository root::

    PYTHONPATH=py python -m club.conformance FILE...

Every case of every file is run; each failing case is printed with its
expected and actual values, and the run ends with ``N passed, M failed``.
The exit status is 0 only when nothing failed. A file for an unknown game,
an unreadable file or a malformed case counts as failures, never as passes.

Each game package provides ``club.<game>.conform`` with four functions:

- ``load(position) -> state`` (raises ``NotationError`` on corrupt text);
- ``dump(state) -> str`` (the position in notation);
- ``act(state, action) -> (state, report)``, never raising on player input;
  ``report`` holds ``refused``/``reason`` and the per-action keys
  (``points``, ``cleared``, ``chain``, ...);
- ``observe(state) -> dict``: every notation field by name plus the
  state-derived keys (``over``, ``falling``, ``highest``, ...) and zeros for
  the per-action keys, which a report overrides.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from club import GAMES, jsontext
from club.errors import NotationError


@dataclass
class Failure:
    case_id: str
    problems: list[str] = field(default_factory=list)


def game_module(game: object) -> ModuleType | None:
    """The conform module of a known game, else None."""
    if game not in GAMES:
        return None
    try:
        return importlib.import_module(f"club.{game}.conform")
    except ImportError:
        return None


def same(expected: Any, actual: Any) -> bool:
    """Compare as the spec says: bools as bools, numbers as numbers, else text."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and abs(expected - actual) < 1e-9
    if expected is None:
        return actual is None
    return str(expected) == str(actual)


def run_case(rules: ModuleType, case: dict[str, Any]) -> list[str]:
    """Run one case; returns the list of problems (empty when it passes)."""
    expect = case.get("expect")
    position = case.get("position")
    actions = case.get("actions", [])
    if not isinstance(expect, dict) or not isinstance(position, str) or not isinstance(actions, list):
        return ["malformed case: needs position (text), actions (list) and expect (object)"]
    try:
        state = rules.load(position)
    except NotationError as exc:
        if "error" in expect:
            if exc.field == expect["error"]:
                return []
            return [f"error field: expected {expect['error']!r}, actual {exc.field!r} ({exc})"]
        return [f"position did not parse: {exc}"]
    if "error" in expect:
        return [f"error: expected a notation error naming {expect['error']!r}, but it parsed"]
    if not actions and rules.dump(state) != position:
        return [f"round trip: expected {position!r}, actual {rules.dump(state)!r}"]
    report: dict[str, Any] = {}
    want_refused = bool(expect.get("refused", False))
    for index, action in enumerate(actions):
        last = index == len(actions) - 1
        before = rules.dump(state)
        state, report = rules.act(state, action)
        refused = bool(report.get("refused"))
        if refused and not (last and want_refused):
            return [f"action {index} {action!r} refused ({report.get('reason')}), expected accepted"]
        if refused and rules.dump(state) != before:
            return [f"refused action {action!r} changed the position: {before!r} -> {rules.dump(state)!r}"]
    observed = {"refused": False, "points": 0, **rules.observe(state), **report}
    observed["refused"] = bool(observed.get("refused"))
    problems = []
    for key, want in expect.items():
        if key not in observed:
            problems.append(f"{key}: expected {want!r}, actual <not reported>")
        elif not same(want, observed[key]):
            problems.append(f"{key}: expected {want!r}, actual {observed[key]!r}")
    return problems


def run_file(path: str) -> tuple[int, list[Failure]]:
    """Run every case of one vector file: (passed, failures)."""
    try:
        with open(path, encoding="utf-8") as handle:
            doc = jsontext.loads(handle.read(), field="vectors", max_chars=1 << 26)
    except (OSError, ValueError) as exc:
        return 0, [Failure(path, [f"cannot read vector file: {exc}"])]
    cases = doc.get("cases") if isinstance(doc, dict) else None
    if not isinstance(cases, list):
        return 0, [Failure(path, ["vector file has no list of cases"])]
    rules = game_module(doc.get("game"))
    passed, failures = 0, []
    for number, case in enumerate(cases):
        case_id = str(case.get("id", f"#{number}")) if isinstance(case, dict) else f"#{number}"
        if rules is None:
            failures.append(Failure(case_id, [f"no engine for game {doc.get('game')!r}"]))
            continue
        if not isinstance(case, dict):
            failures.append(Failure(case_id, ["case is not an object"]))
            continue
        try:
            problems = run_case(rules, case)
        except Exception as exc:  # an engine crash is a failure, not a stop
            problems = [f"engine raised {type(exc).__name__}: {exc}"]
        if problems:
            failures.append(Failure(case_id, problems))
        else:
            passed += 1
    return passed, failures


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m club.conformance FILE...", file=sys.stderr)
        return 2
    total_passed = total_failed = 0
    for path in argv:
        passed, failures = run_file(path)
        total_passed += passed
        total_failed += len(failures)
        for failure in failures:
            print(f"FAIL {path} {failure.case_id}")
            for problem in failure.problems:
                print(f"    {problem}")
    print(f"{total_passed} passed, {total_failed} failed")
    return 0 if total_failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
