// A restore that never loses (P8, P9): a backup's parts replace the progress
// on this device only once they are known to fit and to read back exactly.
// Pure storage work (no DOM), so node tests it against a quota-limited fake.
//
// localStorage has one quota per origin (every GitHub Pages site of a user
// shares it), counted in UTF-16 code units of keys plus values: Chromium
// allows 5 Mi (5,242,880, measured), a write past it throws.
//
// 1. Plan: the exact writes and removals below, simulated on what the origin
//    holds now, give the peak room the restore needs.
// 2. Room: one probe write of that size. When it does not fit, the free room
//    is measured and the refusal says how much is missing; nothing changed.
// 3. Stage: every part under `6e-club/restoring/<name>`, then all read back
//    and compared with the file's text.
// 4. Journal: `6e-club/restore-journal` lists the parts. From here on a
//    restore cut short (the browser killed mid-switch) is finished at the next
//    start from the staged copies (finishRestore).
// 5. Switch: the old progress goes, each part is written to its key, read
//    back, and its staged copy goes; the journal goes last.
// A write refused or read back wrong in 3-5 undoes all of it (the old values
// are held in memory until the end): the progress stays exactly as it was.
import { PREFIX } from "./storage.js";

export const STAGE = "6e-club/restoring/";
export const JOURNAL = "6e-club/restore-journal";
export const ROOM_KEY = "6e-club/room"; // the probe's key (its own length counts too)
export const QUOTA_GUESS = 5 * 1024 * 1024; // where the free-room search starts (Chromium's quota, measured)

/** @typedef {import("./storage.js").Backend} Backend */
/** @typedef {{ op: "set", key: string, value: string } | { op: "remove", key: string }} Step */
/**
 * What restore did: `count` parts restored (ok), or why nothing changed:
 * "space" (`missing` code units of room, `need` in all, `free` now), "verify"
 * (`part` was not written or read back as it is), "unavailable" (no storage).
 * @typedef {{ ok: true, count: number }
 *   | { ok: false, problem: "space", need: number, free: number, missing: number }
 *   | { ok: false, problem: "verify", part: string }
 *   | { ok: false, problem: "unavailable" }} Restored
 */

/** A key of the progress: the club's, never a copy set aside as corrupt. @param {string} key */
export const isProgress = (key) => key.startsWith(PREFIX) && !key.includes("/corrupt/");

/** @param {string} key the part's key (under PREFIX) @returns {string} its staged copy's key */
export const stagedKey = (key) => STAGE + key.slice(PREFIX.length);

/** @param {Backend} backend @returns {string[]} every key of the origin */
function allKeys(backend) {
  /** @type {string[]} */
  const out = [];
  for (let i = 0; i < backend.length; i += 1) {
    const key = backend.key(i);
    if (key !== null) out.push(key);
  }
  return out;
}

/** Room the origin's values take now (keys included, as the quota counts). @param {Backend} backend */
export function usage(backend) {
  return allKeys(backend).reduce((sum, key) => sum + key.length + (backend.getItem(key)?.length ?? 0), 0);
}

/** The progress stored now (key -> text). @param {Backend} backend @returns {Map<string, string>} */
export function progressOf(backend) {
  return new Map(
    allKeys(backend)
      .filter(isProgress)
      .map((key) => [key, backend.getItem(key) ?? ""]),
  );
}

/** @param {string[]} keys the parts' keys @returns {string} the journal's text */
const journalText = (keys) => JSON.stringify({ schema: 1, keys });

/**
 * The restore's writes and removals in order, and the peak room they need
 * beyond what the origin holds now (steps 3-5 above; reads are free).
 * @param {Backend} backend @param {Record<string, string>} parts key -> text
 * @returns {{ stage: Step[], journal: Step, clear: Step[], switch: Step[], done: Step, need: number }}
 */
export function planRestore(backend, parts) {
  const entries = Object.entries(parts);
  const keys = entries.map(([key]) => key);
  const stage = entries.map(([key, value]) => /** @type {Step} */ ({ op: "set", key: stagedKey(key), value }));
  const journal = /** @type {Step} */ ({ op: "set", key: JOURNAL, value: journalText(keys) });
  const clear = [...progressOf(backend).keys()].filter((key) => !(key in parts)).map((key) => /** @type {Step} */ ({ op: "remove", key }));
  const moves = entries.flatMap(
    ([key, value]) =>
      /** @type {Step[]} */ ([
        { op: "set", key, value },
        { op: "remove", key: stagedKey(key) },
      ]),
  );
  const done = /** @type {Step} */ ({ op: "remove", key: JOURNAL });
  // Simulate the room used after each step: a write replaces the key's old text.
  /** @type {Map<string, number>} */
  const sizes = new Map(allKeys(backend).map((key) => [key, key.length + (backend.getItem(key)?.length ?? 0)]));
  let used = 0;
  sizes.forEach((size) => {
    used += size;
  });
  const start = used;
  let peak = used;
  for (const step of [...stage, journal, ...clear, ...moves, done]) {
    used -= sizes.get(step.key) ?? 0;
    sizes.delete(step.key);
    if (step.op === "set") {
      sizes.set(step.key, step.key.length + step.value.length);
      used += step.key.length + step.value.length;
    }
    peak = Math.max(peak, used);
  }
  return { stage, journal, clear, switch: moves, done, need: peak - start };
}

/** Whether `room` more code units (keys included) can be written now. @param {Backend} backend @param {number} room */
export function fits(backend, room) {
  if (room <= 0) return true;
  try {
    backend.setItem(ROOM_KEY, "x".repeat(Math.max(0, room - ROOM_KEY.length)));
    return true;
  } catch {
    return false; // the quota's answer: this much does not fit
  } finally {
    backend.removeItem(ROOM_KEY);
  }
}

