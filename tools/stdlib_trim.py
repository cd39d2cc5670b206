"""Write the standard library built for the arcade: run inside Pyodide by
``tools/stdlib.mjs`` (its Python reads its own version's syntax) from the
pinned package's ``python_stdlib.zip``.

Kept: the files a full session imported (``tools/stdlib_session.py``) and the
folders that hold them. Each kept module is re-printed from its syntax tree
without comments and docstrings (``ast.unparse``): the same code, about half
the bytes. Pyodide's own packages are kept as they are: they read docstrings
(``_pyodide.docstring`` gives its JavaScript proxies their documentation from
them). A module's ``__doc__`` is then ``None``, as under ``python -OO``, which
the standard library supports.

Each module is then stored compiled, as ``name.pyc`` in place of ``name.py``:
an unchecked hash-based pyc (PEP 552) made by this Pyodide's own compiler, so
its magic number is the runtime's. A start then unmarshals the bytecode of the
modules Pyodide's bootstrap, PyScript and the engines import (nearly all the
kept ones) instead of compiling their source in a wasm that is still cold:
Python is up in about a third of the time (1.97 s to 0.69 s for loadPyodide on
this machine). The compiler runs without column ranges
(``PYTHONNODEBUGRANGES``, set by ``tools/stdlib.mjs``): a traceback keeps its
file and line, and the zip is a quarter smaller (0.90 MB for the 135 kept
modules; with column ranges, 1.34 MB for the 151 kept before the frozen ones
were left out, against 0.99 MB without and 0.48 MB as sources). Entries are deflated at level 9 with a
fixed date, so the same input gives the same bytes.
"""

from __future__ import annotations

import ast
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # the pyc writer compileall uses

#: Pyodide's own packages, kept byte for byte.
KEEP_WHOLE = ("pyodide/", "_pyodide/")
DATE = (2020, 1, 1, 0, 0, 0)
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.AST) -> ast.AST:
    """``tree`` with the docstring of its module, classes and functions taken out
    (a body left empty gets ``pass``)."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or ([] if isinstance(node, ast.Module) else [ast.Pass()])
    return tree


def slim(name: str, source: bytes) -> bytes:
    """A module's source without comments and docstrings (Pyodide's own kept whole)."""
    if name.startswith(KEEP_WHOLE) or not name.endswith(".py"):
        return source
    tree = without_docstrings(ast.parse(source, filename=name))
    return (ast.unparse(tree) + "\n").encode("utf-8")


def compiled(name: str, source: bytes, archive: str) -> bytes:
    """``source`` as the unchecked hash-based ``.pyc`` of ``archive/name`` (its code's file)."""
    code = compile(source, f"{archive}/{name}", "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def stored_name(name: str) -> str:
    """A kept file's name in the built zip: a module's ``.pyc`` in place of its ``.py``."""
    return name + "c" if name.endswith(".py") else name


def folders(names: set[str]) -> set[str]:
    """Every folder entry above the kept files (``asyncio/``, ``zipfile/_path/``)."""
    found = set()
    for name in names:
        parts = name.split("/")[:-1]
        found.update("/".join(parts[:depth]) + "/" for depth in range(1, len(parts) + 1))
    return found


def trim(source: str, target: str, modules: list[str]) -> dict[str, int]:
    """Write ``target`` with the kept files of ``source``, modules compiled; its counts and sizes."""
    files = set(modules)
    keep = files | folders(files)
    written, raw = 0, 0
    with zipfile.ZipFile(source) as pinned, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        missing = files - set(pinned.namelist())
        if missing:
            raise ValueError(f"not in the pinned library: {sorted(missing)}")
        for info in pinned.infolist():
            if info.filename not in keep:
                continue
            data = b"" if info.is_dir() else slim(info.filename, pinned.read(info))
            if info.filename.endswith(".py"):
                data = compiled(info.filename, data, source)
            entry = zipfile.ZipInfo(stored_name(info.filename), date_time=DATE)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            out.writestr(entry, data, compresslevel=9)
            written, raw = written + 1, raw + len(data)
    return {"entries": written, "files": len(files), "uncompressed": raw, "magic": importlib.util.MAGIC_NUMBER.hex()}
