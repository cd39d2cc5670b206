// Stone art (W2): each ordinary colour carries its own white sign, so colour
// is never the only cue: R ●, G ▲, B ■, Y ◆, P ★; the joker ✦; the blocker is
// a square slab with a cross. Shapes are drawn in unit size and scaled, so
// they look the same in the ring, in the hand and in the queue panel.
import { svg } from "../../svg.js";

/** @type {Record<string, string>} */
export const STONE_NAMES = { R: "red", G: "green", B: "blue", Y: "yellow", P: "purple", J: "joker", X: "blocker" };

/** @param {number} points @param {number} outer @param {number} inner @param {number} [turn] */
function star(points, outer, inner, turn = -90) {
  const out = [];
  for (let i = 0; i < points * 2; i += 1) {
    const a = ((turn + (180 / points) * i) * Math.PI) / 180;
    const r = i % 2 === 0 ? outer : inner;
    out.push(`${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a)).toFixed(3)}`);
  }
  return out.join(" ");
}

/** @type {Record<string, (g: Element) => Element>} */
const SIGNS = {
  R: (g) => svg("circle", { r: 0.4 }, g),
  G: (g) => svg("polygon", { points: "0,-0.52 0.5,0.36 -0.5,0.36" }, g),
  B: (g) => svg("rect", { x: -0.36, y: -0.36, width: 0.72, height: 0.72, rx: 0.05 }, g),
  Y: (g) => svg("polygon", { points: "0,-0.56 0.46,0 0,0.56 -0.46,0" }, g),
  P: (g) => svg("polygon", { points: star(5, 0.56, 0.24) }, g),
  J: (g) => svg("polygon", { points: star(4, 0.62, 0.17) }, g),
};

/**
 * One stone centred at (x, y) with radius r.
 * @param {Element} parent @param {string} stone @param {number} x @param {number} y @param {number} r @param {string} [extraClass]
 */
export function drawStone(parent, stone, x, y, r, extraClass = "") {
  const g = svg(
    "g",
    {
      class: `bw-stone st-${stone}${extraClass ? ` ${extraClass}` : ""}`,
      transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${r})`,
      "data-stone": stone,
    },
    parent,
  );
  if (stone === "X") {
    svg("rect", { class: "st-body", x: -0.92, y: -0.92, width: 1.84, height: 1.84, rx: 0.32 }, g);
    const sign = svg("g", { class: "st-sign st-cross" }, g);
    svg("line", { x1: -0.42, y1: -0.42, x2: 0.42, y2: 0.42 }, sign);
    svg("line", { x1: 0.42, y1: -0.42, x2: -0.42, y2: 0.42 }, sign);
    return;
  }
  svg("circle", { class: "st-body", r: 1 }, g);
  svg("circle", { class: "st-gloss", r: 1 }, g);
  const sign = svg("g", { class: "st-sign" }, g);
  SIGNS[stone]?.(sign);
}

/** A standalone small SVG with one stone (queue panel, legends). @param {Element} parent @param {string} stone @param {number} size */
export function stoneIcon(parent, stone, size) {
  const icon = svg("svg", { viewBox: "-1.1 -1.1 2.2 2.2", width: size, height: size, class: "bw-icon", "aria-hidden": "true" }, parent);
  drawStone(icon, stone, 0, 0, 1);
}
