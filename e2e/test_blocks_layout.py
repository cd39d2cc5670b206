"""Layout guard for 6E Club Game (P13): at 360x640, 390x844, 1366x768 and
1920x1080, in English, Italian, German and Russian, the page, the New run
confirmation and the game-over screen fit: no sideways scroll, no text wider
than its box, and what the next move needs is on the first screen. axe finds
no violation on the three screens on a desktop and on a phone.

One page per kind of screen (a phone's two sizes, a desktop's two), each screen checked at both
of its sizes by resizing the page in place. The run shown is a crafted save from the CPython engine
(the test hook) with the widest HUD: a five-digit score, the +100 % streak bonus,
twelve Crowns. It is written into storage before each language is chosen in
#lang-select, which mounts the page again on it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from arcade import storage_key
from audit import axe_violations
from club.blocks import conform
from club.blocks.api import Session, start
from layout import DEVICES, LANGS, TEXT_BOXES, card_problems, each_size, outside_first_screen, overflow_report
from playwright.sync_api import Page, expect

RUN = storage_key("blocks", "run")
STRINGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
STUCK = ".xx.x/xx.xx./x.xx.xx/.xx.xx.x/xx.xx.xx./.xx.xx.x/x.xx.xx/xx.xx./.xx.x"  # no pair fits
AUDITED = {(1366, 768), (390, 844)}  # axe on a desktop and on a phone

# A run in progress (drops made, so New run asks) whose last piece, the single,
# ends it when dropped on 0:-4: the pair never fits and the re-deal is spent.
LAST_DROP = start(replace(conform.load(f"{STUCK} 0:0|0:0,1:0|- 98765 4 5 12 0"), drops=40), seed=3)
PLAY = [".bk-board", ".bk-tray", ".bk-slot", ".bk-redeal"]


def choose_language(page: Page, lang: str) -> None:
    """Store the crafted run, pick the language; wait for the page mounted again in it."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [RUN, LAST_DROP])
    new_run = json.loads((STRINGS / f"blocks.{lang}.json").read_text())["blocks.newRun"]
    page.select_option("#lang-select", lang)
    page.wait_for_function(
        """([lang, text]) => document.documentElement.lang === lang
          && document.getElementById('app').getAttribute('aria-busy') === 'false'
          && document.querySelector('.bk-new')?.textContent === text
          && document.querySelector('.bk-score')?.dataset.score === '98765'""",
        arg=[lang, new_run],
    )


def cell_centre(page: Page, cell: str) -> tuple[float, float]:
    box = page.locator(f'.bk-cell[data-cell="{cell}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def screen_problems(page: Page, where: str, needed: list[str]) -> list[str]:
    """Text wider than its box (the streak line's too) and what the next move needs off the first screen."""
    found = overflow_report(page, f"{TEXT_BOXES}, .bk-streak") + outside_first_screen(page, needed)
    return [f"{where}: {problem}" for problem in found]


def streak_problems(page: Page, where: str) -> list[str]:
    """The streak line has a fixed height (it must never move the board): its text fits it."""
    box = page.eval_on_selector(".bk-streak", "s => [s.scrollHeight, s.clientHeight, s.scrollWidth, s.clientWidth]")
    return [] if box[0] <= box[1] + 1 and box[2] <= box[3] + 1 else [f"{where}: the streak's text {box} overflows it"]


def audit(page: Page, where: str, size: tuple[int, int], lang: str) -> list[str]:
    return [f"{where}: axe: {v}" for v in axe_violations(page)] if size in AUDITED and lang == "en" else []


@pytest.mark.parametrize("device", list(DEVICES))
def test_blocks_fits_every_size_and_language(contexts, device: str, boot) -> None:
    """Each screen in each language checked at the device's two sizes, the page resized in place."""
    page = contexts.page(viewport=dict(zip(("width", "height"), DEVICES[device][0], strict=True)))
    boot(page, "#/blocks")
    problems: list[str] = []
    for lang in [*LANGS[1:], LANGS[0]]:  # English last: the first choice must be a change
        choose_language(page, lang)
        expect(page.locator(".bk-streak")).to_be_visible()

        def play(size: tuple[int, int], lang: str = lang) -> list[str]:
            where = f"{lang} {size[0]}x{size[1]} play"
            return (streak_problems(page, where) + screen_problems(page, where, PLAY)
                    + audit(page, where, size, lang))

        problems += each_size(page, DEVICES[device], play)

        page.click(".bk-new")  # the run is in progress: it asks first
        dialog = page.locator("dialog.bk-confirm")
        expect(dialog).to_be_visible()

        def confirm(size: tuple[int, int], lang: str = lang) -> list[str]:
            where = f"{lang} {size[0]}x{size[1]} New run?"
            return screen_problems(page, where, ["dialog.bk-confirm", ".bk-keep", ".bk-yes"]) + audit(page, where, size, lang)

        problems += each_size(page, DEVICES[device], confirm)
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)

        page.click('.bk-slot[data-slot="0"]')
        page.mouse.click(*cell_centre(page, "0:-4"))  # the last fitting piece: game over (B15)
        expect(page.locator(".bk-over")).to_be_visible()

        def over(size: tuple[int, int], lang: str = lang) -> list[str]:
            where = f"{lang} {size[0]}x{size[1]} end card"
            return (screen_problems(page, where, ["dialog.bk-over", ".bk-again"])  # the kit dialog is the card
                    + [f"{where}: {problem}" for problem in card_problems(page)]  # every action without a scroll (P13)
                    + audit(page, where, size, lang))

        problems += each_size(page, DEVICES[device], over)
    assert problems == [], "\n".join(problems)


# Each slot's height on screen, and the height the tray keeps before its first deal (--slot-height).
SLOT_HEIGHTS = """() => [[...document.querySelectorAll('.bk-slot')].map((s) => s.getBoundingClientRect().height),
  parseFloat(getComputedStyle(document.querySelector('.bk-tray')).getPropertyValue('--slot-height'))]"""


def test_the_tray_keeps_one_height_whatever_it_holds(page: Page, boot) -> None:
    """P13: a tall piece (seed 4's third spans four rows) is drawn inside its slot, not taller: the
    tray keeps the height it had before its first deal, so nothing under it moves from deal to deal."""
    boot(page, "#/blocks", storage={RUN: Session().new_run({"seed": 4})["save"]})
    for width, height in ((360, 640), (390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        slots, kept = page.evaluate(SLOT_HEIGHTS)
        assert slots == [kept] * 3, f"at {width}x{height}"
