// The ring of twelve SVG bowls (W1, W3, W4): bowl 0 at the top, clockwise;
// in each bowl the first six stones sit on the rim clockwise from the top, the
// seventh in the centre, and an eighth or more shows a clear overflow marker.
// It only draws what it is given (the engine's view or an animation frame).
import { svg } from "../../svg.js";
import { drawStone, stoneDefs } from "./stones.js";

export const RING_R = 95;
export const BOWL_R = 24;
const STONE_R = 6.9;
const RIM_R = 14;
const BADGE_R = 6.2;
const MOD_ORDER = ["ice", "reverse", "volcano"];
const NUMBER_R = RING_R + BOWL_R + 10; // the bowl numbers sit just outside the ring
const SLOTS = 7; // stones drawn in a bowl: six on the rim and one in the centre; "+N" counts the rest
export const VIEW_R = NUMBER_R + 7;

export function bowlCentre(bowl) {
  const a = ((-90 + 30 * bowl) * Math.PI) / 180;
  return [RING_R * Math.cos(a), RING_R * Math.sin(a)];
}

// Where the k-th stone of a queue sits, relative to the bowl centre.
export function slotOffset(k) {
  if (k >= 6) return [0, 0];
  const a = ((-90 + 60 * k) * Math.PI) / 180;
  return [RIM_R * Math.cos(a), RIM_R * Math.sin(a)];
}

