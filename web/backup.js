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
// Restore checks the whole file first: the format, the version, and every part
// through its owner (runs and slots with the game's engine `load`, profiles
// with `load_profile`, on throwaway engine sessions; the shell's own values in
// JS). One bad or unknown part refuses the file and nothing changes; the
// message names the part. A good file REPLACES the progress on this device
// (after a confirmation) through web/restore.js: staged, read back, then
// switched, or refused with the room that is missing and nothing changed.
// Only a restore read back whole says so, after the page reloaded so every
// game starts from it.
import { html } from "./svg.js";
import { PREFIX, parseSettings } from "./storage.js";
import { parseSeen } from "./kit/lesson.js";
import { restore } from "./restore.js";
import { mountAsides, partName, sizeText } from "./asides.js";

export const FORMAT = "6e-club-backup";
export const VERSION = 1;
const RESTORED_FLAG = "6e-club:restored"; // sessionStorage: the count, shown after the reload

/** @typedef {import("./app.js").PageContext} PageContext */
/** @typedef {import("./storage.js").ClubStorage} ClubStorage */
/** @typedef {PageContext["check"]} Check a throwaway engine session's answer */
/** @typedef {(text: string, check: Check) => unknown} Validator throws when the text is not good */
/** @typedef {{ format: string, version: number, saved: string, keys: Record<string, string> }} Backup */
/**
 * What checkBackup found: the backup, or the problem (a bad part is named, a newer format says its version).
 * @typedef {{ backup: Backup, problem?: undefined } | Problem} Found
 * @typedef {{ backup?: undefined, problem: "notBackup" | "newer", version?: number }
 *   | { backup?: undefined, problem: "badPart", part: string, reason: string | null }} Problem
 */

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
  if (item === "run" || (game === "bowls" && /^run-[a-z]+$/.test(item))) return engine("load", "save");
  if (item === "profile") return engine("load_profile", "profile");
  if (game === "merge" && /^slot\/\d+$/.test(item)) return engine("load", "save");
  if (game === "blocks" && item === "paint") {
    return (/** @type {string} */ text) => {
      if (!/^[0-9ab.]*$/.test(text)) throw new Error("unknown gem colours");
    };
  }
  if ((game === "domino" && item === "choice") || (game === "bowls" && item === "prefs")) return jsonObject;
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

// {backup} when every part is good, else {problem, part?, reason?}.
/** @param {string} text @param {string[]} games @param {Check} check @returns {Promise<Found>} */
export async function checkBackup(text, games, check) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "notBackup" };
  }
  if (!data || data.format !== FORMAT || typeof data.keys !== "object" || !data.keys) return { problem: "notBackup" };
  if (!Number.isInteger(data.version) || data.version < 1) return { problem: "notBackup" };
  if (data.version > VERSION) return { problem: "newer", version: data.version };
  for (const [key, value] of Object.entries(data.keys)) {
    const part = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
    const validate = key.startsWith(PREFIX) ? validatorFor(part, games) : null;
    if (!validate) return { problem: "badPart", part, reason: null };
    try {
      if (typeof value !== "string") throw new Error("not text");
      await validate(value, check);
    } catch (error) {
      return { problem: "badPart", part, reason: String(error?.message || error) };
    }
  }
  return { backup: data };
}

// Replace the progress with the backup's parts (web/restore.js), or say why nothing changed.
/** @param {ClubStorage} storage @param {Backup} backup @returns {import("./restore.js").Restored} */
export function applyBackup(storage, backup) {
  return restore(storage.backend, backup.keys);
}

// Ask the browser to keep our storage (navigator.storage.persist) once a
// finished run exists; the answer is shown on <html data-persist>.
/** @returns {Promise<string>} "granted", "denied" or "unsupported" */
export async function askPersistence() {
  const manager = navigator.storage;
  let answer = "unsupported";
  try {
    if (manager?.persist) answer = (await manager.persisted()) || (await manager.persist()) ? "granted" : "denied";
  } catch {
    /* unsupported here */
  }
  document.documentElement.dataset.persist = answer;
  return answer;
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

/** @param {PageContext["t"]} t @param {Problem} found @param {PageContext["gameName"]} gameName */
function problemText(t, found, gameName) {
  if (found.problem !== "badPart") return t(`shell.backup.${found.problem}`, { version: found.version });
  return t("shell.backup.badPart", { part: partName(found.part, gameName), reason: found.reason ?? t("shell.backup.unknownPart") });
}

/** Why a checked backup was not restored. @param {PageContext} ctx @param {import("./restore.js").Restored} done */
function refusalText(ctx, done) {
  if (done.ok) return "";
  if (done.problem === "space") return ctx.t("shell.backup.noRoom", { size: sizeText(done.missing, ctx.lang) });
  if (done.problem === "verify") return ctx.t("shell.backup.notWritten", { part: partName(done.part, ctx.gameName) });
  return ctx.t("shell.backup.noStorage");
}

// The home screen's "Your progress" section. ctx: t, lang, storage, check, games, gameName.
/** @param {HTMLElement} parent @param {PageContext} ctx */
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
 * @param {HTMLElement} box @param {PageContext} ctx @param {Backup} backup
 * @param {(done: import("./restore.js").Restored) => void} refused nothing changed: why
 */
function askToReplace(box, ctx, backup, refused) {
  const { t } = ctx;
  box.replaceChildren();
  const when = new Date(backup.saved);
  const date = Number.isNaN(when.getTime())
    ? "?"
    : new Intl.DateTimeFormat(ctx.lang, { dateStyle: "medium", timeStyle: "short" }).format(when);
  html("p", {}, box, t("shell.backup.confirm", { date }));
  const yes = html("button", { type: "button", class: "btn primary backup-replace" }, box, t("shell.backup.replace"));
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
