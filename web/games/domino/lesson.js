// The first lesson of Domino Drop and its tips. The lesson plays the
// engine's lesson position (club.domino.lesson: 3-6 falling over a 6 and a
// 3): move, rotate, cancel two equal halves, then what the scores mean. No
// game time passes in the lesson (the page sends no ticks; ↓ moves one row):
// a newcomer reads each step while the tile waits.

/**
 * What the tips read of the domino page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Domino.Calls>, "t" | "seen" | "tip">} TipsContext
 */

/** @param {import("../../kit/lesson.js").Heard} e the lesson hears the engine's events */
const moved = (e, /** @type {string[]} */ ...by) =>
  /** @type {Domino.Event} */ (e).type === "moved" && by.includes(/** @type {Domino.MovedEvent} */ (e).by);

/**
 * @param {import("./render.js").Parts} parts
 * @returns {import("../../kit/lesson.js").LessonStep[]}
 */
export function lessonSteps(parts) {
  const well = () => parts.well.root;
  return [
    { say: "domino.lesson.move", until: (e) => moved(e, "left", "right"), target: well },
    { say: "domino.lesson.rotate", until: (e) => moved(e, "cw", "ccw"), target: well },
    { say: "domino.lesson.cancel", until: (e) => /** @type {Domino.Event} */ (e).type === "cancelled", target: well },
    { say: "domino.lesson.score", target: () => parts.play.querySelector(".dd-power") },
  ];
}

/**
 * The specials of this game, explained once each the first time one is on screen (ctx.tip keeps which):
 * the extended set's higher pips, a double falling, a single half left by a cancel. One tip per view:
 * a second would replace the first at once; the next view shows the next.
 * @param {TipsContext} ctx @param {Domino.View} view @param {Domino.ProfileView | null} profile @param {Element} anchor
 * @param {() => void} [read] the page waits until the tip is read (ctx.tip's `read`)
 * @returns {boolean} a tip shows
 */
export function showTips(ctx, view, profile, anchor, read) {
  const extended = profile?.sets?.extended;
  const tile = view.falling;
  /** @type {Array<[string, () => string, boolean]>} key, text, on screen now */
  const specials = [
    ["domino.extended", () => ctx.t("domino.tip.extended", { top: extended?.top ?? "" }), view.set === "extended" && Boolean(extended)],
    ["domino.double", () => ctx.t("domino.tip.double", { pip: tile?.a ?? "" }), Boolean(tile && tile.a === tile.b)],
    ["domino.single", () => ctx.t("domino.tip.single"), view.cells.some((cell) => cell[3] === "s")],
  ];
  for (const [key, text, shown] of specials) {
    if (shown && !ctx.seen.tipSeen(key)) return ctx.tip(key, text(), anchor, read);
  }
  return false;
}
