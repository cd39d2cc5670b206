"""Accessibility (P11): axe-core finds nothing on the home screen and on
every Rules page, at desktop and phone size, in English and Russian. Each game's
own route, dialogs and end screens are audited in that game's e2e files."""

from __future__ import annotations

import pytest
from arcade import settings, wait_ready
from audit import axe_violations

# route -> the section the router mounts for it
ROUTES = {"#/": "section.view-home", **{f"#/rules/{g}": f"section.view-rules.game-{g}" for g in ("blocks", "domino", "merge", "bowls")}}
SCREENS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("screen", SCREENS)
def test_shell_routes_have_no_axe_violation(contexts, server_url: str, screen: str, lang: str, boot) -> None:
    # bypass_csp (the pool's default): axe is injected by the test, which the page's CSP rightly refuses.
    page = contexts.page(viewport=SCREENS[screen], has_touch=screen == "phone")
    boot(page, "#/", settings(lang, motion="reduce"))
    found = {}
    for route, section in ROUTES.items():
        page.goto(server_url + route)  # in the document: only the route changes
        wait_ready(page)
        page.wait_for_selector(section)
        found[route] = axe_violations(page)
    assert {route: v for route, v in found.items() if v} == {}
