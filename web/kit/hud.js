// The HUD's stat box: a label over a number, the same in every game
// (styles: .stat .label/.value in base.css). The page passes text it formatted
// from the view; the box never computes anything.
import { html } from "../svg.js";

/**
 * @typedef {object} StatBox
 * @property {HTMLElement} box
 * @property {HTMLElement} value
 * @property {(text: string, raw?: string | number) => void} set shows `text`; `raw` goes to data-value
 */

/**
 * @param {HTMLElement} parent @param {string} cls @param {string} label
 * @returns {StatBox}
 */
export function statBox(parent, cls, label) {
  const box = html("div", { class: `stat ${cls}` }, parent);
  html("span", { class: "label" }, box, label);
  const value = html("span", { class: "value" }, box, "0");
  return {
    box,
    value,
    set(text, raw) {
      if (value.textContent !== text) value.textContent = text;
      if (raw !== undefined) value.dataset.value = String(raw);
    },
  };
}
