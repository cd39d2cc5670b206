"""Domino Drop layout guard (P13): the mode picker, the well with its
controls, the pause card, the New game question and the end card fit 360x640,
390x844, 1366x768 and 1920x1080 in every language, with the well and the
controls for the next move in the first screen; axe finds nothing on the start
screen, in play, paused, in the question or on the end card, desktop and phone. One page
per kind of screen (a phone, a desktop), each screen checked at both of its sizes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arcade import storage_key, wait_ready
from audit import axe_violations
from club.domino.api import Session
from club.domino.saves import dump as dump_game
from layout import DEVICES, LANGS, card_problems, device_page, each_size, game_check, switch_language
from playwright.sync_api import Page, expect

ROUTE = "#/domino"
# Every layout problem on a screen (e2e/layout.py), with this game's text boxes and button rows.
screen_problems_at = game_check(".dd-chip, .dd-opt, .dd-rec dt, .dd-sub", buttons=".dd-card .btn, .dd-confirm .btn, .dd-go, .dd-pause, .dd-rules")
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


def check_language(page: Page, lang: str, sizes: list[tuple[int, int]]) -> list[str]:
    """Paused run -> question -> play -> end card -> mode picker, in one language, each screen at
    each of ``sizes`` (the page resized in place)."""

    def fits(where: str, first_screen: list[str], *more) -> list[str]:
        """The screen's problems at each size; ``more``: further checks, each a function of ``where``."""
        def at(size: tuple[int, int]) -> list[str]:
            named = f"{lang} {where} {size[0]}x{size[1]}"
            return screen_problems_at(page, named, first_screen) + [p for check in more for p in check(named)]
        return each_size(page, sizes, at)

    def narrow(where: str) -> list[str]:  # the card's buttons across its width
        return [f"{where}: {button}" for button in page.evaluate(_NARROW_JS)]

    def scrolls(where: str) -> list[str]:  # P13: the game in play is one screen (it scrolled by 9 px at 360x640)
        scroll = page.evaluate("document.documentElement.scrollHeight - innerHeight")
        return [f"{where}: the page scrolls by {scroll} px"] if scroll > 0 else []

    def whole(where: str) -> list[str]:  # every action without a scroll
        return [f"{where}: {problem}" for problem in card_problems(page)]

    problems = fits("paused", [".dd-card"], narrow)
    page.locator(".dd-card .btn").nth(1).click()  # New game
    expect(page.locator(".dd-confirm")).to_be_visible()
    problems += fits("confirm new game", [".dd-confirm"])
    page.keyboard.press("Escape")
    page.click(".dd-card .btn.primary")  # resume
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    problems += fits("play", [".dd-well", ".dd-key-left", ".dd-key-right", ".dd-key-hard", ".dd-key-cw", ".dd-pause", ".dd-hud"],
                     scrolls)
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'over'")
    page.wait_for_function("document.querySelector('.dd-end').dataset.armed === '1'")
    problems += fits("end card", [".dd-card"], whole, narrow)  # one column across the card
    page.locator(".dd-card .kit-dialog-buttons .btn").nth(1).click()  # change mode (the Daily Club's buttons come before)
    expect(page.locator(".dd-start")).to_be_visible()
    problems += fits("mode picker", [".dd-go"])
    return problems


@pytest.mark.parametrize("device", list(DEVICES))
def test_domino_fits_every_screen_and_language(contexts, device: str, boot) -> None:
    """P13: no text wider than its box (RU chip 'Спринт · Классичес…'), no wrapped button, no
    sideways scroll; well, pad and pause in the first screen; the pause card, the New game question,
    the end card and the mode picker fit too, the cards' buttons across their width: en, it, de, ru,
    at the device's two sizes (the page resized in place)."""
    page = device_page(contexts, device, reduced_motion="reduce")
    boot(page, ROUTE)
    problems = []
    for lang in [*LANGS[1:], LANGS[0]]:  # every language is a switch (the page starts in English)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("domino", "run"), LAST_TILE])
        switch_language(page, lang)  # mounts again: the stored run comes back paused (D18)
        problems += check_language(page, lang, DEVICES[device])
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
