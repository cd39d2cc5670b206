// The start screen: mode and set (D15, D16) and the records of the pair
// chosen (D18), as the engine's profile view has them.
import { html } from "../../svg.js";
import { scoreRows } from "./cards.js";

// The names the engine knows the modes and sets by (its answer to an unknown one is a refusal).
export const MODES = ["sprint", "marathon"];
export const SETS = ["classic", "extended"];

/** @typedef {{ mode: string, set: string }} Choice */

/** The mode and set chosen last (stored by the page, a preference, not the run); the start screen keeps only known names. @param {string | null} text @returns {Choice | null} */
export function readChoice(text) {
  try {
    return JSON.parse(text ?? "null");
  } catch (error) {
    console.warn("domino: the stored choice is no JSON; the first mode and set are chosen", error);
    return null;
  }
}
/** @typedef {Domino.ProfileView} Profile the engine's records and what it says of the choices */

/**
 * A titled radio group of big buttons (the values of `kind`: mode or set), each with a hint the page
 * fills in; arrows move the choice.
 * @param {HTMLElement} parent @param {import("./cards.js").Format["t"]} t @param {"mode" | "set"} kind
 * @param {string[]} values @param {(value: string) => void} onPick
 */
function segmented(parent, t, kind, values, onPick) {
  /** @type {Record<string, HTMLElement>} */
  const hints = {};
  html("h3", {}, parent, t(`domino.start.${kind}`));
  const group = html("div", { class: "dd-seg", role: "radiogroup", "aria-label": t(`domino.start.${kind}`) }, parent);
  const buttons = values.map((value) => {
    const b = html("button", { type: "button", class: "dd-opt", role: "radio", "data-value": value }, group);
    html("strong", {}, b, t(`domino.${kind}.${value}`));
    hints[value] = html("span", {}, b, "\u00a0"); // a line kept for the hint until the engine said it
    b.addEventListener("click", () => onPick(value));
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
  /** Shows `value` as chosen. @param {string} value */
  const show = (value) =>
    buttons.forEach((b) => {
      const on = b.dataset.value === value;
      b.setAttribute("aria-checked", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
    });
  return { show, hints };
}

/**
 * @param {HTMLElement} parent @param {import("./cards.js").Format} fmt
 * @param {{ onStart: (mode: string, set: string) => void, onDaily: () => void }} on
 *   onDaily: today's daily, a Sprint of the classic set for everyone
 */
export function createStart(parent, fmt, { onStart, onDaily }) {
  const { t } = fmt;
  const card = html("section", { class: "dd-start", "aria-labelledby": "dd-start-title" }, parent);
  html("h2", { id: "dd-start-title" }, card, t("domino.start.title"));
  html("p", { class: "dd-lead" }, card, t("domino.start.lead"));
  const choice = { mode: "sprint", set: "classic" };
  const modes = segmented(card, t, "mode", MODES, (v) => {
    choice.mode = v;
    render();
  });
  const sets = segmented(card, t, "set", SETS, (v) => {
    choice.set = v;
    render();
  });
  // The records' title sits outside the <dl>: a list may hold only dt/dd groups.
  const recordsBox = html("div", { class: "dd-records" }, card);
  const recordsTitle = html("p", { class: "dd-rec-title" }, recordsBox);
  const records = html("dl", { class: "dd-rec-list" }, recordsBox);
  const row = html("div", { class: "dd-go-row" }, card);
  const go = html("button", { type: "button", class: "btn primary dd-go" }, row, t("domino.start.play"));
  go.addEventListener("click", () => onStart(choice.mode, choice.set));
  html("button", { type: "button", class: "btn dd-daily" }, row, t("domino.start.daily")).addEventListener("click", onDaily);
  html("p", { class: "dd-keys" }, card, t("domino.start.keys"));
  /** @type {Profile | null} */
  let profile = null;

  function render() {
    modes.show(choice.mode);
    sets.show(choice.set);
    // The hints say the engine's numbers (D2, D6): until it answered, they wait (a stored profile view may lack them).
    modes.hints.sprint.textContent = t("domino.mode.sprintHint");
    if (profile?.faster) modes.hints.marathon.textContent = t("domino.mode.marathonHint", { faster: fmt.number(profile.faster) });
    for (const name of SETS) {
      const set = profile?.sets?.[name];
      if (set) sets.hints[name].textContent = t(`domino.set.${name}Hint`, { count: set.tiles, top: set.top });
    }
    recordsTitle.textContent = t("domino.records", { mode: t(`domino.mode.${choice.mode}`), set: t(`domino.set.${choice.set}`) });
    scoreRows(fmt, profile?.records?.[`${choice.mode}/${choice.set}`], records);
  }

  return {
    node: card,
    /** @param {Profile | null} nextProfile @param {Choice | null} preferred (an unknown mode or set: the first) */
    show(nextProfile, preferred) {
      profile = nextProfile;
      choice.mode = preferred && MODES.includes(preferred.mode) ? preferred.mode : MODES[0];
      choice.set = preferred && SETS.includes(preferred.set) ? preferred.set : SETS[0];
      render();
      card.hidden = false;
      go.focus();
    },
    hide() {
      card.hidden = true;
    },
    /** New records (the run that just ended banked): shown without moving the choice or the focus. @param {Profile | null} nextProfile */
    update(nextProfile) {
      profile = nextProfile;
      render();
    },
  };
}
