// The board in words for screen readers (P11): a cell is
// "row 3 from the top, cell 4 from the left" (the engine's geometry numbers
// the rows and places), and on request (key D) the whole board row by row,
// with the pieces in hand and the score.
import { pieceName, stoneName } from "./stones.js";

/** @typedef {(key: string, vars?: Record<string, unknown>) => string} Translate */

/**
 * A cell's position in words; the raw name when the geometry does not know it.
 * @param {Merge.Geometry | null} geometry @param {string} cell @param {Translate} t
 */
export function placeName(geometry, cell, t) {
  const place = geometry?.places[cell];
  return place ? t("merge.sr.place", { row: place[0], col: place[1] }) : cell;
}

/**
 * The rows' text: each row's stones with their place in the row, or "empty".
 * @param {Merge.Geometry} geometry @param {number[]} board reading order @param {Translate} t
 * @returns {string[]}
 */
export function rowsText(geometry, board, t) {
  let i = 0;
  return geometry.rows.map((length, r) => {
    const stones = [];
    for (let col = 1; col <= length; col += 1, i += 1) {
      if (board[i] !== 0) stones.push(t("merge.sr.stone", { col, stone: stoneName(board[i], t) }));
    }
    return stones.length ? t("merge.sr.row", { row: r + 1, stones: stones.join(", ") }) : t("merge.sr.rowEmpty", { row: r + 1 });
  });
}

/**
 * The whole board read out (key D): rows, free cells, the pieces, the score.
 * @param {Merge.Geometry} geometry @param {Merge.View} view @param {Translate} t @param {(n: number) => string} number
 */
export function describeBoard(geometry, view, t, number) {
  const free = view.board.filter((v) => v === 0).length;
  return [
    t("merge.sr.board", { free: t("merge.sr.nFree", { count: free }) }),
    ...rowsText(geometry, view.board, t),
    t("merge.sr.pieces", { current: pieceName(view.current, t), next: pieceName(view.next, t) }),
    t("merge.say.score", { score: number(view.score) }),
  ].join(" ");
}

/**
 * What a move did, in words, from its events: the piece set (when nothing merged), each merge and each
 * chain step, the score, the end of the round.
 * @param {Merge.Event[]} events @param {Merge.View | null} view the view after it @param {Merge.Geometry | null} geometry
 * @param {Translate} t @param {(value: number) => string} number
 */
export function moveSaid(events, view, geometry, t, number) {
  const parts = [];
  const merged = events.filter((e) => e.type === "merged");
  const set = /** @type {Merge.SetEvent} */ (events.find((e) => e.type === "set")); // a move sets its piece first (M5)
  if (!merged.length && set.cells.length === 2) {
    const [a, b] = set.values.map((v) => stoneName(v, t));
    const [cell, partner] = set.cells.map((c) => placeName(geometry, c, t));
    parts.push(t("merge.say.placedPair", { a, b, cell, partner }));
  } else if (!merged.length) {
    parts.push(t("merge.say.placed", { piece: stoneName(set.values[0], t), cell: placeName(geometry, set.cells[0], t) }));
  }
  for (const e of merged) {
    if (e.step > 1 && e === merged.find((m) => m.step === e.step)) parts.push(t("merge.say.chain", { n: e.step }));
    parts.push(
      t(e.factor > 1 ? "merge.say.mergedJoker" : "merge.say.merged", {
        n: e.cells.length,
        v: e.value,
        result: number(e.result),
        points: t("merge.nPoints", { count: e.points }),
      }),
    );
  }
  const score = number(view?.score ?? 0);
  parts.push(t("merge.say.score", { score }));
  if (view?.over) parts.push(t("merge.say.over", { score }));
  return parts.join(" ");
}

/**
 * What the marker's aim would do (M13, P11), from the engine's preview: a pair's partner cell named,
 * a taken spot with the stone that holds it (the misfit's taken cells, read on the view's board).
 * @param {Club.Preview<Merge.Event>} answer the preview @param {string} cell @param {Merge.View} view
 * @param {Merge.Geometry} geometry @param {Translate} t
 */
export function aimSaid(answer, cell, view, geometry, t) {
  const name = (/** @type {string} */ c) => placeName(geometry, c, t);
  const stoneAt = (/** @type {string} */ c) => stoneName(view.board[geometry.cells.indexOf(c)], t);
  const events = /** @type {Merge.Event[]} */ (answer.events ?? []);
  if (!answer.accepted) {
    const misfit = /** @type {Merge.MisfitEvent | undefined} */ (events.find((e) => e.type === "misfit"));
    const taken = misfit?.taken ?? [];
    if (answer.reason === "occupied" && taken.length && !taken.includes(cell)) {
      return t("merge.say.aim.partnerTaken", { cell: name(cell), partner: name(taken[0]), stone: stoneAt(taken[0]) });
    }
    return t(`merge.say.aim.${answer.reason}`, { cell: name(cell), stone: taken.length ? stoneAt(cell) : "" });
  }
  const set = /** @type {Merge.SetEvent | undefined} */ (events.find((e) => e.type === "set"));
  const scored = /** @type {Merge.ScoredEvent | undefined} */ (events.find((e) => e.type === "scored"));
  const merging = scored?.merging ?? [];
  const pair = set?.cells.length === 2;
  const key = merging.length
    ? pair
      ? "merge.say.aim.mergePair"
      : "merge.say.aim.merge"
    : pair
      ? "merge.say.aim.freePair"
      : "merge.say.aim.free";
  return t(key, {
    cell: name(cell),
    partner: pair ? name(set.cells[1]) : "",
    stones: t("merge.nStones", { count: merging.length }),
    points: t("merge.nPoints", { count: scored?.points ?? 0 }),
  });
}

/**
 * A cell and its neighbours in words (key N, P11), from the engine's `around`: clockwise from the upper left.
 * @param {Merge.Around} around @param {Merge.Geometry} geometry @param {Translate} t
 */
export function aroundSaid(around, geometry, t) {
  const held = (/** @type {number} */ v) => (v === 0 ? t("merge.sr.free") : stoneName(v, t));
  const sides = around.sides.map((s) => t("merge.say.side", { side: t(`merge.side.${s.side}`), stone: held(s.stone) }));
  return t("merge.say.around", { cell: placeName(geometry, around.cell, t), stone: held(around.stone), sides: sides.join(", ") });
}