function badgeArt(parent, kind) {
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

export function createRing(parent, { label, onBowl, onKey }) {
  const art = svg("svg", { viewBox: `${-VIEW_R} ${-VIEW_R} ${2 * VIEW_R} ${2 * VIEW_R}`, class: "bw-ring", role: "group", "aria-label": label }, parent);
  stoneDefs(art);
  svg("circle", { r: RING_R, class: "bw-track" }, art);
  const centre = svg("g", { class: "bw-centre", "aria-hidden": "true" }, art);
  const bowls = [];
  for (let b = 0; b < 12; b += 1) {
    const [x, y] = bowlCentre(b);
    const g = svg("g", { class: "bw-bowl", "data-bowl": b, role: "button", tabindex: -1, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})` }, art);
    svg("circle", { r: BOWL_R + 3.5, class: "bw-focus" }, g);
    svg("circle", { r: BOWL_R, class: "bw-body" }, g);
    svg("circle", { r: BOWL_R - 3, class: "bw-inner" }, g);
    const stones = svg("g", { class: "bw-stones" }, g);
    const badges = svg("g", { class: "bw-badges" }, g);
    const marker = svg("g", { class: "bw-over-marker", hidden: true }, g);
    svg("circle", { cx: 15, cy: -15, r: 7.5 }, marker);
    const markerText = svg("text", { x: 15, y: -12.2, "text-anchor": "middle" }, marker);
    // Bowl numbers 1-12 as the hints and labels say them (W1 counts from 0; players from 1).
    const a = ((-90 + 30 * b) * Math.PI) / 180;
    const number = svg("text", {
      class: "bw-num", x: (NUMBER_R * Math.cos(a) - x).toFixed(2), y: (NUMBER_R * Math.sin(a) - y).toFixed(2),
      "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true",
    }, g);
    number.textContent = String(b + 1);
    // A tap must not focus (and scroll to) the bowl natively: the page focuses it without scrolling.
    g.addEventListener("mousedown", (e) => e.preventDefault());
    g.addEventListener("click", () => onBowl(b));
    g.addEventListener("keydown", (e) => onKey(e, b));
    bowls.push({ g, stones, badges, marker, markerText, key: "" });
  }

  function drawBadges(entry, bowl, mods) {
    entry.badges.replaceChildren();
    const kinds = MOD_ORDER.filter((k) => mods[k]);
    const inward = ((-90 + 30 * bowl + 180) * Math.PI) / 180;
    kinds.forEach((kind, i) => {
      const spread = ((i - (kinds.length - 1) / 2) * 34 * Math.PI) / 180;
      const a = inward + spread;
      const bx = (BOWL_R + 2) * Math.cos(a);
      const by = (BOWL_R + 2) * Math.sin(a);
      const badge = svg("g", { class: `bw-badge bw-badge-${kind}`, transform: `translate(${bx.toFixed(2)} ${by.toFixed(2)})` }, entry.badges);
      svg("circle", { r: BADGE_R }, badge);
      badgeArt(badge, kind);
      if (mods[kind] > 0) {
        const count = svg("g", { class: "bw-count", transform: "translate(5.2 -5.2)" }, badge);
        svg("circle", { r: 3.6 }, count);
        const text = svg("text", { y: 1.5, "text-anchor": "middle" }, count);
        text.textContent = String(mods[kind]);
      }
    });
  }

  // frame: {bowls: [{stones, mods, over_capacity?}], chosen, choosable:Set, flash:{bowl:Set(slot)}, hot:Set,
  //         erupting:Set, overflow:Set (the engine's overflow event), labels:[text]}
  function render(frame) {
    frame.bowls.forEach((bowl, b) => {
      const entry = bowls[b];
      const flash = frame.flash?.[b];
      const key = `${bowl.stones}|${JSON.stringify(bowl.mods)}|${flash ? [...flash].join(",") : ""}`;
      if (key !== entry.key) {
        entry.key = key;
        entry.stones.replaceChildren();
        [...bowl.stones].slice(0, SLOTS).forEach((stone, k) => {
          const [sx, sy] = slotOffset(k);
          drawStone(entry.stones, stone, sx, sy, STONE_R, flash?.has(k) ? "flash" : "");
        });
        drawBadges(entry, b, bowl.mods);
      }
      const extra = bowl.stones.length - SLOTS;
      entry.marker.toggleAttribute("hidden", extra < 1);
      entry.markerText.textContent = extra > 0 ? `+${extra}` : "";
      const g = entry.g;
      g.classList.toggle("chosen", frame.chosen === b);
      g.classList.toggle("choosable", Boolean(frame.choosable?.has(b)));
      g.classList.toggle("hot", Boolean(frame.hot?.has(b)));
      g.classList.toggle("erupting", Boolean(frame.erupting?.has(b)));
      g.classList.toggle("overflowing", Boolean(frame.overflow?.has(b) || bowl.over_capacity)); // W12, the engine's
      g.classList.toggle("iced", Boolean(bowl.mods.ice));
      g.classList.toggle("volcano", Boolean(bowl.mods.volcano));
      g.classList.toggle("reverse", Boolean(bowl.mods.reverse));
      g.dataset.stones = bowl.stones;
      if (frame.labels) g.setAttribute("aria-label", frame.labels[b]);
      g.setAttribute("aria-pressed", frame.chosen === b ? "true" : "false");
      g.setAttribute("tabindex", frame.focusable === b ? "0" : "-1");
    });
  }

  // The hand in the centre: the stones still to deliver, in order.
  function showHand(stones, from) {
    centre.replaceChildren();
    if (!stones) return;
    const n = Math.min(stones.length, 12);
    const step = 13;
    const x0 = -((n - 1) * step) / 2;
    [...stones].slice(0, 12).forEach((stone, i) => drawStone(centre, stone, x0 + i * step, 0, 5.6, "hand"));
    if (from !== undefined) centre.dataset.from = from;
  }

  function popup(text, cls = "") {
    const node = svg("text", { class: `bw-popup ${cls}`, x: 0, y: cls.includes("perfect") ? 24 : -14, "text-anchor": "middle" }, art);
    node.textContent = text;
    setTimeout(() => node.remove(), 1400);
  }

  function focusBowl(b) {
    bowls[b]?.g.focus({ preventScroll: true });
  }

  return { art, render, showHand, popup, focusBowl, bowls };
}
