// The first lesson's steps: place, merge three, turn a pair, merge with the
// pair, on the engine's lesson round (club.merge.lesson). Each step waits for
// the engine's event that says it was done. And the joker's tip.

/**
 * What the tips read of the merge page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "tip" | "t">} TipsContext
 */

/** @param {import("../../kit/lesson.js").Heard} e the lesson hears the engine's events */
const merged = (e) => /** @type {Merge.Event} */ (e).type === "merged";

/**
 * @param {{board: import("./board.js").MergeBoard, tray: ReturnType<typeof import("./tray.js").createTray>}} parts
 * @returns {import("../../kit/lesson.js").LessonStep[]}
 */
export function lessonSteps({ board, tray }) {
  return [
    { say: "merge.lesson.place", until: (e) => /** @type {Merge.Event} */ (e).type === "set", target: () => tray.current },
    { say: "merge.lesson.merge", until: merged, target: () => board.root },
    { say: "merge.lesson.rotate", until: (e) => /** @type {Merge.Event} */ (e).type === "turn", target: () => tray.rotate },
    { say: "merge.lesson.pair", until: merged, target: () => board.root },
  ];
}

/**
 * The first time a joker is in the tray, one line says what it does (the kit shows it once ever).
 * @param {TipsContext} ctx @param {Merge.View | null} view
 * @param {{tray: {current: Element}, side: HTMLElement}} parts
 */
export function showTips(ctx, view, { tray, side }) {
  const joker = view?.current.kind === "joker" ? tray.current : view?.next.kind === "joker" ? side.querySelector(".hm-next-box") : null;
  if (joker) ctx.tip("merge.joker", ctx.t("merge.tip.joker"), joker);
}
