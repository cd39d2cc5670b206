// The page's parts and its one drawing function: `render(parts, state)` draws
// the state (the engine's view, the falling tile it told last, the phase)
// into the DOM and changes nothing else. What the page is doing lives in the
// state object (state.js), what the game is lives in the view.
import { html } from "../../svg.js";
import { createHud } from "./hud.js";
import { createStart } from "./screens.js";
import { createWell } from "./well.js";

const PAD = [
  ["left", "◀", "domino.pad.left"],
  ["ccw", "⟲", "domino.pad.ccw"],
  ["cw", "⟳", "domino.pad.cw"],
  ["right", "▶", "domino.pad.right"],
  ["soft", "▼", "domino.pad.soft"],
  ["hard", "⤓", "domino.pad.hard"],
];

/**
 * The page's DOM, built once: header with the mode chip, start screen, well, HUD, pad.
 * @param {HTMLElement} root @param {import("./cards.js").Format} fmt
 * @param {{ onStart: (mode: string, set: string) => void, onDaily: () => void }} on the start screen's buttons
 * @param {import("../../kit/juice.js").Juice} juice the page's juice (the HUD counts its scores up)
 */
export function layout(root, fmt, on, juice) {
  const { t } = fmt;
  root.classList.add("dd");
  html("link", { rel: "stylesheet", href: new URL("../../css/domino.css", import.meta.url) }, root);
  const header = html("header", { class: "game-header dd-header" }, root);
  html("h1", {}, header, t("domino.title"));
  const chip = html("span", { class: "dd-chip", hidden: true }, header);
  const chipMode = html("span", { class: "dd-chip-mode" }, chip);
  html("span", { class: "dd-chip-sep" }, chip, " · ");
  const chipSet = html("span", { class: "dd-chip-set" }, chip);
  html("a", { class: "btn dd-rules", href: "#/rules/domino" }, header, t("domino.rules"));
  const pauseButton = html("button", { type: "button", class: "btn dd-pause", "aria-label": t("domino.pause"), hidden: true }, header);
  html("span", { "aria-hidden": "true", class: "dd-pause-icon" }, pauseButton);

  const start = createStart(root, fmt, on);
  const play = html("div", { class: "dd-play", hidden: true }, root);
  const stage = html("div", { class: "dd-stage" }, play);
  const hud = createHud(play, stage, fmt, juice);
  const well = createWell(stage, {
    label: (width, height) => t("domino.wellLabel", { width: fmt.number(width), height: fmt.number(height) }),
  });
  const pad = html("div", { class: "dd-pad", role: "group", "aria-label": t("domino.pad") }, play);
  for (const [what, glyph, label] of PAD) {
    const b = html("button", { type: "button", class: `dd-key dd-key-${what}`, "data-do": what, "aria-label": t(label) }, pad);
    html("span", { "aria-hidden": "true" }, b, glyph);
  }
  html("p", { class: "dd-help" }, play, t("domino.help"));
  return { root, fmt, chip, chipMode, chipSet, pauseButton, start, play, hud, well, pad };
}

/** @typedef {ReturnType<typeof layout>} Parts */

/**
 * Draw the state: the screen of the phase, the well, the falling tile (none while a turn animates),
 * the HUD, the mode chip, and the data-* the tests wait on.
 * @param {Parts} parts @param {import("./state.js").State} state
 */
export function render(parts, state) {
  const { view, phase } = state;
  const shown = phase !== "start" && view !== null;
  for (const node of [parts.play, parts.pauseButton, parts.chip]) node.hidden = !shown;
  parts.pauseButton.hidden ||= phase === "replay"; // a replay is watched, not played
  parts.root.dataset.phase = phase;
  if (!shown) return;
  parts.start.hide();
  parts.chipMode.textContent = parts.fmt.t(`domino.mode.${view.mode}`);
  parts.chipSet.textContent = parts.fmt.t(`domino.set.${view.set}`);
  parts.well.setSize(view.width, view.height);
  parts.well.drawStill(view);
  parts.well.drawFalling(state.animating ? null : state.falling, true);
  parts.hud.render(view);
  parts.root.dataset.turns = String(view.turns); // the engine's count of resolved turns (tests wait on it)
}
