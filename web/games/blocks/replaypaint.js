// The paint of a replay's positions on the blocks page (docs/daily-club.md):
// which gem colour each filled cell shows, rebuilt from each step's events. The engine
// keeps no colours (they are cosmetic, B3's families carried by `placed`
// events), so a step's paint is the step before it with its events applied.
// A jump (Last, a seek, the slider) lands on a step whose earlier steps were
// never shown: the events of the steps between the nearest painted one and it
// are asked of the replay session in one call (`between`, the engine's
// `replay_events`, in parts of at most BETWEEN steps), so a jump paints exactly
// what stepping there one by one paints, without a round trip per step.
import { paintEvents, readPaint, writePaint } from "./paint.js";

/** @typedef {import("./paint.js").Paint} Paint */
/** @typedef {{ view: Blocks.View, events: Blocks.Event[] }} Step the replay session's answer for one step */
/** @typedef {{ first: number, events: Blocks.Event[][] }} Between the replay session's events of steps first..last */

/** The most steps one `replay_events` answers (club.session.MAX_BETWEEN). */
export const BETWEEN = 500;

/**
 * @param {(cell: string) => number | undefined} index
 * @param {(first: number, last: number) => Promise<Between>} between the replay session's events of each
 *   step first..last (replay_events, 1 <= first <= last, at most BETWEEN steps)
 * @returns {(step: number, view: Blocks.View, events: Blocks.Event[]) => Promise<Paint>} the paint of step `step`
 *   (0: the start), shown with this view and events
 */
export function createReplayPaint(index, between) {
  /**
   * Each step's paint, once known: a step shown is filtered by its view's board; a step passed
   * over by a jump keeps the cells its events filled (filtered when it is shown).
   * @type {Map<number, Promise<Paint>>}
   */
  const paints = new Map();

  /** The steps after..upto-1 painted from after's paint with the engine's events (one call per BETWEEN steps). @param {number} after @param {number} upto */
  function passOver(after, upto) {
    let previous = /** @type {Promise<Paint> | undefined} */ (paints.get(after));
    for (let first = after + 1; first < upto; first += BETWEEN) {
      const last = Math.min(upto - 1, first + BETWEEN - 1);
      const answer = between(first, last);
      for (let step = first; step <= last; step += 1) {
        const from = /** @type {Promise<Paint>} */ (previous);
        const made = Promise.all([from, answer]).then(([paint, { events }]) => {
          const next = [...paint];
          paintEvents(next, events[step - first], index);
          return next;
        });
        paints.set(step, made);
        made.catch(() => paints.delete(step)); // a failed question is asked again next time (reported by the caller)
        previous = made;
      }
    }
  }

  /** @param {number} step @param {Step} shown @returns {Promise<Paint>} */
  function paintOf(step, { view, events }) {
    const known = paints.get(step);
    if (known) return known.then((paint) => readPaint(writePaint(paint), view.board));
    const start = readPaint(null, view.board); // no colour: the start's, and what none is painted from
    if (step === 0) {
      paints.set(0, Promise.resolve(start));
      return Promise.resolve(start);
    }
    let after = step - 1;
    while (after > 0 && !paints.has(after)) after -= 1;
    if (!paints.has(after)) paints.set(0, Promise.resolve(start));
    passOver(after, step);
    const made = /** @type {Promise<Paint>} */ (paints.get(step - 1)).then((previous) => {
      const paint = [...previous];
      paintEvents(paint, events, index);
      return readPaint(writePaint(paint), view.board); // only the cells the view fills
    });
    paints.set(step, made);
    made.catch(() => paints.delete(step));
    return made;
  }

  return (step, view, events) => paintOf(step, { view, events });
}
