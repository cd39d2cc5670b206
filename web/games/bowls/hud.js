// Around the ring: the stats (score, combo, moves, best), the mode and the
// training mark (W21), the chosen bowl's queue with the Sow button (W5), the
// optional forecast line (W23) and the controls. Numbers come from the view;
// each part is built once and drawn again from the view and the page's state.
import { html, setIfChanged, textIfChanged } from "../../svg.js";
import { stoneIcon, STONE_NAMES } from "./stones.js";
import { statBox } from "../../kit/hud.js";
import { dayText } from "../../kit/share.js";

/**
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, any>) => string} t
 * @property {(value: number) => string} number
 * @property {string} [lang] the page's language: a date in its words ("6 Dec", as every game writes it)
 */

/** A UTC date of the engine (`YYYY-MM-DD`) as the page's language writes it short. @param {Words} words @param {string} date */
export const dayOf = ({ lang }, date) => (lang ? dayText(date, lang) : date);

/** The attempt's mode in words (the chip). @param {Words} words @param {Bowls.View} view */
export function modeName(words, view) {
  const { t } = words;
  // A past daily from the archive is named so: it is practice, not the day's Daily (the badge beside says so too).
  if (view.mode === "daily") return t(view.archive ? "bowls.mode.pastDailyOn" : "bowls.mode.dailyOn", { date: dayOf(words, view.date) });
  if (view.puzzle) return t("bowls.mode.puzzleN", { id: view.puzzle.id });
  if (view.workshop) return t("bowls.mode.workshop");
  if (view.mode === "free") return t("shell.lesson.title"); // the lesson's own mode (W27), no mode a player picks
  return t(`bowls.mode.${view.mode}`);
}

/**
 * The title, the mode chip, the training mark and the four stat boxes; the
 * score counts up to a new value (the kit's juice) after the first drawing.
 * @param {HTMLElement} root @param {Words} words @param {import("../../kit/juice.js").Juice} [juice]
 */
export function createHud(root, words, juice) {
  const { t, number } = words;
  const header = html("div", { class: "game-header bw-header" }, root);
  html("h1", {}, header, t("bowls.title"));
  const chip = html("span", { class: "bw-chip" }, header);
  const training = html("span", { class: "bw-training", hidden: true, title: t("bowls.trainingHelp") }, header, t("bowls.training"));
  const stats = html("div", { class: "bw-stats" }, root);
  const score = statBox(stats, "bw-score", t("bowls.score"));
  const combo = statBox(stats, "bw-combo", t("bowls.combo"));
  const moves = statBox(stats, "bw-moves", t("bowls.moves"));
  const best = statBox(stats, "bw-best", t("bowls.best"));

  let drawn = false;

  /** @param {Bowls.View} view */
  function render(view) {
    textIfChanged(chip, modeName(words, view));
    setIfChanged(chip, "data-mode", view.mode);
    training.hidden = !view.training;
    if (juice && drawn) juice.countUp(score.value, view.score, number);
    else score.set(number(view.score));
    drawn = true;
    setIfChanged(score.box, "data-score", String(view.score));
    const last = view.last;
    const matched = !!last && last.combo > 0;
    combo.set(matched ? `×${last.multiplier}` : "–"); // W13, from the engine
    setIfChanged(combo.box, "data-combo", String(last ? last.combo : 0));
    setIfChanged(combo.box, "title", matched ? t("bowls.comboHelp", { count: last.combo }) : "");
    moves.set(view.limit ? `${number(view.moves)}/${number(view.limit)}` : number(view.moves));
    setIfChanged(moves.box, "data-moves", String(view.moves));
    best.set(view.best === null || view.best === undefined ? "–" : number(view.best));
  }

  return { header, chip, stats, render };
}

/**
 * The chosen bowl's queue, the Sow button, the forecast line and, always in
 * sight, which way a sowing goes and how much a bowl holds.
 * @param {HTMLElement} root @param {Words} words @param {{onSow: () => void}} on
 */
