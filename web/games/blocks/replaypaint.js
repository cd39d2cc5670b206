// The paint of a replay's positions on the blocks page (docs/daily-club.md):
// which gem colour each filled cell shows, rebuilt from each step's events. The engine
// keeps no colours (they are cosmetic, B3's families carried by `placed`
// events), so a step's paint is the step before it with its events applied.
// A jump (Last, a seek, the slider) lands on a step whose earlier steps were
// never shown: their events are asked of the replay session (`seek`), so a
// jump paints exactly what stepping there one by one paints.
import { paintEvents, readPaint, writePaint } from "./paint.js";

/** @typedef {import("./paint.js").Paint} Paint */
/** @typedef {{ view: Blocks.View, events: Blocks.Event[] }} Step the replay session's answer for one step */

/**
 * @param {(cell: string) => number | undefined} index
 * @param {(step: number) => Promise<Step>} seek the replay session's position `step` (replay_seek)
 * @returns {(step: number, view: Blocks.View, events: Blocks.Event[]) => Promise<Paint>} the paint of step `step`
 *   (0: the start), shown with this view and events
 */
export function createReplayPaint(index, seek) {
  /** @type {Map<number, Promise<Paint>>} each step's paint, once asked: a step is painted once */
  const paints = new Map();

  /** @param {number} step @param {Step | Promise<Step>} [shown] @returns {Promise<Paint>} */
  function paintOf(step, shown) {
    const known = paints.get(step);
    if (known) return known;
    // the steps before first (asked of the engine in order when they were never shown), then this one
    const before = step > 0 ? paintOf(step - 1) : Promise.resolve(null);
    const made = Promise.all([before, shown ?? seek(step)]).then(([previous, { view, events }]) => {
      const paint = previous ? [...previous] : readPaint(null, view.board);
      paintEvents(paint, events, index);
      return readPaint(writePaint(paint), view.board); // only the cells the view fills
    });
    paints.set(step, made);
    made.catch(() => paints.delete(step)); // a failed question is asked again next time (reported by the caller)
    return made;
  }

  return (step, view, events) => paintOf(step, { view, events });
}
