// The Puzzle Workshop's draft (web/games/bowls/draft.js, W28): the edits a tap or a key makes, their undo,
// and the draft as the engine reads it (W26 notation, W18 goal), as tables.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  apply,
  canUndo,
  clearAll,
  createEditor,
  emptyDraft,
  goalOf,
  keepText,
  keptDraft,
  pick,
  positionOf,
  readDraft,
  remove,
  setCount,
  setGoal,
  setLimit,
  setTitle,
  undo,
  MOST_STONES,
} from "../../web/games/bowls/draft.js";

const EMPTY = "-/-/-/-/-/-/-/-/-/-/-/- 0 0";

/** @param {import("../../web/games/bowls/draft.js").Editor} editor @param {[string, any][]} steps */
function run(editor, steps) {
  for (const [what, arg] of steps) {
    if (what === "stone") editor = pick(editor, { kind: "stone", stone: arg });
    else if (what === "mod") editor = pick(editor, { kind: "mod", mod: arg });
    else if (what === "erase") editor = pick(editor, { kind: "erase" });
    else if (what === "count") editor = setCount(editor, arg);
    else if (what === "tap") editor = apply(editor, arg);
    else if (what === "remove") editor = remove(editor, arg);
    else if (what === "undo") editor = undo(editor);
    else if (what === "clear") editor = clearAll(editor);
  }
  return editor;
}

test("taps, modifiers and removals write W26 notation", () => {
  const table = [
    [[], EMPTY],
    [
      [
        ["tap", 0],
        ["tap", 0],
        ["stone", "G"],
        ["tap", 0],
      ],
      "RRG/-/-/-/-/-/-/-/-/-/-/- 0 0",
    ],
    [
      [
        ["stone", "J"],
        ["tap", 11],
        ["stone", "X"],
        ["tap", 11],
      ],
      "-/-/-/-/-/-/-/-/-/-/-/JX 0 0",
    ],
    [
      [
        ["mod", "volcano"],
        ["tap", 3],
        ["mod", "ice"],
        ["count", 3],
        ["tap", 3],
      ],
      "-/-/-/-[i3v]/-/-/-/-/-/-/-/- 0 0",
    ],
    [
      [
        ["mod", "reverse"],
        ["tap", 2],
        ["tap", 2],
      ],
      EMPTY,
    ],
    [
      [
        ["tap", 1],
        ["tap", 1],
        ["remove", 1],
      ],
      "-/R/-/-/-/-/-/-/-/-/-/- 0 0",
    ],
    [[["mod", "ice"], ["tap", 1], ["stone", "B"], ["tap", 1], ["erase"], ["tap", 1]], "-/-[i]/-/-/-/-/-/-/-/-/-/- 0 0"],
    [
      [
        ["mod", "ice"],
        ["tap", 1],
        ["remove", 1],
      ],
      EMPTY,
    ],
    [[["tap", 0], ["tap", 5], ["clear"]], EMPTY],
    [[["tap", 0], ["tap", 5], ["clear"], ["undo"]], "R/-/-/-/-/R/-/-/-/-/-/- 0 0"],
    [[["tap", 0], ["tap", 0], ["undo"]], "R/-/-/-/-/-/-/-/-/-/-/- 0 0"],
    [
      [
        ["tap", 12],
        ["tap", -1],
        ["tap", 1.5],
      ],
      EMPTY,
    ],
    [
      [
        ["count", 500],
        ["mod", "volcano"],
        ["tap", 0],
      ],
      "-[v99]/-/-/-/-/-/-/-/-/-/-/- 0 0",
    ],
  ];
  for (const [steps, position] of table) assert.equal(positionOf(run(createEditor(), steps).draft), position, JSON.stringify(steps));
});

test("a bowl takes stones up to the editor's bound, past W18's limit so it is seen", () => {
  const full = run(
    createEditor(),
    Array.from({ length: MOST_STONES + 3 }, () => ["tap", 4]),
  );
  assert.equal(full.draft.bowls[4].stones.length, MOST_STONES);
  assert.equal(full.past.length, MOST_STONES); // a refused tap is no edit to undo
});

