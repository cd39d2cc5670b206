"""The page kit in a real browser: the one dialog and the one page session.

The kit's modules are imported into the running arcade (home screen) and driven there, with a
stand-in engine whose answers arrive when the test says so: what the four pages rely on is
checked once, here, beside the games' own end-to-end tests."""

from __future__ import annotations

import pytest
from arcade import wait_ready
from playwright.sync_api import Page, expect

OPEN = """async (options) => {
  const { openDialog } = await import('./web/kit/dialog.js');
  const opener = document.querySelector('#app a[href], #app button');
  opener.focus();
  window.kitLog = [];
  const buttons = options.buttons.map((b) => ({ ...b, action: () => window.kitLog.push(b.label) }));
  openDialog(document.getElementById('app'), { ...options, buttons,
    onClose: (reason) => window.kitLog.push(`closed:${reason}`) });
  return opener.outerHTML;
}"""

INSIDE = "() => !!document.activeElement.closest('dialog.kit-dialog')"


def home(page: Page, boot) -> Page:
    boot(page, "#/")
    wait_ready(page)
    return page


def test_dialog_keeps_focus_inside_and_gives_it_back(page: Page, boot) -> None:
    home(page, boot)
    opener = page.evaluate(OPEN, {"title": "Start a new run?", "lines": ["The run in play is banked."],
                                  "buttons": [{"label": "Keep playing"}, {"label": "New run", "primary": True}]})
    dialog = page.locator("dialog.kit-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-labelledby", dialog.locator("h2").get_attribute("id") or "none")
    assert page.evaluate("document.activeElement.textContent") == "New run"  # the primary action first
    for key in ["Tab"] * 5 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert page.evaluate(INSIDE), key  # Tab wraps inside; nothing behind takes the focus
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)  # a one-off dialog leaves the page when it closes
    assert page.evaluate("document.activeElement.outerHTML") == opener
    assert page.evaluate("window.kitLog") == ["closed:cancel"]


