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
import { createWords } from "../../web/games/blocks/words.js";

const TWO_ROWS = "....x/....x./....x../....x.../xxxx.xxxx/...x..../..x..../.x..../x.... 0:0|0:0,1:0|0:0,-1:1,0:1 0 0 0 0 1";
const BLOCKS = runEngine(`
import json
from club.blocks import conform
from club.blocks.api import Session, start

s = Session()
s.load({"save": start(conform.load(${JSON.stringify(TWO_ROWS)}), 0)})
empty = Session()
print(json.dumps({"geometry": s.geometry({}), "view": s.view({}), "preview": s.preview({"slot": 0, "cell": "0:0"}),
                  "empty": empty.new({"seed": 3})}))
`);

const en = createI18n(
  "en",
  new Map([["blocks.en", Promise.resolve(JSON.parse(readFileSync(new URL("../../web/i18n/blocks.en.json", import.meta.url), "utf8")))]]),
);
await en.use("blocks");
const blocksWords = createWords(en.t);
blocksWords.reshape(BLOCKS.geometry);

// [cell, where it is in words]: lines counted from the top, cells from the left of their line
const WHERE = [
  ["0:-4", "row 1 from the top, cell 1"],
  ["4:-4", "row 1 from the top, cell 5"],
  ["-4:0", "row 5 from the top, cell 1"],
  ["0:0", "row 5 from the top, cell 5"], // the centre of the widest line
  ["4:0", "row 5 from the top, cell 9"],
  ["-4:4", "row 9 from the top, cell 1"],
  ["0:4", "row 9 from the top, cell 5"],
  ["7:7", "7:7"], // no cell of the board: its name
];

for (const [cell, words] of WHERE) {
  test(`blocks words: ${cell} is "${words}"`, () => {
    assert.equal(blocksWords.where(cell), words);
  });
}

test("blocks words: the rows a drop at the centre clears (B13): one across, one slanted by its ends", () => {
  assert.equal(
    blocksWords.rows(BLOCKS.preview.rows),
    "Clears 2 rows: row 5; the slanted row from row 1 from the top, cell 5 to row 9 from the top, cell 1.",
  );
});

test("blocks words: a drop that clears nothing says nothing", () => {
  assert.equal(blocksWords.rows([]), "");
});

test("blocks words: the board row by row, then the pieces", () => {
  assert.equal(
    blocksWords.board(BLOCKS.view),
    [
      "Board: 16 of 61 cells filled.",
      "Row 1, 1 cell filled: 5.",
      "Row 2, 1 cell filled: 5.",
      "Row 3, 1 cell filled: 5.",
      "Row 4, 1 cell filled: 5.",
      "Row 5: all filled but cell 5.",
      "Row 6, 1 cell filled: 4.",
      "Row 7, 1 cell filled: 3.",
      "Row 8, 1 cell filled: 2.",
      "Row 9, 1 cell filled: 1.",
      "Piece 1: single, 1 cell",
      "Piece 2: pair, 2 cells",
      "Piece 3: triangle, 3 cells",
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
  assert.ok(blocksWords.board(view).endsWith("Slot 1: used Piece 2: pair, 2 cells, no room on the board Piece 3: triangle, 3 cells"));
});

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
