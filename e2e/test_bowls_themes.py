"""Themes and achievements through the real page (W24, W25).

An achievement earned in Endless opens Garden with a toast; the gallery is
open to anyone with the locked themes marked; the choice is saved. Then a
screenshot of every theme on the same position goes to ``test-results/``
(the visual record of the seven sets; colours and signs must look the same).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade import BOOT_TIMEOUT_MS, storage_key
from club.bowls.achievements import ACHIEVEMENTS, THEMES
from club.bowls.api import Session
from club.bowls.profile import load as load_profile
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"
RESULTS = Path(__file__).resolve().parent.parent / "test-results"
# Every stone kind and every modifier, no ready match: the screenshots' board.
SHOWCASE = "RGB/YP/JX[i]/RRG[v]/BBY/PJ[r2]/G/YYX/-/RB/PG/B 0 0"


def idle(page: Page) -> None:
    """The page is live (not "starting": after a reload that is the engine's boot), has
    applied every answer asked for (not "busy": the engine answers from a worker) and no
    move is animating."""
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; })()",
        timeout=BOOT_TIMEOUT_MS,
    )


def stored_profile(page: Page) -> dict:
    """The stored profile as the engine reads it (a club.save envelope)."""
    return load_profile(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")) or "")


def endless_save(position: str) -> str:
    session = Session()
    session.new({"mode": "endless", "seed": 11, "position": position})
    return session.save({})


def test_gallery_is_open_to_anyone_with_locked_themes_marked(page: Page, boot) -> None:  # W24
    boot(page, "#/bowls")
    expect(page.locator(".bw-mode-themes")).to_contain_text("1 of 7 open")
    page.click(".bwt-open")
    tiles = page.locator(".bwt-tile")
    expect(tiles).to_have_count(7)
    expect(page.locator(".bwt-tile h3")).to_have_text(["Simple", "Garden", "Sand", "Ocean", "Runes", "Neon", "Space"])
    expect(page.locator(".bwt-tile.locked")).to_have_count(6)
    expect(page.locator(".bwt-tile[data-theme='simple'] .bwt-in-use")).to_have_text("✓ In use")
    expect(page.locator(".bwt-tile[data-theme='garden'] .bwt-lock")).to_have_text("Locked: 1 more achievement")
    expect(page.locator(".bwt-tile[data-theme='space'] .bwt-lock")).to_have_text("Locked: 6 more achievements")
    # The padlock is drawn, not an emoji (an empty box without an emoji font).
    expect(page.locator(".bwt-tile.locked .bwt-lock svg.bwt-lock-icon")).to_have_count(6)
    assert page.locator(".bwt-lock svg").first.bounding_box()["width"] >= 10
    texts = page.locator(".bwt-gallery").inner_text()
    assert not re.search("[\U0001F000-\U0001FAFF]", texts), texts
    expect(page.locator(".bwt-use")).to_have_count(0)  # nothing locked can be used
    expect(page.locator(".bwt-ach-list li")).to_have_count(7)
    page.keyboard.press("Escape")
    expect(page.locator(".bwt-gallery")).to_have_count(0)
    assert page.errors == []


def test_combo_in_endless_unlocks_garden_with_a_toast(page: Page, boot) -> None:  # W13, W24, W25
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls", storage={storage_key("bowls", "run"): endless_save("-/-/-/-/-/BYR/BB/YY/RR/G/-/- 0 0")})
    idle(page)
    page.click(".bw-bowl[data-bowl='5']")
    page.click(".bw-sow")  # three matching bowls: the first x2-or-more combo
    idle(page)
    toast = page.locator(".bwt-toast.show")
    expect(toast).to_contain_text("Achievement: First ×2 combo")
    expect(toast).to_contain_text("New theme unlocked: Garden")
    assert stored_profile(page)["achievements"] == ["combo2"]
    page.click(".bw-pause")
    expect(page.locator(".bw-mode-themes")).to_contain_text("2 of 7 open")
    page.click(".bwt-open")
    expect(page.locator(".bwt-tile.locked")).to_have_count(5)
    page.click(".bwt-use[data-theme='garden']")
    expect(page.locator(ROOT)).to_have_class(re.compile(r"\bbowls-theme-garden\b"))
    expect(page.locator(".bwt-tile[data-theme='garden'] .bwt-in-use")).to_be_visible()
    assert stored_profile(page)["theme"] == "garden"
    page.reload()  # the choice is saved (W25)
    idle(page)
    expect(page.locator(ROOT)).to_have_class(re.compile(r"\bbowls-theme-garden\b"))
    assert page.errors == []


def luminance(colour: str) -> float:
    channels = [int(v) / 255 for v in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def assert_numbers_readable(page: Page, theme: str) -> None:
    """Bowl numbers 1-12: light text on a dark halo, at least 10 px tall, in every theme."""
    numbers = page.eval_on_selector_all(".bw-ring .bw-num", """els => els.map(e => {
      const s = getComputedStyle(e); const r = e.getBoundingClientRect();
      return [e.textContent, s.fill, s.stroke, parseFloat(s.strokeWidth), r.height, s.display, s.opacity]; })""")
    assert [n[0] for n in numbers] == [str(b) for b in range(1, 13)], theme
    for text, fill, stroke, width, height, display, opacity in numbers:
        light, dark = sorted((luminance(fill), luminance(stroke)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 7, (theme, text, fill, stroke)
        assert width >= 2 and height >= 10 and display != "none" and float(opacity) == 1, (theme, text)


def test_every_theme_screenshot(page: Page, boot) -> None:  # W24: real visual sets, same colours and signs
    page.emulate_media(reduced_motion="reduce")
    everything = {"version": 1, "best": {}, "daily": {}, "played": {}, "achievements": list(ACHIEVEMENTS)}
    boot(page, "#/bowls", storage={storage_key("bowls", "profile"): json.dumps(everything),
                                   storage_key("bowls", "run"): endless_save(SHOWCASE)})
    idle(page)
    RESULTS.mkdir(exist_ok=True)
    fills: dict[str, list[str]] = {}
    for name in THEMES:
        page.click(".bw-pause")
        page.click(".bwt-open")
        if name != "simple" or page.locator(".bwt-use[data-theme='simple']").count():
            page.click(f".bwt-use[data-theme='{name}']")
        expect(page.locator(f".bwt-tile[data-theme='{name}'] .bwt-in-use")).to_be_visible()
        page.keyboard.press("Escape")
        page.click(".bw-mode-endless .bw-continue")
        idle(page)
        expect(page.locator(ROOT)).to_have_class(re.compile(rf"\bbowls-theme-{name}\b"))
        page.screenshot(path=str(RESULTS / f"bowls-theme-{name}.png"))
        # Colours and signs never change: the stones' computed fills are the same in every theme.
        fills[name] = page.eval_on_selector_all(
            ".bw-ring .bw-stone .st-body", "els => els.map(e => getComputedStyle(e).fill)")
        signs = page.eval_on_selector_all(".bw-ring .bw-stone:not(.st-X) .st-sign", "els => els.map(e => getComputedStyle(e).fill)")
        assert set(signs) == {"rgb(255, 255, 255)"}
        assert_numbers_readable(page, name)
    assert all(fills[name] == fills["simple"] for name in THEMES)
    assert len(set(fills["simple"])) == 7  # five colours, the joker's gradient, the blocker
    assert stored_profile(page)["theme"] == "space"
    assert page.errors == []
