// web/storage.js on a quota-limited localStorage (fakequota.mjs): copies set
// aside as corrupt are capped (the newest CORRUPT_KEEP of each key, at start
// and at each move) and listed with their size; a copy is kept on a full
// origin when room can be made (else the notice says it is gone); each kind of
// item is named for what it is; a notice raised before the strings are loaded
// waits for them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CORRUPT_KEEP, PREFIX, createStorage, itemName } from "../../web/storage.js";
import { QuotaStorage } from "./fakequota.mjs";

const RUN = `${PREFIX}domino/run`;
const SEEN = `${PREFIX}seen`;

/** @param {string} key @param {number[]} times @returns {Record<string, string>} copies of `key` set aside at these times */
const asides = (key, times) => Object.fromEntries(times.map((time) => [`${key}/corrupt/${time}`, `bad ${key} at ${time}`]));

/** @param {QuotaStorage} store the aside keys held */
const heldAsides = (store) =>
  Object.keys(store.snapshot())
    .filter((key) => key.includes("/corrupt/"))
    .sort();

const AT_START = [
  { name: "five of one key: the newest three stay", items: asides(RUN, [1, 5, 3, 4, 2]), kept: asides(RUN, [3, 4, 5]) },
  { name: "three stay as they are", items: asides(RUN, [7, 8, 9]), kept: asides(RUN, [7, 8, 9]) },
  {
    name: "each key counts on its own",
    items: { ...asides(RUN, [1, 2, 3, 4]), ...asides(SEEN, [1, 2]) },
    kept: { ...asides(RUN, [2, 3, 4]), ...asides(SEEN, [1, 2]) },
  },
  {
    name: "another site's keys are not ours",
    items: { "other/x/corrupt/1": "a", "other/x/corrupt/2": "b", "other/x/corrupt/3": "c", "other/x/corrupt/4": "d" },
    kept: { "other/x/corrupt/1": "a", "other/x/corrupt/2": "b", "other/x/corrupt/3": "c", "other/x/corrupt/4": "d" },
  },
];
for (const { name, items, kept } of AT_START) {
  test(`at start: ${name}`, () => {
    const store = new QuotaStorage({ items });
    createStorage({ backend: store });
    assert.deepEqual(heldAsides(store), Object.keys(kept).sort());
  });
}

test(`a value moved aside joins its key's copies, and only the newest ${CORRUPT_KEEP} stay`, async (t) => {
  t.mock.timers.enable({ apis: ["Date"], now: 10 });
  const store = new QuotaStorage({ items: { ...asides(RUN, [1, 2, 3]), [RUN]: "not a run" } });
  const said = [];
  const storage = createStorage({ backend: store, notice: (text) => said.push(text) });
  const value = await storage.load(RUN, () => {
    throw new Error("bad save");
  });
  assert.equal(value, null);
  assert.equal(store.getItem(RUN), null);
  assert.deepEqual(heldAsides(store), [`${RUN}/corrupt/10`, `${RUN}/corrupt/2`, `${RUN}/corrupt/3`]);
  assert.equal(store.getItem(`${RUN}/corrupt/10`), "not a run");
  assert.equal(said.length, 1);
});

const RECORD = `${PREFIX}club/record`;
/** @param {string} text @returns {string} a validator's answer: "good" text passes, any other throws */
const strict = (text) => {
  if (!text.startsWith("good")) throw new Error(`bad record: ${text}`);
  return text;
};
// A stored value its owner can repair (the club record, P8): the repair's answer -> what is stored and kept aside.
const REPAIRS = [
  {
    name: "mended: stored and read, the original kept aside, one notice",
    repair: async () => "good, mended",
    stored: "good, mended",
    value: "good, mended",
    said: 1,
  },
  { name: "not mendable (null): set aside whole as before", repair: async () => null, stored: null, value: null, said: 1 },
  {
    name: "the repair refused: set aside whole as before",
    repair: () => Promise.reject(new Error("no record")),
    stored: null,
    value: null,
    said: 1,
  },
  { name: "mended into text that still fails: set aside", repair: async () => "still bad", stored: null, value: null, said: 2 },
];
for (const { name, repair, stored, value, said: notices } of REPAIRS) {
  test(`a value that does not validate, with a repair: ${name}`, async (t) => {
    t.mock.timers.enable({ apis: ["Date"], now: 20 });
    const store = new QuotaStorage({ items: { [RECORD]: "broken" } });
    const said = [];
    const storage = createStorage({ backend: store, notice: (text) => said.push(text) });
    assert.equal(await storage.scope("club").load("record", strict, repair), value);
    assert.equal(store.getItem(RECORD), stored);
    assert.equal(store.getItem(`${RECORD}/corrupt/20`), "broken"); // the original, kept aside either way
    assert.equal(said.length, notices);
    if (stored !== null) assert.match(said[0], /repaired/);
    if (notices === 2) assert.equal(store.getItem(`${RECORD}/corrupt/21`), "still bad"); // beside the original
  });
}

