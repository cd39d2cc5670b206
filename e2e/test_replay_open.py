"""Opening a replay on the page: a forged link is refused with the
translated ``replay-bounds`` words at once; a long replay opens through the
worker's query path, so the engine answers other calls while it opens, and
leaving for another game cancels it (nothing is left open behind the page)."""

from __future__ import annotations

import json
from pathlib import Path

from arcade import wait_ready
from club.merge.api import Session
from club.replay import MAX_RECORDING, seal
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
ENGINE_HOOK = "addEventListener('club:ready', (event) => { window.__club = event.detail; });"
SLOW_MS = 60_000


def forged(game: str, actions: str, start: str) -> str:
    return seal(game, f'{{"a":{actions},"s":{start},"score":0}}')


def long_replay() -> str:
    """A domino tile moved left and right as often as a recording holds: within every
    bound, and seconds of work for the engine to open."""
    pair = '["move",{"move":"left"}],["move",{"move":"right"}]'
    return forged("domino", "[" + ",".join([pair] * ((MAX_RECORDING - 100) // (len(pair) + 1))) + "]",
                  '{"mode":"sprint","seed":1,"set":"classic"}')


def test_a_forged_link_is_refused_in_words(page: Page, server_url: str) -> None:
    turns = forged("merge", '[["rotate","step",[' + ",".join(["1,-1"] * 400_000) + "]]]", '{"jokers":true,"seed":1}')
    page.goto(f"{server_url}#/merge?replay={turns}")
    wait_ready(page)
    expect(page.locator(".replay-refused")).to_contain_text(STRINGS["shell.replay.error.replay-bounds"], timeout=SLOW_MS)
    expect(page.locator(".replay-bar")).to_have_count(0)


def test_the_engine_answers_while_a_replay_opens_and_leaving_cancels_it(page: Page, server_url: str) -> None:
    page.add_init_script(ENGINE_HOOK)
    page.goto(f"{server_url}#/")
    wait_ready(page)
    page.wait_for_function("window.__club !== undefined", timeout=SLOW_MS)
    # Another game's call is answered while the replay still opens: no bar yet when it comes back. The call is
    # asked as soon as the page shows the replay's phase and the page is left in the same turn: a round trip to
    # the test in between could outlast the opening on a loaded machine. Leaving that early (the page may still
    # be asking the game's shape, before the replay's query is sent) must not open the replay behind the next
    # page either.
    answered = page.evaluate("""async ([code, slowMs]) => {
        location.hash = '#/domino?replay=' + code;
        const began = performance.now();
        while (document.querySelector('.dd')?.dataset.phase !== 'replay') {
            if (performance.now() - began > slowMs) throw new Error('the replay did not start opening');
            await new Promise((next) => setTimeout(next, 5));
        }
        const view = await window.__club.engine('blocks').call('view', {});
        const bar = document.querySelector('.replay-bar') !== null;
        location.hash = '#/blocks';
        return { tray: view.tray.length, bar };
    }""", [long_replay(), SLOW_MS])
    assert answered == {"tray": 3, "bar": False}
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.route === 'blocks'", timeout=SLOW_MS)
    # The same work again, in another session: the worker shares its slices between the two, so by the
    # time this one is open the first would be too, had it not been cancelled. It was: nothing is open.
    refused = page.evaluate("""async (code) => {
        await window.__club.engine('domino/lesson').query('replay_open', { code });
        try { await window.__club.engine('domino/replay').call('replay_seek', { index: 0 }); return null; }
        catch (error) { return error.field; }
    }""", long_replay())
    assert refused == "replay-corrupt"
    expect(page.locator(".replay-bar")).to_have_count(0)
    expect(page.locator(".replay-refused")).to_have_count(0)


def test_a_newcomer_closing_a_daily_replay_lands_in_the_game(fresh_page: Page, server_url: str) -> None:
    """A friend's replay opened in a fresh browser: the bar says it was the Daily of its date;
    Close opens the game itself (the player chose to look at it), not its first lesson."""
    session = Session()
    session.new({"daily": "2026-11-30"})
    code = session.replay_code()
    assert code
    page = fresh_page
    page.goto(f"{server_url}#/merge?replay={code}")
    wait_ready(page)
    expect(page.locator(".replay-kind")).to_have_text("Daily · Nov 30, 2026")
    page.locator(".replay-close").click()
    page.wait_for_function("location.hash === '#/merge'")
    wait_ready(page)
    expect(page.locator(".kit-lesson")).to_have_count(0)
    expect(page.locator(".replay-bar")).to_have_count(0)
    expect(page.locator("section.game-merge")).to_be_visible()
