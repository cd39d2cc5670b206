// The ring of SVG bowls (W1, W3, W4): bowl 0 at the top, clockwise, as many as
// the view has; in each bowl the stones a bowl may hold (the view's capacity)
// sit on the rim clockwise from the top and the last one in the centre, and
// any more show a clear "+N" marker; the places still free are faint rings, so
// a full bowl shows it, and an arrow inside the ring shows which way
// the chosen bowl sows (the view's `clockwise`); each bowl the chosen bowl's
// sowing reaches wears a small "+N" mark on its outer rim, clear of the stones
// (the engine's landing, W6). It only draws the frame it is given (the
// engine's view or an animation frame).
import { setIfChanged, svg, textIfChanged } from "../../svg.js";
import { drawStone } from "./stones.js";

const RING_R = 95;
const BOWL_R = 24;
const STONE_R = 6.9;
const RIM_R = 14;
const BADGE_R = 6.2;
const NUMBER_R = RING_R + BOWL_R + 10; // the bowl numbers sit just outside the ring
// A landing mark: on the rim, beyond the stones (RIM_R + STONE_R), turned clockwise from
// the bowl's number so the two never touch, and inside the gap to the next bowl.
const LAND_D = 28;
const LAND_R = 6.6;
const LAND_TURN = 0.78; // radians from straight out
const VIEW_R = NUMBER_R + 7;

/**
 * @typedef {object} FrameBowl
 * @property {string} stones
 * @property {Record<string, number>} mods
 * @property {boolean} [over_capacity]
 * @property {boolean} [clockwise] where its stones go when sown (the engine's, W6)
 */

/**
 * What the ring draws: the engine's bowls (or an animation's copy of them) and the marks on them.
 * @typedef {object} Frame
 * @property {FrameBowl[]} bowls
 * @property {number} capacity places drawn in a bowl (the view's capacity)
 * @property {number | null} [chosen]
 * @property {Set<number>} [choosable]
 * @property {number} [focusable] the bowl in the tab order
 * @property {string[]} [labels] each bowl's accessible name
 * @property {number | null} [hinted] the bowl a hint named
 * @property {Record<number, Set<number>>} [flash] slots of a bowl's queue flashing (a match)
 * @property {Set<number>} [hot]
 * @property {Set<number>} [erupting]
 * @property {Set<number>} [overflow]
 * @property {{bowl: number, count: number}[]} [landing] where the chosen bowl's sowing puts stones (W6)
 */

/**
 * @typedef {object} BowlNode
 * @property {SVGGElement} g
 * @property {SVGGElement} stones
 * @property {SVGGElement} badges
 * @property {SVGGElement} marker
 * @property {SVGTextElement} markerText
 * @property {SVGGElement} land the landing mark
 * @property {SVGTextElement} landText
 * @property {string} key what its stones were last drawn from
 */

/** @param {number} bowl @param {number} count @returns {number} the angle in radians, 0 at the top */
function angle(bowl, count) {
  return ((-90 + (360 / count) * bowl) * Math.PI) / 180;
}

/** Where the k-th stone of a queue sits, relative to the bowl centre. @param {number} k @param {number} capacity */
function slotOffset(k, capacity) {
  const rim = capacity - 1;
  if (k >= rim) return [0, 0];
  const a = ((-90 + (360 / rim) * k) * Math.PI) / 180;
  return [RIM_R * Math.cos(a), RIM_R * Math.sin(a)];
}

/** @param {Element} parent @param {string} kind */
export function badgeArt(parent, kind) {
  if (kind === "ice") {
    const g = svg("g", { class: "bw-glyph" }, parent);
    for (let i = 0; i < 3; i += 1) {
      const a = (i * 60 * Math.PI) / 180;
      svg("line", { x1: -3.6 * Math.cos(a), y1: -3.6 * Math.sin(a), x2: 3.6 * Math.cos(a), y2: 3.6 * Math.sin(a) }, g);
    }
  } else if (kind === "reverse") {
    const g = svg("g", { class: "bw-glyph" }, parent);
    svg("path", { d: "M 3.2 -1.2 A 3.4 3.4 0 1 0 2.2 2.6", fill: "none" }, g);
    svg("polygon", { points: "3.9,-3.4 4.4,0.2 1.2,-0.9", class: "bw-glyph-fill" }, g);
  } else {
    svg("polygon", { points: "-4,3 -1.2,-2.6 0.4,-0.4 1.6,-2 4,3", class: "bw-glyph-fill" }, parent);
  }
}

