"""A long merge round's replay, sought to its end at once (M11; docs/daily-club.md).

The round is played by the bot of ``tools/longruns.py`` in the CPython engine
(each pair turned by ``rotate`` as a player turns it, play time handed over)
up to its last stone, written into storage (the documented test hook), and
the last stone is placed through the UI: the end card says how many moves the
round made. Its Watch replay opens the replay; End goes to the last position
in one seek: the board is the one stepping there one step at a time gives, and
the counter says the end card's moves ("Move N of N"), not the replay's steps
(a turn of the pair is a position of the slider, not a move).
"""

from __future__ import annotations

import re
from typing import Any

import longruns
from arcade import storage_key
from club.merge.api import Session
from club.replayer import Replays
from playwright.sync_api import Page, expect

RUN = storage_key("merge", "run")
STONES = """() => [...document.querySelectorAll('.hm-layer-stones .hm-stone')]
  .map((g) => `${g.dataset.cell}=${g.dataset.v}`).sort().join(' ')"""


def last_stone() -> tuple[str, str]:
    """The bot's round up to its last placement: the save before it, and its cell."""
    session = Session()
    session.new(dict(longruns.STARTS["merge"]))
    move = 0
    while True:
        cell = longruns.merge_aim(session, move)
        before = session.save({})
        assert session.place({"cell": cell, "ms": 700})["accepted"]
        if session.view({})["over"]:
            return before, cell
        move += 1


def stepped_board(code: str) -> tuple[str, int, int]:
    """The replay stepped one step at a time to its end (every step sought in order): the
    board as the page draws it, the steps and the moves."""
    viewer = Replays(Session())
    opened = viewer.replay_open({"code": code})
    for index in range(1, opened["steps"] + 1):
        view: Any = viewer.replay_seek({"index": index})["view"]
    cells = viewer.session.geometry({})["cells"]
    stones = " ".join(sorted(f"{cells[i]}={v}" for i, v in enumerate(view["board"]) if v != 0))
    return stones, opened["steps"], view["moves"]


def board_at(code: str, index: int) -> str:
    """The board at step ``index`` of the replay, as the page draws it (the engine's seek, equal to stepping:
    tests/test_replay_seek.py)."""
    viewer = Replays(Session())
    viewer.replay_open({"code": code})
    view: Any = viewer.replay_seek({"index": index})["view"]
    cells = viewer.session.geometry({})["cells"]
    return " ".join(sorted(f"{cells[i]}={v}" for i, v in enumerate(view["board"]) if v != 0))


def shown_index(page: Page, other_than: int) -> int:
    """The step the bar shows once it has left ``other_than`` (the page settled there)."""
    page.wait_for_function(
        "i => (b => b && b.dataset.index !== String(i))(document.querySelector('.replay-bar'))", arg=other_than
    )
    settled(page)
    return int(page.get_attribute(".replay-bar", "data-index") or "-1")


def settled(page: Page) -> None:
    page.wait_for_function("(el => el && el.dataset.busy !== '1' && el.dataset.anim !== '1')(document.querySelector('.hm'))")


def test_end_shows_a_long_rounds_last_position_counted_as_its_end_card(page: Page, boot) -> None:
    save, cell = last_stone()
    boot(page, "#/merge", storage={RUN: save})
    settled(page)
    page.locator(f'.hm-cell[data-cell="{cell}"]').click(force=True)
    card = page.locator("dialog.hm-over")
    expect(card).to_be_visible(timeout=30_000)
    moves = int(card.locator(".hm-over-moves dd").get_attribute("data-value") or -1)
    assert moves >= 150, "a long round"
    code = card.locator(".club-copy-code").get_attribute("data-code")
    assert code and code.startswith("6E1.merge.")
    stones, steps, stepped_moves = stepped_board(code)
    assert stepped_moves == moves and steps > moves, "the replay has a position for each turn of a pair too"
    settled(page)
    assert page.evaluate(STONES) == stones, "the page's own last board"

    card.locator(".club-watch").click()
    bar = page.locator(".replay-bar")
    expect(bar).to_be_visible(timeout=30_000)
    expect(bar).to_have_attribute("data-index", "0")
    where = bar.locator(".replay-where")
    expect(where).to_have_text(f"Move 0 of {moves}")
    assert page.locator(".replay-slider").get_attribute("max") == str(steps)
    page.keyboard.press("End")
    expect(bar).to_have_attribute("data-index", str(steps), timeout=10_000)
    settled(page)
    assert page.evaluate(STONES) == stones, "End shows what stepping to the end shows"
    expect(where).to_have_text(f"Move {moves} of {moves}")
    expect(page.locator(".hm")).to_have_attribute("data-over", "1")
    # "," is one position back; the counter says a move only when a stone was placed
    page.keyboard.press(",")
    expect(bar).to_have_attribute("data-index", str(steps - 1))
    expect(where).to_have_text(re.compile(rf"^Move {moves - 1} of {moves}$"))
    # <- steps a whole move: from the end, the previous move's position, whatever its frames
    page.keyboard.press("End")
    expect(bar).to_have_attribute("data-index", str(steps))
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(f"Move {moves - 1} of {moves}")
    assert int(bar.get_attribute("data-index") or 0) < steps
    page.keyboard.press("Home")
    expect(bar).to_have_attribute("data-index", "0")
    expect(where).to_have_text(f"Move 0 of {moves}")

    # Scrubbing: a click on the slider's middle, then PageUp and PageDown on the focused slider, each
    # drawing the board of the step it lands on (the slider never moved the replay before).
    slider = page.locator(".replay-slider")
    box = slider.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    middle = shown_index(page, 0)
    assert steps // 4 < middle < steps * 3 // 4, (middle, steps)
    assert page.evaluate(STONES) == board_at(code, middle)
    slider.focus()
    page.keyboard.press("PageUp")
    later = shown_index(page, middle)
    assert middle < later <= steps, (middle, later)
    assert page.evaluate(STONES) == board_at(code, later)
    page.keyboard.press("PageDown")
    expect(bar).to_have_attribute("data-index", str(middle))
    settled(page)
    assert page.evaluate(STONES) == board_at(code, middle)
