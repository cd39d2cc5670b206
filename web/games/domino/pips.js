// Domino halves as SVG: an ivory face with real pip patterns for 0–9 (a 3x3
// grid as on double-nine sets). Pip colours help, but the count is the cue.
import { svg } from "../../svg.js";

export const CELL = 10; // SVG units per well cell

const C = [-1, 0, 1];
const ALL = C.flatMap((y) => C.map((x) => [x, y]));
const CORNERS = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
];
const SIDES = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];
export const PIPS = [
  [],
  [[0, 0]],
  [
    [-1, -1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  CORNERS,
  [...CORNERS, [0, 0]],
  SIDES,
  [...SIDES, [0, 0]],
  [...SIDES, [0, -1], [0, 1]],
  ALL,
];

const INSET = 0.55; // gap between a half and the cell edge, where it has no partner
const RADIUS = 1.8;

/**
 * A rounded rectangle whose corners on the partner side stay square.
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {boolean[]} round top-left, top-right, bottom-right, bottom-left
 */
function facePath(x, y, w, h, round) {
  const [tl, tr, br, bl] = round.map((on) => (on ? RADIUS : 0));
  return [
    `M${x + tl},${y}`,
    `H${x + w - tr}`,
    tr ? `A${tr},${tr} 0 0 1 ${x + w},${y + tr}` : "",
    `V${y + h - br}`,
    br ? `A${br},${br} 0 0 1 ${x + w - br},${y + h}` : "",
    `H${x + bl}`,
    bl ? `A${bl},${bl} 0 0 1 ${x},${y + h - bl}` : "",
    `V${y + tl}`,
    tl ? `A${tl},${tl} 0 0 1 ${x + tl},${y}` : "",
    "Z",
  ].join("");
}

/**
 * One half at cell (c, r): `link` is r/l/d/u (partner side) or s (single).
 * @param {Element} parent @param {number} c @param {number} r @param {number} pip @param {string} link
 * @param {string} [extraClass] @returns {SVGGElement}
 */
export function drawHalf(parent, c, r, pip, link, extraClass = "") {
  const g = /** @type {SVGGElement} */ (
    svg("g", { class: `dd-half p${pip}${extraClass ? ` ${extraClass}` : ""}`, "data-cell": `${c},${r}` }, parent)
  );
  let x = c * CELL + INSET;
  let y = r * CELL + INSET;
  let w = CELL - 2 * INSET;
  let h = CELL - 2 * INSET;
  if (link === "r") w += INSET;
  if (link === "l") {
    x -= INSET;
    w += INSET;
  }
  if (link === "d") h += INSET;
  if (link === "u") {
    y -= INSET;
    h += INSET;
  }
  const round = [link !== "l" && link !== "u", link !== "r" && link !== "u", link !== "r" && link !== "d", link !== "l" && link !== "d"];
  svg("path", { d: facePath(x, y, w, h, round), class: "dd-face" }, g);
  if (link === "r") svg("line", { x1: x + w, y1: y + 1.6, x2: x + w, y2: y + h - 1.6, class: "dd-bar" }, g);
  if (link === "d") svg("line", { x1: x + 1.6, y1: y + h, x2: x + w - 1.6, y2: y + h, class: "dd-bar" }, g);
  const cx = c * CELL + CELL / 2;
  const cy = r * CELL + CELL / 2;
  const step = pip > 6 ? 2.45 : 2.55;
  const radius = pip > 6 ? 0.92 : 1.05;
  for (const [dx, dy] of PIPS[pip] ?? []) {
    svg("circle", { cx: (cx + dx * step).toFixed(2), cy: (cy + dy * step).toFixed(2), r: radius, class: "dd-pip" }, g);
  }
  return g;
}

/**
 * A tile from the engine's halves [[dc, dr, pip, link], ...] (relative cells).
 * @param {Element} parent @param {any[][]} halves @param {string} [extraClass]
 */
export function drawTile(parent, halves, extraClass = "") {
  for (const [dc, dr, pip, link] of halves) drawHalf(parent, dc, dr, pip, link, extraClass);
}
