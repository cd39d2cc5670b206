// When to ask the browser to keep this site's storage, when to remind a player to save a backup and what
// install offer fits the browser (P8: progress that stays): pure functions of the stored state, the
// clock and what the browser said, so node's tests give them any day (tests/js/persistplan.test.mjs).
//
// Browsers clear what a site stored: Safari after seven days without a visit (unless the site is on the
// home screen), every browser under storage pressure unless `navigator.storage.persist()` was granted.
// A player's streaks, profiles and runs live only there; a backup file is what survives.

/** The device's record of its care for the storage: not progress, never backed up, kept by a restore. */
export const DEVICE_KEY = "6e-club/device";
export const DAY_MS = 24 * 60 * 60 * 1000;
/** A storage the browser may clear: a backup older than a week is not recent; a reminder at most weekly. */
export const WEEK_MS = 7 * DAY_MS;
/** A storage kept (persist granted): only the device itself can be lost; a reminder at most monthly. */
export const MONTH_MS = 30 * DAY_MS;

/**
 * What the device remembers (epoch ms, null: never).
 * @typedef {{ asked: number | null, backup: number | null, reminded: number | null }} KeepState
 */

/** @type {KeepState} */
const FRESH = { asked: null, backup: null, reminded: null };

/** @param {unknown} value @returns {number | null} a time, or null for anything else */
const time = (value) => (Number.isSafeInteger(value) && /** @type {number} */ (value) > 0 ? /** @type {number} */ (value) : null);

/**
 * The stored state; text that is missing or unreadable is a fresh state (a drawing aid of the
 * shell's, not progress: nothing is lost by starting it again).
 * @param {string | null} text @returns {KeepState}
 */
export function readKeep(text) {
  let value;
  try {
    value = JSON.parse(text ?? "null");
  } catch {
    return { ...FRESH };
  }
  if (!value || typeof value !== "object" || value.schema !== 1) return { ...FRESH };
  return { asked: time(value.asked), backup: time(value.backup), reminded: time(value.reminded) };
}

/** @param {KeepState} state @returns {string} */
export function writeKeep(state) {
  return JSON.stringify({ schema: 1, ...state });
}

/**
 * Ask for persistence now? Once (after the first finished run, or at installation: `force`), never
 * again by itself when it was asked before; never when the browser has no way to ask or keeps the
 * storage already.
 * @param {KeepState} state @param {{ supported: boolean, persisted: boolean, force?: boolean }} browser
 * @returns {boolean}
 */
export function shouldAsk(state, { supported, persisted, force = false }) {
  if (!supported || persisted) return false;
  return force || state.asked === null;
}

/**
 * How old a time is; a time in the future (a clock set back since) counts as long ago, so a wrong
 * clock never silences the reminder for good.
 * @param {number | null} then @param {number} now @returns {number}
 */
const age = (then, now) => (then === null || then > now + DAY_MS ? Infinity : now - then);

/**
 * Remind the player to save a backup now? Only with progress worth keeping (a streak, a solved puzzle),
 * no recent backup, and no reminder within the interval (a week; a month when the storage is kept).
 * @param {KeepState} state @param {number} now epoch ms
 * @param {{ progress: boolean, persisted: boolean }} facts
 * @returns {boolean}
 */
export function reminderDue(state, now, { progress, persisted }) {
  if (!progress) return false;
  const interval = persisted ? MONTH_MS : WEEK_MS;
  return age(state.backup, now) >= interval && age(state.reminded, now) >= interval;
}

/**
 * Is this an iPhone, iPad or iPod (iPadOS says "Macintosh" but has a touch screen)?
 * @param {{ userAgent: string, maxTouchPoints?: number }} nav @returns {boolean}
 */
export function isIos({ userAgent, maxTouchPoints = 0 }) {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * The install offer that fits: the browser's own prompt when it gave one (`beforeinstallprompt`),
 * Safari's Share → Add to Home Screen on iOS (no prompt there), none once installed.
 * @param {{ prompt: boolean, ios: boolean, standalone: boolean }} browser
 * @returns {"prompt" | "ios" | null}
 */
export function installOffer({ prompt, ios, standalone }) {
  if (standalone) return null;
  if (prompt) return "prompt";
  return ios ? "ios" : null;
}

/**
 * What Settings says of the storage: kept, may be cleared, or only in memory (P8's fallback).
 * @param {{ saving: boolean, supported: boolean, persisted: boolean }} browser
 * @returns {"kept" | "clearable" | "unknown" | "memory"}
 */
export function storageStatus({ saving, supported, persisted }) {
  if (!saving) return "memory";
  if (!supported) return "unknown";
  return persisted ? "kept" : "clearable";
}
