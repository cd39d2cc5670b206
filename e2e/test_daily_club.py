"""The Daily Club as a player sees it: the home card, the streak
across midnight UTC, the stats page and its charts.

(a) With Playwright's clock at 2026-12-01 23:50 UTC, home's card counts down to
the next UTC day and shows 0 of 4; the domino daily played to the end by hard
drops shows done with its score and a streak of 1; past midnight the card is a
new day (domino not done, the streak still alive), and the new daily makes it 2.
(b) A record made by the CPython club service (40 runs of blocks, dailies of
every game but today's bowls) is drawn on the stats page: its numbers, a point per kept score, a
bar per bucket, a point per personal best, the replays; in four languages at
360 px nothing overflows or leaves the screen, and axe finds nothing in any of them.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from arcade import hold_engine, release_engine, wait_ready, wait_until_held
from audit import axe_violations
from club.daily.api import Service
from layout import TEXT_BOXES, overflow_report, settle, switch_language
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("blocks", "domino", "merge", "bowls")
LANES = [["ArrowLeft"] * 3, ["ArrowLeft"], ["ArrowRight"], ["ArrowRight"] * 3]  # tiles to columns 0, 2, 4, 6
CLUB_BOXES = f"{TEXT_BOXES}, .dc-name, .dc-state, .dc-club, .dc-next, .club-number dt, .club-number dd, .chart-title, .replay-item"


def strings(lang: str = "en") -> dict:
    return json.loads((ROOT / "web" / "i18n" / f"club.{lang}.json").read_text())


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def seconds(text: str) -> int:
    """The card's countdown hh:mm:ss in seconds."""
    match = re.fullmatch(r"(\d\d):(\d\d):(\d\d)", text.strip())
    assert match, text
    h, m, s = (int(part) for part in match.groups())
    return h * 3600 + m * 60 + s


def card(page: Page) -> None:
    """Wait until home's Daily Club card holds the service's answer."""
    page.wait_for_selector(".daily-club[data-state=ready]", timeout=60_000)


def row(page: Page, game: str):
    return page.locator(f".dc-game[data-game={game}]")


def play_domino_daily(page: Page) -> None:
    """Hard drops over four lanes until the daily's run ends (its end card shows)."""
    page.wait_for_function("document.querySelector('.dd') && document.querySelector('.dd').dataset.phase === 'play'",
                           timeout=60_000)
    for drop in range(40):
        if page.evaluate("document.querySelector('.dd').dataset.phase") == "over":
            break
        turns = page.get_attribute(".dd", "data-turns")
        for key in LANES[drop % 4]:
            page.keyboard.press(key)
        page.keyboard.press("Space")
        page.wait_for_function("""(turns) => { const d = document.querySelector('.dd').dataset;
            return d.phase === 'over' || (d.turns !== turns && d.busy !== '1'); }""", arg=turns, timeout=20_000)
    expect(page.locator(".dd-overlay")).to_be_visible()
    # banking is asynchronous: the end card's Daily Club line shows once the run is banked and stored
    expect(page.locator("dialog.dd-end .club-end-line")).to_be_visible(timeout=30_000)


def go_home(page: Page) -> None:
    page.evaluate("location.hash = '#/'")
    card(page)


