// The bowls page drawn: `render(parts, state)` shows the screen the state
// names (modes, game, puzzles) and draws the game screen from the engine's
// view and the page's state, nothing else. The game screen (the HUD, the
// puzzle's goal panel, the ring, the chosen bowl's queue and the controls)
// is built once; the ring takes the height left on the first screen (P13).
import { standardType } from "../../kit/lesson.js";
import { html, setIfChanged } from "../../svg.js";
import { createControls, createHud, createQueuePanel } from "./hud.js";
import { createPuzzlePanel, NO_HINT } from "./puzzles.js";
import { createRing } from "./ring.js";
import { STONE_NAMES } from "./stones.js";

/** @typedef {import("./hud.js").Words} Words */
/** @typedef {import("./puzzles.js").HintState} HintState */
/** @typedef {import("./ring.js").Frame} Frame */

/**
 * The page's state as the game screen draws it.
 * @typedef {object} GameState
 * @property {number | null} chosen the chosen bowl (W5): free to change, not a move
 * @property {boolean} animating a move's events are playing on the ring
 * @property {string | null} forecast the forecast line in words (W23), or none
 * @property {HintState} hint
 */

/**
 * @typedef {object} GameActions
 * @property {(b: number) => void} bowl a click or tap on a bowl
 * @property {(e: KeyboardEvent, b: number) => void} bowlKey
 * @property {() => void} sow
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} pause
 * @property {() => void} end
 * @property {() => void} settings
 * @property {() => void} hint
 * @property {() => void} restart the puzzle on screen
 * @property {() => void} list the puzzle grid
 * @property {(view: Bowls.View) => number[] | null} ghost a friend's workshop puzzle: the author's moves (W28)
 */

/** The hint drawn for this position, if it was asked for it. @param {Bowls.View} view */
export const hintKey = (view) => `${view.puzzle?.id ?? ""}|${view.position}`;

/** @param {GameState} state @param {Bowls.View} view */
export function focusTarget(state, view) {
  return state.chosen ?? view.choosable[0] ?? 0;
}

/**
 * A bowl in words: its number, stones, modifiers and how full it is.
 * @param {Words} words @param {Bowls.BowlView} bowl @param {number} b @param {number} capacity the view's
 */
export function bowlLabel({ t }, bowl, b, capacity) {
  const stones = [...bowl.stones].map((s) => t(`bowls.stone.${STONE_NAMES[s]}`)).join(", ") || t("bowls.emptyBowl");
  const mods = Object.entries(bowl.mods)
    .filter(([, left]) => left)
    .map(([mod, left]) => (left > 0 ? t("bowls.modLeft", { mod: t(`bowls.mod.${mod}`), count: left }) : t(`bowls.mod.${mod}`)));
  return `${t("bowls.bowlLabel", { n: b + 1, stones })} (${[...mods, t("bowls.room", { count: bowl.stones.length, capacity })].join(", ")})`;
}

/** @type {WeakMap<Bowls.View, {t: Words["t"], probe: string, labels: string[]}>} */
const LABELS = new WeakMap();

/**
 * The bowls' accessible names of a view, made once per view and language (a tap that only
 * changes the choice draws again and must stay quick).
 * @param {Words} words @param {Bowls.View} view @returns {string[]}
 */
export function bowlLabels(words, view) {
  const probe = words.t("bowls.emptyBowl"); // another language, other words
  const kept = LABELS.get(view);
  if (kept && kept.t === words.t && kept.probe === probe) return kept.labels;
  const labels = view.bowls.map((bowl, b) => bowlLabel(words, bowl, b, view.capacity));
  LABELS.set(view, { t: words.t, probe, labels });
  return labels;
}

/**
 * Where the chosen bowl's sowing lands (W6): the engine's line of that bowl, none while nothing is chosen.
 * @param {Bowls.View} view @param {number | null} chosen @returns {Bowls.Landing[]}
 */
export function landingOf(view, chosen) {
  if (view.over || chosen === null) return [];
  return view.forecasts?.[chosen]?.landing ?? []; // a view stored by an older version has no lines
}

/**
 * The ring's frame of the view as it stands (an animation starts from it).
 * @param {GameState} state @param {Bowls.View} view @param {Words} words @returns {Frame}
 */
export function baseFrame(state, view, words) {
  const hint = state.hint.key === hintKey(view) ? state.hint : NO_HINT;
  const chosen = view.over ? null : state.chosen;
  return {
    bowls: view.bowls,
    capacity: view.capacity,
    chosen,
    choosable: new Set(view.choosable),
    focusable: focusTarget(state, view),
    labels: bowlLabels(words, view),
    hinted: hint.bowl,
    landing: landingOf(view, chosen),
  };
}

