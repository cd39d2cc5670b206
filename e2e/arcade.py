"""Helpers shared by the e2e tests (import as ``from arcade import ...``)."""

from __future__ import annotations

from playwright.sync_api import Page

BOOT_TIMEOUT_MS = 90_000


def wait_ready(page: Page) -> None:
    """Wait until Python has booted and the current route is mounted."""
    page.wait_for_function(
        "document.documentElement.dataset.ready === '1'"
        " && document.getElementById('app').getAttribute('aria-busy') === 'false'",
        timeout=BOOT_TIMEOUT_MS,
    )


def engine_save(game: str, build) -> str:
    """A save made by the CPython engine, for writing into localStorage (test hook)."""
    module = __import__(f"club.{game}.api", fromlist=["Session"])
    session = module.Session()
    return build(session)


def storage_key(game: str, name: str) -> str:
    return f"6e-club/v1/{game}/{name}"
