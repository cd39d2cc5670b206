// The Daily Club on a page (issue 16): `ctx.club`. One place for
// - start links: `#/<game>?seed=…` / `?daily=…` become the payload of the
//   page's new-run call, after the engine said the link is good and the player
//   agreed to end a run in play (`startPayload`);
// - banking: a run's `finished` event goes to the club record service
//   (bridge name "club"), which answers the new record, the kept replays and a
//   summary (counted or practice, streaks); both are stored (`finished`);
// - the end card's block: the daily line, the grid, Share, the challenge link,
//   the replay (`endBlock`);
// - replay mode: the code opened by the `<game>/replay` session and the bar
//   (`openReplay`, web/kit/replay.js).
// Every date, streak, seed, link and grid is the engine's; this draws and forwards.
import { html } from "../svg.js";
import { openDialog } from "./dialog.js";
import { challengeLink, copyText, dayText, replayLink, shareOrCopy, shareText, whyText } from "./share.js";
import { createReplayBar } from "./replay.js";

/** @typedef {import("../engine.js").Engine} Engine */
/** @typedef {import("../storage.js").ClubStorage} ClubStorage */

/**
 * A finished run, as the engine tells it (every action that ends a run carries one).
 * @typedef {object} FinishedEvent
 * @property {"finished"} type
 * @property {string} game
 * @property {number} score
 * @property {number} seed
 * @property {string | null} daily the daily's UTC date, or null
 * @property {string | null} link the challenge query (`seed=…&…`), null for a run without a recording
 * @property {number} moves
 * @property {string} grid emoji lines of the run's key moments
 * @property {string | null} code the replay code, null for a run without a log
 * @property {boolean} verified
 * @property {string | null} [practice] why the run can set no personal best (the game's reason code), null: it can
 */

/**
 * What banking a finished run says: the service's summary (counted or practice, streaks), with the event.
 * @typedef {Daily.Summary & { event: FinishedEvent }} Summary
 */

/**
 * @typedef {object} Club
 * @property {() => Promise<object | null>} startPayload the new-run payload of the route's start link
 *   (`{query}`), or null: no link, the run in play is that deal already, a bad link, or the player kept their run
 * @property {(events: any[] | undefined) => Promise<Summary | null>} finished banks a finished run
 *   (not in a lesson or a replay); null when events hold none
 * @property {(container: HTMLElement, summary: Summary | null) => HTMLElement | null} endBlock the end card's part
 * @property {(root: HTMLElement, options: { show: (view: any, events: any[]) => void }) => Promise<any>} openReplay
 *   replay mode: opens ctx.replay, draws its first position and the bar; null when the code is refused
 * @property {() => Promise<any>} today the service's today (date, time to the next day, the dailies' queries)
 * @property {() => Promise<string | null>} record the stored club record (corrupt: moved aside with a notice)
 */

/**
 * @typedef {object} ClubDeps
 * @property {string | null} game
 * @property {string | null} start the route's start query
 * @property {string | null} replay the route's replay code
 * @property {boolean} lesson
 * @property {HTMLElement} root the page's section
 * @property {Engine | null} engine the page's engine (the replay session in replay mode)
 * @property {Engine} clubEngine the club record service
 * @property {ClubStorage} storage
 * @property {(key: string, vars?: object) => string} t
 * @property {string} lang
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 * @property {(text: string) => void} notice
 * @property {(text: string) => void} announce
 * @property {() => boolean} reducedMotion
 * @property {(fn: () => void) => void} onCleanup run when the page is left
 */

export const REPLAY_ERRORS = ["replay-corrupt", "replay-foreign", "replay-version", "replay-diverged", "replay-bounds"];

/** @param {unknown} error @returns {boolean} the engine refused (a bad payload), not a failure */
const refusal = (error) => /** @type {any} */ (error)?.name === "EngineError";

