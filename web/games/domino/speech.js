// Domino Drop by ear (P11): the falling tile, where it would land and what that
// drop would do (the engine's landing preview, club.domino.preview), what a
// lock cancelled step by step, the well's columns (key D) and one cell (the
// cell cursor, key C). Pure: the engine's view in, words out. A player counts
// columns 1-8 from the left and rows from the bottom (row 1 is the floor), as
// one would stack them by hand; the engine's rows count from the top (D1).

/** @typedef {import("./cards.js").Format} Format */

/** Rows from the bottom: the engine's row `r` of a well `height` rows high. @param {number} height @param {number} r */
const fromBottom = (height, r) => height - r;

/** @param {Format} fmt @param {number[]} pips */
const pipList = ({ number }, pips) => pips.map((p) => number(p)).join(", ");

/**
 * The falling tile where it is: "6-3 across columns 1-2", "6 over 3 in column 1" (D3).
 * @param {Format} fmt @param {Domino.FallingView} tile
 */
export function tileWords({ t, number }, tile) {
  const cells = tile.halves.map(([dc, dr, p]) => ({ c: tile.col + dc, r: tile.row + dr, p }));
  cells.sort((x, y) => x.c - y.c || x.r - y.r);
  const [first, second] = cells;
  if (tile.orient % 2 === 0) {
    return t("domino.say.across", { left: number(first.p), right: number(second.p), from: number(first.c + 1), to: number(second.c + 1) });
  }
  return t("domino.say.upright", { top: number(first.p), bottom: number(second.p), col: number(first.c + 1) });
}

/**
 * Where a hard drop now would leave the tile and what it would do (the engine's preview): "lands on row 1,
 * its 6 touches a 6, cancels 2 halves".
 * @param {Format} fmt @param {Domino.Landing} landing @param {number} height the well's rows
 */
export function landingWords(fmt, landing, height) {
  const { t, number } = fmt;
  const lowest = Math.max(...landing.cells.map((cell) => cell[1]));
  const parts = [t("domino.say.lands", { row: number(fromBottom(height, lowest)) })];
  for (const pip of landing.touches) parts.push(t("domino.say.touches", { pip: number(pip) }));
  if (landing.points) {
    const key = landing.chain > 1 ? "domino.say.cancelsChain" : "domino.say.cancels";
    parts.push(t(key, { count: landing.points, chain: number(landing.chain) }));
  }
  return parts.join(", ");
}

/**
 * A move at assist pace: the tile where it is now and its landing.
 * @param {Format} fmt @param {Domino.View} view
 */
export function moveSaid(fmt, view) {
  if (!view.falling) return "";
  const where = tileWords(fmt, view.falling);
  return view.landing ? `${where}, ${landingWords(fmt, view.landing, view.height)}` : where;
}

/**
 * A new tile at assist pace: what it is, where it is and lands, then the next one (D4).
 * @param {Format} fmt @param {Domino.View} view @returns {string[]} its sentences
 */
export function spawnSaid(fmt, view) {
  const { t, number } = fmt;
  if (!view.falling) return [];
  const next = view.next ? t("domino.say.next", { a: number(view.next[0]), b: number(view.next[1]) }) : t("domino.nextNone");
  return [t("domino.say.tile", { where: moveSaid(fmt, view) }), next];
}

/**
 * What a lock did, step by step (D11, D12): "Cancelled 6, 6", "Cascade 2: 5, 5 cancelled"; a lock that cancels
 * nothing says where the tile locked.
 * @param {Format} fmt @param {Domino.Event[]} events @param {number} height
 * @returns {string[]}
 */
export function lockSaid(fmt, events, height) {
  const { t, number } = fmt;
  const steps = /** @type {Domino.CancelledEvent[]} */ (events.filter((e) => e.type === "cancelled"));
  if (steps.length) {
    return steps.map((step) => {
      const pips = pipList(
        fmt,
        step.cells.map((cell) => cell[2]),
      );
      return step.step > 1 ? t("domino.say.cascade", { step: number(step.step), pips }) : t("domino.say.cancelled", { pips });
    });
  }
  const locked = /** @type {Domino.LockedEvent | undefined} */ (events.find((e) => e.type === "locked"));
  if (!locked) return [];
  const lowest = Math.max(...locked.cells.map((cell) => Number(cell[1])));
  return [t("domino.say.locked", { row: number(fromBottom(height, lowest)) })];
}

/**
 * Each column's height and the pips of its top half, left to right (D key).
 * @param {Domino.View} view @returns {Array<{ height: number, top: number | null }>}
 */
export function columnTops(view) {
  const tops = Array.from({ length: view.width }, () => ({ height: 0, top: /** @type {number | null} */ (null) }));
  for (const [c, r, p] of view.cells) {
    const height = fromBottom(view.height, r);
    if (height > tops[c].height) tops[c] = { height, top: p };
  }
  return tops;
}

/**
 * The well in words (key D): every column's height and top half, the falling tile and its landing, the next tile.
 * @param {Format} fmt @param {Domino.View} view @param {Domino.FallingView | null} falling the tile where it is now
 * @returns {string[]}
 */
export function wellSaid(fmt, view, falling) {
  const { t, number } = fmt;
  const columns = columnTops(view).map(({ height, top }, c) =>
    top === null
      ? t("domino.say.columnEmpty", { col: number(c + 1) })
      : t("domino.say.column", { col: number(c + 1), height: number(height), top: number(top) }),
  );
  const said = [t("domino.say.columns", { list: columns.join("; ") })];
  if (falling) said.push(t("domino.say.falling", { where: moveSaid(fmt, { ...view, falling }) }));
  if (view.next) said.push(t("domino.say.next", { a: number(view.next[0]), b: number(view.next[1]) }));
  else if (falling) said.push(t("domino.nextNone")); // the last tile of the set
  return said;
}

/**
 * One cell under the cell cursor: "Row 1, column 3: 6", "… empty", "… 3 of the falling tile".
 * @param {Format} fmt @param {Domino.View} view @param {Domino.FallingView | null} falling @param {number} col @param {number} row
 *   the engine's column and row (row 0 at the top)
 */
export function cellSaid(fmt, view, falling, col, row) {
  const { t, number } = fmt;
  const resting = view.cells.find(([c, r]) => c === col && r === row);
  const moving = falling?.halves.find(([dc, dr]) => falling.col + dc === col && falling.row + dr === row);
  const what = resting ? number(resting[2]) : moving ? t("domino.say.fallingHalf", { pip: number(moving[2]) }) : t("domino.say.empty");
  return t("domino.say.cell", { row: number(fromBottom(view.height, row)), col: number(col + 1), what });
}
