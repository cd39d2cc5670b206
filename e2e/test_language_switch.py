"""Switching language keeps what the player sees (P12, P4): the header's picker re-mounts the route in the new
language, and

- a finished run's end card comes back with its "New best" (blocks, merge, bowls) or "New record" (domino): the
  badge is a fact of that run, in the engine's view of it, not only of the moment it ended;
- a lesson goes on at the step it showed, over the position it had (not at step 1 of a new lesson).

One page each, the four games in turn, the languages switched both ways (en -> de, de -> en)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade import settings, storage_key, wait_ready
from club.blocks import conform
from club.blocks import lesson as blocks_lesson
from club.blocks.api import start as blocks_start
from club.bowls.api import Session as Bowls
from club.domino.api import Session as Domino
from club.merge.board import CELLS as MERGE_CELLS
from club.merge.notation import board_from_cells
from layout import steady, switch_language
from playwright.sync_api import Page, expect
from test_blocks import STUCK, mouse_drop
from test_merge import centre, save_of, stones

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
FLIPS = {"en": "de", "de": "en"}


def said(game: str, lang: str, key: str) -> str:
    return json.loads((I18N / f"{game}.{lang}.json").read_text(encoding="utf-8"))[key]


def domino_last_tile() -> str:
    """A Sprint hard-dropped until its next drop ends it: the save before that drop (a real run, recorded)."""
    session = Domino()
    session.new({"seed": 4, "mode": "sprint", "set": "classic"})
    save = session.save({})
    while not session.move({"move": "hard"})["view"]["over"]:
        save = session.save({})
    return save


def bowls_last_sow() -> str:
    """An Endless attempt whose next sow at bowl 1 overflows (W12): its first end, a best (W25)."""
    session = Bowls()
    session.new({"mode": "endless", "position": "G/RGBYPRB/-/-/-/-/-/-/-/-/-/- 0 0"})
    return session.save({})


def merge_last_stone() -> str:
    """A full board but for 0:0, a single 2 to place there (M6): the round's end, 40 points over no best."""
    full = board_from_cells(" ".join(f"{c}={(2, 4, 8)[(c.q - c.r) % 3]}" for c in MERGE_CELLS if str(c) != "0:0"))
    return save_of(f"{full} 2 8 40 36")


def finish_blocks(page: Page) -> None:
    mouse_drop(page, 0, "0:-4")  # the last piece that fits (B15)


def finish_domino(page: Page) -> None:
    page.locator(".dd-card .btn.primary").click()  # the run resumes paused (D18): Resume
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    page.keyboard.press("Space")


def finish_merge(page: Page) -> None:
    steady(page)  # the board as the player sees it: refitted to its box a frame after the mount
    page.mouse.click(*centre(page, "0:0"))


def finish_bowls(page: Page) -> None:
    page.locator(".bw-bowl[data-bowl='0']").click()
    page.locator(".bw-bowl[data-bowl='0']").click()  # W22: a second click on the chosen bowl sows


# game: its stored run, the last action through the UI, the end card, its badge, the badge's string
END_CARDS = {
    "blocks": (lambda: blocks_start(conform.load(f"{STUCK} 0:0|0:0,1:0|- 1234 0 0 2 0")), finish_blocks,
               "dialog.bk-over", ".bk-newbest", "blocks.over.newBest"),
    "domino": (domino_last_tile, finish_domino, "dialog.dd-end", ".dd-badge", "domino.over.record"),
    "merge": (merge_last_stone, finish_merge, "dialog.hm-over", ".hm-new-best", "merge.newBest"),
    "bowls": (bowls_last_sow, finish_bowls, "dialog.bw-over", ".bw-newbest", "bowls.over.newBest"),
}