/** The modifier badges of one bowl, on its inner side. @param {BowlNode} entry @param {number} bowl @param {number} count @param {Record<string, number>} mods */
function drawBadges(entry, bowl, count, mods) {
  entry.badges.replaceChildren();
  const kinds = Object.keys(mods).filter((k) => mods[k]); // in the engine's order
  const inward = angle(bowl, count) + Math.PI;
  kinds.forEach((kind, i) => {
    const a = inward + ((i - (kinds.length - 1) / 2) * 34 * Math.PI) / 180;
    const at = `translate(${((BOWL_R + 2) * Math.cos(a)).toFixed(2)} ${((BOWL_R + 2) * Math.sin(a)).toFixed(2)})`;
    const badge = svg("g", { class: `bw-badge bw-badge-${kind}`, transform: at }, entry.badges);
    svg("circle", { r: BADGE_R }, badge);
    badgeArt(badge, kind);
    if (mods[kind] > 0) {
      const counter = svg("g", { class: "bw-count", transform: "translate(5.2 -5.2)" }, badge);
      svg("circle", { r: 3.6 }, counter);
      svg("text", { y: 1.5, "text-anchor": "middle" }, counter).textContent = String(mods[kind]);
    }
  });
}

/**
 * Which way a sowing goes: an arrow from the top (or the chosen bowl), clockwise unless the engine says not.
 * @param {SVGSVGElement} art @returns {SVGGElement}
 */
function drawWay(art) {
  const way = svg("g", { class: "bw-way", "aria-hidden": "true" }, art);
  const WAY_R = RING_R - BOWL_R - 14;
  const WAY_A = 0.8; // the arc's length, in radians
  svg(
    "path",
    {
      d: `M ${(-WAY_R * Math.sin(0.25)).toFixed(2)} ${(-WAY_R * Math.cos(0.25)).toFixed(2)} A ${WAY_R} ${WAY_R} 0 0 1 ${(WAY_R * Math.sin(WAY_A)).toFixed(2)} ${(-WAY_R * Math.cos(WAY_A)).toFixed(2)}`,
    },
    way,
  );
  const [wx, wy, turn] = [WAY_R * Math.sin(WAY_A), -WAY_R * Math.cos(WAY_A), (WAY_A * 180) / Math.PI];
  svg("polygon", { points: "-2,-5 6,0 -2,5", transform: `translate(${wx.toFixed(2)} ${wy.toFixed(2)}) rotate(${turn.toFixed(1)})` }, way);
  return way;
}

/**
 * One bowl's group: body, stones, badges, the "+N" marker and its number; its landing mark in `landLayer`.
 * @param {SVGSVGElement} art @param {SVGGElement} landLayer @param {number} b @param {number} count
 * @param {{onBowl: (b: number) => void, onKey: (e: KeyboardEvent, b: number) => void}} on @returns {BowlNode}
 */
