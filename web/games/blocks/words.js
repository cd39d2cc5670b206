// Blocks in words for screen-reader play (P11): a cell ("row 3 from the top,
// cell 4"), the rows a drop would clear (from the preview the engine
// answered), what a keyboard aim says, and the whole board described on
// request (the D key). Everything comes from the engine's geometry and view;
// nothing is computed here but words.

/** @typedef {(key: string, vars?: Record<string, unknown>) => string} T */

/**
 * @typedef {object} Words
 * @property {(geometry: Blocks.Geometry) => void} reshape
 * @property {(cell: string) => string} where a cell "q:r" in words
 * @property {(rows: number[]) => string} rows the rows a drop completes, in words ("" for none)
 * @property {(cell: string, shown: string, preview: import("./board.js").Shown | null) => string} aim what a keyboard
 *   aim at `cell` says once its preview is shown ("fit" or "misfit"): the cell, whether it fits, the rows it clears
 * @property {(view: Blocks.View) => string} board the board and the pieces, in words
 * @property {(view: Blocks.View, edges: number, number: (v: number) => string) => string} describe the D key:
 *   the board, the pieces, the meter (of `edges` edges) and the score
 */

/**
 * A tray slot in words: used, or its piece's shape and size and whether it has room (the slot's
 * label and the D key say the same).
 * @param {T} t @param {Blocks.View["tray"][number]} piece @param {number} slot
 */
export function slotSaid(t, piece, slot) {
  return !piece.piece
    ? t("blocks.slotUsed", { n: slot + 1 })
    : t(piece.fits ? "blocks.slotLabel" : "blocks.slotNoRoom", {
        n: slot + 1,
        shape: t(`blocks.shape.${piece.shape}`),
        count: piece.cells.length,
      });
}

/** @param {T} t @returns {Words} */
export function createWords(t) {
  /** @type {Map<string, {row: number, n: number}>} */
  let places = new Map();
  /** @type {string[][]} */
  let lines = []; // the board's lines top to bottom, cells "q:r" in reading order
  /** @type {string[][]} */
  let rows = []; // the geometry's rows as cell names

  /** @param {Blocks.Geometry} geometry */
  function reshape(geometry) {
    const names = geometry.cells.map(([q, r]) => `${q}:${r}`);
    /** @type {Map<number, string[]>} */
    const byR = new Map();
    geometry.cells.forEach(([, r], i) => byR.set(r, [...(byR.get(r) ?? []), names[i]]));
    lines = [...byR.keys()].sort((a, b) => a - b).map((r) => /** @type {string[]} */ (byR.get(r)));
    places = new Map();
    lines.forEach((line, row) => line.forEach((cell, n) => places.set(cell, { row: row + 1, n: n + 1 })));
    rows = geometry.rows.map((row) => row.map((i) => names[i]));
  }

  /** @param {string} cell */
  function where(cell) {
    const at = places.get(cell);
    return at ? t("blocks.say.where", at) : cell;
  }

  /** A row of the board in words: across rows by their number, slanted ones by their ends. @param {number} index */
  function rowWords(index) {
    const cells = rows[index] ?? [];
    const first = places.get(cells[0]);
    const last = places.get(cells[cells.length - 1]);
    if (!first || !last) return "";
    if (first.row === last.row) return t("blocks.say.rowAcross", { row: first.row });
    return t("blocks.say.rowSlant", { from: where(cells[0]), to: where(cells[cells.length - 1]) });
  }

  /** @param {number[]} completed */
  function rowsWords(completed) {
    if (!completed.length) return "";
    return t("blocks.say.wouldClear", { count: completed.length, rows: completed.map(rowWords).join("; ") });
  }

  /** @param {Blocks.View} view */
  function board(view) {
    const cells = [...view.board];
    let index = 0;
    const filledCount = cells.filter((c) => c !== ".").length;
    /** @type {string[]} */
    const said = [t("blocks.say.boardHead", { count: filledCount, total: cells.length })];
    lines.forEach((line, row) => {
      const filled = line.map((_, n) => (cells[index + n] !== "." ? n + 1 : 0)).filter(Boolean);
      index += line.length;
      const vars = { row: row + 1, count: filled.length, cells: filled.join(", "), total: line.length };
      if (!filled.length) said.push(t("blocks.say.lineEmpty", vars));
      else if (filled.length === line.length - 1) {
        said.push(t("blocks.say.lineGap", { ...vars, gap: line.findIndex((_, n) => !filled.includes(n + 1)) + 1 }));
      } else said.push(t("blocks.say.line", vars));
    });
    view.tray.forEach((piece, slot) => said.push(slotSaid(t, piece, slot)));
    return said.join(" ");
  }

  /** @param {string} cell @param {string} shown @param {import("./board.js").Shown | null} preview */
  function aim(cell, shown, preview) {
    const said = t(shown === "fit" ? "blocks.say.aimFit" : "blocks.say.aimMisfit", { cell: where(cell) });
    const cleared = shown === "fit" && preview?.legal ? rowsWords(preview.rows) : "";
    return cleared ? `${said} ${cleared}` : said;
  }

  /** @param {Blocks.View} view @param {number} edges @param {(v: number) => string} number */
  function describe(view, edges, number) {
    return [
      board(view),
      t("blocks.meterLabel", { count: view.meter, edges }),
      t("blocks.crownsLabel", { count: view.crowns }),
      t("blocks.say.score", { score: number(view.score) }),
    ].join(" ");
  }

  return { reshape, where, rows: rowsWords, aim, board, describe };
}
