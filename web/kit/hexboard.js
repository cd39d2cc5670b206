// The one hex board of the arcade: blocks and merge draw on it.
// The engine owns the geometry (which cells, in which order); this module only
// draws the cells where club.hexgrid says they are and turns screen points
// back into cells. It knows no rule.
//
// API
//   createHexBoard(parent, {prefix, label, size, margin, inset, layers, geometry})
//     → HexBoard. An <svg class="<prefix>-board"> with one <g class="<prefix>-layer-<name>">
//     per layer ("cells" first, always), one polygon per cell in "cells"
//     (class "<prefix>-cell", data-cell "q:r", data-index i).
//   board.reshape(geometry | null)   the cells of the engine's geometry ({radius, cells}); cells
//                                    are "q:r" names or [q, r] pairs, in reading order. Layers emptied.
//   board.names()                    the cell names, reading order
//   board.index(name) / has(name)    reading-order index / on the board
//   board.node(i)                    the polygon of cell i
//   board.point(name)                the cell's centre in board units (viewBox)
//   board.hex(name, cls, layer, scale?)  a cell-shaped polygon drawn into a layer (by name, or any
//                                    SVG element: a group of effects)
//   board.outline(names, cls, layer) the outer boundary of a set of cells as one <path> (rows, misfits);
//                                    names may lie off the board
//   board.cellAt(clientX, clientY)   the on-board cell under a screen point ("q:r"), or null
//   board.cellPixels()               screen pixels per hex radius (board units → pixels: / size)
//
//   createTrayDrag(board, {canPress, onStart, onHover, onDrop, onCancel, onTap}) → TrayDrag
//     Pointer dragging from a tray onto the board: `drag.bind(element, source)` on each tray piece.
//     A press (canPress(source) true) that moves DRAG_START_PX becomes a drag: onStart(source, touch)
//     draws the piece into an <svg> it returns (viewBox in board units, (0, 0) = the piece's anchor
//     cell), which the drag places under the pointer, lifted by TOUCH_LIFT_RADII on touch screens
//     (data-cx, data-cy, data-lift say where). onHover(cell, source) each time the cell under the
//     anchor changes (null: off the board); on release over a cell onDrop(cell, source), else
//     onCancel(source). A press released before the threshold is onTap(source, event).
//     drag.active() the source being pressed or dragged (or null); drag.cancel() ends it as cancelled.
//     Keyboard-free: each game keeps its own keys.
import { svg } from "../svg.js";
import { boardViewBox, hexCorners, hexToPixel, pixelToHex } from "../hexlayout.js";

/** A press becomes a drag past this many screen pixels (the same in both games). */
export const DRAG_START_PX = 6;
/**
 * On touch screens the dragged piece floats this many hex radii above the finger,
 * so the finger never hides it. Blocks' B19 fixes "about 1.5 cell heights" (a pointy-top
 * cell is two radii tall: 3 radii); merge had 1.7 radii, which no spec asks for. One value
 * for both: the one a spec names.
 */
export const TOUCH_LIFT_RADII = 3;

/**
 * @typedef {object} HexShape the engine's geometry as far as the board needs it
 * @property {number} radius cells from the centre to an edge
 * @property {Array<string | number[]>} cells reading order: "q:r" or [q, r]
 */

/**
 * @typedef {object} HexBoardOptions
 * @property {string} prefix class prefix ("bk", "hm")
 * @property {string} label the board's accessible name
 * @property {number} size board units per hex radius
 * @property {number} [margin] board units around the hexagon
 * @property {number} [inset] a cell polygon's radius as a fraction of size
 * @property {string[]} [layers] groups over the cells, drawn in this order
 * @property {HexShape | null} [geometry] null: the frame now, the cells with reshape()
 */

/**
 * @typedef {object} HexBoard
 * @property {SVGSVGElement} root
 * @property {Record<string, SVGGElement>} layers
 * @property {number} size
 * @property {(geometry: HexShape | null) => void} reshape
 * @property {() => string[]} names
 * @property {(name: string) => number | undefined} index
 * @property {(name: string | null | undefined) => boolean} has
 * @property {(i: number) => SVGPolygonElement} node
 * @property {(name: string) => {x: number, y: number}} point
 * @property {(name: string, cls: string, layer: string | SVGElement, scale?: number) => SVGPolygonElement} hex
 * @property {(names: string[], cls: string, layer: string | SVGElement) => SVGPathElement} outline
 * @property {(clientX: number, clientY: number) => string | null} cellAt
 * @property {() => number} cellPixels
 */