def test_daily_streak_survives_midnight(page: Page, boot) -> None:
    """(a) The card's countdown, done ✓ with the score, the streak across midnight UTC, then the stats page."""
    en = strings()
    page.clock.install(time=datetime(2026, 12, 1, 23, 50, tzinfo=UTC))
    boot(page, "#/")
    card(page)
    assert page.get_attribute(".daily-club", "data-date") == "2026-12-01"
    expect(page.locator(".dc-date")).to_contain_text("December")
    left = seconds(page.text_content(".dc-countdown"))
    assert 7 * 60 <= left <= 10 * 60, left  # about ten minutes (the clock runs while Python boots)
    page.clock.run_for(3000)
    assert seconds(page.text_content(".dc-countdown")) < left  # it counts down
    expect(page.locator(".dc-club")).to_contain_text("0 of 4 today")
    for game in GAMES:
        expect(row(game=game, page=page).locator(".dc-play")).to_have_attribute("href", f"#/{game}?daily=2026-12-01")
    expect(page.locator(".dc-done")).to_have_count(0)

    page.click(".dc-game[data-game=domino] .dc-play")  # the card's link opens today's daily
    play_domino_daily(page)
    score = int(page.evaluate("JSON.parse(localStorage.getItem('6e-club/v1/club/record')).data.games.domino.best"))
    go_home(page)
    domino = row(page, "domino")
    expect(domino).to_have_attribute("data-done", "1")
    expect(domino.locator(".dc-done [aria-hidden]")).to_have_text(f"✓ {score:,}")
    expect(domino.locator(".dc-done .sr-only")).to_have_text(f"Domino Drop: today's daily done, score {score:,}")
    expect(domino).to_have_attribute("data-streak", "1")
    expect(page.locator(".dc-club")).to_contain_text("1 of 4 today")
    expect(row(page, "blocks").locator(".dc-play")).to_be_visible()

    page.clock.fast_forward("10:00")  # the countdown reaches 0 on home: the card asks again, a new day
    expect(page.locator(".daily-club")).to_have_attribute("data-date", "2026-12-02")
    expect(domino).to_have_attribute("data-done", "0")
    page.clock.set_fixed_time(datetime(2026, 12, 2, 0, 5, tzinfo=UTC))
    page.reload()
    card(page)
    assert page.get_attribute(".daily-club", "data-date") == "2026-12-02"
    expect(domino).to_have_attribute("data-done", "0")
    expect(domino).to_have_attribute("data-streak", "1")  # yesterday's daily keeps it alive
    expect(domino.locator(".dc-streak")).to_have_text("1 day streak")
    expect(domino.locator(".dc-play")).to_have_attribute("href", "#/domino?daily=2026-12-02")
    assert abs(seconds(page.text_content(".dc-countdown")) - (23 * 3600 + 55 * 60)) <= 2

    domino.locator(".dc-play").click()
    play_domino_daily(page)
    go_home(page)
    expect(domino).to_have_attribute("data-done", "1")
    expect(domino).to_have_attribute("data-streak", "2")
    expect(domino.locator(".dc-streak")).to_have_text("2 day streak")

    page.click(".dc-stats")  # the Stats link
    page.wait_for_selector(".club-body[data-state=ready]", timeout=30_000)
    section = page.locator(".club-game[data-game=domino]")
    expect(section.locator(".n-played dd")).to_have_text("2")
    expect(section.locator(".n-daily dd")).to_have_text("2")
    expect(section.locator(".n-streak dd")).to_have_text("2")
    expect(section.locator(".chart-last .chart-point")).to_have_count(2)
    expect(section.locator(".chart-last .chart-point.marked")).to_have_count(2)  # both were dailies
    expect(page.locator(".club-game[data-game=blocks] .club-empty-game").first).to_have_text(en["club.emptyGame"])
    expect(section.locator(".replay-item")).to_have_count(2)
    watch = section.locator(".replay-watch").first.get_attribute("href")
    assert watch.startswith("#/domino?replay=6E1.domino."), watch


def seeded_record(now: datetime) -> tuple[str, dict[str, str], dict]:
    """A record of 20 days, each with every game's daily counted (but today's
    bowls) and a blocks practice run besides, made by the CPython club service; the kept replays
    per game and the service's stats answer at ``now``."""
    club = Service()
    record: str | None = None
    replays: dict[str, str] = {}
    start = now - timedelta(days=19)
    for day in range(20):
        moment = start + timedelta(days=day)
        date = moment.strftime("%Y-%m-%d")
        for k, game in enumerate(GAMES):
            if day == 19 and game == "bowls":
                continue  # today's bowls daily is still to play: its Play link shows
            for practice in range(2 if game == "blocks" else 1):
                score = 900 + (day * 577 + k * 311 + practice * 97) % 4100
                event = {"type": "finished", "game": game, "score": score, "seed": day * 4 + k,
                         "daily": None if practice else date, "link": f"seed={day * 4 + k}", "moves": 30,
                         "grid": "🟨🟧", "code": f"6E1.{game}.run{day}p{practice}"}
                out = club.bank({"record": record, "replays": replays.get(game), "finished": event,
                                 "now": ms(moment + timedelta(minutes=practice))})
                record, replays[game] = out["record"], out["replays"]
    assert record is not None
    return record, replays, club.stats({"record": record, "now": ms(now)})


