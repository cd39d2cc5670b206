// The modal cards of Domino Drop, all the kit's dialog: the pause card, the
// end card and the question before an unfinished run is thrown away. They show
// the engine's numbers (D13, D18) and the fields a finished run beat.
import { openDialog } from "../../kit/dialog.js";
import { html } from "../../svg.js";

const ARM_MS = 600; // the end card ignores input that long: a key still hammered for the game (Space) presses nothing

/**
 * @typedef {object} Format
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 */

/** @typedef {import("../../kit/dialog.js").Dialog} Dialog */

/** Speed as the engine rounded it (D13): always one decimal. @param {Format} fmt @param {number} value */
export const oneDecimal = (fmt, value) => fmt.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Max, Power and Speed (D13) as the rows of a list, "–" before the first game; `fresh` names the records beaten.
 * Used by the cards (a run's view) and the start screen (a mode and set's records).
 * @param {Format} fmt @param {{ max: number, power: number, speed: number } | null | undefined} scores
 * @param {HTMLElement} list @param {Set<string>} [fresh]
 */
export function scoreRows(fmt, scores, list, fresh = new Set()) {
  list.replaceChildren();
  const shown = scores ? { max: fmt.number(scores.max), power: fmt.number(scores.power), speed: oneDecimal(fmt, scores.speed) } : null;
  for (const field of /** @type {const} */ (["max", "power", "speed"])) {
    const row = html("div", { class: `dd-rec${fresh.has(field) ? " fresh" : ""}` }, list);
    html("dt", {}, row, fmt.t(`domino.${field}`));
    html("dd", {}, row, shown ? shown[field] : "–");
  }
  return list;
}

/**
 * The pause card. `live`: its buttons act (a card drawn from the stored view before the engine is up does not).
 * @param {HTMLElement} host @param {Format} fmt @param {Domino.View} view
 * @param {{ live: boolean, resume: () => void, newGame: () => void, closed: (dialog: Dialog) => void }} on
 * @returns {Dialog}
 */
export function pauseCard(host, fmt, view, on) {
  const dialog = openDialog(host, {
    title: fmt.t("domino.paused"),
    cls: "dd-overlay dd-card",
    lines: [scoreRows(fmt, view, html("dl", { class: "dd-final" }))],
    dismissable: on.live, // Escape resumes, as P does
    buttons: [
      { label: fmt.t("domino.resume"), primary: true, keepOpen: !on.live, action: on.live ? on.resume : undefined },
      { label: fmt.t("domino.newGame"), keepOpen: true, action: on.live ? on.newGame : undefined },
    ],
    onClose: (reason) => {
      on.closed(dialog);
      if (reason === "cancel") on.resume();
    },
  });
  html("a", { class: "btn", href: "#/rules/domino" }, dialog.buttons, fmt.t("domino.rules")); // the Rules link after the buttons
  return dialog;
}

/**
 * The end card: the engine's numbers, the records beaten, Play again or Change mode.
 * @param {HTMLElement} host @param {Format} fmt @param {Domino.View} view @param {string} title
 * @param {Set<string>} fresh
 * @param {{ again: () => void, menu: () => void, closed: (dialog: Dialog) => void, later: (fn: () => void, ms: number) => void }} on
 * @returns {Dialog}
 */
export function overCard(host, fmt, view, title, fresh, on) {
  const lines = fresh.size ? [html("p", { class: "dd-badge" }, null, fmt.t("domino.over.record"))] : [];
  const dialog = openDialog(host, {
    title,
    cls: "dd-overlay dd-card",
    lines: [...lines, scoreRows(fmt, view, html("dl", { class: "dd-final" }), fresh)],
    dismissable: false,
    buttons: [
      { label: fmt.t("domino.again"), primary: true, action: on.again },
      { label: fmt.t("domino.menu"), action: on.menu },
    ],
    onClose: () => on.closed(dialog),
  });
  dialog.node.inert = true;
  on.later(() => {
    dialog.node.inert = false;
    /** @type {HTMLElement | null} */ (dialog.buttons.querySelector(".primary"))?.focus();
  }, ARM_MS);
  return dialog;
}

/**
 * Pause -> New game throws the unfinished run away: ask first (focus on the safe answer, Escape keeps playing).
 * @param {HTMLElement} host @param {Format} fmt @returns {Promise<boolean>}
 */
export function askNewGame(host, fmt) {
  return new Promise((resolve) => {
    const dialog = openDialog(host, {
      title: fmt.t("domino.confirmNew.title"),
      cls: "dd-confirm",
      lines: [fmt.t("domino.confirmNew.text")],
      focus: ".dd-confirm-no",
      buttons: [
        { label: fmt.t("domino.confirmNew.no"), cls: "dd-confirm-no" },
        { label: fmt.t("domino.confirmNew.yes"), cls: "dd-confirm-yes", primary: true, keepOpen: true, action: () => dialog.close("yes") },
      ],
      onClose: (reason) => resolve(reason === "yes"),
    });
  });
}
