"""Domino Drop layout guard (P13): the mode picker, the well with its
controls, the pause card, the New game question and the end card fit 360x640,
390x844, 1366x768 and 1920x1080 in every language, with the well and the
controls for the next move in the first screen; axe finds nothing on the start
screen, in play, paused, in the question or on the end card, desktop and phone."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest
from arcade import storage_key, wait_ready
from audit import axe_violations
from club.domino.api import Session
from club.domino.saves import dump as dump_game
from layout import LANGS, SIZES, TEXT_BOXES, card_problems, screen_problems, switch_language
from playwright.sync_api import Page, expect

ROUTE = "#/domino"
BOXES = f"{TEXT_BOXES}, .dd-chip, .dd-opt, .dd-rec dt, .dd-sub"
# Every layout problem on a screen (e2e/layout.py), with this game's text boxes and button rows.
fits = partial(screen_problems, boxes=BOXES, buttons=".dd-card .btn, .dd-confirm .btn, .dd-go, .dd-pause, .dd-rules")
# The open card's buttons narrower than the card's button row (a grid track packed to the end put them in its
# right half): "<label> <width> of <row>" for each, [] when each spans the row.
_NARROW_JS = """() => { const row = [...document.querySelectorAll('dialog[open] .kit-dialog-buttons')].at(-1);
  const s = getComputedStyle(row), room = row.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return [...row.children].filter((b) => b.matches('.btn') && b.getClientRects().length)
    .map((b) => [b.textContent.trim(), b.getBoundingClientRect().width])
    .filter(([, width]) => width < room - 1).map(([label, width]) => `"${label}" ${Math.round(width)} px of ${Math.round(room)}`); }"""
LANES = [["left"] * 3, ["left"], ["right"], ["right"] * 3]  # columns 0, 2, 4, 6 (as in test_domino.py)


def last_tile_save() -> str:
    """A classic Sprint with 27 tiles played by the CPython engine: the next hard drop ends the set (D15)."""
    session = Session()
    session.new({"seed": 5, "mode": "sprint", "set": "classic"})
    for n in range(27):
        for move in LANES[n % 4]:
            session.move({"move": move})
        session.move({"move": "hard"})
    assert session.view({})["tiles_left"] == 0 and not session.view({})["over"]
    return dump_game(replace(session.state, active_ms=45_000))  # a player's pace, so Speed looks like a real one


LAST_TILE = last_tile_save()


def check_language(page: Page, lang: str) -> list[str]:
    """Paused run -> question -> play -> end card -> mode picker, in one language."""
    problems = fits(page, f"{lang} paused", [".dd-card"])
    problems += [f"{lang} paused: {narrow}" for narrow in page.evaluate(_NARROW_JS)]
    page.locator(".dd-card .btn").nth(1).click()  # New game
    expect(page.locator(".dd-confirm")).to_be_visible()
    problems += fits(page, f"{lang} confirm new game", [".dd-confirm"])
    page.keyboard.press("Escape")
    page.click(".dd-card .btn.primary")  # resume
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    problems += fits(page, f"{lang} play", [".dd-well", ".dd-key-left", ".dd-key-right", ".dd-key-hard", ".dd-key-cw",
                                            ".dd-pause", ".dd-hud"])
    scroll = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    if scroll > 0:  # P13: the game in play is one screen (it scrolled by 9 px at 360x640)
        problems.append(f"{lang} play: the page scrolls by {scroll} px")
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'over'")
    page.wait_for_function("document.querySelector('.dd-end').dataset.armed === '1'")
    problems += fits(page, f"{lang} end card", [".dd-card"])
    problems += [f"{lang} end card: {problem}" for problem in card_problems(page)]  # every action without a scroll
    problems += [f"{lang} end card: {narrow}" for narrow in page.evaluate(_NARROW_JS)]  # one column across the card
    page.locator(".dd-card .kit-dialog-buttons .btn").nth(1).click()  # change mode (the Daily Club's buttons come before)
    expect(page.locator(".dd-start")).to_be_visible()
    problems += fits(page, f"{lang} mode picker", [".dd-go"])
    return problems


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_domino_fits_every_screen_and_language(contexts, size: tuple[int, int], boot) -> None:
    """P13: no text wider than its box (RU chip 'Спринт · Классичес…'), no wrapped button, no
    sideways scroll; well, pad and pause in the first screen; the pause card, the New game question,
    the end card and the mode picker fit too, the cards' buttons across their width: en, it, de, ru."""
    width, height = size
    phone = width < 500
    page = contexts.page(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                         reduced_motion="reduce")
    boot(page, ROUTE)
    problems = []
    for lang in [*LANGS[1:], LANGS[0]]:  # every language is a switch (the page starts in English)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("domino", "run"), LAST_TILE])
        switch_language(page, lang)  # mounts again: the stored run comes back paused (D18)
        problems += check_language(page, lang)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_domino_has_no_axe_violations(contexts, device: str, boot) -> None:
    """P11: axe-core finds nothing (definition-list was serious on the start screen's records)
    on the mode picker, in play, paused, in the New game question and on the end card."""
    options = {"viewport": {"width": 1280, "height": 800}} if device == "desktop" else {
        "viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    page = contexts.page(reduced_motion="reduce", **options)
    boot(page, ROUTE)
    found = [f"mode picker: {v}" for v in axe_violations(page)]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("domino", "run"), LAST_TILE])
    page.reload()
    wait_ready(page)
    found += [f"paused: {v}" for v in axe_violations(page)]
    page.locator(".dd-card .btn").nth(1).click()
    expect(page.locator(".dd-confirm")).to_be_visible()
    found += [f"question: {v}" for v in axe_violations(page)]
    page.keyboard.press("Escape")
    page.click(".dd-card .btn.primary")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    found += [f"play: {v}" for v in axe_violations(page)]  # the last tile falls slowly meanwhile (800 ms a row)
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'over'")
    page.wait_for_function("document.querySelector('.dd-end').dataset.armed === '1'")
    found += [f"end card: {v}" for v in axe_violations(page)]
    assert found == []
