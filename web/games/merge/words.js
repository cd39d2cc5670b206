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
  if (!merged.length) {
    const piece = set.values.map((v) => stoneName(v, t)).join(" + ");
    parts.push(t("merge.say.placed", { piece, cell: placeName(geometry, set.cells[0], t) }));
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
