"""A ghost to race (P4, docs/daily-club.md), in one boot: a returning player on a
nearly finished run of a blocks challenge whose ghost (the challenger's replay, a run
the CPython engine played) is kept beside it sees the challenger's score at their move,
and the last drop's end card compares the two runs as the engine does; the challenge
link carrying the ghost (``&vs=<code>``) starts the deal with the ghost beside it,
equal to the engine's after a few drops; the same link with a damaged code says so once
and the deal plays on without it."""

from __future__ import annotations

import json
import random
from pathlib import Path

from arcade import drop_first_legal, storage_key, wait_ready
from club.blocks.api import Session
from club.blocks.pieces import CELLS
from club.bridge import Bridge
from club.ghost import GhostRace
from layout import outside_first_screen, overflow_report
from playwright.sync_api import Page, expect
from test_replays import blocks_move, call, damaged, play_to_end

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
DEAL = "seed=11"
RUN = storage_key("blocks", "run")


def challenger() -> dict:
    """The challenger's finished run of the deal (the engine's ``finished`` event: its code and challenge query)."""
    bridge = Bridge()
    call(bridge, "blocks", "new", {"query": DEAL})
    return play_to_end(bridge, "blocks", blocks_move, random.Random(1), resume_at=-1)


def near_end() -> str:
    """The deal played by the first drop that fits (as ``drop_first_legal`` drops; a re-deal when none
    does, B14) until one drop is left: the save."""
    session = Session()
    session.new({"query": DEAL})
    while True:
        before = session.save({})
        slot = next((s for s in session.view({})["tray"] if s.get("targets")), None)
        if slot is None:
            assert session.redeal({})["accepted"]
            continue
        assert session.place({"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])})["accepted"]
        if session.view({})["over"]:
            return before


def ghost_of(save: str, code: str) -> dict:
    """The engine's ghost beside the run ``save`` holds (CPython)."""
    session = Session()
    session.load({"save": save})
    seen = GhostRace(session).ghost_open({"code": code, "link": DEAL})
    assert seen is not None
    return seen


def test_a_ghost_to_race(page: Page, boot, server_url: str) -> None:
    sent = challenger()
    assert sent["challenge"] == f"{DEAL}&beat={sent['score']}&vs={sent['code']}"
    line = page.locator(".bk .club-ghost")
    kept = storage_key("blocks", "ghost")

    # A returning player on a nearly finished run of the challenge, its ghost kept beside it: the engine is
    # given the ghost again, the HUD says it at this move, and the last drop's end card compares the two runs.
    run = near_end()
    boot(page, "#/blocks", storage={RUN: run, storage_key("blocks", "challenge"): f"{DEAL}&beat={sent['score']}",
                                    kept: sent["code"]})
    expect(line).to_have_attribute("data-score", str(ghost_of(run, sent["code"])["score"]))
    final = ghost_of(drop_first_legal(page), sent["code"])
    assert final["over"] and final["final"] == sent["score"]
    said = page.locator(".club-end .club-end-ghost")
    you, theirs = f"{final['you']:,}", f"{final['final']:,}"
    expect(said).to_contain_text(STRINGS["shell.club.ghostVs"].replace("{you}", you).replace("{ghost}", theirs))
    verdict = {"you": "shell.club.ghostWon", "ghost": "shell.club.ghostLost", "tie": "shell.club.ghostTie"}[final["won"]]
    expect(said).to_contain_text(STRINGS[verdict].replace("{by}", f"{final['by']:,}"))

    # The challenge link with the ghost: a new run of the deal, the ghost beside it at the player's move.
    page.goto(f"{server_url}#/blocks?{sent['challenge']}")
    page.wait_for_function("location.hash === '#/blocks'")
    wait_ready(page)
    expect(line).to_have_attribute("data-score", "0")
    for _ in range(2):
        save = drop_first_legal(page)
    ghost = ghost_of(save, sent["code"])
    assert ghost["move"] == 2
    expect(line).to_have_attribute("data-score", str(ghost["score"]))
    expect(line).to_have_text(STRINGS["shell.club.ghost"].replace("{score}", f"{ghost['score']:,}"))
    assert page.evaluate("k => localStorage.getItem(k)", kept) == sent["code"]
    # P13: on the smallest phone the badge and the ghost line fit their boxes, inside the first screen.
    page.set_viewport_size({"width": 360, "height": 640})
    assert overflow_report(page, ".bk .club-badge, .bk .club-ghost") == []
    assert outside_first_screen(page, [".bk .club-badge", ".bk .club-ghost"]) == []
    page.set_viewport_size({"width": 1280, "height": 800})

    # The same deal's link with a damaged ghost: one notice, no ghost, and the deal plays on.
    page.goto(f"{server_url}#/blocks?{DEAL}&vs={damaged(sent['code'])}")
    page.wait_for_function("location.hash === '#/blocks'")
    wait_ready(page)
    expect(page.locator("#notices")).to_contain_text(STRINGS["shell.club.ghostRefused.damaged"])
    expect(line).to_be_hidden()
    assert page.evaluate("k => localStorage.getItem(k)", kept) is None
    drop_first_legal(page)
