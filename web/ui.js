// Small UI pieces every game page uses: a fresh run seed and a stat box.
import { html } from "./svg.js";

// A fresh seed for a new run: 32 random bits, the one seed rule of every engine
// (0 <= seed < 2**32, issue 12).
export function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

// A labelled number in the game header (styles: .stat .label/.value in base.css).
export function stat(parent, cls, label) {
  const box = html("div", { class: `stat ${cls}` }, parent);
  html("span", { class: "label" }, box, label);
  const value = html("span", { class: "value" }, box, "0");
  return { box, value };
}
