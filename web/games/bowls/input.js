// Bowls input (W5, W22, P11): a click or tap on a bowl chooses it, a second
// one sows it (the engine's `refusal` says when it cannot be chosen), Enter
// and Space on a bowl, the arrows step the choice where the engine's view
// says each arrow leads, U / Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, H asks
// the hint. Handlers only turn events into the page's operations (play.js).
import { tapWords } from "./words.js";
import { shownView } from "./state.js";

/**
 * What the input reads of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "announce" | "replay">} InputContext
 */

/**
 * @typedef {object} InputDeps
 * @property {HTMLElement} root the page (inert before the engine holds the run)
 * @property {InputContext} ctx
 * @property {import("./state.js").State} state
 * @property {import("../../kit/page.js").Page<Bowls.Calls>} page
 * @property {import("./hud.js").Words} words
 * @property {ReturnType<typeof import("./play.js").createPlay>} play
 * @property {() => void} hint the puzzle's hint (asks.js)
 * @property {() => void} refuse the refusal's cue
 */

/** @param {InputDeps} deps */
export function createInput({ root, ctx, state, page, words, play, hint, refuse }) {
  /** @param {number} b */
  function clickBowl(b) {
    if (!play.live()) return;
    const refusal = shownView(state).bowls[b].refusal; // the engine's reason (W5): empty, ice
    if (refusal) {
      refuse();
      ctx.announce(tapWords(words, refusal, b));
    } else if (state.chosen === b) play.sow(b);
    else play.choose(b);
  }

  // W22: the engine says where each arrow leads from the bowl chosen (the last index: none yet).
  /** @param {number} direction */
  function step(direction) {
    if (!play.live()) return;
    const { arrows, bowls } = shownView(state);
    const b = arrows[direction > 0 ? "forward" : "back"][state.chosen ?? bowls.length];
    if (b !== null) play.choose(b);
  }

  /** @param {KeyboardEvent} e @param {number} b */
  function bowlKey(e, b) {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === " ") clickBowl(b);
    else if (state.chosen === b) play.sow(b);
    else if (state.view?.choosable.includes(b)) {
      play.choose(b, false);
      play.sow(b);
    }
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (page.gone() || root.inert || ctx.replay || state.screen !== "game" || state.card) return;
    const tag = /** @type {HTMLElement | null} */ (e.target)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if ((key === "u" && !ctrl && !e.altKey) || (ctrl && key === "z" && !e.shiftKey)) {
      e.preventDefault();
      play.undo();
      return;
    }
    if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) {
      e.preventDefault();
      play.redo();
      return;
    }
    if (ctrl || e.altKey) return;
    if (key === "h") hint();
    else if (key === "ArrowRight" || key === "ArrowDown") {
      e.preventDefault();
      step(1);
    } else if (key === "ArrowLeft" || key === "ArrowUp") {
      e.preventDefault();
      step(-1);
    } else if (key === "Enter" && tag !== "BUTTON" && tag !== "A") {
      e.preventDefault();
      play.sow(state.chosen);
    }
  }

  return {
    clickBowl,
    bowlKey,
    listen: () => document.addEventListener("keydown", onKey),
    destroy: () => document.removeEventListener("keydown", onKey),
  };
}
