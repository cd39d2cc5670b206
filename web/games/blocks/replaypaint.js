// The paint of a replay's positions on the blocks page (issue 16): which gem
// colour each filled cell shows, rebuilt from each step's events.
import { paintEvents, readPaint, writePaint } from "./paint.js";

/**
 * The cell colours of replayed positions: a drop paints on the position before
 * it (when it was shown), any other step reuses what its drop count showed.
 * @param {(cell: string) => number | undefined} index
 * @returns {(view: Blocks.View, events: any[]) => import("./paint.js").Paint}
 */
export function createReplayPaint(index) {
  /** @type {Map<number, import("./paint.js").Paint>} */
  const seen = new Map();
  return (view, events) => {
    const dropped = events.some((e) => e.type === "placed");
    const base = seen.get(dropped ? view.drops - 1 : view.drops);
    const paint = base ? [...base] : readPaint(null, view.board);
    if (dropped) paintEvents(paint, events, index);
    const shown = readPaint(writePaint(paint), view.board); // only the cells the view fills
    seen.set(view.drops, shown);
    return shown;
  };
}
