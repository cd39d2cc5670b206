// The start screen (mode and set, records: D15, D16, D18), and the pause and
// game-over cards.
import { html } from "../../svg.js";

export const MODES = ["sprint", "marathon"];
export const SETS = ["classic", "extended"];

function segmented(parent, name, options, label, onPick) {
  const group = html("div", { class: "dd-seg", role: "radiogroup", "aria-label": label }, parent);
  const buttons = options.map((o) => {
    const b = html("button", { type: "button", class: "dd-opt", role: "radio", "data-value": o.value }, group);
    html("strong", {}, b, o.title);
    html("span", {}, b, o.hint);
    b.addEventListener("click", () => onPick(o.value));
    return b;
  });
  group.addEventListener("keydown", (e) => {
    const i = buttons.indexOf(document.activeElement);
    if (i < 0 || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) return;
    e.preventDefault();
    const j = (i + (e.key === "ArrowLeft" || e.key === "ArrowUp" ? buttons.length - 1 : 1)) % buttons.length;
    buttons[j].focus();
    onPick(buttons[j].dataset.value);
  });
  return (value) => buttons.forEach((b) => {
    const on = b.dataset.value === value;
    b.setAttribute("aria-checked", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
  });
}

export function createStart(parent, { t, number }, { onStart }) {
  const card = html("section", { class: "dd-start", "aria-labelledby": "dd-start-title" }, parent);
  html("h2", { id: "dd-start-title" }, card, t("domino.start.title"));
  html("p", { class: "dd-lead" }, card, t("domino.start.lead"));
  const choice = { mode: "sprint", set: "classic" };
  html("h3", {}, card, t("domino.start.mode"));
  const showMode = segmented(card, "mode", [
    { value: "sprint", title: t("domino.mode.sprint"), hint: t("domino.mode.sprintHint") },
    { value: "marathon", title: t("domino.mode.marathon"), hint: t("domino.mode.marathonHint") },
  ], t("domino.start.mode"), (v) => { choice.mode = v; render(); });
  html("h3", {}, card, t("domino.start.set"));
  const showSet = segmented(card, "set", [
    { value: "classic", title: t("domino.set.classic"), hint: t("domino.set.classicHint") },
    { value: "extended", title: t("domino.set.extended"), hint: t("domino.set.extendedHint") },
  ], t("domino.start.set"), (v) => { choice.set = v; render(); });
  // The records' title sits outside the <dl>: a list may hold only dt/dd groups.
  const recordsBox = html("div", { class: "dd-records" }, card);
  const recordsTitle = html("p", { class: "dd-rec-title" }, recordsBox);
  const records = html("dl", { class: "dd-rec-list" }, recordsBox);
  const go = html("button", { type: "button", class: "btn primary dd-go" }, card, t("domino.start.play"));
  go.addEventListener("click", () => onStart(choice.mode, choice.set));
  const keys = html("p", { class: "dd-keys" }, card, t("domino.start.keys"));
  let profile = { records: {} };

  function render() {
    showMode(choice.mode);
    showSet(choice.set);
    records.replaceChildren();
    const best = profile.records?.[`${choice.mode}/${choice.set}`];
    recordsTitle.textContent = t("domino.records", { mode: t(`domino.mode.${choice.mode}`), set: t(`domino.set.${choice.set}`) });
    for (const field of ["max", "power", "speed"]) {
      const row = html("div", { class: "dd-rec" }, records);
      html("dt", {}, row, t(`domino.${field}`));
      const value = best ? (field === "speed" ? number(best.speed, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : number(best[field])) : "–";
      html("dd", {}, row, value);
    }
  }

  return {
    node: card,
    show(nextProfile, preferred) {
      profile = nextProfile || { records: {} };
      if (preferred && MODES.includes(preferred.mode)) choice.mode = preferred.mode;
      if (preferred && SETS.includes(preferred.set)) choice.set = preferred.set;
      render();
      card.hidden = false;
      go.focus();
    },
    hide() { card.hidden = true; },
    choice: () => ({ ...choice }),
    keys,
  };
}

// A modal card over the page: pause or the end of the game.
// `armMs`: the card ignores input that long, so a key still being hammered
// for the game (Space) does not press its first button by accident.
export function showCard(root, { title, lines = [], buttons, labelledBy = "dd-card-title", badge = null, armMs = 0 }) {
  const overlay = html("div", { class: "overlay dd-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": labelledBy }, root);
  const card = html("div", { class: "overlay-card dd-card" }, overlay);
  html("h2", { id: labelledBy }, card, title);
  if (badge) html("p", { class: "dd-badge" }, card, badge);
  if (lines.length) {
    const list = html("dl", { class: "dd-final" }, card);
    for (const [label, value, fresh] of lines) {
      const row = html("div", { class: `dd-rec${fresh ? " fresh" : ""}` }, list);
      html("dt", {}, row, label);
      html("dd", {}, row, value);
    }
  }
  const actions = html("div", { class: "dd-actions" }, card);
  const nodes = buttons.map(({ label, primary, onClick, href }) => {
    const b = href
      ? html("a", { class: `btn${primary ? " primary" : ""}`, href }, actions, label)
      : html("button", { type: "button", class: `btn${primary ? " primary" : ""}` }, actions, label);
    if (onClick) b.addEventListener("click", onClick);
    return b;
  });
  // keep Tab inside the card
  overlay.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  });
  if (armMs > 0) {
    overlay.inert = true;
    setTimeout(() => { overlay.inert = false; nodes[0]?.focus(); }, armMs);
  } else {
    nodes[0]?.focus();
  }
  return overlay;
}
