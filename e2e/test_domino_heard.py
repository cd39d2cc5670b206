"""Domino Drop by ear (P11): a player who hears and never sees. The script reads only what
the live regions say (``heard``) and what the accessibility tree names, never the well's
SVG nor its DOM: with assist pace on in Settings it plays 15 tiles of a classic Sprint, planning
each tile from the columns key D reads, turning and moving it until the words say it is
where it planned, and dropping it once the landing preview said what it would do. Then
the lesson's third step ("land its 6 on the 6") blind, by the same words."""

from __future__ import annotations

import json
import re

from arcade import wait_ready
from heard import heard, listen
from playwright.sync_api import Page, expect

SETTINGS = {"6e-club/v1/settings": json.dumps({"schema": 1, "lang": "en", "motion": "reduce"})}
DEAL = "#/domino?seed=4242&mode=sprint&set=classic"
ACROSS = re.compile(r"(\d+)-(\d+) across columns (\d+)-(\d+)")
UPRIGHT = re.compile(r"(\d+) over (\d+) in column (\d+)")
COLUMN = re.compile(r"(\d+): (?:height (\d+), top (\d+)|empty)")
#: the tiles played by ear, and a sighted beginner's Power after as many: a few 2-half cancels and a 3 or 4
TILES, BEGINNER_POWER = 15, 20


MOVED = r"(lands on row \d+|^Blocked)"


def press(page: Page, key: str, until: str = MOVED) -> list[str]:
    """A key, then what was said for it: every sentence of its moment, up to its last (``until``)."""
    listen(page)
    page.keyboard.press(key)
    page.wait_for_function("(p) => (window.__heard || []).some((h) => new RegExp(p).test(h.text))", arg=until, timeout=15_000)
    return heard(page)


def where(said: list[str]) -> tuple[str, int, int, int] | None:
    """The tile as the last words put it: ("h", left, right, column) or ("v", top, bottom, column), columns from 1."""
    for text in reversed(said):
        if m := ACROSS.search(text):
            return ("h", int(m[1]), int(m[2]), int(m[3]))
        if m := UPRIGHT.search(text):
            return ("v", int(m[1]), int(m[2]), int(m[3]))
    return None


def plan(tile: tuple[int, int], tops: list[tuple[int, int | None]]) -> tuple[str, int, int, int]:
    """A beginner's plan from the columns heard: a half onto an equal top half (upright, or flat where
    that half rests), two if it can, lowest first; else flat on the lowest pair of columns."""
    a, b = tile
    best: tuple[tuple[int, int], tuple[str, int, int, int]] | None = None
    for c, (h, top) in enumerate(tops):
        for x, y in ((a, b), (b, a)):
            if top == x and (best is None or (1, -h) > best[0]):
                best = ((1, -h), ("v", y, x, c + 1))
    for c in range(len(tops) - 1):
        (h1, t1), (h2, t2) = tops[c], tops[c + 1]
        for left, right in ((a, b), (b, a)):
            hits = (t1 == left and h1 >= h2) + (t2 == right and h2 >= h1)
            if hits and (best is None or (hits, -max(h1, h2)) > best[0]):
                best = ((hits, -max(h1, h2)), ("h", left, right, c + 1))
    if best:
        return best[1]
    c = min(range(len(tops) - 1), key=lambda c: (max(tops[c][0], tops[c + 1][0]), abs(c - 3)))
    return ("h", a, b, c + 1)


def columns(said: list[str]) -> list[tuple[int, int | None]]:
    line = next(text for text in said if text.startswith("Columns from the left"))
    return [(int(h or 0), int(top) if top else None) for _, h, top in COLUMN.findall(line.split(":", 1)[1])]


def place(page: Page, goal: tuple[str, int, int, int], said: list[str]) -> tuple[list[str], int]:
    """Turn until the words say the planned layout, then move until its column; the words and keys used."""
    keys = 0
    now = where(said)
    while now is not None and now[:3] != goal[:3] and keys < 4:
        said, keys = press(page, "x"), keys + 1
        now = where(said) or now
    while now is not None and now[3] != goal[3] and keys < 14:
        said, keys = press(page, "ArrowLeft" if now[3] > goal[3] else "ArrowRight"), keys + 1
        if said == ["Blocked."]:
            break
        now = where(said) or now
    return said, keys


def power(said: list[str], last: int) -> int:
    for text in said:
        if m := re.search(r"Power (\d+)", text):
            last = int(m[1])
    return last


def test_a_sprint_and_the_lesson_played_by_ear(page: Page, boot) -> None:
    boot(page, "#/", SETTINGS)
    wait_ready(page)
    # assist pace, found by its name in Settings and switched on by keyboard
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("switch", name=re.compile("assist pace")).focus()
    page.keyboard.press("Space")
    expect(page.get_by_role("switch", name=re.compile("assist pace"))).to_be_checked()
    page.keyboard.press("Escape")
    assert json.loads(page.evaluate("localStorage.getItem('6e-club/v1/settings')"))["assistPace"] is True
    listen(page)  # from before the deal opens: its first words are heard too
    page.evaluate("(deal) => { location.hash = deal; }", DEAL)
    page.wait_for_function("(window.__heard || []).some((h) => h.text.startsWith('Next'))", timeout=30_000)
    said = heard(page)
    assert any(text.startswith("Assist pace: each tile waits for you") for text in said), said
    keys, score, quoted = 0, 0, []
    for _ in range(TILES):
        tile = where(said)
        assert tile is not None, said
        read = press(page, "d", r"^(Next|No next tile)")
        goal = plan((tile[1], tile[2]), columns(read))
        moved, used = place(page, goal, said)
        said = press(page, " ", r"^(Next|No next tile)")  # each tile locked by its Space: gravity waited
        keys, score = keys + used + 2, power(said, score)
        if not quoted and any(text.startswith("Cancelled") for text in said):
            quoted = [*read, *moved, *said]
    assert score >= BEGINNER_POWER, score
    print(f"\nby ear: {TILES} tiles, Power {score}, {keys / TILES:.1f} keys a tile; one move heard: {quoted}")

    # a reload resumes the run paused (D18); Resume, and the pace, the falling tile and the next are said again
    page.reload()
    wait_ready(page)
    # The run resumed says its pause as it comes back, a tick after the page is ready (the announcer writes
    # a moment's words together): heard before listening, so what follows is what Resume says.
    expect(page.locator("#live")).to_contain_text("Paused.")
    listen(page)
    page.get_by_role("button", name="Resume").click()
    page.wait_for_function("(window.__heard || []).some((h) => h.text.startsWith('Next'))", timeout=15_000)
    said = heard(page)
    assert said[0].startswith("Assist pace: each tile waits for you"), said
    assert where(said) is not None, said

    # the lesson's third step, blind: the 6 of 3-6 onto the resting 6 (column 1, row 1)
    page.evaluate("location.hash = '#/domino?lesson'")
    wait_ready(page)
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'")
    expect(page.get_by_role("img", name=re.compile("^The well, 8 columns by 16 rows"))).to_be_visible()
    said = press(page, "d", r"^Next")
    assert said[0].startswith("Columns from the left: 1: height 1, top 6; 2: height 1, top 1; 3: empty"), said
    said, _ = place(page, ("v", 3, 6, 1), said)
    assert "3 over 6 in column 1, lands on row 2, its 6 touches a 6, cancels 2 halves." in said, said
    said = press(page, " ", r"Power \d+")
    assert said[:2] == ["Cancelled 6, 6.", "2 halves cancelled, cascade steps 1. Power 1."], said
