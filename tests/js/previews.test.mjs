// Hex Merge's previews (M13, web/games/merge/aim.js through play.js): the
// engine's preview of the piece where it is aimed, latest wins (an answer for
// an older aim or an older position is dropped), one question per cell and
// position, and what the keyboard's marker says when it comes (P11). The page reads an answer
// with `previewOf` (web/games/merge/board.js). Views and preview answers are
// the CPython engine's, from a seeded round played a few moves in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { heldEngine, settle } from "./fakes.mjs";
import { createI18n } from "../../web/kit/i18n.js";
import { createPage } from "../../web/kit/page.js";
import { createState } from "../../web/games/merge/state.js";
import { createPlay } from "../../web/games/merge/play.js";
import { previewOf } from "../../web/games/merge/board.js";

const MERGE = runEngine(`
import json
from club.merge.api import Session

s = Session()
view = s.new({"seed": 4})
geometry = s.geometry({})
previews = {}
for move in range(40):
    for cell in geometry["cells"]:
        answer = s.preview({"cell": cell})
        scored = next((e for e in answer["events"] if e["type"] == "scored"), None)
        if not answer["accepted"]:
            previews.setdefault(answer["reason"], (cell, answer))
        elif scored and scored["merging"]:
            previews.setdefault("merge", (cell, answer))
        else:
            previews.setdefault("free", (cell, answer))
    if {"merge", "free", "occupied", "off-board"} <= set(previews):
        break
    view = s.place({"cell": view["legal"][0]})["view"]
after = s.place({"cell": previews["free"][0]})["view"]
print(json.dumps({"geometry": geometry, "view": view, "after": after, "previews": previews}))
`);

const { geometry, previews } = MERGE;
const en = createI18n(
  "en",
  new Map([["merge.en", Promise.resolve(JSON.parse(readFileSync(new URL("../../web/i18n/merge.en.json", import.meta.url), "utf8")))]]),
);
await en.use("merge");

// ----- previewOf: an answer as the board draws it ----------------------------------------------

test("previewOf: a drop that merges shows its cells, values, the merging stones and the points", () => {
  const [, answer] = previews.merge;
  const set = answer.events.find((e) => e.type === "set");
  const scored = answer.events.find((e) => e.type === "scored");
  assert.deepEqual(previewOf(answer), {
    legal: true,
    cells: set.cells,
    values: set.values,
    merging: scored.merging,
    points: scored.points,
  });
  assert.ok(scored.merging.length >= 3 && scored.points > 0);
});

test("previewOf: a free drop merges nothing", () => {
  const [, answer] = previews.free;
  const view = previewOf(answer);
  assert.equal(view.legal, true);
  assert.deepEqual([view.merging, view.points], [[], 0]);
  assert.ok(view.cells.length >= 1);
});

for (const reason of ["occupied", "off-board"]) {
  test(`previewOf: a refused spot (${reason}) outlines the cells the piece would take`, () => {
    const [, answer] = previews[reason];
    const misfit = answer.events.find((e) => e.type === "misfit");
    assert.deepEqual(previewOf(answer), { legal: false, cells: misfit.cells, values: [], merging: [], points: 0 });
  });
}

test("previewOf: no answer is an empty, illegal preview", () => {
  assert.deepEqual(previewOf(null), { legal: false, cells: [], values: [], merging: [], points: 0 });
});

// ----- latest wins -------------------------------------------------------------------------------

/** The play's previews over a held engine and a real page object, on the engine's view. */
function playing() {
  const engine = heldEngine();
  /** @type {string[]} */
  const said = [];
  let draws = 0;
  const ctx = {
    engine,
    t: en.t,
    number: (n) => String(n),
    announce: (text) => said.push(text),
    reducedMotion: () => true,
    store: { onExternalChange: () => () => {} },
  };
  const page = createPage(/** @type {any} */ ({ dataset: {} }), ctx);
  const state = createState();
  state.geometry = geometry;
  state.view = MERGE.view;
  state.live = true;
  const stub = () => {};
  const play = createPlay(
    /** @type {any} */ ({
      ctx,
      page,
      state,
      draw: () => {
        draws += 1;
      },
      board: {},
      player: { stop: stub },
      timer: {},
      over: {},
      cues: {},
      heard: stub,
      end: {},
    }),
  );
  return { engine, state, play, said, draws: () => draws };
}

