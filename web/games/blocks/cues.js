// The engine's events of blocks as the feel kit's cues (docs/feel.md):
// one table, read by the page after every accepted action.

/** @typedef {[string, {size?: number, step?: number}]} Cue */

/** @type {import("../../kit/page.js").ByKind<Blocks.Event, Cue | null>} */
const TABLE = {
  placed: () => ["place", {}],
  cleared: (e) => ["clear", { size: e.count }],
  // the 2nd, 3rd… clearing drop in a row: chain steps rising in pitch
  points: (e) => (e.streak >= 2 ? ["chain", { step: e.streak - 1 }] : null),
  crown: (e) => ["fanfare", { size: e.won }],
  over: () => ["over", {}],
  banked: (e) => (e.new_best ? ["fanfare", {}] : null),
};

/**
 * The cues of an action's events, in their order; a clear that empties the
 * board (a perfect clear, told by the view) adds a fanfare.
 * @param {Blocks.Event[]} events @param {boolean} emptied the board is empty after a clear
 * @returns {Cue[]}
 */
export function cuesOf(events, emptied) {
  /** @type {Cue[]} */
  const cues = [];
  for (const e of events) {
    const cue = /** @type {((event: Blocks.Event) => Cue | null) | undefined} */ (TABLE[e.type])?.(e);
    if (cue) cues.push(cue);
  }
  if (emptied && !cues.some(([name]) => name === "fanfare")) cues.push(["fanfare", {}]);
  return cues;
}
