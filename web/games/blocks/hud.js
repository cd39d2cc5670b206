// Everything around the board (B21, B16, B17): score with the streak bonus,
// the 6E meter (as many edges as the engine's geometry says), Crowns, best,
// re-deal, New run and the player card. It only shows numbers the engine reports.
import { html, svg } from "../../svg.js";
import { statBox } from "../../kit/hud.js";

const METER_R = 20;

/**
 * @typedef {object} Format
 * @property {(key: string, vars?: Record<string, unknown>) => string} t
 * @property {(value: number) => string} number
 */

/**
 * @typedef {object} Hud
 * @property {HTMLButtonElement} newRun
 * @property {HTMLButtonElement} redeal
 * @property {HTMLElement} meterBox
 * @property {HTMLElement} crowns
 * @property {(parent: HTMLElement) => void} addButtons
 * @property {(edges: number, points: number) => void} setMeterEdges the geometry's edges and a Crown's points
 * @property {(view: Blocks.View) => void} render
 * @property {(event: {before: number, after: number, edges: number[]}, crown: boolean) => void} animateMeter not run with reduced motion
 */

/** The meter's edges, clockwise from the top corner; edge i lights as the i-th row clears. */
function meterArt(/** @type {Element} */ parent) {
  const art = svg("svg", { viewBox: "-26 -26 52 52", class: "bk-meter", "aria-hidden": "true" }, parent);
  const edgesGroup = svg("g", {}, art);
  svg("text", { x: 0, y: 5, "text-anchor": "middle", class: "bk-meter-text" }, art).textContent = "6E";
  /** @type {Element[]} */
  let edges = [];
  /** @param {number} n */
  function reshape(n) {
    edgesGroup.replaceChildren();
    /** Corner i's x (Math.cos) or y (Math.sin). @param {number} i @param {(a: number) => number} axis */
    const at = (i, axis) => METER_R * axis((2 * Math.PI * i) / n - Math.PI / 2);
    edges = Array.from({ length: n }, (_, i) =>
      svg(
        "line",
        {
          x1: at(i, Math.cos),
          y1: at(i, Math.sin),
          x2: at(i + 1, Math.cos),
          y2: at(i + 1, Math.sin),
          class: "bk-edge",
          "data-edge": i,
        },
        edgesGroup,
      ),
    );
  }
  return { art, reshape, edges: () => edges };
}

/**
 * Builds the title and the stats now; the buttons (re-deal, New run, Rules)
 * come from addButtons(), called after the board and tray are in place, so
 * the Tab order is board, tray, then the HUD buttons. CSS grid areas put
 * every part where it is seen (blocks.css). The HUD explains itself: the
 * meter says what it does, a hint line shows until the run's first clear,
 * and a rising score counts up (`countUp`, the juice kit's).
 * @param {HTMLElement} root @param {Format} fmt
 * @param {{countUp?: (el: HTMLElement, to: number) => void, replay?: boolean}} [options] `replay`: a replay's HUD (its
 *   keys are D alone: it takes no move, so the hint names no C or T)
 * @returns {Hud}
 */
