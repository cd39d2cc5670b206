// The modal cards of Domino Drop, all the kit's dialog: the pause card, the
// end card and the question before an unfinished run is thrown away. They show
// the engine's numbers (D13, D18) and the fields a finished run beat.
import { openDialog } from "../../kit/dialog.js";
import { html } from "../../svg.js";

const ARM_MS = 600; // the end card's keys act only after that long: a key still hammered for the game (Space) presses nothing

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
 * @param {{ live: boolean, resume: () => void, newGame?: () => void, closed: (dialog: Dialog) => void }} on
 *   no newGame: no New game button (the lesson)
 * @returns {Dialog}
 */
export function pauseCard(host, fmt, view, on) {
  const newGame = on.newGame;
  const dialog = openDialog(host, {
    title: fmt.t("domino.paused"),
    cls: "dd-overlay dd-card",
    lines: [scoreRows(fmt, view, html("dl", { class: "dd-final" }))],
    dismissable: on.live, // Escape resumes, as P does
    buttons: [
      { label: fmt.t("domino.resume"), primary: true, keepOpen: !on.live, action: on.live ? on.resume : undefined },
      ...(newGame ? [{ label: fmt.t("domino.newGame"), keepOpen: true, action: on.live ? newGame : undefined }] : []),
    ],
    onClose: (reason) => {
      on.closed(dialog);
      if (reason === "cancel") on.resume();
    },
  });
  html("a", { class: "btn", href: "#/rules/domino" }, dialog.buttons, fmt.t("domino.rules")); // the Rules link after the buttons
  return dialog;
}

/** Play time as m:ss (h:mm:ss from an hour on). @param {Format} fmt @param {number} ms */
export function playTime(fmt, ms) {
  const seconds = Math.floor(ms / 1000);
  const two = (/** @type {number} */ n) => fmt.number(n, { minimumIntegerDigits: 2 });
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h ? `${fmt.number(h)}:${two(m)}:${two(sec)}` : `${fmt.number(m)}:${two(sec)}`;
}

/**
 * This run's figures: tiles played, play time (D17), sets played out.
 * @param {Format} fmt @param {Domino.View} view
 */
function figures(fmt, view) {
  const list = html("dl", { class: "dd-figures" });
  const rows = [
    ["tiles", fmt.number(view.turns)],
    ["time", playTime(fmt, view.active_ms)],
    ["sets", fmt.number(view.sets_done)],
  ];
  for (const [name, text] of rows) {
    const row = html("div", { class: "dd-fig", "data-figure": name }, list);
    html("dt", {}, row, fmt.t(`domino.over.${name}`));
    html("dd", {}, row, text);
  }
  return list;
}

/**
 * The end card: this run's figures, its Max, Power and Speed each over the record of its mode and set
 * (a "New record" line where it beat it), Play again (focused at once; its keys act once the card is armed)
 * or Change mode (none in the lesson). It sits beside the well on wide screens: the final board stays visible.
 * @param {HTMLElement} host @param {Format} fmt @param {Domino.View} view the run's view: its `record` (the fields its
 *   end beat, the records after it: D18) is the run's own, so a reload or a language switch shows it again
 * @param {string} title
 * @param {{ again: () => void, menu?: () => void, closed: (dialog: Dialog) => void, later: (fn: () => void, ms: number) => void }} on
 * @param {HTMLElement} [club] the Daily Club's part (daily line, grid, share and replay), filled in later
 * @returns {Dialog}
 */
export function overCard(host, fmt, view, title, on, club) {
  const record = view.record;
  const fresh = new Set(record?.beaten ?? []);
  const lines = fresh.size ? [html("p", { class: "dd-badge" }, null, fmt.t("domino.over.record"))] : [];
  const list = scoreRows(fmt, view, html("dl", { class: "dd-final" }), fresh);
  const best = record?.best;
  if (best) {
    const shown = { max: fmt.number(best.max), power: fmt.number(best.power), speed: oneDecimal(fmt, best.speed) };
    list.querySelectorAll(".dd-rec").forEach((row, i) => {
      const field = /** @type {const} */ (["max", "power", "speed"])[i];
      html(
        "dd",
        { class: "dd-best" },
        row,
        fresh.has(field) ? fmt.t("domino.over.newRecord") : fmt.t("domino.over.best", { value: shown[field] }),
      );
    });
  }
  const buttons = [{ label: fmt.t("domino.again"), primary: true, action: on.again }];
  if (on.menu) buttons.push({ label: fmt.t("domino.menu"), primary: false, action: on.menu });
  const dialog = openDialog(host, {
    title,
    cls: "dd-overlay dd-card dd-end kit-end",
    lines: [...lines, figures(fmt, view), list, ...(club ? [club] : [])],
    peek: { show: fmt.t("shell.seeBoard"), back: fmt.t("shell.backToCard") },
    dismissable: false,
    buttons,
    onClose: () => on.closed(dialog),
  });
  // Play again has the focus at once; for a moment its keys press nothing (a key still hammered for the game,
  // Space or Enter, must not start a new one). A pointer acts at once.
  let armed = false;
  const hold = (/** @type {KeyboardEvent} */ e) => {
    if (!armed && (e.key === "Enter" || e.key === " ")) e.preventDefault();
  };
  dialog.node.addEventListener("keydown", hold, true);
  dialog.node.addEventListener("keyup", hold, true);
  dialog.node.dataset.armed = "0";
  on.later(() => {
    armed = true;
    dialog.node.dataset.armed = "1";
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
