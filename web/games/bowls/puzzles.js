// Puzzle mode on the bowls page (W18, W21, W25): the mode card, the grid of
// puzzles with solved marks and fewest moves, the goal panel beside the ring
// (goal in words, progress, moves left, hint, restart) and the success and
// failure cards. The engine answers everything (Session.puzzles, puzzle_new,
// hint; a solved puzzle is recorded by the move that solves it); this module
// only draws what it is handed and calls the page's callbacks.
import { html, setIfChanged, textIfChanged } from "../../svg.js";

/** @typedef {(key: string, vars?: Record<string, any>) => string} Translate */

/**
 * The page's state the goal panel draws (a part of the page's state object).
 * @typedef {object} HintState
 * @property {string} key the attempt and position it was asked for
 * @property {boolean} asking the worker is searching
 * @property {string} message what the panel says (the hint, "thinking", or nothing)
 * @property {number | null} bowl the bowl the hint names
 */

export const NO_HINT = /** @type {HintState} */ ({ key: "", asking: false, message: "", bowl: null });

/** @param {Translate} t @param {Bowls.GoalView} goal */
export function goalWords(t, goal) {
  return t(`bowls.puzzle.goal.${goal.kind}`, { count: goal.count, colour: goal.colour ? t(`bowls.puzzle.colour.${goal.colour}`) : "" });
}

/**
 * The puzzle's title in the page's language; the engine's English title when no table has it.
 * @param {Translate} t @param {{id: number, title: string}} row
 */
function titleOf(t, row) {
  const key = `bowls.puzzle.title.${row.id}`;
  const words = t(key);
  return words === key ? row.title : words;
}

// The number the words count (plural form): stones left, stones on the board, else the goal's.
/** @type {Record<string, string>} */
const COUNTED = { clear: "left", empty: "left", leave: "done" };

/** @param {Translate} t @param {Record<string, any>} progress */
function progressWords(t, progress) {
  const { kind, done, left, count, colour } = progress;
  return t(`bowls.puzzle.progress.${kind}`, {
    done,
    left,
    goal: count,
    count: progress[COUNTED[kind] ?? "count"],
    colour: colour ? t(`bowls.puzzle.colour.${colour}`) : "",
  });
}

/** @param {Translate} t @param {number} count */
const moves = (t, count) => t("bowls.puzzle.moves", { count });

// ----- the grid screen -------------------------------------------------------------------

/** One cell of the grid. @param {HTMLElement} cells @param {Bowls.GridRow} row @param {Bowls.Grid} grid @param {Translate} t @param {(id: number) => void} play */
function gridCell(cells, row, grid, t, play) {
  const solved = row.fewest !== null;
  const next = row.id === grid.next;
  const li = html("li", {}, cells);
  const label = [
    t("bowls.puzzle.grid.cell", { id: row.id, title: titleOf(t, row), goal: goalWords(t, row.goal), limit: moves(t, row.limit) }),
  ];
  if (row.fewest !== null) label.push(t("bowls.puzzle.grid.cellSolved", { n: moves(t, row.fewest) }));
  if (next) label.push(t("bowls.puzzle.grid.cellNext"));
  // The name is the number a player sees, then the words (label-content-name-mismatch).
  const cell = html(
    "button",
    {
      class: `bwp-cell${solved ? " solved" : ""}${next ? " next" : ""}`,
      type: "button",
      "data-puzzle": row.id,
      title: `${titleOf(t, row)} — ${goalWords(t, row.goal)}`,
    },
    li,
  );
  html("span", { class: "bwp-id", "aria-hidden": "true" }, cell, String(row.id));
  html("span", { class: "bwp-mark", "aria-hidden": "true" }, cell, solved ? `✓ ${row.fewest}` : next ? t("bowls.puzzle.grid.next") : "·");
  html("span", { class: "sr-only" }, cell, label.join(" "));
  cell.addEventListener("click", () => play(row.id));
}

/**
 * The list of every puzzle, banded by move limit, drawn from the engine's grid.
 * @param {HTMLElement} screen @param {Bowls.Grid} grid @param {Translate} t
 * @param {{back: () => void, play: (id: number) => void}} on
 */
export function renderGrid(screen, grid, t, on) {
  screen.replaceChildren();
  const head = html("div", { class: "bwp-grid-head" }, screen);
  html("button", { class: "btn bwp-back", type: "button" }, head, `← ${t("bowls.puzzle.grid.back")}`).addEventListener("click", on.back);
  html("h1", { id: "bwp-grid-title" }, head, t("bowls.puzzle.grid.title"));
  html("p", { class: "bwp-grid-count" }, head, t("bowls.puzzle.card.progress", { solved: grid.solved, total: grid.puzzles.length }));
  html("p", { class: "bwp-grid-lead" }, screen, t("bowls.puzzle.grid.lead"));
  let band = null;
  let cells = null;
  for (const row of grid.puzzles) {
    if (row.limit !== band) {
      band = row.limit;
      html("h2", { class: "bwp-band" }, screen, t("bowls.puzzle.grid.band", { count: band }));
      cells = html("ol", { class: "bwp-cells", start: row.id }, screen);
    }
    gridCell(/** @type {HTMLElement} */ (cells), row, grid, t, on.play); // made at the first row's band
  }
}

