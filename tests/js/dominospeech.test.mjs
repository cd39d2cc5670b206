// Domino Drop by ear (web/games/domino/speech.js, P11): the falling tile, its landing (the CPython
// engine's preview on the lesson's well: 3-6 over 6-1, 2-5, 4-3), what a lock cancelled, the well's
// columns (key D) and one cell (key C), in the real strings of the four languages, plurals included.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { createI18n } from "../../web/kit/i18n.js";
import { cellSaid, lockSaid, moveSaid, spawnSaid, wellSaid } from "../../web/games/domino/speech.js";

const LESSON = runEngine(`
import json
from club.domino.api import Session

s = Session()
views = {"spawn": s.lesson({})}
for name, moves in (("left", ["left"]), ("upright", ["cw", "left", "left", "left"])):
    s.lesson({})
    for move in moves:
        views[name] = s.move({"move": move})["view"]
views["dropped"] = s.move({"move": "hard"})
print(json.dumps(views))
`);

/** @param {string} lang */
async function format(lang) {
  const read = (/** @type {string} */ l) => JSON.parse(readFileSync(new URL(`../../web/i18n/domino.${l}.json`, import.meta.url), "utf8"));
  const ids = [...new Set(["en", lang])];
  const i18n = createI18n(lang, new Map(ids.map((l) => [`domino.${l}`, Promise.resolve(read(l))])));
  await i18n.use("domino");
  return { t: i18n.t, number: (/** @type {number} */ n) => new Intl.NumberFormat(lang).format(n) };
}
const fmt = { en: await format("en"), it: await format("it"), de: await format("de"), ru: await format("ru") };

// [language, view, what a move there says]
const MOVES = [
  ["en", "spawn", "3-6 across columns 4-5, lands on row 2"],
  ["en", "left", "3-6 across columns 3-4, lands on row 1"],
  ["en", "upright", "3 over 6 in column 1, lands on row 2, its 6 touches a 6, cancels 2 halves"],
  ["it", "upright", "3 sopra 6 nella colonna 1, atterra sulla riga 2, il suo 6 tocca un 6, cancella 2 metà"],
  ["de", "upright", "3 über 6 in Spalte 1, landet in Reihe 2, seine 6 berührt eine 6, löst 2 Hälften auf"],
  ["ru", "upright", "3 над 6 в столбце 1, упадёт на ряд 2, её 6 касается 6, уберёт 2 половинки"],
];

for (const [lang, name, said] of MOVES) {
  test(`domino by ear: a move (${lang}, ${name}) says "${said}"`, () => {
    assert.equal(moveSaid(fmt[lang], LESSON[name]), said);
  });
}

test("domino by ear: a new tile says itself, where it lands and the next tile", () => {
  assert.deepEqual(spawnSaid(fmt.en, LESSON.spawn), ["New tile: 3-6 across columns 4-5, lands on row 2", "Next 1-2"]);
});

// [count, chain, English, Russian]: the plural of halves, the cascade of a landing
const PLURALS = [
  [1, 1, "cancels 1 half", "уберёт 1 половинку"],
  [3, 1, "cancels 3 halves", "уберёт 3 половинки"],
  [5, 2, "cancels 5 halves in a cascade of 2 steps", "уберёт 5 половинок каскадом из 2 шагов"],
];
for (const [count, chain, en, ru] of PLURALS) {
  test(`domino by ear: ${count} halves in ${chain} steps`, () => {
    const landing = {
      row: 0,
      cells: [
        [0, 15, 1],
        [1, 15, 2],
      ],
      touches: [],
      points: count,
      chain,
    };
    const view = { ...LESSON.spawn, landing };
    assert.ok(moveSaid(fmt.en, view).endsWith(en), moveSaid(fmt.en, view));
    assert.ok(moveSaid(fmt.ru, view).endsWith(ru), moveSaid(fmt.ru, view));
  });
}

test("domino by ear: a lock says what it cancelled step by step, or where it locked", () => {
  const events = [
    { type: "locked", cells: [[0, 14, 6, "u"]] },
    {
      type: "cancelled",
      step: 1,
      cells: [
        [0, 14, 6],
        [0, 15, 6],
      ],
      points: 2,
    },
    {
      type: "cancelled",
      step: 2,
      cells: [
        [1, 15, 5],
        [2, 15, 5],
      ],
      points: 4,
    },
  ];
  assert.deepEqual(lockSaid(fmt.en, events, 16), ["Cancelled 6, 6", "Cascade 2: 5, 5 cancelled"]);
  assert.deepEqual(lockSaid(fmt.en, events.slice(0, 1), 16), ["Locked on row 2, nothing cancelled"]);
  assert.deepEqual(lockSaid(fmt.en, LESSON.dropped.events, 16), ["Cancelled 6, 6"]);
});

test("domino by ear: D reads every column's height and top, the falling tile and the next", () => {
  const [columns, falling, next] = wellSaid(fmt.en, LESSON.upright, LESSON.upright.falling);
  assert.equal(
    columns,
    "Columns from the left: 1: height 1, top 6; 2: height 1, top 1; 3: empty; 4: empty; 5: height 1, top 2; 6: height 1, top 5; 7: height 1, top 4; 8: height 1, top 3",
  );
  assert.equal(falling, "Falling: 3 over 6 in column 1, lands on row 2, its 6 touches a 6, cancels 2 halves");
  assert.equal(next, "Next 1-2");
});

// [column, row from the top, what the cursor says]
const CELLS = [
  [0, 15, "Row 1, column 1: 6"],
  [2, 15, "Row 1, column 3: empty"],
  [0, 1, "Row 15, column 1: 6, falling tile"],
];
for (const [col, row, said] of CELLS) {
  test(`domino by ear: the cell cursor at ${col}:${row} says "${said}"`, () => {
    assert.equal(cellSaid(fmt.en, LESSON.upright, LESSON.upright.falling, col, row), said);
  });
}
