"""A confirmation said over an end card (P13, P12): Share and "Copy challenge link" on a finished run's card say
"copied" where the player sees it, on a phone by touch (the card is the top layer, over the page's notices) and on a
desktop by mouse (the card's backdrop dims the page): the notice is the topmost thing at its own centre, drawn at full
opacity inside the card's top layer, in the viewport, and over none of the card's actions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from arcade import storage_key, wait_ready
from club.blocks.api import Session
from club.blocks.pieces import CELLS
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
STRINGS = json.loads((ROOT / "web/i18n/shell.en.json").read_text())
SLOW_MS = 30_000

# Where the notice is, and what covers it: the element hit at its centre, its opacity down to the root, whether a
# modal dialog holds it (the top layer, above the backdrop), its box, and the card's action buttons' boxes.
SEEN = """(item) => {
  const box = item.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  let opacity = 1;
  for (let n = item; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
  const actions = [...document.querySelectorAll('dialog[open] .club-end-actions .btn')].map((b) => {
    const r = b.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  });
  return {
    onTop: Boolean(hit && item.contains(hit)),
    opacity,
    inModal: Boolean(item.closest('dialog')?.matches(':modal')),
    box: [box.left, box.top, box.right, box.bottom],
    view: [innerWidth, innerHeight],
    actions,
  };
}"""


def finished_run() -> str:
    """A blocks run played to its end by the first piece that fits (a re-deal when none does): its save."""
    session = Session()
    session.new_run({"seed": 11})
    while not session.view({})["over"]:
        view = session.view({})
        slot = next((s for s in view["tray"] if s.get("piece") and s.get("fits")), None)
        answer = (session.place({"slot": slot["slot"], "cell": str(CELLS[slot["targets"][0]])}) if slot
                  else session.redeal({}))
        assert answer["accepted"], answer["reason"]
    return session.save({})


# The notice saying ``text``, read in the page as it comes (a confirmation fades 2.6 s after it is said, web/notices.js
# DONE_MS; a test's round trips, one a read, could outlast that on a loaded machine): how many say it, SEEN's reading
# of it, then, the card closed, where it went (once the dialog's close event was dispatched: the browser queues it).
CATCH = """([text, wait]) => { window.__notice = new Promise((done, failed) => {
  const seen = """ + SEEN + """;
  const said = () => [...document.querySelectorAll('.notice')].filter((n) => n.textContent.includes(text));
  const read = (items) => {
    const item = items[0], card = item.closest('dialog'), at = { count: items.length, ...seen(item) };
    if (!card) { done({ ...at, back: null }); return; }
    card.addEventListener('close', () => setTimeout(() => done({ ...at, back: item.parentElement?.id ?? null }), 0), { once: true });
    card.close();
  };
  if (said().length) { read(said()); return; }
  const watch = new MutationObserver(() => { if (said().length) { watch.disconnect(); read(said()); } });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => { watch.disconnect(); failed(new Error(`no notice says ${text}`)); }, wait);
}); }"""

CASES = {"phone, by touch": ("phone", ".club-share", "shell.club.copiedResult"),
         "phone, the challenge link": ("phone", ".club-copy-link", "shell.club.copiedLink"),
         "desktop, by mouse": ("page", ".club-share", "shell.club.copiedResult"),
         "desktop, the challenge link": ("page", ".club-copy-link", "shell.club.copiedLink")}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_copied_is_said_over_the_end_card(request: pytest.FixtureRequest, boot, server_url: str, case: str) -> None:
    kind, button, said = CASES[case]
    page: Page = request.getfixturevalue(kind)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    boot(page, "#/blocks", storage={storage_key("blocks", "run"): finished_run()})
    wait_ready(page)
    card = page.locator("dialog.bk-over")
    expect(card.locator(button)).to_be_visible(timeout=SLOW_MS)
    page.evaluate(CATCH, [STRINGS[said], SLOW_MS])
    if kind == "phone":
        card.locator(button).tap()
    else:
        card.locator(button).click()
    seen = page.evaluate("window.__notice")
    print(case, seen)
    assert seen["count"] == 1, seen  # one notice says it
    assert seen["inModal"], seen  # in the card's top layer, above its backdrop
    assert seen["onTop"], seen  # nothing over it, the card included
    assert seen["opacity"] == 1, seen  # not faded, not dimmed
    left, top, right, bottom = seen["box"]
    assert left >= 0 and top >= 0 and right <= seen["view"][0] and bottom <= seen["view"][1], seen
    for a_left, a_top, a_right, a_bottom in seen["actions"]:
        assert right <= a_left or a_right <= left or bottom <= a_top or a_bottom <= top, seen  # over no action
    # closed with the card, a confirmation still up goes back to the page's place: no notice is lost with a card
    assert seen["back"] == "notices", seen
