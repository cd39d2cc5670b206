// The mode screen (Endless, Daily with its date, then the registered modes), the
// end-of-attempt card, the settings dialog and a small confirm dialog.
import { html } from "../../svg.js";
import { MODES } from "./modes.js";

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

// Tab and Shift+Tab cycle inside the card: nothing behind a modal can take focus
// (P11; the same as Domino's cards). Returns the handler for the overlay.
function trapTab(card) {
  return (e) => {
    if (e.key !== "Tab") return;
    const items = [...card.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    if (!items.length) { e.preventDefault(); return; }
    const at = items.indexOf(document.activeElement); // -1: the heading, the card or outside
    if (e.shiftKey && at <= 0) { e.preventDefault(); items[items.length - 1].focus(); }
    else if (!e.shiftKey && (at === -1 || at === items.length - 1)) { e.preventDefault(); items[0].focus(); }
  };
}

// A modal card over the page; returns {close, overlay, card}. Escape closes it
// when `dismissable`; focus stays inside while it is open and goes back to
// where it was when it closes.
export function dialog(root, { title, lines = [], buttons, cls = "", dismissable = true, returnFocus = null }) {
  const titleId = `bw-dialog-${Math.random().toString(36).slice(2)}`; // unique when cards stack
  const overlay = html("div", { class: `overlay bw-overlay ${cls}`, role: "dialog", "aria-modal": "true", "aria-labelledby": titleId }, root);
  const card = html("div", { class: "overlay-card bw-card" }, overlay);
  html("h2", { id: titleId }, card, title);
  for (const line of lines) {
    if (line instanceof Node) card.appendChild(line);
    else html("p", { class: line.cls ?? "" }, card, line.text ?? line);
  }
  const row = html("div", { class: "bw-card-buttons" }, card);
  const previous = document.activeElement;
  const onTab = trapTab(card);
  // The page may leave (another route) with the card open: then it lets go of the keys.
  const topmost = () => {
    if (!overlay.isConnected || !root.isConnected) { release(); return false; }
    return [...root.querySelectorAll(".bw-overlay")].pop() === overlay;
  };
  const onKey = (e) => {
    if (!topmost()) return;
    if (e.key === "Escape" && dismissable) { e.preventDefault(); e.stopPropagation(); close(); return; }
    onTab(e);
  };
  // Focus that lands behind the overlay (a click on the page, a script) comes back in.
  const onFocusIn = (e) => {
    if (topmost() && !overlay.contains(e.target)) (card.querySelector(FOCUSABLE) ?? card).focus({ preventScroll: true });
  };
  function release() {
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("focusin", onFocusIn, true);
  }
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    overlay.remove();
    release();
    // Back where focus was; an end card's opener is gone or disabled, so it names a place.
    const usable = previous?.isConnected && !previous.disabled && previous !== document.body;
    if (usable) previous.focus?.({ preventScroll: true });
    else returnFocus?.();
  }
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("focusin", onFocusIn, true);
  const made = buttons.map(({ label, primary, action, cls: bcls }) => {
    const b = html("button", { class: `btn${primary ? " primary" : ""}${bcls ? ` ${bcls}` : ""}`, type: "button" }, row, label);
    b.addEventListener("click", () => { close(); action?.(); });
    return b;
  });
  (made.find((b) => b.classList.contains("primary")) ?? made[0])?.focus({ preventScroll: true });
  return { close, overlay, card };
}

function modeCard(list, { id, title, sub, best, buttons, disabled = false }) {
  const item = html("li", { class: `bw-mode bw-mode-${id}${disabled ? " disabled" : ""}`, "data-mode": id }, list);
  html("h2", {}, item, title);
  html("p", { class: "bw-mode-sub" }, item, sub);
  if (best) html("p", { class: "bw-mode-best" }, item, best);
  const row = html("div", { class: "bw-mode-buttons" }, item);
  for (const b of buttons) {
    const button = html("button", { class: `btn${b.primary ? " primary" : ""} ${b.cls ?? ""}`, type: "button", disabled: b.disabled }, row, b.label);
    if (b.action) button.addEventListener("click", b.action);
  }
  return item;
}

// A new attempt replaces the mode's unfinished one and its score: ask first.
function startOver(api, unfinished, payload) {
  if (!unfinished) { api.start(payload); return; }
  const { t, number } = api.fmt;
  dialog(api.root(), {
    title: t("bowls.discardTitle"),
    lines: [t("bowls.discardText", { score: number(unfinished.score), count: unfinished.moves })],
    buttons: [
      { label: t("bowls.discardYes"), cls: "bw-discard-yes", action: () => api.start(payload) },
      { label: t("bowls.discardNo"), primary: true, cls: "bw-discard-no" },
    ],
    cls: "bw-discard",
  });
}

