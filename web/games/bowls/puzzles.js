// Puzzle mode on the bowls page (W18, W21, W25): the mode card, the
// grid of 100 with solved marks and fewest moves, the goal panel beside the
// ring (goal in words, progress, moves left, hint, restart) and the success
// and failure cards. The engine answers everything (Session.puzzles,
// puzzle_new, hint; a solved puzzle is recorded by the move that solves it);
// this module draws and forwards. The hint is a query searched in the engine
// worker (issue 13): the page stays playable meanwhile, and a move cancels it.
import { html } from "../../svg.js";
import { dialog } from "./screens.js";
import { text } from "./themes.js";

const MODE = "puzzle";

// ----- words -----------------------------------------------------------------------
export function goalWords(tr, goal) {
  return tr(`goal.${goal.kind}`, { count: goal.count, colour: goal.colour ? tr(`colour.${goal.colour}`) : "" });
}

// The puzzle's title in the page's language (strings "title.<id>"); tr answers the
// key itself when no table has it, and then the engine's English title stands.
function titleOf(tr, row) {
  const key = `title.${row.id}`;
  const words = tr(key);
  return words === key ? row.title : words;
}

// The number the words count (plural form): stones left, stones on the board, else the goal's.
const COUNTED = { clear: "left", empty: "left", leave: "done" };

function progressWords(tr, p) {
  return tr(`progress.${p.kind}`, {
    done: p.done, left: p.left, goal: p.count, count: p[COUNTED[p.kind] ?? "count"],
    colour: p.colour ? tr(`colour.${p.colour}`) : "",
  });
}

// ----- the grid screen -------------------------------------------------------------------
function createGrid(root, api) {
  const tr = text(api);
  const screen = html("section", { class: "bwp-grid-screen", "aria-labelledby": "bwp-grid-title" }, root);

  async function draw() {
    const { engine } = api.ctx;
    const grid = await engine.call("puzzles", {});
    if (!root.isConnected) return;
    root.querySelector(".bw-modes-screen")?.setAttribute("hidden", "");
    root.querySelector(".bw-game")?.setAttribute("hidden", "");
    root.dataset.screen = "puzzles";
    screen.replaceChildren();
    const head = html("div", { class: "bwp-grid-head" }, screen);
    const back = html("button", { class: "btn bwp-back", type: "button" }, head, `← ${tr("grid.back")}`);
    back.addEventListener("click", () => api.showModes());
    html("h1", { id: "bwp-grid-title" }, head, tr("grid.title"));
    html("p", { class: "bwp-grid-count" }, head, tr("card.progress", { solved: grid.solved, total: grid.puzzles.length }));
    html("p", { class: "bwp-grid-lead" }, screen, tr("grid.lead"));
    let band = null;
    let cells = null;
    for (const row of grid.puzzles) {
      if (row.limit !== band) {
        band = row.limit;
        html("h2", { class: "bwp-band" }, screen, tr("grid.band", { count: band }));
        cells = html("ol", { class: "bwp-cells", start: row.id }, screen);
      }
      const solved = row.fewest !== null;
      const next = row.id === grid.next;
      const li = html("li", {}, cells);
      const label = [tr("grid.cell", { id: row.id, title: titleOf(tr, row), goal: goalWords(tr, row.goal), limit: tr("moves", { count: row.limit }) })];
      if (solved) label.push(tr("grid.cellSolved", { n: tr("moves", { count: row.fewest }) }));
      if (next) label.push(tr("grid.cellNext"));
      // The name is the number a player sees, then the words (label-content-name-mismatch).
      const cell = html("button", {
        class: `bwp-cell${solved ? " solved" : ""}${next ? " next" : ""}`, type: "button", "data-puzzle": row.id,
        title: `${titleOf(tr, row)} — ${goalWords(tr, row.goal)}`,
      }, li);
      html("span", { class: "bwp-id", "aria-hidden": "true" }, cell, String(row.id));
      html("span", { class: "bwp-mark", "aria-hidden": "true" }, cell, solved ? `✓ ${row.fewest}` : next ? tr("grid.next") : "·");
      html("span", { class: "sr-only" }, cell, label.join(" "));
      cell.addEventListener("click", () => start(api, row.id));
    }
    const focus = screen.querySelector(".bwp-cell.next") ?? screen.querySelector(".bwp-cell");
    focus?.focus({ preventScroll: false });
    focus?.scrollIntoView?.({ block: "center" });
  }

  // After the page's operations asked before (a move, a new attempt).
  return { screen, show: () => { api.moved(); return api.serial(draw); } };
}

function start(api, id) {
  return api.adopt(() => api.ctx.engine.call("puzzle_new", { puzzle: id }), MODE);
}

