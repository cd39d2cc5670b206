// Piece art for blocks: a piece drawn around its centre cell (the engine's
// [dq, dr] offsets), in the tray and under the pointer while dragging.
import { svg } from "../../svg.js";
import { hexCorners, hexToPixel } from "../../hexlayout.js";

/**
 * @typedef {object} Box a viewBox in board units
 * @property {number} minX
 * @property {number} minY
 * @property {number} width
 * @property {number} height
 */

/**
 * A piece's gems drawn into `parent`, centred on its centre cell.
 * @param {Element} parent @param {number[][]} cells @param {number | null} family @param {number} size
 * @returns {SVGGElement}
 */
export function pieceArt(parent, cells, family, size) {
  const group = /** @type {SVGGElement} */ (svg("g", { class: `bk-piece fam-${family}` }, parent));
  for (const [q, r] of cells) {
    const { x, y } = hexToPixel(q, r, size);
    svg("polygon", { points: hexCorners(x, y, size * 0.94), class: "bk-gem" }, group);
  }
  return group;
}

/**
 * The viewBox that holds a piece's cells with a margin, centred on its centre cell.
 * @param {number[][]} cells @param {number} size @returns {Box}
 */
export function pieceBox(cells, size) {
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const [q, r] of cells) {
    const { x, y } = hexToPixel(q, r, size);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const w = Math.sqrt(3) * size / 2;
  return { minX: minX - w, minY: minY - size, width: maxX - minX + 2 * w, height: maxY - minY + 2 * size };
}

/**
 * Draw a piece into an <svg>, its viewBox fitted to it.
 * @param {SVGSVGElement} art @param {number[][]} cells @param {number | null} family @param {number} size
 * @returns {Box}
 */
export function drawPiece(art, cells, family, size) {
  const box = pieceBox(cells, size);
  art.replaceChildren();
  art.setAttribute("viewBox", `${box.minX} ${box.minY} ${box.width} ${box.height}`);
  pieceArt(art, cells, family, size);
  return box;
}
