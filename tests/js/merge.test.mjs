// Hex Merge's cues (web/games/merge/cues.js: the engine's events as cues and
// juice) and its board in words (web/games/merge/words.js, P11). The events
// are the CPython engine's, the first move of each kind in seeded rounds
// (M5-M11); the words are the real English strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { createCues } from "../../web/games/merge/cues.js";
import { aimSaid, aroundSaid, describeBoard, moveSaid, placeName, rowsText } from "../../web/games/merge/words.js";
import { createI18n } from "../../web/kit/i18n.js";
import { createAim } from "../../web/games/merge/aim.js";
import { createState } from "../../web/games/merge/state.js";
import { createPage } from "../../web/kit/page.js";
import { fakeScope, heldEngine, settle } from "./fakes.mjs";

const MERGE = runEngine(`
import json, random
from club.merge.api import Session

found = {}
def kind(events):
    scored = next((e for e in events if e["type"] == "scored"), None)
    if scored is None:
        return None
    if any(e["type"] == "over" for e in events):
        recorded = next(e for e in events if e["type"] == "recorded")
        return "over-best" if recorded["new_best"] else "over-below-best"
    if any(e["type"] == "merged" and e["joker"] for e in events):
        found.setdefault("joker", events)
    if max((len(e["cells"]) for e in events if e["type"] == "merged"), default=0) == 5 and scored["chain"] == 1:
        return "big"  # the smallest group that earns its own word
    return f"chain{min(scored['chain'], 4)}"

for seed in range(1, 200):
    s = Session()
    view = s.new({"seed": seed})
    rnd = random.Random(seed)
    for run in range(2):  # a played round, then one filled in reading order (it ends low)
        while not view["over"]:
            if not view["legal"]:
                view = s.rotate({"step": 1})["view"]
                continue
            answer = s.place({"cell": rnd.choice(view["legal"]) if run == 0 else view["legal"][0]})
            view = answer["view"]
            found.setdefault(kind(answer["events"]), answer["events"])
        view = s.new({"seed": seed + 500})
    if {"chain3", "chain4", "big", "over-best", "over-below-best", "joker"} <= set(found):
        break
found.pop(None, None)

s = Session()
s.new({"seed": 1})
geometry = s.geometry({})
first = s.place({"cell": geometry["cells"][0]})["view"]
print(json.dumps({"moves": found, "geometry": geometry, "first": first}))
`);

const { moves, geometry } = MERGE;

/** The feel over fakes that record what it does: cues, bursts, floats, praise, shakes. */
function feelOf() {
  /** @type {any[][]} */
  const did = [];
  const ctx = {
    t: (key, vars) => (vars ? `${key}${JSON.stringify(vars)}` : key),
    number: (n) => `#${n}`,
    feel: { cue: (name, options) => did.push(["cue", name, options ?? {}]) },
  };
  // the board's points: a cell q:r at (10q, 10r), the SVG 100 right and 50 down on screen
  const board = {
    hex: {
      point: (name) => {
        const [q, r] = name.split(":").map(Number);
        return { x: 10 * q, y: 10 * r };
      },
    },
    root: { getScreenCTM: () => ({ e: 100, f: 50 }) },
  };
  const juice = {
    finish: () => did.push(["finish"]),
    burst: (x, y, options) => did.push(["burst", x, y, options]),
    float: (text, x, y, options) => did.push(["float", text, x, y, options]),
    praise: (text, options) => did.push(["praise", text, options]),
    shake: (n) => did.push(["shake", n]),
  };
  globalThis.DOMPoint = class {
    constructor(x, y) {
      Object.assign(this, { x, y });
    }
    matrixTransform(m) {
      return { x: this.x + m.e, y: this.y + m.f };
    }
  };
  return { feel: createCues({ ctx, board: /** @type {any} */ (board), juice: /** @type {any} */ (juice) }), did };
}

/** The cell's point on screen under feelOf's fakes. @param {string} cell */
const screen = (cell) => {
  const [q, r] = cell.split(":").map(Number);
  return [10 * q + 100, 10 * r + 50];
};

test("the engine gave every kind of move the tables speak of", () => {
  for (const kind of ["chain0", "chain1", "chain2", "chain3", "chain4", "big", "joker", "over-best", "over-below-best"]) {
    assert.ok(moves[kind], kind);
  }
});

test("the moments of a move: set, turn, refusal, a new action", () => {
  const { feel, did } = feelOf();
  feel.placed();
  feel.turned();
  feel.refused();
  feel.start();
  assert.deepEqual(did, [["cue", "place", {}], ["cue", "move", {}], ["cue", "refuse", {}], ["finish"]]);
});

