// render(state, view): the page drawn from the engine's view and the page's
// state, nothing else. It asks the engine nothing and changes no state; every
// part it calls only redraws what changed, so it is called after anything.

/**
 * @typedef {object} Parts the page's widgets
 * @property {HTMLElement} root
 * @property {ReturnType<typeof import("./hud.js").createHud>} hud
 * @property {ReturnType<typeof import("./tray.js").createTray>} tray
 * @property {import("./board.js").MergeBoard} board
 */

/**
 * @param {Parts} parts
 * @returns {(state: import("./state.js").MergeState, view: Merge.View | null) => void}
 */
export function createRender({ root, hud, tray, board }) {
  return function render(state, view) {
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
  };
}