/**
 * @param {HTMLElement} root the page @param {Words} words @param {GameActions} on
 * @param {import("../../kit/juice.js").Juice} [juice] the score counts up with it
 */
export function createGame(root, words, on, juice) {
  const node = html("div", { class: "bw-game", hidden: true }, root);
  const hud = createHud(node, words, juice);
  const board = html("div", { class: "bw-board" }, node);
  const ring = createRing(board, { label: words.t("bowls.ringLabel"), onBowl: on.bowl, onKey: on.bowlKey });
  const side = html("div", { class: "bw-side" }, node);
  const panel = createQueuePanel(side, words, { onSow: on.sow });
  const controls = createControls(side, words, on);
  const puzzle = createPuzzlePanel(node, hud.stats, words.t, { hint: on.hint, restart: on.restart, list: on.list });

  // Single column: the queue panel and the first control row sit below the ring; wide: nothing does.
  function fit() {
    if (node.hidden || !node.isConnected) return;
    const wide = getComputedStyle(side).gridColumnStart === "2";
    const gap = parseFloat(getComputedStyle(node).rowGap) || 0;
    const below = wide ? 0 : panel.panel.offsetHeight + controls.bar.offsetHeight + 2 * gap;
    // What is above and below the ring counted at the standard type: a player's larger text lengthens the page,
    // the ring keeps its size (P13).
    const top = board.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - (top + below) * standardType() - 10;
    const size = Math.max(240, Math.min(board.clientWidth, 560, room));
    const value = `${Math.floor(size)}px`;
    if (root.style.getPropertyValue("--bw-ring") !== value) root.style.setProperty("--bw-ring", value);
  }

  /**
   * A new choice on the view drawn (W5: free, not a move): the ring's marks, the queue panel and
   * the forecast line, nothing else (the HUD, the controls and the goal panel do not depend on it).
   * @param {GameState} state @param {Bowls.View} view
   */
  function choose(state, view) {
    if (state.animating) return;
    ring.render(baseFrame(state, view, words));
    panel.render(view, view.over ? null : state.chosen, state.forecast);
    fitSoon(); // the panel may have changed height
  }

  /**
   * Everything on the game screen from the view and the state. While a move
   * animates, the ring, the HUD and the marks wait for its end (the player
   * draws the ring); the queue panel shows no choice.
   * @param {GameState} state @param {Bowls.View} view
   */
  function render(state, view) {
    setIfChanged(root, "data-animating", state.animating ? "1" : "0"); // unchanged: no page-wide restyle
    if (state.animating) {
      panel.render(view, null, null);
      return;
    }
    hud.render(view);
    ring.render(baseFrame(state, view, words));
    panel.render(view, view.over ? null : state.chosen, state.forecast);
    controls.render(view);
    const ghost = view.workshop ? on.ghost(view) : null;
    puzzle.render(view, state.hint.key === hintKey(view) ? state.hint : NO_HINT, ghost);
    const next = ghost && !view.over ? (ghost[view.moves] ?? null) : null;
    for (let b = 0; b < view.bowls.length; b += 1) ring.node(b)?.classList.toggle("bww-ghosted", b === next); // the author's bowl at this move
    setIfChanged(root, "data-puzzle", view.puzzle || view.workshop ? "1" : "0");
    setIfChanged(root, "data-over", view.over ? "1" : "0");
    setIfChanged(root, "data-status", view.status ?? "");
    setIfChanged(root, "data-moves", String(view.moves));
    setIfChanged(root, "data-position", view.position);
    fit(); // now, not a frame later: the panels may have changed height
  }

  // A tap only writes: reading a box right after its writes would lay the page out there and then, and
  // again for the frame. The fit reads at the next frame's start instead, where the browser's layout for
  // that frame is done once (the fit writes only when the ring's size changes): the same frame shows it.
  let fitting = 0;
  function fitSoon() {
    fitting ||= requestAnimationFrame(() => {
      fitting = 0;
      fit();
    });
  }

  return { node, ring, render, choose, fit, destroy: () => cancelAnimationFrame(fitting) };
}

/**
 * The page's screens: the mode screen, the game screen and the puzzle grid.
 * @typedef {object} Parts
 * @property {HTMLElement} root
 * @property {HTMLElement} modes
 * @property {ReturnType<typeof createGame>} game
 * @property {HTMLElement} grid
 */

/** The screen the state names, the game drawn from its view. @param {Parts} parts @param {GameState & {screen: string | null, view: Bowls.View | null}} state */
export function render({ root, modes, game }, state) {
  modes.hidden = state.screen !== "modes";
  game.node.hidden = state.screen !== "game";
  if (state.screen) root.dataset.screen = state.screen;
  else delete root.dataset.screen;
  if (state.screen === "game" && state.view) game.render(state, state.view);
}
