// The piece under the finger or mouse while dragging from the tray (M12). The
// kit's tray drag (web/kit/hexboard.js) places it, its anchor stone on the
// pointer, lifted above a finger on touch screens, and hides it when the drag
// ends; this only draws it.
import { svg } from "../../svg.js";
import { drawPiece } from "./tray.js";

const HALF = 20; // half the dragged piece's viewBox, in board units around the anchor

export function createDragged() {
  const art = /** @type {SVGSVGElement} */ (
    svg(
      "svg",
      {
        class: "hm-dragged",
        viewBox: `${-HALF} ${-HALF} ${2 * HALF} ${2 * HALF}`,
        "aria-hidden": "true",
        style: "display: none",
      },
      document.body,
    )
  );
  return {
    /**
     * The piece drawn in its turn, for the drag to move.
     * @param {Merge.View} view @param {number[][]} directions @returns {SVGSVGElement}
     */
    show(view, directions) {
      drawPiece(art, view.current, view.turn, directions, { centre: false });
      art.dataset.style = view.style;
      return art;
    },
    remove() {
      art.remove();
    },
  };
}
