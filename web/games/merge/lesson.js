// The first lesson's steps (issue 15 point 4): place, merge three, turn a pair,
// merge with the pair, on the engine's lesson round (club.merge.lesson). Each
// step waits for the engine's event that says it was done.
import { createLesson } from "../../kit/lesson.js";

/** @param {any} e */
const merged = (e) => e.type === "merged";

/**
 * @param {HTMLElement} root @param {any} ctx
 * @param {{board: import("./board.js").MergeBoard, tray: ReturnType<typeof import("./tray.js").createTray>}} parts
 */
export function createMergeLesson(root, ctx, { board, tray }) {
  return createLesson(root, ctx, [
    { say: "merge.lesson.place", until: (e) => e.type === "set", target: () => tray.current },
    { say: "merge.lesson.merge", until: merged, target: () => board.root },
    { say: "merge.lesson.rotate", until: (e) => e.type === "turn", target: () => tray.rotate },
    { say: "merge.lesson.pair", until: merged, target: () => board.root },
  ]);
}
