// The engine's events as sounds (the feel kit's cues) for blocks
// (web/games/blocks/cues.js) and Domino Drop (web/games/domino/cues.js), and
// blocks' cell colours (web/games/blocks/paint.js). The events are the
// CPython engine's: blocks' from the spec's conformance positions (B10-B14)
// and a seeded run to its end; Domino Drop's from seeded Sprints, the first
// answer of each kind. Which cues an answer sounds is written here by hand
// from what each event means.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runEngine } from "./engine.mjs";
import { cuesOf } from "../../web/games/blocks/cues.js";
import { paintEvents, readPaint, writePaint } from "../../web/games/blocks/paint.js";
import { cueOf, praiseLevel } from "../../web/games/domino/cues.js";

// ----- blocks ---------------------------------------------------------------------------------

const BLOCKS = runEngine(`
import json
from club.blocks import conform
from club.blocks.api import Session, start

out = {}
for case in json.load(open("spec/vectors/blocks.json"))["cases"]:
    if not case.get("actions") or "error" in case["expect"]:
        continue
    s = Session()
    s.load({"save": start(conform.load(case["position"]), 0)})
    for action in case["actions"]:
        words = action.split()
        answer = s.redeal({}) if words[0] == "redeal" else s.place({"slot": int(words[1]), "cell": words[2]})
    out[case["id"]] = {"events": answer["events"], "board": answer["view"]["board"]}

# a whole run to its end (the first run: a new best), then a short one banked below it
s = Session()
view = s.new({"seed": 7})
cells = [f"{q}:{r}" for q, r in s.geometry({})["cells"]]
def drop(view):
    slot = next((t for t in view["tray"] if t["piece"] and t["fits"]), None)
    if slot is None:
        return s.redeal({})
    return s.place({"slot": slot["slot"], "cell": cells[slot["targets"][0]]})
while not view["over"]:
    answer = drop(view)
    view = answer["view"]
out["run-over-new-best"] = {"events": answer["events"], "board": view["board"]}
drop(s.new_run({"seed": 8})["view"])
answer = s.new_run({"seed": 9})
out["banked-below-best"] = {"events": answer["events"], "board": answer["view"]["board"]}
out["cells"] = cells
print(json.dumps(out))
`);

/**
 * [the answer (a spec vector's id or a run's moment), the board emptied by it
 * (a perfect clear: the page's `emptied`), the cues in order]
 */
const BLOCKS_CUES = [
  ["blocks-place-triangle-no-clear", false, [["place", {}]]],
  ["blocks-plain-drop-resets-streak", false, [["place", {}]]],
  [
    "blocks-b13-single-five-cell-row",
    true,
    [
      ["place", {}],
      ["clear", { size: 1 }],
      ["fanfare", {}],
    ],
  ],
  [
    "blocks-b13-two-nine-cell-rows",
    true,
    [
      ["place", {}],
      ["clear", { size: 2 }],
      ["fanfare", {}],
    ],
  ],
  // the third clearing drop in a row: the chain's second step
  [
    "blocks-b13-third-clearing-drop",
    true,
    [
      ["place", {}],
      ["clear", { size: 2 }],
      ["chain", { step: 2 }],
      ["fanfare", {}],
    ],
  ],
  // a Crown is the fanfare: the perfect clear beside it adds no second one
  [
    "blocks-crown-at-sixth-edge",
    true,
    [
      ["place", {}],
      ["clear", { size: 1 }],
      ["fanfare", { size: 1 }],
    ],
  ],
  ["blocks-redeal", false, []],
  ["blocks-refuse-occupied", false, []],
  [
    "run-over-new-best",
    false,
    [
      ["place", {}],
      ["over", {}],
      ["fanfare", {}],
    ],
  ],
  ["banked-below-best", false, []],
];

for (const [name, emptied, cues] of BLOCKS_CUES) {
  test(`blocks cues: ${name}`, () => {
    const { events, board } = BLOCKS[name];
    assert.equal(!board.includes("x") && events.some((e) => e.type === "cleared"), emptied, "the table's premise");
    assert.deepEqual(cuesOf(events, emptied), cues);
  });
}

