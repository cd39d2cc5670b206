// The scores (D13): Max, Power, Speed with one decimal; the set and the tiles
// left (D15, D16); the next tile (D4); a short pop for each scoring turn.
import { html, svg } from "../../svg.js";
import { CELL } from "./pips.js";
import { drawPreview } from "./well.js";

export function createHud(parent, popParent, { t, number }) {
  const box = html("div", { class: "dd-hud" }, parent);
  const next = html("div", { class: "dd-next stat" }, box);
  html("span", { class: "label" }, next, t("domino.next"));
  const nextArt = svg("svg", { viewBox: `-1 -1 ${2 * CELL + 2} ${CELL + 2}`, class: "dd-next-art", role: "img" }, next);
  const nextTiles = svg("g", {}, nextArt);
  const stat = (key, cls) => {
    const node = html("div", { class: `stat dd-${cls}` }, box);
    html("span", { class: "label" }, node, t(key));
    return html("span", { class: "value", "data-stat": cls }, node, "0");
  };
  const max = stat("domino.max", "max");
  const power = stat("domino.power", "power");
  const speed = stat("domino.speed", "speed");
  const setNode = html("div", { class: "stat dd-set" }, box);
  const setLabel = html("span", { class: "label" }, setNode, t("domino.set"));
  const setValue = html("span", { class: "value", "data-stat": "set" }, setNode, "1");
  const setSub = html("span", { class: "dd-sub", "data-stat": "left" }, setNode, "");
  const pop = html("div", { class: "dd-pop", "aria-hidden": "true" }, popParent);
  let nextKey = null;
  let speedText = null;
  let popTimer = 0;

  const oneDecimal = (v) => number(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  let speedValue = null;
  function setSpeed(value) {
    if (value === speedValue) return; // formatting every frame would cost more than the engine call
    speedValue = value;
    const text = oneDecimal(value);
    if (text !== speedText) speed.textContent = speedText = text;
  }

  function render(view) {
    max.textContent = number(view.max);
    power.textContent = number(view.power);
    setSpeed(view.speed);
    if (view.mode === "sprint") {
      setLabel.textContent = t("domino.left");
      setValue.textContent = number(view.tiles_to_play);
      setNode.title = t("domino.leftHint");
      setSub.textContent = "";
    } else {
      setLabel.textContent = t("domino.set");
      setValue.textContent = number(view.set_number);
      setNode.title = t("domino.leftHint");
      setSub.textContent = t("domino.leftShort", { count: view.tiles_to_play });
    }
    const key = view.next ? view.next.join("-") : "";
    if (key !== nextKey) {
      nextKey = key;
      drawPreview(nextTiles, view.next);
      nextArt.setAttribute("aria-label", view.next ? t("domino.nextLabel", { a: view.next[0], b: view.next[1] }) : t("domino.nextNone"));
    }
  }

  function flash(text, strong = false) {
    clearTimeout(popTimer);
    pop.textContent = text;
    pop.classList.remove("show", "strong");
    void pop.offsetWidth; // restart the CSS animation
    pop.classList.add("show");
    pop.classList.toggle("strong", strong);
    popTimer = setTimeout(() => pop.classList.remove("show"), 1400);
  }

  return { render, setSpeed, flash, destroy: () => clearTimeout(popTimer) };
}
