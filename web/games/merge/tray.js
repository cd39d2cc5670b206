// The tray: the current piece (a pair shown in its turn K, with the rotate
// arrows of M12) and the next piece. Pressing the current piece starts a drag
// or, without moving, sends the keyboard to the board.
import { html, svg } from "../../svg.js";
import { hexToPixel } from "../../hexlayout.js";
import { drawStone, pieceName, SIZE } from "./stones.js";

// Draw a piece into an SVG: a pair's anchor and partner around the centre, in
// turn k; `directions` (the engine's geometry, M4) gives the partner's offset.
export function drawPiece(art, piece, turn, directions, { centre = true, zoom = false } = {}) {
  art.replaceChildren();
  if (zoom) art.setAttribute("viewBox", piece.kind === "pair" ? "-18 -18 36 36" : "-13 -13 26 26");
  const [dq, dr] = directions[turn];
  const d = hexToPixel(dq, dr, SIZE);
  const pair = piece.kind === "pair";
  const ax = pair && centre ? -d.x / 2 : 0;
  const ay = pair && centre ? -d.y / 2 : 0;
  drawStone(art, piece.stones[0], ax, ay, { cls: "hm-anchor" });
  if (pair) drawStone(art, piece.stones[1], ax + d.x, ay + d.y, { cls: "hm-partner" });
}

// directions() reads the engine's geometry when drawing (it may come after the frame).
export function createTray(parent, { t, directions, onRotate, onPress }) {
  const tray = html("div", { class: "hm-tray", role: "group", "aria-label": t("merge.tray") }, parent);
  const left = html("button", { class: "btn hm-rotate hm-rotate-ccw", type: "button", "aria-label": t("merge.rotateLeft"), title: t("merge.rotateLeftHint") }, tray, "\u21BA");
  const box = html("div", { class: "hm-current-box" }, tray);
  html("span", { class: "hm-tray-label" }, box, t("merge.current"));
  const current = html("button", { class: "hm-current", type: "button" }, box);
  // The name comes from hidden text, not aria-label: the numbers drawn on the
  // stones are visible text that an aria-label would contradict (WCAG 2.5.3).
  const name = html("span", { class: "sr-only" }, current);
  const art = svg("svg", { viewBox: "-20 -20 40 40", class: "hm-piece-art", "aria-hidden": "true" }, current);
  const right = html("button", { class: "btn hm-rotate hm-rotate-cw", type: "button", "aria-label": t("merge.rotateRight"), title: t("merge.rotateRightHint") }, tray, "\u21BB");
  const nextBox = html("div", { class: "hm-next-box" }, tray);
  html("span", { class: "hm-tray-label" }, nextBox, t("merge.next"));
  const nextArt = svg("svg", { viewBox: "-20 -20 40 40", class: "hm-next-art", role: "img" }, nextBox);

  left.addEventListener("click", () => onRotate(-1));
  right.addEventListener("click", () => onRotate(1));
  current.addEventListener("pointerdown", (e) => onPress(e, current));
  current.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPress(null, current); }
  });
  current.addEventListener("click", (e) => e.preventDefault());

  function render(view) {
    const pair = view.current.kind === "pair";
    tray.dataset.kind = view.current.kind;
    left.hidden = !pair; // M12: singles and jokers have no rotation control
    right.hidden = !pair;
    drawPiece(art, view.current, view.turn, directions(), { zoom: true });
    drawPiece(nextArt, view.next, view.next.kind === "pair" ? view.turn : 0, directions(), { zoom: true });
    name.textContent = t(pair ? "merge.currentPairLabel" : "merge.currentLabel",
      { piece: pieceName(view.current, t), turn: t(`merge.dir.${view.turn}`) });
    nextArt.setAttribute("aria-label", t("merge.nextLabel", { piece: pieceName(view.next, t) }));
    current.disabled = view.over;
    left.disabled = !view.can_rotate;
    right.disabled = !view.can_rotate;
  }

  return { el: tray, current, render };
}
