// The attempts of the bowls page (W19, W20, W25): the one on screen and the
// unfinished ones of other modes, parked in storage while another mode is
// played. Everything goes through the engine and the kit's page object: stored
// runs are read by the engine (corrupt: moved aside), every new one is kept
// with the engine's view beside it. The page's state holds the result.
import { randomSeed } from "../../kit/seed.js";
import { modeName } from "./hud.js";

/**
 * What the attempts read of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "store" | "announce" | "t" | "number" | "lang" | "feel">} AttemptsContext
 */

/** @typedef {import("../../kit/page.js").Page<Bowls.Calls>} Page */

const PARKED = (/** @type {string} */ mode) => `run-${mode}`;
/** The modes with attempts of their own. */
export const PARKING = ["endless", "daily", "puzzle", "workshop"];

/**
 * The mode a `new` payload starts, when the page can tell before the engine answers: `{mode}`, or
 * `{daily}` (the Daily Club's daily); a link's `{query}` is the engine's to read (null).
 * @param {Record<string, any>} payload @returns {string | null}
 */
export const modeOf = (payload) => payload.mode ?? (payload.daily ? "daily" : null);

/**
 * What the attempts change in the page's state.
 * @typedef {object} AttemptState
 * @property {Bowls.View | null} view the attempt on screen
 * @property {number | null} chosen
 * @property {Bowls.Profile | null} profile the engine's reading of the stored profile
 * @property {Record<string, {text: string, view: Bowls.View}>} parked unfinished attempts of modes not on screen
 */

/**
 * @param {{state: AttemptState, page: Page, ctx: AttemptsContext, end: import("../../kit/clubpage.js").ClubEnd, moved: () => void,
 *   show: () => Promise<void>}} deps `moved`: the attempt on screen is about to change; `show`: draw the game screen
 */
export function createAttempts({ state, page, ctx, end, moved, show }) {
  const { engine, store } = ctx;

  /** @param {string} mode */
  function unfinishedOf(mode) {
    const view = state.view;
    if (view && view.mode === mode && !view.over) return view;
    return state.parked[mode]?.view ?? null;
  }

  /** The attempt on screen is kept aside while another mode is played (a mode not known yet: kept aside too). @param {string | null} nextMode */
  async function parkCurrent(nextMode) {
    const view = state.view;
    if (!view || view.over || view.mode === nextMode) return;
    const text = await engine.call("save", {});
    store.set(PARKED(view.mode), text);
    state.parked[view.mode] = { text, view };
  }

  /** The attempt the engine now holds goes on screen. @param {Bowls.View} view @param {string} save */
  async function take(view, save) {
    if (page.gone()) return;
    state.view = view;
    state.chosen = null;
    moved();
    end.reset(); // the last attempt's summary is not this one's
    page.keep({ accepted: true, save, view });
    await show();
  }

  /** @param {string} mode */
  function unpark(mode) {
    store.remove(PARKED(mode));
    delete state.parked[mode];
  }

  /**
   * A new attempt (the engine's `new` payload: a mode and a fresh seed, or the club's `{daily}` or a
   * link's `{query}` as they are), now: inside the page's serial.
   * @param {Record<string, any>} payload
   */
  async function begin(payload) {
    await parkCurrent(modeOf(payload));
    const view = await engine.call("new", payload.mode ? { seed: randomSeed(), ...payload } : payload);
    unpark(view.mode);
    await take(view, await engine.call("save", {}));
    ctx.announce(ctx.t("bowls.say.started", { mode: modeName({ t: ctx.t, number: ctx.number, lang: ctx.lang }, view) }));
  }

  /** A new attempt, after the operations asked before. @param {Record<string, any>} payload */
  function start(payload) {
    moved();
    ctx.feel.launching();
    return page.serial(() => begin(payload));
  }

  /** @param {number} id */
  function startPuzzle(id) {
    moved();
    return page.serial(async () => {
      await parkCurrent("puzzle");
      await take(await engine.call("puzzle_new", { puzzle: id }), await engine.call("save", {}));
    });
  }

  /**
   * A workshop puzzle (W28), now (inside the page's serial): the author's draft, or a code workshop_open accepted.
   * @param {Record<string, any>} payload
   */
  async function beginWorkshop(payload) {
    await parkCurrent("workshop");
    await take(await engine.call("workshop_new", payload), await engine.call("save", {}));
  }

  /**
   * The next puzzle not yet solved, begun (inside the page's `serial`): where a player
   * who has just finished the lesson goes. @returns {Promise<boolean>} false: every one is solved
   */
  async function beginNextPuzzle() {
    const grid = await engine.call("puzzles", {});
    if (!grid.next) return false;
    await parkCurrent("puzzle");
    await take(await engine.call("puzzle_new", { puzzle: grid.next }), await engine.call("save", {}));
    return true;
  }

  /** The mode's unfinished attempt back on screen. @param {string} mode */
  function resume(mode) {
    moved();
    return page.serial(async () => {
      if (state.view && state.view.mode === mode && !state.view.over) {
        await show();
        return;
      }
      const entry = state.parked[mode];
      if (!entry) return;
      await parkCurrent(mode);
      const view = await engine.call("load", { save: entry.text });
      unpark(mode);
      await take(view, entry.text);
    });
  }

  /** The profile an answer carries, as the engine reads it. @param {string | null | undefined} text */
  async function readProfile(text) {
    if (text) state.profile = await engine.call("load_profile", { profile: text });
  }

  // The engine banks an attempt with the action that ends it (W25); one loaded from a save
  // written before that is banked here.
  async function recordIfOver() {
    if (!state.view?.over || state.view.recorded) return null;
    const answer = await engine.call("record", {});
    if (!answer.accepted || page.gone()) return null;
    state.view = answer.view;
    page.keep(answer);
    await readProfile(answer.profile);
    return answer;
  }

  /** What the engine must read before the page can show anything live (the profile read before): the run on screen, or null. */
  async function loadStored() {
    for (const mode of PARKING) {
      const text = store.get(PARKED(mode));
      if (text === null) continue;
      const view = await page.load(PARKED(mode));
      if (view && !view.over && view.mode === mode) state.parked[mode] = { text, view };
      else if (view) store.remove(PARKED(mode));
    }
    const run = await page.load("run");
    const text = store.get("run");
    // The parked attempts were loaded through the engine: the one on screen goes back.
    return run && text !== null ? engine.call("load", { save: text }) : null;
  }

  return { unfinishedOf, begin, start, startPuzzle, beginWorkshop, beginNextPuzzle, resume, readProfile, recordIfOver, loadStored };
}