/**
 * Edge i of a pointy-top cell (hexlayout's corner i to corner i + 1) borders the neighbour at
 * EDGE_NEIGHBOURS[i]: E, SE, SW, W, NW, NE (the order of club.hexgrid.DIRECTIONS). Pixel layout,
 * not a rule: which cells are neighbours on a board is the engine's.
 */
const EDGE_NEIGHBOURS = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];

/** @param {number} x @param {number} y @param {number} size @param {number} i @returns {string} */
function corner(x, y, size, i) {
  const a = (Math.PI / 180) * (60 * i - 30);
  return `${(x + size * Math.cos(a)).toFixed(2)} ${(y + size * Math.sin(a)).toFixed(2)}`;
}

/** "q:r" of a cell given either way. @param {string | number[]} cell @returns {string} */
export function cellName(cell) {
  return typeof cell === "string" ? cell : `${cell[0]}:${cell[1]}`;
}

/** @param {string} name @returns {{q: number, r: number}} */
export function parseCell(name) {
  const [q, r] = name.split(":").map(Number);
  return { q, r };
}

/**
 * @param {Element} parent @param {HexBoardOptions} options @returns {HexBoard}
 */
export function createHexBoard(parent, options) {
  const { prefix, label, size, margin = 0, inset = 0.95 } = options;
  const root = /** @type {SVGSVGElement} */ (
    svg(
      "svg",
      {
        class: `${prefix}-board`,
        role: "application",
        "aria-roledescription": "board",
        "aria-label": label,
        tabindex: "0",
        focusable: "false",
      },
      parent,
    )
  );
  /** @type {Record<string, SVGGElement>} */
  const layers = {};
  for (const name of ["cells", ...(options.layers ?? []).filter((n) => n !== "cells")]) {
    layers[name] = /** @type {SVGGElement} */ (svg("g", { class: `${prefix}-layer-${name}` }, root));
  }
  /** @type {string[]} */
  let names = [];
  /** @type {Map<string, number>} */
  let index = new Map();
  /** @type {Array<{x: number, y: number}>} */
  let centres = [];
  /** @type {SVGPolygonElement[]} */
  let nodes = [];

  /** @param {HexShape | null} geometry */
  function reshape(geometry) {
    names = geometry ? geometry.cells.map(cellName) : [];
    index = new Map(names.map((name, i) => [name, i]));
    centres = names.map((name) => {
      const { q, r } = parseCell(name);
      return hexToPixel(q, r, size);
    });
    if (geometry) root.setAttribute("viewBox", boardViewBox(geometry.radius, size, margin));
    else root.removeAttribute("viewBox");
    for (const layer of Object.values(layers)) layer.replaceChildren();
    nodes = names.map(
      (name, i) =>
        /** @type {SVGPolygonElement} */ (
          svg(
            "polygon",
            {
              points: hexCorners(centres[i].x, centres[i].y, size * inset),
              class: `${prefix}-cell`,
              "data-cell": name,
              "data-index": i,
            },
            layers.cells,
          )
        ),
    );
  }

  /** @param {string} name */
  function point(name) {
    const i = index.get(name);
    if (i !== undefined) return centres[i];
    const { q, r } = parseCell(name); // off the board (a misfit's outline): where it would be
    return hexToPixel(q, r, size);
  }

  /** @param {string | SVGElement} layer */
  const into = (layer) => (typeof layer === "string" ? layers[layer] : layer);

  /** @param {string} name @param {string} cls @param {string | SVGElement} layer @param {number} [scale] */
  function hex(name, cls, layer, scale = inset) {
    const { x, y } = point(name);
    return /** @type {SVGPolygonElement} */ (svg("polygon", { points: hexCorners(x, y, size * scale), class: cls }, into(layer)));
  }

  /** @param {string[]} list @param {string} cls @param {string | SVGElement} layer */
  function outline(list, cls, layer) {
    const set = new Set(list);
    const parts = [];
    for (const name of list) {
      const { q, r } = parseCell(name);
      const { x, y } = point(name);
      EDGE_NEIGHBOURS.forEach(([dq, dr], i) => {
        if (!set.has(`${q + dq}:${r + dr}`)) parts.push(`M${corner(x, y, size, i)}L${corner(x, y, size, (i + 1) % 6)}`);
      });
    }
    return /** @type {SVGPathElement} */ (svg("path", { d: parts.join(""), class: cls }, into(layer)));
  }

  /** @param {number} clientX @param {number} clientY */
  function cellAt(clientX, clientY) {
    const ctm = root.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const { q, r } = pixelToHex(pt.x, pt.y, size);
    const name = `${q}:${r}`;
    return index.has(name) ? name : null;
  }

  function cellPixels() {
    const ctm = root.getScreenCTM();
    return ctm ? size * ctm.a : size;
  }

  reshape(options.geometry ?? null);
  return {
    root,
    layers,
    size,
    reshape,
    names: () => names.slice(),
    index: (name) => index.get(name),
    has: (name) => Boolean(name) && index.has(/** @type {string} */ (name)),
    node: (i) => nodes[i],
    point,
    hex,
    outline,
    cellAt,
    cellPixels,
  };
}

