// The tray of blocks: one button per slot of the view's tray, the piece
// drawn in it (faded when it fits nowhere, B8), the held one marked, and the
// re-deal offer over it (B14). It draws what the view and the state say.
import { html, svg } from "../../svg.js";
import { drawPiece } from "./draw.js";
import { SIZE } from "./board.js";
import { slotSaid } from "./words.js";

/**
 * @typedef {object} Tray
 * @property {HTMLElement} el
 * @property {(slot: number) => HTMLButtonElement | undefined} slot
 * @property {(held: number | null, view: Blocks.View) => void} render
 */

/**
 * @param {HTMLElement} parent
 * @param {(key: string, vars?: Record<string, unknown>) => string} t
 * @param {(button: HTMLButtonElement, slot: number) => void} onSlot a slot's button was made: listen to it
 * @returns {Tray}
 */
export function createTray(parent, t, onSlot) {
  const el = html("div", { class: "bk-tray", role: "group", "aria-label": t("blocks.tray") }, parent);
  /** @type {HTMLButtonElement[]} */
  const slots = [];
  // Over the faded tray (all pieces misfit then), so showing it moves nothing (B14).
  const offer = html("p", { class: "bk-offer", hidden: true, role: "status" }, el, t("blocks.offer"));

  /** @param {number} slot */
  function button(slot) {
    if (!slots[slot]) {
      const b = /** @type {HTMLButtonElement} */ (html("button", { class: "bk-slot", type: "button", "data-slot": slot }, null));
      el.insertBefore(b, offer);
      slots[slot] = b;
      onSlot(b, slot);
    }
    return slots[slot];
  }

  /** @param {HTMLButtonElement} b @param {Blocks.Slot} piece */
  function drawArt(b, piece) {
    b.replaceChildren();
    b.dataset.piece = piece.piece ?? "";
    if (!piece.piece) return;
    const art = /** @type {SVGSVGElement} */ (svg("svg", { class: "bk-slot-art", "aria-hidden": "true" }, b));
    const box = drawPiece(art, piece.cells, piece.family, SIZE);
    art.style.setProperty("--cells-w", (box.width / (2 * SIZE)).toFixed(3));
  }

  /** @param {number | null} held @param {Blocks.View} view */
  function render(held, view) {
    view.tray.forEach((piece, slot) => {
      const b = button(slot);
      if (b.dataset.piece !== (piece.piece ?? "") || (piece.piece && !b.firstChild)) drawArt(b, piece);
      b.dataset.fits = piece.fits ? "1" : "0";
      b.classList.toggle("empty", !piece.piece);
      b.classList.toggle("faded", Boolean(piece.piece) && !piece.fits);
      b.classList.toggle("held", held === slot);
      b.setAttribute("aria-pressed", held === slot ? "true" : "false");
      b.setAttribute("aria-disabled", String(!(piece.piece && piece.fits && !view.over)));
      b.setAttribute("aria-label", slotSaid(t, piece, slot));
    });
    offer.hidden = !view.redeal_offered;
  }

  return { el, slot: (i) => slots[i], render };
}