def test_stats_page_charts_in_four_languages(held_page: Page, server_url: str) -> None:
    """(b) Home draws the card's frame before Python is up; the engine's stats drawn: numbers, a point
    per score, a bar per bucket, a step per best, the replays and the code field; four languages at
    360 px fit; axe clean on home and stats in each."""
    page = held_page
    now = datetime(2026, 12, 1, 13, 0, tzinfo=UTC)
    record, replays, stats = seeded_record(now)
    items = {"6e-club/v1/club/record": record, **{f"6e-club/v1/{g}/replays": text for g, text in replays.items()}}
    page.add_init_script(f"""if (localStorage.getItem('6e-club/v1/club/record') === null) {{
        for (const [key, value] of Object.entries({json.dumps(items)})) localStorage.setItem(key, value); }}""")
    page.clock.set_fixed_time(now)
    page.set_viewport_size({"width": 360, "height": 640})
    held = hold_engine(page)
    page.goto(server_url + "#/")
    wait_until_held(page, held)
    expect(page.locator(".daily-club[data-state=waiting] h2")).to_have_text(strings()["club.title"])
    expect(page.locator(".dc-name")).to_have_text(["6E Club Game", "Domino Drop", "Hex Merge", "Color Bowls"])
    for route in held:
        route.continue_()
    release_engine(page)
    wait_ready(page)
    card(page)
    page.click(".dc-stats")
    page.wait_for_selector(".club-body[data-state=ready]", timeout=60_000)

    expect(page.locator(".club-summary .n-streak dd")).to_have_text(str(stats["club"]["streak"]))
    expect(page.locator(".club-summary .n-days dd")).to_have_text(str(stats["club"]["days"]))
    assert stats["club"]["days"] == 19
    for game in GAMES:
        numbers = stats["games"][game]
        section = page.locator(f".club-game[data-game={game}]")
        expect(section.locator(".n-played dd")).to_have_text(str(numbers["played"]))
        expect(section.locator(".n-best dd")).to_have_text(f"{numbers['best']:,}")
        last = section.locator(".chart-last")
        expect(last.locator(".chart-point")).to_have_count(len(numbers["last"]))
        expect(last.locator(".chart-point.marked")).to_have_count(sum(run["daily"] for run in numbers["last"]))
        expect(last.locator("svg[role=img]")).to_have_attribute("aria-label", re.compile(rf"The last {len(numbers['last'])} scores"))
        expect(last.locator(".chart-values tbody tr")).to_have_count(len(numbers["last"]))
        bars = section.locator(".chart-dist .chart-bar")
        expect(bars).to_have_count(len(numbers["distribution"]))
        heights = [float(bars.nth(i).get_attribute("height")) for i in range(bars.count())]
        counts = [bucket["count"] for bucket in numbers["distribution"]]
        assert [h > 0 for h in heights] == [c > 0 for c in counts]  # a bar for each counted bucket
        assert heights.index(max(heights)) == counts.index(max(counts))
        # The bounds stand at the bars' edges: each bar lies between its bucket's low and the next one's.
        edges = section.locator(".chart-dist .chart-edge")
        expect(edges).to_have_count(len(counts) + 1)
        for i in (0, len(counts) - 1):
            bar = bars.nth(i).bounding_box()
            left, right = edges.nth(i).bounding_box(), edges.nth(i + 1).bounding_box()
            assert left["x"] + left["width"] / 2 <= bar["x"] and bar["x"] + bar["width"] <= right["x"] + right["width"] / 2
        expect(section.locator(".chart-bests .chart-point")).to_have_count(len(numbers["bests"]))
        kept = Service().replays({"replays": replays[game]})["list"]
        expect(section.locator(".replay-item")).to_have_count(len(kept))
        expect(section.locator(".replay-watch").first).to_have_attribute("href", f"#/{game}?replay={kept[0]['code']}")
    assert len(stats["games"]["blocks"]["last"]) == 30  # 40 runs: the last 30 drawn

    en = strings()
    page.fill("#club-code-input", "not a code")
    page.click(".club-code button")
    expect(page.locator(".club-code-note")).to_have_text(en["club.codeBad"])
    assert page.evaluate("location.hash") == "#/club"

    problems: list[str] = []
    for lang in ("en", "it", "de", "ru"):
        for route in ("#/club", "#/"):
            if page.evaluate("location.hash") != route:
                page.evaluate(f"location.hash = '{route}'")
            if lang != page.evaluate("document.documentElement.lang"):
                switch_language(page, lang)
            ready = ".view-club .club-body[data-state=ready]" if route == "#/club" else ".view-home .daily-club[data-state=ready]"
            page.wait_for_selector(ready, timeout=30_000)
            settle(page)
            where = f"{lang} {route}"
            problems += [f"{where}: {p}" for p in overflow_report(page, CLUB_BOXES)]
            problems += [f"{where}: {p}" for p in page.evaluate(OUTSIDE_JS)]
            problems += [f"{where}: axe {v}" for v in axe_violations(page)]  # every language: names hold the visible text
        expect(page.locator(".daily-club h2")).to_have_text(strings(lang)["club.title"])
    assert problems == [], "\n".join(problems)
    page.evaluate("location.hash = '#/club'")
    page.wait_for_selector(".club-body[data-state=ready]")
    expect(page.locator(".club-title")).to_have_text(strings("ru")["club.statsTitle"])
    page.fill("#club-code-input", " 6E1.merge.eJwrSS0u0c0vLQEA ")  # a merge code: its replay route (the engine judges it)
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash === '#/merge?replay=6E1.merge.eJwrSS0u0c0vLQEA'")


# Every box of the card and the stats page (and every chart label) inside the
# screen's width; a chart's text inside its figure.
OUTSIDE_JS = """() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !el.closest('.sr-only'); };
  for (const el of document.querySelectorAll('.daily-club *, .view-club *')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > w + 1) out.push(`${el.tagName} ${el.getAttribute('class') || ''} [${r.left|0}–${r.right|0}] outside 0–${w}`);
  }
  for (const text of document.querySelectorAll('.chart text')) {
    const box = text.closest('.chart').getBoundingClientRect(), r = text.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`chart label "${text.textContent}" outside its chart`);
  }
  return out;
}"""
