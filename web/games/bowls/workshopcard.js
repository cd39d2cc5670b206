// The end card of a workshop puzzle's attempt (W28, played as W18): solved,
// the moves used against the proven par and, for a friend's puzzle, against
// the author's (the engine's `at_par` and `versus_author`); the author's own
// solve offers the puzzle's link, a friend's the link back with their result. Failed: undo (help), again, the way out.
import { bestCombo, figures, goalWords, line } from "./puzzles.js";

/** @typedef {(key: string, vars?: Record<string, any>) => string} Translate */

/**
 * @param {Bowls.View & {workshop: Bowls.WorkshopView}} view @param {Translate} t
 * @param {{again: () => void, undo: () => void, share: () => void, reply: () => void, editor: () => void, modes: () => void}} on
 * @returns {import("../../kit/dialog.js").DialogOptions}
 */
export function workshopOverCard(view, t, on) {
  const w = view.workshop;
  const own = w.author === null;
  const out = own
    ? { label: t("bowls.workshop.toEditor"), primary: false, cls: "bww-to-editor", action: on.editor }
    : { label: t("bowls.toModes"), primary: false, cls: "bw-to-modes", action: on.modes };
  const peek = { show: t("shell.seeBoard"), back: t("shell.backToCard") };
  if (w.solved) {
    /** @type {HTMLElement[]} */
    const lines = [line("bw-final", t("bowls.workshop.solvedIn", { count: view.moves }))];
    /** @type {[string, string][]} */
    const rows = [];
    if (w.par !== null) rows.push(["bowls.workshop.parLabel", String(w.par)]);
    if (w.author !== null) rows.push(["bowls.workshop.authorLabel", String(w.author)]);
    rows.push(["bowls.over.bestCombo", bestCombo(t, view)]);
    if (w.at_par) lines.push(line("bw-newbest", t("bowls.workshop.atPar")));
    if (w.versus_author) lines.push(line("bw-note", t(`bowls.workshop.versus.${w.versus_author}`, { count: w.author ?? 0 })));
    lines.push(figures(t, rows));
    // The author shares the puzzle; a friend sends their result back to the author (as challenge links do).
    const buttons = own
      ? [{ label: t("bowls.workshop.share"), primary: true, cls: "bww-share-open", action: on.share }]
      : [{ label: t("bowls.workshop.sendResult"), primary: true, cls: "bww-reply", action: on.reply }];
    buttons.push({ label: t("bowls.workshop.again"), primary: false, cls: "bww-again", action: on.again }, out);
    return {
      title: t("bowls.puzzle.over.solved"),
      lines,
      buttons,
      cls: "bw-overlay bw-over bwp-over bww-over bww-over-solved kit-end",
      peek,
    };
  }
  /** @type {HTMLElement[]} */
  const lines = [
    line("bw-final", t("bowls.puzzle.over.failed", { goal: goalWords(t, w.goal) })),
    line("bw-note", t("bowls.puzzle.over.help")),
    figures(t, [["bowls.over.bestCombo", bestCombo(t, view)]]),
  ];
  const buttons = [];
  if (view.can_undo) buttons.push({ label: t("bowls.puzzle.over.undo"), primary: true, cls: "bwp-over-undo", action: on.undo });
  buttons.push({ label: t("bowls.workshop.again"), primary: !view.can_undo, cls: "bww-again", action: on.again }, out);
  return {
    title: t(`bowls.puzzle.over.${view.status}`),
    lines,
    buttons,
    cls: `bw-overlay bw-over bwp-over bww-over bwp-over-failed bwp-over-${view.status} kit-end`,
    peek,
  };
}
