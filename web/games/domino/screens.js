// The start screen: mode and set (D15, D16) and the records of the pair
// chosen (D18), as the engine's profile view has them.
import { html } from "../../svg.js";
import { oneDecimal } from "./cards.js";

// The names the engine knows the modes and sets by (its answer to an unknown one is a refusal).
export const MODES = ["sprint", "marathon"];
export const SETS = ["classic", "extended"];

/** @typedef {{ mode: string, set: string }} Choice */
/** @typedef {{ records: Record<string, { max: number, power: number, speed: number, games: number }> }} Profile */

/**
 * A radio group of big buttons; arrows move the choice.
 * @param {HTMLElement} parent @param {Array<{ value: string, title: string, hint: string }>} options
 * @param {string} label @param {(value: string) => void} onPick
 * @returns {(value: string) => void} shows a value as chosen
 */
function segmented(parent, options, label, onPick) {
  const group = html("div", { class: "dd-seg", role: "radiogroup", "aria-label": label }, parent);
  const buttons = options.map((o) => {
    const b = html("button", { type: "button", class: "dd-opt", role: "radio", "data-value": o.value }, group);
    html("strong", {}, b, o.title);
    html("span", {}, b, o.hint);
    b.addEventListener("click", () => onPick(o.value));
    return b;
  });
  group.addEventListener("keydown", (e) => {
    const i = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (i < 0 || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) return;
    e.preventDefault();
    const j = (i + (e.key === "ArrowLeft" || e.key === "ArrowUp" ? buttons.length - 1 : 1)) % buttons.length;
    buttons[j].focus();
    onPick(buttons[j].dataset.value ?? "");
  });
  return (value) => buttons.forEach((b) => {
    const on = b.dataset.value === value;
    b.setAttribute("aria-checked", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
  });
}

/**
 * @param {HTMLElement} parent @param {import("./cards.js").Format} fmt
 * @param {{ onStart: (mode: string, set: string) => void }} on
 */
export function createStart(parent, fmt, { onStart }) {
  const { t, number } = fmt;
  const card = html("section", { class: "dd-start", "aria-labelledby": "dd-start-title" }, parent);
  html("h2", { id: "dd-start-title" }, card, t("domino.start.title"));
  html("p", { class: "dd-lead" }, card, t("domino.start.lead"));
  const choice = { mode: "sprint", set: "classic" };
  html("h3", {}, card, t("domino.start.mode"));
  const showMode = segmented(card, [
    { value: "sprint", title: t("domino.mode.sprint"), hint: t("domino.mode.sprintHint") },
    { value: "marathon", title: t("domino.mode.marathon"), hint: t("domino.mode.marathonHint") },
  ], t("domino.start.mode"), (v) => { choice.mode = v; render(); });
  html("h3", {}, card, t("domino.start.set"));
  const showSet = segmented(card, [
    { value: "classic", title: t("domino.set.classic"), hint: t("domino.set.classicHint") },
    { value: "extended", title: t("domino.set.extended"), hint: t("domino.set.extendedHint") },
  ], t("domino.start.set"), (v) => { choice.set = v; render(); });
  // The records' title sits outside the <dl>: a list may hold only dt/dd groups.
  const recordsBox = html("div", { class: "dd-records" }, card);
  const recordsTitle = html("p", { class: "dd-rec-title" }, recordsBox);
  const records = html("dl", { class: "dd-rec-list" }, recordsBox);
  const go = html("button", { type: "button", class: "btn primary dd-go" }, card, t("domino.start.play"));
  go.addEventListener("click", () => onStart(choice.mode, choice.set));
  html("p", { class: "dd-keys" }, card, t("domino.start.keys"));
  /** @type {Profile} */
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
      const value = !best ? "–" : field === "speed" ? oneDecimal(fmt, best.speed) : number(field === "max" ? best.max : best.power);
      html("dd", {}, row, value);
    }
  }

  return {
    node: card,
    /** @param {Profile | null} nextProfile @param {Choice | null} preferred */
    show(nextProfile, preferred) {
      profile = nextProfile || { records: {} };
      if (preferred && MODES.includes(preferred.mode)) choice.mode = preferred.mode;
      if (preferred && SETS.includes(preferred.set)) choice.set = preferred.set;
      render();
      card.hidden = false;
      go.focus();
    },
    hide() { card.hidden = true; },
  };
}
