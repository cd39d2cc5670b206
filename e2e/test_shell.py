"""The arcade shell in a real browser: boot, routes, languages, storage
corruption, disabled storage, offline reload, no foreign requests (P1–P13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from arcade import wait_ready
from playwright.sync_api import Page, expect

GAMES = ("blocks", "domino", "merge", "bowls")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.cold
def test_boot_shows_progress_then_home(page: Page, server_url: str) -> None:
    """P3: the loader shows a progress bar that moves, then the home screen."""
    page.goto(server_url)
    expect(page.locator("#loader .progress")).to_have_attribute("role", "progressbar")
    wait_ready(page)
    # The loader goes in the same step as its last stage ("ready"), a moment after the route is ready.
    expect(page.locator("#loader")).to_have_count(0)
    seen = page.evaluate("document.documentElement.dataset.bootTrail").split()
    assert seen[0] == "shell" and seen[-1] == "ready"
    assert len(set(seen)) >= 4, seen  # it moved through real stages
    expect(page.locator(".game-card")).to_have_count(4)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.cold
def test_home_is_drawn_before_python_with_the_stored_best(page: Page, server_url: str) -> None:
    """P3: home (names, pitches, best scores from storage) is pure JavaScript: with the
    engine worker held at its start, the cards and the stored best are on screen, the loader shows
    its progress beside them without covering them, and a game's frame opens, inert, "starting"."""
    page.add_init_script("localStorage.setItem('6e-club/v1/blocks/headline', JSON.stringify({best: 1234}))")
    page.route("**/build/club.zip", lambda route: None)  # never answered: Python never gets its games
    page.goto(server_url)
    expect(page.locator(".game-card")).to_have_count(4)
    expect(page.locator(".card-blocks .best")).to_have_attribute("data-best", "1234")
    expect(page.locator(".card-blocks .best")).to_have_text("Best: 1,234")
    expect(page.locator(".card-domino h2")).to_have_text("Domino Drop")
    expect(page.locator("#loader")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    loader = page.locator("#loader").bounding_box()
    card = page.locator(".card-blocks").bounding_box()
    assert loader and card and loader["y"] >= card["y"] + card["height"], (loader, card)  # the bar sits below the first card, not over it
    page.click(".card-domino")
    section = page.locator("section.game-domino")
    expect(section).to_have_attribute("data-starting", "1")
    assert page.evaluate("document.querySelector('section.game-domino').inert") is True
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.cold  # a first visit: no interpreter snapshot, which holds the engines without club.zip
def test_a_first_visits_club_stats_are_drawn_before_python(page: Page, server_url: str) -> None:
    """P3: a player with no club record meets #/club's stats (the service's answer for no record,
    written at build time) with the page itself, while the engine worker is still held."""
    page.route("**/build/club.zip", lambda route: None)  # never answered: Python never gets its games
    page.goto(server_url + "#/club")
    expect(page.locator(".club-body")).to_have_attribute("data-state", "ready")
    expect(page.locator(".club-summary .n-streak dd")).to_have_text("0")
    expect(page.locator(".club-game")).to_have_count(4)
    expect(page.locator(".club-empty")).to_be_visible()  # nothing played yet, said once
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_route_and_rules_page_mounts(page: Page, boot) -> None:
    """P2: games are routes of one page; switching never reloads Python."""
    boot(page)
    page.evaluate("window.__sameBoot = 1")
    for game in GAMES:
        page.click(f".gamenav a[data-game={game}]")
        page.wait_for_function(f"document.documentElement.dataset.route === '{game}'")
        expect(page.locator(f"section.game-{game}")).to_be_visible()
        page.goto(page.url.split("#")[0] + f"#/rules/{game}")
        page.wait_for_function("document.documentElement.dataset.route === 'rules'")
        expect(page.locator(".rules-body h2").first).to_be_visible()
    assert page.evaluate("window.__sameBoot") == 1
    assert page.errors == []  # type: ignore[attr-defined]


# The header's items, and each game link that is not wholly inside the nav's visible box (the
# nav scrolls sideways when its links do not fit: a link cut at the edge is a game out of view).
TOP_BAR_CUT = """() => { const nav = document.querySelector('.gamenav').getBoundingClientRect();
  const links = [...document.querySelectorAll('.gamenav a')].filter((a) => {
    const r = a.getBoundingClientRect(); return r.left < nav.left - 0.5 || r.right > nav.right + 0.5; });
  const items = [...document.querySelector('.topbar').children].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5);
  return [...links, ...items].map((e) => e.textContent.trim() || e.className); }"""


def test_the_top_bar_shows_all_four_games_at_every_width(page: Page, boot) -> None:
    """P13: from 320 px up every game's link in the header is in view (none scrolled off), and
    nothing of the header lies past the screen's edge; its links stay tall enough to tap."""
    boot(page, "#/blocks")
    for width in (320, 360, 375, 390, 412, 430, 520, 768, 1366):
        page.set_viewport_size({"width": width, "height": 740})
        assert page.evaluate(TOP_BAR_CUT) == [], f"at {width} px"
        assert min(a.bounding_box()["height"] for a in page.locator(".gamenav a").all()) >= 44


def test_language_switcher_and_browser_default(contexts, boot) -> None:
    """P12: the browser language is the default; the switcher changes it and is remembered."""
    page = contexts.page(locale="de-DE")
    boot(page)
    expect(page.locator(".home-title")).to_have_text("Vier Rätsel. Sechs Kanten. Ein Club.")
    expect(page.locator("a.skip")).to_have_text(json.loads((ROOT / "web/i18n/shell.de.json").read_text())["shell.skip"])
    page.select_option("#lang-select", "ru")
    expect(page.locator(".home-title")).to_have_text("Четыре головоломки. Шесть граней. Один клуб.")
    expect(page.locator("a.skip")).to_have_text(json.loads((ROOT / "web/i18n/shell.ru.json").read_text())["shell.skip"])
    page.reload()
    wait_ready(page)
    expect(page.locator(".home-title")).to_contain_text("Четыре")
    assert page.evaluate("document.documentElement.lang") == "ru"


def test_garbage_in_every_key_is_survived(page: Page, boot) -> None:
    """P8: corrupt values are moved aside with a notice; nothing crashes."""
    boot(page)
    keys = ["6e-club/v1/settings"] + [f"6e-club/v1/{g}/{n}" for g in GAMES for n in ("run", "profile")]
    page.evaluate(
        "keys => keys.forEach(k => localStorage.setItem(k, '{garbage\\u0000' + k))", keys
    )
    page.reload()
    # the shell reads its settings before Python is up (P3): the notice shows at once
    expect(page.locator(".notice").first).to_be_visible()
    wait_ready(page)
    for game in GAMES:
        page.goto(page.url.split("#")[0] + f"#/{game}")
        page.wait_for_function(f"document.documentElement.dataset.route === '{game}'")
        wait_ready(page)
    stored = page.evaluate("Object.keys(localStorage)")
    for key in keys:
        assert key not in stored or "garbage" not in page.evaluate("k => localStorage.getItem(k)", key), key
        assert any(k.startswith(key + "/corrupt/") for k in stored), f"{key} was not moved aside"
    assert page.errors == []  # type: ignore[attr-defined]


def test_disabled_storage_keeps_playing_in_memory(page: Page, server_url: str) -> None:
    """P9: storage that throws shows a notice and the arcade still works."""
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    page.goto(server_url)
    expect(page.locator(".notice").first).to_be_visible()  # at once: the shell starts before Python
    wait_ready(page)
    page.click(".game-card[data-game=blocks]")
    page.wait_for_function("document.documentElement.dataset.route === 'blocks'")
    assert page.errors == []  # type: ignore[attr-defined]


def test_full_storage_shows_notice_and_goes_on(page: Page, server_url: str) -> None:
    """P9: a quota error on save is a notice, not a crash."""
    page.add_init_script(
        "const real = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (k, v) {"
        "  if (String(k).includes('/settings')) throw new DOMException('full', 'QuotaExceededError');"
        "  return real.call(this, k, v); };"
    )
    page.goto(server_url)
    wait_ready(page)
    page.select_option("#lang-select", "it")
    expect(page.locator(".notice").first).to_be_visible()
    expect(page.locator(".home-title")).to_contain_text("Quattro")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.cold
def test_every_request_goes_to_localhost(page: Page, server_url: str) -> None:
    """P1: a full session (every route, every rules page) asks no other origin."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(server_url)
    wait_ready(page)
    for game in GAMES:
        for route in (f"#/{game}", f"#/rules/{game}"):
            page.goto(server_url + route)
            wait_ready(page)
    # the engine worker's script is a blob: URL of this same origin, made by PyScript
    foreign = [u for u in urls if not u.startswith(("http://127.0.0.1:", "blob:http://127.0.0.1:"))]
    assert urls and foreign == []


def test_offline_reload_boots_and_opens_a_route(browser, server_url: str) -> None:
    """P5: after one online visit the arcade boots with the network off."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url)
    wait_ready(page)
    page.wait_for_function(
        "navigator.serviceWorker.ready.then(r => !!r.active) && navigator.serviceWorker.controller !== undefined"
    )
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    cached = page.evaluate(
        "(async () => { const names = await caches.keys();"
        " const c = await caches.open(names.find(n => n.startsWith('6e-club-')));"
        " return (await c.keys()).length; })()"
    )
    assert cached > 30
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if m.type == "error" else None)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.goto(server_url + "#/merge")
    page.wait_for_function("document.documentElement.dataset.route === 'merge'")
    expect(page.locator("section.game-merge")).to_be_visible()
    page.evaluate("new Promise((done) => setTimeout(done, 500))")  # the update check's turn, were it to ask
    assert said == []  # nothing is asked of the network that is not there: no net::ERR_ lines (P5)
    context.close()


