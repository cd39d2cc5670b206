// The Puzzle Workshop's lists (web/games/bowls/workshoplists.js, W28): "My puzzles" and "From friends" as
// stored text, an entry kept once per code with its best, a solve recorded on every list holding the puzzle,
// the ghost of a friend's puzzle, and stored data that does not read left out, never an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MOST_KEPT,
  MOST_REPLIES,
  bestReply,
  friendCode,
  ghostOf,
  keepPuzzle,
  keepReply,
  readLists,
  recordSolved,
} from "../../web/games/bowls/workshoplists.js";
import { readDraft, positionOf, goalOf } from "../../web/games/bowls/draft.js";

const EMPTY = { mine: [], friends: [] };
/** @param {string} code @param {Record<string, any>} [more] */
const entry = (code, more = {}) => ({
  code,
  title: `T ${code}`,
  position: "RRG/-/-/-/-/-/-/-/-/-/-/- 0 0",
  goal: "clear R",
  limit: 3,
  par: 2,
  moves: [0, 1],
  best: null,
  ...more,
});
/** A workshop view of the entry's puzzle (what the engine says of an attempt). @param {Record<string, any>} e */
const madeOf = (e, author = null) => /** @type {any} */ ({ start: e.position, goal_text: e.goal, limit: e.limit, title: e.title, author });

test("a puzzle kept goes first; the same code twice is one entry with the better best", () => {
  const table = [
    // [steps: [list, code, best]], [mine codes], [friends codes], best of "a" in its list
    [[["mine", "a", 3]], ["a"], [], 3],
    [
      [
        ["mine", "a", 3],
        ["mine", "b", null],
      ],
      ["b", "a"],
      [],
      3,
    ],
    [
      [
        ["mine", "a", 3],
        ["mine", "a", 2],
      ],
      ["a"],
      [],
      2,
    ],
    [
      [
        ["mine", "a", 2],
        ["mine", "a", 5],
      ],
      ["a"],
      [],
      2,
    ],
    [
      [
        ["mine", "a", 2],
        ["mine", "a", null],
      ],
      ["a"],
      [],
      2,
    ],
    [
      [
        ["friends", "a", null],
        ["friends", "b", null],
        ["friends", "a", 4],
      ],
      [],
      ["a", "b"],
      4,
    ],
    [
      [
        ["mine", "a", 1],
        ["friends", "a", null],
      ],
      ["a"],
      ["a"],
      1,
    ],
  ];
  for (const [steps, mine, friends, best] of table) {
    let lists = readLists(null);
    for (const [which, code, b] of steps) lists = keepPuzzle(lists, which, entry(code, { best: b }));
    const label = JSON.stringify(steps);
    assert.deepEqual(
      lists.mine.map((e) => e.code),
      mine,
      label,
    );
    assert.deepEqual(
      lists.friends.map((e) => e.code),
      friends,
      label,
    );
    const first = lists[steps[0][0]].find((e) => e.code === "a");
    assert.equal(first?.best, best, label);
  }
});

test("a list keeps the newest MOST_KEPT puzzles", () => {
  let lists = readLists(null);
  for (let i = 0; i < MOST_KEPT + 5; i += 1) lists = keepPuzzle(lists, "friends", entry(`c${i}`));
  assert.equal(lists.friends.length, MOST_KEPT);
  assert.equal(lists.friends[0].code, `c${MOST_KEPT + 4}`);
  assert.equal(lists.friends.at(-1)?.code, "c5");
  assert.equal(readLists(JSON.stringify({ mine: Array.from({ length: 80 }, (_, i) => entry(`m${i}`)) })).mine.length, MOST_KEPT);
});

test("the lists round-trip through their stored text", () => {
  const lists = keepPuzzle(keepPuzzle(readLists(null), "mine", entry("a", { best: 2 })), "friends", entry("b", { par: null }));
  assert.deepEqual(readLists(JSON.stringify(lists)), lists);
});

