// Hex Merge's widgets, built once (`layout`), and `render(parts, state)`: the
// page drawn from the engine's view and the page's state, nothing else. It
// asks the engine nothing and changes no state; every part it calls only
// redraws what changed, so it is called after anything.
import { html } from "../../svg.js";
import { createBoard } from "./board.js";
import { createHud } from "./hud.js";
import { createTray } from "./tray.js";
import { rowsText } from "./words.js";

/**
 * What the layout reads of the merge page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "t" | "number">} RenderContext
 */

/**
 * @typedef {object} Parts the page's widgets
 * @property {HTMLElement} root
 * @property {ReturnType<typeof import("./hud.js").createHud>} hud
 * @property {ReturnType<typeof import("./tray.js").createTray>} tray
 * @property {import("./board.js").MergeBoard} board
 * @property {HTMLElement} side the tray's column (the next piece's box is in it)
 * @property {HTMLElement} tools the toolbar (cards.js fills it)
 */

/**
 * The header and stats, the board, the tray, the toolbar and the help line.
 * @param {HTMLElement} root @param {RenderContext} ctx
 * @param {{state: import("./state.js").MergeState, juice: import("../../kit/juice.js").Juice, onRotate: (step: number) => void}} deps
 * @returns {Parts}
 */
export function layout(root, ctx, { state, juice, onRotate }) {
  const { t } = ctx;
  const hud = createHud(root, { t, number: ctx.number, juice });
  const frame = html("div", { class: "hm-layout" }, root);
  frame.append(hud.bar);
  const boardWrap = html("div", { class: "hm-board-wrap" }, frame);
  const board = createBoard(boardWrap, {
    label: t("merge.boardLabel"),
    describe: (values) => (state.geometry ? rowsText(state.geometry, values, t).join(" ") : ""),
  });
  board.root.setAttribute("aria-keyshortcuts", "D N R Shift+R");
  html("p", { class: "sr-only hm-keys-hint" }, boardWrap, t("merge.sr.hint"));
  const side = html("div", { class: "hm-side" }, frame);
  const tray = createTray(side, { t, onRotate });
  const tools = html("div", { class: "hm-tools" }, side);
  html("p", { class: "hm-help" }, side, t("merge.help"));
  return { root, hud, tray, board, side, tools };
}

/**
 * Draw the state and its view (nothing before there are both a view and a geometry).
 * @param {Parts} parts @param {import("./state.js").MergeState} state
 */
export function render({ root, hud, tray, board }, state) {
  const view = state.view;
  if (!view || !state.geometry) return;
  root.dataset.style = view.style;
  root.dataset.over = view.over ? "1" : "0";
  root.dataset.anim = state.anim ? "1" : "0";
  root.classList.toggle("hm-reduced", state.reduced);
  root.classList.toggle("hm-dragging", state.dragging);
  hud.render(view, view.timer ? state.clockMs : null);
  tray.render(view, state.geometry.directions);
  if (!state.anim) board.setBoard(view.board); // a move's animation draws its own steps
  board.showPreview(state.preview);
  board.showTarget(state.marker);
}
