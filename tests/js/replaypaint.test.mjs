// Blocks' replay paint (web/games/blocks/replaypaint.js): the gem colours of a
// replayed position. The run is played once by the CPython engine (seed 7, a
// re-deal after the 8th drop, every piece dropped at its first legal target,
// to the end); its replay is opened and every position sought. The expected
// colours are the live run's: each filled cell shows the family of the last
// piece placed on it, as the player saw while playing (computed here from the
// live answers' events, not by the module under test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { runEngine } from "./engine.mjs";
import { BETWEEN, createReplayPaint } from "../../web/games/blocks/replaypaint.js";

const RUN = runEngine(`
import json
from club.blocks.api import Session
from club.replayer import Replays

live = Session()
view = live.new({"seed": 7})
cells = [f"{q}:{r}" for q, r in live.geometry({})["cells"]]
families = {}
truth = [[None] * len(cells)]
code = None
while not view["over"]:
    slot = next((s for s in view["tray"] if s["piece"] and s["fits"]), None)
    if view["drops"] == 8 and view["redeals"] > 0:
        answer = live.redeal({})
    else:
        answer = live.place({"slot": slot["slot"], "cell": cells[slot["targets"][0]]})
    view = answer["view"]
    for e in answer["events"]:
        if e["type"] == "placed":
            families.update({c: e["family"] for c in e["cells"]})
        elif e["type"] == "cleared":
            for c in e["cells"]:
                families.pop(c, None)
        elif e["type"] == "finished":
            code = e["code"]
    truth.append([families.get(c) if view["board"][i] != "." else None for i, c in enumerate(cells)])

replay = Replays(Session())
opened = replay.replay_open({"code": code})
positions = [replay.replay_seek({"index": i}) for i in range(opened["steps"] + 1)]
print(json.dumps({"cells": cells, "truth": truth, "positions": positions}))
`);

/** @type {{ cells: string[], truth: (number | null)[][], positions: { index: number, view: any, events: any[] }[] }} */
const { cells, truth, positions } = RUN;
const LAST = positions.length - 1;
/** @param {string} cell */
const index = (cell) => (cells.includes(cell) ? cells.indexOf(cell) : undefined);

/** The engine's replay_events over the positions: the events of steps first..last. @param {number} first @param {number} last */
const between = (first, last) => ({ first, events: positions.slice(first, last + 1).map((p) => p.events) });

/** A painter over the engine's positions, with the steps it had to ask for (and the calls: [first, last]). */
function painter() {
  /** @type {number[]} */
  const asked = [];
  /** @type {number[][]} */
  const calls = [];
  const paint = createReplayPaint(index, async (first, last) => {
    calls.push([first, last]);
    for (let step = first; step <= last; step += 1) asked.push(step);
    return between(first, last);
  });
  /** @param {number} step */
  const at = (step) => paint(step, positions[step].view, positions[step].events);
  return { at, asked, calls };
}

test("the run is one the paint can be wrong about: clears, a Crown, a re-deal, an end", () => {
  const types = new Set(positions.flatMap((p) => p.events.map((e) => e.type)));
  for (const type of ["placed", "cleared", "crown", "dealt", "over"]) assert.ok(types.has(type), type);
  assert.ok(
    positions.some((p) => p.events.length && p.events.every((e) => e.type === "dealt")),
    "a re-deal step",
  );
  assert.equal(positions.length, truth.length, "one position per action, and the start");
  assert.ok(truth[LAST].filter((f) => f !== null).length > 10, "a board full of colours at the end");
  assert.ok(new Set(truth[LAST].filter((f) => f !== null)).size > 2, "of several families");
});

test("stepping one by one paints every position as it was played", async () => {
  const { at, asked } = painter();
  for (let step = 0; step <= LAST; step += 1) assert.deepEqual(await at(step), truth[step], `step ${step}`);
  assert.deepEqual(asked, [], "every step was shown: nothing asked of the engine");
});

// [what the player does, the steps shown in that order]
const JUMPS = [
  ["Last from the start", [0, LAST]],
  ["the slider to the middle, then Last", [0, 17, LAST]],
  ["a few steps, then Last", [0, 1, 2, 3, LAST]],
  ["Last, then back to the first, then forward", [0, LAST, 0, 1, 2]],
  ["Last, then one step back", [0, LAST, LAST - 1]],
  ["Last, then the slider back to the middle", [0, LAST, 12]],
  ["the slider just past the re-deal", [0, 10]],
  ["straight to the end without the start shown", [LAST]],
];

for (const [what, shown] of JUMPS) {
  test(`a jump paints what stepping there paints: ${what}`, async () => {
    const { at } = painter();
    for (const step of shown) assert.deepEqual(await at(step), truth[step], `step ${step}`);
  });
}

test("a jump asks the engine only for the steps never shown, each once, in order, in one call", async () => {
  const { at, asked, calls } = painter();
  for (const step of [0, 1, 2, 3]) await at(step);
  await at(9);
  assert.deepEqual(asked, [4, 5, 6, 7, 8]);
  assert.deepEqual(calls, [[4, 8]]);
  await at(LAST);
  assert.deepEqual(
    asked.slice(5),
    Array.from({ length: LAST - 10 }, (_, i) => 10 + i),
  );
  asked.length = 0;
  await at(5);
  await at(LAST);
  assert.deepEqual(asked, [], "what was painted once is not asked again");
});

test("two jumps on their way together ask each step once", async () => {
  const { at, asked } = painter();
  const [middle, end] = await Promise.all([at(20), at(LAST)]);
  assert.deepEqual(middle, truth[20]);
  assert.deepEqual(end, truth[LAST]);
  assert.equal(new Set(asked).size, asked.length);
});

test("a long jump is asked in parts of at most BETWEEN steps", async () => {
  const calls = [];
  const paint = createReplayPaint(index, async (first, last) => {
    calls.push([first, last]);
    return { first, events: Array.from({ length: last - first + 1 }, () => []) };
  });
  const far = 2 * BETWEEN + 7;
  const board = positions[0].view.board;
  await paint(far, { ...positions[0].view, board }, []);
  assert.deepEqual(calls, [
    [1, BETWEEN],
    [BETWEEN + 1, 2 * BETWEEN],
    [2 * BETWEEN + 1, far - 1],
  ]);
});

test("a step the engine failed to answer is asked again next time", async () => {
  let failing = true;
  const paint = createReplayPaint(index, async (first, last) => {
    if (failing && first <= 3 && 3 <= last) throw new Error("the worker went away");
    return between(first, last);
  });
  await assert.rejects(paint(6, positions[6].view, positions[6].events), /went away/);
  failing = false;
  assert.deepEqual(await paint(6, positions[6].view, positions[6].events), truth[6]);
});
