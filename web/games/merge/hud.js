// The header and the numbers around the board (M11): score, moves, highest
// stone, the optional play time (M14) and the best score, in the kit's stat
// boxes. Only numbers the engine reports are shown; a score that grows counts
// up to its new value (the kit's juice).
import { html } from "../../svg.js";
import { formatTime } from "./timer.js";
import { statBox } from "../../kit/hud.js";

/** The view's counts shown as they are (the play time is formatted). */
const COUNTS = /** @type {const} */ (["moves", "highest", "best"]);

/**
 * @param {HTMLElement} root
 * @param {{t: (key: string, vars?: Record<string, unknown>) => string, number: (v: number) => string,
 *   juice: import("../../kit/juice.js").Juice}} options
 */
export function createHud(root, { t, number, juice }) {
  const header = html("div", { class: "game-header hm-header" }, root);
  html("h1", {}, header, t("merge.title"));
  const mode = html("span", { class: "hm-mode", hidden: true }, header, t("merge.noJokers"));
  html("a", { class: "btn hm-rules", href: "#/rules/merge" }, header, t("merge.rules"));
  const bar = html("div", { class: "hm-stats" }); // placed by the page next to the board
  /** @type {Record<string, import("../../kit/hud.js").StatBox>} */
  const boxes = Object.fromEntries(["score", "moves", "highest", "time", "best"].map((k) => [k, statBox(bar, `hm-${k}`, t(`merge.${k}`))]));
  const { score, time } = boxes;
  // Hidden until a view shows the clock: a first view seldom does (M15: it runs from the first
  // stone), and a box that went then would widen the others under the player's eyes.
  time.box.hidden = true;
  /** @type {number | null} */
  let lastScore = null;

  return {
    bar,
    /** @param {Merge.View} view @param {number | null} timeMs the play time, null when the clock is not shown */
    render(view, timeMs) {
      if (lastScore === null) score.set(number(view.score));
      else if (view.score !== lastScore) {
        juice.countUp(score.value, view.score, number);
        if (view.score < lastScore) juice.finish(); // a new round or another round loaded: no counting down
      }
      score.value.dataset.value = String(view.score);
      lastScore = view.score;
      for (const k of COUNTS) boxes[k].set(number(view[k]), view[k]);
      time.box.hidden = timeMs === null;
      if (timeMs !== null) time.set(formatTime(timeMs));
      mode.hidden = view.jokers;
    },
  };
}