// Each chain step as the animation shows it: the merge sound for the first, rising chain steps after;
// per group a burst where it lands, sized by its stones, and its points floating there.
for (const kind of ["chain1", "chain2", "chain3", "chain4", "big", "joker"]) {
  test(`the steps of a ${kind} move`, () => {
    const merged = moves[kind].filter((e) => e.type === "merged");
    const steps = Math.max(...merged.map((e) => e.step));
    for (let step = 1; step <= steps; step += 1) {
      const { feel, did } = feelOf();
      const groups = merged.filter((e) => e.step === step);
      feel.step(groups, step);
      const stones = groups.reduce((n, g) => n + g.cells.length, 0);
      assert.deepEqual(did[0], ["cue", step === 1 ? "merge" : "chain", { size: stones, step }]);
      assert.deepEqual(
        did.slice(1),
        groups.flatMap((g) => [
          ["burst", ...screen(g.target), { size: g.cells.length, cls: g.joker ? "hm-juice-joker" : "hm-juice" }],
          [
            "float",
            `+#${g.points}${g.factor > 1 ? ` ×${g.factor}` : ""}`,
            ...screen(g.target),
            { cls: g.joker ? "hm-float hm-fx-joker" : "hm-float" },
          ],
        ]),
        `step ${step}`,
      );
    }
  });
}

test("a joker's merge looks like one, and its doubled points say so", () => {
  const jokers = moves.joker.filter((e) => e.type === "merged" && e.joker);
  const { feel, did } = feelOf();
  feel.step(jokers, 1);
  assert.ok(did.some((d) => d[0] === "burst" && d[3].cls === "hm-juice-joker"));
  if (jokers.some((g) => g.factor > 1)) assert.ok(did.some((d) => d[0] === "float" && d[1].includes("×")));
});

/** [the move, what its end shows: praise (key, level), fanfare, shake] — by its chain length (M10) */
const ENDS = [
  ["chain0", []],
  ["chain1", []],
  ["big", [["praise", "merge.praise.big", { level: 1 }]]],
  ["chain2", [["praise", 'merge.praise.chain2{"n":2}', { level: 1 }]]],
  [
    "chain3",
    [
      ["praise", 'merge.praise.chain3{"n":3}', { level: 2 }],
      ["cue", "fanfare", {}],
    ],
  ],
  [
    "chain4",
    (chain) => [
      ["praise", `merge.praise.chain4{"n":${chain}}`, { level: 3 }],
      ["cue", "fanfare", {}],
      ["shake", 3],
    ],
  ],
];

for (const [kind, shows] of ENDS) {
  test(`the end of a ${kind} move`, () => {
    const { feel, did } = feelOf();
    const chain = moves[kind].find((e) => e.type === "scored").chain;
    feel.ended(moves[kind]);
    assert.deepEqual(did, typeof shows === "function" ? shows(chain) : shows);
  });
}

test("the move that ends the round with a new best: the fanfare and its praise, then the game over", () => {
  const { feel, did } = feelOf();
  feel.ended(moves["over-best"]);
  const end = did.slice(did.findIndex((d) => d[1] === "merge.newBest") - 1);
  assert.deepEqual(end, [
    ["cue", "fanfare", {}],
    ["praise", "merge.newBest", { level: 3 }],
    ["cue", "over", {}],
  ]);
});

test("the move that ends the round below the best: the game over alone", () => {
  const { feel, did } = feelOf();
  feel.ended(moves["over-below-best"]);
  assert.deepEqual(did.at(-1), ["cue", "over", {}]);
  assert.ok(!did.some((d) => d[1] === "merge.newBest"));
});

// ----- the board in words --------------------------------------------------------------------

const en = createI18n(
  "en",
  new Map([["merge.en", Promise.resolve(JSON.parse(readFileSync(new URL("../../web/i18n/merge.en.json", import.meta.url), "utf8")))]]),
);
await en.use("merge");

// [cell, its place in words]: rows counted from the top, cells from the left of their row
const PLACES = [
  ["0:-3", "row 1 from the top, cell 1 from the left"], // the top row's first cell
  ["3:-3", "row 1 from the top, cell 4 from the left"],
  ["-3:0", "row 4 from the top, cell 1 from the left"], // the widest row
  ["0:0", "row 4 from the top, cell 4 from the left"], // the centre
  ["3:0", "row 4 from the top, cell 7 from the left"],
  ["-3:3", "row 7 from the top, cell 1 from the left"],
  ["0:3", "row 7 from the top, cell 4 from the left"],
  ["9:9", "9:9"], // off the board: its name
];

for (const [cell, words] of PLACES) {
  test(`merge words: ${cell} is "${words}"`, () => {
    assert.equal(placeName(geometry, cell, en.t), words);
  });
}

test("merge words: without the geometry yet a cell is its name", () => {
  assert.equal(placeName(null, "0:0", en.t), "0:0");
});

test("merge words: the board after the first pair, row by row", () => {
  assert.deepEqual(rowsText(geometry, MERGE.first.board, en.t), [
    "Row 1: cell 1: 2, cell 2: 4.",
    ...[2, 3, 4, 5, 6, 7].map((row) => `Row ${row}: empty.`),
  ]);
  assert.deepEqual(
    rowsText(
      geometry,
      MERGE.first.board.map((v, i) => (i === 36 ? -1 : v)),
      en.t,
    ).at(-1),
    "Row 7: cell 4: joker.",
    "the last cell holds a joker",
  );
});