// ----- the goal panel beside the ring ----------------------------------------------------
function createPanel(root, api, grid) {
  const tr = text(api);
  // The goal above the ring; the tools (hint, restart, list and the hint's answer)
  // below the controls on a phone, under the goal on a wide screen (P13).
  const panel = html("div", { class: "bwp-panel", hidden: true, "aria-live": "off" });
  const title = html("p", { class: "bwp-title" }, panel);
  const goal = html("p", { class: "bwp-goal" }, panel);
  const state = html("div", { class: "bwp-state" }, panel);
  const progress = html("p", { class: "bwp-progress", role: "status" }, state);
  const left = html("p", { class: "bwp-left" }, state);
  const tools = html("div", { class: "bwp-tools", hidden: true });
  const row = html("div", { class: "bwp-buttons" }, tools);
  const hint = html("button", { class: "btn bwp-hint", type: "button", title: "H" }, row, tr("panel.hint"));
  const restart = html("button", { class: "btn bwp-restart", type: "button" }, row, tr("panel.restart"));
  const list = html("button", { class: "btn bwp-list", type: "button" }, row, tr("panel.list"));
  const message = html("p", { class: "bwp-message", role: "status" }, tools);
  let current = null;
  let asked = 0; // the latest hint asked: an older answer (or its end) changes nothing

  const game = root.querySelector(".bw-game");
  const stats = game?.querySelector(".bw-stats");
  if (stats) stats.after(panel);
  else game?.append(panel);
  game?.append(tools);

  // The attempt on screen as the page drew it (the engine's view of its last answer).
  function render() {
    const view = api.view();
    const on = view?.mode === MODE && Boolean(view.puzzle);
    root.dataset.puzzle = on ? "1" : "0";
    const shown = !panel.hidden;
    panel.hidden = !on;
    tools.hidden = !on;
    if (!on) { current = null; if (shown) api.fit?.(); return; }
    const p = view.puzzle;
    const key = `${p.id}|${view.position}`;
    if (key !== current) { message.textContent = ""; clearHintMark(); thinking(false); }
    current = key;
    title.textContent = tr("panel.label", { id: p.id, title: titleOf(tr, p) });
    goal.textContent = `${tr("panel.goal")}: ${goalWords(tr, p.goal)}`;
    progress.textContent = progressWords(tr, p.progress);
    left.textContent = tr("panel.movesLeft", { count: p.moves_left });
    left.dataset.left = p.moves_left;
    panel.dataset.puzzle = p.id;
    hint.disabled = view.over;
    api.fit?.(); // the goal may take another line: the ring gives way (P13)
  }

  function clearHintMark() {
    root.querySelectorAll(".bw-bowl.bwp-hinted").forEach((g) => g.classList.remove("bwp-hinted"));
  }

  // A quiet "thinking" state on the button while the worker searches; the page stays playable.
  function thinking(on) {
    hint.classList.toggle("bwp-thinking", on);
    if (on) hint.setAttribute("aria-busy", "true");
    else hint.removeAttribute("aria-busy");
  }

  async function askHint() {
    if (panel.hidden || hint.disabled || hint.hasAttribute("aria-busy")) return;
    const shown = api.view();
    const mine = ++asked;
    message.textContent = tr("panel.thinking");
    thinking(true);
    let answer = null;
    try {
      answer = await api.ask("hint", {}); // null: the attempt changed meanwhile (a move cancelled it)
    } catch (error) {
      console.error(error);
    }
    if (mine !== asked) return; // a newer question is on
    thinking(false);
    if (!answer || api.view() !== shown || !root.isConnected) return; // for an older position: dropped
    clearHintMark();
    if (answer.bowl === null || answer.bowl === undefined) {
      // no-solution: proven dead end; any other reason (the solver's budget): it gave up.
      message.textContent = tr(answer.reason === "no-solution" ? "panel.hintNone" : "panel.hintGiveUp");
      api.ctx.announce(message.textContent);
      return;
    }
    const b = answer.bowl;
    const g = root.querySelector(`.bw-bowl[data-bowl="${b}"]`);
    if (g && !g.classList.contains("chosen")) g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    g?.classList.add("bwp-hinted");
    message.textContent = tr("panel.hintIs", { n: b + 1 });
    api.ctx.announce(message.textContent);
  }

  hint.addEventListener("click", askHint);
  restart.addEventListener("click", () => {
    const id = Number(panel.dataset.puzzle);
    if (id) start(api, id);
  });
  list.addEventListener("click", () => grid.show());

  // The page redraws the game through data attributes on the root: follow them.
  const watcher = new MutationObserver(() => render());
  watcher.observe(root, { attributes: true, attributeFilter: ["data-position", "data-screen", "data-status", "data-animating"] });

  return { panel, tools, render, askHint, stop: () => watcher.disconnect() };
}