@pytest.mark.cold
def test_load_failure_offers_retry(page: Page, server_url: str) -> None:
    """P3: a failed runtime download shows what failed and a Retry button."""
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(server_url)
    expect(page.locator("#load-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#retry")).to_be_visible()
    page.unroute("**/pyodide.asm.wasm")
    page.click("#retry")
    wait_ready(page)
    expect(page.locator(".game-card")).to_have_count(4)


def test_manifest_is_installable_shape(page: Page, server_url: str) -> None:
    """P6: a manifest with icons."""
    response = page.request.get(server_url + "web/manifest.webmanifest")
    manifest = json.loads(response.text())
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert page.request.get(server_url + "web/" + icon["src"]).ok


# In the engine worker (PyScript's, from a blob; null in any other): the modules of the built
# standard library that are not imported, as names.
NOT_IMPORTED_IN_WORKER = """async () => {
  const loader = performance.getEntriesByType("resource").map((e) => e.name).find((n) => n.includes("/pyodide-loader.mjs"));
  if (!loader) return null;
  return (await import(loader)).interpreter().runPython(`
import sys, zipfile
archive = next(entry for entry in sys.path if entry.endswith(".zip"))
names = (name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
         for name in zipfile.ZipFile(archive).namelist() if name.endswith(".pyc"))
sorted(name for name in names if name not in sys.modules)
`).toJs();
}"""


