// Around the ring: the stats (score, combo, moves, best), the mode and the
// training mark (W21), the chosen bowl's queue with the Sow button (W5), the
// optional forecast line (W23) and the controls. Numbers come from the view.
import { html } from "../../svg.js";
import { stoneIcon, STONE_NAMES } from "./stones.js";
import { statBox as stat } from "../../kit/hud.js";

export function createHud(root, { t, number }) {
  const header = html("div", { class: "game-header bw-header" }, root);
  html("h1", {}, header, t("bowls.title"));
  const chip = html("span", { class: "bw-chip" }, header);
  const training = html("span", { class: "bw-training", hidden: true, title: t("bowls.trainingHelp") }, header, t("bowls.training"));

  const stats = html("div", { class: "bw-stats" }, root);
  const score = stat(stats, "bw-score", t("bowls.score"));
  const combo = stat(stats, "bw-combo", t("bowls.combo"));
  const moves = stat(stats, "bw-moves", t("bowls.moves"));
  const best = stat(stats, "bw-best", t("bowls.best"));
  return { header, chip, training, stats, score, combo, moves, best, render };

  function render(view, bestValue) {
    if (view.mode === "daily") chip.textContent = t("bowls.mode.dailyOn", { date: view.date });
    else if (view.puzzle) chip.textContent = t("bowls.mode.puzzleN", { id: view.puzzle.id });
    else chip.textContent = t(`bowls.mode.${view.mode}`);
    chip.dataset.mode = view.mode;
    training.hidden = !view.training;
    score.value.textContent = number(view.score);
    score.box.dataset.score = view.score;
    const last = view.last;
    combo.value.textContent = last && last.combo > 0 ? `×${last.multiplier}` : "–"; // W13, from the engine
    combo.box.dataset.combo = last ? last.combo : 0;
    combo.box.title = last && last.combo > 0 ? t("bowls.comboHelp", { count: last.combo }) : "";
    moves.value.textContent = view.limit ? `${number(view.moves)}/${number(view.limit)}` : number(view.moves);
    moves.box.dataset.moves = view.moves;
    best.value.textContent = bestValue === null || bestValue === undefined ? "–" : number(bestValue);
  }
}

export function createQueuePanel(root, { t }, { onSow }) {
  const panel = html("div", { class: "bw-panel" }, root);
  const title = html("p", { class: "bw-panel-title" }, panel);
  const queue = html("ol", { class: "bw-queue", "aria-label": t("bowls.queueLabel") }, panel);
  const sow = html("button", { class: "btn primary bw-sow", type: "button" }, panel, t("bowls.sow"));
  const forecast = html("p", { class: "bw-forecast", hidden: true, role: "status" }, panel);
  sow.addEventListener("click", onSow);

  function render(view, chosen) {
    queue.replaceChildren();
    const bowl = chosen === null ? null : view.bowls[chosen];
    if (bowl === null || view.over) {
      title.textContent = view.over ? t("bowls.attemptOver") : t("bowls.pickBowl");
      sow.disabled = true;
      return;
    }
    title.textContent = t("bowls.bowlN", { n: chosen + 1, count: bowl.stones.length }); // plural by count
    [...bowl.stones].forEach((stone, i) => {
      const item = html("li", { class: "bw-q", "data-stone": stone }, queue);
      stoneIcon(item, stone, 30);
      html("span", { class: "bw-q-n" }, item, String(i + 1));
      item.setAttribute("aria-label", `${i + 1}: ${t(`bowls.stone.${STONE_NAMES[stone]}`)}`);
    });
    sow.disabled = !view.choosable.includes(chosen);
  }

  function showForecast(text) {
    forecast.hidden = text === null;
    forecast.textContent = text ?? "";
  }

  return { panel, render, showForecast, sow };
}

// Two rows: what the next move may need (undo, redo, pause) stays on the first
// screen of a phone; ending, settings and rules may sit below it.
export function createControls(root, { t }, handlers) {
  const bar = html("div", { class: "bw-controls" }, root);
  const more = html("div", { class: "bw-more" }, root);
  const make = (row, key, cls, fn, label = null) => {
    const attrs = { class: `btn ${cls}`, type: "button" };
    if (label) attrs.title = label;
    const b = html("button", attrs, row, t(key));
    b.addEventListener("click", fn);
    return b;
  };
  const undo = make(bar, "bowls.undo", "bw-undo", handlers.undo, t("bowls.undoKeys"));
  const redo = make(bar, "bowls.redo", "bw-redo", handlers.redo, t("bowls.redoKeys"));
  const pause = make(bar, "bowls.pause", "bw-pause", handlers.pause);
  const end = make(more, "bowls.end", "bw-end", handlers.end);
  const settings = make(more, "bowls.settings", "bw-settings", handlers.settings);
  html("a", { class: "btn bw-rules", href: "#/rules/bowls" }, more, t("bowls.rules"));
  function render(view) {
    undo.disabled = !view.can_undo;
    redo.disabled = !view.can_redo;
    end.disabled = view.over;
    pause.disabled = false;
  }
  return { bar, more, render, undo, redo, pause, end, settings };
}
