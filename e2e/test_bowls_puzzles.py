"""Puzzle mode through the real page (W18, W21, W25): grid, goal panel, hint, undo, end cards.

The CPython engine is the planner: it knows each puzzle's solution and which
moves go wrong, and the browser's engine must agree move by move.
"""

from __future__ import annotations

import re

from arcade import BOOT_TIMEOUT_MS, storage_key
from club.bowls.profile import load as load_profile
from club.bowls.puzzles import Puzzle, load_puzzles, puzzle_by_id, replay
from club.bowls.rules import sow
from club.bowls.saves import VERSION as SAVE_VERSION
from club.bowls.solver import solve
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"


def idle(page: Page) -> None:
    """The page is live (not "starting": after a reload that is the engine's boot), has
    applied every answer asked for (not "busy": the engine answers from a worker) and no
    move is animating."""
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; })()",
        timeout=BOOT_TIMEOUT_MS,
    )


def bowl(page: Page, b: int):
    return page.locator(f".bw-bowl[data-bowl='{b}']")


def sow_bowl(page: Page, b: int) -> None:
    """W22: click to choose, click again to sow."""
    bowl(page, b).click()
    bowl(page, b).click()
    idle(page)


def position(page: Page) -> str:
    return page.locator(ROOT).get_attribute("data-position") or ""


def profile(page: Page) -> dict:
    """The stored profile as the engine reads it (a club.save envelope)."""
    return load_profile(page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "profile")) or "")


def open_puzzle(page: Page, ident: int) -> None:
    page.click(".bwp-open-list")
    expect(page.locator(ROOT)).to_have_attribute("data-screen", "puzzles")
    page.click(f".bwp-cell[data-puzzle='{ident}']")
    idle(page)
    expect(page.locator(".bwp-panel")).to_be_visible()


def wrong_first_move(ident: int) -> int:
    """A first move of puzzle ``ident`` after which the goal is unmet."""
    puzzle = puzzle_by_id(ident)
    for b in range(12):
        if replay(puzzle, (b,))[0] not in ("solved", "refused"):  # refused: empty or iced
            return b
    raise AssertionError("no wrong move")


def test_solve_puzzle_one_through_the_ui(page: Page, boot) -> None:  # W18, W25
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    page.click(".bwp-open-list")
    expect(page.locator(".bwp-cell").first).to_be_visible()
    expect(page.locator(".bwp-cell")).to_have_count(100)
    expect(page.locator(".bwp-cell.next")).to_have_attribute("data-puzzle", "1")
    page.click(".bwp-cell[data-puzzle='1']")
    idle(page)
    puzzle = puzzle_by_id(1)
    expect(page.locator(".bwp-goal")).to_have_text("Goal: Collect 3 red ● stones")
    expect(page.locator(".bwp-progress")).to_have_text("0/3 red ● collected")
    expect(page.locator(".bwp-left")).to_have_text("1 move left")  # a plural, not "1 moves" (P12)
    for b in puzzle.solution:
        sow_bowl(page, b)
    expect(page.locator(".bwp-over-solved h2")).to_have_text("Solved!")
    expect(page.locator(".bwp-over-solved")).to_contain_text("Puzzle 1 solved in 1 move.")
    assert profile(page)["puzzles"] == {"1": 1}  # solved mark and fewest moves (W18)
    page.click(".bwp-to-list")
    expect(page.locator(".bwp-cell[data-puzzle='1']")).to_have_class("bwp-cell solved")
    expect(page.locator(".bwp-cell[data-puzzle='1'] .bwp-mark")).to_have_text("✓ 1")
    expect(page.locator(".bwp-cell.next")).to_have_attribute("data-puzzle", "2")
    page.click(".bwp-back")
    expect(page.locator(".bw-mode-puzzle")).to_contain_text("1 of 100 solved")
    assert page.errors == []


def test_fail_by_running_out_of_moves_then_undo(page: Page, boot) -> None:  # W18, W21
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    ident = next(p.id for p in load_puzzles() if p.limit == 1 and p.id > 1)
    open_puzzle(page, ident)
    start = position(page)
    wrong = wrong_first_move(ident)
    sow_bowl(page, wrong)
    expect(page.locator(ROOT)).to_have_attribute("data-status", "limit")
    expect(page.locator(".bwp-over-failed h2")).to_have_text("Out of moves")
    expect(page.locator(".bwp-over-failed")).to_contain_text("Undo is free here")
    page.click(".bwp-over-undo")  # undo is plain help in puzzles: no training mark
    idle(page)
    assert position(page) == start
    expect(page.locator(".bw-training")).to_be_hidden()
    expect(page.locator(".bwp-left")).to_have_text("1 move left")
    sow_bowl(page, puzzle_by_id(ident).solution[0])  # the right move after the undo
    expect(page.locator(".bwp-over-solved")).to_be_visible()
    assert page.errors == []


