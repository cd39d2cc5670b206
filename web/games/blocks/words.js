// Blocks in words for screen-reader play (P11). A cell is "row 3, cell 4" (in
// lists "r3c4", what the typed move takes): its row from the top and its place
// on a slanted ruler, numbers the engine gives (geometry.names,
// club.blocks.clears), the same on every row so both slanted lines can be
// followed by ear. A piece is said by its cells from its centre ("centre,
// right, down left"); an aim by the cells it covers, the rows it clears and its
// points (the engine's preview); the drops that clear (the engine's list); the
// whole board on request (the D key). Nothing is computed here but words.

/** @typedef {(key: string, vars?: Record<string, unknown>) => string} T */

/**
 * @typedef {object} Words
 * @property {(geometry: Blocks.Geometry) => void} reshape
 * @property {(cell: string) => string} where a cell "q:r" in words ("row 3, cell 4")
 * @property {(cell: string) => string} short a cell as a list and the typed move write it ("r3c4")
 * @property {(row: number, n: number) => string | null} cellAt the cell "q:r" of row and cell numbers, null when none
 * @property {(rows: number[]) => string} rows the rows a drop completes, in words ("" for none)
 * @property {(cell: string, filled: boolean) => string} cursor the cell cursor: "row 3, cell 4, filled"
 * @property {(cell: string, shown: string, preview: import("./board.js").Shown | null, board?: string) => string} aim
 *   what an aim at `cell` says once shown ("fit" or "misfit"): the cell, the cells it covers, the rows it clears and
 *   its points, or why it does not fit (the filled cells under it in the view's `board`, or the board's edge)
 * @property {(drops: Blocks.ClearingDrop[], shown: number) => string} clearing the drops that clear, best first
 * @property {(view: Blocks.View) => string} board the board and the pieces, in words
 * @property {(view: Blocks.View, edges: number, number: (v: number) => string) => string} describe the D key:
 *   the board, the pieces, the meter (of `edges` edges) and the score
 */

/**
 * A piece's cells from its centre, in directions ("centre, right, down left"): the slot's
 * offsets [dq, dr] (B5), each named by its own key.
 * @param {T} t @param {number[][]} cells
 */
export function pieceCells(t, cells) {
  return cells.map(([dq, dr]) => (dq || dr ? t(`blocks.dir.${dq}_${dr}`) : t("blocks.dir.centre"))).join(", ");
}

