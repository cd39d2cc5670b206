"""Comments and docstrings cite spec rule ids (B9, D11, M9, W8, P5...), never tracker
numbers: the code outlives the tracker, and "issue 13" says nothing to its next reader.

Python: comments and string statements (docstrings) are read; other strings are data.
JavaScript and index.html: every line is read (a page's string has no more reason to name the tracker)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("py", "web", "tools", "tests", "e2e")
SKIPPED = {"node_modules", "vendor", "build", "dist", "__pycache__"}
TRACKER = re.compile(r"\bissues? #?\d+\b", re.IGNORECASE)


def sources() -> Iterator[Path]:
    yield ROOT / "index.html"  # the page's own comments
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".js", ".mjs"} and not SKIPPED & set(path.parts) \
                    and path != Path(__file__).resolve():
                yield path


def python_prose(text: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and every string statement (docstrings)."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            for offset, line in enumerate(node.value.value.splitlines()):
                yield node.lineno + offset, line


def script_prose(text: str) -> Iterator[tuple[int, str]]:
    yield from enumerate(text.splitlines(), start=1)


def tracker_mentions() -> list[str]:
    found = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        prose = python_prose(text) if path.suffix == ".py" else script_prose(text)
        found += [f"{path.relative_to(ROOT)}:{line}: {part.strip()}"
                  for line, part in prose if TRACKER.search(part)]
    return sorted(set(found))


def test_the_guard_sees_a_comment_and_a_docstring_but_not_data() -> None:
    sample = '"""Fixed in issue 7."""\nx = "issue 8"  # see issue 9\n'
    assert sorted(line for line, part in python_prose(sample) if TRACKER.search(part)) == [1, 2]


def test_no_comment_or_docstring_names_a_tracker_issue() -> None:
    found = tracker_mentions()
    assert not found, f"{len(found)} mention(s) of tracker issues; cite the spec's rule id instead:\n" \
        + "\n".join(found)
