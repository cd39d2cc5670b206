// What the bowls page says of the choice beside its moves: the forecast line of
// the chosen bowl (W23: the engine's, sent with the view for every bowl it may
// choose, so a tap shows it at once, no question asked) and a puzzle's hint
// (W18, a query searched in the engine worker, the page playable meanwhile,
// cancelled when the attempt on screen changes). They go into the page's state.
import { hintKey } from "./render.js";
import { NO_HINT } from "./puzzles.js";
import { forecastWords } from "./words.js";

/**
 * What the questions (hint, undo) read of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "announce">} AsksContext
 */

/** @typedef {import("./puzzles.js").HintState} HintState */

/**
 * @typedef {object} AskState
 * @property {"modes" | "game" | "puzzles" | "workshop" | null} screen
 * @property {Bowls.View | null} view
 * @property {number | null} chosen
 * @property {{forecast: boolean}} prefs
 * @property {string | null} forecast
 * @property {HintState} hint
 */

/**
 * @param {{state: AskState, page: import("../../kit/page.js").Page<Bowls.Calls>, ctx: AsksContext,
 *   words: import("./hud.js").Words, render: () => void, choose: (b: number, announce: boolean) => void}} deps
 */
export function createAsks({ state, page, ctx, words, render, choose }) {
  const { engine } = ctx;
  const { t } = words;

  // The forecast line of the chosen bowl, in words, from the view's line of that bowl (W23).
  function forecast() {
    const view = state.view;
    const line = view && !view.over && state.chosen !== null ? view.forecasts?.[state.chosen] : null; // none in a view stored by an older version
    state.forecast = state.prefs.forecast && line ? forecastWords(words, line) : null;
  }

  // The attempt on screen changes (or is about to, or the page leaves): a hint asked for it is dropped and stopped.
  function moved() {
    page.ticket("hint");
    if (state.hint.asking) engine.cancel().catch(page.report);
    state.hint = NO_HINT;
  }

  /** @param {any} answer the engine's hint, or null */
  function hintWords(answer) {
    if (!answer) return "";
    if (answer.bowl === null || answer.bowl === undefined) {
      return t(answer.reason === "no-solution" ? "bowls.puzzle.panel.hintNone" : "bowls.puzzle.panel.hintGiveUp");
    }
    return t("bowls.puzzle.panel.hintIs", { n: answer.bowl + 1 });
  }

  async function hint() {
    const view = state.view;
    if (state.screen !== "game" || !(view?.puzzle || view?.workshop) || view.over || state.hint.asking) return;
    const fresh = page.ticket("hint");
    state.hint = { key: hintKey(view), asking: true, message: t("bowls.puzzle.panel.thinking"), bowl: null };
    render();
    let answer = null;
    try {
      answer = await engine.query("hint", {});
    } catch (error) {
      page.report(error); // a hint a move cancelled is not an error
    }
    if (!fresh() || state.view !== view) return; // asked for an older position: dropped
    const bowl = answer?.bowl ?? null;
    const message = hintWords(answer);
    state.hint = { key: hintKey(view), asking: false, message, bowl };
    if (bowl !== null && state.chosen !== bowl) choose(bowl, false); // draws the choice alone
    render(); // and the goal panel's answer
    if (message) ctx.announce(message);
  }

  return { forecast, moved, hint };
}
