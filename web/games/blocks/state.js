// What the blocks page holds besides the rules: the engine's view and
// geometry as they came, the piece in hand, what the B20 preview shows, the
// cells' colours and the game-over card. No DOM, no rule.

/**
 * @typedef {object} State
 * @property {boolean} live the view is the engine's own (before: drawn, never acted on)
 * @property {Blocks.View | null} view the view on screen
 * @property {Blocks.Geometry | null} geometry the engine's, or the copy stored beside the run
 * @property {import("./input.js").Held | null} held the piece in hand
 * @property {import("./board.js").Shown | null} preview what the B20 preview shows
 * @property {import("./paint.js").Paint} paint the filled cells' colours
 * @property {import("../../kit/dialog.js").Dialog | null} over the game-over card (closing it again does nothing)
 * @property {string | null} cursor the cell cursor ("q:r", P11): moved by the arrows with no piece in hand, shown while the
 *   board has the focus, where a key-picked piece is first aimed (else the centre)
 */

/** @returns {State} */
export function createState() {
  return { live: false, view: null, geometry: null, held: null, preview: null, paint: [], over: null, cursor: null };
}
