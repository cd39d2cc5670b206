// The Daily Club's block on a game's end card (docs/daily-club.md): the daily
// line, the grid, Share, the challenge link, the replay. Every date, streak,
// link and grid is the engine's and the club service's; this only draws (P4).
import { html } from "../svg.js";
import { challengeLink, clockText, copyText, dayText, replayLink, shareOrCopy, shareText, whyText } from "./share.js";
import { ghostVerdict } from "./clubghost.js";

/** @typedef {import("./club.js").Summary} Summary */
/** @typedef {import("./club.js").FinishedEvent} FinishedEvent */

/**
 * @typedef {object} EndDeps
 * @property {(key: string, vars?: object) => string} t
 * @property {string} lang
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 * @property {() => Promise<number>} nextMs the club service's time to the next dailies (ms)
 * @property {(id: string) => string} gameName a game's name in the page's language
 * @property {() => {t: (key: string, vars?: object) => string, notice: import("../notices.js").Notice, host: HTMLElement}} shareDeps
 *   what Share and the copy buttons need (their dialog's host is looked up when clicked)
 * @property {() => Promise<Club.GhostView | null>} [ghost] the ghost beside the run (clubghost.js): the two runs compared
 */

// What a summary kept beside a finished run holds (the end card after a reload);
// its event is always the engine's own (run_info), never the stored copy.
const KEPT_FLAGS = ["daily", "counted", "practice", "new_best", "kept", "archive", "archive_best"];
const KEPT_COUNTS = ["streak", "best_streak", "club_streak", "club_today", "freezes", "freezes_used"];
const SAME_RUN = ["game", "score", "seed", "daily", "moves", "code"];

/**
 * The summary of a finished run again, after a reload: the one stored when it was banked
 * when it is this run's (the same game, deal, score, moves and code), else the event alone
 * (Share, the link and the replay stay; no daily line). Stored text is only drawn, so
 * anything off in it is dropped, never shown.
 * @param {string | null} text the stored summary @param {FinishedEvent} event the engine's
 * @returns {Summary}
 */
export function endedSummary(text, event) {
  /** @type {any} */
  let kept = null;
  try {
    kept = JSON.parse(text ?? "null");
  } catch {
    kept = null;
  }
  const bare = /** @type {Summary} */ ({
    game: event.game,
    date: null,
    daily: false,
    counted: false,
    practice: false,
    why: null,
    streak: 0,
    best_streak: 0,
    club_streak: 0,
    club_today: 0,
    new_best: false,
    kept: false,
    archive: false,
    archive_best: false,
    freezes: 0,
    freezes_used: 0,
    event,
  });
  if (!kept || typeof kept !== "object" || !kept.event || SAME_RUN.some((key) => kept.event[key] !== event[key])) return bare;
  const summary = /** @type {any} */ ({ ...bare });
  for (const key of KEPT_FLAGS) if (typeof kept[key] === "boolean") summary[key] = kept[key];
  for (const key of KEPT_COUNTS) if (Number.isSafeInteger(kept[key]) && kept[key] >= 0) summary[key] = kept[key];
  if (typeof kept.why === "string" && /^[a-z-]{1,24}$/.test(kept.why)) summary.why = kept.why;
  summary.date = summary.daily ? event.daily : null;
  return summary;
}

/**
 * The end card's Daily Club line: counted with the streak, or practice and why (the service's reason:
 * the game's, e.g. Undo used, or the day already counted, or off its day); none for a run that is no daily.
 * @param {Summary} summary @param {EndDeps} deps @returns {string | null}
 */
export function dailyLine(summary, { t, lang, number }) {
  if (!summary.daily) return null;
  const date = summary.date ? dayText(summary.date, lang) : "";
  // a past daily from the archive: practice, with that day's own best (docs/daily-club.md, "The archive")
  if (summary.archive) return t(summary.archive_best ? "club.end.archiveBest" : "club.end.archive", { date });
  if (summary.counted) {
    const line = t("shell.club.counted", { date, streak: number(summary.streak), count: summary.streak });
    // said honestly: the streak stands because a freeze kept a missed day (docs/daily-club.md, "Freezes")
    return summary.freezes_used > 0
      ? `${line} · ${t("club.end.frozen", { count: summary.freezes_used, n: number(summary.freezes_used) })}`
      : line;
  }
  return t("club.end.practice", { date, why: whyText(t, summary.why ?? "other") });
}

