// The header and the numbers around the board (M11): score, moves, highest
// stone, the optional play time (M14) and the best score, in the kit's stat
// boxes. Only numbers the engine reports are shown.
import { html } from "../../svg.js";
import { formatTime } from "./timer.js";
import { statBox } from "../../kit/hud.js";

/**
 * @param {HTMLElement} root
 * @param {{t: (key: string, vars?: Record<string, unknown>) => string, number: (v: number) => string}} options
 */
export function createHud(root, { t, number }) {
  const header = html("div", { class: "game-header hm-header" }, root);
  html("h1", {}, header, t("merge.title"));
  const mode = html("span", { class: "hm-mode", hidden: true }, header, t("merge.noJokers"));
  html("a", { class: "btn hm-rules", href: "#/rules/merge" }, header, t("merge.rules"));
  const bar = html("div", { class: "hm-stats" }); // placed by the page next to the board
  const score = statBox(bar, "hm-score", t("merge.score"));
  const moves = statBox(bar, "hm-moves", t("merge.moves"));
  const highest = statBox(bar, "hm-highest", t("merge.highest"));
  const time = statBox(bar, "hm-time", t("merge.time"));
  const best = statBox(bar, "hm-best", t("merge.best"));
  /** @type {number | null} */
  let lastScore = null;

  return {
    bar,
    /** @param {Merge.View} view @param {number | null} timeMs the play time, null when the clock is not shown */
    render(view, timeMs) {
      if (lastScore !== null && view.score > lastScore) {
        score.box.classList.remove("hm-bump");
        void score.box.offsetWidth;
        score.box.classList.add("hm-bump");
      }
      lastScore = view.score;
      score.set(number(view.score), view.score);
      moves.set(number(view.moves), view.moves);
      highest.set(number(view.highest), view.highest);
      best.set(number(view.best), view.best);
      time.box.hidden = timeMs === null;
      if (timeMs !== null) time.set(formatTime(timeMs));
      mode.hidden = view.jokers;
    },
  };
}
