// The well (D1) as SVG in layers: frame, resting halves (redrawn only when the
// engine's well text changes), landing, falling tile (moved by one transform per
// frame), and the cascade animation replaying the engine's events.
import { svg } from "../../svg.js";
import { CELL, drawHalf, drawTile } from "./pips.js";

const PAD = 1.2;
const FADE_MS = 280;
const FALL_MS_PER_ROW = 55;

/**
 * Where the falling tile would land (the row the engine's view calls `ghost`), none when it is there already.
 * @param {SVGGElement} layer @param {Domino.FallingView} tile
 */
function drawLanding(layer, tile) {
  layer.replaceChildren();
  if (tile.ghost === tile.row) return;
  for (const [dc, dr] of tile.halves) {
    svg(
      "rect",
      {
        x: (tile.col + dc) * CELL + 0.9,
        y: (tile.ghost + dr) * CELL + 0.9,
        width: CELL - 1.8,
        height: CELL - 1.8,
        rx: 1.6,
        class: "dd-landing-cell",
      },
      layer,
    );
  }
}

/** An animation's end; one cancelled (the page left) ends it too. @param {Animation} animation */
const wait = (animation) =>
  animation.finished.then(
    () => undefined,
    () => undefined,
  );

/**
 * A cancelled half vanishes (D12): it flashes and fades (reduced motion: it only fades, faster).
 * @param {SVGGElement} node @param {boolean} reduced @returns {Promise<void>} the fade's end
 */
function vanish(node, reduced) {
  return wait(
    node.animate(
      reduced
        ? [{ opacity: 1 }, { opacity: 0 }]
        : [
            { opacity: 1, filter: "brightness(1)" },
            { opacity: 1, filter: "brightness(1.6)", offset: 0.35 },
            { opacity: 0, filter: "brightness(1.6)" },
          ],
      { duration: reduced ? 200 : FADE_MS, easing: "ease-out", fill: "forwards" },
    ),
  );
}

/**
 * A resting half falls `rows` rows while its piece settles (D10). Its offset so far is kept on the node
 * (`data-dy`), so a later fall in the same turn starts where this one stopped.
 * @param {SVGGElement} node @param {number} rows @param {boolean} jump at once: reduced motion, or the turn was hurried
 * @returns {Promise<void> | null} the fall's end, none when it jumped
 */
function fall(node, rows, jump) {
  const from = Number(node.dataset.dy || 0);
  const to = from + rows * CELL;
  node.dataset.dy = String(to);
  if (jump) {
    node.style.transform = `translate(0px, ${to}px)`;
    return null;
  }
  return wait(
    node.animate([{ transform: `translate(0px, ${from}px)` }, { transform: `translate(0px, ${to}px)` }], {
      duration: Math.min(480, 90 + FALL_MS_PER_ROW * rows),
      easing: "cubic-bezier(.45,0,1,1)",
      fill: "forwards",
    }),
  );
}

/**
 * @param {HTMLElement} parent
 * @param {{ label: (width: number, height: number) => string }} options the well's name for its size
 */