// ----- the goal panel beside the ring ----------------------------------------------------

/**
 * The goal above the ring; the tools (hint, restart, list and the hint's answer)
 * below the controls on a phone, under the goal on a wide screen (P13).
 * @param {HTMLElement} game the game screen @param {HTMLElement} stats the panel goes after them
 * @param {Translate} t @param {{hint: () => void, restart: () => void, list: () => void}} on
 */
export function createPuzzlePanel(game, stats, t, on) {
  const panel = html("div", { class: "bwp-panel", hidden: true, "aria-live": "off" });
  stats.after(panel);
  const title = html("p", { class: "bwp-title" }, panel);
  const goal = html("p", { class: "bwp-goal" }, panel);
  const state = html("div", { class: "bwp-state" }, panel);
  const progress = html("p", { class: "bwp-progress", role: "status" }, state);
  const left = html("p", { class: "bwp-left" }, state);
  const tools = html("div", { class: "bwp-tools", hidden: true }, game);
  const row = html("div", { class: "bwp-buttons" }, tools);
  const hint = /** @type {HTMLButtonElement} */ (
    html("button", { class: "btn bwp-hint", type: "button", title: "H" }, row, t("bowls.puzzle.panel.hint"))
  );
  html("button", { class: "btn bwp-restart", type: "button" }, row, t("bowls.puzzle.panel.restart")).addEventListener("click", on.restart);
  html("button", { class: "btn bwp-list", type: "button" }, row, t("bowls.puzzle.panel.list")).addEventListener("click", on.list);
  const message = html("p", { class: "bwp-message", role: "status" }, tools);
  hint.addEventListener("click", on.hint);

  const ghostLine = html("p", { class: "bww-ghost-line", hidden: true }, panel);

  /**
   * A puzzle's attempt, or a workshop puzzle's (W28: its title is plain text, and a friend's has the author's
   * moves beside it as a ghost).
   * @param {Bowls.View | null} view @param {HintState} asked @param {number[] | null} [ghost] the author's moves
   */
  function render(view, asked, ghost = null) {
    const p = view?.puzzle ?? view?.workshop ?? null;
    panel.hidden = !p;
    tools.hidden = !p;
    if (!p || !view) return;
    const made = view.workshop;
    const name = made
      ? made.title || t("bowls.workshop.untitled")
      : t("bowls.puzzle.panel.label", { id: view.puzzle?.id, title: titleOf(t, /** @type {Bowls.PuzzleView} */ (p)) });
    textIfChanged(title, made ? `${t("bowls.mode.workshop")} · ${name}` : name);
    textIfChanged(goal, `${t("bowls.puzzle.panel.goal")}: ${goalWords(t, p.goal)}`);
    textIfChanged(progress, progressWords(t, p.progress));
    textIfChanged(left, t("bowls.puzzle.panel.movesLeft", { count: p.moves_left }));
    setIfChanged(left, "data-left", String(p.moves_left));
    setIfChanged(panel, "data-puzzle", view.puzzle ? String(view.puzzle.id) : "workshop");
    ghostLine.hidden = !made || made.author === null;
    if (made && made.author !== null) textIfChanged(ghostLine, ghostWords(t, made.author, ghost, view));
    hint.disabled = view.over;
    hint.classList.toggle("bwp-thinking", asked.asking); // quiet: the page stays playable meanwhile
    if (asked.asking) hint.setAttribute("aria-busy", "true");
    else hint.removeAttribute("aria-busy");
    if (message.textContent !== asked.message) message.textContent = asked.message;
  }

  return { render };
}

/**
 * The ghost of a friend's workshop puzzle in words: the author's move count, and their bowl at this move.
 * @param {Translate} t @param {number} author @param {number[] | null} ghost @param {Bowls.View} view
 */
export function ghostWords(t, author, ghost, view) {
  const said = t("bowls.workshop.ghost", { count: author });
  const next = !view.over && ghost ? ghost[view.moves] : undefined;
  return next === undefined ? said : `${said} ${t("bowls.workshop.ghostMove", { k: view.moves + 1, n: next + 1 })}`;
}

// ----- success and failure cards ----------------------------------------------------------

/** A paragraph of a card. @param {string} cls @param {string} text */
export const line = (cls, text) => html("p", { class: cls }, null, text);

/**
 * This attempt's figures for an end card: [label key, value] rows.
 * @param {Translate} t @param {[string, string][]} rows
 */
export function figures(t, rows) {
  const list = html("dl", { class: "bw-figures" });
  for (const [key, value] of rows) {
    const row = html("div", { "data-figure": key.split(".").pop() }, list);
    html("dt", {}, row, t(key));
    html("dd", {}, row, value);
  }
  return list;
}

