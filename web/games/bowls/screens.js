// The mode screen (Endless, Daily with its date, Puzzles, the theme gallery)
// is page content; the end-of-attempt card, the settings and the confirm cards
// are the kit's dialog: this module makes their options from the view and the
// page's callbacks. It draws only what it is handed.
import { html } from "../../svg.js";
import { bestCombo, figures, line, puzzleCard } from "./puzzles.js";
import { themesCard } from "./themes.js";

/** @typedef {import("../../kit/dialog.js").DialogOptions} DialogOptions */
/** @typedef {import("./hud.js").Words} Words */

/**
 * @typedef {object} ModeButton
 * @property {string} label
 * @property {string} cls
 * @property {boolean} primary
 * @property {() => void} action
 */

/**
 * One card of the mode screen.
 * @typedef {object} ModeCard
 * @property {string} id the mode (data-mode, bw-mode-<id>)
 * @property {string} title
 * @property {string} sub
 * @property {string} best
 * @property {ModeButton[]} buttons
 */

/**
 * What the mode screen shows (the page gathers it from the engine first).
 * @typedef {object} ModeScreenData
 * @property {{best?: Record<string, number>, daily?: Record<string, number>}} profile the engine's reading of it
 * @property {string} today the UTC date (W20), the club's (issue 16)
 * @property {Record<string, Bowls.View | null>} unfinished each mode's unfinished attempt
 * @property {Bowls.Grid} grid
 * @property {Bowls.Awards} awards
 */

/**
 * @typedef {object} ModeScreenActions
 * @property {(payload: Record<string, any>) => void} start a new attempt (the engine's `new` payload)
 * @property {(mode: string) => void} resume
 * @property {(id: number) => void} play a puzzle
 * @property {() => void} list the puzzle grid
 * @property {() => void} gallery
 * @property {() => void} settings
 */

/** @param {HTMLElement} list @param {ModeCard} card */
function modeCard(list, { id, title, sub, best, buttons }) {
  const item = html("li", { class: `bw-mode bw-mode-${id}`, "data-mode": id }, list);
  html("h2", {}, item, title);
  html("p", { class: "bw-mode-sub" }, item, sub);
  html("p", { class: "bw-mode-best" }, item, best);
  const row = html("div", { class: "bw-mode-buttons" }, item);
  for (const b of buttons) {
    html("button", { class: `btn${b.primary ? " primary" : ""} ${b.cls}`, type: "button" }, row, b.label).addEventListener("click", b.action);
  }
}

/** @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on @returns {ModeCard} */
function endlessCard(data, { t, number }, on) {
  const going = data.unfinished.endless;
  const best = data.profile.best?.endless;
  return {
    id: "endless", title: t("bowls.mode.endless"), sub: t("bowls.endlessPitch"),
    best: best === undefined || best === null ? t("bowls.noBest") : t("bowls.bestIs", { score: number(best) }),
    buttons: [
      ...(going ? [{ label: t("bowls.continue"), primary: true, cls: "bw-continue", action: () => on.resume("endless") }] : []),
      { label: t("bowls.newAttempt"), primary: !going, cls: "bw-start", action: () => on.start({ mode: "endless" }) },
    ],
  };
}

/** @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on @returns {ModeCard} */
function dailyCard(data, { t, number }, on) {
  const { today } = data;
  const going = data.unfinished.daily;
  const best = data.profile.daily?.[today];
  const resume = going && { label: going.date === today ? t("bowls.continue") : t("bowls.continueFrom", { date: going.date }),
    primary: true, cls: "bw-continue", action: () => on.resume("daily") };
  return {
    id: "daily", title: t("bowls.mode.daily"), sub: t("bowls.dailyPitch", { date: today }),
    best: best === undefined ? t("bowls.noDailyBest") : t("bowls.dailyBestIs", { score: number(best) }),
    buttons: [
      ...(resume ? [resume] : []),
      { label: best === undefined ? t("bowls.playToday") : t("bowls.replayToday"), primary: !going, cls: "bw-start",
        action: () => on.start({ daily: today }) }, // the club's daily of that date (issue 16)
    ],
  };
}

/**
 * The mode screen, built aside and put in place whole.
 * @param {HTMLElement} target @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on
 */