test("undo walks back every edit, then stays", () => {
  let editor = run(createEditor(), [["tap", 0]]);
  editor = setLimit(editor, 5);
  editor = setTitle(editor, "Mine");
  editor = setGoal(editor, { kind: "collect", colour: "G", count: 6 });
  assert.deepEqual([editor.draft.limit, editor.draft.title, goalOf(editor.draft.goal)], [5, "Mine", "collect G 6"]);
  for (const expected of [
    [5, "Mine", "clear R"],
    [5, "", "clear R"],
    [3, "", "clear R"],
  ]) {
    editor = undo(editor);
    assert.deepEqual([editor.draft.limit, editor.draft.title, goalOf(editor.draft.goal)], expected);
  }
  editor = undo(editor);
  assert.equal(positionOf(editor.draft), EMPTY);
  assert.equal(canUndo(editor), false);
  assert.equal(undo(editor), editor);
});

test("goals in W18's grammar; a goal that is not one is no edit", () => {
  const table = [
    [{ kind: "clear", colour: "B" }, "clear B"],
    [{ kind: "collect", colour: "Y", count: 9 }, "collect Y 9"],
    [{ kind: "score", count: 250 }, "score 250"],
    [{ kind: "combo", count: 2 }, "combo 2"],
    [{ kind: "leave", count: 4 }, "leave 4"],
    [{ kind: "empty" }, "empty"],
    [{ kind: "win" }, "clear R"],
    [{ kind: "clear", colour: "J" }, "clear R"],
    [{ kind: "__proto__" }, "clear R"],
  ];
  for (const [goal, text] of table) assert.equal(goalOf(setGoal(createEditor(), goal).draft.goal), text, JSON.stringify(goal));
});

test("limits and titles are bounded; a title is kept as typed, markup and all", () => {
  const table = [
    [0, 1],
    [1, 1],
    [7, 7],
    [12, 12],
    [40, 12],
    ["x", 1],
  ];
  for (const [given, kept] of table) assert.equal(setLimit(createEditor(), /** @type {any} */ (given)).draft.limit, kept);
  assert.equal(setTitle(createEditor(), "<b>hi</b>").draft.title, "<b>hi</b>");
  assert.equal(setTitle(createEditor(), "x".repeat(60)).draft.title.length, 40);
});

test("a draft reads back from its fields (a copy to edit); what does not read is null", () => {
  const table = [
    ["RRG[i2rv]/-/-/-/-/-/-/-/-/-/-/JX 0 0", "collect G 6"],
    [EMPTY, "empty"],
    ["-[v]/B/-/-/-/-/-/-/-/-/-/- 0 0", "score 120"],
  ];
  for (const [position, goal] of table) {
    const draft = readDraft({ position, goal, limit: 4, title: "T" });
    assert.ok(draft, position);
    assert.equal(positionOf(draft), position.replace("[i2rv]", "[i2rv]"));
    assert.equal(goalOf(draft.goal), goal);
  }
  const bad = [
    ["R/-", "empty"],
    ["Q/-/-/-/-/-/-/-/-/-/-/- 0 0", "empty"],
    ["R[z]/-/-/-/-/-/-/-/-/-/-/- 0 0", "empty"],
    [EMPTY, "clear"],
    [EMPTY, "nothing 3"],
  ];
  for (const [position, goal] of bad) assert.equal(readDraft({ position, goal, limit: 3 }), null, `${position} ${goal}`);
});

test("a kept draft comes back; a damaged one is a new draft", () => {
  const draft = run(createEditor(), [
    ["tap", 2],
    ["mod", "ice"],
    ["tap", 2],
  ]).draft;
  assert.deepEqual(keptDraft(keepText(draft)), { ...draft });
  for (const text of [null, "", "{", "[]", '{"position": 3}', '"x"']) assert.deepEqual(keptDraft(text), emptyDraft(), String(text));
});