/** @param {ClubDeps} deps @returns {Club} */
export function createClub(deps) {
  const { game, t, storage, clubEngine } = deps;
  // Dialogs and the replay bar live beside the page's root: it may be inert (starting, or a replay).
  const host = () => deps.root.parentElement ?? document.body;
  const shareDeps = () => ({ t, notice: deps.notice, host: host() });
  const gameName = (/** @type {string} */ id) => t(`shell.game.${id}.name`);

  /** @returns {Promise<string | null>} */
  function record() {
    return storage.scope("club").load("record", async (text) => {
      await clubEngine.call("check", { record: text });
      return text;
    });
  }

  /** @param {string} id @returns {Promise<string | null>} */
  function replays(id) {
    return storage.scope(id).load("replays", async (text) => {
      await clubEngine.call("check_replays", { game: id, replays: text });
      return text;
    });
  }

  /** @param {string} title @param {string} line @returns {Promise<boolean>} */
  function ask(title, line) {
    const yes = t("shell.club.startDeal");
    return new Promise((resolve) => {
      openDialog(host(), {
        title, cls: "club-confirm", lines: [line],
        buttons: [{ label: yes, primary: true, cls: "club-confirm-yes" }, { label: t("shell.club.keepRun"), cls: "club-confirm-no" }],
        onClose: (reason) => resolve(reason === yes), // a button's label, or Escape / the backdrop: keep the run
      });
    });
  }

  async function startPayload() {
    const { start, engine } = deps;
    if (!start || !game || !engine || deps.lesson || deps.replay !== null) return null;
    // A reload resumes the run instead of starting the link again.
    history.replaceState(history.state, "", `#/${game}`);
    deps.start = null;
    let found; // {link: the deal's link as run_info writes it, payload: what the page's new-run call is given}
    try {
      found = await engine.call("start_of", { query: start });
    } catch (error) {
      if (!refusal(error)) throw error;
      deps.notice(t("shell.club.badLink"));
      return null;
    }
    const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
    if (info?.in_play) {
      if (info.link !== null && info.link === found?.link) return null; // that deal is the run in play: it resumes
      const yes = await ask(t("shell.club.startTitle"), t("shell.club.replaceRun", { score: deps.number(info.score ?? 0) }));
      if (!yes) return null;
    }
    return found?.payload ?? { query: start };
  }

  /** @param {any[] | undefined} events */
  async function finished(events) {
    if (deps.lesson || deps.replay !== null) return null;
    const event = /** @type {FinishedEvent | undefined} */ ((events ?? []).find((e) => e?.type === "finished"));
    if (!event) return null;
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const [stored, kept] = [await record(), await replays(event.game)];
        const answer = /** @type {Daily.Banked} */ (await clubEngine.call("bank", { record: stored, replays: kept, finished: event, now: Date.now() }));
        // Another tab banked a run since we read the record: bank again on its record.
        if (!storage.scope("club").set("record", answer.record)) continue;
        if (!storage.scope(event.game).set("replays", answer.replays)) {
          console.warn("6E Club: another tab kept a replay at the same time; this run's replay was not kept");
        }
        return /** @type {Summary} */ ({ ...answer.summary, event });
      }
      console.warn("6E Club: the club record kept changing in another tab; this run was not banked");
    } catch (error) {
      console.error(error); // the run is over all the same: the card shows without the club's block
    }
    return null;
  }

  /**
   * The end card's Daily Club line: counted with the streak, or practice and why (the service's reason:
   * the game's, e.g. Undo used, or the day already counted, or off its day); none for a run that is no daily.
   * @param {Summary} summary @returns {string | null}
   */
  function dailyLine(summary) {
    if (!summary.daily) return null;
    const date = summary.date ? dayText(summary.date, deps.lang) : "";
    if (summary.counted) {
      return t("shell.club.counted", { date, streak: deps.number(summary.streak), count: summary.streak });
    }
    return t("club.end.practice", { date, why: whyText(t, summary.why ?? "other") });
  }

  /** @param {HTMLElement} container @param {Summary | null} summary */
  function endBlock(container, summary) {
    if (!summary?.event) return null;
    const { event } = summary;
    const block = html("div", { class: "club-end", "data-game": event.game }, container);
    const line = dailyLine(summary);
    const kind = summary.counted ? " counted" : summary.practice ? " practice" : "";
    if (line) html("p", { class: `club-end-line${kind}`, "data-why": summary.why ?? "" }, block, line);
    if (summary.daily && summary.counted) {
      html("p", { class: "club-end-club" }, block, t("shell.club.clubToday", { count: summary.club_today }));
    }
    if (event.grid) html("pre", { class: "club-grid", "aria-hidden": "true" }, block, event.grid);
    const row = html("div", { class: "club-end-actions" }, block);
    const link = challengeLink(event.game, event.link);
    const share = html("button", { type: "button", class: "btn primary club-share" }, row, t("shell.club.share"));
    share.addEventListener("click", () => {
      const text = shareText({ t, lang: deps.lang, number: (v) => deps.number(v), gameName: gameName(event.game), event, why: summary.why });
      shareOrCopy(text, shareDeps());
    });
    if (event.link) { // a run resumed from a save made before issue 16 has no deal to send
      const copyLink = html("button", { type: "button", class: "btn club-copy-link", "data-link": link }, row, t("shell.club.copyLink"));
      copyLink.addEventListener("click", () => { copyText(link, shareDeps()); });
    }
    if (event.code) {
      html("a", { class: "btn club-watch", href: `#/${event.game}?replay=${event.code}` }, row, t("shell.club.watch"));
      const copyCode = html("button", { type: "button", class: "btn club-copy-code", "data-code": event.code,
        "data-link": replayLink(event.game, event.code) }, row, t("shell.club.copyCode"));
      copyCode.addEventListener("click", () => { copyText(/** @type {string} */ (event.code), shareDeps()); });
    }
    return block;
  }

  // Close goes to the game's page (the player's own run, or a newcomer's first lesson of it).
  function leave() {
    location.hash = `#/${game}`;
  }

  /** @param {HTMLElement} parent @param {string} field */
  function refused(parent, field) {
    const box = html("div", { class: "replay-refused", role: "alert" }, parent);
    const key = REPLAY_ERRORS.includes(field) ? field : "replay-corrupt";
    html("p", {}, box, t(`shell.replay.error.${key}`));
    html("a", { class: "btn primary replay-home", href: "#/" }, box, t("shell.home"));
    deps.announce(t(`shell.replay.error.${key}`));
  }

  /** @param {HTMLElement} root @param {{ show: (view: any, events: any[]) => void }} options */
  async function openReplay(root, { show }) {
    const { engine, replay } = deps;
    if (replay === null || !engine || !game) return null;
    const parent = root.parentElement ?? document.body;
    // Opening plays the whole run through the engine: a query, in slices, so the worker answers the next
    // page meanwhile; leaving (any new route, another replay too) cancels it.
    const leaving = () => { engine.cancel().catch(() => {}); };
    addEventListener("hashchange", leaving);
    let opened;
    try {
      opened = await engine.query("replay_open", { code: replay });
    } catch (error) {
      if (!refusal(error)) throw error;
      const { field } = /** @type {any} */ (error);
      if (field !== "cancelled") refused(parent, field); // cancelled: the page was left while it opened
      return null;
    } finally {
      removeEventListener("hashchange", leaving);
    }
    show(opened.view, []);
    const query = typeof opened.link === "string" ? opened.link : null; // the deal's challenge query
    const bar = createReplayBar(parent, {
      t, number: (v) => deps.number(v), steps: opened.steps, score: opened.score,
      link: query ? `#/${game}?${query}` : null,
      seek: (index) => engine.call("replay_seek", { index }),
      show,
      report: (error) => console.error(error),
      close: leave,
    });
    // The page's board shrinks (by the room the lesson card uses too) as much as the bar would reach below the
    // screen, so the whole board and the bar show together.
    const room = () => {
      root.style.removeProperty("--lesson-room");
      const below = bar.node.getBoundingClientRect().bottom + scrollY - document.documentElement.clientHeight;
      if (below > 0) root.style.setProperty("--lesson-room", `${Math.ceil(below) + 8}px`);
    };
    room();
    addEventListener("resize", room);
    deps.onCleanup(() => { bar.destroy(); removeEventListener("resize", room); });
    deps.announce(t("shell.replay.opened", { game: gameName(game), score: deps.number(opened.score) }));
    return opened;
  }

  return {
    startPayload,
    finished,
    endBlock,
    openReplay,
    today: () => clubEngine.call("today", { now: Date.now() }),
    record,
  };
}