// [stored paint, the board ("x" filled), the paint read] — one base-36 family a cell
const READS = [
  ["3.z", "x.x", [3, null, 35]],
  ["3.z", "...", [null, null, null]], // only filled cells have a colour
  ["0a", "xx", [0, 10]],
  ["3", "x.x", [null, null, null]], // a paint of another board: ignored
  [null, "xx", [null, null]],
  [42, "x", [null]],
  ["?.", "x.", [null, null]], // a character no family: no colour
];

for (const [text, board, paint] of READS) {
  test(`blocks paint: readPaint(${JSON.stringify(text)}, ${board})`, () => {
    assert.deepEqual(readPaint(text, board), paint);
  });
}

test("blocks paint: written and read again, the same", () => {
  const paint = [null, 0, 9, 10, 35, null];
  assert.equal(writePaint(paint), ".09az.");
  assert.deepEqual(readPaint(writePaint(paint), ".xxxx."), paint);
});

test("blocks paint: a drop colours its cells with its family; a clear takes the colours of its cells away", () => {
  const { cells } = BLOCKS;
  const index = (cell) => (cells.includes(cell) ? cells.indexOf(cell) : undefined);
  for (const name of ["blocks-place-triangle-no-clear", "blocks-b13-two-nine-cell-rows", "blocks-crown-at-sixth-edge"]) {
    const { events } = BLOCKS[name];
    const placed = events.find((e) => e.type === "placed");
    const cleared = events.find((e) => e.type === "cleared");
    const paint = cells.map(() => 7); // every cell painted before
    paintEvents(paint, events, index);
    for (const cell of placed.cells) {
      assert.equal(paint[index(cell)], cleared?.cells.includes(cell) ? null : placed.family, `${name} ${cell}`);
    }
    for (const cell of cleared?.cells ?? []) assert.equal(paint[index(cell)], null, `${name} ${cell}`);
    const untouched = cells.filter((c) => !placed.cells.includes(c) && !cleared?.cells.includes(c));
    assert.ok(
      untouched.every((c) => paint[index(c)] === 7),
      `${name}: other cells keep their colour`,
    );
  }
});

test("blocks paint: a cell off the board is skipped, other events change nothing", () => {
  const paint = [null, null];
  paintEvents(
    paint,
    [
      { type: "placed", family: 4, cells: ["0:0", "9:9"] },
      { type: "points", points: 2 },
      { type: "dealt", why: "used", tray: [] },
    ],
    (cell) => (cell === "0:0" ? 1 : undefined),
  );
  assert.deepEqual(paint, [null, 4]);
});

// ----- Domino Drop -----------------------------------------------------------------------------

const DOMINO = runEngine(`
import json, random
from club.domino.api import Session

found = {}
def kind(answer):
    events = answer["events"]
    types = [e["type"] for e in events]
    steps = [e["step"] for e in events if e["type"] == "cancelled"]
    if "over" in types:
        record = next(e for e in events if e["type"] == "record")
        return "end-record" if record["beaten"] else "end-no-record"
    if types == ["moved"]:
        return events[0]["by"]
    if "locked" in types:
        return {0: "drop", 1: "cancel", 2: "cascade2"}.get(max(steps, default=0), "cascade3")
    return None

for seed in range(1, 40):
    s = Session()
    s.new({"seed": seed, "mode": "sprint"})
    rnd = random.Random(seed)
    for run in range(2):  # a played run, then a run of hard drops only (it beats no record)
        for n in range(600):
            move = rnd.choice(["left", "right", "cw", "ccw", "hard", "hard", "down"]) if run == 0 else "hard"
            answer = s.move({"move": move})
            found.setdefault(kind(answer), answer["events"])
            if answer["view"]["over"]:
                break
        s.new({"seed": seed + 1000, "mode": "sprint"})
    tick = s.tick({"ms": 2000})
    if any(e["type"] == "moved" for e in tick["events"]):
        found.setdefault("gravity", tick["events"])
    if len(found) > 12:
        break
found.pop(None, None)
print(json.dumps(found))
`);

