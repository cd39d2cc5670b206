"""The Puzzle Workshop between two players by touch at 360x640 (W28).

The author builds a puzzle in the editor (`#/bowls/workshop`): stones tapped into
bowls (W18's start limits said at once, undo), a goal, a limit, a title with
markup in it; proves it (the progress bar shows while the worker searches, the
par is said), solves it in the game itself in more moves than par, and shares it
(the link read from the share card). A friend, in a browser context of their own,
opens the link: the puzzle is checked and proven again, played against the
author's moves (the ghost's line and its mark on the author's bowl), solved at
par, and the end card compares the moves with par and the author's; the friend
sends the result back, and the author's page shows it on the puzzle in "My
puzzles" (a damaged result is one notice). The CPython
engine is the planner: it knows the par and the author's longer way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade import BOOT_TIMEOUT_MS
from club.bowls.workshop import check, read_draft, solved_by
from layout import card_problems, outside_first_screen, outside_viewport, overflow_report
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"
WORDS = json.loads((Path(__file__).resolve().parent.parent / "web/i18n/bowls.en.json").read_text())
PHONE_360 = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
# The puzzle built: its bowls as taps of a stone tool, its goal, limit and title (plain text, markup and all).
BUILD = [("B", [0]), ("R", [2, 3, 3]), ("G", [6, 7, 7])]
DRAFT = {"position": "B/-/R/RR/-/-/G/GG/-/-/-/- 0 0", "goal": "leave 1", "limit": 3, "title": "<b>Pairs</b>"}
AUTHOR_MOVES = [0, 2, 6]  # solves it in 3: one more than par
FRIEND_MOVES = [2, 6]  # at par


def idle(page: Page) -> None:
    """The page is live, has applied every answer asked for and no move is animating."""
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; })()",
        timeout=BOOT_TIMEOUT_MS,
    )


def sow(page: Page, bowl: int) -> None:
    """W22 by touch: a tap chooses the bowl of the game's ring, a second tap sows."""
    target = page.locator(f".bw-game .bw-bowl[data-bowl='{bowl}']")
    target.tap()
    target.tap()
    idle(page)


def seen_problems(page: Page, where: str, inside: list[str], *, first_screen: bool = True) -> list[str]:
    """Text wider than its box, a page that scrolls sideways, and selectors not inside the viewport
    (at scroll 0, or where the player scrolled to)."""
    outside = outside_first_screen if first_screen else outside_viewport
    return [f"{where}: {p}" for p in overflow_report(page) + outside(page, inside)]


