// The board of blocks on the kit's hex board: the cells (filled, in their
// shape's colour), the B20 preview, the keyboard target and short effects.
// `render(state, view)` draws what the state and the engine's view say.
import { svg } from "../../svg.js";
import { cellName, createHexBoard } from "../../kit/hexboard.js";

export const SIZE = 10; // board units per hex radius

/**
 * What the B20 preview shows: the cells the drop fills and the rows it
 * completes (legal), or the outline of where the piece would be (misfit).
 * @typedef {object} Shown
 * @property {boolean} legal
 * @property {string[]} cells "q:r"
 * @property {number[]} rows indices into the geometry's rows
 * @property {string} family the piece's colour family
 * @property {number} [points] the drop's points (legal: the preview's points event), said with its rows
 */

/**
 * @typedef {object} BlocksBoard
 * @property {import("../../kit/hexboard.js").HexBoard} hex
 * @property {(geometry: Blocks.Geometry) => void} reshape the engine's geometry (or the stored copy)
 * @property {(board: string, paint: (number | null)[]) => void} setCells
 * @property {(shown: Shown | null) => void} showPreview
 * @property {(cell: string | null) => void} showTarget
 * @property {(cells: string[], cls: string, ms: number) => void} fxCells
 * @property {(cells: string[], text: string, cls: string, ms: number) => void} fxText
 * @property {(cells: string[]) => {x: number, y: number}} clientPoint the cells' centre in client (screen) pixels
 */

/**
 * The frame at once; the cells come with reshape(geometry).
 * @param {HTMLElement} parent
 * @param {{label: (cells: number) => string, later: (fn: () => void, ms: number) => void}} options
 * @returns {BlocksBoard}
 */
export function createBoard(parent, { label, later }) {
  const hex = createHexBoard(parent, {
    prefix: "bk",
    label: "",
    size: SIZE,
    margin: 4,
    inset: 0.95,
    layers: ["preview", "rows", "target", "fx"],
  });
  /** @type {string[][]} */
  let rows = [];
  let drawnCells = "";
  /** @type {Shown | null} */
  let drawnPreview = null;
  /** @type {string | null} */
  let drawnTarget = null;

  /** @param {Blocks.Geometry} geometry */
  function reshape(geometry) {
    hex.reshape(geometry);
    hex.root.setAttribute("aria-label", label(geometry.cells.length));
    rows = geometry.rows.map((row) => row.map((i) => cellName(geometry.cells[i])));
    drawnCells = "";
    drawnPreview = null;
    drawnTarget = null;
    delete hex.root.dataset.preview;
  }

  /** The view's board text: its filled cells ("x"), each in its shape's colour (paint, "n": none known). */
  function setCells(/** @type {string} */ board, /** @type {(number | null)[]} */ paint) {
    const fams = [...board].map((c, i) => (c === "x" ? String(paint[i] ?? "n") : ""));
    const key = fams.join(",");
    if (key === drawnCells) return;
    drawnCells = key;
    fams.forEach((fam, i) => hex.node(i)?.setAttribute("class", fam ? `bk-cell filled fam-${fam}` : "bk-cell"));
  }

  /** B20: the piece's colour and gold rows when it fits, else a dashed coral outline. */
  function showPreview(/** @type {Shown | null} */ shown) {
    if (shown === drawnPreview) return;
    drawnPreview = shown;
    hex.layers.preview.replaceChildren();
    hex.layers.rows.replaceChildren();
    if (!shown || !shown.cells.length) {
      delete hex.root.dataset.preview;
      return;
    }
    if (shown.legal) {
      for (const cell of shown.cells) hex.hex(cell, `bk-prev fam-${shown.family}`, "preview");
      for (const row of shown.rows) hex.outline(rows[row], "bk-row-gold", "rows").dataset.row = String(row);
    } else {
      hex.outline(shown.cells, "bk-misfit", "preview");
    }
    hex.root.dataset.preview = shown.legal ? "fit" : "misfit";
  }

  function showTarget(/** @type {string | null} */ cell) {
    if (cell === drawnTarget) return;
    drawnTarget = cell;
    hex.layers.target.replaceChildren();
    if (cell) hex.hex(cell, "bk-target", "target", 1.02);
  }

  function fxCells(/** @type {string[]} */ cells, /** @type {string} */ cls, /** @type {number} */ ms) {
    const group = svg("g", { class: cls }, hex.layers.fx);
    for (const cell of cells) {
      const { x, y } = hex.point(cell);
      hex.hex(cell, "", /** @type {SVGElement} */ (group)).style.transformOrigin = `${x}px ${y}px`;
    }
    later(() => group.remove(), ms);
  }

  /** The centre of `cells` in board units. @param {string[]} cells */
  function centre(cells) {
    const pts = cells.map((c) => hex.point(c));
    return {
      x: pts.reduce((s, p) => s + p.x, 0) / Math.max(pts.length, 1),
      y: pts.reduce((s, p) => s + p.y, 0) / Math.max(pts.length, 1),
    };
  }

  function clientPoint(/** @type {string[]} */ cells) {
    const { x, y } = centre(cells);
    const m = hex.root.getScreenCTM();
    return m ? { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f } : { x, y };
  }

  function fxText(/** @type {string[]} */ cells, /** @type {string} */ text, /** @type {string} */ cls, /** @type {number} */ ms) {
    const { x, y } = centre(cells);
    const node = svg("text", { x, y, class: cls, "text-anchor": "middle" }, hex.layers.fx);
    node.textContent = text;
    later(() => node.remove(), ms);
  }

  return { hex, reshape, setCells, showPreview, showTarget, fxCells, fxText, clientPoint };
}
