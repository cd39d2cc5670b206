// The Daily Club on a page (docs/daily-club.md): `ctx.club`. One place for
// - start links: `#/<game>?seed=…` / `?daily=…` become the payload of the
//   page's new-run call, after the engine said the link is good and the player
//   agreed to end a run in play (`startPayload`);
// - banking: a run's `finished` event goes to the club record service
//   (bridge name "club"), which answers the new record, the kept replays and a
//   summary (counted or practice, streaks); both are stored (`finished`);
// - the end card's block: the daily line, the grid, Share, the challenge link,
//   the replay (`endBlock`, web/kit/clubend.js);
// - replay mode: the code opened by the `<game>/replay` session and the bar
//   (`openReplay`, web/kit/clubreplay.js and web/kit/replay.js).
// Every date, streak, seed, link and grid is the engine's; this draws and forwards.
import { openDialog } from "./dialog.js";
import { endBlock, endedSummary } from "./clubend.js";
import { openReplay } from "./clubreplay.js";
import { CHALLENGE } from "./clubbadge.js";
import { GHOST, raceGhost } from "./clubghost.js";

export { REPLAY_ERRORS } from "./clubreplay.js";

/** @typedef {import("../engine.js").Engine} Engine */
/** @typedef {import("../storage.js").ClubStorage} ClubStorage */

/**
 * A finished run, as the engine tells it (every action that ends a run carries one): `club.outcome.FinishedEvent`.
 * @typedef {Club.FinishedEvent} FinishedEvent
 */
/** @typedef {import("./page.js").GameEvent} GameEvent */

/**
 * What banking a finished run says: the service's summary (counted or practice, streaks), with the event.
 * @typedef {Daily.Summary & { event: FinishedEvent }} Summary
 */

/**
 * @typedef {object} Club
 * @property {() => Promise<object | null>} startPayload the new-run payload of the route's start link
 *   (`{query}`), or null: no link, the run in play is that deal already, a bad link, or the player kept their run
 * @property {(events: GameEvent[] | undefined) => Promise<Summary | null>} finished banks a finished run
 *   (not in a lesson or a replay); null when events hold none
 * @property {(container: HTMLElement, summary: Summary | null) => HTMLElement | null} endBlock the end card's part
 * @property {(root: HTMLElement, options: { show: (view: unknown, events: GameEvent[], step: number, jump: boolean) => void }) => Promise<unknown>} openReplay
 *   replay mode: opens ctx.replay, draws its first position and the bar; null when the code is refused
 * @property {() => Promise<Daily.Today>} today the service's today (date, time to the next day, the dailies' queries)
 * @property {() => Promise<string | null>} record the stored club record (corrupt: moved aside with a notice)
 * @property {() => Promise<Daily.HomeGame | null>} dailyDone today's daily of this game, once it is counted
 * @property {() => Promise<Summary | null>} ended the run in play is over: its summary again (a reload's end card)
 * @property {() => Promise<void>} race gives the engine the ghost of the challenge taken (clubghost.js), after the start
 *   and a link's deal; a refused one is a notice
 * @property {() => Promise<Club.GhostView | null>} ghost the ghost beside the run in play, once the ghost asked is in
 */

/**
 * @typedef {object} ClubDeps
 * @property {string | null} game
 * @property {string | null} start the route's start query
 * @property {string | null} replay the route's replay code
 * @property {boolean} lesson
 * @property {HTMLElement} root the page's section
 * @property {Engine | null} engine the page's engine (the replay session in replay mode)
 * @property {import("../engine.js").Engine<Daily.Calls>} clubEngine the club record service
 * @property {ClubStorage} storage
 * @property {(key: string, vars?: object) => string} t
 * @property {string} lang
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 * @property {import("../notices.js").Notice} notice
 * @property {(text: string, urgency?: import("../a11y.js").Urgency) => void} announce
 * @property {() => boolean} reducedMotion
 * @property {(fn: () => void) => void} onCleanup run when the page is left
 * @property {() => boolean} [shown] the page is still the route shown: false once the player left, even while it
 *   still mounts (its cleanups run only once the mount is over); missing: always shown (a test's page)
 * @property {() => void} [banked] told after a finished run was banked (P8: the shell asks the browser to keep the
 *   storage then, once: web/persist.js)
 * @property {boolean} [ghostTaken] a challenge was just taken: its ghost (or none) replaces the engine's
 * @property {Promise<void>} [racing] the ghost being given to the engine (clubghost.js raceGhost)
 */

/** The stored item beside a game's run: the last banked run's summary (the end card after a reload). */
export const ENDED = "ended";

/** @param {unknown} error @returns {boolean} the engine refused (a bad payload), not a failure */
const refusal = (error) => /** @type {any} */ (error)?.name === "EngineError";

// Dialogs and the replay bar live beside the page's root: it may be inert (starting, or a replay).
/** @param {ClubDeps} deps @returns {HTMLElement} */
const host = (deps) => deps.root.parentElement ?? document.body;

