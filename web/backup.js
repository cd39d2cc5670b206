// Backup / Restore: "your progress is yours".
//
// The file (one JSON object, versioned):
//   {"format": "6e-club-backup", "version": 1, "saved": "<ISO time>",
//    "keys": {"6e-club/v1/<game>/<name>": "<stored text>", "6e-club/v1/settings": "..."}}
// "keys" holds every stored value a validator below knows (runs, profiles,
// merge slots, bowls' parked runs and preferences, domino's last choice,
// blocks' gem colours, the shell settings, the lessons seen, the Daily Club's
// record, each game's kept replays and its last banked run's summary) exactly as stored; values moved
// aside as corrupt (".../corrupt/<time>") are never backed up.
//
// Restore checks the whole file first: its size before a byte is read (MOST_BYTES),
// the format, the version, at least one part, every key a part the arcade
// keeps (Hex Merge's slots only those its engine has, M15; a bowls attempt
// kept under its own mode), then every part through its owner (runs and
// slots with the game's engine `load`, profiles with `load_profile`, on
// throwaway engine sessions; the shell's own values in JS). One bad or unknown
// part refuses the file and nothing changes; the message names the part. A
// good file REPLACES the progress on this device (after a confirmation that
// names the progress the file does not hold, which would be lost) through
// web/restore.js: staged, read back, then switched, or refused with the room
// that is missing and nothing changed. Only a restore read back whole says
// so, after the page reloaded so every game starts from it.
import { html } from "./svg.js";
import { PREFIX, itemName, itemOf, parseSettings } from "./storage.js";
import { parseSeen } from "./kit/lesson.js";
import { restore } from "./restore.js";
import { bytesText, mountAsides, partName, sizeText } from "./asides.js";

export const FORMAT = "6e-club-backup";
export const VERSION = 1;
const RESTORED_FLAG = "6e-club:restored"; // sessionStorage: the count, shown after the reload
// The largest file taken as a backup, in bytes: bigger ones are refused from their size, unread (a 40 MB file
// once took 20 s to refuse, the page frozen 4.5 s of it). Everything a restore writes must fit the origin's
// localStorage, 5 Mi UTF-16 code units (web/restore.js), and the stored text is ASCII JSON whose quotes the
// file escapes: measured on every kind of part the engines write, a part takes 1.08 (replays) to 1.27 (the
// settings) bytes of file per stored code unit, so the largest backup a device can hold and restore is about
// 5 Mi x 1.27 = 6.7 MB. 8 MiB leaves that a fifth more.
export const MOST_BYTES = 8 * 1024 * 1024;
// What a player loses when a restore replaces it with nothing: a run, a paused attempt, the records (and the
// puzzles solved), a slot, the kept replays, the Daily Club record, the lessons done, the Puzzle Workshop's lists and
// draft (not settings or choices).
const PROGRESS_KINDS = new Set(["run", "parked", "profile", "puzzles", "slot", "replays", "club", "lessons", "workshop", "draft"]);

/**
 * What home's "Your progress" section reads of its context (and hands the list of copies set aside).
 * @typedef {Pick<import("./app.js").ShellContext, "t" | "lang" | "storage" | "check" | "games" | "gameName" | "keeping">
 *   & import("./asides.js").AsidesContext} BackupContext
 */
/** @typedef {import("./storage.js").ClubStorage} ClubStorage */
/** @typedef {BackupContext["check"]} Check a throwaway engine session's answer */
/** @typedef {(text: string, check: Check) => unknown} Validator throws when the text is not good */
/** @typedef {{ format: string, version: number, saved: string, keys: Record<string, string> }} Backup */
/**
 * What checkBackup found: the backup, or the problem (a bad part is named, a newer format says its version).
 * @typedef {{ backup: Backup, problem?: undefined } | Problem} Found
 * @typedef {{ backup?: undefined, problem: "notBackup" | "newer" | "empty", version?: number }
 *   | { backup?: undefined, problem: "badPart", part: string, reason: string | null, slots?: number }} Problem
 */

