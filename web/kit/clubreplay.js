// Replay mode on a game's page (docs/daily-club.md, "Opening a replay"): the
// code of the route is opened by the `<game>/replay` session, its first
// position drawn by the page's own show, then the bar (web/kit/replay.js)
// steps through it. Every position is the engine's (P4).
import { html } from "../svg.js";
import { createReplayBar } from "./replay.js";
import { dayText } from "./share.js";
import { CHALLENGE, challengeOf } from "./clubbadge.js";
import { GHOST } from "./clubghost.js";

/** @typedef {import("./club.js").ClubDeps} ClubDeps */

export const REPLAY_ERRORS = ["replay-corrupt", "replay-foreign", "replay-version", "replay-diverged", "replay-bounds"];

/**
 * A refused code: why, said aloud too, and the way home.
 * @param {HTMLElement} parent @param {string} field the engine's reason @param {ClubDeps} deps
 */
function refused(parent, field, { t, announce }) {
  const box = html("div", { class: "replay-refused", role: "alert" }, parent);
  const key = REPLAY_ERRORS.includes(field) ? field : "replay-corrupt";
  html("p", {}, box, t(`shell.replay.error.${key}`));
  html("a", { class: "btn primary replay-home", href: "#/" }, box, t("shell.home"));
  announce(t(`shell.replay.error.${key}`));
}

/**
 * Opens the code: a query, in slices, so the worker answers the next page meanwhile; leaving (any new
 * route, another replay too) cancels it. Null when refused or left.
 * @param {import("../engine.js").Engine} engine @param {string} code @param {HTMLElement} parent @param {ClubDeps} deps
 * @returns {Promise<Club.Calls["replay_open"]["answer"] | null>}
 */
async function openCode(engine, code, parent, deps) {
  // Left while the page still mounted (its shape, its stylesheet): the hashchange went before this listener
  // was there, and the page's cleanups run only once its mount is over. Nothing is opened behind the next page.
  if (deps.shown && !deps.shown()) return null;
  const leaving = () => {
    engine.cancel().catch(() => {});
  };
  addEventListener("hashchange", leaving);
  try {
    return await engine.query("replay_open", { code });
  } catch (error) {
    if (/** @type {any} */ (error)?.name !== "EngineError") throw error; // a failure, not a refusal
    const { field } = /** @type {any} */ (error);
    if (field !== "cancelled") refused(parent, field, deps); // cancelled: the page was left while it opened
    return null;
  } finally {
    removeEventListener("hashchange", leaving);
  }
}

/**
 * The page's board shrinks (by the room the lesson card uses too) as much as the bar would reach below the
 * screen, so the whole board and the bar show together (P13).
 * @param {HTMLElement} root @param {HTMLElement} bar @returns {() => void} measures again (on resize)
 */
function roomForBar(root, bar) {
  return () => {
    root.style.removeProperty("--lesson-room");
    const below = bar.getBoundingClientRect().bottom + scrollY - document.documentElement.clientHeight;
    if (below > 0) root.style.setProperty("--lesson-room", `${Math.ceil(below) + 8}px`);
  };
}

/**
 * "Play this deal": the deal's query, with the score to beat and the ghost of the challenge the player took
 * on that deal (its stored link is the engine's own for it, as the HUD's badge reads it: clubbadge.js), so a
 * replay of a challenge run starts the challenge again, not a plain run of its deal.
 * @param {string} query the engine's link of the replay's deal @param {ClubDeps} deps @returns {string}
 */
export function playQuery(query, { game, storage }) {
  if (!game || !storage) return query; // (a page with no storage: a test's)
  const scope = storage.scope(game);
  const [link, beat] = challengeOf(scope.get(CHALLENGE));
  if (link !== query) return query;
  const ghost = scope.get(GHOST);
  return `${query}${beat === null ? "" : `&beat=${beat}`}${ghost ? `&vs=${ghost}` : ""}`;
}

/**
 * "Play from here": the game page's address that starts a practice run from position `index` of the replay `code`
 * (club.js reads it back, asks before ending a run in play, and hands the engine `{from_replay, step}`).
 * @param {string} game @param {string} code @param {number} index @returns {string}
 */
export function hereLink(game, code, index) {
  return `#/${game}?${new URLSearchParams({ from: String(index), code })}`;
}

/**
 * Replay mode: opens deps.replay, draws its first position and the bar; null when the code is refused.
 * @param {HTMLElement} root @param {{ show: (view: unknown, events: import("./page.js").GameEvent[], step: number, jump: boolean) => void }} options the first position is step 0, a jump; the bar's come with theirs @param {ClubDeps} deps
 * @returns {Promise<unknown>} the replay bar, or null
 */
export async function openReplay(root, { show }, deps) {
  const { engine, replay, game, t } = deps;
  if (replay === null || !engine || !game) return null;
  const parent = root.parentElement ?? document.body;
  const opened = await openCode(engine, replay, parent, deps);
  if (opened === null) return null;
  show(opened.view, [], 0, true);
  const query = typeof opened.link === "string" ? opened.link : null; // the deal's challenge query
  const bar = createReplayBar(parent, {
    t,
    number: (v) => deps.number(v),
    steps: opened.steps,
    moves: opened.moves,
    move: opened.move,
    score: opened.score,
    link: query ? `#/${game}?${playQuery(query, deps)}` : null,
    here: (index) => hereLink(game, replay, index),
    kind: typeof opened.daily === "string" ? t("shell.replay.daily", { date: dayText(opened.daily, deps.lang, true) }) : null,
    seek: (index) => engine.call("replay_seek", { index }),
    moveIndex: async (index, by) => /** @type {{ index: number }} */ (await engine.call("replay_move_index", { index, by })).index,
    show,
    report: (error) => console.error(error),
    close: () => {
      location.hash = `#/${game}`;
    }, // the game's page: the player's own run (a newcomer's too: no lesson forced)
  });
  const room = roomForBar(root, bar.node);
  room();
  addEventListener("resize", room);
  deps.onCleanup(() => {
    bar.destroy();
    removeEventListener("resize", room);
  });
  deps.announce(t("shell.replay.opened", { game: t(`shell.game.${game}.name`), score: deps.number(opened.score) }));
  // P11: the bar takes the focus as it opens (from a link, the club's Watch, an end card): the
  // keyboard is at its controls, never left on <body>.
  bar.node.tabIndex = -1;
  bar.node.focus({ preventScroll: true });
  return opened;
}
