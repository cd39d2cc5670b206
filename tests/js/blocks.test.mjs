// Blocks for the screen reader (web/games/blocks/words.js, P11): a cell in
// words, the rows a drop would clear (from the engine's B20 preview), the
// board row by row (the D key). Geometry, view and preview are the CPython
// engine's, on the spec's two-row position (B13); the words are the real
// English strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { createI18n } from "../../web/kit/i18n.js";
import { createWords, pieceCells } from "../../web/games/blocks/words.js";
import { parseMove } from "../../web/games/blocks/command.js";

const TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x.... 0:0|0:0,1:0|0:0,-1:1,0:1 0 0 0 0 1";
const BLOCKS = runEngine(`
import json
from club.blocks import conform
from club.blocks.api import Session, start

s = Session()
s.load({"save": start(conform.load(${JSON.stringify(TWO_ROWS)}), 0)})
empty = Session()
print(json.dumps({"geometry": s.geometry({}), "view": s.view({}), "preview": s.preview({"slot": 0, "cell": "0:0"}),
                  "clearing": s.clearing({}),
                  "empty": empty.new({"seed": 3})}))
`);

const en = createI18n(
  "en",
  new Map([["blocks.en", Promise.resolve(JSON.parse(readFileSync(new URL("../../web/i18n/blocks.en.json", import.meta.url), "utf8")))]]),
);
await en.use("blocks");
const blocksWords = createWords(en.t);
blocksWords.reshape(BLOCKS.geometry);

// [cell, where it is in words]: rows from the top, cells on a slanted ruler (the engine's names, club.blocks.clears)
const WHERE = [
  ["0:-4", "row 1, cell 5"], // the top row holds cells 5 to 9
  ["4:-4", "row 1, cell 9"],
  ["-4:0", "row 5, cell 1"], // the middle row 1 to 9
  ["0:0", "row 5, cell 5"],
  ["4:0", "row 5, cell 9"],
  ["-4:4", "row 9, cell 1"], // the bottom row 1 to 5
  ["0:4", "row 9, cell 5"],
  ["0:1", "row 6, cell 5"], // down right of the centre: the same cell number
  ["-1:1", "row 6, cell 4"], // down left: one less
  ["7:7", "7:7"], // no cell of the board: its name
];

for (const [cell, words] of WHERE) {
  test(`blocks words: ${cell} is "${words}"`, () => {
    assert.equal(blocksWords.where(cell), words);
  });
}

test("blocks words: a cell in a list is what the typed move takes, and back", () => {
  assert.equal(blocksWords.short("1:-2"), "r3c6");
  assert.equal(blocksWords.cellAt(3, 6), "1:-2");
  assert.equal(blocksWords.cellAt(1, 1), null); // off the board's top row (cells 5 to 9)
});

test("blocks words: the cell cursor says the cell and whether it is filled", () => {
  assert.equal(blocksWords.cursor("0:-4", true), "row 1, cell 5, filled");
  assert.equal(blocksWords.cursor("0:0", false), "row 5, cell 5, empty");
});

test("blocks words: the rows a drop at the centre clears (B13): one across, one slanted by its ends", () => {
  assert.equal(blocksWords.rows(BLOCKS.preview.rows), "Clears 2 rows: row 5; the slanted row from r1c9 to r9c1.");
});

test("blocks words: a drop that clears nothing says nothing", () => {
  assert.equal(blocksWords.rows([]), "");
});

test("blocks words: an aim says the cells it covers, the rows it clears and its points (the engine's preview)", () => {
  const p = BLOCKS.preview;
  const points = p.events.find((/** @type {any} */ e) => e.type === "points").points;
  const shown = { legal: true, cells: p.cells.map(([q, r]) => `${q}:${r}`), rows: p.rows, family: "0", points };
  assert.equal(
    blocksWords.aim("0:0", "fit", shown),
    "row 5, cell 5: fits. Covers r5c5. Clears 2 rows: row 5; the slanted row from r1c9 to r9c1. +341 points.",
  );
  const pair = { legal: true, cells: ["-2:0", "-1:0"], rows: [], family: "1", points: 2 };
  assert.equal(blocksWords.aim("-2:0", "fit", pair), "row 5, cell 3: fits. Covers r5c3, r5c4."); // no clear, no points said
});

test("blocks words: a misfit says the filled cells under it, or the board's edge", () => {
  const board = BLOCKS.view.board;
  const under = { legal: false, cells: ["-1:0", "0:0", "1:0"], rows: [], family: "" };
  assert.equal(blocksWords.aim("0:0", "misfit", under, board), "row 5, cell 5: does not fit. 2 cells under it are filled: r5c4, r5c6.");
  const out = { legal: false, cells: ["3:1", "4:1"], rows: [], family: "" };
  assert.equal(blocksWords.aim("3:1", "misfit", out, board), "row 6, cell 8: does not fit. It would stick out of the board.");
});

