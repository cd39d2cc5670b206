// The SVG board of blocks: 61 pointy-top cells, the B20 preview layer, the
// keyboard target marker and short effects (clears, points, Crown).
import { svg } from "../../svg.js";
import { boardViewBox, hexCorners, hexToPixel, onBoard, pixelToHex } from "../../hexlayout.js";
import { outlinePath } from "./draw.js";

export const SIZE = 10; // viewBox units per hex radius
const MARGIN = 4;

export function createBoard(parent, geometry, { label }) {
  const { radius, cells, rows } = geometry;
  const root = svg("svg", {
    class: "bk-board",
    viewBox: boardViewBox(radius, SIZE, MARGIN),
    role: "application",
    "aria-roledescription": "board",
    "aria-label": label,
    tabindex: "0", // first in the Tab order: board, tray, then the buttons
    focusable: "false",
  }, parent);
  const layers = {};
  for (const name of ["cells", "preview", "rows", "target", "fx"]) {
    layers[name] = svg("g", { class: `bk-layer-${name}` }, root);
  }
  const index = new Map(cells.map(([q, r], i) => [`${q}:${r}`, i]));
  const polys = cells.map(([q, r], i) => {
    const { x, y } = hexToPixel(q, r, SIZE);
    return svg("polygon", {
      points: hexCorners(x, y, SIZE * 0.95), class: "bk-cell", "data-cell": `${q}:${r}`, "data-index": i,
    }, layers.cells);
  });

  function setCells(boardText, paint) {
    polys.forEach((poly, i) => {
      const filled = boardText[i] === "x";
      const fam = filled ? (paint[i] ?? "n") : "";
      poly.setAttribute("class", filled ? `bk-cell filled fam-${fam}` : "bk-cell");
    });
  }

  function clearPreview() {
    layers.preview.replaceChildren();
    layers.rows.replaceChildren();
    root.removeAttribute("data-preview");
  }

  // B20: fill in the piece colour and gold rows when it fits, else a dashed coral outline.
  function showPreview(answer, family) {
    clearPreview();
    if (!answer || !answer.cells.length) return;
    if (answer.legal) {
      for (const [q, r] of answer.cells) {
        const { x, y } = hexToPixel(q, r, SIZE);
        svg("polygon", { points: hexCorners(x, y, SIZE * 0.95), class: `bk-prev fam-${family}` }, layers.preview);
      }
      for (const row of answer.rows) {
        svg("path", { d: outlinePath(rows[row].map((i) => cells[i]), SIZE), class: "bk-row-gold", "data-row": row }, layers.rows);
      }
    } else {
      svg("path", { d: outlinePath(answer.cells, SIZE), class: "bk-misfit" }, layers.preview);
    }
    root.dataset.preview = answer.legal ? "fit" : "misfit";
  }

  function showTarget(cell) {
    layers.target.replaceChildren();
    if (!cell) return;
    const { x, y } = hexToPixel(cell.q, cell.r, SIZE);
    svg("polygon", { points: hexCorners(x, y, SIZE * 1.02), class: "bk-target" }, layers.target);
  }

  // Screen point -> axial cell (may be off the board).
  function cellAt(clientX, clientY) {
    const ctm = root.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return pixelToHex(pt.x, pt.y, SIZE);
  }

  // Screen pixels per SIZE unit (the hex radius on screen).
  function cellPixels() {
    const ctm = root.getScreenCTM();
    return ctm ? SIZE * ctm.a : SIZE;
  }

  function cellCentre(q, r) {
    const ctm = root.getScreenCTM();
    const { x, y } = hexToPixel(q, r, SIZE);
    const pt = new DOMPoint(x, y).matrixTransform(ctm);
    return { x: pt.x, y: pt.y };
  }

  function fxCells(list, cls, ms) {
    const group = svg("g", { class: cls }, layers.fx);
    for (const text of list) {
      const [q, r] = text.split(":").map(Number);
      const { x, y } = hexToPixel(q, r, SIZE);
      svg("polygon", { points: hexCorners(x, y, SIZE * 0.95), style: `transform-origin:${x}px ${y}px` }, group);
    }
    setTimeout(() => group.remove(), ms);
  }

  function fxText(cellsText, text, cls, ms) {
    const pts = cellsText.map((c) => c.split(":").map(Number)).map(([q, r]) => hexToPixel(q, r, SIZE));
    const x = pts.reduce((s, p) => s + p.x, 0) / Math.max(pts.length, 1);
    const y = pts.reduce((s, p) => s + p.y, 0) / Math.max(pts.length, 1);
    const node = svg("text", { x, y, class: cls, "text-anchor": "middle" }, layers.fx);
    node.textContent = text;
    setTimeout(() => node.remove(), ms);
  }

  return {
    root,
    index: (q, r) => index.get(`${q}:${r}`),
    onBoard: (cell) => Boolean(cell) && onBoard(cell.q, cell.r, radius),
    setCells,
    showPreview,
    clearPreview,
    showTarget,
    cellAt,
    cellPixels,
    cellCentre,
    fxCells,
    fxText,
  };
}
