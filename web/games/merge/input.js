// Input (M12) turned into state changes and engine calls: tap or click a
// cell, hover preview, drag from the tray (the kit's tray drag), the keyboard
// marker with arrows / Enter / Escape, R and Shift+R to turn the pair, D to
// hear the board described (issue 15).
import { createTrayDrag } from "../../kit/hexboard.js";

const CENTRE = "0:0"; // where the keyboard's marker starts: the board's middle (axial origin)

/**
 * @typedef {object} InputParts
 * @property {import("./state.js").MergeState} state
 * @property {import("./board.js").MergeBoard} board
 * @property {ReturnType<typeof import("./tray.js").createTray>} tray
 * @property {ReturnType<typeof import("./ghost.js").createGhost>} ghost
 * @property {ReturnType<typeof import("./play.js").createPlay>} play
 * @property {<A extends any[]>(fn: (...args: A) => unknown, ...args: A) => void} act an action, once live, in order
 * @property {(error: unknown) => void} report
 * @property {() => void} draw
 * @property {() => void} describe the board read out (key D)
 */

/** @param {InputParts} parts @returns {() => void} the listeners' removal (the document's) */
export function bindInput({ state, board, tray, ghost, play, act, report, draw, describe }) {
  const aim = (/** @type {string | null} */ cell) => { play.setMarker(cell).catch(report); };

  // ----- pointer: hover preview, tap a cell -----
  board.root.addEventListener("pointermove", (e) => {
    if (!state.live || e.pointerType !== "mouse" || drag.active()) return;
    const cell = board.hex.cellAt(e.clientX, e.clientY);
    if (cell === state.hover) return;
    state.hover = cell;
    play.refreshAim();
  });
  board.root.addEventListener("pointerleave", () => {
    if (!state.live) return;
    state.hover = null;
    if (!drag.active()) play.refreshAim();
  });
  board.root.addEventListener("click", (e) => {
    const cell = board.hex.cellAt(e.clientX, e.clientY);
    if (cell) act(play.place, cell);
  });

  // ----- the tray: drag the piece onto the board; a tap turns a pair -----
  function endDrag() {
    state.dragging = false;
    state.dragCell = null;
    draw();
  }
  const drag = createTrayDrag(board.hex, {
    canPress: () => state.live && Boolean(state.view) && !state.view?.over,
    onStart: () => {
      if (!state.view || !state.geometry) return null;
      state.dragging = true;
      draw();
      return ghost.show(state.view, state.geometry.directions);
    },
    onHover: (cell) => { state.dragCell = cell; play.refreshAim(); },
    onDrop: (cell) => { endDrag(); act(play.place, cell); play.refreshAim(); },
    onCancel: () => { endDrag(); play.refreshAim(); },
    onTap: () => act(play.rotate, 1),
  });
  drag.bind(tray.current, "current");
  tray.current.addEventListener("keydown", (e) => { // Enter or Space on the tray piece: aim on the board
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    if (!state.live || state.view?.over) return;
    board.root.focus();
    aim(state.marker ?? CENTRE);
  });

  // ----- keyboard on the board: the marker (M12) -----
  board.root.addEventListener("keydown", (e) => {
    if (!state.live || !state.geometry) return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      aim(state.marker ? state.geometry.keys[state.marker][e.key] : CENTRE);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (state.marker) act(play.place, state.marker); else aim(CENTRE);
    } else if (e.key === "Escape" && state.marker) {
      e.preventDefault();
      aim(null);
    }
  });
  board.root.addEventListener("focus", () => {
    if (state.live && !state.marker && board.root.matches(":focus-visible")) aim(CENTRE);
  });
  board.root.addEventListener("blur", () => {
    if (!state.marker) return;
    state.marker = null;
    play.refreshAim();
  });

  // ----- R / Shift+R and D anywhere on the page (not in a field or a dialog) -----
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (!state.live || (e.code !== "KeyR" && e.code !== "KeyD") || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = /** @type {Element | null} */ (e.target);
    if (target?.closest?.("input, textarea, select, dialog") || board.root.ownerDocument.querySelector("dialog[open]")) return;
    e.preventDefault();
    if (e.code === "KeyD") describe();
    else act(play.rotate, e.shiftKey ? -1 : 1);
  };
  document.addEventListener("keydown", onKey);
  return () => {
    drag.cancel();
    document.removeEventListener("keydown", onKey);
  };
}