/**
 * A daily's end card counts down to the next dailies (P4: a reason to come back), each second
 * while the card is up; at 0 it stays at 00:00:00 (the home card says what the new day holds).
 * @param {HTMLElement} block @param {EndDeps} deps
 */
function countdown(block, deps) {
  const line = html("p", { class: "club-end-next" }, block, `${deps.t("club.next")} `);
  const clock = html("time", { class: "club-end-countdown" }, line, "--:--:--");
  deps.nextMs().then(
    (ms) => {
      const until = Date.now() + ms;
      const tick = () => {
        const left = until - Date.now();
        clock.textContent = clockText(deps.number, left);
        clock.setAttribute("datetime", `PT${Math.max(0, Math.ceil(left / 1000))}S`);
        if (left <= 0 || !block.isConnected) clearInterval(timer);
      };
      const timer = setInterval(tick, 1000);
      tick();
    },
    () => {
      line.remove();
    },
  ); // no answer: no countdown, the rest of the card stands
}

/**
 * The block's buttons: Share, copy the challenge link, watch and copy the replay.
 * @param {HTMLElement} row @param {Summary} summary @param {EndDeps} deps
 */
function endActions(row, summary, deps) {
  const { t } = deps;
  const { event } = summary;
  const link = challengeLink(event.game, event.challenge ?? event.link); // the engine's: with the score to beat, the ghost
  const share = html("button", { type: "button", class: "btn primary club-share" }, row, t("shell.club.share"));
  share.addEventListener("click", () => {
    const text = shareText({
      t,
      lang: deps.lang,
      number: (v) => deps.number(v),
      gameName: deps.gameName(event.game),
      event,
      why: summary.why,
      frozen: summary.counted && summary.freezes_used > 0 ? { streak: summary.streak, used: summary.freezes_used } : null,
    });
    shareOrCopy(text, deps.shareDeps());
  });
  if (event.link) {
    // a run resumed from a save made before recordings has no deal to send
    const copyLink = html("button", { type: "button", class: "btn club-copy-link", "data-link": link }, row, t("shell.club.copyLink"));
    copyLink.addEventListener("click", () => {
      copyText(link, deps.shareDeps(), "shell.club.copiedLink");
    });
  }
  if (event.code) {
    html("a", { class: "btn club-watch", href: `#/${event.game}?replay=${event.code}` }, row, t("shell.club.watch"));
    const copyCode = html(
      "button",
      { type: "button", class: "btn club-copy-code", "data-code": event.code, "data-link": replayLink(event.game, event.code) },
      row,
      t("shell.club.copyCode"),
    );
    copyCode.addEventListener("click", () => {
      copyText(/** @type {string} */ (event.code), deps.shareDeps(), "shell.club.copiedCode");
    });
  }
}

/**
 * @param {HTMLElement} container @param {Summary | null} summary @param {EndDeps} deps
 * @returns {HTMLElement | null} the block, none without a banked run
 */
export function endBlock(container, summary, deps) {
  if (!summary?.event) return null;
  const { t } = deps;
  const { event } = summary;
  const block = html("div", { class: "club-end", "data-game": event.game }, container);
  const line = dailyLine(summary, deps);
  const kind = summary.counted ? " counted" : summary.practice ? " practice" : "";
  if (line) html("p", { class: `club-end-line${kind}`, "data-why": summary.why ?? "" }, block, line);
  if (summary.daily && summary.counted) {
    html("p", { class: "club-end-club" }, block, t("shell.club.clubToday", { count: summary.club_today }));
  }
  if (summary.daily) countdown(block, deps);
  if (event.grid) html("pre", { class: "club-grid", "aria-hidden": "true" }, block, event.grid);
  endActions(html("div", { class: "club-end-actions" }, block), summary, deps);
  versus(block, deps);
  return block;
}

/**
 * The two runs compared on the end card when the run raced a ghost ("You 5,210 · ghost 7,934", who won and by
 * how much): first in the block, once the engine answers; none without a ghost.
 * @param {HTMLElement} block @param {EndDeps} deps
 */
function versus(block, deps) {
  deps.ghost?.().then(
    (view) => {
      const said = ghostVerdict(view, { t: deps.t, number: (v) => deps.number(v) });
      if (!said || !block.isConnected) return;
      const line = html("p", { class: "club-end-ghost", "data-won": view?.won ?? "" }, null);
      html("span", { class: "club-end-ghost-runs" }, line, said[0]);
      html("span", { class: "club-end-ghost-verdict" }, line, ` — ${said[1]}`);
      block.prepend(line);
    },
    () => {}, // no answer: the card stands without the comparison
  );
}
