// The piece in hand of blocks and its B20 preview: picked from the tray,
// aimed at a cell (the target in the next frame), the engine's preview of the drop
// drawn when it answers (latest wins: an answer for an older aim, another
// view or a piece put back is dropped), released. The page asks; the engine
// says where a piece fits and what its drop would clear.
import { cellName, parseCell } from "../../kit/hexboard.js";

/**
 * What aiming reads of the blocks page's context: the engine's previews.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "engine">} AimContext
 */

/**
 * @param {{ctx: AimContext, page: import("../../kit/page.js").Page<Blocks.Calls>, state: import("./state.js").State,
 *   parts: import("./render.js").Parts, juice: import("../../kit/juice.js").Juice, draw: () => void}} deps
 */
export function createAim({ ctx, page, state, parts, juice, draw }) {
  let lastAim = /** @type {Promise<string | null>} */ (Promise.resolve(null));

  /** The view has a piece in `slot` that fits, in a run not over. @param {number} slot */
  function usable(slot) {
    const view = state.view;
    return Boolean(view && !view.over && view.tray[slot]?.piece && view.tray[slot].fits);
  }

  /** @param {number} slot @param {import("./input.js").Mode} mode @param {boolean} [touch] */
  function pick(slot, mode, touch = false) {
    if (!usable(slot)) return false;
    juice.finish(); // a new action: the last one's animations end at once
    state.held = { slot, mode, touch, target: null };
    draw();
    return true;
  }

  function release() {
    page.ticket(); // a preview still on its way is for a piece no longer held
    state.held = null;
    state.preview = null;
    draw();
  }

  /** @param {import("./board.js").Shown | null} shown */
  const preview = (shown) => {
    state.preview = shown;
    draw();
  };

  // Aim the held piece at `cell`: the target in the next frame, the preview when the
  // engine answers. Resolves to what is shown ("fit", "misfit", "off") or null
  // when the answer was dropped (a newer aim, another view, the piece put back).
  /** @param {string | null} cell @returns {Promise<string | null>} */
  function aim(cell) {
    const { held, view } = state;
    if (!held || !view) return Promise.resolve(null);
    if (cell === held.target) return lastAim;
    held.target = cell;
    const fresh = page.ticket();
    if (!cell) {
      preview(null);
      return (lastAim = Promise.resolve("off"));
    }
    const piece = view.tray[held.slot];
    const family = String(piece.family);
    const { q, r } = parseCell(cell);
    // No legal drop here: outline where the piece would be.
    const misfit = () => {
      preview({ legal: false, cells: piece.cells.map(([dq, dr]) => `${q + dq}:${r + dr}`), rows: [], family });
      return "misfit";
    };
    // The view's targets say where a drop is legal; the preview is the drop on a copy (its cells and rows).
    if (!piece.targets.includes(parts.board.hex.index(cell) ?? -1)) return (lastAim = Promise.resolve(misfit()));
    // The target moves in the next frame, not this one (P15): the engine's preview, asked now, comes
    // in time for that frame, and both are drawn together. Drawn in this frame, the target made it a
    // board's whole restyle and paint, which the preview then waited behind for a frame more.
    page.later(draw, 0);
    lastAim = ctx.engine.call("preview", { slot: held.slot, cell }).then(
      (/** @type {Blocks.PreviewAnswer} */ answer) => {
        if (!fresh() || state.view !== view) return null; // stale: a newer aim or view is on screen
        if (!answer.legal) return misfit();
        const said = /** @type {Blocks.PointsEvent | undefined} */ (answer.events.find((e) => e.type === "points"));
        const points = said?.points ?? 0;
        preview({ legal: true, cells: answer.cells.map(cellName), rows: answer.rows, family, points });
        return "fit";
      },
      (/** @type {unknown} */ error) => {
        page.report(error);
        return null;
      },
    );
    return lastAim;
  }

  return { usable, pick, release, aim };
}