test("blocks words: the drops that clear, the best few, the rest counted", () => {
  const best = BLOCKS.clearing[0]; // the engine's: the single at the centre, B13's 341
  assert.equal(blocksWords.clearing([best], 3), "1 drop clears: 1 r5c5, 2 rows, +341.");
  const four = [best, { ...best, slot: 1, cell: "-1:0", rows: 1, points: 92 }, best, best];
  assert.equal(blocksWords.clearing(four, 2), "4 drops clear: 1 r5c5, 2 rows, +341; 2 r5c4, 1 row, +92. And 2 more.");
  assert.equal(blocksWords.clearing([], 3), "No drop clears a row now.");
});

// [slot's offsets, said]: a piece by its cells from its centre (B5)
const PIECES = [
  [[[0, 0]], "centre"],
  [
    [
      [0, 0],
      [-1, 0],
      [1, 0],
      [2, 0],
    ],
    "centre, left, right, 2 right",
  ], // a bar
  [
    [
      [0, 0],
      [1, -2],
      [0, -1],
      [0, 1],
    ],
    "centre, 2 rows straight up, up left, down right",
  ], // a worm
  [
    [
      [0, 0],
      [-1, 1],
      [0, 1],
    ],
    "centre, down left, down right",
  ], // a triangle
];

for (const [cells, said] of PIECES) {
  test(`blocks words: a piece by its cells: ${said}`, () => {
    assert.equal(pieceCells(en.t, /** @type {number[][]} */ (cells)), said);
  });
}

test("blocks words: the board row by row (cells by their numbers), then the pieces", () => {
  assert.equal(
    blocksWords.board(BLOCKS.view),
    [
      "Board: 16 of 61 cells filled.",
      "Row 1, 1 cell filled: 9.",
      "Row 2, 1 cell filled: 8.",
      "Row 3, 1 cell filled: 7.",
      "Row 4, 1 cell filled: 6.",
      "Row 5: all filled but cell 5.",
      "Row 6, 1 cell filled: 4.",
      "Row 7, 1 cell filled: 3.",
      "Row 8, 1 cell filled: 2.",
      "Row 9, 1 cell filled: 1.",
      "Piece 1: single, 1 cell: centre",
      "Piece 2: pair, 2 cells: centre, right",
      "Piece 3: triangle, 3 cells: centre, down left, down right",
    ].join(" "),
  );
});

test("blocks words: an empty board, every line empty", () => {
  const said = blocksWords.board(BLOCKS.empty);
  assert.ok(said.startsWith("Board: 0 of 61 cells filled."));
  for (let row = 1; row <= 9; row += 1) assert.ok(said.includes(`Row ${row}: empty.`), `row ${row}`);
});

test("blocks words: a used slot and a piece with no room", () => {
  const view = {
    ...BLOCKS.view,
    tray: [{ ...BLOCKS.view.tray[0], piece: null }, { ...BLOCKS.view.tray[1], fits: false }, BLOCKS.view.tray[2]],
  };
  assert.ok(
    blocksWords
      .board(view)
      .endsWith(
        "Slot 1: used Piece 2: pair, 2 cells: centre, right, no room on the board Piece 3: triangle, 3 cells: centre, down left, down right",
      ),
  );
});

// [typed, the move]: a piece and a cell, any letters, "?" only asks
const TYPED = [
  ["2 r3c4", { slot: 1, row: 3, n: 4, ask: false }],
  ["2 3 4", { slot: 1, row: 3, n: 4, ask: false }],
  ["234", { slot: 1, row: 3, n: 4, ask: false }],
  ["1 р9к1", { slot: 0, row: 9, n: 1, ask: false }],
  [" 3 R5F5 ? ", { slot: 2, row: 5, n: 5, ask: true }],
  ["4 r3c4", null], // no piece 4
  ["2 r13c4", { slot: 1, row: 13, n: 4, ask: false }], // parsed; no such cell, the page says
  ["2 r3", null],
  ["r3c4", null],
  ["", null],
];

for (const [typed, move] of TYPED) {
  test(`blocks typed move: "${typed}"`, () => {
    assert.deepEqual(parseMove(String(typed)), move);
  });
}

// [language, streak bonus, what is said]: a bonus is said with its unit, in the language's plural
const STREAK_SAID = [
  ["en", 1, "Streak bonus: 1 point."],
  ["en", 15, "Streak bonus: 15 points."],
  ["it", 15, "Bonus serie: 15 punti."],
  ["de", 15, "Serienbonus: 15 Punkte."],
  ["ru", 15, "Бонус серии: 15 очков."],
  ["ru", 22, "Бонус серии: 22 очка."],
];

for (const [lang, bonus, said] of STREAK_SAID) {
  test(`blocks says a streak bonus with its unit: ${lang} ${bonus}`, async () => {
    const read = (/** @type {string} */ l) => JSON.parse(readFileSync(new URL(`../../web/i18n/blocks.${l}.json`, import.meta.url), "utf8"));
    const ids = [...new Set(["en", String(lang)])];
    const i18n = createI18n(String(lang), new Map(ids.map((l) => [`blocks.${l}`, Promise.resolve(read(l))])));
    await i18n.use("blocks");
    assert.equal(i18n.t("blocks.say.streak", { count: bonus }), said);
  });
}