function makeBowl(art, landLayer, b, count, { onBowl, onKey }) {
  const [x, y] = [RING_R * Math.cos(angle(b, count)), RING_R * Math.sin(angle(b, count))];
  const g = /** @type {SVGGElement} */ (
    svg(
      "g",
      { class: "bw-bowl", "data-bowl": b, role: "button", tabindex: -1, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})` },
      art,
    )
  );
  svg("circle", { r: BOWL_R + 3.5, class: "bw-focus" }, g);
  svg("circle", { r: BOWL_R, class: "bw-body" }, g);
  svg("circle", { r: BOWL_R - 3, class: "bw-inner" }, g);
  const stones = /** @type {SVGGElement} */ (svg("g", { class: "bw-stones" }, g));
  const badges = /** @type {SVGGElement} */ (svg("g", { class: "bw-badges" }, g));
  const marker = /** @type {SVGGElement} */ (svg("g", { class: "bw-over-marker", hidden: true }, g));
  svg("circle", { cx: 15, cy: -15, r: 7.5 }, marker);
  const markerText = /** @type {SVGTextElement} */ (svg("text", { x: 15, y: -12.2, "text-anchor": "middle" }, marker));
  // Bowl numbers from 1, as the hints and labels say them (W1 counts from 0; players from 1).
  const number = svg(
    "text",
    {
      class: "bw-num",
      x: (NUMBER_R * Math.cos(angle(b, count)) - x).toFixed(2),
      y: (NUMBER_R * Math.sin(angle(b, count)) - y).toFixed(2),
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "aria-hidden": "true",
    },
    g,
  );
  number.textContent = String(b + 1);
  const turn = angle(b, count) + LAND_TURN;
  // In a layer of its own above the bowls: no part of the bowl's button (its name stays its label).
  const land = /** @type {SVGGElement} */ (
    svg(
      "g",
      {
        class: "bw-land",
        hidden: true,
        "data-for": b,
        transform: `translate(${(x + LAND_D * Math.cos(turn)).toFixed(2)} ${(y + LAND_D * Math.sin(turn)).toFixed(2)})`,
      },
      landLayer,
    )
  );
  svg("circle", { r: LAND_R }, land);
  const landText = /** @type {SVGTextElement} */ (svg("text", { y: 0.4, "text-anchor": "middle", "dominant-baseline": "central" }, land));
  // A tap must not focus (and scroll to) the bowl natively: the page focuses it without scrolling.
  g.addEventListener("mousedown", (e) => e.preventDefault());
  g.addEventListener("click", () => onBowl(b));
  g.addEventListener("keydown", (e) => onKey(e, b));
  return { g, stones, badges, marker, markerText, land, landText, key: "" };
}

/** @param {BowlNode} entry @param {number} b @param {FrameBowl} bowl @param {Frame} frame */
function drawStones(entry, b, bowl, frame) {
  const flash = frame.flash?.[b];
  const key = `${bowl.stones}|${JSON.stringify(bowl.mods)}|${flash ? [...flash].join(",") : ""}|${frame.capacity}`;
  if (key === entry.key) return;
  entry.key = key;
  entry.stones.replaceChildren();
  for (let k = bowl.stones.length; k < frame.capacity; k += 1) {
    // the free places: how much more it holds
    const [px, py] = slotOffset(k, frame.capacity);
    svg("circle", { class: "bw-place", cx: px.toFixed(2), cy: py.toFixed(2), r: STONE_R - 1.5 }, entry.stones);
  }
  [...bowl.stones].slice(0, frame.capacity).forEach((stone, k) => {
    const [sx, sy] = slotOffset(k, frame.capacity);
    drawStone(entry.stones, stone, sx, sy, STONE_R, flash?.has(k) ? "flash" : "");
  });
  drawBadges(entry, b, frame.bowls.length, bowl.mods);
}

/**
 * @param {HTMLElement} parent
 * @param {{label: string, onBowl: (b: number) => void, onKey: (e: KeyboardEvent, b: number) => void}} options
 */
export function createRing(parent, { label, onBowl, onKey }) {
  const art = svg(
    "svg",
    { viewBox: `${-VIEW_R} ${-VIEW_R} ${2 * VIEW_R} ${2 * VIEW_R}`, class: "bw-ring", role: "group", "aria-label": label },
    parent,
  );
  svg("circle", { r: RING_R, class: "bw-track" }, art);
  const way = drawWay(art);
  const centre = /** @type {SVGGElement} */ (svg("g", { class: "bw-centre", "aria-hidden": "true" }, art));
  const landLayer = /** @type {SVGGElement} */ (svg("g", { class: "bw-lands", "aria-hidden": "true" }, art));
  /** @type {BowlNode[]} */
  let bowls = [];

  /** @param {number} count */
  function build(count) {
    bowls.forEach((entry) => {
      entry.g.remove();
      entry.land.remove();
    });
    bowls = Array.from({ length: count }, (_, b) => makeBowl(art, landLayer, b, count, { onBowl, onKey }));
    art.appendChild(landLayer); // drawn over every bowl
  }

  /** @param {Frame} frame */
  function render(frame) {
    if (frame.bowls.length !== bowls.length) build(frame.bowls.length);
    const from = frame.chosen ?? null;
    const turn = from === null ? 0 : (360 / frame.bowls.length) * from;
    const mirror = from !== null && frame.bowls[from].clockwise === false ? " scale(-1 1)" : "";
    setIfChanged(way, "transform", `rotate(${turn.toFixed(1)})${mirror}`);
    way.classList.toggle("back", Boolean(mirror));
    /** @type {Map<number, number>} */
    const lands = new Map((frame.landing ?? []).map(({ bowl, count }) => [bowl, count]));
    frame.bowls.forEach((bowl, b) => {
      const entry = bowls[b];
      const land = lands.get(b);
      entry.land.toggleAttribute("hidden", land === undefined);
      textIfChanged(entry.landText, land === undefined ? "" : `+${land}`);
      entry.g.classList.toggle("landing", land !== undefined);
      if (land === undefined) entry.g.removeAttribute("data-land");
      else setIfChanged(entry.g, "data-land", String(land));
      drawStones(entry, b, bowl, frame);
      const extra = bowl.stones.length - frame.capacity;
      entry.marker.toggleAttribute("hidden", extra < 1);
      textIfChanged(entry.markerText, extra > 0 ? `+${extra}` : "");
      const { g } = entry;
      g.classList.toggle("chosen", frame.chosen === b);
      g.classList.toggle("choosable", Boolean(frame.choosable?.has(b)));
      g.classList.toggle("hot", Boolean(frame.hot?.has(b)));
      g.classList.toggle("erupting", Boolean(frame.erupting?.has(b)));
      g.classList.toggle("overflowing", Boolean(frame.overflow?.has(b) || bowl.over_capacity)); // W12, the engine's
      g.classList.toggle("bwp-hinted", frame.hinted === b);
      for (const kind of ["ice", "volcano", "reverse"]) g.classList.toggle(kind === "ice" ? "iced" : kind, Boolean(bowl.mods[kind]));
      setIfChanged(g, "data-stones", bowl.stones);
      if (frame.labels) setIfChanged(g, "aria-label", frame.labels[b]);
      setIfChanged(g, "aria-pressed", frame.chosen === b ? "true" : "false");
      setIfChanged(g, "tabindex", frame.focusable === b ? "0" : "-1");
    });
  }

  /** The hand in the centre: the stones still to deliver, in order. @param {string} stones @param {number} [from] */
  function showHand(stones, from) {
    centre.replaceChildren();
    if (!stones) return;
    const n = Math.min(stones.length, 12);
    const step = 13;
    const x0 = -((n - 1) * step) / 2;
    [...stones].slice(0, 12).forEach((stone, i) => drawStone(centre, stone, x0 + i * step, 0, 5.6, "hand"));
    if (from !== undefined) centre.dataset.from = String(from);
  }

  /** @param {number} b @returns {SVGGElement | null} */
  const node = (b) => bowls[b]?.g ?? null;

  return {
    render,
    showHand,
    node,
    /**
     * The bowl focused (the tab stop first: a tab stop changed on the focused bowl would make the browser
     * restyle the page there and then, to see whether it may keep the focus).
     * @param {number} b
     */
    focusBowl(b) {
      const g = node(b);
      if (!g) return;
      setIfChanged(g, "tabindex", "0");
      g.focus({ preventScroll: true });
    },
  };
}
