// What the Domino Drop page is doing, apart from the rules: the phase, the
// engine's last view and falling tile, a turn animating, the open card, the
// flags that hold input back, and the frame path's time and answers in
// flight (frames.js). No DOM, no rule.

/** @typedef {"start" | "play" | "paused" | "over" | "replay"} Phase replay: a kept run shown step by step, no input */

/**
 * What the page is doing; everything else it shows is the engine's.
 * @typedef {object} State
 * @property {Phase} phase
 * @property {Domino.View | null} view the engine's last full view
 * @property {Domino.FallingView | null} falling the latest falling tile the engine told (a tick's or a move's)
 * @property {boolean} animating a turn's animation plays
 * @property {import("../../kit/dialog.js").Dialog | null} card the pause or end card, when one is open
 * @property {boolean} asking the New game question is open
 * @property {boolean} ready the engine has loaded the run and input is wired
 * @property {boolean} launching a new run is being asked for
 * @property {boolean} adopting another tab's run is being loaded: no input, no ticks
 * @property {boolean} held the tile waits: a tip covers the pad or explains a special until the player read it (no game time)
 * @property {number} runId bumped when the page replaces the run: answers about the old one are dropped
 * @property {number} acc game time elapsed in frames, not yet sent as a tick
 * @property {number} ticking ticks in flight
 * @property {Array<() => void>} backlog answers that came while a turn animated, applied after it in order
 * @property {import("./screens.js").Profile | null} profile the engine's view of the stored records
 */

/** @returns {State} */
export function createState() {
  return {
    phase: "start",
    view: null,
    falling: null,
    animating: false,
    card: null,
    asking: false,
    ready: false,
    launching: false,
    adopting: false,
    held: false,
    runId: 0,
    acc: 0,
    ticking: 0,
    backlog: [],
    profile: null,
  };
}
