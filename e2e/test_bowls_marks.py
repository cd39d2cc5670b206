"""Landing marks through the real page (W5, W6, W22, W23).

A tap on a bowl marks, at once, every bowl its sowing would put stones in,
each with the count it receives: the engine's ``landing`` (the CPython
engine says what the browser's must show), never the refill or a volcano's
eruption. The marks read in every theme and in forced colours, sit inside
the viewport and clear of the stones, and go when the choice goes.
"""

from __future__ import annotations

from arcade import BOOT_TIMEOUT_MS, storage_key
from club.bowls.achievements import THEMES
from club.bowls.api import Session
from playwright.sync_api import Page, expect

ROOT = "section.game-bowls"
# Bowl 1 is reversed (W4) and sows into bowls 0, 11 and 10, the iced bowl 11
# included (W6); bowl 3 sows clockwise into a volcano that then erupts (W10):
# only its own stone is marked there. No ready match.
POSITION = "Y/RGB[r]/-/GR/PYBRY[v]/-/-/-/-/-/B/-[i] 0 0"

MARKS = """() => {
// a bowl's paint: its colour, or every stop of the theme's gradient it is painted with
const colours = (paint) => {
  const id = /url\\("?#([^")]+)"?\\)/.exec(paint)?.[1];
  if (!id) return [paint];
  return [...document.getElementById(id).querySelectorAll("stop")].map((stop) => getComputedStyle(stop).stopColor);
};
return [...document.querySelectorAll(".bw-bowl.landing")].map((g) => {
  const land = document.querySelector(`.bw-lands .bw-land[data-for="${g.dataset.bowl}"]`);
  const circle = land.querySelector("circle");
  const text = land.querySelector("text");
  const body = g.querySelector(".bw-body");
  const box = circle.getBoundingClientRect();
  // circles: a stone's disc and the mark's disc never overlap
  const disc = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2, (r.right - r.left) / 2];
  const [mx, my, mr] = disc(box);
  const touches = [...g.querySelectorAll(".bw-stone .st-body")].map((s) => disc(s.getBoundingClientRect()))
    .some(([x, y, r]) => Math.hypot(x - mx, y - my) < r + mr);
  return {
    bowl: Number(g.dataset.bowl), text: text.textContent,
    fill: getComputedStyle(circle).fill, edge: getComputedStyle(circle).stroke,
    ink: getComputedStyle(text).fill, body: colours(getComputedStyle(body).fill),
    shown: getComputedStyle(land).display !== "none" && getComputedStyle(land).visibility !== "hidden",
    box: [box.left, box.top, box.right, box.bottom], view: [innerWidth, innerHeight], touches,
  };
}); }"""


def luminance(colour: str) -> float:
    """WCAG relative luminance of a computed ``rgb(...)``/``rgba(...)`` colour."""
    inside = colour[colour.index("(") + 1:colour.index(")")]
    channels = [float(v) / 255 for v in inside.replace(",", " ").split()[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    x, y = sorted((luminance(a), luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


def idle(page: Page) -> None:
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('{ROOT}');"
        " return r && r.dataset.screen && !r.dataset.starting && !r.dataset.busy && r.dataset.animating !== '1'; })()",
        timeout=BOOT_TIMEOUT_MS,
    )


def expected(session: Session, bowl: int) -> dict[int, str]:
    line = session.forecast({"bowl": bowl})["line"]
    assert line is not None
    return {x["bowl"]: f"+{x['count']}" for x in line["landing"]}


def check_readable(marks: list[dict], where: str) -> None:
    for mark in marks:
        assert mark["shown"], (where, mark)
        assert contrast(mark["ink"], mark["fill"]) >= 4.5, (where, mark)  # the count on its disc
        for body in mark["body"]:  # the disc against the bowl it sits on, by its fill or its edge (WCAG 1.4.11)
            assert max(contrast(mark["fill"], body), contrast(mark["edge"], body)) >= 3, (where, mark)
        left, top, right, bottom = mark["box"]
        width, height = mark["view"]
        assert 0 <= left < right <= width and 0 <= top < bottom <= height, (where, mark)  # inside the viewport
        assert right - left >= 8, (where, mark)  # big enough to read
        assert not mark["touches"], (where, mark)  # never over the stones


def test_a_tap_marks_where_the_stones_land(phone: Page, boot) -> None:  # W6, W22, W23
    page = phone
    session = Session()
    session.new({"mode": "endless", "seed": 5, "position": POSITION})
    boot(page, "#/bowls", storage={storage_key("bowls", "run"): session.save({})})
    idle(page)
    page.locator(".bw-bowl[data-bowl='1']").tap()
    expect(page.locator(".bw-bowl.landing")).to_have_count(3)  # at once: no forecast setting needed
    marks = page.evaluate(MARKS)
    assert {m["bowl"]: m["text"] for m in marks} == expected(session, 1) == {0: "+1", 11: "+1", 10: "+1"}
    check_readable(marks, "simple")
    for theme in THEMES:  # W24: themes restyle the bowls, never the page's cues
        page.evaluate("(name) => { const r = document.querySelector('section.game-bowls');"
                      " [...r.classList].filter((c) => c.startsWith('bowls-theme-')).forEach((c) => r.classList.remove(c));"
                      " r.classList.add(`bowls-theme-${name}`); }", theme)
        check_readable(page.evaluate(MARKS), theme)
    page.emulate_media(forced_colors="active")
    check_readable(page.evaluate(MARKS), "forced colours")
    page.emulate_media(forced_colors="none")

    page.locator(".bw-bowl[data-bowl='3']").tap()  # another choice: the marks follow it
    marks = page.evaluate(MARKS)
    assert {m["bowl"]: m["text"] for m in marks} == expected(session, 3) == {4: "+1", 5: "+1"}
    out = session.sow({"bowl": 3})
    assert any(e["type"] == "erupt" for e in out["events"])  # the volcano's stones are no marks (W10)

    page.locator(".bw-bowl[data-bowl='3']").tap()  # W22: the second tap sows; the choice is spent
    idle(page)
    expect(page.locator(".bw-bowl.landing")).to_have_count(0)
    assert page.locator(ROOT).get_attribute("data-position") == session.view({})["position"]
    assert page.errors == []
