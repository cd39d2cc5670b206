// The board in words for screen readers (issue 15 point 6, P11): a cell is
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