export function createWell(parent, { label }) {
  const root = /** @type {SVGSVGElement} */ (svg("svg", { class: "dd-well", role: "img", tabindex: "0" }, parent));
  const [frame, still, landing, falling] = ["frame", "still", "landing", "falling"].map((layer) =>
    svg("g", { class: `dd-${layer}`, "aria-hidden": "true" }, root),
  );
  let size = { width: 0, height: 0 };
  /** @type {Map<string, SVGGElement>} "c,r" -> node of a resting half */
  let cells = new Map();
  let wellKey = /** @type {string | null} */ (null);
  let tileKey = /** @type {string | null} */ (null);
  let landingKey = /** @type {string | null} */ (null);
  let hurried = false; // a new action came: the turn's animation ends at once

  /** The frame of a well this size (D1: the engine's view says it). @param {number} width @param {number} height */
  function setSize(width, height) {
    if (width === size.width && height === size.height) return;
    size = { width, height };
    root.setAttribute("aria-label", label(width, height));
    root.setAttribute("viewBox", `${-PAD} ${-PAD} ${width * CELL + 2 * PAD} ${height * CELL + 2 * PAD}`);
    root.style.setProperty("--ratio", `${width * CELL + 2 * PAD} / ${height * CELL + 2 * PAD}`);
    frame.replaceChildren();
    svg("rect", { x: -PAD, y: -PAD, width: width * CELL + 2 * PAD, height: height * CELL + 2 * PAD, rx: 2.4, class: "dd-bg" }, frame);
    for (let c = 1; c < width; c += 1) {
      svg("line", { x1: c * CELL, y1: 0, x2: c * CELL, y2: height * CELL, class: "dd-col" }, frame);
    }
    svg("rect", { x: 0, y: 0, width: width * CELL, height: CELL, class: "dd-spawn" }, frame);
    wellKey = null;
  }

  /** The resting halves, redrawn only when the engine's well text changed. @param {Domino.View} view */
  function drawStill(view) {
    if (view.well === wellKey) return;
    wellKey = view.well;
    still.replaceChildren();
    cells = new Map();
    for (const [c, r, pip, link] of view.cells) cells.set(`${c},${r}`, drawHalf(still, c, r, pip, link));
  }

  /**
   * Per frame: place the falling tile (smooth: the engine says how much of the
   * gravity step has passed) and where it lands (the engine's landing row, `ghost`).
   * @param {Domino.FallingView | null} tile @param {boolean} [reduced]
   */
  function drawFalling(tile, reduced = true) {
    for (const layer of [falling, landing]) layer.style.display = tile ? "" : "none";
    if (!tile) {
      falling.dataset.at = "-";
      tileKey = null;
      return;
    }
    const key = `${tile.a}-${tile.b}-${tile.orient}`;
    if (key !== tileKey) {
      tileKey = key;
      falling.replaceChildren();
      drawTile(falling, tile.halves, "dd-live");
    }
    // A move the player made shows at once, on the first frame after the engine's answer:
    // no easing between columns (it read as input lag). Only gravity's fall is smooth.
    const y = reduced ? tile.row : tile.row + Math.min(tile.fall, 0.98);
    falling.setAttribute("transform", `translate(${(tile.col * CELL).toFixed(2)} ${(y * CELL).toFixed(2)})`);
    falling.dataset.resting = tile.lock > 0 ? "1" : "0";
    const at = `${tile.col}:${tile.row}@${tile.orient}`;
    if (falling.dataset.at !== at) falling.dataset.at = at; // the engine's position, for tests and tools
    falling.style.setProperty("--lock", String(tile.lock));
    const gk = `${tile.col},${tile.ghost},${tile.orient},${tile.row === tile.ghost}`;
    if (gk !== landingKey) {
      landingKey = gk;
      drawLanding(landing, tile);
    }
  }

  /**
   * Replay one turn's events: the tile locks, cancelled halves fade, pieces
   * fall step by step (reduced motion: fades only, falls jump).
   * @param {Domino.Event[]} events @param {boolean} reduced @param {(step: Domino.CancelledEvent) => void} [onStep]
   */
  async function playTurn(events, reduced, onStep) {
    drawFalling(null);
    hurried = false;
    for (const event of events) {
      if (event.type === "locked") {
        for (const [c, r, pip, link] of event.cells) cells.set(`${c},${r}`, drawHalf(still, c, r, pip, link, "dd-new"));
      } else if (event.type === "cancelled") {
        onStep?.(event);
        const nodes = /** @type {SVGGElement[]} */ (event.cells.map(([c, r]) => cells.get(`${c},${r}`)).filter(Boolean));
        event.cells.forEach(([c, r]) => cells.delete(`${c},${r}`));
        nodes.forEach((n) => n.classList.add("dd-vanish"));
        if (!hurried) await Promise.all(nodes.map((n) => vanish(n, reduced)));
        nodes.forEach((n) => n.remove());
      } else if (event.type === "fell") {
        const moves = event.pieces.flatMap((piece) =>
          piece.cells.flatMap(([c, r]) => {
            const node = cells.get(`${c},${r}`);
            cells.delete(`${c},${r}`);
            return node ? [{ node, to: `${c},${r + piece.rows}`, rows: piece.rows }] : [];
          }),
        );
        moves.forEach(({ node, to }) => cells.set(to, node)); // every piece left its cells before any lands
        await Promise.all(moves.map(({ node, rows }) => fall(node, rows, reduced || hurried)));
      }
    }
    wellKey = null; // the final view redraws the resting halves from the engine's well
  }

  /** A new action: the running turn animation ends now and its later steps do not animate. */
  function hurry() {
    hurried = true;
    for (const animation of root.getAnimations({ subtree: true })) animation.finish();
  }

  /** The centre of cells [[c, r], ...] in client coordinates (floating points go there). @param {number[][]} at */
  function centre(at) {
    const matrix = root.getScreenCTM();
    const n = Math.max(1, at.length);
    const point = new DOMPoint(
      (at.reduce((sum, [c]) => sum + c, 0) / n + 0.5) * CELL,
      (at.reduce((sum, [, r]) => sum + r, 0) / n + 0.5) * CELL,
    );
    const { x, y } = matrix ? point.matrixTransform(matrix) : point;
    return { x, y };
  }

  /** The width of a cell on screen, px (touch gestures count columns by it). */
  function cellPixels() {
    const box = root.getBoundingClientRect();
    return size.width ? box.width / (size.width + (2 * PAD) / CELL) : 0;
  }

  return { root, setSize, drawStill, drawFalling, playTurn, hurry, centre, cellPixels };
}
