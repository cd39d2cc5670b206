"""Challenge links and replay codes between two players, each in a browser
context of their own: A plays a domino challenge to the end by keyboard and copies the
link and the replay code from the end card; B, a newcomer, opens the link (the lesson
first, then, skipped, the same falling tile and queue as A's start), then the replay (stepped,
played at 4x, to the same final score and HUD as A's), and a damaged and a foreign code
(refused with the translated message, storage unchanged). A blocks challenge link opens
the same tray for both.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade import drop_first_legal, storage_key, wait_ready
from club.blocks.api import Session as Blocks
from club.domino.api import Session as Domino
from club.replayer import Replays
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
DOMINO_LINK = "seed=4242&mode=sprint&set=classic"
BLOCKS_LINK = "seed=777"
LANES = [["ArrowLeft"] * 3, ["ArrowLeft"], ["ArrowRight"], ["ArrowRight"] * 3]  # tiles to columns 0, 2, 4, 6
SLOW_MS = 30_000


def context_of(contexts, **options) -> BrowserContext:
    context = contexts.context(viewport={"width": 1280, "height": 800}, **options)
    context.set_default_timeout(20_000)
    return context


def everything_stored(page: Page) -> dict[str, str]:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def run_info(session_class, page: Page, game: str) -> dict:
    """The engine's word on the run this page stored (CPython, the test's own session)."""
    session = session_class()
    session.load({"save": page.evaluate("k => localStorage.getItem(k)", storage_key(game, "run"))})
    return session.run_info({})


def open_link(page: Page, url: str, game: str) -> None:
    """Open a start link and wait until its run is in play and the address bar lost the query."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("(g) => location.hash === '#/' + g", arg=game, timeout=SLOW_MS)


def domino_start(page: Page) -> dict[str, str]:
    """What the player sees of a fresh domino deal: the falling tile (its halves and column) and the queue."""
    page.wait_for_function("document.querySelector('.dd').dataset.phase === 'play'", timeout=SLOW_MS)
    at = page.get_attribute(".dd-falling", "data-at") or "-"
    column, orient = at.split(":")[0], at.split("@")[-1]
    return {"tile": page.inner_html(".dd-falling"), "at": f"{column}@{orient}", "next": page.inner_html(".dd-next-art")}


def hard_drop(page: Page) -> None:
    turns = page.get_attribute(".dd", "data-turns")
    page.keyboard.press("Space")
    page.wait_for_function("""(turns) => { const d = document.querySelector('.dd').dataset;
        return d.phase === 'over' || (d.turns !== turns && d.busy !== '1'); }""", arg=turns, timeout=SLOW_MS)


def hud(page: Page) -> dict[str, str]:
    return {name: page.get_attribute(f"[data-stat={name}]", "data-value") or page.text_content(f"[data-stat={name}]") or ""
            for name in ("power", "max")}


def tray(page: Page) -> list[str]:
    page.wait_for_function("document.querySelectorAll('.bk-tray .bk-piece').length > 0", timeout=SLOW_MS)
    return page.eval_on_selector_all(".bk-tray .bk-piece", "ps => ps.map(p => p.getAttribute('class') + p.innerHTML)")


