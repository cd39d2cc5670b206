// The HUD's Daily / Challenge badge (P4): "Daily · Dec 3" while the run on
// screen is a daily, "Practice · Dec 1" while it is a past daily from the archive, "Challenge" while it is the deal of a challenge link the
// player opened ("Challenge · beat 7,934" when the link carried the sender's
// score), "Practice · from a replay" while it began at a replay's step. The engine says which run is in play (`run_info`: the
// daily's date and the deal's link); a challenge is the deal whose link the
// kit kept when the player took it (`challenge`, stored beside the run), so a
// reload, which drops the address's query, still says so. Nothing here
// decides a rule: it compares the engine's link with the one the engine
// answered for the challenge (`start_of`).
import { html } from "../svg.js";
import { dayText } from "./share.js";

/** The stored item beside a game's run: the link of the challenge deal the player took last
 * (`<link>&beat=<score>` when it carried the score to beat). */
export const CHALLENGE = "challenge";
const BEAT = /&beat=(\d{1,9})$/;

/**
 * The stored challenge as its deal's link and the score to beat.
 * @param {string | null} stored @returns {[string | null, number | null]}
 */
export function challengeOf(stored) {
  const beat = stored?.match(BEAT);
  return beat && stored ? [stored.slice(0, beat.index), Number(beat[1])] : [stored, null];
}

/**
 * @typedef {object} BadgeDeps
 * @property {(key: string, vars?: object) => string} t
 * @property {string} lang
 * @property {boolean} [daily] the page says the daily itself (bowls' mode chip): no daily badge
 */

/**
 * What the badge says of the run in play, or null (a plain run, a lesson, no run).
 * @param {{daily?: string | null, link?: string | null, archive?: boolean, fork?: boolean} | null | undefined} info the engine's run_info
 * @param {string | null} challenge the stored link of the challenge deal taken last
 * @param {BadgeDeps} deps
 * @returns {{kind: "daily" | "challenge" | "archive" | "practice", text: string} | null}
 */
export function badgeOf(info, challenge, { t, lang, daily = true }) {
  if (!info) return null;
  // A run from a replay's step is practice (club.forking), whatever deal it began on.
  if (info.fork) return { kind: "practice", text: t("shell.club.badgeFork") };
  // A past daily from the archive is practice, whatever the page's own chip says of its mode.
  if (info.archive && info.daily) return { kind: "archive", text: t("shell.club.badgeArchive", { date: dayText(info.daily, lang) }) };
  if (info.daily) return daily ? { kind: "daily", text: t("shell.club.badgeDaily", { date: dayText(info.daily, lang) }) } : null;
  const [link, beat] = challengeOf(challenge);
  if (info.link && info.link === link) {
    const text =
      beat === null ? t("shell.club.challenge") : t("shell.club.challengeBeat", { score: new Intl.NumberFormat(lang).format(beat) });
    return { kind: "challenge", text };
  }
  return null;
}

/**
 * @typedef {object} Badge
 * @property {HTMLElement} node
 * @property {() => Promise<void>} update asks the engine which run is in play and says so
 */

/**
 * The badge, hidden until the engine says the run is a daily or a challenge.
 * @param {HTMLElement} parent
 * @param {{engine: import("../engine.js").Engine<Club.Calls>, store: {get: (name: string) => string | null}}} where
 * @param {BadgeDeps} deps
 * @returns {Badge}
 */
export function createBadge(parent, { engine, store }, deps) {
  const node = html("span", { class: "club-badge" }, parent);
  node.hidden = true;
  return {
    node,
    async update() {
      const said = badgeOf(await engine.call("run_info", {}), store.get(CHALLENGE), deps);
      node.hidden = !said;
      node.textContent = said?.text ?? "";
      node.dataset.kind = said?.kind ?? "";
    },
  };
}