test("two reads of one broken value mend it once: one copy aside, one notice", async (t) => {
  t.mock.timers.enable({ apis: ["Date"], now: 30 });
  const store = new QuotaStorage({ items: { [RECORD]: "broken" } });
  const said = [];
  const storage = createStorage({ backend: store, notice: (text) => said.push(text) });
  const repair = async () => "good, mended";
  const both = await Promise.all([storage.load(RECORD, strict, repair), storage.load(RECORD, strict, repair)]);
  assert.deepEqual(both, ["good, mended", "good, mended"]);
  assert.deepEqual(heldAsides(store), [`${RECORD}/corrupt/30`]);
  assert.equal(said.length, 1);
});

test("the copies are listed newest first, with the key they came from and their length", () => {
  const store = new QuotaStorage({ items: { [RUN]: "run", [`${RUN}/corrupt/5`]: "12345", [`${SEEN}/corrupt/9`]: "xy" } });
  const storage = createStorage({ backend: store });
  assert.deepEqual(storage.asides(), [
    { key: `${SEEN}/corrupt/9`, of: SEEN, time: 9, chars: 2 },
    { key: `${RUN}/corrupt/5`, of: RUN, time: 5, chars: 5 },
  ]);
  storage.remove(`${SEEN}/corrupt/9`);
  assert.deepEqual(
    storage.asides().map((a) => a.key),
    [`${RUN}/corrupt/5`],
  );
});

// A corrupt run on a full origin (P8, P9): the copy is kept when room can be made honestly (the value's own
// room, then older copies set aside, oldest first), and the notice says what became of it.
const FULL = [
  {
    name: "the value's own room is enough: kept, nothing else deleted",
    quota: RUN.length + 150 + "/corrupt/10".length,
    items: { [RUN]: "x".repeat(150) },
    left: { [`${RUN}/corrupt/10`]: "x".repeat(150) },
    said: "corrupt {what: the saved run of domino}",
  },
  {
    name: "an older copy of another key is deleted to make room, and the notice says so",
    quota: RUN.length + 150 + "/corrupt/10".length + `${SEEN}/corrupt/1`.length + 5,
    items: { [RUN]: "x".repeat(150), [`${SEEN}/corrupt/1`]: "y".repeat(5 + "/corrupt/10".length) },
    left: { [`${RUN}/corrupt/10`]: "x".repeat(150) },
    said: "corrupt {what: the saved run of domino} corruptRoom {count: 1}",
  },
  {
    name: "no copy to delete and no room: not kept, and the notice says it is gone and why",
    quota: RUN.length + 150 + 5,
    items: { [RUN]: "x".repeat(150) },
    left: {},
    said: "corruptLost {what: the saved run of domino}",
  },
];
for (const { name, quota, items, left, said } of FULL) {
  test(`a full origin: ${name}`, (t) => {
    t.mock.timers.enable({ apis: ["Date"], now: 10 });
    const store = new QuotaStorage({ quota, items });
    const notices = [];
    const storage = createStorage({ backend: store, notice: (text) => notices.push(text), t: words });
    storage.moveAside(RUN, "bad");
    assert.deepEqual(store.snapshot(), left);
    assert.deepEqual(notices, [said]);
  });
}

