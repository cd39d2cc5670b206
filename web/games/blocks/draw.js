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
 * Draw a piece's gems into an <svg>, its viewBox fitted to them with a margin,
 * centred on its centre cell.
 * @param {SVGSVGElement} art @param {number[][]} cells @param {number | null} family @param {number} size
 * @returns {Box}
 */
export function drawPiece(art, cells, family, size) {
  const centres = cells.map(([q, r]) => hexToPixel(q, r, size));
  const xs = centres.map((p) => p.x);
  const ys = centres.map((p) => p.y);
  const w = (Math.sqrt(3) * size) / 2;
  const minX = Math.min(...xs) - w;
  const minY = Math.min(...ys) - size;
  const box = { minX, minY, width: Math.max(...xs) + w - minX, height: Math.max(...ys) + size - minY };
  art.replaceChildren();
  art.setAttribute("viewBox", `${box.minX} ${box.minY} ${box.width} ${box.height}`);
  const group = svg("g", { class: `bk-piece fam-${family}` }, art);
  for (const { x, y } of centres) svg("polygon", { points: hexCorners(x, y, size * 0.94), class: "bk-gem" }, group);
  return box;
}
