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
    const answer = await ask(cell, view);
    if (!answer || !fresh()) return null;
    state.preview = answer;
    draw();
    return answer;
  }

  /**
   * The engine's preview of the piece at a cell of this position, asked once (the cache); null on a failure.
   * @param {string} cell @param {Merge.View} view
   * @returns {Promise<Club.Preview<Merge.Event> | null>}
   */
  async function ask(cell, view) {
    const key = `${cell}@${view.turn}`;
    const asked = cache.get(key) ?? engine.call("preview", { cell });
    cache.set(key, asked);
    try {
      return await asked;
    } catch (error) {
      if (cache.get(key) === asked) cache.delete(key);
      page.report(error);
      return null;
    }
  }

  /** The preview of where the piece is aimed, or none (previewAt clears it). */
  function refreshAim() {
    previewAt(aimedCell(state));
  }

  let marks = 0; // the latest marker move: only its words are said

  /**
   * The keyboard's marker (M12) moves at once; what it would do is said when the preview comes.
   * A preview asked after it (the aim refreshed once a move's animation ends) may take the drawing,
   * never the words: they are said on the position then shown (P11: no press goes unheard).
   * @param {string | null} cell
   */
  async function setMarker(cell) {
    const mark = ++marks;
    state.marker = cell;
    draw();
    const drawn = await previewAt(cell ?? state.hover);
    const latest = () => mark === marks && state.marker === cell && !page.gone();
    if (!cell || !latest() || !state.view || state.view.over) return;
    const answer = drawn ?? (await ask(cell, state.view));
    if (!answer || !latest() || !state.view || !state.geometry) return;
    ctx.announce(aimSaid(answer, cell, state.view, state.geometry, t));
  }

  return { newPosition, clearAim, previewAt, refreshAim, setMarker };
}
