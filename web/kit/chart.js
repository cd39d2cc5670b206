// Small SVG charts for the stats page: the last scores as a line,
// a distribution as bars, the personal bests as a step line. A chart only
// draws numbers it is given (the buckets, bests and flags are the engine's);
// it scales them to its box. Each chart is a <figure>: an SVG with role="img"
// and an aria-label summary, and a visually hidden table of the values.
import { html, svg } from "../svg.js";

/**
 * One value of a chart.
 * @typedef {object} ChartPoint
 * @property {number} value
 * @property {string} label what the point is (a date, a range), already formatted
 * @property {boolean} [marked] drawn apart (a daily among the scores)
 * @property {string} [tick] a shorter label on the axis or under a bar (the table keeps `label`)
 */

/**
 * What every chart needs.
 * @typedef {object} ChartOptions
 * @property {string} title the caption (also the table's caption)
 * @property {string} summary the SVG's aria-label: what the chart shows, in words
 * @property {string} labelHead the header of the table's label column
 * @property {string} valueHead the header of the table's value column
 * @property {(value: number) => string} format a number in the player's language
 * @property {string} [cls] an extra class on the figure
 * @property {string[]} [edges] a histogram's bucket bounds, one more than the bars: drawn at the bars'
 *   edges (a bar between "6K" and "8K" holds 7,934), not under their middles
 */

// The drawing box (viewBox units; the SVG is as wide as its column).
const W = 320;
const H = 150;
const PAD = { left: 46, right: 10, top: 14, bottom: 28 };

/**
 * A figure with its caption, SVG and hidden table.
 * @param {Element} parent @param {ChartOptions} options @param {ChartPoint[]} points
 * @returns {{ figure: HTMLElement, art: SVGSVGElement }}
 */
function frame(parent, options, points) {
  const figure = html("figure", { class: `chart${options.cls ? ` ${options.cls}` : ""}` }, parent);
  html("figcaption", { class: "chart-title" }, figure, options.title);
  const art = svg(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "chart-art",
      role: "img",
      "aria-label": options.summary,
      preserveAspectRatio: "xMidYMid meet",
    },
    figure,
  );
  // A table ignores a width of 1px: its visually hidden box is a div around it.
  const table = html("table", {}, html("div", { class: "sr-only chart-values" }, figure));
  html("caption", {}, table, options.title);
  const head = html("tr", {}, html("thead", {}, table));
  html("th", { scope: "col" }, head, options.labelHead);
  html("th", { scope: "col" }, head, options.valueHead);
  const body = html("tbody", {}, table);
  for (const point of points) {
    const row = html("tr", {}, body);
    html("th", { scope: "row" }, row, point.label);
    html("td", {}, row, options.format(point.value));
  }
  return { figure, art };
}

/**
 * The y scale from 0 to a round top above the largest value.
 * @param {number[]} values @returns {{ top: number, y: (v: number) => number }}
 */
function yScale(values) {
  const max = Math.max(0, ...values);
  const top = max <= 0 ? 1 : niceTop(max);
  const span = H - PAD.top - PAD.bottom;
  return { top, y: (v) => H - PAD.bottom - (span * Math.max(0, v)) / top };
}

/**
 * The smallest 1/2/5×10^k at or above `max`.
 * @param {number} max @returns {number}
 */
