"""The Content-Security-Policy's hashes of a page's inline scripts (P3, index.html).

The policy allows no inline script but the ones whose SHA-256 it lists: the boot's
watchdog in ``index.html`` runs when no module does. A change of the script's text
changes its hash, so the policy is written from the page itself: ``with_inline_hashes``
(``tools/build.py`` for the published site, whose HTML is slimmed), and
``python tools/csp.py index.html`` after an edit of the watchdog
(``tests/test_platform.py`` fails while the source's policy is stale).
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
from pathlib import Path

#: An inline script: a <script> tag without attributes, its text as the browser hashes it.
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
#: The policy's meta tag, its content's script-src directive apart.
SCRIPT_SRC = re.compile(r'(<meta http-equiv="Content-Security-Policy" content="[^"]*?script-src)([^;"]*)')
HASH_SOURCE = re.compile(r"\s*'sha256-[A-Za-z0-9+/=]+'")


def inline_hashes(html: str) -> list[str]:
    """The CSP sources of ``html``'s inline scripts, in order.

    >>> inline_hashes("<head><script>alert(1)</script></head>")
    ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
    """
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
            for body in INLINE_SCRIPT.findall(html)]


def with_inline_hashes(html: str) -> str:
    """``html`` whose policy lists exactly its inline scripts' hashes, after ``'self'``.

    >>> policy = "default-src 'self'; script-src 'self' 'sha256-old=' 'wasm-unsafe-eval'; style-src 'self'"
    >>> page = f'<meta http-equiv="Content-Security-Policy" content="{policy}"><script>alert(1)</script>'
    >>> with_inline_hashes(page).split('"')[3]
    "default-src 'self'; script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' 'wasm-unsafe-eval'; style-src 'self'"
    """
    hashes = "".join(f" {source}" for source in inline_hashes(html))

    def written(match: re.Match[str]) -> str:
        sources = HASH_SOURCE.sub("", match.group(2))
        assert sources.startswith(" 'self'"), f"script-src starts with 'self': {match.group(0)}"
        rest = sources.removeprefix(" 'self'")
        return f"{match.group(1)} 'self'{hashes}{rest}"

    written_html, count = SCRIPT_SRC.subn(written, html, count=1)
    assert count == 1, "the page has no script-src"
    return written_html


def main(argv: list[str]) -> int:
    for name in argv:
        path = Path(name)
        path.write_text(with_inline_hashes(path.read_text()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