def test_dialog_that_is_not_dismissable_waits_for_a_button(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(OPEN, {"title": "Game over", "dismissable": False,
                         "buttons": [{"label": "Play again", "primary": True, "cls": "again"}]})
    dialog = page.locator("dialog.kit-dialog")
    page.keyboard.press("Escape")
    page.mouse.click(5, 5)  # the backdrop
    expect(dialog).to_be_visible()
    assert page.evaluate("document.querySelector('#app').closest('[inert]') === null")
    page.click("dialog.kit-dialog .again")
    expect(dialog).to_have_count(0)
    assert page.evaluate("window.kitLog") == ["closed:Play again", "Play again"]


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_dialog_is_drawn_readable_inside_the_viewport(page: Page, boot, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    home(page, boot)
    page.evaluate(OPEN, {"title": "Settings", "closeLabel": "Close",
                         "lines": ["A sentence long enough to wrap on a phone screen, as the rules do."],
                         "buttons": [{"label": "Done", "primary": True}]})
    box = page.locator("dialog.kit-dialog").bounding_box()
    assert box and box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size[0] and box["y"] + box["height"] <= size[1]
    colours = page.evaluate("""() => {
      const d = getComputedStyle(document.querySelector('dialog.kit-dialog'));
      const p = getComputedStyle(document.querySelector('dialog.kit-dialog p'));
      return [d.backgroundColor, p.color];
    }""")
    assert colours[0] not in ("rgba(0, 0, 0, 0)", "transparent", colours[1])  # a card, text on it
    page.click("dialog.kit-dialog .kit-dialog-x")
    expect(page.locator("dialog.kit-dialog")).to_have_count(0)


SESSION = """async () => {
  const { createPage: createSession } = await import('./web/kit/page.js');
  const { createStorage } = await import('./web/storage.js');
  const root = document.createElement('section');
  document.body.append(root);
  const storage = createStorage({ notice: (text) => log.push(`notice:${text}`) });
  const log = [];
  const held = [];
  const engine = { call: (method, payload) => new Promise((resolve, reject) => held.push({ method, payload, resolve, reject })) };
  const ctx = { engine, store: storage.scope('kit-test'), keepView: (view) => log.push(`view:${view.n}`) };
  const session = createSession(root, ctx, { onExternal: (item, text) => log.push(`adopt:${item}:${text}`) });
  window.kit = { session, root, log, held, storage, store: ctx.store };
}"""


def test_session_runs_engine_operations_one_at_a_time(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(SESSION)
    page.evaluate("""() => {
      const { session } = window.kit;
      window.kit.order = [];
      for (const n of [1, 2, 3]) session.serial(() => new Promise((resolve) => {
        window.kit.order.push(`start:${n}`);
        window.kit.held.push({ resolve: () => { window.kit.order.push(`end:${n}`); resolve(n); } });
      }));
    }""")
    page.wait_for_function("kit.held.length === 1")
    assert page.evaluate("kit.root.dataset.busy") == "1"
    page.evaluate("kit.held[0].resolve()")
    page.wait_for_function("kit.held.length === 2")
    page.evaluate("kit.held[1].resolve()")
    page.wait_for_function("kit.held.length === 3")
    assert page.evaluate("kit.root.dataset.busy") == "1"
    page.evaluate("kit.held[2].resolve()")
    page.wait_for_function("kit.root.dataset.busy === undefined")
    assert page.evaluate("kit.order") == ["start:1", "end:1", "start:2", "end:2", "start:3", "end:3"]


def test_session_reports_a_failed_operation_and_goes_on(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(SESSION)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    result = page.evaluate("""async () => {
      const failed = await kit.session.serial(() => { throw new Error('engine fell over'); });
      const next = await kit.session.serial(() => 'next');
      return [failed ?? null, next, kit.root.dataset.busy ?? null];
    }""")
    assert result == [None, "next", None]
    assert any("engine fell over" in text for text in errors)


def test_session_ticket_is_latest_wins_and_close_stops_everything(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(SESSION)
    assert page.evaluate("""() => {
      const older = kit.session.ticket();
      const newer = kit.session.ticket();
      return [older(), newer()];
    }""") == [False, True]
    assert page.evaluate("""async () => {
      const live = kit.session.ticket();
      kit.session.close();
      const ran = await kit.session.serial(() => 'ran');
      return [live(), ran ?? null, kit.session.gone()];
    }""") == [False, None, True]


def test_session_keeps_answers_and_adopts_another_tabs_run(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(SESSION)
    kept = page.evaluate("""() => {
      const first = kit.session.keep({ accepted: true, save: 'run-1', view: { n: 1 }, profile: 'p-1' });
      return [first, kit.store.get('run'), kit.store.get('profile'), [...kit.log]];
    }""")
    assert kept == [True, "run-1", "p-1", ["view:1"]]
    # Another tab stores a newer run: this page's next save is refused and the newer run adopted (P10).
    adopted = page.evaluate("""async () => {
      localStorage.setItem('6e-club/v1/kit-test/run', 'run-from-the-other-tab');
      const second = kit.session.keep({ accepted: true, save: 'run-2', view: { n: 2 }, profile: null });
      await kit.session.serial(() => null);
      return [second, localStorage.getItem('6e-club/v1/kit-test/run'), [...kit.log]];
    }""")
    assert adopted == [False, "run-from-the-other-tab", ["view:1", "adopt:run:run-from-the-other-tab"]]


def test_session_moves_a_corrupt_save_aside(page: Page, boot) -> None:
    home(page, boot)
    page.evaluate(SESSION)
    loaded = page.evaluate("""async () => {
      localStorage.setItem('6e-club/v1/kit-test/run', 'garbage');
      const answer = kit.session.load('run');
      await new Promise((resolve) => setTimeout(resolve, 0));
      const ask = kit.held.pop();
      ask.reject(new Error('not a save'));
      return [await answer, ask.method, ask.payload.save, localStorage.getItem('6e-club/v1/kit-test/run'),
              Object.keys(localStorage).some((k) => k.startsWith('6e-club/v1/kit-test/run/corrupt/'))];
    }""")
    assert loaded == [None, "load", "garbage", None, True]
    assert any(entry.startswith("notice:") for entry in page.evaluate("kit.log"))  # the player is told