export function renderModeScreen(target, data, words, on) {
  const { t } = words;
  const container = document.createDocumentFragment();
  html("h1", { class: "bw-modes-title" }, container, t("bowls.title"));
  html("p", { class: "bw-modes-lead" }, container, t("bowls.tagline"));
  const list = html("ul", { class: "bw-modes" }, container);
  const cards = [
    endlessCard(data, words, on),
    dailyCard(data, words, on),
    puzzleCard(data.grid, data.unfinished.puzzle, t, { resume: () => on.resume("puzzle"), play: on.play, list: on.list }),
    themesCard(data.awards, t, on.gallery),
  ];
  for (const card of cards) modeCard(list, card);
  const links = html("p", { class: "bw-modes-links" }, container);
  html("a", { class: "btn", href: "#/rules/bowls" }, links, t("bowls.rules"));
  html("button", { class: "btn bw-settings", type: "button" }, links, t("bowls.settings")).addEventListener("click", on.settings);
  target.replaceChildren(container);
}

/**
 * A new attempt replaces the mode's unfinished one and its score: asked first.
 * @param {Bowls.View} unfinished @param {Words} words @param {() => void} discard
 * @returns {DialogOptions}
 */
export function discardCard(unfinished, { t, number }, discard) {
  return {
    title: t("bowls.discardTitle"),
    lines: [t("bowls.discardText", { score: number(unfinished.score), count: unfinished.moves })],
    buttons: [
      { label: t("bowls.discardYes"), cls: "bw-discard-yes", action: discard },
      { label: t("bowls.discardNo"), primary: true, cls: "bw-discard-no" },
    ],
    cls: "bw-overlay bw-discard",
  };
}

/** @param {Bowls.View} view @param {Words} words @param {() => void} end @returns {DialogOptions} */
export function endCard(view, { t, number }, end) {
  return {
    title: t("bowls.endConfirm"),
    lines: [t("bowls.endConfirmText", { score: number(view.score) })],
    buttons: [
      { label: t("bowls.end"), primary: true, cls: "bw-end-yes", action: end },
      { label: t("bowls.cancel") },
    ],
    cls: "bw-overlay bw-end-card",
  };
}

/** @type {Record<string, string>} */
const END_TITLES = { overflow: "bowls.over.overflow", stuck: "bowls.over.stuck", limit: "bowls.over.limit", ended: "bowls.over.ended" };

/**
 * The end of an attempt (not a puzzle's: puzzles.js).
 * @param {Bowls.View} view @param {any} outcome the answer of the action that ended it
 * @param {Words} words @param {{again: () => void, undo: () => void, modes: () => void}} on
 * @returns {DialogOptions}
 */
export function overCard(view, outcome, { t, number }, on) {
  /** @type {HTMLElement[]} */
  const lines = [line("bw-final", t("bowls.over.score", { score: number(view.score) }))];
  const banked = outcome?.events?.find((/** @type {any} */ e) => e.type === "recorded"); // the action that ended it (W25)
  if (view.training) lines.push(line("bw-note", t("bowls.over.training")));
  else if (banked?.best || banked?.daily_best) lines.push(line("bw-newbest", t("bowls.over.newBest")));
  lines.push(figures(t, [["bowls.over.moves", number(view.moves)], ["bowls.over.bestCombo", bestCombo(t, view)]]));
  const buttons = [{ label: t("bowls.playAgain"), primary: true, cls: "bw-again", action: on.again }];
  if (view.can_undo) buttons.push({ label: t("bowls.undoLast"), primary: false, cls: "bw-over-undo", action: on.undo });
  buttons.push({ label: t("bowls.toModes"), primary: false, cls: "bw-to-modes", action: on.modes });
  return { title: t(END_TITLES[view.status] ?? "bowls.attemptOver"), lines, buttons, cls: "bw-overlay bw-over" };
}

/**
 * The settings: the forecast line (W23).
 * @param {{forecast: boolean}} prefs @param {Words} words @param {(forecast: boolean) => void} setForecast
 * @returns {DialogOptions}
 */
export function settingsCard(prefs, { t }, setForecast) {
  const label = html("label", { class: "bw-toggle" });
  const box = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", class: "bw-forecast-toggle" }, label));
  box.checked = prefs.forecast;
  html("span", {}, label, t("bowls.forecastSetting"));
  box.addEventListener("change", () => setForecast(box.checked));
  return {
    title: t("bowls.settings"),
    lines: [label, line("bw-note", t("bowls.forecastHelp"))],
    buttons: [{ label: t("bowls.close"), primary: true }],
    cls: "bw-overlay bw-settings-card",
  };
}
