// The piece under the finger or mouse while dragging from the tray (M12):
// its anchor stone sits on the pointer, lifted above a finger on touch screens.
import { svg } from "../../svg.js";
import { drawPiece } from "./tray.js";
import { SIZE } from "./stones.js";

const HALF = 20; // half the ghost's viewBox, in board units
const TOUCH_LIFT = 1.7; // hex radii above the finger

// directions() reads the engine's geometry when a drag starts.
export function createGhost(directions) {
  const art = svg("svg", { class: "hm-drag-ghost", viewBox: `${-HALF} ${-HALF} ${2 * HALF} ${2 * HALF}`, "aria-hidden": "true" }, document.body);
  art.style.display = "none";
  let scale = 1;
  let lift = 0;
  return {
    show(piece, turn, cellPixels, style) {
      drawPiece(art, piece, turn, directions(), { centre: false });
      scale = cellPixels / SIZE;
      art.dataset.style = style;
      Object.assign(art.style, { display: "block", width: `${2 * HALF * scale}px`, height: `${2 * HALF * scale}px` });
      lift = cellPixels * TOUCH_LIFT;
    },
    // Places the ghost and returns where its anchor stone is on screen.
    move(x, y, touch) {
      const ay = touch ? y - lift : y;
      art.style.left = `${x - HALF * scale}px`;
      art.style.top = `${ay - HALF * scale}px`;
      return { x, y: ay };
    },
    hide() { art.style.display = "none"; art.replaceChildren(); },
    remove() { art.remove(); },
  };
}