/**
 * @template S
 * @typedef {object} TrayDragOptions
 * @property {(source: S) => boolean} [canPress] may a press on this piece start (default yes)
 * @property {(source: S, touch: boolean) => SVGSVGElement | null} onStart past the threshold: the dragged piece
 *   to move (its viewBox in board units around the anchor), null to refuse the drag
 * @property {(cell: string | null, source: S) => void} [onHover] the cell under the anchor changed
 * @property {(cell: string, source: S) => void} [onDrop] released over a cell
 * @property {(source: S) => void} [onCancel] released off the board, or the pointer was cancelled
 * @property {(source: S, event: PointerEvent) => void} [onTap] released before the threshold
 */

/**
 * @template S
 * @typedef {object} TrayDrag
 * @property {(element: Element, source: S) => void} bind listen to presses on a tray piece
 * @property {() => S | null} active the piece being pressed or dragged
 * @property {() => void} cancel end a press or drag (as cancelled; a press is just forgotten)
 */

/**
 * @typedef {object} Press
 * @property {number} id
 * @property {number} x0
 * @property {number} y0
 * @property {boolean} touch
 * @property {SVGSVGElement | null} dragged set once it is a drag
 * @property {string | null} cell
 */

/**
 * @template S
 * @param {HexBoard} board @param {TrayDragOptions<S>} options @returns {TrayDrag<S>}
 */
export function createTrayDrag(board, options) {
  /** @type {(Press & {source: S}) | null} */
  let press = null;

  /** @param {SVGSVGElement} dragged @param {number} x @param {number} y @param {boolean} touch */
  function place(dragged, x, y, touch) {
    const pixels = board.cellPixels();
    const scale = pixels / board.size;
    const lift = touch ? TOUCH_LIFT_RADII * pixels : 0;
    const box = dragged.viewBox.baseVal;
    Object.assign(dragged.style, {
      position: "fixed",
      pointerEvents: "none",
      display: "",
      left: `${x + box.x * scale}px`,
      top: `${y - lift + box.y * scale}px`,
      width: `${box.width * scale}px`,
      height: `${box.height * scale}px`,
    });
    dragged.dataset.cx = x.toFixed(1);
    dragged.dataset.cy = (y - lift).toFixed(1);
    dragged.dataset.lift = lift.toFixed(1);
    return { x, y: y - lift };
  }

  /** @param {boolean} cancelled @param {PointerEvent | null} event */
  function end(cancelled, event) {
    if (!press) return;
    const { dragged, cell, source } = press;
    press = null;
    if (!dragged) {
      if (!cancelled && event) options.onTap?.(source, event);
      return;
    }
    dragged.style.display = "none";
    if (!cancelled && cell) options.onDrop?.(cell, source);
    else options.onCancel?.(source);
  }

  /** @param {PointerEvent} e */
  function move(e) {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragged) {
      if (Math.hypot(e.clientX - press.x0, e.clientY - press.y0) < DRAG_START_PX) return;
      press.dragged = options.onStart(press.source, press.touch);
      if (!press.dragged) {
        press = null;
        return;
      }
    }
    const at = place(press.dragged, e.clientX, e.clientY, press.touch);
    const cell = board.cellAt(at.x, at.y);
    if (cell === press.cell) return;
    press.cell = cell;
    options.onHover?.(cell, press.source);
  }

  /** @param {Element} element @param {S} source */
  function bind(element, source) {
    const el = /** @type {HTMLElement} */ (element);
    el.addEventListener("pointerdown", (e) => {
      if (e.button > 0 || press || !(options.canPress?.(source) ?? true)) return;
      e.preventDefault();
      el.setPointerCapture?.(e.pointerId);
      press = { id: e.pointerId, x0: e.clientX, y0: e.clientY, touch: e.pointerType !== "mouse", dragged: null, cell: null, source };
    });
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", (e) => {
      if (press?.id === e.pointerId) end(false, e);
    });
    el.addEventListener("pointercancel", (e) => {
      if (press?.id === e.pointerId) end(true, null);
    });
  }

  return { bind, active: () => press?.source ?? null, cancel: () => end(true, null) };
}
