// The colours of the filled cells: cosmetic, kept by the page beside the run
// (store "paint"): each filled cell remembers the colour family of the piece
// that filled it. One character a cell: "." none, else the family in base 36.

/** @typedef {(number | null)[]} Paint one entry a cell, reading order */

/**
 * The stored paint for the view's board text ("x" filled); a text of another length is ignored.
 * @param {unknown} text @param {string} board @returns {Paint}
 */
export function readPaint(text, board) {
  const ok = typeof text === "string" && text.length === board.length;
  return [...board].map((c, i) => {
    if (c !== "x" || !ok) return null;
    const family = Number.parseInt(text[i], 36);
    return Number.isNaN(family) ? null : family;
  });
}

/** @param {Paint} paint @returns {string} */
export function writePaint(paint) {
  return paint.map((f) => (f === null ? "." : f.toString(36))).join("");
}

/**
 * Follow an action's events: cells placed take the piece's family, cleared cells lose theirs.
 * @param {Paint} paint @param {Blocks.Event[]} events @param {(cell: string) => number | undefined} index
 */
export function paintEvents(paint, events, index) {
  for (const e of events) {
    if (e.type !== "placed" && e.type !== "cleared") continue;
    for (const cell of e.cells) {
      const i = index(cell);
      if (i !== undefined) paint[i] = e.type === "placed" ? e.family : null;
    }
  }
}
