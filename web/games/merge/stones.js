// How a stone looks (M14 styles are CSS on data-tier): a hex face and its
// number, or the joker's star. Shared by the board, the tray and the dragged piece.
import { svg } from "../../svg.js";
import { hexCorners } from "../../hexlayout.js";

export const JOKER = -1;
export const SIZE = 10; // viewBox units per hex radius

/**
 * A stone centred on (x, y): its colour tier (data-tier: "j" for the joker, else log2 up to 12)
 * and its label (the joker's star ✦, big numbers in thousands), smaller the longer it is.
 * @param {Element} parent @param {number} value @param {number} x @param {number} y
 * @param {{size?: number, cls?: string}} [options]
 * @returns {SVGGElement}
 */
export function drawStone(parent, value, x, y, { size = SIZE, cls = "" } = {}) {
  const tier = value === JOKER ? "j" : String(Math.min(Math.round(Math.log2(value)), 12));
  const g = svg("g", { class: `hm-stone ${cls}`.trim(), "data-tier": tier, "data-v": value }, parent);
  svg("polygon", { points: hexCorners(x, y, size * 0.9), class: "hm-face" }, g);
  svg("polygon", { points: hexCorners(x, y, size * 0.72), class: "hm-inner" }, g);
  const label = value === JOKER ? "\u2726" : value >= 100000 ? `${Math.floor(value / 1000)}k` : String(value);
  const scale = label.length <= 2 ? 0.78 : label.length === 3 ? 0.62 : label.length === 4 ? 0.5 : 0.42;
  const text = svg(
    "text",
    {
      x,
      y,
      class: "hm-num",
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "font-size": (size * scale).toFixed(2),
    },
    g,
  );
  text.textContent = label;
  return g;
}

/**
 * Spoken name of a stone for labels and announcements.
 * @param {number} value @param {(key: string, vars?: Record<string, unknown>) => string} t
 */
export function stoneName(value, t) {
  return value === JOKER ? t("merge.joker") : String(value);
}

/**
 * Spoken name of a piece view {kind, stones}.
 * @param {Merge.PieceView} piece @param {(key: string, vars?: Record<string, unknown>) => string} t
 */
export function pieceName(piece, t) {
  if (piece.kind === "joker") return t("merge.joker");
  if (piece.kind === "single") return t("merge.single", { v: piece.stones[0] });
  return t("merge.pair", { a: piece.stones[0], b: piece.stones[1] });
}
