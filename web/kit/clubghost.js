// A ghost to race (P4, docs/daily-club.md): a challenge link may carry the
// sender's replay code (`&vs=<code>`). The kit keeps it beside the challenge
// taken (`ghost`, like `challenge` in clubbadge.js), gives it to the engine after
// the start and after a reload (`raceGhost`: the engine plays it into the
// challenger's line, a query in slices), and draws what the engine answers
// (`ghost`: Club.GhostView): a quiet line in the HUD ("Ghost 1,240", the
// challenger's score at the player's move) and the end card's comparison, and
// hands the friend's board the answer carries to the ghost board
// (clubghostboard.js): the line is then its peek, a toggle. Every number is the
// engine's; a refused ghost is one notice, and the deal plays on.
import { html } from "../svg.js";
import { CHALLENGE, challengeOf } from "./clubbadge.js";

/** The stored item beside a game's run: the ghost's replay code of the challenge taken last. */
export const GHOST = "ghost";

/** @typedef {{t: (key: string, vars?: object) => string, number: (value: number) => string}} Words */

/**
 * The notice of a refused ghost, by the engine's reason (club.ghost, club.replay).
 * @param {string} field @returns {string} a `shell.club.ghostRefused.*` key
 */
export function ghostNotice(field) {
  const said = { "replay-foreign": "foreign", "ghost-other-deal": "otherDeal", "replay-version": "version", "ghost-too-long": "long" };
  return `shell.club.ghostRefused.${/** @type {Record<string, string>} */ (said)[field] ?? "damaged"}`;
}

/**
 * The HUD's ghost line: the challenger's score at the player's move, or null (no ghost beside this run).
 * @param {Club.GhostView | null | undefined} view @param {Words} words @returns {string | null}
 */
export function ghostLine(view, { t, number }) {
  return view ? t("shell.club.ghost", { score: number(view.score) }) : null;
}

/**
 * The end card's comparison of the two runs, once the player's is over: both finals, then who won and by how much.
 * @param {Club.GhostView | null | undefined} view @param {Words} words @returns {[string, string] | null}
 */
export function ghostVerdict(view, { t, number }) {
  if (!view?.over) return null;
  const by = number(view.by);
  const verdict = view.won === "you" ? "shell.club.ghostWon" : view.won === "ghost" ? "shell.club.ghostLost" : "shell.club.ghostTie";
  return [t("shell.club.ghostVs", { you: number(view.you), ghost: number(view.final) }), t(verdict, { by })];
}

/**
 * @typedef {object} GhostLine
 * @property {HTMLElement} node
 * @property {(answer?: {ghost?: Club.GhostView | null}) => Promise<void>} update says the ghost beside the run in play:
 *   the one an action's answer carries, else the engine's
 */

/**
 * The HUD's ghost line, hidden until the engine answers a ghost beside the run in play. Without a ghost kept
 * (`held`: the stored item) the engine is not asked: a run with no challenge costs no round trip per move.
 * With the friend's board (`board`), the line is a toggle that shows or hides it (a phone's peek).
 * @param {HTMLElement} parent @param {import("../engine.js").Engine<Club.Calls>} engine @param {Words} words
 * @param {() => boolean} [held] a ghost is kept beside the challenge taken
 * @param {import("./clubghostboard.js").GhostBoard | null} [board] the friend's board the answers' boards are drawn on
 * @returns {GhostLine}
 */
export function createGhostLine(parent, engine, words, held = () => true, board = null) {
  const title = words.t(board ? "shell.club.ghostPeek" : "shell.club.ghostTitle");
  const node = html(board ? "button" : "span", { class: "club-ghost", title }, parent);
  node.hidden = true;
  if (board) {
    node.setAttribute("type", "button");
    const pressed = () => node.setAttribute("aria-pressed", String(board.open()));
    node.addEventListener("click", () => {
      board.toggle();
      pressed();
    });
    node.addEventListener("pointerenter", pressed); // the screen's size may have changed what is shown
    node.addEventListener("focus", pressed);
  }
  let asked = 0;
  return {
    node,
    async update(answer) {
      const mine = (asked += 1);
      // An action's answer carries the ghost when one is raced (the bridge adds it, P4): no second round trip.
      const view = !held()
        ? null
        : answer && "ghost" in answer
          ? (answer.ghost ?? null)
          : /** @type {Club.GhostView | null} */ (await engine.call("ghost", {}));
      if (mine !== asked) return; // a newer question was asked meanwhile
      const text = ghostLine(view, words);
      node.hidden = !text;
      node.textContent = text ?? "";
      node.dataset.score = view ? String(view.score) : "";
      board?.show(view);
      if (board) node.setAttribute("aria-pressed", String(board.open()));
    },
  };
}

/**
 * @typedef {object} RaceDeps
 * @property {string | null} game
 * @property {boolean} lesson
 * @property {string | null} replay
 * @property {import("../engine.js").Engine<Club.Calls> | null} engine
 * @property {{scope: (id: string) => {get: (name: string) => string | null, remove: (name: string) => void}}} storage
 * @property {(key: string, vars?: object) => string} t
 * @property {(text: string) => void} notice
 * @property {boolean} [ghostTaken] a challenge was just taken: its ghost (or none) replaces the one the engine holds
 */

/**
 * Gives the engine the ghost kept beside the challenge taken, when the run in play is that deal: just taken
 * (a link's deal, or none: the engine drops the one it held), or after a reload (the engine holds no ghost then).
 * A refused ghost is dropped with one notice; the deal plays on.
 * @param {RaceDeps} deps @returns {Promise<void>}
 */
export async function raceGhost(deps) {
  const { engine, game } = deps;
  if (!engine || !game || deps.lesson || deps.replay !== null) return;
  const scope = deps.storage.scope(game);
  const taken = Boolean(deps.ghostTaken);
  deps.ghostTaken = false;
  const code = scope.get(GHOST);
  const [link] = challengeOf(scope.get(CHALLENGE));
  if (!code || !link) {
    if (taken) await engine.query("ghost_open", { code: null });
    return;
  }
  if (!taken) {
    const info = /** @type {Club.RunInfo} */ (await engine.call("run_info", {}));
    if (info?.link !== link || (await engine.call("ghost", {})) !== null) return; // another deal, or held already
  }
  try {
    await engine.query("ghost_open", { code, link });
  } catch (error) {
    const field = /** @type {any} */ (error)?.field;
    if (/** @type {any} */ (error)?.name !== "EngineError") throw error; // a failure, not a refusal
    if (field === "cancelled") return; // the page was left, or a newer ghost asked: kept for the next start
    scope.remove(GHOST);
    deps.notice(deps.t(ghostNotice(field)));
  }
}