// ----- success and failure cards ----------------------------------------------------------
// Per mounted page (keyed by its root, so nothing outlives the page): puzzle id ->
// the last "puzzle_solved" event (fewest, first, solved).
const recordsByRoot = new WeakMap();

function showOver(root, api, view) {
  const tr = text(api);
  const p = view.puzzle;
  if (view.status === "solved") {
    const record = recordsByRoot.get(root)?.get(p.id);
    const lines = [{ text: tr("over.solvedIn", { id: p.id, n: tr("moves", { count: view.moves }) }), cls: "bw-final" }];
    if (record?.fewest) lines.push({ text: tr("over.fewest", { n: tr("moves", { count: record.fewest }) }), cls: "bw-note" });
    if (record?.first) lines.push({ text: tr("over.first", { solved: record.solved, total: p.total }), cls: "bw-newbest" });
    if (p.last) lines.push({ text: tr("over.allDone"), cls: "bw-note" });
    const buttons = [];
    if (p.next) buttons.push({ label: tr("over.next"), primary: true, cls: "bwp-next", action: () => start(api, p.next) });
    buttons.push({ label: tr("over.again"), cls: "bwp-again", action: () => start(api, p.id) });
    buttons.push({ label: tr("over.list"), cls: "bwp-to-list", action: () => root.bwpGrid?.show() });
    return dialog(root, { title: tr("over.solved"), lines, buttons, cls: "bw-over bwp-over bwp-over-solved", returnFocus: api.focusBoard });
  }
  const lines = [
    { text: tr("over.failed", { goal: goalWords(tr, p.goal) }), cls: "bw-final" },
    { text: progressWords(tr, p.progress), cls: "bw-note" },
    { text: tr("over.help"), cls: "bw-note" },
  ];
  const buttons = [];
  if (view.can_undo) buttons.push({ label: tr("over.undo"), primary: true, cls: "bwp-over-undo", action: api.undo });
  buttons.push({ label: tr("over.restart"), primary: !view.can_undo, cls: "bwp-over-restart", action: () => start(api, p.id) });
  buttons.push({ label: tr("over.list"), cls: "bwp-to-list", action: () => root.bwpGrid?.show() });
  return dialog(root, {
    title: tr(`over.${view.status}`), lines, buttons, cls: `bw-over bwp-over bwp-over-failed bwp-over-${view.status}`, returnFocus: api.focusBoard,
  });
}

// ----- the mode card and setup -------------------------------------------------------------
async function renderCard(list, api) {
  const tr = text(api);
  const grid = await api.ctx.engine.call("puzzles", {});
  const unfinished = api.unfinished(MODE);
  const item = html("li", { class: "bw-mode bw-mode-puzzle", "data-mode": MODE }, list);
  html("h2", {}, item, tr("card.title"));
  html("p", { class: "bw-mode-sub" }, item, tr("card.pitch"));
  html("p", { class: "bw-mode-best" }, item, tr("card.progress", { solved: grid.solved, total: grid.puzzles.length }));
  const row = html("div", { class: "bw-mode-buttons" }, item);
  const button = (label, cls, primary, action) => {
    const b = html("button", { class: `btn${primary ? " primary" : ""} ${cls}`, type: "button" }, row, label);
    b.addEventListener("click", action);
  };
  if (unfinished?.puzzle) {
    button(tr("card.continue", { id: unfinished.puzzle.id }), "bw-continue", true, () => api.resume(MODE));
  } else if (grid.next) {
    button(tr("card.next", { id: grid.next }), "bwp-play-next", true, () => start(api, grid.next));
  }
  button(tr("card.list"), "bwp-open-list", !unfinished?.puzzle && !grid.next, () => item.closest(".bw")?.bwpGrid?.show());
}

function setup(root, api) {
  const grid = createGrid(root, api);
  root.bwpGrid = grid;
  const panel = createPanel(root, api, grid);
  const records = new Map();
  recordsByRoot.set(root, records);
  // W18/W25: the move that solves a puzzle records it (solved mark, fewest moves) and says so.
  api.onAction((answer) => {
    const solved = answer.events?.find((e) => e.type === "puzzle_solved");
    if (solved && answer.view?.puzzle) records.set(answer.view.puzzle.id, solved);
  });
  const onKey = (e) => { // H asks for a hint; the listener leaves with the page
    if (!root.isConnected) { document.removeEventListener("keydown", onKey); return; }
    if (root.inert || root.dataset.screen !== "game" || root.querySelector(".bw-overlay")) return;
    if (e.key.toLowerCase() === "h" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const tag = e.target?.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      panel.askHint();
    }
  };
  document.addEventListener("keydown", onKey);
  panel.render();
}

export function install(registerMode) {
  registerMode({ id: MODE, order: 30, renderCard, setup, showOver });
}