/** Fake strings: a key's last name and its variables, a game's name as its id. @param {string} key @param {any} [vars] */
function words(key, vars = {}) {
  if (key.startsWith("shell.game.")) return key.split(".")[2];
  if (key.startsWith("shell.item.")) return ITEM_WORDS[key.slice("shell.item.".length)].replace(/\{(\w+)\}/g, (_, v) => vars[v]);
  const shown = Object.entries(vars).filter(([, value]) => value !== undefined);
  return `${key.split(".").at(-1)}${shown.length ? ` {${shown.map(([k, v]) => `${k}: ${v}`).join(", ")}}` : ""}`;
}
const ITEM_WORDS = {
  run: "the saved run of {game}",
  parked: "a paused attempt of {game}",
  profile: "the records of {game}",
  puzzles: "the records and puzzle progress of {game}",
  slot: "slot {n} of {game}",
  replays: "the replays of {game}",
  ended: "the summary of {game}",
  prefs: "the choices of {game}",
  settings: "the settings",
  lessons: "the lessons record",
  club: "the Daily Club record",
  workshop: "the workshop lists of {game}",
  draft: "the workshop draft of {game}",
  other: "a saved item ({part})",
};

// Each kind of stored item named for what it is.
const NAMES = [
  ["domino/run", "the saved run of domino"],
  ["bowls/run-daily", "a paused attempt of bowls"],
  ["blocks/profile", "the records of blocks"],
  ["bowls/profile", "the records and puzzle progress of bowls"],
  ["merge/slot/2", "slot 2 of merge"],
  ["domino/replays", "the replays of domino"],
  ["merge/ended", "the summary of merge"],
  ["blocks/paint", "the choices of blocks"],
  ["domino/choice", "the choices of domino"],
  ["settings", "the settings"],
  ["seen", "the lessons record"],
  ["club/record", "the Daily Club record"],
  ["blocks/secret", "a saved item (blocks/secret)"],
  ["bowls/workshop-puzzles", "the workshop lists of bowls"],
  ["bowls/workshop-draft", "the workshop draft of bowls"],
  ["merge/workshop-draft", "a saved item (merge/workshop-draft)"],
  ["merge/slot/99999999999999999999999", "a saved item (merge/slot/99999999999999999999999)"],
];
for (const [key, name] of NAMES) {
  test(`named for what it is: ${key}`, () => {
    assert.equal(itemName(PREFIX + key, words), name);
  });
}

test("a notice raised before the strings are loaded waits for them, then names the item in the player's words", () => {
  const said = [];
  let loaded = false;
  const store = new QuotaStorage({ items: { [SEEN]: "{bad" } });
  const storage = createStorage({ backend: store, notice: (text) => said.push(text), t: (k, v) => (loaded ? words(k, v) : null) });
  storage.moveAside(SEEN, "bad");
  assert.deepEqual(said, []);
  loaded = true;
  storage.stringsReady();
  assert.deepEqual(said, ["corrupt {what: the lessons record}"]);
  storage.stringsReady(); // said once
  assert.equal(said.length, 1);
});

test("storage given no strings at all says its notices in English, not as keys", () => {
  const said = [];
  createStorage({ backend: null, notice: (text) => said.push(text) });
  assert.deepEqual(said, ["Storage is unavailable: your progress is kept only until you close this page."]);
});

test("peek reads without taking the value as seen: another tab's newer value is still noticed at the next write", () => {
  const store = new QuotaStorage({ items: { [RUN]: "mine" } });
  const storage = createStorage({ backend: store });
  const scope = storage.scope("domino");
  assert.equal(scope.get("run"), "mine");
  store.setItem(RUN, "theirs"); // another tab
  assert.equal(scope.peek("run"), "theirs");
  assert.equal(scope.set("run", "mine, later"), false); // P10: not overwritten
  assert.equal(store.getItem(RUN), "theirs");
});

test("the device's storage is handed to the restore (none when storage is off)", () => {
  const store = new QuotaStorage();
  assert.equal(createStorage({ backend: store }).backend, store);
  assert.equal(createStorage({ backend: null }).backend, null);
});
