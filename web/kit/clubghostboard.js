// A ghost you can see (P4, docs/daily-club.md): while the player races a
// challenge link's ghost, the friend's position at the same move, drawn small
// and faint by the game's own board renderer from the view the engine answers
// (`Club.GhostView.board`: the ghost's replay sought to that move, club.ghost).
// It comes inside the action's answer with the HUD's ghost line: no round trip
// of its own, drawn in the same task (the same frame as the player's move).
//
// Where it is drawn is the stylesheet's (base.css): on a wide screen a small
// board beside the page's own, shown at once; on a phone a peek, hidden until
// the ghost line (a toggle) is tapped. Fixed in the viewport, it never moves
// the page (no layout shift a move); not interactive (inert, hidden from
// assistive technology: the ghost line says the same in words).
import { html } from "../svg.js";

/** @typedef {{t: (key: string, vars?: object) => string, number: (value: number) => string}} Words */

/**
 * What a game gives the kit to draw a friend's board: its board renderer built small inside `parent`
 * (not interactive), and a function drawing a view of its game there (called with each new position).
 * @template [V=unknown] the game's view
 * @typedef {(parent: HTMLElement) => (view: V) => void} GhostDrawer
 */

/**
 * @typedef {object} GhostBoard
 * @property {HTMLElement} node the figure
 * @property {(view: Club.GhostView | null) => void} show the ghost beside the run in play (null: none); its `board`,
 *   when it has one, drawn (an answer without one, a domino frame's, keeps the board drawn)
 * @property {() => void} toggle the peek: shown if it is hidden on this screen, hidden if shown
 * @property {() => boolean} open it is on screen
 */

/**
 * The caption under the friend's board.
 * @param {Club.GhostView} view @param {Words} words @returns {string}
 */
export function ghostCaption(view, { t, number }) {
  return t("shell.club.ghostBoard", { move: number(Math.min(view.move, view.moves)) });
}

/**
 * The peek's state after a tap: shown ("1") when it was hidden on this screen, else hidden ("0").
 * @param {boolean} shown it is on screen now @returns {"0" | "1"}
 */
export function peeked(shown) {
  return shown ? "0" : "1";
}

/**
 * The friend's board, hidden until a ghost with a board is shown.
 * @param {HTMLElement} root the game's page @param {GhostDrawer} drawer @param {Words} words
 * @returns {GhostBoard}
 */
export function createGhostBoard(root, drawer, words) {
  const node = html("figure", { class: "club-ghost-board", "aria-hidden": "true" }, root);
  node.hidden = true;
  node.inert = true;
  const art = html("div", { class: "club-ghost-art" }, node);
  const caption = html("figcaption", {}, node);
  /** @type {((view: any) => void) | null} made with the first board: the page's geometry is in by then */
  let draw = null;
  const open = () => !node.hidden && getComputedStyle(node).display !== "none";
  return {
    node,
    show(view) {
      if (!view) {
        node.hidden = true;
        return;
      }
      if (view.board) {
        draw ??= drawer(art);
        draw(view.board);
        node.dataset.move = String(view.move);
      }
      if (!node.dataset.move) return; // no board drawn yet
      node.hidden = false;
      caption.textContent = ghostCaption(view, words);
    },
    toggle() {
      node.dataset.open = peeked(open());
    },
    open,
  };
}