test("a solve is the best of every list holding that puzzle, only when fewer moves", () => {
  const a = entry("a", { best: 3 });
  const b = entry("b", { position: "-/B/-/-/-/-/-/-/-/-/-/- 0 0" });
  const lists = keepPuzzle(keepPuzzle(keepPuzzle(EMPTY, "mine", a), "friends", { ...a, best: null }), "friends", b);
  const table = [
    // [moves, best of a in mine, in friends, best of b]
    [2, 2, 2, null],
    [3, 3, 3, null],
    [5, 3, 5, null],
  ];
  for (const [moves, mine, friend, other] of table) {
    const after = recordSolved(lists, madeOf(a), moves);
    assert.equal(after.mine[0].best, mine, `moves ${moves}`);
    assert.equal(after.friends.find((e) => e.code === "a")?.best, friend, `moves ${moves}`);
    assert.equal(after.friends.find((e) => e.code === "b")?.best, other, `moves ${moves}`);
  }
  // Another title, limit, goal or start is another puzzle: nothing recorded.
  for (const change of [{ title: "x" }, { limit: 4 }, { goal: "empty" }, { position: "-/-/-/-/-/-/-/-/-/-/-/- 0 0" }])
    assert.deepEqual(recordSolved(lists, madeOf({ ...a, ...change }), 1), lists, JSON.stringify(change));
});

test("the ghost: a friend's puzzle kept has its author's moves; one's own or one not kept has none", () => {
  const a = entry("a", { moves: [4, 2, 0] });
  const lists = keepPuzzle(EMPTY, "friends", a);
  const table = [
    [madeOf(a, 3), [4, 2, 0]],
    [madeOf(a, null), null], // one's own attempt: no author
    [madeOf({ ...a, title: "other" }, 3), null],
    [null, null],
    [undefined, null],
  ];
  for (const [made, ghost] of table) assert.deepEqual(ghostOf(lists, made), ghost, JSON.stringify(made));
  assert.equal(ghostOf(keepPuzzle(EMPTY, "mine", a), madeOf(a, 3)), null); // a puzzle of one's own is no friend's
});

test("an entry is a copy to edit: its fields read back as a draft", () => {
  const a = entry("a", { position: "RRG[i2rv]/-/-/-/-/-/-/-/-/-/-/JX 0 0", goal: "collect G 6", limit: 7, title: "<b>mine</b>" });
  const kept = readLists(JSON.stringify(keepPuzzle(EMPTY, "mine", a))).mine[0];
  const copy = readDraft({ position: kept.position, goal: kept.goal, limit: kept.limit, title: kept.title });
  assert.ok(copy);
  assert.deepEqual([positionOf(copy), goalOf(copy.goal), copy.limit, copy.title], [a.position, a.goal, 7, "<b>mine</b>"]);
});

test("stored data that does not read is left out, never an error", () => {
  const good = entry("g");
  const table = [
    [null, [], []],
    ["", [], []],
    ["{", [], []],
    ["[]", [], []],
    ["42", [], []],
    ['"text"', [], []],
    ["null", [], []],
    ['{"mine": "x", "friends": 3}', [], []],
    ['{"mine": {"0": 1}}', [], []],
    [JSON.stringify({ mine: [good], friends: [good] }), ["g"], ["g"]],
    [JSON.stringify({ mine: [null, 1, "x", [], good] }), ["g"], []],
    ...[
      { code: 1 },
      { title: null },
      { position: ["x"] },
      { goal: {} },
      { limit: -1 },
      { limit: 1.5 },
      { limit: "3" },
      { limit: 1e9 },
      { moves: "01" },
      { moves: [0, -1] },
      { moves: [0.5] },
      { moves: null },
    ].map((bad) => [JSON.stringify({ mine: [entry("x", bad), good] }), ["g"], []]),
    [JSON.stringify({ friends: [{ ...good, extra: "<script>" }] }), [], ["g"]],
  ];
  for (const [text, mine, friends] of table) {
    const lists = readLists(/** @type {string | null} */ (text));
    assert.deepEqual(
      lists.mine.map((e) => e.code),
      mine,
      String(text),
    );
    assert.deepEqual(
      lists.friends.map((e) => e.code),
      friends,
      String(text),
    );
  }
  // A par or a best that does not read is "not known", the entry kept.
  const odd = readLists(JSON.stringify({ mine: [entry("o", { par: "2", best: -4 })] })).mine[0];
  assert.deepEqual([odd.par, odd.best], [null, null]);
});

