// The tray: the current piece (a pair shown in its turn K, with the rotate
// arrows of M12; singles and jokers have none) and the next piece. The page
// drags the current piece with the kit's tray drag and takes its keys.
import { html, svg } from "../../svg.js";
import { hexToPixel } from "../../hexlayout.js";
import { drawStone, pieceName, SIZE } from "./stones.js";

/**
 * Draw a piece into an SVG: a pair's anchor and partner around the centre, in
 * turn k; `directions` (the engine's geometry, M4) gives the partner's offset.
 * @param {Element} art @param {Merge.PieceView} piece @param {number} turn @param {number[][]} directions
 * @param {{centre?: boolean, zoom?: boolean}} [options]
 */
export function drawPiece(art, piece, turn, directions, { centre = true, zoom = false } = {}) {
  art.replaceChildren();
  const pair = piece.kind === "pair";
  if (zoom) art.setAttribute("viewBox", pair ? "-18 -18 36 36" : "-13 -13 26 26");
  const [dq, dr] = directions[turn];
  const d = hexToPixel(dq, dr, SIZE);
  const ax = pair && centre ? -d.x / 2 : 0;
  const ay = pair && centre ? -d.y / 2 : 0;
  drawStone(art, piece.stones[0], ax, ay, { cls: "hm-anchor" });
  if (pair) drawStone(art, piece.stones[1], ax + d.x, ay + d.y, { cls: "hm-partner" });
}

/**
 * @param {HTMLElement} parent
 * @param {{t: (key: string, vars?: Record<string, unknown>) => string, onRotate: (step: number) => void}} options
 */
export function createTray(parent, { t, onRotate }) {
  const tray = html("div", { class: "hm-tray", role: "group", "aria-label": t("merge.tray") }, parent);
  const rotateButton = (/** @type {string} */ cls, /** @type {string} */ name, /** @type {string} */ arrow) =>
    /** @type {HTMLButtonElement} */ (
      html("button", { class: `btn hm-rotate ${cls}`, type: "button", "aria-label": t(name), title: t(`${name}Hint`) }, tray, arrow)
    );
  const left = rotateButton("hm-rotate-ccw", "merge.rotateLeft", "\u21BA");
  const box = html("div", { class: "hm-current-box" }, tray);
  html("span", { class: "hm-tray-label" }, box, t("merge.current"));
  const current = /** @type {HTMLButtonElement} */ (html("button", { class: "hm-current", type: "button" }, box));
  // The name comes from hidden text, not aria-label: the numbers drawn on the
  // stones are visible text that an aria-label would contradict (WCAG 2.5.3).
  const name = html("span", { class: "sr-only" }, current);
  const art = svg("svg", { viewBox: "-20 -20 40 40", class: "hm-piece-art", "aria-hidden": "true" }, current);
  const right = rotateButton("hm-rotate-cw", "merge.rotateRight", "\u21BB");
  const nextBox = html("div", { class: "hm-next-box" }, tray);
  html("span", { class: "hm-tray-label" }, nextBox, t("merge.next"));
  const nextArt = svg("svg", { viewBox: "-20 -20 40 40", class: "hm-next-art", role: "img" }, nextBox);
  let drawn = "";

  left.addEventListener("click", () => onRotate(-1));
  right.addEventListener("click", () => onRotate(1));
  current.addEventListener("click", (e) => e.preventDefault());

  /** @param {Merge.View} view @param {number[][]} directions */
  function render(view, directions) {
    const key = JSON.stringify([view.current, view.next, view.turn, view.over, view.can_rotate]);
    if (key === drawn) return;
    drawn = key;
    const pair = view.current.kind === "pair";
    tray.dataset.kind = view.current.kind;
    drawPiece(art, view.current, view.turn, directions, { zoom: true });
    drawPiece(nextArt, view.next, view.next.kind === "pair" ? view.turn : 0, directions, { zoom: true });
    name.textContent = t(pair ? "merge.currentPairLabel" : "merge.currentLabel", {
      piece: pieceName(view.current, t),
      turn: t(`merge.dir.${view.turn}`),
    });
    nextArt.setAttribute("aria-label", t("merge.nextLabel", { piece: pieceName(view.next, t) }));
    current.disabled = view.over;
    for (const button of [left, right]) Object.assign(button, { hidden: !pair, disabled: !view.can_rotate });
  }

  return { current, rotate: right, render };
}
