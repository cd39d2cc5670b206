// The cell cursor over the well (P11): key C turns it on at the falling tile (else the bottom-left cell) and
// off again (Escape too); while it is on, the arrows move it one cell and it says the cell ("Row 1, column
// 3: 6"), and the tile's moves wait (at assist pace the tile waits too: nothing falls while the player reads).
import { cellSaid } from "./speech.js";

/**
 * @param {object} deps
 * @param {import("./cards.js").Format} deps.fmt
 * @param {(text: string) => void} deps.say
 * @param {() => Domino.View | null} deps.view
 * @param {() => Domino.FallingView | null} deps.falling
 */
export function createCursor({ fmt, say, view, falling }) {
  let on = false;
  let col = 0;
  let row = 0;

  function sayCell() {
    const shown = view();
    if (shown) say(cellSaid(fmt, shown, falling(), col, row));
  }

  /** @param {Domino.View} shown */
  function start(shown) {
    const tile = falling();
    col = tile ? tile.col : 0;
    row = tile ? tile.row : shown.height - 1;
    on = true;
    say(fmt.t("domino.say.cursorOn"));
    sayCell();
  }

  /** @type {Record<string, [number, number]>} */
  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  return {
    get on() {
      return on;
    },
    off() {
      if (!on) return;
      on = false;
      say(fmt.t("domino.say.cursorOff"));
    },
    /**
     * A key for the cursor: C toggles it; while on, arrows move it, Escape leaves, the moves wait.
     * @param {KeyboardEvent} e @returns {boolean} the key was the cursor's
     */
    key(e) {
      const shown = view();
      if (!shown || e.ctrlKey || e.metaKey || e.altKey) return false;
      if (e.code === "KeyC" || e.key === "c" || e.key === "C") {
        if (!e.repeat) on ? this.off() : start(shown);
        return true;
      }
      if (!on) return false;
      if (e.key === "Escape") {
        this.off();
        return true;
      }
      const step = STEPS[e.key];
      if (step) {
        col = Math.min(shown.width - 1, Math.max(0, col + step[0]));
        row = Math.min(shown.height - 1, Math.max(0, row + step[1]));
        sayCell();
      }
      return e.key !== "p" && e.key !== "P"; // P still pauses; the other keys wait for the cursor to go
    },
  };
}
