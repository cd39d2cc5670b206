// The home screen: the four games with their pitch and best score.
import { html, svg } from "./svg.js";
import { mountBackup } from "./backup.js";

/** @typedef {import("./app.js").PageContext} PageContext */

export const GAMES = [
  { id: "blocks", icon: "hex" },
  { id: "domino", icon: "domino" },
  { id: "merge", icon: "merge" },
  { id: "bowls", icon: "bowls" },
];

/** @param {string} kind @param {Element} parent @returns {SVGSVGElement} */
function icon(kind, parent) {
  const art = svg("svg", { viewBox: "-50 -50 100 100", class: `card-art art-${kind}`, "aria-hidden": "true" }, parent);
  /** @param {number} x @param {number} y @param {number} s @param {string} cls */
  const hex = (x, y, s, cls) => {
    const pts = [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 180) * (60 * i - 30);
      return `${(x + s * Math.cos(a)).toFixed(1)},${(y + s * Math.sin(a)).toFixed(1)}`;
    });
    svg("polygon", { points: pts.join(" "), class: cls }, art);
  };
  if (kind === "hex") {
    [[0, 0], [17, 0], [-17, 0], [8.5, -15], [-8.5, -15], [8.5, 15], [-8.5, 15]].forEach(([x, y], i) => hex(x, y, 9.5, i % 3 ? "a1" : "a2"));
  } else if (kind === "domino") {
    svg("rect", { x: -16, y: -34, width: 32, height: 68, rx: 6, class: "a3" }, art);
    svg("line", { x1: -12, y1: 0, x2: 12, y2: 0, class: "a4" }, art);
    [[-7, -24], [0, -17], [7, -10], [-7, 10], [7, 10], [-7, 24], [7, 24]].forEach(([x, y]) => svg("circle", { cx: x, cy: y, r: 3.4, class: "a4f" }, art));
  } else if (kind === "merge") {
    /** @type {[number, number, string][]} */
    const stones = [[-14, 8, "2"], [14, 8, "2"], [0, -16, "4"]];
    stones.forEach(([x, y, label], i) => {
      hex(x, y, 15, i === 2 ? "a2" : "a1");
      svg("text", { x, y: y + 5, "text-anchor": "middle", class: "a4t" }, art).textContent = label;
    });
  } else {
    for (let i = 0; i < 12; i += 1) {
      const a = (Math.PI / 6) * i - Math.PI / 2;
      svg("circle", { cx: (34 * Math.cos(a)).toFixed(1), cy: (34 * Math.sin(a)).toFixed(1), r: 9, class: `a${1 + (i % 3)}` }, art);
    }
  }
  return art;
}

/** @param {HTMLElement} root @param {PageContext} ctx @returns {Promise<import("./app.js").PageView>} */
export async function mountHome(root, ctx) {
  const { t } = ctx;
  html("h1", { class: "home-title" }, root, t("shell.homeTitle"));
  html("p", { class: "home-lead" }, root, t("shell.homeLead"));
  const grid = html("ul", { class: "game-grid", role: "list" }, root);
  let anyBest = false;
  /** @type {Map<string, HTMLElement>} */
  const bests = new Map();
  for (const game of GAMES) {
    const item = html("li", {}, grid);
    const card = html("a", { class: `game-card card-${game.id}`, href: `#/${game.id}`, "data-game": game.id }, item);
    icon(game.icon, card);
    const text = html("div", { class: "card-text" }, card);
    html("h2", {}, text, t(`shell.game.${game.id}.name`));
    html("p", { class: "pitch" }, text, t(`shell.game.${game.id}.pitch`));
    const best = ctx.bestScore(game.id) || null;
    anyBest ||= best !== null;
    bests.set(game.id, showBest(html("p", { class: "best" }, text), best, ctx));
    // A sibling of the card (a link cannot hold a link), laid over its corner by CSS.
    html("a", { class: "rules-link", href: `#/rules/${game.id}`,
      "aria-label": `${t("shell.rules")}: ${t(`shell.game.${game.id}.name`)}` }, item, t("shell.rules"));
  }
  mountBackup(root, ctx);
  // A best score means a finished run: from then on, ask the browser to keep
  // our storage (navigator.storage.persist), as issue 10 item 6 asks.
  if (anyBest) ctx.askPersistence();
  // The cards show the stored headlines at once; the engines' answers follow.
  let gone = false;
  const settled = ctx.engineReady.then(() => Promise.all(GAMES.map(async (game) => {
    const best = (await ctx.freshBest(game.id)) || null;
    if (gone) return;
    showBest(bests.get(game.id), best, ctx);
    if (best !== null) ctx.askPersistence();
  })), () => {});
  // settled: the engines' answers are on the cards (the app's "interactive" waits for it)
  return { unmount() { gone = true; }, settled };
}

// A best of 0 is what merely opening a game leaves (issue 11): no score yet.
/** @param {HTMLElement} line @param {number | null} best @param {PageContext} ctx */
function showBest(line, best, ctx) {
  line.dataset.best = String(best ?? "");
  line.textContent = best === null ? ctx.t("shell.noBest") : ctx.t("shell.best", { score: ctx.number(best) });
  return line;
}
