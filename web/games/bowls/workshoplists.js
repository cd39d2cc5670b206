// The Puzzle Workshop's lists (W28): "My puzzles" (shared by the player) and
// "From friends" (opened from a link), each puzzle with its code, its fields
// (to play it again, or to edit a copy), its par, the author's moves (the
// ghost), the player's best result and the results friends sent back. Kept in storage as one JSON object
// (and in the backup, web/backup.js); pure: text in, lists out. What a code
// holds is the engine's to check when it is opened again: a list entry is
// only what was shown the last time.

/** The stored item of the lists. */
export const LISTS = "workshop-puzzles";
/** Puzzles kept per list (the newest first): a list a player scrolls, not an archive. */
export const MOST_KEPT = 50;
/** Friends' results kept per puzzle (the newest first). */
export const MOST_REPLIES = 20;
/** A friend's result as the engine writes it (`workshop_reply`'s `solved`): one base-12 digit a bowl. */
const SOLVED = /^[0-9ab]{1,12}$/;

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
 * @property {string[]} replies friends' results sent back (their solving bowls, as `workshop_reply` writes them)
 */

/** @typedef {{mine: KeptPuzzle[], friends: KeptPuzzle[]}} Lists */

/** @param {unknown} value @returns {value is number} */
const count = (value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) < 10000;

/** One kept entry as read, or null when it does not read. @param {any} item @returns {KeptPuzzle | null} */
function readEntry(item) {
  if (!item || typeof item !== "object") return null;
  const { code, title, position, goal, limit, par, moves, best, replies } = item;
  if (![code, title, position, goal].every((s) => typeof s === "string") || !count(limit)) return null;
  if (!Array.isArray(moves) || !moves.every(count)) return null;
  const sent = Array.isArray(replies) ? replies.filter((r) => typeof r === "string" && SOLVED.test(r)).slice(0, MOST_REPLIES) : [];
  return { code, title, position, goal, limit, par: count(par) ? par : null, moves, best: count(best) ? best : null, replies: sent };
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
  const replies = [...new Set([...(entry.replies ?? []), ...(before?.replies ?? [])])].slice(0, MOST_REPLIES);
  const kept = { ...entry, best: best.length ? Math.min(...best) : null, replies };
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

/**
 * The code of the friend's puzzle in play (to send a result back), or null (one's own, or not kept).
 * @param {Lists} lists @param {Bowls.WorkshopView | null | undefined} made @returns {string | null}
 */
export function friendCode(lists, made) {
  if (!made || made.author === null) return null;
  return lists.friends.find((e) => isOf(e, made))?.code ?? null;
}

/**
 * A friend's result sent back (checked by the engine's `workshop_reply`), kept on its puzzle: in "My puzzles"
 * where the puzzle is, else in "From friends" where it is, else as a new entry of "My puzzles" (a result link
 * goes to the puzzle's author). The same result twice is kept once.
 * @param {Lists} lists @param {Bowls.SharedPuzzle} puzzle @param {string} solved @param {number | null} par
 * @returns {Lists}
 */
export function keepReply(lists, puzzle, solved, par) {
  const which = lists.friends.some((e) => e.code === puzzle.code) && !lists.mine.some((e) => e.code === puzzle.code) ? "friends" : "mine";
  const before = lists[which].find((e) => e.code === puzzle.code);
  const entry = before ?? {
    code: puzzle.code,
    title: puzzle.title,
    position: puzzle.position,
    goal: puzzle.goal_text,
    limit: puzzle.limit,
    par,
    moves: puzzle.moves,
    best: null,
    replies: [],
  };
  const replies = [solved, ...entry.replies.filter((r) => r !== solved)].slice(0, MOST_REPLIES);
  if (before) return { ...lists, [which]: lists[which].map((e) => (e === before ? { ...e, replies } : e)) };
  return { ...lists, [which]: [{ ...entry, replies }, ...lists[which]].slice(0, MOST_KEPT) };
}

/** The best (fewest moves) of a puzzle's results from friends, or null. @param {KeptPuzzle} entry */
export const bestReply = (entry) => (entry.replies.length ? Math.min(...entry.replies.map((r) => r.length)) : null);