export function createQueuePanel(root, { t }, { onSow }) {
  const panel = html("div", { class: "bw-panel" }, root);
  const title = html("p", { class: "bw-panel-title" }, panel);
  const way = html("p", { class: "bw-way-line" }, panel);
  const queue = html("ol", { class: "bw-queue", "aria-label": t("bowls.queueLabel") }, panel);
  const sow = /** @type {HTMLButtonElement} */ (html("button", { class: "btn primary bw-sow", type: "button" }, panel, t("bowls.sow")));
  const forecast = html("p", { class: "bw-forecast", hidden: true, role: "status" }, panel);
  sow.addEventListener("click", onSow);

  let shown = ""; // what the queue was last drawn from: a redraw of the same choice leaves it

  /** @param {Bowls.View} view @param {number | null} chosen @param {string | null} line the forecast in words */
  function render(view, chosen, line) {
    forecast.hidden = line === null;
    textIfChanged(forecast, line ?? "");
    const bowl = chosen === null ? null : view.bowls[chosen];
    const back = bowl?.clockwise === false; // the engine's: a reverse bowl (W6)
    textIfChanged(way, t(back ? "bowls.wayBack" : "bowls.way", { capacity: view.capacity }));
    setIfChanged(way, "data-way", back ? "back" : "clockwise");
    if (chosen === null || bowl === null || view.over) {
      if (shown) queue.replaceChildren();
      shown = "";
      textIfChanged(title, view.over ? t("bowls.attemptOver") : t("bowls.pickBowl"));
      sow.disabled = true;
      return;
    }
    textIfChanged(title, t("bowls.bowlN", { n: chosen + 1, count: bowl.stones.length })); // plural by count
    sow.disabled = !view.choosable.includes(chosen);
    const key = `${bowl.stones}|${t("bowls.queueLabel")}`;
    if (key === shown) return;
    shown = key;
    drawQueue(queue, bowl.stones, t);
  }

  return { panel, render };
}

/** @type {Map<string, HTMLElement>} */
const ITEMS = new Map(); // one queue item per stone, drawn once, copied into the list

/** The queue's item of a stone, unnumbered. @param {string} stone */
function queueItem(stone) {
  let item = ITEMS.get(stone);
  if (!item) {
    item = html("li", { class: "bw-q", "data-stone": stone });
    stoneIcon(item, stone, 30);
    ITEMS.set(stone, item);
  }
  return item;
}

/**
 * The queue's stones in order: an item that already shows its stone is kept (a tap on another bowl changes
 * few nodes, not the whole list); the others are made, the extra ones removed.
 * @param {HTMLElement} queue @param {string} stones @param {Words["t"]} t
 */
function drawQueue(queue, stones, t) {
  const items = /** @type {HTMLElement[]} */ ([...queue.children]);
  [...stones].forEach((stone, i) => {
    const said = `${i + 1}: ${t(`bowls.stone.${STONE_NAMES[stone]}`)}`;
    const kept = items[i];
    if (kept?.dataset.stone === stone) {
      setIfChanged(kept, "aria-label", said); // the language may have changed
      return;
    }
    const item = /** @type {HTMLElement} */ (queueItem(stone).cloneNode(true)); // a copy: no shape drawn again
    item.setAttribute("aria-label", said);
    html("span", { class: "bw-q-n" }, item, String(i + 1));
    if (kept) kept.replaceWith(item);
    else queue.appendChild(item);
  });
  for (const extra of items.slice(stones.length)) extra.remove();
}

/**
 * Two rows: what the next move may need (undo, redo, pause) stays on the first
 * screen of a phone; ending, settings and rules may sit below it.
 * @param {HTMLElement} root @param {Words} words
 * @param {{undo: () => void, redo: () => void, pause: () => void, end: () => void, settings: () => void}} on
 */
export function createControls(root, { t }, on) {
  const bar = html("div", { class: "bw-controls" }, root);
  const more = html("div", { class: "bw-more" }, root);
  /** @param {HTMLElement} row @param {string} key @param {string} cls @param {() => void} fn @param {string} [title] */
  const make = (row, key, cls, fn, title) => {
    const button = /** @type {HTMLButtonElement} */ (html("button", { class: `btn ${cls}`, type: "button", title }, row, t(key)));
    button.addEventListener("click", fn);
    return button;
  };
  const undo = make(bar, "bowls.undo", "bw-undo", on.undo, t("bowls.undoKeys"));
  const redo = make(bar, "bowls.redo", "bw-redo", on.redo, t("bowls.redoKeys"));
  make(bar, "bowls.pause", "bw-pause", on.pause);
  const end = make(more, "bowls.end", "bw-end", on.end);
  make(more, "bowls.settings", "bw-settings", on.settings);
  html("a", { class: "btn bw-rules", href: "#/rules/bowls" }, more, t("bowls.rules"));

  /** @param {Bowls.View} view */
  function render(view) {
    undo.disabled = !view.can_undo;
    redo.disabled = !view.can_redo;
    end.disabled = view.over;
  }

  return { bar, render };
}
