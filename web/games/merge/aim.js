// Merge's aim and its preview (M12, M13): the cell the piece is aimed at (a
// drag, the keyboard's marker, else the mouse) and the engine's preview of
// the move there, drawn when it answers unless a newer aim was asked or the
// position changed meanwhile (latest wins). The same aim on the same
// position is asked once. What the marker's aim would do is said (P11).
import { aimedCell } from "./state.js";
import { aimSaid } from "./words.js";

/**
 * What aiming reads of the merge page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "engine" | "t" | "announce">} AimContext
 */

/**
 * @param {{ctx: AimContext, page: import("../../kit/page.js").Page<Merge.Calls>, state: import("./state.js").MergeState, draw: () => void}} deps
 */
export function createAim({ ctx, page, state, draw }) {
  const { engine, t } = ctx;
  /** @type {Map<string, Promise<Club.Preview<Merge.Event>>>} preview answers for the position drawn (P4) */
  const cache = new Map();

  /** A new position is drawn: what was asked about the old one is dropped. */
  function newPosition() {
    cache.clear();
    page.ticket(); // a preview of the old position is dropped
  }

  function clearAim() {
    page.ticket();
    state.preview = null;
    draw();
  }

  /**
   * The engine's preview of the piece at a cell, drawn unless a newer one was
   * asked or the position changed meanwhile. The answer drawn, or null; never rejects.
   * @param {string | null} cell
   * @returns {Promise<Club.Preview<Merge.Event> | null>}
   */
  async function previewAt(cell) {
    const view = state.view;
    if (!cell || !view || view.over) {
      clearAim();
      return null;
    }
    const fresh = page.ticket();
    const key = `${cell}@${view.turn}`;
    const asked = cache.get(key) ?? engine.call("preview", { cell });
    cache.set(key, asked);
    /** @type {Club.Preview<Merge.Event>} */
    let answer;
    try {
      answer = await asked;
    } catch (error) {
      if (cache.get(key) === asked) cache.delete(key);
      page.report(error);
      return null;
    }
    if (!fresh()) return null;
    state.preview = answer;
    draw();
    return answer;
  }

  /** The preview of where the piece is aimed, or none (previewAt clears it). */
  function refreshAim() {
    previewAt(aimedCell(state));
  }

  /**
   * The keyboard's marker (M12) moves at once; what it would do is said when the preview comes.
   * @param {string | null} cell
   */
  async function setMarker(cell) {
    state.marker = cell;
    draw();
    const answer = await previewAt(cell ?? state.hover);
    if (!cell || !answer || state.marker !== cell || !state.view || !state.geometry) return;
    ctx.announce(aimSaid(answer, cell, state.view, state.geometry, t));
  }

  return { newPosition, clearAim, previewAt, refreshAim, setMarker };
}