/** A puzzle as the engine's `workshop_reply` answers it. @param {Record<string, any>} e */
const shared = (e) =>
  /** @type {any} */ ({ code: e.code, title: e.title, position: e.position, goal_text: e.goal, limit: e.limit, moves: e.moves });

test("a friend's result sent back lands on its puzzle: mine first, else a friend's, else a new one of mine", () => {
  const a = entry("a");
  const table = [
    // [lists before, list and codes after, replies of "a" after]
    [{ mine: [a], friends: [a] }, "mine", ["a"], ["26"]],
    [{ mine: [], friends: [entry("b"), a] }, "friends", ["b", "a"], ["26"]],
    [{ mine: [entry("b")], friends: [] }, "mine", ["a", "b"], ["26"]],
    [{ mine: [{ ...a, replies: ["026"] }], friends: [] }, "mine", ["a"], ["26", "026"]],
    [{ mine: [{ ...a, replies: ["26", "026"] }], friends: [] }, "mine", ["a"], ["26", "026"]], // the same result once
  ];
  for (const [before, which, codes, replies] of table) {
    const lists = readLists(JSON.stringify(before));
    const after = keepReply(lists, shared(a), "26", 2);
    const label = JSON.stringify(before);
    assert.deepEqual(
      after[which].map((e) => e.code),
      codes,
      label,
    );
    assert.deepEqual(after[which].find((e) => e.code === "a")?.replies, replies, label);
    assert.deepEqual(readLists(JSON.stringify(after)), after, label); // kept as stored text
  }
  const made = keepReply(readLists(null), shared(a), "b", null).mine[0];
  assert.deepEqual([made.par, made.best, made.moves, made.replies], [null, null, [0, 1], ["b"]]);
});

test("results from friends: the best is the fewest moves; the newest MOST_REPLIES kept; what does not read left out", () => {
  let lists = keepPuzzle(readLists(null), "mine", entry("a"));
  assert.equal(bestReply(lists.mine[0]), null);
  for (const solved of ["0123", "26", "a6b", "2"]) lists = keepReply(lists, shared(entry("a")), solved, 2);
  assert.deepEqual([lists.mine[0].replies, bestReply(lists.mine[0])], [["2", "a6b", "26", "0123"], 1]);
  for (let i = 0; i < MOST_REPLIES + 5; i += 1) lists = keepReply(lists, shared(entry("a")), i.toString(12).padStart(3, "0"), 2);
  assert.equal(lists.mine[0].replies.length, MOST_REPLIES);
  const odd = [["26", "", "c", "0".repeat(13), 26, null, "<b>", "ab"], "26x"];
  const table = [
    [odd[0], ["26", "ab"]],
    [odd[1], []],
    [null, []],
    [
      Array.from({ length: 40 }, (_, i) => "1".repeat(1 + (i % 12))),
      Array.from({ length: MOST_REPLIES }, (_, i) => "1".repeat(1 + (i % 12))),
    ],
  ];
  for (const [replies, kept] of table)
    assert.deepEqual(readLists(JSON.stringify({ mine: [entry("a", { replies })] })).mine[0].replies, kept, JSON.stringify(replies));
});

test("the code of the friend's puzzle in play: to send a result back; none for one's own", () => {
  const a = entry("a");
  const lists = keepPuzzle(keepPuzzle(EMPTY, "friends", a), "mine", entry("m"));
  assert.equal(friendCode(lists, madeOf(a, 3)), "a");
  assert.equal(friendCode(lists, madeOf(a, null)), null);
  assert.equal(friendCode(lists, madeOf(entry("m"), 3)), null);
  assert.equal(friendCode(lists, null), null);
});