/**
 * The stored club record, checked by the service; one that does not load is repaired by it, keeping every
 * streak, best and day that reads (the original kept aside, P8), or set aside when it is no record at all.
 * @param {ClubDeps} deps @returns {Promise<string | null>}
 */
function storedRecord({ storage, clubEngine }) {
  return storage.scope("club").load(
    "record",
    async (text) => {
      await clubEngine.call("check", { record: text });
      return text;
    },
    async (text) => /** @type {Daily.Repaired} */ (await clubEngine.call("repair", { record: text })).record,
  );
}

/**
 * Today's daily of the page's game, when it is counted (the club service's home card says so).
 * @param {ClubDeps} deps @returns {Promise<Daily.HomeGame | null>}
 */
async function dailyDone(deps) {
  if (!deps.game || deps.lesson || deps.replay !== null) return null; // no Daily button there
  const home = /** @type {Daily.Home} */ (await deps.clubEngine.call("home", { record: await storedRecord(deps), now: Date.now() }));
  const mine = home.games[deps.game];
  return mine?.done ? mine : null;
}

/** @param {ClubDeps} deps @param {string} id @returns {Promise<string | null>} a game's kept replays, checked */
function storedReplays({ storage, clubEngine }, id) {
  return storage.scope(id).load("replays", async (text) => {
    await clubEngine.call("check_replays", { game: id, replays: text });
    return text;
  });
}

/** @param {ClubDeps} deps @param {string} title @param {string} line @returns {Promise<boolean>} */
function ask(deps, title, line) {
  const { t } = deps;
  const yes = t("shell.club.startDeal");
  return new Promise((resolve) => {
    openDialog(host(deps), {
      title,
      cls: "club-confirm",
      lines: [line],
      buttons: [
        { label: yes, primary: true, cls: "club-confirm-yes" },
        { label: t("shell.club.keepRun"), cls: "club-confirm-no" },
      ],
      onClose: (reason) => resolve(reason === yes), // a button's label, or Escape / the backdrop: keep the run
    });
  });
}

/** @param {ClubDeps} deps @returns {Promise<object | null>} */
async function startPayload(deps) {
  const { start, engine, game, t } = deps;
  if (!start || !game || !engine || deps.lesson || deps.replay !== null) return null;
  // A reload resumes the run instead of starting the link again.
  history.replaceState(history.state, "", `#/${game}`);
  deps.start = null;
  if (start.startsWith("archive=")) return archivePayload(deps, start.slice("archive=".length));
  const here = herePayload(start);
  if (here) return askToReplace(deps, here);
  let found; // {link: the deal's link as run_info writes it, payload: what the page's new-run call is given, beat: the
  // score to beat, vs: the sender's replay code, a ghost to race}
  try {
    found = await engine.call("start_of", { query: start });
  } catch (error) {
    if (!refusal(error)) throw error;
    deps.notice(t("shell.club.badLink"));
    return null;
  }
  const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
  // The deal taken is a challenge: its link, as the engine writes it, kept for the HUD's badge (clubbadge.js).
  // With the score to beat the link carried, if any (clubbadge.js reads both back), and its ghost (clubghost.js).
  const taken = () => {
    if (typeof found?.link !== "string") return;
    const scope = deps.storage.scope(game);
    scope.set(CHALLENGE, Number.isSafeInteger(found.beat) ? `${found.link}&beat=${found.beat}` : found.link);
    if (typeof found.vs === "string") scope.set(GHOST, found.vs);
    else scope.remove(GHOST);
    deps.ghostTaken = true;
  };
  if (info?.in_play) {
    if (info.link !== null && info.link === found?.link) {
      taken();
      return null;
    } // that deal is the run in play: it resumes
    const yes = await ask(deps, t("shell.club.startTitle"), t("shell.club.replaceRun", { score: deps.number(info.score ?? 0) }));
    if (!yes) return null;
  }
  taken();
  return found?.payload ?? { query: start };
}

/**
 * A past daily from the archive (`archive=DATE`): the club service says whether the date is open and answers its
 * deal as practice; a run of that day's archive in play resumes, any other in play is ended only if the player agrees.
 * @param {ClubDeps} deps @param {string} date @returns {Promise<object | null>}
 */
async function archivePayload(deps, date) {
  const { engine, t } = deps;
  if (!engine) return null;
  let opened;
  try {
    opened = /** @type {Daily.ArchiveOpen} */ (
      await deps.clubEngine.call("archive_open", { date: decodeURIComponent(date), now: Date.now() })
    );
  } catch (error) {
    if (!refusal(error)) throw error;
    const why = /** @type {any} */ (error).field;
    deps.notice(t(`shell.club.archiveRefused.${ARCHIVE_REFUSALS.includes(why) ? why : "archive-date"}`));
    return null;
  }
  const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
  if (info?.in_play) {
    if (info.archive && info.link === opened.link) return null; // that past daily is the run in play: it resumes
    const yes = await ask(deps, t("shell.club.startTitle"), t("shell.club.replaceRun", { score: deps.number(info.score ?? 0) }));
    if (!yes) return null;
  }
  return opened.payload;
}

