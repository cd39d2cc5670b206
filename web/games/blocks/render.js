// The blocks page's widgets, built once (`layout`), and `render(parts, state)`:
// everything drawn from the state and the engine's view. Every widget skips
// what is already drawn, so it is called after any change.
import { html, svg } from "../../svg.js";
import { dailyButton } from "../../kit/clubpage.js";
import { createBoard } from "./board.js";
import { createCard, createHud } from "./hud.js";
import { createTray } from "./tray.js";

/**
 * What the layout reads of the blocks page's context, and hands the Daily button.
 * @typedef {Pick<import("../../app.js").GameContext<Blocks.Calls>, "t" | "number" | "replay"> & import("../../kit/clubpage.js").DailyContext} RenderContext
 */

/**
 * @typedef {object} Parts the page's widgets
 * @property {HTMLElement} root
 * @property {import("./hud.js").Hud} hud
 * @property {{render: (profile: Blocks.Card) => void}} card
 * @property {import("./board.js").BlocksBoard} board
 * @property {import("./tray.js").Tray} tray
 * @property {SVGSVGElement} dragged the dragged piece (inside root, where the piece colours --f0… are defined)
 */

/**
 * The frame, in the Tab order board, tray, then the HUD's buttons.
 * @param {HTMLElement} root @param {RenderContext} ctx
 * @param {{page: import("../../kit/page.js").Page<Blocks.Calls>, juice: import("../../kit/juice.js").Juice,
 *   bindSlot: (button: HTMLButtonElement, slot: number) => void}} deps the page object, the juice, input's slot binding
 * @returns {Parts}
 */
export function layout(root, ctx, { page, juice, bindSlot }) {
  const { t } = ctx;
  const hud = createHud(root, ctx, { countUp: (el, to) => juice.countUp(el, to, ctx.number), replay: !!ctx.replay });
  const board = createBoard(html("div", { class: "bk-board-wrap" }, root), {
    // A replay takes no piece: its board is named as the replay's position, with the one key it answers (D).
    label: (count) => t(ctx.replay ? "blocks.boardLabelReplay" : "blocks.boardLabel", { count }),
    later: page.later,
  });
  const dragged = /** @type {SVGSVGElement} */ (svg("svg", { class: "bk-dragged", "aria-hidden": "true" }, root));
  dragged.style.display = "none";
  const tray = createTray(root, t, bindSlot);
  hud.addButtons(root);
  hud.newRun.after(
    dailyButton(null, ctx, "blocks", { label: t("blocks.daily"), title: t("blocks.dailyLabel"), cls: "bk-daily", report: page.report }),
  );
  const card = createCard(root, ctx);
  return { root, hud, card, board, tray, dragged };
}

/**
 * Draw the state and the view (nothing before there is a view).
 * @param {Parts} parts @param {import("./state.js").State} state
 */
export function render({ root, hud, card, board, tray, dragged }, state) {
  const { view, held } = state;
  if (!view) return;
  hud.render(view);
  card.render(view.profile);
  board.setCells(view.board, state.paint);
  board.showPreview(state.preview);
  // the key aim's target, else the cell cursor while the board has the focus (P11)
  const cursor = !held && document.activeElement === board.hex.root ? state.cursor : null;
  board.showTarget(held?.mode === "key" ? held.target : cursor);
  tray.render(held?.slot ?? null, view);
  // Over the board the preview is the piece: the dragged copy turns faint so it never hides it.
  dragged.classList.toggle("aiming", held?.mode === "drag" && held.target !== null);
  root.classList.toggle("dragging", held?.mode === "drag");
  root.dataset.over = view.over ? "1" : "0";
}
