// Input of blocks (B19): drag from the tray (the kit's tray drag), tap a
// piece then a cell, and the keyboard. Handlers only turn events into the
// page's operations (pick, aim, commit, release); what they do to the run is
// the engine's answer.
import { arrowTarget } from "../../kit/arrows.js";
import { createTrayDrag } from "../../kit/hexboard.js";
import { drawPiece } from "./draw.js";
import { SIZE } from "./board.js";

/** @typedef {"drag" | "tap" | "key"} Mode */

/**
 * @typedef {object} Held the piece in hand
 * @property {number} slot
 * @property {Mode} mode
 * @property {boolean} touch
 * @property {string | null} target the on-board cell aimed at ("q:r"), or null
 */

/**
 * @typedef {object} Controls what the page lets input do
 * @property {() => Held | null} held
 * @property {() => Blocks.View | null} view
 * @property {() => Blocks.Geometry | null} geometry
 * @property {() => boolean} ready live, and no action on its way
 * @property {(slot: number) => boolean} usable the view has a piece in this slot that fits, in a run not over
 * @property {(slot: number, mode: Mode, touch?: boolean) => boolean} pick
 * @property {() => void} release
 * @property {(cell: string | null) => Promise<string | null>} aim resolves to "fit", "misfit", "off" or null (dropped)
 * @property {() => Promise<boolean>} commit
 * @property {() => void} focusTray
 * @property {(slot: number) => void} focusSlot
 * @property {(text: string, urgency?: import("../../a11y.js").Urgency) => void} announce
 * @property {(cell: string, shown: string) => string} aimWords what a keyboard aim says: the cell in words, fits or not, the rows it would clear
 * @property {() => string | null} cursor the cell cursor (no piece in hand, P11)
 * @property {(cell: string | null) => void} setCursor move (or hide) the cell cursor
 * @property {(cell: string) => string} cursorWords what the cursor says: "row 3, cell 4, filled"
 * @property {() => void} refuse a refused action the player made (the feel kit's cue)
 * @property {(key: string, vars?: Record<string, unknown>) => string} t
 * @property {() => boolean} gone
 */

/**
 * @param {{board: import("./board.js").BlocksBoard, dragged: SVGSVGElement}} parts
 * @param {Controls} c
 * @returns {{bindSlot: (button: HTMLButtonElement, slot: number) => void, destroy: () => void}}
 */
export function createInput({ board, dragged }, c) {
  const hex = board.hex;
  const drag = createTrayDrag(hex, {
    canPress: (slot) => c.ready() && c.usable(slot),
    onStart(slot, touch) {
      c.release();
      const piece = c.view()?.tray[slot];
      if (!piece || !c.pick(slot, "drag", touch)) return null;
      drawPiece(dragged, piece.cells, piece.family, SIZE);
      return dragged;
    },
    onHover: (cell) => {
      c.aim(cell);
    },
    onDrop: () => {
      c.commit().then((done) => {
        if (!done && !c.gone()) c.release();
      });
    },
    onCancel: () => c.release(),
    onTap(slot, e) {
      const again = c.held()?.slot === slot;
      c.release(); // tap the held piece again: put it back
      if (!again) c.pick(slot, "tap", e.pointerType !== "mouse");
    },
  });

  /** @param {HTMLButtonElement} button @param {number} slot */
  function bindSlot(button, slot) {
    drag.bind(button, slot);
    button.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      if (!c.ready()) return;
      if (!c.pick(slot, "key")) {
        c.refuse();
        c.announce(c.t("blocks.say.cannotPick"));
        return;
      }
      hex.root.focus();
      c.aim(c.cursor() ?? "0:0"); // from the cell the player put the cursor on, else the centre (B19)
      c.announce(c.t("blocks.say.picked", { shape: c.t(`blocks.shape.${c.view()?.tray[slot].shape}`) }));
    });
  }

  // Tap-then-tap (B19, B20). The mouse aims by hovering, so its click drops.
  // A finger cannot hover: its first tap aims (the preview shows under it and
  // follows it while it slides), a second tap on that same cell drops.
  /** @type {{id: number, mouse: boolean, cell: string | null, armed: boolean} | null} */
  let tap = null;
  const tapping = () => c.held()?.mode === "tap" && !drag.active();
  const on = (/** @type {string} */ type, /** @type {(e: any) => void} */ fn) => hex.root.addEventListener(type, fn);
  on("pointerdown", (/** @type {PointerEvent} */ e) => {
    if (!tapping() || e.button > 0) return;
    const cell = hex.cellAt(e.clientX, e.clientY);
    const mouse = e.pointerType === "mouse";
    tap = { id: e.pointerId, mouse, cell, armed: !mouse && cell !== null && cell === c.held()?.target };
    if (!mouse) c.aim(cell);
  });
  on("pointermove", (/** @type {PointerEvent} */ e) => {
    if (tapping() && (e.pointerType === "mouse" || tap?.id === e.pointerId)) c.aim(hex.cellAt(e.clientX, e.clientY));
  });
  on("pointerup", (/** @type {PointerEvent} */ e) => {
    if (!tap || e.pointerId !== tap.id) return;
    const { mouse, cell, armed } = tap;
    tap = null;
    if (c.held()?.mode !== "tap") return;
    const at = hex.cellAt(e.clientX, e.clientY);
    c.aim(at);
    if (mouse || (armed && at === cell)) c.commit();
  });
  on("pointercancel", () => {
    tap = null;
  });

  // The keyboard (B19): where each arrow's direction goes from each cell comes from the engine (geometry.keys).
  on("keydown", (/** @type {KeyboardEvent} */ e) => {
    const held = c.held();
    if (!held && e.key.startsWith("Arrow") && c.view()) {
      // No piece in hand: the arrows move a cell cursor that says the cell and whether it is filled (P11).
      e.preventDefault();
      const keys = c.geometry()?.keys;
      const from = c.cursor();
      const next = from ? ((keys && arrowTarget(keys, from, e.key)) ?? from) : "0:0";
      c.setCursor(next);
      c.announce(c.cursorWords(next));
      return;
    }
    if (held?.mode !== "key" || !(e.key.startsWith("Arrow") || ["Enter", " ", "Escape"].includes(e.key))) return;
    e.preventDefault();
    if (e.key.startsWith("Arrow")) {
      const keys = c.geometry()?.keys;
      const next = (keys && arrowTarget(keys, held.target ?? "0:0", e.key)) ?? "0:0";
      c.aim(next).then((shown) => {
        // Said once the preview is shown, and only if the target is still there.
        if (!shown || c.gone() || c.held()?.mode !== "key" || c.held()?.target !== next) return;
        c.announce(c.aimWords(next, shown));
      });
    } else if (e.key === "Escape") {
      c.release();
      c.focusSlot(held.slot);
    } else {
      c.commit().then((done) => {
        if (done && !c.gone()) c.focusTray();
      }); // Enter, Space
    }
  });
  on("focusout", () => {
    if (c.held()?.mode === "key") c.release();
    c.setCursor(c.cursor()); // kept for the next aim, drawn only while the board has the focus
  }); // blur does not bubble
  const onDocKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Escape" && c.held() && c.held()?.mode !== "key") c.release();
  };
  document.addEventListener("keydown", onDocKey);

  return {
    bindSlot,
    destroy() {
      drag.cancel();
      document.removeEventListener("keydown", onDocKey);
    },
  };
}
