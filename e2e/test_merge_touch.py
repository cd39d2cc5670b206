"""Merge by touch on a phone (M12, M13, M6): a tap places the piece and leaves no faint copy of it anywhere (a preview
is the aim of a mouse, a drag or the keyboard's marker, never of a finished tap), and a round that ends with free
cells on the board says why on its end card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from arcade import settings, storage_key
from club.merge import saves as persist
from club.merge.board import CELLS
from club.merge.notation import board_from_cells as B
from club.merge.notation import parse
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
RUN = storage_key("merge", "run")
DRAWN = """() => ({
  preview: document.querySelectorAll('.hm-layer-preview > *').length,
  target: document.querySelectorAll('.hm-layer-target > *').length,
  stones: document.querySelectorAll('.hm-layer-stones .hm-stone').length,
})"""


def save_of(position: str) -> str:
    return persist.dump(persist.Run(parse(position)))


def settled(page: Page) -> None:
    page.wait_for_function("(el => el && el.dataset.busy !== '1' && el.dataset.anim !== '1')(document.querySelector('.hm'))")


def moves(page: Page) -> int:
    settled(page)
    return int(page.locator(".hm-moves .value").inner_text())


# how the player came to the board -> what gave it the focus first
ARRIVALS = {"the Daily button, tapped": ".hm-daily", "a fresh page": None, "the keyboard's Tab, then a finger": "Tab"}


@pytest.mark.parametrize("arrival", ARRIVALS, ids=list(ARRIVALS))
def test_a_tap_leaves_no_faint_piece(phone: Page, boot, arrival: str) -> None:
    boot(phone, "#/merge")
    expect(phone.locator(".hm-board")).to_be_visible()
    if ARRIVALS[arrival] == "Tab":  # the keyboard's marker comes (M12), and a finger's tap takes the aim back
        for _ in range(20):
            phone.keyboard.press("Tab")
            if phone.evaluate("document.activeElement.classList.contains('hm-board')"):
                break
        expect(phone.locator(".hm-layer-target > *")).not_to_have_count(0)
    elif ARRIVALS[arrival]:  # the page after it gives the board the focus (P11): no keyboard marker for a finger
        phone.locator(ARRIVALS[arrival]).tap()
        phone.wait_for_function("document.activeElement?.classList.contains('hm-board')")
    for _ in range(4):
        before = moves(phone)
        for cell in (str(c) for c in CELLS):
            if phone.locator(f'.hm-layer-stones .hm-stone[data-cell="{cell}"]').count():
                continue
            phone.locator(f'.hm-cell[data-cell="{cell}"]').tap(force=True)
            if moves(phone) == before + 1:
                break
        assert moves(phone) == before + 1
        phone.wait_for_timeout(900)  # a refused tap's outline (700 ms) and a move's refresh would be gone or drawn
        drawn = phone.evaluate(DRAWN)
        assert drawn["preview"] == 0 and drawn["target"] == 0, (cell, drawn)  # no faint stone, no marker


def full_except(*holes: str) -> str:
    return " ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in CELLS if str(c) not in holes)


# the last move, the language -> what the card says
ENDS = {
    "four free cells apart, a pair next, in English": (("-3:0", "0:-3", "3:0", "0:3", "0:0"), "2 2-2", "en",
                                                       "merge.ended.no-pair-room"),
    "the last cell, in German": (("0:0",), "2 2", "de", "merge.ended.full"),
}


@pytest.mark.parametrize("case", ENDS, ids=list(ENDS))
def test_the_end_card_says_why_the_round_ended(phone: Page, boot, case: str) -> None:
    holes, pieces, lang, key = ENDS[case]
    said = json.loads((ROOT / f"web/i18n/merge.{lang}.json").read_text())[key]
    # the centre cell is free too: the tap there leaves the rest (which, for a pair, has no two neighbours free)
    boot(phone, "#/merge", storage={RUN: save_of(f"{B(full_except(*holes))} {pieces} 40 30"), **settings(lang)})
    expect(phone.locator(".hm-board")).to_be_visible()
    settled(phone)
    phone.locator('.hm-cell[data-cell="0:0"]').tap(force=True)
    card = phone.locator("dialog.hm-over")
    expect(card).to_be_visible(timeout=30_000)
    why = card.locator(".hm-over-why")
    expect(why).to_have_text(said)
    expect(why).to_be_in_viewport()
    box = why.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