def test_a_challenge_link_and_a_replay_code_between_two_players(contexts, server_url: str) -> None:
    sharer = context_of(contexts)
    sharer.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    friend = context_of(contexts, first_visit=True)  # a newcomer: no lesson done, nothing stored
    a, b = sharer.new_page(), friend.new_page()

    # A plays the domino challenge by keyboard to the end of the Sprint.
    open_link(a, f"{server_url}#/domino?{DOMINO_LINK}", "domino")
    started = domino_start(a)
    assert run_info(Domino, a, "domino")["link"] == DOMINO_LINK  # the engine started the link's deal
    drops = 0
    while not a.locator(".dd-end").count():
        assert drops < 28, "the Sprint did not end after the 28th tile"
        for key in LANES[drops % 4]:
            a.keyboard.press(key)
        hard_drop(a)
        drops += 1
    final = hud(a)
    block = a.locator(".dd-end .club-end")
    expect(block).to_be_visible(timeout=SLOW_MS)
    expect(block.locator(".club-grid")).not_to_be_empty()
    link = a.get_attribute(".club-copy-link", "data-link")
    score = run_info(Domino, a, "domino")["score"]
    ghost = a.get_attribute(".club-copy-code", "data-code")
    assert link == f"{server_url}#/domino?{DOMINO_LINK}&beat={score}&vs={ghost}"  # the deal, A's score to beat, A's run as a ghost
    expect(a.locator(".dd-end")).to_have_attribute("data-armed", "1")  # the card's keys act once it is armed
    # A clipboard that refuses: the link is shown selected in a dialog, to copy by hand.
    a.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }")
    a.click(".club-copy-link")
    expect(a.locator(".club-share-dialog textarea")).to_have_value(link)
    assert a.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart") == len(link)
    a.keyboard.press("Escape")
    expect(a.locator(".club-share-dialog")).to_have_count(0)
    a.evaluate("delete navigator.clipboard.writeText")  # the browser's own again
    a.focus(".club-copy-link")
    a.keyboard.press("Enter")  # every button works by keyboard
    expect(a.locator(".notice")).to_contain_text(STRINGS["shell.club.copiedLink"])  # says what was copied
    assert a.evaluate("navigator.clipboard.readText()") == link
    a.click(".club-copy-code")
    code = a.get_attribute(".club-copy-code", "data-code") or ""
    assert code.startswith("6E1.domino.")
    a.wait_for_function("(c) => navigator.clipboard.readText().then(t => t === c)", arg=code)
    a.click(".club-copy-code")
    # One calm confirmation at a time, the newest: no pile of alert boxes over the well.
    done = a.locator(".notice")  # over the end card: in its top layer (notices.js)
    expect(done).to_have_count(1)
    expect(done).to_have_text(re.compile(re.escape(STRINGS["shell.club.copiedCode"])))
    expect(done).to_have_attribute("role", "status")
    look = done.evaluate("(n) => { const s = getComputedStyle(n); return [s.backgroundColor, n.getBoundingClientRect().width]; }")
    red, green, _ = (int(v) for v in re.findall(r"\d+", look[0])[:3])
    assert red <= green + 16 and look[1] < 420, look  # not the reddish problem bar, not its 560 px width
    assert a.get_attribute(".club-watch", "href") == f"#/domino?replay={code}"
    # Share: the system's share sheet gets the text in the player's language (here a stand-in for it).
    a.evaluate("Object.defineProperty(navigator, 'share', {configurable: true, value: (d) => {"
               " window.__shared = d.text; return Promise.resolve(); }})")
    a.click(".club-share")
    a.wait_for_function("typeof window.__shared === 'string'")
    shared = a.evaluate("window.__shared")
    grid = a.text_content(".club-grid") or ""
    assert grid and grid in shared and f"Beat my {score:,}: {link}" in shared and "Domino Drop" in shared and final["power"] in shared
    replays = a.evaluate("k => localStorage.getItem(k)", storage_key("domino", "replays"))
    assert replays and a.evaluate("k => localStorage.getItem(k)", "6e-club/v1/club/record")

    # B, a newcomer, opens the challenge link: the lesson first, saying the challenge follows; Skip: the same deal.
    b.goto(link)
    wait_ready(b)
    expect(b.locator(".kit-lesson-count")).to_contain_text(STRINGS["shell.lesson.stepChallenge"].split("·")[-1].strip())
    b.click(".kit-lesson-skip")
    b.wait_for_function("location.hash === '#/domino'", timeout=SLOW_MS)
    wait_ready(b)
    assert domino_start(b) == started
    assert run_info(Domino, b, "domino")["link"] == DOMINO_LINK
    expect(b.locator(".dd .club-badge")).to_have_text(f"Challenge · beat {score:,}")  # what B plays to beat

    # B opens the replay: steps, plays at 4x, reaches A's final position.
    b.goto(f"{server_url}#/domino?replay={code}")
    wait_ready(b)
    bar = b.locator(".replay-bar")
    expect(bar).to_be_visible(timeout=SLOW_MS)
    assert b.evaluate("document.querySelector('.view-game').inert") is True  # watched, never played
    steps = int(b.get_attribute(".replay-slider", "max") or "0")
    assert steps >= 28
    viewer = Replays(Domino())  # the counter counts the tiles, as the end card does, not the steps (frames the tile fell)
    tiles = viewer.replay_open({"code": code})["moves"]
    assert tiles == int(a.get_attribute(".dd", "data-turns") or "-1") and steps > tiles
    expect(b.locator(".replay-where")).to_have_text(f"Move 0 of {tiles}")
    expect(b.locator(".replay-score")).to_have_text(STRINGS["shell.replay.final"].replace("{score}", final["power"]))
    for _ in range(3):
        b.keyboard.press("Shift+ArrowRight")  # one step (a frame) each; → alone goes a move
    expect(bar).to_have_attribute("data-index", "3")
    b.keyboard.press("Shift+ArrowLeft")
    expect(b.locator(".replay-where")).to_have_text(f"Move {viewer.replay_seek({'index': 2})['move']} of {tiles}")
    b.click(".replay-speed")
    b.click(".replay-speed")
    expect(b.locator(".replay-speed")).to_have_text("4×")
    b.click(".replay-play")
    expect(bar).to_have_attribute("data-index", str(steps), timeout=120_000)
    expect(bar).to_have_attribute("data-playing", "")
    assert hud(b) == final  # the engine replayed A's moves to A's numbers
    b.click(".replay-first")
    expect(bar).to_have_attribute("data-index", "0")
    b.click(".replay-last")
    expect(bar).to_have_attribute("data-index", str(steps))
    # B took A's challenge of this deal: Play this deal starts it again, A's score to beat and ghost kept
    expect(b.locator(".replay-play-deal")).to_have_attribute("href", f"#/domino?{DOMINO_LINK}&beat={score}&vs={ghost}")

    # A damaged code and a foreign code are refused, translated; nothing stored changes.
    before = everything_stored(b)
    at = len("6E1.domino.") + 5
    damaged = code[:at] + ("B" if code[at] == "A" else "A") + code[at + 1:]
    foreign = "6E1.blocks." + code[len("6E1.domino."):]
    for bad, field in ((damaged, "replay-corrupt"), (foreign, "replay-foreign")):
        b.goto(f"{server_url}#/domino?replay={bad}")
        wait_ready(b)
        expect(b.locator(".replay-refused")).to_contain_text(STRINGS[f"shell.replay.error.{field}"], timeout=SLOW_MS)
        expect(b.locator(".replay-bar")).to_have_count(0)
        assert everything_stored(b) == before

    # A blocks challenge link opens the same tray for both.
    open_link(a, f"{server_url}#/blocks?{BLOCKS_LINK}", "blocks")
    b.goto(f"{server_url}#/blocks?{BLOCKS_LINK}")  # B's first visit to blocks: its lesson, then the link's deal
    wait_ready(b)
    b.click(".kit-lesson-skip")
    b.wait_for_function("location.hash === '#/blocks'", timeout=SLOW_MS)
    wait_ready(b)
    assert tray(a) == tray(b)
    assert run_info(Blocks, b, "blocks")["link"] == BLOCKS_LINK
    b.reload()  # the query is gone from the address: a reload resumes the same run
    wait_ready(b)
    shared = tray(b)
    assert tray(a) == shared

    # Another link while a run is in play: the kit asks first; kept, the run resumes; agreed, the new deal starts.
    b.goto(f"{server_url}#/blocks?{BLOCKS_LINK}")  # the link of the run in play: it resumes, nothing asked
    wait_ready(b)
    b.wait_for_function("location.hash === '#/blocks'")
    drop_first_legal(b)  # now the run is in play (a move made)
    b.goto(f"{server_url}#/blocks?seed=778")
    expect(b.locator(".club-confirm")).to_contain_text(STRINGS["shell.club.replaceRun"].split("{")[0], timeout=SLOW_MS)
    b.click(".club-confirm-no")
    wait_ready(b)
    kept = run_info(Blocks, b, "blocks")
    assert (kept["link"], kept["moves"], kept["in_play"]) == (BLOCKS_LINK, 1, True)
    b.goto(f"{server_url}#/blocks?seed=778")
    b.click(".club-confirm-yes", timeout=SLOW_MS)
    for _ in range(300):
        if run_info(Blocks, b, "blocks")["link"] == "seed=778":
            break
        b.wait_for_timeout(100)
    assert run_info(Blocks, b, "blocks")["link"] == "seed=778"
    b.goto(f"{server_url}#/blocks?seed=oops")  # a bad link: a notice, the run stays
    expect(b.locator("#notices")).to_contain_text(STRINGS["shell.club.badLink"], timeout=SLOW_MS)
    assert run_info(Blocks, b, "blocks")["link"] == "seed=778"


