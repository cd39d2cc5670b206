// What a move feels like (docs/feel.md): the engine's events turned into the kit's
// cues (sound + vibration, ctx.feel) and juice (web/kit/juice.js), from one
// table. Sizes, steps and points are the events' own: nothing is re-derived.
// The merge steps are felt when the board's animation shows them (anim.js
// calls `step`), so sound, burst and the sliding stones go together.

/**
 * What the cues read of the merge page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "t" | "number" | "feel">} CuesContext
 */

/**
 * The table: a moment of the move -> its cue and what the juice does.
 * `chain` rows are by the move's chain length (events' `scored.chain`): praise
 * word, its level, fanfare, shake (only the longest chains shake the page).
 */
const CUES = { set: "place", merge: "merge", chain: "chain", refused: "refuse", turn: "move", over: "over", record: "fanfare" };
/** @type {Record<number, {praise: string, level: number, fanfare?: boolean, shake?: number}>} */
const CHAINS = {
  2: { praise: "merge.praise.chain2", level: 1 },
  3: { praise: "merge.praise.chain3", level: 2, fanfare: true },
  4: { praise: "merge.praise.chain4", level: 3, fanfare: true, shake: 3 },
};
/** A merge of this many stones or more in one group earns a word of its own. */
const BIG_GROUP = 5;

/**
 * @param {{ctx: CuesContext, board: import("./board.js").MergeBoard, juice: import("../../kit/juice.js").Juice}} parts
 */
export function createCues({ ctx, board, juice }) {
  const { t, number } = ctx;
  /** @param {string} moment @param {{size?: number, step?: number}} [options] */
  const cue = (moment, options) => ctx.feel.cue(CUES[/** @type {keyof typeof CUES} */ (moment)], options);

  /** The client point of a cell's centre (the board is an SVG). @param {string} name */
  function at(name) {
    const { x, y } = board.hex.point(name);
    const ctm = board.root.getScreenCTM();
    const p = ctm ? new DOMPoint(x, y).matrixTransform(ctm) : { x: 0, y: 0 };
    return { x: p.x, y: p.y };
  }

  return {
    /** A new action starts: the last one's show ends at once (input never waits). */
    start: () => juice.finish(),
    /** The piece is set (the move's first moment; its merges follow with the animation). */
    placed: () => cue("set"),
    /**
     * One chain step shows (anim.js): its sound, and per group the points where it lands and a burst.
     * @param {Merge.MergedEvent[]} groups the step's `merged` events @param {number} step 1, 2, 3…
     */
    step(groups, step) {
      const stones = groups.reduce((n, g) => n + g.cells.length, 0);
      cue(step === 1 ? "merge" : "chain", { size: stones, step });
      for (const g of groups) {
        const { x, y } = at(g.target);
        juice.burst(x, y, { size: g.cells.length, cls: g.joker ? "hm-juice-joker" : "hm-juice" });
        juice.float(`+${number(g.points)}${g.factor > 1 ? ` ×${g.factor}` : ""}`, x, y, {
          cls: g.joker ? "hm-float hm-fx-joker" : "hm-float",
        });
      }
    },
    /** The move has been shown: praise, fanfare, shake; the round's end. @param {Merge.Event[]} events */
    ended(events) {
      const chain = events.find((e) => e.type === "scored")?.chain ?? 0;
      const row = CHAINS[Math.min(chain, 4)];
      const big = events.some((e) => e.type === "merged" && e.cells.length >= BIG_GROUP);
      if (row) juice.praise(t(row.praise, { n: chain }), { level: row.level });
      else if (big) juice.praise(t("merge.praise.big"), { level: 1 });
      if (row?.fanfare) cue("record");
      if (row?.shake) juice.shake(row.shake);
      if (!events.some((e) => e.type === "over")) return;
      const recorded = events.find((e) => e.type === "recorded");
      if (recorded?.new_best) {
        cue("record");
        juice.praise(t("merge.newBest"), { level: 3 });
      }
      cue("over");
    },
    refused: () => cue("refused"),
    turned: () => cue("turn"),
  };
}
