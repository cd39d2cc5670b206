// Small UI pieces every game page uses: a fresh run seed and a stat box.
import { html } from "./svg.js";

// A fresh seed for a new run: 53 random bits, so it survives JSON exactly.
export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}

// A labelled number in the game header (styles: .stat .label/.value in base.css).
export function stat(parent, cls, label) {
  const box = html("div", { class: `stat ${cls}` }, parent);
  html("span", { class: "label" }, box, label);
  const value = html("span", { class: "value" }, box, "0");
  return { box, value };
}
