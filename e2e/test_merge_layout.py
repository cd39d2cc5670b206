"""Hex Merge layout guard (P13): the round, its slots, settings, the three
confirm questions and the game-over screen fit 360x640, 390x844, 1366x768 and
1920x1080 in every language, with the board and the piece to place in the first
screen; axe finds nothing on the page or its dialogs, desktop and phone. One page
per kind of screen (a phone, a desktop), each screen checked at both of its sizes."""

from __future__ import annotations

import pytest
from arcade import storage_key
from audit import axe_violations
from club.merge import saves as persist
from club.merge.board import CELLS
from club.merge.notation import board_from_cells as B
from club.merge.notation import parse
from layout import DEVICES, LANGS, card_problems, device_page, each_size, game_check, switch_language
from playwright.sync_api import Page, expect

ROUTE = "#/merge"
# Every layout problem on a screen (e2e/layout.py), with this game's text boxes and button rows.
screen_problems_at = game_check(".hm-mode, .hm-slot-info", buttons=".hm-tools .btn, .hm-confirm .kit-dialog-buttons .btn, .hm-over .kit-dialog-buttons .btn")
# One hole at 0:0 and a 2 to place there: the next placement ends the round (M6)
# without a merge (no two equal neighbours around 0:0 in this pattern).
FULL = B(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) != "0:0"))
LAST_MOVE = persist.dump(persist.Run(parse(f"{FULL} 2 2 50 36")))
# A fresh board whose next piece is a pair: the next piece's smallest drawing (M2, M3: its stones are 2, 4 or 8).
NEXT_PAIR = persist.dump(persist.Run(parse(f"{B('')} 2 8-8 0 0")))
NEXT_MIN_PX = 12  # the next piece's numbers, rendered: no smaller than the tray's own labels (11.5 px)
RENDERED_NEXT = """() => [...document.querySelectorAll('.hm-next-art .hm-num')]
  .map((n) => parseFloat(getComputedStyle(n).fontSize) * n.getScreenCTM().a)"""


def check_language(page: Page, lang: str, sizes: list[tuple[int, int]]) -> list[str]:
    """The round, then every dialog, in one language, each screen at each of ``sizes`` (the page
    resized in place); the page is left with a finished round."""

    def fits(page: Page, where: str, first_screen: list[str]) -> list[str]:
        return each_size(page, sizes, lambda size: screen_problems_at(page, f"{where} {size[0]}x{size[1]}", first_screen))

    problems = []
    if page.locator(".hm-over").is_visible():  # the last language's round ended
        page.click(".hm-again")
    page.locator('.hm-cell[data-cell="0:0"]').click()  # a round in progress (fresh board: 0:0 is free)
    expect(page.locator(".hm-moves .value")).to_have_text("1")
    problems += fits(page, f"{lang} round", [".hm-board", ".hm-current"])
    page.click(".hm-slots-btn")
    expect(page.locator(".hm-slots")).to_be_visible()  # opens with the engine's slot summaries
    problems += fits(page, f"{lang} slots", [".hm-slots"])
    page.locator('.hm-slot[data-slot="1"] .hm-slot-load').click()
    confirm = page.locator(".hm-confirm")
    expect(confirm).to_be_visible()  # a round in progress: loading over it asks first
    problems += fits(page, f"{lang} confirm load", [".hm-confirm"])
    confirm.locator(".hm-confirm-yes").click()
    expect(page.locator(".hm-slots")).to_be_hidden()
    page.click(".hm-new")
    expect(confirm).to_be_visible()
    problems += fits(page, f"{lang} confirm new round", [".hm-confirm"])
    page.keyboard.press("Escape")
    page.click(".hm-slots-btn")
    page.locator('.hm-slot[data-slot="1"] .hm-slot-save').click()
    expect(confirm).to_be_visible()
    problems += fits(page, f"{lang} confirm overwrite", [".hm-confirm"])
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.click(".hm-settings-btn")
    problems += fits(page, f"{lang} settings", [".hm-settings"])
    page.keyboard.press("Escape")
    page.locator('.hm-cell[data-cell="0:0"]').click()
    expect(page.locator(".hm-over")).to_be_visible()
    problems += each_size(page, sizes, lambda size: [  # and every action without a scroll
        *screen_problems_at(page, f"{lang} game over {size[0]}x{size[1]}", [".hm-over"]),
        *(f"{lang} game over {size[0]}x{size[1]}: {problem}" for problem in card_problems(page))])
    page.keyboard.press("Escape")
    return problems


@pytest.mark.parametrize("device", list(DEVICES))
def test_merge_fits_every_screen_and_language(contexts, device: str, boot) -> None:
    """P13: no text wider than its box, no wrapped button (New round at 1920 px, Tap again at 1280 px),
    no sideways scroll; the board and the piece to place in the first screen; the next pair's numbers
    rendered at 12 px or more; slots, confirm questions, settings and game over fit too: en, it, de, ru,
    at the device's two sizes (the page resized in place)."""
    page = device_page(contexts, device, reduced_motion="reduce")
    boot(page, ROUTE, {storage_key("merge", "run"): NEXT_PAIR})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("merge", "slot/1"), LAST_MOVE])
    expect(page.locator(".hm-next-art .hm-num")).to_have_count(2)
    # P13: the next pair's numbers legible (they were 11.3 px at 360x640)
    problems = each_size(page, DEVICES[device], lambda size: [
        f"{size[0]}x{size[1]}: next piece's number {px:.1f} px < {NEXT_MIN_PX}"
        for px in page.evaluate(RENDERED_NEXT) if px < NEXT_MIN_PX])
    for lang in [*LANGS[1:], LANGS[0]]:  # start with a switch away from English, end back in it
        switch_language(page, lang)
        problems += check_language(page, lang, DEVICES[device])
    assert problems == [], "\n".join(problems)


def _axe_all(page: Page) -> list[str]:
    found = [f"round: {v}" for v in axe_violations(page)]
    for opener, dialog in ((".hm-slots-btn", ".hm-slots"), (".hm-settings-btn", ".hm-settings"), (".hm-new", ".hm-confirm")):
        page.click(opener)
        expect(page.locator(dialog)).to_be_visible()
        found += [f"{dialog}: {v}" for v in axe_violations(page)]
        page.keyboard.press("Escape")
    page.locator('.hm-cell[data-cell="0:0"]').click()
    expect(page.locator(".hm-over")).to_be_visible()
    found += [f"game over: {v}" for v in axe_violations(page)]
    return found


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_merge_has_no_axe_violations(contexts, device: str, boot) -> None:
    """P11: axe-core finds nothing on #/merge (label-content-name-mismatch on the tray piece was
    serious at phone size), nor in the slots, settings, confirm and game-over dialogs."""
    options = {"viewport": {"width": 1280, "height": 800}} if device == "desktop" else {
        "viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    page = contexts.page(reduced_motion="reduce", **options)
    boot(page, ROUTE, {storage_key("merge", "run"): LAST_MOVE})
    assert _axe_all(page) == []
