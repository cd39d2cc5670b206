// What the bowls page holds besides the rules (W5, W19-W25): the screen, the
// engine's view of the attempt on screen, the chosen bowl, a move animating,
// the open card, the forecast and the hint asked, the profile as the engine
// reads it, the parked attempts and the puzzles solved. No DOM, no rule.
import { NO_HINT } from "./puzzles.js";

/** @typedef {import("../../kit/dialog.js").Dialog} Dialog */

/**
 * @typedef {object} State
 * @property {"modes" | "game" | "puzzles" | "workshop" | null} screen
 * @property {Bowls.View | null} view the engine's view of the attempt on screen
 * @property {number | null} chosen the chosen bowl (W5): free to change, not a move
 * @property {boolean} animating a move's events are playing on the ring
 * @property {Dialog | null} card the open card
 * @property {{forecast: boolean}} prefs
 * @property {string | null} forecast the forecast line (W23) of the chosen bowl, in words
 * @property {import("./puzzles.js").HintState} hint the hint asked for the puzzle on screen
 * @property {Bowls.Profile | null} profile the engine's reading of the stored profile
 * @property {Record<string, {text: string, view: Bowls.View}>} parked unfinished attempts of modes not on screen (W25)
 * @property {Map<number, Bowls.PuzzleSolvedEvent>} solved puzzle id -> the last "puzzle_solved" event (fewest, first, solved)
 */

/** The page's preferences (stored beside the run, not the engine's). @param {import("../../storage.js").StoreScope} store @returns {{forecast: boolean}} */
function readPrefs(store) {
  try {
    return { forecast: JSON.parse(store.get("prefs") ?? "{}")?.forecast === true };
  } catch {
    return { forecast: false }; // unreadable preferences: the defaults
  }
}

/** @param {import("../../storage.js").StoreScope} store the page's storage scope (its preferences) @returns {State} */
export function createState(store) {
  return {
    screen: null,
    view: null,
    chosen: null,
    animating: false,
    card: null,
    prefs: readPrefs(store),
    forecast: null,
    hint: NO_HINT,
    profile: null,
    parked: {},
    solved: new Map(),
  };
}

/**
 * The view of the attempt on the game screen: that screen, its moves and its end card come only
 * once a view is held (showGame, a live move), so this is the view, typed as such.
 * @param {{ view: Bowls.View | null }} state @returns {Bowls.View}
 */
export const shownView = (state) => /** @type {Bowls.View} */ (state.view);
