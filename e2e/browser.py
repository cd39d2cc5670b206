"""Which Chromium the e2e tests drive, found without root (P18).

In this order: Debian's ``/usr/bin/chromium`` (what ``.ci/run`` installs),
Playwright's own bundled browser, and otherwise ``python -m playwright
install chromium``. When all three fail, :func:`find_chromium` raises
:class:`NoBrowser` with one sentence saying what to install; ``make test``
runs ``python e2e/browser.py`` first, so it stops with that sentence before
any test starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
ADVICE = (
    "No Chromium for the browser tests: install Debian's package (`sudo apt-get install chromium`) "
    "or let Playwright fetch its own (`.venv/bin/python -m playwright install chromium`), then run make test again."
)


class NoBrowser(RuntimeError):
    """Neither a system Chromium nor Playwright's bundled one can be had."""


def bundled_chromium() -> Path | None:
    """Playwright's own Chromium, when it has been downloaded."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        path = Path(playwright.chromium.executable_path)
    return path if path.is_file() else None


def find_chromium(install: bool = True) -> Path:
    """The Chromium to launch: system first, then bundled, then a fresh install."""
    override = os.environ.get("CLUB_CHROMIUM")
    if override and Path(override).is_file():
        return Path(override)
    if SYSTEM_CHROMIUM.is_file():
        return SYSTEM_CHROMIUM
    found = bundled_chromium()
    if found is None and install:
        done = subprocess.run(
            [sys.executable, "-m", "playwright", "install", "chromium"], capture_output=True, text=True, check=False
        )
        found = bundled_chromium() if done.returncode == 0 else None
    if found is None:
        raise NoBrowser(ADVICE)
    return found


if __name__ == "__main__":
    try:
        print(f"e2e browser: {find_chromium()}")
    except NoBrowser as error:
        print(error, file=sys.stderr)
        sys.exit(1)
