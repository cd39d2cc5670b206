// What Domino Drop says, in the live region and in the pops over the well,
// from the engine's events and view (D13, D15, D16): a turn's points and
// Power, a new set, a run started or over, a cascade step's halves. Pure:
// words in, words out; every number is the engine's, formatted.
import { oneDecimal } from "./cards.js";

/** @typedef {import("./cards.js").Format} Format */

/** The pop of a scoring turn. @param {Format} fmt @param {Domino.ScoredEvent} scored */
export function turnPop({ t, number }, scored) {
  return t("domino.pop.turn", { count: scored.points, power: number(scored.power_gain) });
}

/** A scoring turn for the screen reader. @param {Format} fmt @param {Domino.ScoredEvent} scored */
export function turnSaid({ t, number }, scored) {
  return t("domino.say.turn", { count: scored.points, chain: scored.chain, power: number(scored.power) });
}

/** A cascade step's pop at its spot: its halves, a chain step after the first. @param {Format} fmt @param {Domino.CancelledEvent} step */
export function stepPop({ t, number }, step) {
  return t(step.step > 1 ? "domino.pop.chain" : "domino.pop.points", { n: number(step.cells.length), step: step.step });
}

/** A run started: its mode and set. @param {Format} fmt @param {Domino.View} view */
export function startSaid({ t }, view) {
  return t("domino.say.start", { mode: t(`domino.mode.${view.mode}`), set: t(`domino.set.${view.set}`) });
}

/** The end card's title: topped out, a Sprint done, or the end (D15, D16). @param {Format} fmt @param {Domino.View} view */
export function overTitle({ t }, view) {
  return t(view.topped_out ? "domino.over.toppedOut" : view.mode === "sprint" ? "domino.over.sprintDone" : "domino.over.title");
}

/** The end for the screen reader: the title and the run's scores. @param {Format} fmt @param {Domino.View} view */
export function overSaid(fmt, view) {
  const { t, number } = fmt;
  return t("domino.say.over", {
    title: overTitle(fmt, view),
    max: number(view.max),
    power: number(view.power),
    speed: oneDecimal(fmt, view.speed),
  });
}