/** The cues of an answer, as the page plays them: each event's own, in order. @param {any[]} events */
const dominoCues = (events) => events.map((e) => cueOf(e, events)).filter((cue) => cue !== null);
/** The events of a type in an answer. @param {any[]} events @param {string} type */
const of = (events, type) => events.filter((e) => e.type === type);

/**
 * [the answer, its cues from its events]: which cues, in which order, is the
 * table's; a size or step is the event's own number.
 */
const DOMINO_CUES = [
  ["left", () => [["move", {}]]],
  ["right", () => [["move", {}]]],
  ["cw", () => [["move", {}]]],
  ["ccw", () => [["move", {}]]],
  ["down", () => [["move", {}]]],
  ["gravity", () => []], // the tile falling by itself is silent
  ["drop", () => [["place", {}]]], // the hard drop's slide is silent, its landing is not
  [
    "cancel",
    (events) => [
      ["place", {}],
      ["cancel", { size: of(events, "cancelled")[0].cells.length }],
      ...(of(events, "scored")[0].points >= 9 ? [["fanfare", { size: of(events, "scored")[0].points }]] : []),
    ],
  ],
  [
    "cascade2",
    (events) => [
      ["place", {}],
      ["cancel", { size: of(events, "cancelled")[0].cells.length }],
      ["chain", { step: 1 }],
      ...(of(events, "scored")[0].points >= 9 ? [["fanfare", { size: of(events, "scored")[0].points }]] : []),
    ],
  ],
  // three cascade steps are the biggest praise: the fanfare, sized by the turn's points
  [
    "cascade3",
    (events) => [
      ["place", {}],
      ["cancel", { size: of(events, "cancelled")[0].cells.length }],
      ["chain", { step: 1 }],
      ["chain", { step: 2 }],
      ["fanfare", { size: of(events, "scored")[0].points }],
    ],
  ],
  // the end sounds once: through its record, a fanfare when one was beaten
  [
    "end-record",
    () => [
      ["place", {}],
      ["fanfare", {}],
    ],
  ],
  [
    "end-no-record",
    () => [
      ["place", {}],
      ["over", {}],
    ],
  ],
];

for (const [name, expected] of DOMINO_CUES) {
  test(`domino cues: ${name}`, () => {
    const events = DOMINO[name];
    assert.ok(events, `the engine gave a ${name} answer`);
    assert.deepEqual(dominoCues(events), expected(events));
  });
}

test("domino cues: an end without a record event (a game of no mode) sounds the game over itself", () => {
  const events = DOMINO["end-record"].filter((e) => e.type !== "record");
  assert.deepEqual(dominoCues(events), [
    ["place", {}],
    ["over", {}],
  ]);
});

test("domino cues: the engine's real turns sit where the table says", () => {
  assert.equal(praiseLevel(of(DOMINO.cascade3, "scored")[0]), 3);
  assert.ok(praiseLevel(of(DOMINO.cascade2, "scored")[0]) >= 2);
  assert.equal(praiseLevel(of(DOMINO.drop, "scored")[0]), 0);
});

// [halves cancelled in the turn, cascade steps, praise level]: the thresholds 4/6/9 halves, 2/3 steps
const PRAISE = [
  [0, 0, 0],
  [3, 1, 0],
  [4, 1, 1],
  [5, 1, 1],
  [6, 1, 2],
  [3, 2, 2], // two steps: level 2 whatever the halves
  [8, 1, 2],
  [9, 1, 3],
  [3, 3, 3], // three steps: the top
  [20, 5, 3],
];

for (const [points, chain, level] of PRAISE) {
  test(`domino praise: ${points} halves in ${chain} step(s) is level ${level}`, () => {
    assert.equal(praiseLevel({ points, chain }), level);
  });
}
