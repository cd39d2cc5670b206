// Drawing helpers for blocks: hex outlines of cell sets and small piece art.
// Pure geometry for the renderer; every rule answer comes from the engine.
import { svg } from "../../svg.js";
import { hexCorners, hexToPixel } from "../../hexlayout.js";

// Edge i of a pointy-top hex (corner i to corner i+1) faces direction i
// (E, SE, SW, W, NW, NE), the order of club.hexgrid.DIRECTIONS.
const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const key = (q, r) => `${q}:${r}`;

function corner(x, y, size, i) {
  const a = (Math.PI / 180) * (60 * i - 30);
  return [x + size * Math.cos(a), y + size * Math.sin(a)];
}

// The outer boundary of a set of cells as one SVG path of edge segments.
export function outlinePath(cells, size) {
  const set = new Set(cells.map(([q, r]) => key(q, r)));
  const parts = [];
  for (const [q, r] of cells) {
    const { x, y } = hexToPixel(q, r, size);
    DIRS.forEach(([dq, dr], i) => {
      if (set.has(key(q + dq, r + dr))) return;
      const [x0, y0] = corner(x, y, size, i);
      const [x1, y1] = corner(x, y, size, (i + 1) % 6);
      parts.push(`M${x0.toFixed(2)} ${y0.toFixed(2)}L${x1.toFixed(2)} ${y1.toFixed(2)}`);
    });
  }
  return parts.join("");
}

// A piece drawn around its centre cell (offsets from the engine) into `parent`.
export function pieceArt(parent, cells, family, size, extra = {}) {
  const group = svg("g", { class: `bk-piece fam-${family}`, ...extra }, parent);
  for (const [q, r] of cells) {
    const { x, y } = hexToPixel(q, r, size);
    svg("polygon", { points: hexCorners(x, y, size * 0.94), class: "bk-gem" }, group);
  }
  return group;
}

// The viewBox that holds a piece's cells with a margin, centred on its centre cell.
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
