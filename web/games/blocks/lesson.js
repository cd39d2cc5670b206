// The first lesson of blocks (issue 15 item 4), on the engine's lesson
// position (club.blocks.lesson): drag a piece, fill a row, watch the meter,
// win a Crown. Each step waits for the engine's event that says it was done.

/** @param {string} type @returns {(event: any) => boolean} */
const on = (type) => (event) => event?.type === type;

/**
 * @param {{tray: () => Element | null, board: () => Element | null, meter: () => Element | null}} at
 * @returns {import("../../kit/lesson.js").LessonStep[]}
 */
export function lessonSteps(at) {
  return [
    { say: "blocks.lesson.drag", until: on("placed"), target: at.tray },
    { say: "blocks.lesson.fill", until: on("cleared"), target: at.board },
    { say: "blocks.lesson.meter", target: at.meter },
    { say: "blocks.lesson.crown", until: on("crown"), target: at.meter },
  ];
}