ROUTES = {
    "#/domino?seed=12&mode=sprint&set=classic": {"name": "game", "game": "domino", "lesson": False,
                                                 "start": "seed=12&mode=sprint&set=classic", "replay": None},
    "#/blocks?daily=2026-12-02": {"name": "game", "game": "blocks", "lesson": False, "start": "daily=2026-12-02",
                                  "replay": None},
    "#/merge?replay=6E1.merge.abc-_": {"name": "game", "game": "merge", "lesson": False, "start": None,
                                       "replay": "6E1.merge.abc-_"},
    "#/bowls?lesson": {"name": "game", "game": "bowls", "lesson": True, "start": None, "replay": None},
    "#/bowls": {"name": "game", "game": "bowls", "lesson": False, "start": None, "replay": None},
    "#/club": {"name": "club"},
    "#/club/x": {"name": "home"},
    "#/rules/merge": {"name": "rules", "game": "merge"},
}


def test_routes_of_links_replays_and_the_club(page: Page, boot) -> None:
    """parseRoute: a start link keeps its query (without `lesson`), a replay its code, #/club the stats page."""
    boot(page)
    got = page.evaluate("hashes => import('./web/route.js').then(m => hashes.map(h => m.parseRoute(h)))", list(ROUTES))
    assert dict(zip(ROUTES, got, strict=True)) == ROUTES
