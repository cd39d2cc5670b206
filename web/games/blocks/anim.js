// What an accepted blocks action showed, from its events: the cells' effects,
// the cues (cues.js), bursts, floating points, praise and a shake for the
// biggest moments, the words said, the meter lighting edge by edge, and the
// game-over card after the last drop (B16). Every number is the events' or
// the view's.
import { cuesOf } from "./cues.js";
import { showTips } from "./lesson.js";

/**
 * What an action's showing reads of the blocks page's context, and hands the tips.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "t" | "number" | "reducedMotion" | "feel" | "announce" | "replay">
 *   & import("./lesson.js").TipsContext} AnimContext
 */

/**
 * @typedef {object} AnimDeps
 * @property {AnimContext} ctx
 * @property {import("./state.js").State} state
 * @property {import("./render.js").Parts} parts
 * @property {import("../../kit/juice.js").Juice} juice
 * @property {(fn: () => void, ms: number) => void} later
 * @property {(banked: Blocks.BankedEvent | undefined) => void} over the game-over card (the banking, when this action banked the run)
 */

/** @param {AnimDeps} deps @returns {(events: Blocks.Event[]) => void} */
export function createAnim({ ctx, state, parts, juice, later, over }) {
  const { t } = ctx;
  const { root, board, hud, tray } = parts;
  const number = (/** @type {number} */ v) => ctx.number(v);

  /** The effects of one event; what it says is added to `said`. @param {Blocks.Event} e @param {Blocks.Event[]} events @param {string[]} said @param {boolean} reduced */
  function effect(e, events, said, reduced) {
    const view = /** @type {Blocks.View} */ (state.view);
    if (e.type === "placed") board.fxCells(e.cells, "bk-fx-place", 400);
    else if (e.type === "cleared") {
      board.fxCells(e.cells, "bk-fx-clear", reduced ? 300 : 700);
      const at = board.clientPoint(e.cells);
      juice.burst(at.x, at.y, { size: e.count, cls: "bk-burst" });
      if (e.count >= 2) juice.praise(t(`blocks.praise.${Math.min(e.count, 4)}`), { level: Math.min(e.count - 1, 3) });
      said.push(t("blocks.say.cleared", { count: e.count }));
    } else if (e.type === "points") {
      // a drop's points follow its placed event (B10)
      const at = board.clientPoint(/** @type {Blocks.PlacedEvent} */ (events.find((p) => p.type === "placed")).cells);
      juice.float(`+${number(e.points)}`, at.x, at.y, { cls: "bk-float" });
      said.unshift(t("blocks.say.points", { count: e.points, points: number(e.points), score: number(view.score) }));
      if (e.parts.streak_bonus) said.push(t("blocks.say.streak", { count: e.parts.streak_bonus }));
    } else if (e.type === "meter" && !reduced)
      hud.animateMeter(
        e,
        events.some((c) => c.type === "crown"),
      );
    else if (e.type === "crown") {
      const points = events.find((p) => p.type === "points");
      root.classList.add("crowned");
      board.fxText(
        ["0:0"],
        t("blocks.crownFx", { n: e.won, points: number(points?.parts.crown ?? 0) }),
        "bk-fx-crown",
        reduced ? 700 : 1500,
      );
      later(() => root.classList.remove("crowned"), reduced ? 700 : 1500);
      said.push(t("blocks.say.crown", { n: number(e.crowns) }));
    } else if (e.type === "dealt") {
      tray.el.classList.remove("dealt");
      void tray.el.offsetWidth; // restart the deal animation
      tray.el.classList.add("dealt");
      if (e.why === "redeal") said.push(t("blocks.say.redealt"));
    } else if (e.type === "banked") {
      said.push(t("blocks.say.banked", { count: e.stars, stars: number(e.stars) }));
    }
  }

  /** @param {Blocks.Event[]} events */
  return function show(events) {
    const view = state.view;
    if (!view) return;
    const reduced = ctx.reducedMotion();
    root.classList.toggle("bk-reduced", reduced);
    const cleared = events.find((e) => e.type === "cleared");
    const crown = events.some((e) => e.type === "crown");
    const emptied = Boolean(cleared) && !view.board.includes("x"); // a perfect clear
    for (const [name, options] of cuesOf(events, emptied)) ctx.feel.cue(name, options);
    /** @type {string[]} */
    const said = [];
    for (const e of events) effect(e, events, said, reduced);
    if (emptied) {
      juice.praise(t("blocks.praise.perfect"), { level: 3 });
      said.push(t("blocks.praise.perfect"));
    }
    // Screen shake for the biggest moments only: a Crown, a perfect clear, four rows at once.
    if (emptied || crown || (cleared?.count ?? 0) >= 4) juice.shake(emptied ? 3 : 2);
    showTips(ctx, events, state.geometry, hud);
    if (view.redeal_offered) said.push(t("blocks.offer"));
    if (said.length) ctx.announce(said.join(" "));
    if (view.over && !ctx.replay) {
      // a replay shows its last position, no card
      const banked = events.find((e) => e.type === "banked");
      later(() => over(banked), reduced ? 0 : 650);
    }
  };
}
