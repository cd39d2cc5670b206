// The first lesson of Color Bowls and the tips of its specials.
// The position is the engine's (club.bowls.lesson: bowl 1 holds green and
// blue; bowl 3 a red; bowls 4 and 5 two reds and two blues): choose bowl 1,
// sow it and watch the stones go clockwise, then sow bowl 3 to make three
// twice at once. The steps wait for the engine's events (a page-made
// "choose" for the choice); the words name the bowls from 1.
import { STONE_NAMES } from "./stones.js";

/**
 * What the tips read of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "tip" | "t">} TipsContext
 */

/** @typedef {import("../../kit/lesson.js").LessonStep} LessonStep */

/** The bowls the steps point at (0-based, as club.bowls.lesson's FIRST_SOW and MAKE_THREE). */
const FIRST_SOW = 0;
const MAKE_THREE = 2;

/**
 * @param {(b: number) => Element | null} node the ring's bowl
 * @param {() => Element | null} sowButton
 * @returns {LessonStep[]}
 */
export function lessonSteps(node, sowButton) {
  return [
    { say: "bowls.lesson.choose", until: (e) => e.kind === "choose", target: () => node(FIRST_SOW) },
    { say: "bowls.lesson.sow", until: (e) => e.kind === "pickup", target: sowButton },
    { say: "bowls.lesson.three", until: (e) => e.kind === "match", target: () => node(MAKE_THREE) },
    { say: "bowls.lesson.room" },
  ];
}

/** The engine's events as the lesson hears them (`kind`). @param {Bowls.Event[]} events */
export const heardOf = (events) => events.map((e) => ({ ...e, kind: e.type }));

/** The specials a tip explains: a bowl modifier (W4) or a stone (W2). */
const SPECIALS = ["ice", "reverse", "volcano", "joker", "blocker"];

/**
 * The first time a special is on the board, one line explains it beside the
 * first bowl that has it (the kit shows each tip once ever).
 * @param {TipsContext} ctx @param {Bowls.View} view @param {(b: number) => Element | null} node
 */
export function showTips(ctx, view, node) {
  for (const special of SPECIALS) {
    const b = view.bowls.findIndex((bowl) => Boolean(bowl.mods[special]) || [...bowl.stones].some((s) => STONE_NAMES[s] === special));
    if (b >= 0 && ctx.tip(`bowls.${special}`, ctx.t(`bowls.tip.${special}`), node(b))) return; // one at a time
  }
}
