"""What a screen-reader user hears (P11): every text added to a live region,
recorded in order from the moment ``listen`` is called. Old words a region
keeps are not heard again; an added node or text is heard once. A script that
plays by ear reads ``heard`` and the accessibility tree, never the SVG."""

from __future__ import annotations

from playwright.sync_api import Page

LISTEN = """() => {
  if (window.__heard) { window.__heard.length = 0; return; }
  const heard = (window.__heard = []);
  const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
  const urgency = (region) => region.getAttribute('aria-live') || (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
  const record = (node, region) => {
    const text = (node.textContent || '').trim();
    if (text) heard.push({ text, urgency: urgency(region), region: region.id || region.className });
  };
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      const at = change.target.nodeType === 1 ? change.target : change.target.parentElement;
      const region = at?.closest(LIVE);
      if (!region || region.closest('[aria-live="off"]') !== null && !region.matches(LIVE)) continue;
      if (change.type === 'characterData') record(change.target, region);
      for (const node of change.addedNodes) record(node, region);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def listen(page: Page) -> None:
    """Start (or restart) recording what the live regions say."""
    page.evaluate(LISTEN)


def heard(page: Page) -> list[str]:
    """Every message heard since ``listen``, in order."""
    return [item["text"] for item in page.evaluate("window.__heard || []")]


def heard_with_urgency(page: Page) -> list[tuple[str, str]]:
    return [(item["text"], item["urgency"]) for item in page.evaluate("window.__heard || []")]


def wait_heard(page: Page, text: str, timeout: float = 15_000) -> None:
    """Until a message containing ``text`` was heard."""
    page.wait_for_function(
        "t => (window.__heard || []).some((h) => h.text.includes(t))", arg=text, timeout=timeout
    )
