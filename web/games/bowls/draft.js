// The Puzzle Workshop's draft (W28): what the editor holds while a player
// builds a puzzle (twelve bowls of stones and modifiers, a goal, a limit, a
// title), the edits a tap or a key makes, their undo, and the draft written
// as the engine reads it (W26 notation, W18 goal). Pure: no DOM, no engine,
// no rule. Whether a start is allowed (W18's limits), and whether it has a
// solution, is the engine's answer (workshop_limits, workshop_check); the
// bounds below only keep a draft drawable and its text short.

/** The ring's bowls (W1: twelve, bowl 0 at the top): the editor's fixed board. */
export const BOWL_COUNT = 12;
/** Stones one bowl may be given in the editor: past W18's limit, so an overfull bowl is seen and said. */
export const MOST_STONES = 9;
/** A temporary modifier's count the editor offers (the engine's bound on it is its own: `long-count`). */
export const MOST_COUNT = 99;
/** The title's length the input allows (W28: plain text of at most 40 characters; the engine checks it). */
export const TITLE_LENGTH = 40;
/** Undo keeps this many edits. */
const HISTORY = 200;

/** The stones a palette offers, in the order the game names them (W2). */
export const PALETTE = ["R", "G", "B", "Y", "P", "J", "X"];
/** The modifiers (W4), in the order the notation prints them, with their letter (W26). */
export const MODIFIERS = /** @type {const} */ (["ice", "reverse", "volcano"]);
/** @type {Record<string, string>} */
const LETTER = { ice: "i", reverse: "r", volcano: "v" };
/** The goal kinds (W18), and whether each names a colour and a number. */
export const GOALS = /** @type {Record<string, {colour: boolean, count: boolean}>} */ ({
  clear: { colour: true, count: false },
  collect: { colour: true, count: true },
  score: { colour: false, count: true },
  combo: { colour: false, count: true },
  leave: { colour: false, count: true },
  empty: { colour: false, count: false },
});

/**
 * One bowl of the draft: its queue (front first) and its modifiers, -1 permanent or the moves left
 * (as the engine's view gives them, so the ring draws a draft as it draws a game).
 * @typedef {{stones: string, mods: Record<string, number>}} DraftBowl
 */

/** @typedef {{kind: string, colour: string, count: number}} DraftGoal */

/**
 * @typedef {object} Draft
 * @property {DraftBowl[]} bowls
 * @property {DraftGoal} goal
 * @property {number} limit moves (1-12, the engine's bound)
 * @property {string} title plain text
 */

/**
 * What the editor holds: the draft, the edits before it (undo), and the tool in hand.
 * @typedef {object} Editor
 * @property {Draft} draft
 * @property {Draft[]} past
 * @property {{kind: "stone", stone: string} | {kind: "mod", mod: string} | {kind: "erase"}} tool
 * @property {number} count a modifier's moves left when added: 0 permanent
 */

/** @returns {Draft} */
export function emptyDraft() {
  return {
    bowls: Array.from({ length: BOWL_COUNT }, () => ({ stones: "", mods: {} })),
    goal: { kind: "clear", colour: "R", count: 3 },
    limit: 3,
    title: "",
  };
}

/** @param {Draft} [draft] @returns {Editor} */
export function createEditor(draft = emptyDraft()) {
  return { draft, past: [], tool: { kind: "stone", stone: "R" }, count: 0 };
}

/** @param {number} value @param {number} low @param {number} high */
const clamp = (value, low, high) => Math.min(high, Math.max(low, Math.round(Number(value) || 0)));

/**
 * The editor after an edit (kept for undo); the same editor when nothing changed.
 * @param {Editor} editor @param {Draft} draft @returns {Editor}
 */
function edited(editor, draft) {
  if (JSON.stringify(draft) === JSON.stringify(editor.draft)) return editor;
  return { ...editor, draft, past: [...editor.past, editor.draft].slice(-HISTORY) };
}