const SLOT = /^slot\/[0-9]+$/; // a merge slot's key; its number is checked against the engine's slots

/** @param {string} text */
function jsonObject(text) {
  const value = JSON.parse(text);
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object");
}

// The check for one stored key (without PREFIX), or null when no owner is known.
/** @param {string} name @param {string[]} games @returns {Validator | null} */
function validatorFor(name, games) {
  if (name === "settings") return (text) => parseSettings(text);
  if (name === "seen") return (text) => parseSeen(text); // lessons done, tips shown
  // The Daily Club's record (streaks, stats) is checked by the club record service.
  if (name === "club/record") return (text, check) => check("club", "check", { record: text });
  const [game, ...rest] = name.split("/");
  const item = rest.join("/");
  if (!games.includes(game) || item.includes("/corrupt/")) return null;
  // A game's kept replays: the service reads every code of them.
  if (item === "replays") return (text, check) => check("club", "check_replays", { game, replays: text });
  if (item === "ended") return jsonObject; // the last banked run's summary: only drawn, checked when read
  /** @param {string} method @param {string} field @returns {Validator} */
  const engine = (method, field) => (text, check) => check(game, method, { [field]: text });
  if (item === "run") return engine("load", "save");
  const parked = game === "bowls" ? /^run-([a-z]+)$/.exec(item) : null;
  if (parked) {
    // An attempt parked while another mode plays, kept under its mode's name: one per mode, no more.
    return async (text, check) => {
      const view = /** @type {Bowls.View} */ (await check(game, "load", { save: text }));
      if (view?.mode !== parked[1]) throw new Error(`the ${view?.mode} attempt kept as ${parked[1]}`);
    };
  }
  if (item === "profile") return engine("load_profile", "profile");
  if (game === "merge" && SLOT.test(item)) return engine("load", "save"); // its number: checkKeys
  if (game === "blocks" && item === "paint") {
    return (/** @type {string} */ text) => {
      if (!/^[0-9ab.]*$/.test(text)) throw new Error("unknown gem colours");
    };
  }
  if ((game === "domino" && item === "choice") || (game === "bowls" && item === "prefs")) return jsonObject;
  // The Puzzle Workshop's draft and lists (W28): JSON objects, read entry by entry when used (a bad entry is left out).
  if (game === "bowls" && (item === "workshop-draft" || item === "workshop-puzzles")) return jsonObject;
  return null;
}

/** @param {ClubStorage} storage @param {string[]} games @param {Date} [now] @returns {Backup} */
export function makeBackup(storage, games, now = new Date()) {
  /** @type {Record<string, string>} */
  const keys = {};
  for (const key of storage.keys().sort()) {
    if (!validatorFor(key.slice(PREFIX.length), games)) continue;
    const value = storage.get(key);
    if (value !== null) keys[key] = value;
  }
  return { format: FORMAT, version: VERSION, saved: now.toISOString(), keys };
}

/**
 * Every key a part the arcade keeps, before any part is read: an unknown key, or a merge slot the game does
 * not have (its engine's own count, M15; a number written any other way, "slot/01"), is the first bad part.
 * @param {string[]} keys @param {string[]} games @param {Check} check @returns {Promise<Problem | null>}
 */
async function checkKeys(keys, games, check) {
  /** @type {number | null} */
  let slots = null;
  for (const key of keys) {
    const part = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
    if (!key.startsWith(PREFIX) || !validatorFor(part, games)) return { problem: "badPart", part, reason: null };
    if (!part.startsWith("merge/slot/")) continue;
    try {
      slots ??= Number(/** @type {Merge.Geometry} */ (await check("merge", "geometry", {})).slots);
    } catch (error) {
      return { problem: "badPart", part, reason: String(error?.message || error) };
    }
    const n = part.slice("merge/slot/".length);
    if (!/^[1-9][0-9]*$/.test(n) || !(Number(n) <= slots)) return { problem: "badPart", part, reason: null, slots };
  }
  return null;
}