def dead_first_move(puzzle: Puzzle) -> int | None:
    """A safe first move after which no solution is left within the limit."""
    for b in range(12):
        if not puzzle.position.bowls[b] or puzzle.position.mods[b][0]:
            continue
        out = sow(puzzle.position, b)
        if out.overflow or replay(puzzle, (b,))[0] is not None:
            continue
        if solve(out.position, puzzle.goal, puzzle.limit - 1, out.collected).solution is None:
            return b
    return None


def test_hint_undo_redo_and_restart(page: Page, boot) -> None:  # W18, W21
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    puzzle = next(p for p in load_puzzles() if p.limit == 3 and dead_first_move(p) is not None)
    dead = dead_first_move(puzzle)
    assert dead is not None
    open_puzzle(page, puzzle.id)
    start = position(page)
    page.click(".bwp-hint")
    first = puzzle.solution[0]
    expect(page.locator(".bwp-message")).to_have_text(f"Hint: sow bowl {first + 1}.")
    expect(bowl(page, first)).to_have_class(re.compile(r"\bchosen\b.*\bbwp-hinted\b"))
    page.click(".bw-sow")
    idle(page)
    after = position(page)
    assert after != start
    page.click(".bw-undo")
    idle(page)
    assert position(page) == start
    page.click(".bw-redo")
    idle(page)
    assert position(page) == after
    page.keyboard.press("h")  # H asks the solver again: the next move of a shortest way on
    expect(page.locator(".bwp-message")).to_have_text(f"Hint: sow bowl {puzzle.solution[1] + 1}.")
    page.click(".bwp-restart")
    idle(page)
    assert position(page) == start
    expect(page.locator(".bwp-left")).to_have_text("3 moves left")
    sow_bowl(page, dead)  # a dead end: the hint says there is no way from here
    page.click(".bwp-hint")
    expect(page.locator(".bwp-message")).to_have_text("The goal cannot be reached from here: undo or restart.")
    assert page.errors == []


def test_puzzle_attempt_survives_reload_with_its_progress(page: Page, boot) -> None:  # W25
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    puzzle = next(p for p in load_puzzles() if p.goal.kind == "collect" and p.limit >= 3)
    open_puzzle(page, puzzle.id)
    sow_bowl(page, puzzle.solution[0])
    progress = page.locator(".bwp-progress").inner_text()
    page.reload()
    idle(page)
    expect(page.locator(".bwp-panel")).to_be_visible()
    expect(page.locator(".bwp-progress")).to_have_text(progress)
    expect(page.locator(".bwp-left")).to_have_text(f"{puzzle.limit - 1} moves left")
    page.click(".bw-pause")
    expect(page.locator(".bw-mode-puzzle .bw-continue")).to_have_text(f"Continue puzzle {puzzle.id}")
    assert page.errors == []


def out_of_moves(ident: int) -> tuple[int, ...]:
    """Moves of puzzle ``ident`` that use its whole limit without meeting the goal (W18)."""
    puzzle = puzzle_by_id(ident)
    found: list[tuple[int, ...]] = [()]
    for _ in range(puzzle.limit):
        found = [m + (b,) for m in found for b in range(12) if replay(puzzle, m + (b,))[0] in (None, "limit")]
    for moves in found:
        if replay(puzzle, moves)[0] == "limit":
            return moves
    raise AssertionError("no way to run out of moves")


def test_end_of_a_puzzle_is_announced_in_words(page: Page, boot) -> None:  # P11, W18
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    live = page.locator("#live-alert")  # P11: the end of a run is assertive
    open_puzzle(page, 1)
    for b in puzzle_by_id(1).solution:
        sow_bowl(page, b)
    expect(live).to_contain_text("Puzzle solved in 1 move!")
    assert "bowls." not in live.inner_text()  # never a raw key
    page.click(".bwp-to-list")
    page.click(".bwp-cell[data-puzzle='7']")
    idle(page)
    assert puzzle_by_id(7).limit == 2
    for b in out_of_moves(7):
        sow_bowl(page, b)
    expect(page.locator(ROOT)).to_have_attribute("data-status", "limit")
    expect(live).to_contain_text("All 2 moves played.")  # the puzzle's limit, not Daily's 20
    assert page.errors == []


def test_ring_numbers_are_the_numbers_hints_say(page: Page, boot) -> None:  # W1, W18
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    puzzle = next(p for p in load_puzzles() if p.limit >= 2 and p.solution[0] not in (0, 6))
    open_puzzle(page, puzzle.id)
    numbers = page.locator(".bw-ring .bw-num")
    expect(numbers).to_have_text([str(n) for n in range(1, 13)])
    page.click(".bwp-hint")
    first = puzzle.solution[0]
    expect(page.locator(".bwp-message")).to_have_text(f"Hint: sow bowl {first + 1}.")
    # The number the hint says is drawn at the hinted bowl: nearer to it than to any other bowl.
    centres = page.eval_on_selector_all(".bw-ring .bw-bowl .bw-body", """els => els.map(e => {
      const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })""")
    label = page.locator(".bw-ring .bw-num", has_text=re.compile(rf"^{first + 1}$")).bounding_box()
    assert label
    at = (label["x"] + label["width"] / 2, label["y"] + label["height"] / 2)
    nearest = min(range(12), key=lambda b: (centres[b][0] - at[0]) ** 2 + (centres[b][1] - at[1]) ** 2)
    assert nearest == first
    expect(bowl(page, first)).to_have_class(re.compile(r"\bbwp-hinted\b"))
    assert page.errors == []


