// The page's own state: what the player is doing, never a rule.
// The engine's view and geometry are kept here as they came; everything else
// is input (aim, drag) and what is on its way (animation, play time sent).

/**
 * @typedef {object} MergeState
 * @property {Merge.Geometry | null} geometry the engine's cells, turns and arrow-key targets (M12)
 * @property {Merge.View | null} view the view on screen (acted on only once `live`)
 * @property {boolean} live the engine has loaded the run: input is taken
 * @property {string | null} marker the keyboard's target cell (M12)
 * @property {string | null} hover the cell under the mouse
 * @property {boolean} dragging a piece is being dragged from the tray
 * @property {string | null} dragCell the cell under the dragged piece's anchor
 * @property {Club.Preview<Merge.Event> | null} preview the engine's preview answer drawn (M13)
 * @property {number} anim the newest move's animation (0: none running)
 * @property {boolean} reduced reduced motion
 * @property {number} sentMs play time handed to the engine, its answer not come yet (M15)
 * @property {number} clockMs the play time shown (M15)
 */

/** @returns {MergeState} */
export function createState() {
  return {
    geometry: null,
    view: null,
    live: false,
    marker: null,
    hover: null,
    dragging: false,
    dragCell: null,
    preview: null,
    anim: 0,
    reduced: false,
    sentMs: 0,
    clockMs: 0,
  };
}

/** The cell the piece is aimed at: a drag, else the keyboard, else the mouse. @param {MergeState} state */
export function aimedCell(state) {
  return state.dragCell ?? state.marker ?? state.hover;
}
