"""Accessibility audit with axe-core (pinned devDependency in package.json,
installed by ``npm ci``; never served to players).

``axe_violations(page)`` injects axe into the current page and returns its
violations as short strings (rule id, impact, first target), ``[]`` when
clean. Pages are opened in contexts with ``bypass_csp=True`` by the caller
only if the page's Content-Security-Policy refuses the injected script.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page, context: str = "document") -> list[str]:
    """Run axe-core on ``context`` (a CSS selector or "document")."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async (sel) => {
          const target = sel === 'document' ? document : document.querySelector(sel);
          const result = await axe.run(target, { resultTypes: ['violations'] });
          return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} node(s), first ${JSON.stringify(v.nodes[0].target)}`);
        }""",
        context,
    )
    return list(found)
