// The first lesson of blocks, on the engine's lesson position
// (club.blocks.lesson): drag a piece, fill a row, watch the meter, win a
// Crown. Each step waits for the engine's event that says it was done, or is
// passed when the engine's view says its goal is reached already. And
// the tips: a special explained in one line, in place, the first time.

/**
 * What the tips read of the blocks page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "lesson" | "replay" | "number" | "tip" | "t">} TipsContext
 */

/** @param {Blocks.Event["type"]} type @returns {(event: import("../../kit/lesson.js").Heard) => boolean} */
const on = (type) => (event) => /** @type {Blocks.Event} */ (event)?.type === type;

/**
 * @param {{tray: () => Element | null, board: () => Element | null, meter: () => Element | null}} at
 * @returns {import("../../kit/lesson.js").LessonStep[]}
 */
export function lessonSteps(at) {
  // The lesson position starts with four edges lit (club.blocks.lesson): a fifth, or a Crown, is a row cleared.
  return [
    { say: "blocks.lesson.drag", until: on("placed"), reached: (view) => view.drops > 0, target: at.tray },
    // Judged by a clear heard while it shows, not by the state: a first drop that fills a row
    // passes step 1 only, and the steps keep their order (1, 2, 3), the player's next clear teaching it.
    { say: "blocks.lesson.fill", until: on("cleared"), target: at.board },
    { say: "blocks.lesson.meter", target: at.meter },
    { say: "blocks.lesson.crown", until: on("crown"), reached: (view) => view.crowns > 0, target: at.meter },
  ];
}

// The first Crown, and the meter's first lit edges, explained once in place (the
// lesson explains both itself, so its page shows no tips; nor does a replay).
/**
 * @param {TipsContext} ctx @param {Blocks.Event[]} events an accepted action's
 * @param {Blocks.Geometry | null} geometry @param {{crowns: Element, meterBox: Element}} hud
 */
export function showTips(ctx, events, geometry, hud) {
  if (ctx.lesson || ctx.replay || !geometry) return;
  const vars = { edges: geometry.meter_edges, points: ctx.number(geometry.crown_points) };
  if (events.some((e) => e.type === "crown")) ctx.tip("blocks.crown", ctx.t("blocks.tip.crown", vars), hud.crowns);
  else if (events.some((e) => e.type === "meter")) ctx.tip("blocks.meter", ctx.t("blocks.tip.meter", vars), hud.meterBox);
}