/** @param {Draft} draft @param {number} b @param {(bowl: DraftBowl) => DraftBowl} change @returns {Draft} */
function withBowl(draft, b, change) {
  return { ...draft, bowls: draft.bowls.map((bowl, i) => (i === b ? change(bowl) : bowl)) };
}

/**
 * The tool in hand used on bowl `b` (a tap, a click, Enter): a stone joins the end of its queue, a modifier
 * is put on (with the count chosen) or taken off, the eraser takes the last stone (then the modifiers).
 * @param {Editor} editor @param {number} b @returns {Editor}
 */
export function apply(editor, b) {
  const { tool } = editor;
  if (!Number.isInteger(b) || b < 0 || b >= BOWL_COUNT) return editor;
  if (tool.kind === "erase") return remove(editor, b);
  if (tool.kind === "mod")
    return edited(
      editor,
      withBowl(editor.draft, b, (bowl) => toggled(bowl, tool.mod, editor.count)),
    );
  const bowl = editor.draft.bowls[b];
  if (bowl.stones.length >= MOST_STONES) return editor;
  return edited(
    editor,
    withBowl(editor.draft, b, () => ({ ...bowl, stones: bowl.stones + tool.stone })),
  );
}

/** @param {DraftBowl} bowl @param {string} mod @param {number} count @returns {DraftBowl} */
function toggled(bowl, mod, count) {
  const mods = { ...bowl.mods };
  if (mods[mod]) delete mods[mod];
  else mods[mod] = count > 0 ? clamp(count, 1, MOST_COUNT) : -1;
  return { ...bowl, mods };
}

/**
 * The second action on a bowl (a long press, a right click, Backspace): its last stone taken out, or,
 * when it has none, its modifiers.
 * @param {Editor} editor @param {number} b @returns {Editor}
 */
export function remove(editor, b) {
  if (!Number.isInteger(b) || b < 0 || b >= BOWL_COUNT) return editor;
  return edited(
    editor,
    withBowl(editor.draft, b, (bowl) => (bowl.stones ? { ...bowl, stones: bowl.stones.slice(0, -1) } : { stones: "", mods: {} })),
  );
}

/** Every bowl emptied (one edit: undo brings the board back). @param {Editor} editor @returns {Editor} */
export function clearAll(editor) {
  return edited(editor, { ...editor.draft, bowls: emptyDraft().bowls });
}

/** @param {Editor} editor @param {Partial<DraftGoal>} goal @returns {Editor} */
export function setGoal(editor, goal) {
  const next = { ...editor.draft.goal, ...goal };
  next.count = clamp(next.count, 0, 9999);
  if (!Object.hasOwn(GOALS, next.kind)) return editor;
  if (!PALETTE.slice(0, 5).includes(next.colour)) return editor; // an ordinary colour (W18)
  return edited(editor, { ...editor.draft, goal: next });
}

/** @param {Editor} editor @param {number} limit @returns {Editor} */
export function setLimit(editor, limit) {
  return edited(editor, { ...editor.draft, limit: clamp(limit, 1, 12) });
}

/** The title as typed (plain text: never read as markup). @param {Editor} editor @param {string} title @returns {Editor} */
export function setTitle(editor, title) {
  return edited(editor, { ...editor.draft, title: String(title).slice(0, TITLE_LENGTH) });
}

/** @param {Editor} editor @param {Editor["tool"]} tool @returns {Editor} */
export const pick = (editor, tool) => ({ ...editor, tool });

/** The moves a modifier added now keeps (0: permanent). @param {Editor} editor @param {number} count @returns {Editor} */
export const setCount = (editor, count) => ({ ...editor, count: clamp(count, 0, MOST_COUNT) });

/** The edit before the last one back. @param {Editor} editor @returns {Editor} */
export function undo(editor) {
  if (!editor.past.length) return editor;
  return { ...editor, draft: editor.past[editor.past.length - 1], past: editor.past.slice(0, -1) };
}

