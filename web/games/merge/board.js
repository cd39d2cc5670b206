// The SVG board of Hex Merge: 37 cells (M1), stones, the M13 preview (ghost
// stones, merging stones marked, coral dashed outline where illegal), the
// keyboard target marker (M12) and hit-testing for taps and drags.
import { svg } from "../../svg.js";
import { boardViewBox, hexCorners, hexToPixel, pixelToHex } from "../../hexlayout.js";
import { drawStone, SIZE } from "./stones.js";

const MARGIN = 3;

function parseCell(name) {
  const [q, r] = name.split(":").map(Number);
  return { q, r };
}

// What a preview answer (the placement's own events, M13) draws: the piece's
// stones on their cells, or the cells of a refused spot; the cells that merge
// and the points, as the engine counted them.
export function previewOf(answer) {
  const find = (type) => answer?.events.find((e) => e.type === type);
  const set = find("set");
  const scored = find("scored");
  return {
    legal: Boolean(answer?.accepted),
    cells: set?.cells ?? find("misfit")?.cells ?? [],
    values: set?.values ?? [],
    merging: scored?.merging ?? [],
    points: scored?.points ?? 0,
  };
}

// geometry may be null: the frame is drawn at once and the cells come with
// reshape(geometry) once known (stored beside the run, or the engine's answer).
export function createBoard(parent, { geometry, label }) {
  const root = svg("svg", {
    class: "hm-board",
    role: "application",
    "aria-roledescription": "board",
    "aria-label": label,
    tabindex: "0",
  }, parent);
  const layers = {};
  for (const name of ["cells", "stones", "preview", "target", "fx"]) layers[name] = svg("g", { class: `hm-layer-${name}` }, root);
  let cells = [];
  let index = new Map();
  let centre = [];
  let shown = [];
  let stones = [];

  // The cells of the engine's geometry (null: none yet); the stones are cleared.
  function reshape(next) {
    cells = next ? next.cells.slice() : [];
    index = new Map(cells.map((name, i) => [name, i]));
    centre = cells.map((name) => { const { q, r } = parseCell(name); return hexToPixel(q, r, SIZE); });
    if (next) root.setAttribute("viewBox", boardViewBox(next.radius, SIZE, MARGIN));
    else root.removeAttribute("viewBox");
    for (const layer of Object.values(layers)) layer.replaceChildren();
    cells.forEach((name, i) => {
      svg("polygon", { points: hexCorners(centre[i].x, centre[i].y, SIZE * 0.97), class: "hm-cell", "data-cell": name }, layers.cells);
    });
    shown = new Array(cells.length).fill(0);
    stones = new Array(cells.length).fill(null);
    clearPreview();
    delete root.dataset.target;
    describe();
  }

  function setBoard(values, born = []) {
    values.forEach((value, i) => {
      if (shown[i] === value && stones[i]) return;
      stones[i]?.remove();
      stones[i] = value === 0 ? null : drawStone(layers.stones, value, centre[i].x, centre[i].y, { cls: "" });
      stones[i]?.setAttribute("data-cell", cells[i]);
    });
    shown = values.slice();
    born.forEach((name) => stones[index.get(name)]?.classList.add("hm-born"));
    describe();
  }

  // A readable summary of the stones for screen readers (P11).
  let describeText = (v) => String(v);
  function describe() {
    const parts = [];
    shown.forEach((v, i) => { if (v !== 0) parts.push(`${cells[i]} ${describeText(v)}`); });
    root.setAttribute("aria-description", parts.join(", "));
  }

  function clearPreview() {
    layers.preview.replaceChildren();
    root.querySelectorAll(".hm-will-merge").forEach((n) => n.classList.remove("hm-will-merge"));
    delete root.dataset.preview;
  }

  // M13: the piece's stones on their cells, the stones that would merge marked;
  // an illegal spot shows a coral dashed outline (only the cells on the board).
  function showPreview(answer) {
    clearPreview();
    const shown = previewOf(answer);
    if (!shown.cells.length) return;
    if (!shown.legal) {
      for (const name of shown.cells) {
        const { x, y } = point(name);
        svg("polygon", { points: hexCorners(x, y, SIZE * 0.9), class: "hm-misfit" }, layers.preview);
      }
      root.dataset.preview = "illegal";
      return;
    }
    const merging = new Set(shown.merging);
    shown.cells.forEach((name, k) => {
      const { x, y } = point(name);
      drawStone(layers.preview, shown.values[k], x, y, { cls: `hm-ghost${merging.has(name) ? " hm-will-merge" : ""}` });
    });
    for (const name of merging) stones[index.get(name)]?.classList.add("hm-will-merge");
    if (shown.points > 0) {
      const { x, y } = point(shown.cells[0]);
      const tag = svg("text", { x, y: y - SIZE * 1.05, class: "hm-preview-points", "text-anchor": "middle" }, layers.preview);
      tag.textContent = `+${shown.points}`;
    }
    root.dataset.preview = merging.size ? "merge" : "legal";
  }

  function showTarget(name) {
    layers.target.replaceChildren();
    if (!name) { delete root.dataset.target; return; }
    const { x, y } = point(name);
    svg("polygon", { points: hexCorners(x, y, SIZE * 1.0), class: "hm-target" }, layers.target);
    root.dataset.target = name;
  }

  // Screen point -> "q:r" of an on-board cell, or null.
  function cellAt(clientX, clientY) {
    const ctm = root.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const c = pixelToHex(pt.x, pt.y, SIZE);
    const name = `${c.q}:${c.r}`;
    return index.has(name) ? name : null;
  }

  function cellPixels() {
    const ctm = root.getScreenCTM();
    return ctm ? SIZE * ctm.a : SIZE;
  }

  function stoneAt(name) { return stones[index.get(name)]; }
  function point(name) { return centre[index.get(name)]; }

  function fxText(name, text, cls, ms, lift = 0.2) {
    const { x, y } = point(name);
    const node = svg("text", { x, y: y - SIZE * lift, class: cls, "text-anchor": "middle" }, layers.fx);
    node.textContent = text;
    setTimeout(() => node.remove(), ms);
    return node;
  }

  if (geometry) reshape(geometry);

  return {
    root, reshape, setBoard, clearPreview, showPreview, showTarget, cellAt, cellPixels, stoneAt, point, fxText,
    values: () => shown.slice(),
    index: (name) => index.get(name),
    setDescriber(fn) { describeText = fn; describe(); },
    layers,
  };
}