def test_the_end_card_keeps_its_new_best_through_a_language_switch(page: Page, boot, server_url: str) -> None:
    runs = {storage_key(game, "run"): run() for game, (run, *_) in END_CARDS.items()}
    boot(page, "#/", {**settings("en"), **runs})
    lang = "en"
    for game, (_, finish, card, badge, key) in END_CARDS.items():
        page.goto(server_url + f"#/{game}")
        wait_ready(page)
        finish(page)
        expect(page.locator(card).locator(badge)).to_have_text(said(game, lang, key), timeout=15_000)
        lang = FLIPS[lang]
        switch_language(page, lang)
        expect(page.locator(card)).to_be_visible()  # the run over comes back with its card (P4)
        expect(page.locator(card).locator(badge)).to_have_text(said(game, lang, key))
        expect(page.locator(card).locator(badge)).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def step(page: Page, game: str, lang: str, n: int, key: str) -> None:
    card = page.locator(".kit-lesson")
    expect(card).to_have_attribute("data-step", str(n))
    expect(card.locator(".kit-lesson-say")).to_have_text(said(game, lang, f"{game}.lesson.{key}"))


def blocks_lesson_on(page: Page, lang: str) -> None:
    mouse_drop(page, 0, "0:0")
    mouse_drop(page, *blocks_lesson.FILL_TOP)
    step(page, "blocks", lang, 2, "meter")


def blocks_kept(page: Page, lang: str) -> None:
    step(page, "blocks", lang, 2, "meter")
    expect(page.locator(".bk-meter-box")).to_have_attribute("data-meter", "5")  # the row filled before
    page.locator(".kit-lesson-next").click()
    step(page, "blocks", lang, 3, "crown")


def domino_lesson_on(page: Page, lang: str) -> None:
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    page.keyboard.press("ArrowLeft")
    step(page, "domino", lang, 1, "rotate")
    page.keyboard.press("ArrowUp")  # clockwise: upright
    step(page, "domino", lang, 2, "cancel")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "2:0@1")


def domino_kept(page: Page, lang: str) -> None:
    step(page, "domino", lang, 2, "cancel")
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "2:0@1")  # moved and turned before
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".dd-falling")).to_have_attribute("data-at", "0:0@1")
    page.keyboard.press("Space")  # the 6 lands on the 6: both cancel
    step(page, "domino", lang, 3, "score")


def merge_lesson_on(page: Page, lang: str) -> None:
    page.mouse.click(*centre(page, "0:-3"))
    step(page, "merge", lang, 1, "merge")
    page.mouse.click(*centre(page, "0:1"))
    step(page, "merge", lang, 2, "rotate")


def merge_kept(page: Page, lang: str) -> None:
    step(page, "merge", lang, 2, "rotate")
    assert stones(page)["0:1"] == "4"  # the merge made before
    page.locator(".hm-rotate-cw").click()
    step(page, "merge", lang, 3, "pair")


def bowls_lesson_on(page: Page, lang: str) -> None:
    for b in (0, 0):  # choose bowl 1, then sow it (W22)
        page.locator(f".bw-bowl[data-bowl='{b}']").click()
    step(page, "bowls", lang, 2, "three")


def bowls_kept(page: Page, lang: str) -> None:
    step(page, "bowls", lang, 2, "three")
    expect(page.locator("section.game-bowls")).to_have_attribute("data-position", re.compile(r"^-/YG/RB/"))  # sown
    for b in (2, 2):
        page.locator(f".bw-bowl[data-bowl='{b}']").click()
    step(page, "bowls", lang, 3, "room")


LESSONS = {  # game: the lesson played to its third step, then what shows after the switch and plays on
    "blocks": (blocks_lesson_on, blocks_kept),
    "domino": (domino_lesson_on, domino_kept),
    "merge": (merge_lesson_on, merge_kept),
    "bowls": (bowls_lesson_on, bowls_kept),
}


def test_a_lesson_keeps_its_step_through_a_language_switch(page: Page, boot, server_url: str) -> None:
    boot(page, "#/", settings("de"))
    lang = "de"
    for game, (play_on, kept) in LESSONS.items():
        page.goto(server_url + f"#/{game}?lesson")
        wait_ready(page)
        step(page, game, lang, 0, {"blocks": "drag", "domino": "move", "merge": "place", "bowls": "choose"}[game])
        play_on(page, lang)
        lang = FLIPS[lang]
        switch_language(page, lang)
        kept(page, lang)
    assert page.errors == []  # type: ignore[attr-defined]