export function createHud(root, { t, number }, { countUp, replay = false } = {}) {
  html("h1", { class: "bk-title" }, root, t("blocks.title"));
  const score = statBox(root, "bk-score", t("blocks.score"));
  score.box.setAttribute("aria-live", "off");
  // The streak line always takes its height (hidden, not removed): a streak
  // starting or ending must never move the board.
  const streak = html("span", { class: "bk-streak" }, score.box);
  const best = statBox(root, "bk-best", t("blocks.best"));
  const meterBox = html("div", { class: "stat bk-meter-box" }, root);
  html("span", { class: "label" }, meterBox, t("blocks.meter"));
  const meterRow = html("span", { class: "bk-meter-row" }, meterBox);
  const meter = meterArt(meterRow);
  // beside the meter: the Crowns, and what the meter does, always in sight
  // (players: "METER / 6E next to a crown explains nothing")
  const side = html("span", { class: "bk-meter-side" }, meterRow);
  // Written as every view writes it, so the first view does not widen it (a layout shift).
  const crowns = html("span", { class: "bk-crowns value", title: t("blocks.crowns") }, side, `♛ ${number(0)}`);
  const note = html("span", { class: "bk-meter-note" }, side);
  // one line of what to do, until the run's first clear (it keeps its height: the board never moves)
  const hint = html("p", { class: "bk-hint" }, root, t("blocks.hint"));
  html("p", { class: "sr-only bk-keys-hint" }, root, t(replay ? "blocks.describeHintReplay" : "blocks.describeHint"));
  const redeal = /** @type {HTMLButtonElement} */ (html("button", { class: "btn bk-redeal", type: "button" }, null, t("blocks.redeal")));
  const tools = html("div", { class: "bk-tools" }, null);
  const newRun = /** @type {HTMLButtonElement} */ (html("button", { class: "btn bk-new", type: "button" }, tools, t("blocks.newRun")));
  html("a", { class: "btn bk-rules", href: "#/rules/blocks" }, tools, t("blocks.rules"));
  /** @type {Blocks.View | null} */
  let shown = null;

  // data-meter and the label always hold the engine's value; the edges' classes
  // may run a short animation behind it, cancelled by the next view drawn.
  /** @type {ReturnType<typeof setTimeout>[]} */
  let timers = [];
  const showEdges = (/** @type {number} */ value) => meter.edges().forEach((edge, i) => edge.classList.toggle("lit", i < value));

  /** @param {Blocks.View} view */
  function render(view) {
    if (view === shown) return; // the same view: an animation running behind it goes on
    const previous = shown;
    shown = view;
    hint.classList.toggle("done", view.rows_cleared > 0 || view.over);
    if (countUp && previous && view.score > previous.score) {
      score.value.dataset.value = String(view.score);
      countUp(score.value, view.score);
    } else score.set(number(view.score), view.score);
    score.box.dataset.score = String(view.score);
    const on = view.bonus > 0;
    streak.classList.toggle("on", on);
    streak.textContent = on ? t("blocks.streak", { bonus: view.bonus }) : "";
    streak.dataset.bonus = String(view.bonus);
    if (on) streak.title = t("blocks.streakLabel", { count: view.streak, bonus: view.bonus });
    else streak.removeAttribute("title");
    best.set(number(view.profile.best), view.profile.best);
    best.box.dataset.best = String(view.profile.best);
    crowns.textContent = `♛ ${number(view.crowns)}`;
    crowns.dataset.crowns = String(view.crowns);
    crowns.setAttribute("aria-label", t("blocks.crownsLabel", { count: view.crowns }));
    timers.forEach(clearTimeout);
    timers = [];
    meter.art.classList.remove("crowned");
    showEdges(view.meter);
    meterBox.dataset.meter = String(view.meter);
    meterBox.setAttribute("aria-label", t("blocks.meterLabel", { count: view.meter, edges: meter.edges().length }));
    redeal.disabled = view.redeals < 1 || view.over;
    redeal.classList.toggle("offered", view.redeal_offered);
    redeal.setAttribute("aria-label", view.redeals < 1 ? t("blocks.redealUsed") : t("blocks.redealLabel"));
  }

  // Light the new edges one by one from the old value; a Crown fills the
  // meter gold, then the carried-over edges show.
  function animateMeter(/** @type {{before: number, after: number, edges: number[]}} */ event, crown = false) {
    const edges = meter.edges();
    const later = (/** @type {() => void} */ fn, /** @type {number} */ ms) => timers.push(setTimeout(fn, ms));
    showEdges(event.before);
    event.edges.forEach((edge, n) => {
      later(() => {
        if (edge === 0 && n > 0) showEdges(0); // a Crown was taken: start again
        edges[edge]?.classList.add("lit", "flash");
        later(() => edges[edge]?.classList.remove("flash"), 300);
        if (edge === edges.length - 1 && crown) meter.art.classList.add("crowned");
      }, 90 * n);
    });
    later(
      () => {
        meter.art.classList.remove("crowned");
        showEdges(event.after);
      },
      90 * event.edges.length + (crown ? 500 : 0),
    );
  }

  return {
    newRun,
    redeal,
    addButtons: (parent) => {
      parent.append(redeal, tools);
    },
    meterBox,
    crowns,
    setMeterEdges: (edges, points) => {
      meter.reshape(edges);
      if (typeof points === "number") {
        // an older stored geometry has none: the engine's follows
        const vars = { edges, points: number(points) };
        note.textContent = t("blocks.meterNote", vars);
        meterBox.setAttribute("aria-description", t("blocks.meterHelp", vars));
      }
      if (shown) {
        const v = shown;
        shown = null;
        render(v);
      }
    },
    render,
    animateMeter,
  };
}

/**
 * The player card (B16): stars, best, Crowns and runs as the engine counts them.
 * @param {HTMLElement} root @param {Format} fmt
 * @returns {{render: (profile: Blocks.Card) => void}}
 */
export function createCard(root, { t, number }) {
  const card = html("section", { class: "bk-card", "aria-labelledby": "bk-card-title" }, root);
  html("h2", { id: "bk-card-title" }, card, t("blocks.card"));
  const list = html("dl", {}, card);
  /** @type {Array<[keyof Blocks.Card, HTMLElement]>} */
  const items = /** @type {const} */ (["stars", "best", "crowns", "runs"]).map((name) => {
    const row = html("div", { class: `bk-card-${name}` }, list);
    html("dt", {}, row, t(`blocks.card.${name}`));
    return [name, html("dd", {}, row, "0")];
  });
  return {
    render(profile) {
      for (const [name, node] of items) {
        node.textContent = number(profile[name]);
        node.dataset.value = String(profile[name]);
      }
    },
  };
}