def test_returning_visit_restores_the_snapshot_and_plays(browser, server_url: str) -> None:
    """P15: the first visit stores an interpreter snapshot; the next one starts from it, with
    every module of the built standard library already imported (a start imports most of them
    anyway; the snapshot worker imports the rest, such as ``statistics``, once, before it is made)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "#/merge")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.snapshot === 'saved'", timeout=90_000)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "used"
    answers = [worker.evaluate(NOT_IMPORTED_IN_WORKER) for worker in page.workers if worker.url.startswith("blob:")]
    assert [missing for missing in answers if missing is not None] == [[]]
    # The restored interpreter runs the engines: a fresh run answers through the bridge.
    page.goto(server_url + "#/blocks")
    page.wait_for_function("document.documentElement.dataset.route === 'blocks'")
    expect(page.locator("section.game-blocks svg").first).to_be_visible()
    context.close()


@pytest.mark.cold
def test_loader_stage_is_in_the_saved_language(page: Page, server_url: str) -> None:
    """P12: with Italian saved, the loader speaks Italian: while the runtime is
    held (never answered) a first visit's download is still on its way, and the card says
    why in Italian, with the size written the Italian way; then, the engine archive held,
    the stage Python reached."""
    italian = json.loads((ROOT / "web/i18n/shell.it.json").read_text())
    english = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
    stages = ("runtime", "wasm", "python", "files", "engines")
    assert all(italian[f"shell.loader.{s}"] != english[f"shell.loader.{s}"] for s in (*stages, "why"))
    page.add_init_script(
        "localStorage.setItem('6e-club/v1/settings', JSON.stringify({schema: 1, lang: 'it', motion: 'system'}))"
    )
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: the loader waits
    page.goto(server_url)
    wire = sum(f["wire"] for f in json.loads((ROOT / "build/boot.json").read_text())["files"])
    size = f"{wire / 1e6:.1f}".removesuffix(".0").replace(".", ",")  # as Intl writes it: 4,9 MB, 5 MB
    why = italian["shell.loader.why"].replace("{size}", f"{size} MB")
    expect(page.locator("#loader-stage")).to_have_text(why)
    expect(page.locator("#loader .progress")).to_have_attribute("aria-label", italian["shell.loader.loading"])
    assert page.evaluate("document.documentElement.lang") == "it"
    # Then the stages: with the runtime free and the engine archive held, Python starts and waits.
    page.unroute("**/pyodide.asm.wasm")
    page.route("**/build/club.zip", lambda route: None)
    page.reload()
    expect(page.locator("#loader-stage")).to_have_text(italian["shell.loader.python"], timeout=90_000)


def test_rules_pages_have_one_h1(page: Page, boot) -> None:
    """axe page-has-heading-one: each Rules page has exactly one h1, its title."""
    boot(page)
    for game in GAMES:
        page.goto(page.url.split("#")[0] + f"#/rules/{game}")
        page.wait_for_function("document.documentElement.dataset.route === 'rules'")
        title = (ROOT / f"web/rules/{game}.en.md").read_text().splitlines()[0].removeprefix("# ")
        expect(page.locator("h1")).to_have_count(1)
        expect(page.locator(".rules-body h1")).to_have_text(title)


def test_home_cards_equal_with_rules_inside(page: Page, phone: Page, boot) -> None:
    """Cards of a row are equally tall; each Rules link lies inside its card."""
    for view in (page, phone):
        boot(view)
        boxes = view.eval_on_selector_all(
            ".game-grid li", "items => items.map(li => { const c = li.querySelector('.game-card')"
            ".getBoundingClientRect(); const r = li.querySelector('.rules-link').getBoundingClientRect();"
            " return {top: c.top, bottom: c.bottom, left: c.left, right: c.right,"
            " rt: r.top, rb: r.bottom, rl: r.left, rr: r.right}; })",
        )
        assert len(boxes) == 4
        for box in boxes:
            assert box["top"] <= box["rt"] and box["rb"] <= box["bottom"], box
            assert box["left"] <= box["rl"] and box["rr"] <= box["right"], box
        rows: dict[int, list[float]] = {}
        for box in boxes:
            rows.setdefault(round(box["top"]), []).append(box["bottom"] - box["top"])
        if view is page:
            assert len(rows) == 1  # 1280 px: one row of four
        for heights in rows.values():
            assert max(heights) - min(heights) < 1, rows
        # the link is reachable: a click opens the Rules page
        view.click(".game-grid li:nth-child(2) .rules-link")
        view.wait_for_function("document.documentElement.dataset.route === 'rules'")


def test_merely_opened_game_shows_no_score_yet(page: Page, boot) -> None:
    """After only opening blocks its card says 'No score yet' like the
    others, and so does a stored card whose best is 0 (a run banked without points)."""
    boot(page, "#/blocks")
    page.click(".brand")
    page.wait_for_function("document.documentElement.dataset.route === 'home'")
    no_best = json.loads((ROOT / "web/i18n/shell.en.json").read_text())["shell.noBest"]
    for game in GAMES:
        expect(page.locator(f".game-card[data-game={game}] .best")).to_have_text(no_best)
    card = '{"schema":1,"game":"blocks","kind":"profile","version":1,"data":{"stars":0,"best":0,"crowns":0,"runs":1}}'
    page.evaluate("(card) => localStorage.setItem('6e-club/v1/blocks/profile', card)", card)
    page.reload()
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('6e-club/v1/blocks/profile')") == card  # read, not moved aside
    expect(page.locator(".game-card[data-game=blocks] .best")).to_have_text(no_best)