# A crafted board the solver cannot settle within its budget from puzzle 93 (see
# tests/bowls/test_bowls_hint_budget.py): the hint gives up instead of freezing the page.
HARD = ("RGBYPX[v]/GBYPRX[rv]/BYPRGX[v]/YPRGBX[rv]/PRGBYX[v]/RGBYPX[rv]/GBYPRX[v]/BYPRGX[rv]"
        "/YPRGBX[v]/PRGBYX[rv]/RGBYPX[v]/GBYPRX[rv] 0 0")


def crafted_save(position: str, ident: int) -> str:
    from club import save
    from club.bowls.api import Session

    session = Session()
    session.puzzle_new({"puzzle": ident})
    data = save.load(session.save({}), "bowls", "run", SAVE_VERSION)
    data["position"] = position
    session.load({"save": save.dump("bowls", "run", data, SAVE_VERSION)})
    assert session.hint({}) == {"bowl": None, "reason": "budget"}  # CPython gives up too
    return session.save({})


def test_hint_that_gives_up_says_so_and_the_page_answers(page: Page, boot) -> None:  # W18
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls", storage={storage_key("bowls", "run"): crafted_save(HARD, 93)})
    idle(page)
    expect(page.locator(".bwp-panel")).to_have_attribute("data-puzzle", "93")
    hint = page.locator(".bwp-hint")
    hint.click()
    # The worker searches the whole budget; meanwhile the button says so and the page plays.
    expect(hint).to_have_attribute("aria-busy", "true")
    bowl(page, 0).click()
    expect(bowl(page, 0)).to_have_class(re.compile(r"\bchosen\b"))
    expect(page.locator(".bwp-message")).to_have_text(  # bounded by the budget, not a frozen tab
        "No hint from here: the search gave up. Try on your own, undo or restart.", timeout=BOOT_TIMEOUT_MS)
    expect(hint).not_to_have_attribute("aria-busy", "true")
    expect(page.locator(".bw-bowl.bwp-hinted")).to_have_count(0)
    bowl(page, 1).click()  # still playing
    expect(bowl(page, 1)).to_have_class(re.compile(r"\bchosen\b"))
    assert page.errors == []


def stored_session(page: Page):
    """A CPython Session holding the run the page stored."""
    from club.bowls.api import Session

    session = Session()
    session.load({"save": page.evaluate("k => localStorage.getItem(k)", storage_key("bowls", "run"))})
    return session


def test_hint_never_blocks_a_move(page: Page, boot) -> None:  # the hint searches in the engine worker
    page.emulate_media(reduced_motion="reduce")
    boot(page, "#/bowls")
    ident, wrong = 99, 7  # one wrong move off a late puzzle's path: the search spends its whole budget
    assert wrong != puzzle_by_id(ident).solution[0]
    open_puzzle(page, ident)
    sow_bowl(page, wrong)
    assert stored_session(page).view({})["status"] is None

    def played(b: int) -> dict:
        return stored_session(page).sow({"bowl": b})["view"]

    nxt = next(b for b in stored_session(page).view({})["choosable"] if played(b)["status"] is None)
    after = played(nxt)["position"]
    hint, message = page.locator(".bwp-hint"), page.locator(".bwp-message")
    # Hint, then the move (choose, sow: W22), one frame apart (the hint's busy look is drawn at the
    # next frame), so the move is made while the search runs however fast the worker is: the whole
    # budget takes about 0.14 s in CPython here, and on a loaded machine Playwright's next look at
    # the page came after the answer.
    asked = page.evaluate("""async ([b]) => {
      const hint = document.querySelector('.bwp-hint'), bowl = document.querySelector(`.bw-bowl[data-bowl='${b}']`);
      hint.click();
      await new Promise((drawn) => requestAnimationFrame(() => drawn()));
      const asked = { busy: hint.getAttribute('aria-busy'), message: document.querySelector('.bwp-message').textContent };
      for (let n = 0; n < 2; n += 1) bowl.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return asked;
    }""", [nxt])
    assert asked == {"busy": "true", "message": "Looking for the way…"}
    idle(page)  # the move is applied, the search is cancelled
    assert position(page) == after
    expect(hint).not_to_have_attribute("aria-busy", "true")
    page.wait_for_timeout(1500)  # a late answer for the old position would show by now
    expect(message).to_have_text("")
    expect(page.locator(".bw-bowl.bwp-hinted")).to_have_count(0)
    hint.click()  # the hint for the position on screen still answers
    expect(message).not_to_have_text(re.compile(r"^(Looking for the way…)?$"), timeout=BOOT_TIMEOUT_MS)
    assert page.errors == []
