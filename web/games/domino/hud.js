// The scores (D13): Power (the score), Max, Speed with one decimal, each with a
// line that says what it counts; the set and the tiles left (D15,
// D16); the next tile (D4); a short pop for each scoring turn. Every number is
// the engine's view, formatted; the boxes are the kit's. Power and Max count up
// to a higher value through the juice (the exact number is in data-value at once).
import { statBox } from "../../kit/hud.js";
import { html, svg } from "../../svg.js";
import { oneDecimal } from "./cards.js";
import { CELL, drawTile } from "./pips.js";

const POP_MS = 1400;

/**
 * @param {HTMLElement} parent @param {HTMLElement} popParent
 * @param {import("./cards.js").Format} fmt
 * @param {import("../../kit/juice.js").Juice} juice
 */
export function createHud(parent, popParent, fmt, juice) {
  const { t, number } = fmt;
  const box = html("div", { class: "dd-hud" }, parent);
  const next = html("div", { class: "dd-next stat" }, box);
  html("span", { class: "label" }, next, t("domino.next"));
  const nextArt = svg("svg", { viewBox: `-1 -1 ${2 * CELL + 2} ${CELL + 2}`, class: "dd-next-art", role: "img" }, next);
  const nextTiles = svg("g", {}, nextArt);
  const [power, max, speed, set] = ["power", "max", "speed", "set"].map((cls) => {
    const made = statBox(box, `dd-${cls}`, t(`domino.${cls}`));
    made.value.dataset.stat = cls; // the tests and tools read the numbers by it
    if (cls !== "set") {
      // what the number counts, in one line (on phones: its description)
      const why = html("span", { class: "dd-why", id: `dd-why-${cls}` }, made.box, t(`domino.why.${cls}`));
      made.box.title = why.textContent ?? "";
      made.value.setAttribute("aria-describedby", why.id);
    }
    return made;
  });
  /** @type {Record<string, number | null>} the value each counting box shows or counts to */
  const shown = { max: null, power: null };

  /** A score: counted up from the old value when it grew (a turn scored), else set. @param {"max" | "power"} name @param {import("../../kit/hud.js").StatBox} stat @param {number} to */
  function score(name, stat, to) {
    const from = shown[name];
    shown[name] = to;
    if (from === to) return;
    stat.value.dataset.value = String(to);
    if (from !== null && to > from) juice.countUp(stat.value, to, number);
    else stat.set(number(to), to);
  }
  const setLabel = /** @type {HTMLElement} */ (set.box.querySelector(".label"));
  set.box.title = t("domino.leftHint");
  const setSub = html("span", { class: "dd-sub", "data-stat": "left" }, set.box, "");
  const pop = html("div", { class: "dd-pop", "aria-hidden": "true" }, popParent);
  let nextKey = /** @type {string | null} */ (null);
  let speedValue = /** @type {number | null} */ (null);
  let popTimer = 0;

  /** Speed changes every frame: formatted only when the engine's number changed. @param {number} value */
  function setSpeed(value) {
    if (value === speedValue) return;
    speedValue = value;
    speed.set(oneDecimal(fmt, value), value);
  }

  /** @param {Domino.View} view */
  function render(view) {
    score("power", power, view.power);
    score("max", max, view.max);
    setSpeed(view.speed);
    const sprint = view.mode === "sprint"; // one set: the tiles left; Marathon: the set and its tiles left
    setLabel.textContent = t(sprint ? "domino.left" : "domino.set");
    set.set(number(sprint ? view.tiles_to_play : view.set_number));
    setSub.textContent = sprint ? "" : t("domino.leftShort", { count: view.tiles_to_play });
    const key = view.next ? view.next.join("-") : "";
    if (key === nextKey) return;
    nextKey = key;
    nextTiles.replaceChildren(); // the next tile, horizontal, a left
    if (view.next)
      drawTile(nextTiles, [
        [0, 0, view.next[0], "r"],
        [1, 0, view.next[1], "l"],
      ]);
    nextArt.setAttribute("aria-label", view.next ? t("domino.nextLabel", { a: view.next[0], b: view.next[1] }) : t("domino.nextNone"));
  }

  /** @param {string} text @param {boolean} [strong] */
  function flash(text, strong = false) {
    clearTimeout(popTimer);
    pop.textContent = text;
    pop.classList.remove("show", "strong");
    void pop.offsetWidth; // restart the CSS animation
    pop.classList.add("show");
    pop.classList.toggle("strong", strong);
    popTimer = window.setTimeout(() => pop.classList.remove("show"), POP_MS);
  }

  return { render, setSpeed, flash, destroy: () => clearTimeout(popTimer) };
}