/**
 * "Play from here" (clubreplay.js hereLink): the new-run payload of `from=STEP&code=CODE`, or null for any other start.
 * The engine checks the code and the step (club.forking); the page only passes them on.
 * @param {string} start @returns {{ from_replay: string, step: number } | null}
 */
export function herePayload(start) {
  if (!start.startsWith("from=")) return null;
  const found = new URLSearchParams(start);
  const [step, code] = [found.get("from") ?? "", found.get("code")];
  if (!/^\d{1,9}$/.test(step) || !code) return null;
  return { from_replay: code, step: Number(step) };
}

/**
 * `payload`, once the player agreed to end the run in play, if one is (null: keep it).
 * @param {ClubDeps} deps @param {object} payload @returns {Promise<object | null>}
 */
async function askToReplace(deps, payload) {
  const { engine, t } = deps;
  if (!engine) return null;
  const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
  if (info?.in_play) {
    const yes = await ask(deps, t("shell.club.startTitle"), t("shell.club.replaceRun", { score: deps.number(info.score ?? 0) }));
    if (!yes) return null;
  }
  return payload;
}

/** Why the archive refused a date (club.daily.archive): each has its notice. */
const ARCHIVE_REFUSALS = ["archive-date", "archive-future", "archive-today", "archive-old"];

/** @param {ClubDeps} deps @param {GameEvent[] | undefined} events @returns {Promise<Summary | null>} */
async function finished(deps, events) {
  const { storage, clubEngine } = deps;
  if (deps.lesson || deps.replay !== null) return null;
  const event = (events ?? []).find((e) => e?.type === "finished");
  if (!event) return null;
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [stored, kept] = [await storedRecord(deps), await storedReplays(deps, event.game)];
      const answer = /** @type {Daily.Banked} */ (
        await clubEngine.call("bank", { record: stored, replays: kept, finished: event, now: Date.now() })
      );
      // Another tab banked a run since we read the record: bank again on its record (P10).
      if (!storage.scope("club").set("record", answer.record)) continue;
      if (!storage.scope(event.game).set("replays", answer.replays)) {
        console.warn("6E Club: another tab kept a replay at the same time; this run's replay was not kept");
      }
      const summary = /** @type {Summary} */ ({ ...answer.summary, event });
      storage.scope(event.game).set(ENDED, JSON.stringify(summary)); // the end card after a reload (ended)
      deps.banked?.();
      return summary;
    }
    console.warn("6E Club: the club record kept changing in another tab; this run was not banked");
  } catch (error) {
    console.error(error); // the run is over all the same: the card shows without the club's block
  }
  return null;
}

/**
 * The run in play is over (a reload of its end): its summary as banked, with the engine's event.
 * @param {ClubDeps} deps @returns {Promise<Summary | null>}
 */
async function ended(deps) {
  const { engine, game, storage } = deps;
  if (!engine || !game || deps.lesson || deps.replay !== null) return null;
  const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
  const event = /** @type {FinishedEvent | null} */ (info?.finished ?? null);
  return event ? endedSummary(storage.scope(game).get(ENDED), event) : null;
}

/**
 * The ghost beside the run in play (a lesson and a replay have none), once the ghost being given is in.
 * @param {ClubDeps} deps @returns {Promise<Club.GhostView | null>}
 */
async function ghost(deps) {
  const { engine } = deps;
  if (!engine || deps.lesson || deps.replay !== null) return null;
  await deps.racing?.catch(() => {}); // refused or cancelled: whatever the engine holds now is the answer
  return engine.call("ghost", {});
}

/** @param {ClubDeps} deps @returns {Club} */
export function createClub(deps) {
  const { t, clubEngine } = deps;
  /** @type {import("./clubend.js").EndDeps} */
  const endDeps = {
    t,
    get lang() {
      return deps.lang;
    },
    number: (v, options) => deps.number(v, options),
    nextMs: async () => /** @type {Daily.Today} */ (await clubEngine.call("today", { now: Date.now() })).next_ms,
    gameName: (id) => t(`shell.game.${id}.name`),
    shareDeps: () => ({ t, notice: deps.notice, host: host(deps) }),
    ghost: () => ghost(deps),
  };
  return {
    startPayload: () => startPayload(deps),
    finished: (events) => finished(deps, events),
    endBlock: (container, summary) => endBlock(container, summary, endDeps),
    openReplay: (root, options) => openReplay(root, options, deps),
    today: () => clubEngine.call("today", { now: Date.now() }),
    record: () => storedRecord(deps),
    dailyDone: () => dailyDone(deps),
    ended: () => ended(deps),
    // Once per mount unless a challenge was just taken (the start and a link's deal both ask: one open, not two).
    race: () => (deps.racing = deps.ghostTaken || !deps.racing ? raceGhost(deps) : deps.racing),
    ghost: () => ghost(deps),
  };
}
