// Themes and achievements on the bowls page (W24, W25).
// The seven themes restyle the bowls, the stones' material and the
// surroundings through CSS custom properties (web/css/bowls-themes.css) and a
// few SVG paint servers defined here; stone colours and white signs never
// change. Achievements are decided by the engine (Session.achievements) after
// every move in any mode (the events of the move's answer); each one opens the
// next theme, with a toast. Which themes are open and what a locked one still
// needs come from the engine (Session.themes): this module draws them.
import { html, svg } from "../../svg.js";
import { drawStone } from "./stones.js";

/** @typedef {(key: string, vars?: Record<string, any>) => string} Translate */

// A padlock drawn in SVG: an emoji 🔒 is an empty box where no emoji font is installed.
function lockIcon(parent) {
  const icon = svg("svg", { class: "bwt-lock-icon", viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true" }, parent);
  svg("path", { d: "M4.5 7 V5 a3.5 3.5 0 0 1 7 0 V7", fill: "none", "stroke-width": 1.8 }, icon);
  svg("rect", { x: 2.5, y: 7, width: 11, height: 8, rx: 1.6 }, icon);
  return icon;
}

// ----- SVG paint servers: one hidden (not display:none) <svg> holding every theme's defs

function stops(parent, list) {
  for (const [offset, color, opacity = 1] of list) {
    svg("stop", { offset, "stop-color": color, "stop-opacity": opacity }, parent);
  }
}

function radial(defs, id, list, attrs = {}) {
  stops(svg("radialGradient", { id, cx: "50%", cy: "50%", r: "60%", ...attrs }, defs), list);
}

function linear(defs, id, list, attrs = {}) {
  stops(svg("linearGradient", { id, x1: "0", y1: "0", x2: "1", y2: "1", ...attrs }, defs), list);
}

/** @typedef {["circle" | "path", Record<string, unknown>]} Shape */
const STARS = [
  [3, 4, 0.5],
  [14, 2, 0.35],
  [9, 11, 0.6],
  [17, 16, 0.4],
  [5, 17, 0.3],
];

/**
 * The tiled patterns of bowls (sand, runes) and ring floors: [id, tile size, ground, shapes on it].
 * @type {Array<[string, number, string, Shape[]]>}
 */
const TILES = [
  [
    "bwt-bowl-sand",
    7,
    "#b98a4e",
    [
      ["circle", { cx: 1.5, cy: 2, r: 0.6, fill: "#e1bf86" }],
      ["circle", { cx: 5, cy: 5.2, r: 0.5, fill: "#8a6232" }],
      ["circle", { cx: 4.8, cy: 1.2, r: 0.35, fill: "#f0d6a6" }],
    ],
  ],
  [
    "bwt-bowl-runes",
    16,
    "#5d6270",
    [["path", { d: "M3 3 L3 9 M3 5 L6 3 M10 9 L13 12 M13 9 L10 12 M8 13 L8 15", stroke: "#3d414b", "stroke-width": 0.8, fill: "none" }]],
  ],
  ["bwt-floor-garden", 10, "#2f6b35", [["path", { d: "M2 9 L3 5 M6 10 L7 6 M8 4 L9 1", stroke: "#3f8a45", "stroke-width": 0.9 }]]],
  [
    "bwt-floor-sand",
    12,
    "#d7b57a",
    [["path", { d: "M0 4 Q3 2 6 4 T12 4 M0 10 Q3 8 6 10 T12 10", stroke: "#c49c5e", "stroke-width": 0.8, fill: "none" }]],
  ],
  ["bwt-floor-ocean", 14, "#0f3f66", [["path", { d: "M0 7 Q3.5 4 7 7 T14 7", stroke: "#2a77a8", "stroke-width": 0.9, fill: "none" }]]],
  [
    "bwt-floor-space",
    20,
    "#0b0a1f",
    STARS.map(([cx, cy, r]) => /** @type {Shape} */ (["circle", { cx, cy, r, fill: "#fff", "fill-opacity": 0.85 }])),
  ],
  ["bwt-floor-neon", 12, "#08081a", [["path", { d: "M0 0 H12 M0 0 V12", stroke: "#1ee3ff", "stroke-opacity": 0.35, "stroke-width": 0.6 }]]],
];

export function ensureDefs(root) {
  if (root.querySelector(".bwt-defs")) return;
  const holder = svg("svg", { class: "bwt-defs", "aria-hidden": "true", width: 0, height: 0 });
  root.prepend(holder);
  const defs = svg("defs", {}, holder);
  // Stone material overlays: white and black only, so the colours stay as they are.
  radial(
    defs,
    "bwt-gloss-simple",
    [
      ["0%", "#fff", 0.45],
      ["45%", "#fff", 0.06],
      ["100%", "#000", 0.22],
    ],
    { cx: "35%", cy: "30%", r: "75%" },
  );
  radial(
    defs,
    "bwt-gloss-garden",
    [
      ["0%", "#fff", 0.22],
      ["60%", "#fff", 0.02],
      ["100%", "#000", 0.3],
    ],
    { cx: "40%", cy: "35%", r: "70%" },
  );
  const grain = svg(
    "pattern",
    { id: "bwt-grain", width: 0.25, height: 0.25, patternContentUnits: "objectBoundingBox", patternUnits: "objectBoundingBox" },
    defs,
  );
  svg("rect", { width: 0.25, height: 0.25, fill: "#000", "fill-opacity": 0.06 }, grain);
  svg("circle", { cx: 0.05, cy: 0.07, r: 0.025, fill: "#fff", "fill-opacity": 0.35 }, grain);
  svg("circle", { cx: 0.17, cy: 0.15, r: 0.02, fill: "#000", "fill-opacity": 0.35 }, grain);
  svg("circle", { cx: 0.2, cy: 0.04, r: 0.015, fill: "#fff", "fill-opacity": 0.25 }, grain);
  radial(
    defs,
    "bwt-gloss-ocean",
    [
      ["0%", "#fff", 0.75],
      ["22%", "#fff", 0.18],
      ["70%", "#fff", 0],
      ["100%", "#fff", 0.35],
    ],
    { cx: "32%", cy: "28%", r: "80%" },
  );
  radial(
    defs,
    "bwt-gloss-runes",
    [
      ["0%", "#000", 0],
      ["55%", "#000", 0.05],
      ["100%", "#000", 0.5],
    ],
    { cx: "50%", cy: "55%", r: "55%" },
  );
  radial(defs, "bwt-gloss-neon", [
    ["0%", "#fff", 0.3],
    ["50%", "#fff", 0],
    ["100%", "#fff", 0.15],
  ]);
  linear(defs, "bwt-gloss-space", [
    ["0%", "#fff", 0.55],
    ["30%", "#fff", 0.05],
    ["52%", "#000", 0.25],
    ["70%", "#fff", 0.3],
    ["100%", "#000", 0.35],
  ]);
  linear(defs, "bwt-joker", [
    ["0%", "#ff6fb5"],
    ["35%", "#ffb347"],
    ["65%", "#3fd3a8"],
    ["100%", "#5b8cff"],
  ]);
  // Bowls (the tiled ones: TILES, with the ring floors).
  radial(defs, "bwt-bowl-garden", [
    ["0%", "#6b3a22"],
    ["62%", "#a65a33"],
    ["100%", "#d08650"],
  ]);
  radial(
    defs,
    "bwt-bowl-ocean",
    [
      ["0%", "#7fe3ea"],
      ["45%", "#23a0b8"],
      ["100%", "#0f4f72"],
    ],
    { cx: "45%", cy: "40%" },
  );
  radial(
    defs,
    "bwt-bowl-space",
    [
      ["0%", "#8878e8"],
      ["55%", "#3b2d82"],
      ["100%", "#140f33"],
    ],
    { cx: "35%", cy: "35%", r: "70%" },
  );
  for (const [id, size, ground, shapes] of TILES) {
    const tiled = svg("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, defs);
    svg("rect", { width: size, height: size, fill: ground }, tiled);
    for (const [tag, attrs] of shapes) svg(tag, attrs, tiled);
  }
}

// ----- the toast of new achievements (W24) ------------------------------------------------

/**
 * A toast for each new achievement and the theme it opened: the answer's
 * "achievement" events, {id, theme}. show() answers the words to announce.
 * @param {HTMLElement} root @param {Translate} t @param {(fn: () => void, ms: number) => void} later
 */
export function createToast(root, t, later) {
  // Not a live region: the page announces the toast's words once, each a sentence (P11).
  const toast = html("div", { class: "bwt-toast" }, root);
  let shown = 0;
  /** @param {Bowls.Event[]} events @returns {string | null} */
  function show(events) {
    const achieved = events.filter((e) => e.type === "achievement");
    if (!achieved.length) return null;
    toast.replaceChildren();
    const said = achieved.map(({ id, theme }) => {
      const item = html("div", { class: "bwt-toast-item", "data-achievement": id }, toast);
      const earned = t("bowls.toast.earned", { name: t(`bowls.ach.${id}`) });
      html("strong", {}, item, earned);
      if (!theme) return earned;
      const opened = t("bowls.toast.theme", { theme: t(`bowls.theme.${theme}`) });
      html("span", {}, item, opened);
      return `${earned}. ${opened}`;
    });
    toast.classList.add("show");
    const mine = ++shown;
    later(() => {
      if (mine === shown) toast.classList.remove("show");
    }, 5200);
    return said.join(". ");
  }
  return { show };
}

// ----- the gallery (open to anyone; only unlocked themes can be used) -------------------
const SAMPLE = ["RGB", "YP", "GJX"];

/** @param {HTMLElement} parent @param {string} name */
function swatch(parent, name) {
  const art = svg("svg", { viewBox: "-80 -34 160 68", class: `bwt-swatch bowls-theme-${name}`, "aria-hidden": "true" }, parent);
  svg("rect", { x: -80, y: -34, width: 160, height: 68, rx: 10, class: "bwt-swatch-bg" }, art);
  SAMPLE.forEach((stones, i) => {
    const g = svg("g", { class: "bw-bowl", transform: `translate(${-50 + 50 * i} 0)` }, art);
    svg("circle", { r: 24, class: "bw-body" }, g);
    svg("circle", { r: 21, class: "bw-inner" }, g);
    [...stones].forEach((stone, k) => {
      const a = ((-90 + 60 * k) * Math.PI) / 180;
      drawStone(g, stone, 14 * Math.cos(a), 14 * Math.sin(a), 6.9);
    });
  });
  return art;
}

/** @param {HTMLElement} list @param {Bowls.ThemeView} theme @param {string} current @param {Translate} t @param {(name: string) => void} use */
function tile(list, { name, unlocked, needed }, current, t, use) {
  const item = html("li", { class: `bwt-tile${unlocked ? "" : " locked"}${current === name ? " current" : ""}`, "data-theme": name }, list);
  swatch(item, name);
  const info = html("div", { class: "bwt-tile-info" }, item);
  html("h3", {}, info, t(`bowls.theme.${name}`));
  html("p", { class: "bwt-about" }, info, t(`bowls.themeAbout.${name}`));
  if (!unlocked) {
    const lock = html("p", { class: "bwt-lock" }, info);
    lockIcon(lock);
    html("span", {}, lock, t("bowls.gallery.locked", { count: needed }));
  } else if (current === name) {
    html("p", { class: "bwt-in-use" }, info, `✓ ${t("bowls.gallery.inUse")}`);
  } else {
    html("button", { class: "btn bwt-use", type: "button", "data-theme": name }, info, t("bowls.gallery.use")).addEventListener(
      "click",
      () => use(name),
    );
  }
}

/**
 * The gallery's content (the kit dialog holds it): the themes as tiles and the achievements.
 * @param {HTMLElement} body @param {Bowls.Awards} awards @param {Translate} t @param {(name: string) => void} use
 */
export function renderGallery(body, awards, t, use) {
  body.replaceChildren();
  const gallery = html("div", { class: "bwt-gallery" }, body);
  const list = html("ul", { class: "bwt-tiles" }, gallery);
  for (const theme of awards.themes) tile(list, theme, awards.theme, t, use);
  const achievements = html("div", { class: "bwt-achievements" }, gallery);
  html("h3", {}, achievements, t("bowls.gallery.achievements", { n: awards.earned, total: awards.achievements.length }));
  const ul = html("ul", { class: "bwt-ach-list" }, achievements);
  for (const { id, earned } of awards.achievements) {
    const li = html("li", { class: earned ? "done" : "", "data-achievement": id }, ul);
    html("span", { class: "bwt-ach-mark", "aria-hidden": "true" }, li, earned ? "★" : "☆");
    html("span", {}, li, `${t(`bowls.ach.${id}`)} — ${earned ? t("bowls.gallery.earned") : t("bowls.gallery.todo")}`);
  }
}

/**
 * The mode card's content (screens.js draws it).
 * @param {Bowls.Awards} awards @param {Translate} t @param {() => void} open
 * @returns {import("./screens.js").ModeCard}
 */
export function themesCard(awards, t, open) {
  return {
    id: "themes",
    title: t("bowls.gallery.card"),
    sub: t("bowls.gallery.pitch"),
    best: t("bowls.gallery.count", { n: awards.unlocked, total: awards.themes.length }),
    buttons: [{ label: t("bowls.gallery.open"), cls: "bwt-open", primary: false, action: open }],
  };
}

/** The root's theme class (one the engine named, or the one stored for the first paint). @param {HTMLElement} root @param {string} name */
export function applyTheme(root, name) {
  if (!/^[a-z]+$/.test(name)) return;
  [...root.classList].filter((c) => c.startsWith("bowls-theme-")).forEach((c) => root.classList.remove(c));
  root.classList.add(`bowls-theme-${name}`);
}