/**
 * A tray slot in words: used, or its piece's shape, its cells and whether it has room (the slot's
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
        cells: pieceCells(t, piece.cells),
      });
}

/** @param {T} t @returns {Words} */
export function createWords(t) {
  /** @type {Map<string, {row: number, n: number}>} */
  let places = new Map();
  /** @type {Map<string, string>} */
  let byName = new Map(); // "row:n" -> "q:r"
  /** @type {string[][]} */
  let lines = []; // the board's lines top to bottom, cells "q:r" in reading order
  /** @type {string[][]} */
  let rows = []; // the geometry's rows as cell names
  /** @type {string[]} */
  let names = []; // cell index -> "q:r"

  /** @param {Blocks.Geometry} geometry */
  function reshape(geometry) {
    names = geometry.cells.map(([q, r]) => `${q}:${r}`);
    places = new Map();
    byName = new Map();
    /** @type {Map<number, string[]>} */
    const byRow = new Map();
    geometry.names.forEach(([row, n], i) => {
      places.set(names[i], { row, n });
      byName.set(`${row}:${n}`, names[i]);
      byRow.set(row, [...(byRow.get(row) ?? []), names[i]]);
    });
    lines = [...byRow.keys()].sort((a, b) => a - b).map((row) => /** @type {string[]} */ (byRow.get(row)));
    rows = geometry.rows.map((row) => row.map((i) => names[i]));
  }

  /** @param {string} cell */
  function where(cell) {
    const at = places.get(cell);
    return at ? t("blocks.say.where", at) : cell;
  }

  /** @param {string} cell */
  function short(cell) {
    const at = places.get(cell);
    return at ? t("blocks.say.short", at) : cell;
  }

  /** A row of the board in words: across rows by their number, slanted ones by their ends. @param {number} index */
  function rowWords(index) {
    const cells = rows[index] ?? [];
    const first = places.get(cells[0]);
    const last = places.get(cells[cells.length - 1]);
    if (!first || !last) return "";
    if (first.row === last.row) return t("blocks.say.rowAcross", { row: first.row });
    return t("blocks.say.rowSlant", { from: short(cells[0]), to: short(cells[cells.length - 1]) });
  }

  /** @param {number[]} completed */
  function rowsWords(completed) {
    if (!completed.length) return "";
    return t("blocks.say.wouldClear", { count: completed.length, rows: completed.map(rowWords).join("; ") });
  }

  /** @param {Blocks.View} view */
  function board(view) {
    const cells = [...view.board];
    const filledCount = cells.filter((c) => c !== ".").length;
    const at = new Map(names.map((name, i) => [name, cells[i] !== "."]));
    /** @type {string[]} */
    const said = [t("blocks.say.boardHead", { count: filledCount, total: cells.length })];
    lines.forEach((line, i) => {
      const numbers = line.map((cell) => places.get(cell)?.n ?? 0);
      const filled = numbers.filter((_, k) => at.get(line[k]));
      const vars = { row: i + 1, count: filled.length, cells: filled.join(", "), total: line.length };
      if (!filled.length) said.push(t("blocks.say.lineEmpty", vars));
      else if (filled.length === line.length - 1) {
        said.push(t("blocks.say.lineGap", { ...vars, gap: numbers.find((n) => !filled.includes(n)) }));
      } else said.push(t("blocks.say.line", vars));
    });
    view.tray.forEach((piece, slot) => said.push(slotSaid(t, piece, slot)));
    return said.join(" ");
  }

  /** @param {string} cell @param {boolean} filled */
  function cursor(cell, filled) {
    return t(filled ? "blocks.say.cursorFilled" : "blocks.say.cursorEmpty", { cell: where(cell) });
  }

  /** Why the piece does not fit: the filled cells under it, else the board's edge. @param {string[]} cells @param {string} board */
  function misfitWhy(cells, board) {
    const filled = cells.filter((cell) => places.has(cell) && board[names.indexOf(cell)] !== ".");
    if (filled.length) return t("blocks.say.filledUnder", { count: filled.length, cells: filled.map(short).join(", ") });
    return t("blocks.say.offEdge");
  }

  /** @param {string} cell @param {string} shown @param {import("./board.js").Shown | null} preview @param {string} [onBoard] */
  function aim(cell, shown, preview, onBoard = "") {
    if (shown !== "fit" || !preview?.legal) {
      const said = t("blocks.say.aimMisfit", { cell: where(cell) });
      return preview && onBoard ? `${said} ${misfitWhy(preview.cells, onBoard)}` : said;
    }
    const said = [
      t("blocks.say.aimFit", { cell: where(cell) }),
      t("blocks.say.covers", { cells: preview.cells.map(short).join(", ") }),
      rowsWords(preview.rows),
    ];
    if (preview.rows.length && preview.points) said.push(t("blocks.say.wouldScore", { count: preview.points }));
    return said.filter(Boolean).join(" ");
  }

  /** @param {Blocks.ClearingDrop[]} drops @param {number} shown */
  function clearing(drops, shown) {
    if (!drops.length) return t("blocks.say.noClears");
    const said = drops
      .slice(0, shown)
      .map((d) => t("blocks.say.clearDrop", { n: d.slot + 1, cell: short(d.cell), count: d.rows, points: d.points }));
    const more = drops.length - shown;
    return [
      t("blocks.say.clearsHead", { count: drops.length }),
      `${said.join("; ")}.`,
      more > 0 ? t("blocks.say.clearsMore", { count: more }) : "",
    ]
      .filter(Boolean)
      .join(" ");
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

  const cellAt = (/** @type {number} */ row, /** @type {number} */ n) => byName.get(`${row}:${n}`) ?? null;

  return { reshape, where, short, cellAt, rows: rowsWords, cursor, aim, clearing, board, describe };
}
