"""The import graphs have no cycle (docs/architecture.md): ``py/club`` (every import
statement counts, one under ``if TYPE_CHECKING:`` or inside a function too) and
``tools/``; and the core (``club.session`` and what it imports) imports no
feature (``club.daily``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
Graph = dict[str, set[str]]


def modules_of(folder: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for every ``.py`` under ``folder`` (``package`` its dotted name, or "")."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([p for p in [package] if p] + parts)] = path
    return found


def imports_graph(modules: dict[str, Path]) -> Graph:
    """Each module's imports of the other modules, read from every import statement in its file."""
    graph: Graph = {}
    for name, path in modules.items():
        edges = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    whole = f"{node.module}.{alias.name}"
                    edges.add(whole if whole in modules else node.module)
        edges &= set(modules) - {name}
    return graph


def cycle(graph: Graph) -> list[str]:
    """One cycle of ``graph`` (its modules in order, the first again at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return []


def reached(graph: Graph, start: str) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for nxt in graph[stack.pop()] - seen:
            seen.add(nxt)
            stack.append(nxt)
    return seen


CLUB = imports_graph(modules_of(ROOT / "py" / "club", "club"))
TOOLS = imports_graph(modules_of(ROOT / "tools", ""))


@pytest.mark.parametrize(("where", "graph"), [("py/club", CLUB), ("tools", TOOLS)])
def test_no_import_cycle(where: str, graph: Graph) -> None:
    assert cycle(graph) == [], where


@pytest.mark.parametrize(("graph", "expected"), [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"b", "c"}, "b": {"c"}, "c": set()}, []),
])
def test_a_cycle_is_found(graph: Graph, expected: list[str]) -> None:
    assert cycle(graph) == expected


def test_a_type_only_import_counts(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import b\n")
    (tmp_path / "b.py").write_text("def f() -> None:\n    import pkg.a\n")
    assert cycle(imports_graph(modules_of(tmp_path, "pkg"))) == ["pkg.a", "pkg.b", "pkg.a"]


def test_the_core_imports_no_feature() -> None:
    assert sorted(m for m in reached(CLUB, "club.session") if m.startswith("club.daily")) == []