def test_build_prove_solve_share_and_a_friend_plays_it(contexts, boot) -> None:  # W28, W18, W22
    proven = check(read_draft(DRAFT))
    assert (proven.par, solved_by(read_draft(DRAFT), AUTHOR_MOVES), solved_by(read_draft(DRAFT), FRIEND_MOVES)) == (2, 3, 2)
    author = contexts.page(**PHONE_360)
    author.emulate_media(reduced_motion="reduce")
    boot(author, "#/bowls")
    idle(author)
    problems: list[str] = []

    # The workshop from the bowls menu; its editor's ring, not the game's (built hidden on the same page).
    author.locator(".bww-open").tap()
    expect(author.locator(ROOT)).to_have_attribute("data-screen", "workshop")
    assert author.evaluate("location.hash") == "#/bowls/workshop"
    limits = author.locator(".bww-limits")
    for stone, bowls in BUILD:
        author.locator(f".bww-tool[data-tool='{stone}']").tap()
        expect(author.locator(f".bww-tool[data-tool='{stone}']")).to_have_attribute("aria-pressed", "true")
        for bowl in bowls:
            author.locator(f".bww-board .bw-bowl[data-bowl='{bowl}']").tap()
    # A third green in bowl 8 is a ready match: said at once, before any proof; undo takes it back.
    author.locator(".bww-board .bw-bowl[data-bowl='7']").tap()
    expect(limits).to_have_text(WORDS["bowls.workshop.limit.ready-match"].replace("{n}", "8"))
    expect(author.locator(".bww-board .bw-bowl[data-bowl='7']")).to_have_attribute("aria-label", re.compile("would match"))
    author.locator(".bww-undo").tap()
    expect(limits).to_have_text(WORDS["bowls.workshop.limitsOk"])
    author.locator(".bww-goal select").select_option("leave")
    author.locator(".bww-number input").fill("1")
    author.locator(".bww-number input").dispatch_event("change")
    author.locator(".bww-limit select").select_option("3")
    author.locator(".bww-name input").tap()
    author.keyboard.type(DRAFT["title"])
    problems += seen_problems(author, "editor", [".bww-board .bw-bowl[data-bowl='0']", ".bww-back"])

    # Prove it: the progress bar shows while the worker searches, then the par is said.
    author.evaluate("""() => { window.__bar = false; const bar = document.querySelector('.bww-progress');
        new MutationObserver(() => { if (!bar.hidden) window.__bar = true; }).observe(bar, {attributes: true}); }""")
    author.locator(".bww-prove").tap()
    status = author.locator(".bww-status")
    expect(status).to_contain_text(WORDS["bowls.workshop.proven"], timeout=BOOT_TIMEOUT_MS)
    assert author.evaluate("window.__bar") is True
    expect(author.locator(".bww-progress")).to_be_hidden()
    expect(status).to_contain_text("par 2 moves")
    # The answer shows beside the button the player tapped, in the viewport where they scrolled to reach it.
    problems += seen_problems(author, "proven", [".bww-status", ".bww-play"], first_screen=False)

    # The author plays it in the game itself: three moves, one more than par.
    author.locator(".bww-play").tap()
    idle(author)
    expect(author.locator(ROOT)).to_have_attribute("data-screen", "game")
    expect(author.locator(".bwp-title")).to_have_text("Workshop · <b>Pairs</b>")  # plain text, never markup
    assert author.locator(".bwp-title b").count() == 0
    expect(author.locator(".bww-ghost-line")).to_be_hidden()  # one's own puzzle has no ghost
    for bowl in AUTHOR_MOVES:
        sow(author, bowl)
    card = author.locator("dialog[open].bww-over-solved")
    expect(card).to_be_visible()
    expect(card).to_contain_text("Solved in 3 moves")
    problems += [f"author's card: {p}" for p in card_problems(author)]
    card.locator(".bww-share-open").tap()
    link_field = author.locator(".bww-share-card .bww-link")
    expect(link_field).to_have_value(re.compile(r"#/bowls\?puzzle=6EP1\.bowls\."))
    link = link_field.input_value()
    assert len(link.split("puzzle=")[1]) <= 600
    problems += [f"share card: {p}" for p in card_problems(author)]

    # A friend opens the link in a browser of their own: proven again, played against the author's moves.
    friend = contexts.page(**PHONE_360)
    friend.emulate_media(reduced_motion="reduce")
    boot(friend, "#/bowls?" + link.split("?", 1)[1])
    idle(friend)
    expect(friend.locator(ROOT)).to_have_attribute("data-screen", "game")
    assert friend.evaluate("location.hash") == "#/bowls"  # a reload resumes the puzzle, never the link again
    expect(friend.locator(".bwp-title")).to_have_text("Workshop · <b>Pairs</b>")
    ghost_line = friend.locator(".bww-ghost-line")
    for k, bowl in enumerate(FRIEND_MOVES):
        expect(ghost_line).to_have_text(f"The author solved it in 3 moves. Their move {k + 1}: bowl {AUTHOR_MOVES[k] + 1}.")
        expect(friend.locator(".bw-game .bww-ghosted")).to_have_attribute("data-bowl", str(AUTHOR_MOVES[k]))
        problems += seen_problems(friend, f"friend's move {k + 1}", [".bww-ghost-line", ".bw-game .bww-ghosted"])
        sow(friend, bowl)
    card = friend.locator("dialog[open].bww-over-solved")
    expect(card).to_be_visible()
    for said in ("Solved in 2 moves", WORDS["bowls.workshop.atPar"], "Fewer moves than the author (3)!"):
        expect(card).to_contain_text(said)
    expect(card.locator(".bw-figures")).to_contain_text(re.compile(r"Par\s*2"))
    expect(card.locator(".bw-figures")).to_contain_text(re.compile(r"The author's moves\s*3"))
    problems += [f"friend's card: {p}" for p in card_problems(friend)]

    # The friend sends their result back (the link of the puzzle with their moves); the author opens it:
    # checked, said once, kept on the puzzle in "My puzzles". A damaged result is one notice, nothing kept.
    card.locator(".bww-reply").tap()
    back_field = friend.locator(".bww-share-reply .bww-link")
    expect(back_field).to_have_value(re.compile(r"&solved=26$"))
    back = back_field.input_value()
    assert back == f"{link}&solved=26"
    problems += [f"result card: {p}" for p in card_problems(friend)]
    boot(author, "#/bowls?" + back.split("?", 1)[1])
    idle(author)
    expect(author.locator(ROOT)).to_have_attribute("data-screen", "workshop")
    assert author.evaluate("location.hash") == "#/bowls/workshop"  # a reload shows the lists, not the link again
    expect(author.locator("#notices")).to_contain_text("A friend solved your puzzle “<b>Pairs</b>” in 2 moves.")
    problems += seen_problems(author, "result said", ["#notices .notice"], first_screen=False)
    mine = author.locator(".bww-list-mine .bww-item")
    expect(mine).to_have_count(1)
    expect(mine.locator(".bww-item-title")).to_have_text("<b>Pairs</b>")
    expect(mine.locator(".bww-item-facts")).to_contain_text("par 2 moves · best 3 moves")
    expect(mine.locator(".bww-item-replies")).to_have_text("A friend solved it in 2 moves.")
    mine.locator(".bww-item-replies").scroll_into_view_if_needed()
    problems += seen_problems(author, "my puzzles", [".bww-list-mine .bww-item-replies"], first_screen=False)
    boot(author, "#/bowls?" + back.split("?", 1)[1].replace("solved=26", "solved=2"))
    idle(author)
    expect(author.locator("#notices")).to_contain_text(
        WORDS["bowls.workshop.badReply"].replace("{why}", WORDS["bowls.workshop.reason.reply-corrupt"]))
    expect(author.locator("#notices .notice")).to_have_count(1)
    expect(author.locator(ROOT)).to_have_attribute("data-screen", "modes")
    expect(author.locator(".bww-open")).to_be_visible()  # the page stays usable
    assert problems == []