/** The best combo in words: its matching bowls (W13), or a dash. @param {Translate} t @param {Bowls.View} view */
export const bestCombo = (t, view) => (view.best_combo > 0 ? t("bowls.over.comboBowls", { count: view.best_combo }) : "–");

/** @typedef {Bowls.View & { puzzle: Bowls.PuzzleView }} PuzzleAttempt the view of a puzzle's attempt */

/** @param {Bowls.View} view @returns {view is PuzzleAttempt} */
export const isPuzzleAttempt = (view) => view.mode === "puzzle" && Boolean(view.puzzle);

/**
 * The end card of a puzzle attempt, as the kit dialog's options.
 * @param {PuzzleAttempt} view @param {{fewest?: number, first?: boolean, solved?: number} | undefined} record the move's puzzle_solved event
 * @param {Translate} t @param {{play: (id: number) => void, undo: () => void, list: () => void}} on
 * @returns {import("../../kit/dialog.js").DialogOptions}
 */
export function puzzleOverCard(view, record, t, on) {
  const p = view.puzzle;
  const list = { label: t("bowls.puzzle.over.list"), cls: "bwp-to-list", action: on.list };
  if (view.status === "solved") {
    /** @type {HTMLElement[]} */
    const lines = [line("bw-final", t("bowls.puzzle.over.solvedIn", { id: p.id, n: moves(t, view.moves) }))];
    if (record?.fewest) lines.push(line("bw-note", t("bowls.puzzle.over.fewest", { n: moves(t, record.fewest) })));
    if (record?.first) lines.push(line("bw-newbest", t("bowls.puzzle.over.first", { solved: record.solved, total: p.total })));
    if (p.last) lines.push(line("bw-note", t("bowls.puzzle.over.allDone")));
    lines.push(figures(t, [["bowls.over.bestCombo", bestCombo(t, view)]]));
    const buttons = [];
    const next = p.next;
    if (next) buttons.push({ label: t("bowls.puzzle.over.next"), primary: true, cls: "bwp-next", action: () => on.play(next) });
    buttons.push({ label: t("bowls.puzzle.over.again"), cls: "bwp-again", action: () => on.play(p.id) }, list);
    return {
      title: t("bowls.puzzle.over.solved"),
      lines,
      buttons,
      cls: "bw-overlay bw-over bwp-over bwp-over-solved kit-end",
      peek: { show: t("shell.seeBoard"), back: t("shell.backToCard") },
    };
  }
  /** @type {HTMLElement[]} */
  const lines = [
    line("bw-final", t("bowls.puzzle.over.failed", { goal: goalWords(t, p.goal) })),
    line("bw-note", progressWords(t, p.progress)),
    line("bw-note", t("bowls.puzzle.over.help")),
    figures(t, [["bowls.over.bestCombo", bestCombo(t, view)]]),
  ];
  const buttons = [];
  if (view.can_undo) buttons.push({ label: t("bowls.puzzle.over.undo"), primary: true, cls: "bwp-over-undo", action: on.undo });
  buttons.push(
    { label: t("bowls.puzzle.over.restart"), primary: !view.can_undo, cls: "bwp-over-restart", action: () => on.play(p.id) },
    list,
  );
  return {
    title: t(`bowls.puzzle.over.${view.status}`),
    lines,
    buttons,
    cls: `bw-overlay bw-over bwp-over bwp-over-failed bwp-over-${view.status} kit-end`,
    peek: { show: t("shell.seeBoard"), back: t("shell.backToCard") },
  };
}

// ----- the mode card ------------------------------------------------------------------------

/**
 * The mode card's content (screens.js draws it).
 * @param {Bowls.Grid} grid @param {Bowls.View | null} unfinished
 * @param {Translate} t @param {{resume: () => void, play: (id: number) => void, list: () => void}} on
 * @returns {import("./screens.js").ModeCard}
 */
export function puzzleCard(grid, unfinished, t, on) {
  const going = unfinished?.puzzle ?? null;
  const buttons = [];
  if (going)
    buttons.push({ label: t("bowls.puzzle.card.continue", { id: going.id }), cls: "bw-continue", primary: true, action: on.resume });
  else if (grid.next) {
    const next = grid.next;
    buttons.push({ label: t("bowls.puzzle.card.next", { id: next }), cls: "bwp-play-next", primary: true, action: () => on.play(next) });
  }
  buttons.push({ label: t("bowls.puzzle.card.list"), cls: "bwp-open-list", primary: !going && !grid.next, action: on.list });
  return {
    id: "puzzle",
    title: t("bowls.puzzle.card.title"),
    sub: t("bowls.puzzle.card.pitch"),
    best: t("bowls.puzzle.card.progress", { solved: grid.solved, total: grid.puzzles.length }),
    buttons,
  };
}