test("merge words: the whole board (key D): rows, free cells, the pieces, the score", () => {
  assert.equal(
    describeBoard(geometry, MERGE.first, en.t, (n) => String(n)),
    [
      "The board, 7 rows from the top, 35 free cells.",
      "Row 1: cell 1: 2, cell 2: 4.",
      ...[2, 3, 4, 5, 6, 7].map((row) => `Row ${row}: empty.`),
      "Now: pair 4 and 4. Next: single 2.",
      "Score 0.",
    ].join(" "),
  );
});

// ----- what the marker's aim says, and key N (P11) -------------------------------------------

// A 4-8 pair (turn 0: the partner east of the anchor) on a board with 4s at 1:0 and -1:1, 8s at 2:-1 and 2:1,
// a joker at -1:0.
const AIMS = runEngine(`
import json
from club.merge import saves
from club.merge.api import Session
from club.merge.notation import board_from_cells as B, parse
s = Session()
s.load({"save": saves.dump(saves.Run(parse(f"{B('1:0=4 -1:1=4 2:-1=8 2:1=8 -1:0=*')} 4-8 2 0 3")))})
ask = lambda cell: s.preview({"cell": cell})
print(json.dumps({
    "view": s.view({}),
    "previews": {cell: ask(cell) for cell in ["0:-2", "1:0", "0:0", "0:1", "3:0"]},
    "around": s.around({"cell": "0:0"}),
    "placed": s.place({"cell": "0:2"})["events"],
}))
`);

// [aimed cell, what is said]: free with the partner's cell, taken by which stone, the partner's cell taken,
// a merge (and its chain) with the partner's cell, the partner off the board
const AIM_WORDS = [
  ["0:-2", "row 2 from the top, cell 2 from the left, partner on row 2 from the top, cell 3 from the left: free."],
  ["1:0", "row 4 from the top, cell 5 from the left: taken by 4."],
  ["0:0", "row 4 from the top, cell 4 from the left: the partner's cell, row 4 from the top, cell 5 from the left, is taken by 4."],
  [
    "0:1",
    "row 5 from the top, cell 4 from the left, partner on row 5 from the top, cell 5 from the left: would merge 6 stones for 88 points.",
  ],
  ["3:0", "row 4 from the top, cell 7 from the left: the pair would stick out of the board."],
];

for (const [cell, words] of AIM_WORDS) {
  test(`merge aim words at ${cell}: ${words}`, () => {
    assert.equal(aimSaid(AIMS.previews[cell], cell, AIMS.view, geometry, en.t), words);
  });
}

/** The marker's aim (web/games/merge/aim.js) over a held engine, on AIMS' position; `said` lists what was announced. */
function aiming() {
  const engine = heldEngine();
  const page = createPage(/** @type {any} */ ({ dataset: {} }), { engine, store: fakeScope(), keepView() {} });
  const state = { ...createState(), view: AIMS.view, geometry };
  /** @type {string[]} */
  const said = [];
  const aim = createAim({ ctx: { engine, t: en.t, announce: (text) => void said.push(text) }, page, state, draw() {} });
  return { engine, aim, said };
}

const wordsAt = (/** @type {string} */ cell) => AIM_WORDS.find(([at]) => at === cell)?.[1];

test("merge aim: an arrow's words are said when the aim refreshed after a move takes the drawing (P11)", async () => {
  const { engine, aim, said } = aiming();
  const marked = aim.setMarker("0:1");
  aim.refreshAim(); // a move's animation ended meanwhile: the aim is asked again, at the same cell
  await settle();
  assert.deepEqual(
    engine.calls.map((c) => c.payload.cell),
    ["0:1"],
    "the same position and cell: asked once",
  );
  engine.calls[0].answer(AIMS.previews["0:1"]);
  await marked;
  await settle();
  assert.deepEqual(said, [wordsAt("0:1")]);
});

test("merge aim: of two arrows pressed before the answers, the latest is said, once", async () => {
  const { engine, aim, said } = aiming();
  const first = aim.setMarker("0:1");
  const second = aim.setMarker("0:-2");
  await settle();
  engine.calls.forEach((c) => c.answer(AIMS.previews[c.payload.cell]));
  await Promise.all([first, second]);
  await settle();
  assert.deepEqual(said, [wordsAt("0:-2")]);
});

test("merge words: key N reads the cell and its neighbours clockwise from the upper left", () => {
  assert.equal(
    aroundSaid(AIMS.around, geometry, en.t),
    "row 4 from the top, cell 4 from the left: free. Around it: upper left free, upper right free, right 4, lower right free, " +
      "lower left 4, left joker.",
  );
});

test("merge words: a placed pair says where each stone went", () => {
  assert.equal(
    moveSaid(AIMS.placed, AIMS.view, geometry, en.t, String),
    "Placed 4 on row 6 from the top, cell 4 from the left and 8 on row 6 from the top, cell 5 from the left. Score 0.",
  );
});
