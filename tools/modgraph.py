"""The page's JavaScript module graph (static imports of our own modules) and the
small modules the build writes: shared by ``tools/build.py`` and
``tools/bundle.py``, so neither imports the other."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path


def write_module(out: Path, source: str, name: str, value: object) -> Path:
    """Write ``out``: a module whose one export ``name`` is ``value`` (JSON), made from ``source``."""
    out.write_text(f"// Written by tools/build.py from {source}: do not edit.\n"
                   f"export const {name} = {json.dumps(value, separators=(',', ':'))};\n")
    return out


#: A module's static imports of our own modules (``import … from "./x.js"``, ``import "./x.js"``).
STATIC_IMPORT = re.compile(r'(?:^|\n)\s*(?:import|export)\s(?:[^;"]*?\sfrom\s)?"(\.{1,2}/[^"]+)"')


def closure(entry: str, imports_of: Callable[[str], Iterable[str]]) -> list[str]:
    """``entry`` and every module it reaches through ``imports_of``, each once, depth first in
    import order (the order a browser evaluates them).

    >>> closure("a", {"a": ["b", "c"], "b": ["c"], "c": []}.__getitem__)
    ['a', 'b', 'c']
    """
    seen: list[str] = []
    stack = [entry]
    while stack:
        module = stack.pop()
        if module not in seen:
            seen.append(module)
            stack.extend(reversed(list(imports_of(module))))
    return seen


def module_graph(entry: Path, root: Path) -> list[str]:
    """Every module ``entry`` loads through static imports, itself first (paths from ``root``).
    A module the build writes (``build/``) is listed, not read: it imports nothing of ours, and
    on a fresh checkout it may not be written yet (``build/graphs.js`` itself)."""
    base = root.resolve()

    def imports_of(rel: str) -> list[str]:
        if rel.startswith("build/"):
            return []
        path = base / rel
        return [(path.parent / spec).resolve().relative_to(base).as_posix() for spec in STATIC_IMPORT.findall(path.read_text())]

    return closure(entry.resolve().relative_to(base).as_posix(), imports_of)