/** @param {Editor} editor */
export const canUndo = (editor) => editor.past.length > 0;

// ----- the draft as the engine reads it ------------------------------------------------------

/** One bowl in W26: its queue (or `-`) and its modifiers in brackets. @param {DraftBowl} bowl */
function bowlToken(bowl) {
  const mods = MODIFIERS.filter((m) => bowl.mods[m])
    .map((m) => LETTER[m] + (bowl.mods[m] > 0 ? String(bowl.mods[m]) : ""))
    .join("");
  return (bowl.stones || "-") + (mods ? `[${mods}]` : "");
}

/** The start position (W26: score and moves 0). @param {Draft} draft */
export const positionOf = (draft) => `${draft.bowls.map(bowlToken).join("/")} 0 0`;

/** The goal in W18's grammar. @param {DraftGoal} goal */
export function goalOf(goal) {
  const shape = GOALS[goal.kind];
  return [goal.kind, ...(shape.colour ? [goal.colour] : []), ...(shape.count ? [String(goal.count)] : [])].join(" ");
}

/**
 * The engine's payload of a draft (workshop_check, workshop_new).
 * @param {Draft} draft @returns {{position: string, goal: string, limit: number, title: string}}
 */
export const payloadOf = (draft) => ({ position: positionOf(draft), goal: goalOf(draft.goal), limit: draft.limit, title: draft.title });

/** @param {string} text a bowl's W26 token @returns {DraftBowl | null} */
function readToken(text) {
  const match = /^(-|[A-Z]+)(?:\[([a-z0-9]+)\])?$/.exec(text);
  if (!match) return null;
  const stones = match[1] === "-" ? "" : match[1];
  if ([...stones].some((s) => !PALETTE.includes(s))) return null;
  /** @type {Record<string, number>} */
  const mods = {};
  for (const [, letter, count] of (match[2] ?? "").matchAll(/([a-z])(\d*)/g)) {
    const mod = MODIFIERS.find((m) => LETTER[m] === letter);
    if (!mod) return null;
    mods[mod] = count ? clamp(Number(count), 1, MOST_COUNT) : -1;
  }
  return { stones: stones.slice(0, MOST_STONES), mods };
}

/** @param {string} text @returns {DraftGoal | null} */
function readGoal(text) {
  const [kind, ...rest] = String(text).split(" ");
  const shape = GOALS[kind];
  if (!Object.hasOwn(GOALS, kind)) return null;
  const colour = shape.colour ? rest.shift() : "R";
  const count = shape.count ? Number(rest.shift()) : 3;
  if (!colour || !PALETTE.slice(0, 5).includes(colour) || !Number.isFinite(count)) return null;
  return { kind, colour, count };
}

/**
 * A draft from a puzzle's fields (a workshop view's `start` and `goal_text`, a kept puzzle): editable as a
 * copy. Null when the text is not a draft this editor can hold.
 * @param {{position: string, goal: string, limit: number, title?: string}} fields @returns {Draft | null}
 */
export function readDraft({ position, goal, limit, title = "" }) {
  const tokens = String(position ?? "")
    .split(" ")[0]
    .split("/");
  if (tokens.length !== BOWL_COUNT) return null;
  const bowls = tokens.map(readToken);
  const read = readGoal(goal);
  if (bowls.some((b) => b === null) || !read) return null;
  return { bowls: /** @type {DraftBowl[]} */ (bowls), goal: read, limit: clamp(limit, 1, 12), title: String(title).slice(0, TITLE_LENGTH) };
}

/** The draft kept in storage, as text. @param {Draft} draft */
export const keepText = (draft) => JSON.stringify(payloadOf(draft));

/** A kept draft read back; a new one when it does not read (a damaged value is not an error here). @param {string | null} text */
export function keptDraft(text) {
  try {
    return (text && readDraft(JSON.parse(text))) || emptyDraft();
  } catch {
    return emptyDraft();
  }
}
