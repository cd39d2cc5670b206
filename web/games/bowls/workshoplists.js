// The Puzzle Workshop's lists (W28): "My puzzles" (shared by the player) and
// "From friends" (opened from a link), each puzzle with its code, its fields
// (to play it again, or to edit a copy), its par, the author's moves (the
// ghost) and the player's best result. Kept in storage as one JSON object
// (and in the backup, web/backup.js); pure: text in, lists out. What a code
// holds is the engine's to check when it is opened again: a list entry is
// only what was shown the last time.

/** The stored item of the lists. */
export const LISTS = "workshop-puzzles";
/** Puzzles kept per list (the newest first): a list a player scrolls, not an archive. */
export const MOST_KEPT = 50;

/**
 * @typedef {object} KeptPuzzle
 * @property {string} code the puzzle code (W28)
 * @property {string} title plain text
 * @property {string} position the start (W26)
 * @property {string} goal W18's grammar
 * @property {number} limit
 * @property {number | null} par the proven shortest solution's length
 * @property {number[]} moves the author's solving bowls (the ghost)
 * @property {number | null} best the fewest moves the player solved it in
 */

/** @typedef {{mine: KeptPuzzle[], friends: KeptPuzzle[]}} Lists */

/** @param {unknown} value @returns {value is number} */
const count = (value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) < 10000;

/** One kept entry as read, or null when it does not read. @param {any} item @returns {KeptPuzzle | null} */
function readEntry(item) {
  if (!item || typeof item !== "object") return null;
  const { code, title, position, goal, limit, par, moves, best } = item;
  if (![code, title, position, goal].every((s) => typeof s === "string") || !count(limit)) return null;
  if (!Array.isArray(moves) || !moves.every(count)) return null;
  return { code, title, position, goal, limit, par: count(par) ? par : null, moves, best: count(best) ? best : null };
}

/** The lists from their stored text; what does not read is left out (never an error). @param {string | null} text @returns {Lists} */
export function readLists(text) {
  /** @type {any} */
  let value;
  try {
    value = JSON.parse(text ?? "null");
  } catch {
    value = null; // unreadable: empty lists
  }
  /** @param {unknown} list */
  const entries = (list) =>
    Array.isArray(list)
      ? list
          .map(readEntry)
          .filter((e) => e !== null)
          .slice(0, MOST_KEPT)
      : [];
  return { mine: entries(value?.mine), friends: entries(value?.friends) };
}

/**
 * A puzzle put first in a list (the same code once: its best kept).
 * @param {Lists} lists @param {"mine" | "friends"} which @param {KeptPuzzle} entry @returns {Lists}
 */
export function keepPuzzle(lists, which, entry) {
  const before = lists[which].find((e) => e.code === entry.code);
  const best = [before?.best, entry.best].filter(count);
  const kept = { ...entry, best: best.length ? Math.min(...best) : null };
  return { ...lists, [which]: [kept, ...lists[which].filter((e) => e.code !== entry.code)].slice(0, MOST_KEPT) };
}

/** @param {KeptPuzzle} entry @param {{start: string, goal_text: string, limit: number, title: string}} made */
const isOf = (entry, made) =>
  entry.position === made.start && entry.goal === made.goal_text && entry.limit === made.limit && entry.title === made.title;

/**
 * A solved attempt's moves as the best of every kept puzzle it is (a workshop view's puzzle).
 * @param {Lists} lists @param {Bowls.WorkshopView} made @param {number} moves @returns {Lists}
 */
export function recordSolved(lists, made, moves) {
  /** @param {KeptPuzzle} e */
  const better = (e) => (isOf(e, made) && (e.best === null || moves < e.best) ? { ...e, best: moves } : e);
  return { mine: lists.mine.map(better), friends: lists.friends.map(better) };
}

/**
 * The author's moves of the friend's puzzle in play (the ghost), or null (one's own, or not kept).
 * @param {Lists} lists @param {Bowls.WorkshopView | null | undefined} made @returns {number[] | null}
 */
export function ghostOf(lists, made) {
  if (!made || made.author === null) return null;
  return lists.friends.find((e) => isOf(e, made))?.moves ?? null;
}
