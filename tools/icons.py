"""Render web/icons/icon.svg to the PNG sizes the manifest lists (run by hand
when the icon changes; the PNGs are committed)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        options = {"executable_path": "/usr/bin/chromium"} if os.path.exists("/usr/bin/chromium") else {}
        browser = playwright.chromium.launch(args=["--no-sandbox"], **options)
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>body{{margin:0}}svg{{width:{size}px;height:{size}px;display:block}}</style>{svg}")
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
        browser.close()


if __name__ == "__main__":
    main()