// {backup} when every part is good, else {problem, part?, reason?}.
/** @param {string} text @param {string[]} games @param {Check} check @returns {Promise<Found>} */
export async function checkBackup(text, games, check) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "notBackup" };
  }
  if (!data || data.format !== FORMAT || typeof data.keys !== "object" || !data.keys || Array.isArray(data.keys)) {
    return { problem: "notBackup" };
  }
  if (!Number.isInteger(data.version) || data.version < 1) return { problem: "notBackup" };
  if (data.version > VERSION) return { problem: "newer", version: data.version };
  const keys = Object.keys(data.keys);
  if (!keys.length) return { problem: "empty" }; // restoring it would erase everything for nothing
  const bad = await checkKeys(keys, games, check);
  if (bad) return bad;
  for (const [key, value] of Object.entries(data.keys)) {
    const part = key.slice(PREFIX.length);
    const validate = /** @type {Validator} */ (validatorFor(part, games));
    try {
      if (typeof value !== "string") throw new Error("not text");
      await validate(value, check);
    } catch (error) {
      return { problem: "badPart", part, reason: String(error?.message || error) };
    }
  }
  return { backup: data };
}

/**
 * The progress on this device a restore of `backup` would remove: kept now, absent from the file.
 * @param {ClubStorage} storage @param {Backup} backup @param {string[]} games @returns {string[]} their keys
 */
export function lostBy(storage, backup, games) {
  return storage
    .keys()
    .filter((key) => !(key in backup.keys) && validatorFor(key.slice(PREFIX.length), games))
    .filter((key) => PROGRESS_KINDS.has(itemOf(key).kind))
    .sort();
}

// Replace the progress with the backup's parts (web/restore.js), or say why nothing changed.
/** @param {ClubStorage} storage @param {Backup} backup @returns {import("./restore.js").Restored} */
export function applyBackup(storage, backup) {
  return restore(storage.backend, backup.keys);
}

/** @param {Backup} backup @returns {string} the file's name */
function download(backup) {
  const name = `6e-club-backup-${backup.saved.slice(0, 10)}.json`;
  const url = URL.createObjectURL(new Blob([JSON.stringify(backup, null, 1)], { type: "application/json" }));
  const link = html("a", { href: url, download: name }, document.body);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return name;
}

/** @param {BackupContext["t"]} t @param {Problem} found @param {BackupContext["gameName"]} gameName */
function problemText(t, found, gameName) {
  if (found.problem !== "badPart") return t(`shell.backup.${found.problem}`, { version: found.version });
  const unknown = found.slots
    ? t("shell.backup.extraSlot", { game: gameName("merge"), count: found.slots })
    : t("shell.backup.unknownPart");
  return t("shell.backup.badPart", { part: partName(found.part, gameName), reason: found.reason ?? unknown });
}

/** Why a checked backup was not restored. @param {BackupContext} ctx @param {import("./restore.js").Restored} done */
function refusalText(ctx, done) {
  if (done.ok) return "";
  if (done.problem === "space") return ctx.t("shell.backup.noRoom", { size: sizeText(done.missing, ctx.lang) });
  if (done.problem === "verify") return ctx.t("shell.backup.notWritten", { part: partName(done.part, ctx.gameName) });
  return ctx.t("shell.backup.noStorage");
}

