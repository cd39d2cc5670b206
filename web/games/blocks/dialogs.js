// The two modal cards of blocks, both the kit's dialog: the game-over card
// (B16) and "Start a new run?" (B17 banks the run in play).
import { html } from "../../svg.js";
import { openDialog } from "../../kit/dialog.js";

/**
 * @typedef {object} OverStats what the game-over card shows, as the engine counted it
 * @property {number} score
 * @property {number} best
 * @property {number} stars
 * @property {boolean} newBest
 */

/**
 * Final score, best, stars earned, Play again. Escape does not close it (the
 * run is over: Play again is the way on); Play again has the focus.
 * @param {HTMLElement} root @param {import("./hud.js").Format} fmt @param {OverStats} stats
 * @param {() => void} onAgain
 * @returns {import("../../kit/dialog.js").Dialog}
 */
export function showOver(root, { t, number }, stats, onAgain) {
  const dl = html("dl", { class: "bk-over-stats" }, null);
  /** @type {Array<[string, string, number]>} */
  const lines = [
    ["bk-over-score", "blocks.over.score", stats.score],
    ["bk-over-best", "blocks.over.best", stats.best],
    ["bk-over-stars", "blocks.over.stars", stats.stars],
  ];
  for (const [cls, label, value] of lines) {
    const row = html("div", { class: cls }, dl);
    html("dt", {}, row, t(label));
    html("dd", { "data-value": value }, row, number(value));
  }
  /** @type {HTMLElement[]} */
  const body = [dl];
  if (stats.newBest) body.push(html("p", { class: "bk-newbest" }, null, t("blocks.over.newBest")));
  return openDialog(root, {
    title: t("blocks.over.title"),
    cls: "bk-over",
    lines: body,
    dismissable: false,
    buttons: [{ label: t("blocks.over.again"), cls: "bk-again", primary: true, action: onAgain }],
  });
}

/**
 * Cancel (Keep playing) has the focus; Escape cancels; the focus goes back to
 * New run; confirming calls onYes.
 * @param {HTMLElement} root @param {import("./hud.js").Format} fmt @param {() => void} onYes
 * @returns {import("../../kit/dialog.js").Dialog}
 */
export function askNewRun(root, { t }, onYes) {
  return openDialog(root, {
    title: t("blocks.confirm.title"),
    cls: "bk-confirm",
    lines: [t("blocks.confirm.text")],
    focus: ".bk-keep",
    buttons: [
      { label: t("blocks.confirm.keep"), cls: "bk-keep" },
      { label: t("blocks.confirm.yes"), cls: "bk-yes", primary: true, action: onYes },
    ],
  });
}
