// The two modal cards of blocks, both the kit's dialog: the game-over card
// (B16) and "Start a new run?" (B17 banks the run in play).
import { html } from "../../svg.js";
import { openDialog } from "../../kit/dialog.js";

/**
 * Final score, best, stars earned, this run's drops, rows cleared and Crowns,
 * Play again. Escape does not close it (the run is over: Play again is the
 * way on); Play again has the focus. The final board stays in sight beside
 * (wide screens) or above it (blocks.css).
 * @param {HTMLElement} root @param {import("./hud.js").Format} fmt @param {Blocks.View} view the run's last view
 * @param {Blocks.BankedEvent | null | undefined} banked the run's banking, when the last action banked it
 * @param {() => void} onAgain
 * @returns {import("../../kit/dialog.js").Dialog}
 */
export function overCard(root, { t, number }, view, banked, onAgain) {
  const dl = html("dl", { class: "bk-over-stats" }, null);
  /** @type {Array<[string, string, number]>} */
  const lines = [
    ["bk-over-score", "blocks.over.score", view.score],
    ["bk-over-best", "blocks.over.best", view.profile.best],
    ["bk-over-stars", "blocks.over.stars", banked ? banked.stars : view.stars],
    // this run's figures
    ["bk-over-drops", "blocks.over.drops", view.drops],
    ["bk-over-rows", "blocks.over.rows", view.rows_cleared],
    ["bk-over-crowns", "blocks.over.crowns", view.crowns],
  ];
  for (const [cls, label, value] of lines) {
    const row = html("div", { class: cls }, dl);
    html("dt", {}, row, t(label));
    html("dd", { "data-value": value }, row, number(value));
  }
  /** @type {HTMLElement[]} */
  const body = [dl];
  // The finished run's fact, in its view (B16): after a reload or a language switch too, not only as it ends.
  if (view.new_best) body.push(html("p", { class: "bk-newbest" }, null, t("blocks.over.newBest")));
  return openDialog(root, {
    title: t("blocks.over.title"),
    cls: "bk-over kit-end",
    lines: body,
    peek: { show: t("shell.seeBoard"), back: t("shell.backToCard") },
    dismissable: false,
    focus: ".bk-again",
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
