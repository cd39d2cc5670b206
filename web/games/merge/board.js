// Merge's drawing on the kit's hex board (web/kit/hexboard.js, which does the
// cells and hit-testing): the stones, the M13 preview (its stones faint, merging
// stones marked, a coral dashed outline where illegal), the keyboard target
// marker (M12) and the merge effects. Each drawing redraws only on a change.
import { svg } from "../../svg.js";
import { createHexBoard } from "../../kit/hexboard.js";
import { drawStone, SIZE } from "./stones.js";

/**
 * @typedef {object} Shown what a preview answer (the placement's own events, M13) draws
 * @property {boolean} legal
 * @property {string[]} cells the piece's cells, or the on-board cells of a refused spot
 * @property {number[]} values
 * @property {string[]} merging the cells that merge, as the engine found them
 * @property {number} points as the engine counted them
 */

/**
 * The first event of a kind in a preview's events.
 * @template {Merge.Event["type"]} K @param {Merge.Event[]} events @param {K} type
 * @returns {Extract<Merge.Event, {type: K}> | undefined}
 */
function first(events, type) {
  return /** @type {Extract<Merge.Event, {type: K}> | undefined} */ (events.find((e) => e.type === type));
}

/** @param {Club.Preview<Merge.Event> | null} answer @returns {Shown} */
export function previewOf(answer) {
  const events = answer?.events ?? [];
  const set = first(events, "set");
  const scored = first(events, "scored");
  return {
    legal: Boolean(answer?.accepted),
    cells: set?.cells ?? first(events, "misfit")?.cells ?? [],
    values: set?.values ?? [],
    merging: scored?.merging ?? [],
    points: scored?.points ?? 0,
  };
}

/** @typedef {ReturnType<typeof createBoard>} MergeBoard */

/**
 * @param {HTMLElement} parent
 * @param {{label: string, describe: (values: number[]) => string}} options the board's name, its stones in words
 */
export function createBoard(parent, { label, describe }) {
  const hex = createHexBoard(parent, {
    prefix: "hm",
    label,
    size: SIZE,
    margin: 3,
    inset: 0.97,
    layers: ["stones", "preview", "target"],
  });
  const { root, layers } = hex;
  /** @type {number[]} */
  let shown = [];
  /** @type {Array<SVGGElement | null>} */
  let stones = [];
  /** @type {Club.Preview<Merge.Event> | null} */
  let previewShown = null;
  /** @type {string | null} */
  let targetShown = null;

  /** The cells of the engine's geometry (null: none yet); the stones are cleared. @param {Merge.Geometry | null} geometry */
  function reshape(geometry) {
    hex.reshape(geometry);
    shown = new Array(hex.names().length).fill(0);
    stones = new Array(shown.length).fill(null);
    previewShown = null;
    targetShown = null;
    clearPreview();
    delete root.dataset.target;
    speak();
  }

  /** @param {number[]} values reading order @param {string[]} [born] cells whose stones appear now */
  function setBoard(values, born = []) {
    const names = hex.names();
    values.forEach((value, i) => {
      if (shown[i] === value && stones[i]) return;
      stones[i]?.remove();
      stones[i] = value === 0 ? null : drawStone(layers.stones, value, hex.point(names[i]).x, hex.point(names[i]).y);
      stones[i]?.setAttribute("data-cell", names[i]);
    });
    const changed = values.some((v, i) => v !== shown[i]);
    shown = values.slice();
    born.forEach((name) => stoneAt(name)?.classList.add("hm-born"));
    if (changed) speak();
  }

  // A readable summary of the stones for screen readers (P11): the rows in words (words.js).
  function speak() {
    root.setAttribute("aria-description", describe(shown));
  }

  function clearPreview() {
    layers.preview.replaceChildren();
    root.querySelectorAll(".hm-will-merge").forEach((n) => n.classList.remove("hm-will-merge"));
    delete root.dataset.preview;
  }

  /**
   * M13: the piece's stones on their cells, the stones that would merge marked;
   * an illegal spot shows a coral dashed outline (only the cells on the board).
   * @param {Club.Preview<Merge.Event> | null} answer null: nothing
   */
  function showPreview(answer) {
    if (answer === previewShown) return;
    previewShown = answer;
    clearPreview();
    const aim = previewOf(answer);
    if (!aim.cells.length) return;
    if (!aim.legal) {
      for (const name of aim.cells) hex.hex(name, "hm-misfit", "preview", 0.9);
      root.dataset.preview = "illegal";
      return;
    }
    const merging = new Set(aim.merging);
    aim.cells.forEach((name, k) => {
      const { x, y } = hex.point(name);
      drawStone(layers.preview, aim.values[k], x, y, { cls: `hm-preview-stone${merging.has(name) ? " hm-will-merge" : ""}` });
    });
    for (const name of merging) stoneAt(name)?.classList.add("hm-will-merge");
    if (aim.points > 0) {
      const { x, y } = hex.point(aim.cells[0]);
      const tag = svg("text", { x, y: y - SIZE * 1.05, class: "hm-preview-points", "text-anchor": "middle" }, layers.preview);
      tag.textContent = `+${aim.points}`;
    }
    root.dataset.preview = merging.size ? "merge" : "legal";
  }

  /** @param {string | null} name the keyboard's target, null: none */
  function showTarget(name) {
    if (name === targetShown) return;
    targetShown = name;
    layers.target.replaceChildren();
    if (!name) {
      delete root.dataset.target;
      return;
    }
    hex.hex(name, "hm-target", "target", 1.0);
    root.dataset.target = name;
  }

  /** @param {string} name */
  function stoneAt(name) {
    const i = hex.index(name);
    return i === undefined ? null : stones[i];
  }

  /** A refused placement: the board shakes once. */
  function shake() {
    root.classList.remove("hm-shake");
    void root.getBoundingClientRect();
    root.classList.add("hm-shake");
  }

  return { root, hex, reshape, setBoard, showPreview, showTarget, stoneAt, shake };
}