// The built-in mode cards; registered modes (puzzles, themes) bring their own
// renderCard(list, api), which may be async (it asks the engine). The screen is
// built aside and put in place whole, once every card is drawn.
export async function renderModeScreen(target, api, { today }) {
  const { t, number } = api.fmt;
  const container = document.createDocumentFragment();
  html("h1", { class: "bw-modes-title" }, container, t("bowls.title"));
  html("p", { class: "bw-modes-lead" }, container, t("bowls.tagline"));
  const list = html("ul", { class: "bw-modes" }, container);
  const profile = api.profile();
  const bestText = (value) => (value === undefined || value === null ? t("bowls.noBest") : t("bowls.bestIs", { score: number(value) }));

  const endless = api.unfinished("endless");
  modeCard(list, {
    id: "endless", title: t("bowls.mode.endless"), sub: t("bowls.endlessPitch"), best: bestText(profile.best?.endless),
    buttons: [
      ...(endless ? [{ label: t("bowls.continue"), primary: true, cls: "bw-continue", action: () => api.resume("endless") }] : []),
      { label: t("bowls.newAttempt"), primary: !endless, cls: "bw-start", action: () => startOver(api, endless, { mode: "endless" }) },
    ],
  });
  const daily = api.unfinished("daily");
  const dailyBest = profile.daily?.[today];
  modeCard(list, {
    id: "daily", title: t("bowls.mode.daily"), sub: t("bowls.dailyPitch", { date: today }),
    best: dailyBest === undefined ? t("bowls.noDailyBest") : t("bowls.dailyBestIs", { score: number(dailyBest) }),
    buttons: [
      ...(daily ? [{ label: daily.date === today ? t("bowls.continue") : t("bowls.continueFrom", { date: daily.date }),
        primary: true, cls: "bw-continue", action: () => api.resume("daily") }] : []),
      { label: dailyBest === undefined ? t("bowls.playToday") : t("bowls.replayToday"), primary: !daily, cls: "bw-start",
        action: () => startOver(api, daily, { mode: "daily", date: today }) },
    ],
  });
  for (const mode of MODES) await mode.renderCard?.(list, api);
  const links = html("p", { class: "bw-modes-links" }, container);
  html("a", { class: "btn", href: "#/rules/bowls" }, links, t("bowls.rules"));
  const settings = html("button", { class: "btn bw-settings", type: "button" }, links, t("bowls.settings"));
  settings.addEventListener("click", api.openSettings);
  target.replaceChildren(container);
}

const END_TITLES = { overflow: "bowls.over.overflow", stuck: "bowls.over.stuck", limit: "bowls.over.limit", ended: "bowls.over.ended" };

export function showOverCard(root, api, view, outcome) {
  const { t, number } = api.fmt;
  const lines = [{ text: t("bowls.over.score", { score: number(view.score) }), cls: "bw-final" }];
  const banked = outcome?.events?.find((e) => e.type === "recorded"); // the action that ended it (W25)
  if (view.training) lines.push({ text: t("bowls.over.training"), cls: "bw-note" });
  else if (banked?.best || banked?.daily_best) lines.push({ text: t("bowls.over.newBest"), cls: "bw-newbest" });
  const buttons = [{ label: t("bowls.newAttempt"), primary: true, cls: "bw-again", action: () => api.start(view.mode === "daily" ? { mode: "daily", date: api.today() } : { mode: view.mode }) }];
  if (view.can_undo) buttons.push({ label: t("bowls.undoLast"), cls: "bw-over-undo", action: api.undo });
  buttons.push({ label: t("bowls.toModes"), cls: "bw-to-modes", action: api.showModes });
  return dialog(root, { title: t(END_TITLES[view.status] ?? "bowls.attemptOver"), lines, buttons, cls: "bw-over", returnFocus: api.focusBoard });
}

export function showSettings(root, api) {
  const { t } = api.fmt;
  const prefs = api.prefs();
  const label = html("label", { class: "bw-toggle" });
  const box = html("input", { type: "checkbox", class: "bw-forecast-toggle" }, label);
  box.checked = Boolean(prefs.forecast);
  html("span", {}, label, t("bowls.forecastSetting"));
  const help = html("p", { class: "bw-note" }, null, t("bowls.forecastHelp"));
  box.addEventListener("change", () => api.setPrefs({ ...api.prefs(), forecast: box.checked }));
  return dialog(root, { title: t("bowls.settings"), lines: [label, help], buttons: [{ label: t("bowls.close"), primary: true }], cls: "bw-settings-card" });
}