// The home screen's "Your progress" section. ctx: t, lang, storage, check, games, gameName.
/** @param {HTMLElement} parent @param {BackupContext} ctx */
export function mountBackup(parent, ctx) {
  const { t } = ctx;
  const section = html("section", { class: "backup", "aria-labelledby": "backup-title" }, parent);
  html("h2", { id: "backup-title" }, section, t("shell.backup.title"));
  html("p", { class: "backup-lead" }, section, t("shell.backup.lead"));
  const row = html("div", { class: "backup-actions" }, section);
  const save = html("button", { type: "button", class: "btn backup-save" }, row, t("shell.backup.save"));
  const open = html("button", { type: "button", class: "btn backup-restore" }, row, t("shell.backup.restore"));
  const input = html(
    "input",
    {
      type: "file",
      accept: ".json,application/json",
      class: "sr-only",
      id: "restore-file",
      tabindex: "-1",
      "aria-hidden": "true",
      "aria-label": t("shell.backup.restore"),
    },
    section,
  );
  const confirm = html("div", { class: "backup-confirm", hidden: true }, section);
  const status = html("p", { class: "backup-status", role: "status" }, section);
  const asides = mountAsides(section, ctx);
  /** @param {string} text @param {boolean} [bad] */
  const say = (text, bad = false) => {
    status.textContent = text;
    status.classList.toggle("bad", bad);
    delete status.dataset.missing;
  };

  const restored = sessionStorage.getItem(RESTORED_FLAG);
  if (restored !== null) {
    sessionStorage.removeItem(RESTORED_FLAG);
    say(t("shell.backup.restored", { count: Number(restored) }));
  }

  save.addEventListener("click", () => {
    say(t("shell.backup.saved", { file: download(makeBackup(ctx.storage, ctx.games)) }));
    ctx.keeping.backedUp(); // the backup reminder's clock (web/persist.js)
  });
  open.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    confirm.hidden = true;
    if (file.size > MOST_BYTES) {
      // Refused from its size alone: reading it would only freeze the page.
      say(t("shell.backup.tooBig", { size: bytesText(file.size, ctx.lang), most: bytesText(MOST_BYTES, ctx.lang) }), true);
      return;
    }
    const found = await checkBackup(await file.text(), ctx.games, ctx.check);
    if (!found.backup) {
      say(problemText(t, found, ctx.gameName), true);
      return;
    }
    say("");
    askToReplace(confirm, ctx, found.backup, (done) => {
      say(refusalText(ctx, done), true);
      if (!done.ok && done.problem === "space") status.dataset.missing = String(done.missing); // code units (e2e)
      asides.refresh(); // the copies set aside are room the player can free
      open.focus(); // the question is gone: back where the restore began
    });
  });
}

/**
 * @param {HTMLElement} box @param {BackupContext} ctx @param {Backup} backup
 * @param {(done: import("./restore.js").Restored) => void} refused nothing changed: why
 */
function askToReplace(box, ctx, backup, refused) {
  const { t } = ctx;
  box.replaceChildren();
  const when = new Date(backup.saved);
  const date = Number.isNaN(when.getTime())
    ? "?"
    : new Intl.DateTimeFormat(ctx.lang, { dateStyle: "medium", timeStyle: "short" }).format(when);
  const lost = lostBy(ctx.storage, backup, ctx.games).map((key) => itemName(key, t));
  const items = new Intl.ListFormat(ctx.lang, { type: "conjunction" }).format(lost);
  html("p", { "data-lost": lost.length }, box, t(lost.length ? "shell.backup.confirmLoss" : "shell.backup.confirm", { date, items }));
  const yes = html(
    "button",
    { type: "button", class: "btn primary backup-replace" },
    box,
    t(lost.length ? "shell.backup.replaceLoss" : "shell.backup.replace"),
  );
  const no = html("button", { type: "button", class: "btn backup-cancel" }, box, t("shell.backup.cancel"));
  box.hidden = false;
  yes.focus();
  no.addEventListener("click", () => {
    box.hidden = true;
  });
  yes.addEventListener("click", () => {
    const done = applyBackup(ctx.storage, backup);
    box.hidden = true;
    if (!done.ok) {
      refused(done);
      return;
    }
    sessionStorage.setItem(RESTORED_FLAG, String(done.count)); // read back whole: said after the reload
    location.reload(); // every game (and the language) starts from the restored values
  });
}
