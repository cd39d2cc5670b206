// Sharing a finished run: the result text in the player's language,
// the links that open the same deal or the replay for anyone, and the way out
// of the page: the Web Share API where there is one, the clipboard otherwise,
// and a dialog with the text selected when neither works. The link's query
// and the grid are the engine's (the finished event): nothing here knows a rule.
import { html } from "../svg.js";
import { openDialog } from "./dialog.js";

/**
 * What sharing needs of the page.
 * @typedef {object} ShareDeps
 * @property {(key: string, vars?: object) => string} t
 * @property {import("../notices.js").Notice} notice
 * @property {HTMLElement} host where a fallback dialog opens
 */

/**
 * The address of a deal; a run without a recording (begun before recordings) has no
 * deal to share, and its text links the game instead. A finished run's query is the
 * engine's `challenge` (club/links.py): the deal, the sender's score (`&beat=…`: the
 * friend who opens it sees the score to beat) and its replay code as a ghost to race
 * (`&vs=…`) when the code is short enough for a link.
 * @param {string} game @param {string | null | undefined} query the engine's `challenge` or `link`
 */
export function challengeLink(game, query) {
  return `${location.origin}${location.pathname}#/${game}${query ? `?${query}` : ""}`;
}

/** @param {string} game @param {string} code `6E1.<game>.…` */
export function replayLink(game, code) {
  return `${location.origin}${location.pathname}#/${game}?replay=${code}`;
}

/**
 * A UTC date (`YYYY-MM-DD`) as the player's language writes it short ("2 Dec").
 * @param {string} date @param {string} lang @param {boolean} [year] with the year
 */
export function dayText(date, lang, year = false) {
  const when = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(when.getTime())) return date;
  const options = /** @type {Intl.DateTimeFormatOptions} */ ({ day: "numeric", month: "short", timeZone: "UTC" });
  if (year) options.year = "numeric";
  return new Intl.DateTimeFormat(lang, options).format(when);
}

/**
 * Time left as a clock ("05:12:09"), in the player's digits: the countdown to the next dailies.
 * @param {(value: number, options?: Intl.NumberFormatOptions) => string} number @param {number} ms
 */
export function clockText(number, ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = { minimumIntegerDigits: 2, useGrouping: false };
  return [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60].map((n) => number(n, two)).join(":");
}

/**
 * Why a finished run was practice, in words: the club service's reason code (the game's own, such as
 * "training", or the record's "repeat", "late", "early"); a code with no words says the run cannot count.
 * @param {ShareDeps["t"]} t @param {string} why
 */
export function whyText(t, why) {
  const key = `club.why.${why}`;
  const said = t(key);
  return said === key ? t("club.why.other") : said;
}

/**
 * The text a player sends: game, date, score, grid and the challenge link. A practice run (the
 * summary's `why`: help used, the day already counted, off its day) says so and posts its score as
 * practice, never as the daily's result.
 * @param {{ t: ShareDeps["t"], lang: string, number: (value: number) => string, gameName: string,
 *   event: { game: string, score: number, daily: string | null, link: string | null, grid: string, challenge?: string | null },
 *   why?: string | null, frozen?: { streak: number, used: number } | null }} parts `frozen`: a counted daily whose
 *   streak a freeze kept (the service's summary): the text says so (docs/daily-club.md, "Freezes")
 */
export function shareText({ t, lang, number, gameName, event, why = null, frozen = null }) {
  const date = event.daily ? dayText(event.daily, lang, true) : t("shell.club.challenge");
  const parts = {
    game: gameName,
    date,
    score: number(event.score),
    grid: event.grid,
    link: challengeLink(event.game, event.challenge ?? event.link),
  };
  if (why) return t("club.share.practice", { ...parts, why: whyText(t, why) });
  const text = t("shell.club.shareText", parts);
  if (!frozen) return text;
  const said = t("club.share.frozen", { streak: number(frozen.streak), count: frozen.used, n: number(frozen.used) });
  const cut = text.indexOf("\n"); // after the first line: the game and the day
  return cut < 0 ? `${text}\n${said}` : `${text.slice(0, cut)}\n${said}${text.slice(cut)}`;
}

// The text shown selected in a dialog, for a device where neither share nor clipboard works.
/** @param {string} text @param {ShareDeps} deps */
function showText(text, { t, host }) {
  const area = html("textarea", { class: "club-share-text", readonly: true, rows: "6", "aria-label": t("shell.club.copyByHand") });
  area.value = text;
  const dialog = openDialog(host, {
    title: t("shell.club.copyByHand"),
    cls: "club-share-dialog",
    lines: [area],
    focus: ".club-share-text",
    buttons: [{ label: t("shell.club.close"), primary: true }],
  });
  area.focus();
  area.select();
  return dialog;
}

/**
 * Copies text to the clipboard and says what was copied ("Challenge link copied"), or
 * shows it selected when the clipboard refuses.
 * @param {string} text @param {ShareDeps} deps
 * @param {"shell.club.copiedLink" | "shell.club.copiedCode" | "shell.club.copiedResult"} said what the player is told
 * @returns {Promise<boolean>} true: copied
 */
export async function copyText(text, deps, said) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    deps.notice(deps.t(said), "done");
    return true;
  } catch (error) {
    console.warn(`6E Club: the clipboard refused (${error?.message || error}): the text is shown to copy by hand`);
    showText(text, deps);
    return false;
  }
}

/**
 * Shares the result text: the system's share sheet when present (a cancelled share is
 * the player's choice, not an error), else the clipboard.
 * @param {string} text @param {ShareDeps} deps @returns {Promise<void>}
 */
export async function shareOrCopy(text, deps) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return;
    } catch (error) {
      if (error?.name === "AbortError") return; // the player closed the share sheet
      console.warn(`6E Club: sharing failed (${error?.message || error}): copying instead`);
    }
  }
  await copyText(text, deps, "shell.club.copiedResult");
}
