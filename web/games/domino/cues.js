// The engine's events of Domino Drop as the feel kit's cues and the juice's
// praise (docs/feel.md): one table. The page plays each event's cue when
// it shows that event (a move at once, a cascade step when its halves vanish).
// How big a moment must be for praise or a fanfare is the feel's choice, not a
// rule: the numbers below only pick which turns sound and look big.

/** @typedef {[string, { size?: number, step?: number }]} Cue */

// A turn this big (halves cancelled, cascade steps) earns praise level 1, 2, 3;
// level 3 also shakes the screen and plays the fanfare.
const PRAISE = [
  { level: 3, halves: 9, chain: 3 },
  { level: 2, halves: 6, chain: 2 },
  { level: 1, halves: 4, chain: Infinity },
];
const PLAYER_MOVES = new Set(["left", "right", "down", "cw", "ccw"]);

/** @param {{ points: number, chain: number }} scored @returns {number} 0: no praise */
export function praiseLevel(scored) {
  return PRAISE.find((p) => scored.points >= p.halves || scored.chain >= p.chain)?.level ?? 0;
}

/** @type {import("../../kit/page.js").ByKind<Domino.Event, Cue | null>} */
const TABLE = {
  moved: (e) => (PLAYER_MOVES.has(e.by) ? ["move", {}] : null), // gravity and the hard drop's slide are silent
  locked: () => ["place", {}],
  // the first step cancels; each further cascade step rises in pitch
  cancelled: (e) => (e.step > 1 ? ["chain", { step: e.step - 1 }] : ["cancel", { size: e.cells.length }]),
  scored: (e) => (praiseLevel(e) >= 3 ? ["fanfare", { size: e.points }] : null),
  // the end: a new record is a fanfare, else the game-over sound
  record: (e) => (e.beaten.length ? ["fanfare", {}] : ["over", {}]),
};

/**
 * The cue of one event, or null (an event of no sound; `over` sounds through
 * the `record` event that follows it, or alone for a game of no mode).
 * @param {Domino.Event} event @param {Domino.Event[]} events the answer's events
 * @returns {Cue | null}
 */
export function cueOf(event, events) {
  if (event.type === "over") return events.some((e) => e.type === "record") ? null : ["over", {}];
  return /** @type {((event: Domino.Event) => Cue | null) | undefined} */ (TABLE[event.type])?.(event) ?? null;
}
