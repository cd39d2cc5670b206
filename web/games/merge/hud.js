// The header and the numbers around the board (M11): score, moves, highest
// stone, the optional play time (M14) and the best score. Only numbers the
// engine reports are shown.
import { html } from "../../svg.js";
import { formatTime } from "./timer.js";
import { statBox as stat } from "../../kit/hud.js";

export function createHud(root, { t, number }) {
  const header = html("div", { class: "game-header hm-header" }, root);
  html("h1", {}, header, t("merge.title"));
  const mode = html("span", { class: "hm-mode", hidden: true }, header, t("merge.noJokers"));
  html("a", { class: "btn hm-rules", href: "#/rules/merge" }, header, t("merge.rules"));
  const bar = html("div", { class: "hm-stats" }); // placed by the page next to the board
  const score = stat(bar, "hm-score", t("merge.score"));
  const moves = stat(bar, "hm-moves", t("merge.moves"));
  const highest = stat(bar, "hm-highest", t("merge.highest"));
  const time = stat(bar, "hm-time", t("merge.time"));
  const best = stat(bar, "hm-best", t("merge.best"));
  let lastScore = null;

  function setTime(ms) { time.value.textContent = formatTime(ms); }

  return {
    bar,
    setTime,
    render(view, timeMs) {
      if (lastScore !== null && view.score > lastScore) {
        score.box.classList.remove("hm-bump");
        void score.box.offsetWidth;
        score.box.classList.add("hm-bump");
      }
      lastScore = view.score;
      score.value.textContent = number(view.score);
      moves.value.textContent = number(view.moves);
      highest.value.textContent = number(view.highest);
      best.value.textContent = number(view.best);
      time.box.hidden = timeMs === null;
      if (timeMs !== null) setTime(timeMs);
      mode.hidden = view.jokers;
    },
  };
}