/** The engine's preview call for a cell: its index in the calls. @param {any} engine @param {string} cell */
const askedFor = (engine, cell) => engine.calls.findIndex((c) => c.method === "preview" && c.payload.cell === cell);

test("the marker moved on before the answer came: only the newest aim is drawn and said", async () => {
  const { engine, state, play, said } = playing();
  const [first, firstAnswer] = previews.merge;
  const [second, secondAnswer] = previews.free;
  const one = play.setMarker(first);
  const two = play.setMarker(second);
  engine.calls[askedFor(engine, second)].answer(secondAnswer);
  await two;
  engine.calls[askedFor(engine, first)].answer(firstAnswer);
  await one;
  assert.equal(state.marker, second);
  assert.equal(state.preview, secondAnswer);
  assert.equal(said.length, 1);
  assert.match(said[0], /: free\.$/);
});

test("what the marker says: a merge with its stones and points, a free cell, a refusal's reason", async () => {
  for (const [kind, pattern] of [
    ["merge", /: would merge \d+ stones for \d+ points?\.$/],
    ["free", /: free\.$/],
    ["occupied", /: taken by (\d+|joker)\.$/], // which stone holds it
    ["off-board", /: the pair would stick out of the board\.$/],
  ]) {
    const { engine, play, said } = playing();
    const [cell, answer] = previews[kind];
    const shown = play.setMarker(cell);
    engine.calls[0].answer(answer);
    await shown;
    assert.match(said[0], pattern, kind);
    assert.ok(said[0].startsWith("row "), "the cell in words");
  }
});

test("the same aim on the same position is asked once", async () => {
  const { engine, play } = playing();
  const [cell, answer] = previews.free;
  const other = previews.merge[0];
  const one = play.setMarker(cell);
  engine.calls[0].answer(answer);
  await one;
  const away = play.setMarker(other);
  const back = play.setMarker(cell);
  assert.deepEqual(
    engine.calls.map((c) => c.payload.cell),
    [cell, other],
    "the first cell's answer is at hand",
  );
  engine.calls[1].answer(previews.merge[1]);
  await Promise.all([away, back]);
});

test("a new position drops the preview on its way and asks again; the arrow's words are the new position's", async () => {
  const { engine, state, play, said } = playing();
  const [cell, answer] = previews.free;
  const aimed = play.setMarker(cell);
  play.show(MERGE.after); // a move was made (here, another tab's run adopted): the old position's answer is stale
  engine.calls[0].answer(answer);
  await settle();
  assert.equal(state.preview, null);
  assert.deepEqual(said, [], "nothing said of the old position");
  assert.equal(engine.calls.length, 2, "the new position's preview is asked");
  assert.equal(engine.calls[1].payload.cell, cell);
  const fresh = { ...previews.merge[1] };
  engine.calls[1].answer(fresh);
  await aimed;
  await settle();
  assert.equal(state.preview, fresh);
  assert.equal(said.length, 1, "the press is heard, once");
  assert.match(said[0], /: would merge \d+ stones for \d+ points?\.$/, "on the position shown");
});

test("the marker taken off: no preview, and the answer on its way is dropped", async () => {
  const { engine, state, play } = playing();
  const [cell, answer] = previews.merge;
  const aimed = play.setMarker(cell);
  play.setMarker(null);
  engine.calls[0].answer(answer);
  await aimed;
  assert.equal(state.preview, null);
  assert.equal(state.marker, null);
});