function niceTop(max) {
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * The axes: the y labels 0 and the top, a base line, first and last x labels.
 * @param {SVGSVGElement} art @param {number} top @param {(value: number) => string} format
 * @param {string} [first] @param {string} [last]
 */
function axes(art, top, format, first, last) {
  const group = svg("g", { class: "chart-axes" }, art);
  svg("line", { x1: PAD.left, y1: PAD.top, x2: W - PAD.right, y2: PAD.top, class: "chart-grid" }, group);
  svg("line", { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: "chart-base" }, group);
  svg("text", { x: PAD.left - 5, y: PAD.top + 4, "text-anchor": "end", class: "chart-label" }, group).textContent = format(top);
  svg("text", { x: PAD.left - 5, y: H - PAD.bottom + 4, "text-anchor": "end", class: "chart-label" }, group).textContent = format(0);
  if (first) svg("text", { x: PAD.left, y: H - 8, "text-anchor": "start", class: "chart-label" }, group).textContent = first;
  if (last && last !== first)
    svg("text", { x: W - PAD.right, y: H - 8, "text-anchor": "end", class: "chart-label" }, group).textContent = last;
}

/** @param {ChartPoint | undefined} point @returns {string | undefined} */
const tickOf = (point) => point?.tick ?? point?.label;

/**
 * The x position of point i of n across the plot.
 * @param {number} i @param {number} n @returns {number}
 */
function xAt(i, n) {
  const span = W - PAD.left - PAD.right;
  return n <= 1 ? PAD.left + span / 2 : PAD.left + (span * i) / (n - 1);
}

/**
 * Scores in order (oldest first) as a line with a dot per score; marked
 * points (the dailies) are drawn as larger, filled diamonds.
 * @param {Element} parent @param {ChartPoint[]} points @param {ChartOptions} options
 * @returns {HTMLElement} the figure
 */
export function lineChart(parent, points, options) {
  const { figure, art } = frame(parent, { ...options, cls: `chart-line ${options.cls ?? ""}`.trim() }, points);
  const { top, y } = yScale(points.map((p) => p.value));
  axes(art, top, options.format, tickOf(points[0]), tickOf(points.at(-1)));
  const coords = points.map((p, i) => [xAt(i, points.length), y(p.value)]);
  if (coords.length > 1) {
    svg("polyline", { points: coords.map(([x, yy]) => `${x.toFixed(1)},${yy.toFixed(1)}`).join(" "), class: "chart-path" }, art);
  }
  const dots = svg("g", { class: "chart-points" }, art);
  points.forEach((p, i) => {
    const [x, yy] = coords[i];
    if (p.marked) {
      svg("rect", { x: x - 4, y: yy - 4, width: 8, height: 8, transform: `rotate(45 ${x} ${yy})`, class: "chart-point marked" }, dots);
    } else {
      svg("circle", { cx: x, cy: yy, r: 3, class: "chart-point" }, dots);
    }
  });
  return figure;
}

/**
 * One bar per point, each labelled below (distribution buckets).
 * @param {Element} parent @param {ChartPoint[]} points @param {ChartOptions} options
 * @returns {HTMLElement} the figure
 */
export function barChart(parent, points, options) {
  const { figure, art } = frame(parent, { ...options, cls: `chart-bars ${options.cls ?? ""}`.trim() }, points);
  const { top, y } = yScale(points.map((p) => p.value));
  axes(art, top, options.format);
  const span = W - PAD.left - PAD.right;
  const slot = span / Math.max(1, points.length);
  const bars = svg("g", { class: "chart-points" }, art);
  points.forEach((p, i) => {
    const x = PAD.left + slot * i + slot * 0.15;
    const yy = y(p.value);
    svg(
      "rect",
      {
        x: x.toFixed(1),
        y: yy.toFixed(1),
        width: (slot * 0.7).toFixed(1),
        height: Math.max(0, H - PAD.bottom - yy).toFixed(1),
        class: "chart-bar",
      },
      bars,
    );
    if (p.value > 0) {
      svg(
        "text",
        { x: (x + slot * 0.35).toFixed(1), y: (yy - 3).toFixed(1), "text-anchor": "middle", class: "chart-label" },
        bars,
      ).textContent = options.format(p.value);
    }
    if (!options.edges) {
      svg(
        "text",
        { x: (x + slot * 0.35).toFixed(1), y: H - 8, "text-anchor": "middle", class: "chart-label chart-tick" },
        bars,
      ).textContent = p.tick ?? p.label;
    }
  });
  options.edges?.forEach((edge, i) => {
    svg(
      "text",
      { x: (PAD.left + slot * i).toFixed(1), y: H - 8, "text-anchor": "middle", class: "chart-label chart-tick chart-edge" },
      bars,
    ).textContent = edge;
  });
  return figure;
}

/**
 * Values that only rise, as a step line: each point holds until the next
 * (the personal bests over time), the last one held to the right edge.
 * @param {Element} parent @param {ChartPoint[]} points @param {ChartOptions} options
 * @returns {HTMLElement} the figure
 */
export function stepChart(parent, points, options) {
  const { figure, art } = frame(parent, { ...options, cls: `chart-step ${options.cls ?? ""}`.trim() }, points);
  const { top, y } = yScale(points.map((p) => p.value));
  axes(art, top, options.format, tickOf(points[0]), tickOf(points.at(-1)));
  const n = points.length;
  /** @type {string[]} */
  const path = [];
  points.forEach((p, i) => {
    const x = xAt(i, n);
    const yy = y(p.value);
    if (i === 0) path.push(`M${x.toFixed(1)},${yy.toFixed(1)}`);
    else path.push(`H${x.toFixed(1)}`, `V${yy.toFixed(1)}`);
  });
  if (n > 0) path.push(`H${W - PAD.right}`);
  if (path.length) svg("path", { d: path.join(" "), class: "chart-path" }, art);
  const dots = svg("g", { class: "chart-points" }, art);
  points.forEach((p, i) => svg("circle", { cx: xAt(i, n), cy: y(p.value), r: 3, class: "chart-point" }, dots));
  return figure;
}