/**
 * The free room, measured by probe writes: first where the quota guess says it
 * ends and one past it (two writes in Chromium), else a galloping search from
 * there. Below the probe key's own length it reads 0.
 * @param {Backend} backend @returns {number}
 */
export function freeSpace(backend) {
  const least = ROOM_KEY.length;
  const guess = Math.max(least, QUOTA_GUESS - usage(backend));
  if (fits(backend, guess)) {
    if (!fits(backend, guess + 1)) return guess;
    let lo = guess + 1;
    let step = 1024;
    while (fits(backend, lo + step)) {
      lo += step;
      step *= 2;
    }
    return largestFitting(backend, lo, lo + step);
  }
  if (!fits(backend, least)) return 0;
  let hi = guess;
  let step = 1024;
  while (hi - step > least && !fits(backend, hi - step)) {
    hi -= step;
    step *= 2;
  }
  return largestFitting(backend, Math.max(least, hi - step), hi);
}

/** The largest room that fits, given one that fits (lo) and one that does not (hi). @param {Backend} backend @param {number} lo @param {number} hi */
function largestFitting(backend, lo, hi) {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(backend, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Every staged copy and the journal (a restore's leftovers). @param {Backend} backend */
function clearStaging(backend) {
  for (const key of allKeys(backend)) if (key.startsWith(STAGE)) backend.removeItem(key);
  backend.removeItem(JOURNAL);
}

/**
 * @param {Backend} backend @param {Step} step
 * @returns {boolean} done and read back as written (a removal is always done)
 */
function apply(backend, step) {
  if (step.op === "remove") {
    backend.removeItem(step.key);
    return true;
  }
  try {
    backend.setItem(step.key, step.value);
  } catch {
    return false;
  }
  return backend.getItem(step.key) === step.value;
}

/**
 * Puts the progress back as it was: the parts' keys and staged copies go
 * first (room), then every old value returns.
 * @param {Backend} backend @param {Map<string, string>} before @param {string[]} keys
 */
function undo(backend, before, keys) {
  for (const key of keys) if (!before.has(key)) backend.removeItem(key);
  clearStaging(backend);
  for (const [key, value] of before) if (backend.getItem(key) !== value) backend.setItem(key, value);
}

/**
 * Replace the progress with a backup's parts (already checked by their
 * owners), or change nothing and say why.
 * @param {Backend | null} backend the real storage (null: none, the page runs in memory)
 * @param {Record<string, string>} parts key (under PREFIX) -> text
 * @returns {Restored}
 */
export function restore(backend, parts) {
  if (!backend) return { ok: false, problem: "unavailable" };
  clearStaging(backend); // an earlier attempt's leftovers are no progress
  const plan = planRestore(backend, parts);
  const keys = Object.keys(parts);
  /** A write was refused: for want of room (said how much), or else. @param {string} part @returns {Restored} */
  const refused = (part) => {
    const free = freeSpace(backend);
    if (free >= plan.need) return { ok: false, problem: "verify", part };
    return { ok: false, problem: "space", need: plan.need, free, missing: plan.need - free };
  };
  if (!fits(backend, plan.need)) {
    const free = freeSpace(backend);
    if (free < plan.need) return { ok: false, problem: "space", need: plan.need, free, missing: plan.need - free };
  }
  const before = progressOf(backend);
  for (const [i, step] of plan.stage.entries()) {
    if (!apply(backend, step)) {
      undo(backend, before, []);
      return refused(keys[i]);
    }
  }
  for (const [key, value] of Object.entries(parts)) {
    // every staged copy read back, once all are written
    if (backend.getItem(stagedKey(key)) !== value) {
      undo(backend, before, []);
      return { ok: false, problem: "verify", part: key };
    }
  }
  if (!apply(backend, plan.journal)) {
    undo(backend, before, []);
    return refused(JOURNAL);
  }
  plan.clear.forEach((step) => apply(backend, step));
  for (const step of plan.switch) {
    if (!apply(backend, step)) {
      undo(backend, before, keys);
      return refused(step.key);
    }
  }
  apply(backend, plan.done);
  return { ok: true, count: keys.length };
}

/**
 * At start, before anything reads the progress: a restore cut short while it
 * switched (its journal is there) is finished from its staged copies; staged
 * copies without a journal (cut short before the switch) are dropped, the
 * progress they would have replaced is still whole.
 * @param {Backend | null} backend
 * @returns {"finished" | "dropped" | null} what was found
 */
export function finishRestore(backend) {
  if (!backend) return null;
  const text = backend.getItem(JOURNAL);
  const staged = allKeys(backend).filter((key) => key.startsWith(STAGE));
  if (text === null) {
    staged.forEach((key) => backend.removeItem(key));
    return staged.length ? "dropped" : null;
  }
  /** @type {string[]} */
  let keys;
  try {
    const journal = JSON.parse(text);
    keys = Array.isArray(journal?.keys) ? journal.keys.filter((key) => typeof key === "string" && isProgress(key)) : [];
  } catch {
    keys = []; // an unreadable journal: the staged copies cannot be placed
  }
  const wanted = new Set(keys);
  for (const key of progressOf(backend).keys()) if (!wanted.has(key)) backend.removeItem(key);
  for (const key of keys) {
    const value = backend.getItem(stagedKey(key));
    if (value === null) continue; // moved before the cut
    try {
      backend.setItem(key, value);
      backend.removeItem(stagedKey(key));
    } catch (error) {
      console.warn(`6E Club: the restore of ${key} could not be finished`, error); // its staged copy stays for the next start
      return "finished";
    }
  }
  backend.removeItem(JOURNAL);
  return "finished";
}
