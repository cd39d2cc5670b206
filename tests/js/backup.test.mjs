// The restore plan (web/restore.js through web/backup.js's applyBackup) on a
// quota-limited localStorage (fakequota.mjs): what is written and in which
// order, what is read back, how much room it needs, and that a write refused
// anywhere leaves the progress exactly as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyBackup, checkBackup, lostBy, makeBackup } from "../../web/backup.js";
import { JOURNAL, ROOM_KEY, STAGE, finishRestore, fits, freeSpace, planRestore, restore, stagedKey } from "../../web/restore.js";
import { PREFIX, createStorage } from "../../web/storage.js";
import { CHROMIUM_QUOTA, QuotaStorage } from "./fakequota.mjs";

const OTHER = "other-site/cache"; // another site of the origin (all of a user's GitHub Pages sites share one)
const OLD = {
  // the progress on the device
  [`${PREFIX}blocks/run`]: "old blocks run",
  [`${PREFIX}blocks/view`]: '{"drawn": 1}',
  [`${PREFIX}merge/profile`]: '{"best": 77}',
  [`${PREFIX}settings`]: '{"schema": 1, "lang": "it"}',
};
const ASIDE = { [`${PREFIX}bowls/run/corrupt/1700000000000`]: "junk" }; // no progress: it stays whatever happens
const NEW = {
  // the backup's parts (already checked by their owners)
  [`${PREFIX}blocks/run`]: "new blocks run ".repeat(40),
  [`${PREFIX}domino/run`]: "new domino run ".repeat(200),
  [`${PREFIX}settings`]: '{"schema": 1, "lang": "de"}',
};

/** @param {object} [options] @returns {QuotaStorage} a device with OLD, the aside copy and another site's value */
function device({ other = 1000, quota = CHROMIUM_QUOTA, ...rest } = {}) {
  return new QuotaStorage({ quota, items: { [OTHER]: "o".repeat(other), ...OLD, ...ASIDE }, ...rest });
}

/** @param {QuotaStorage} store @returns {Record<string, string>} what the page's games read */
const progress = (store) => Object.fromEntries(Object.entries(store.snapshot()).filter(([key]) => key.startsWith(PREFIX)));

/** @param {QuotaStorage} store the log without the room probes */
const logged = (store) => store.log.filter((entry) => entry[1] !== ROOM_KEY).map(([op, key]) => `${op} ${key}`);

test("a backup that fits: staged, read back, journal, old progress out, each part in, journal out", () => {
  const store = device();
  const done = restore(store, NEW);
  assert.deepEqual(done, { ok: true, count: 3 });
  assert.deepEqual(logged(store), [
    `set ${STAGE}blocks/run`,
    `set ${STAGE}domino/run`,
    `set ${STAGE}settings`,
    `set ${JOURNAL}`,
    `remove ${PREFIX}blocks/view`,
    `remove ${PREFIX}merge/profile`, // old progress the backup does not hold
    `set ${PREFIX}blocks/run`,
    `remove ${STAGE}blocks/run`,
    `set ${PREFIX}domino/run`,
    `remove ${STAGE}domino/run`,
    `set ${PREFIX}settings`,
    `remove ${STAGE}settings`,
    `remove ${JOURNAL}`,
  ]);
  assert.deepEqual(store.snapshot(), { [OTHER]: "o".repeat(1000), ...ASIDE, ...NEW });
});

test("the journal names the parts, so a restore cut short can be finished", () => {
  const store = device();
  const journal = planRestore(store, NEW).journal;
  assert.equal(journal.op, "set");
  assert.deepEqual(JSON.parse(journal.op === "set" ? journal.value : ""), { schema: 1, keys: Object.keys(NEW) });
});

test("the room asked for is the peak the restore reaches", () => {
  const store = device();
  const start = store.used();
  const { need } = planRestore(store, NEW);
  let peak = start;
  const set = store.setItem.bind(store);
  const remove = store.removeItem.bind(store);
  store.setItem = (key, value) => {
    set(key, value);
    if (key !== ROOM_KEY) peak = Math.max(peak, store.used());
  };
  store.removeItem = (key) => {
    remove(key);
  };
  assert.equal(restore(store, NEW).ok, true);
  assert.equal(peak - start, need);
});

// The room: exactly enough restores; one code unit less refuses and says 1 is missing.
const ROOM = [
  { name: "exactly the room needed", short: 0, ok: true },
  { name: "one code unit short", short: 1, ok: false, missing: 1 },
  { name: "a thousand short", short: 1000, ok: false, missing: 1000 },
];
for (const { name, short, ok, missing } of ROOM) {
  test(`room: ${name}`, () => {
    const probe = device();
    const quota = probe.used() + planRestore(probe, NEW).need - short;
    const store = device({ quota });
    const before = store.snapshot();
    const done = restore(store, NEW);
    assert.equal(done.ok, ok);
    if (ok) {
      assert.deepEqual(progress(store), { ...ASIDE, ...NEW });
    } else {
      assert.equal(done.problem, "space");
      assert.equal(done.missing, missing);
      assert.equal(done.need - done.free, missing);
      assert.deepEqual(store.snapshot(), before); // byte-identical, nothing staged left
    }
  });
}

test("the issue's device: 4.2 M used by another site, a 1.5 M backup is refused and nothing changes", () => {
  const big = { [`${PREFIX}domino/run`]: "d".repeat(700_000), [`${PREFIX}merge/slot/1`]: "m".repeat(800_000) };
  const store = device({ other: 4_200_000 });
  const before = store.snapshot();
  const done = restore(store, big);
  assert.equal(done.problem, "space");
  // Staging needs the parts beside the old progress: the quota would have to hold all of it.
  const staged = Object.entries(big).reduce((sum, [key, value]) => sum + stagedKey(key).length + value.length, 0);
  assert.ok(done.missing >= store.used() + staged - CHROMIUM_QUOTA, `missing ${done.missing}`);
  assert.equal(done.free, CHROMIUM_QUOTA - store.used());
  assert.deepEqual(store.snapshot(), before);
});

test("a failure at any write leaves the old progress byte-identical (or the restore is whole)", () => {
  const count = device();
  assert.equal(restore(count, NEW).ok, true);
  const writes = count.writes;
  const dataWrites = count.log.filter(([op, key]) => op === "set" && key !== ROOM_KEY).length;
  assert.ok(dataWrites === 3 + 1 + 3, "three staged copies, the journal, three parts");
  for (let failAt = 1; failAt <= writes; failAt += 1) {
    const store = device({ failAt });
    const before = store.snapshot();
    const done = restore(store, NEW);
    const kind = count.log.filter(([op]) => op === "set")[failAt - 1][1];
    if (kind === ROOM_KEY) {
      // a probe that failed is measured again: the room is there
      assert.equal(done.ok, true, `write ${failAt} (room probe)`);
      assert.deepEqual(progress(store), { ...ASIDE, ...NEW });
    } else {
      assert.equal(done.ok, false, `write ${failAt} (${kind})`);
      assert.equal(done.problem, "verify"); // the room was there: the write itself failed
      assert.deepEqual(store.snapshot(), before, `write ${failAt} (${kind})`);
    }
  }
});

// A value read back other than written: refused, named, nothing changed.
const READ_BACK = [
  { name: "a staged copy", key: stagedKey(`${PREFIX}domino/run`), part: `${PREFIX}domino/run` },
  { name: "a part at its key", key: `${PREFIX}settings`, part: `${PREFIX}settings` },
];
for (const { name, key, part } of READ_BACK) {
  test(`read back wrong: ${name}`, () => {
    const wanted = NEW[part];
    const store = device({ readBack: (k, value) => (k === key && value === wanted ? `${value}!` : value) });
    const before = store.snapshot();
    const done = restore(store, NEW);
    assert.deepEqual(done, { ok: false, problem: "verify", part });
    assert.deepEqual(store.snapshot(), before);
  });
}

test("no storage (the page runs in memory): nothing to restore into", () => {
  assert.deepEqual(restore(null, NEW), { ok: false, problem: "unavailable" });
});

test("applyBackup restores through the storage's device; makeBackup never carries a copy set aside", () => {
  const store = device();
  const storage = createStorage({ backend: store });
  const made = makeBackup(storage, ["blocks", "domino", "merge", "bowls"], new Date(0));
  assert.deepEqual(Object.keys(made.keys).sort(), [`${PREFIX}blocks/run`, `${PREFIX}merge/profile`, `${PREFIX}settings`]);
  assert.deepEqual(applyBackup(storage, { ...made, keys: NEW }), { ok: true, count: 3 });
  assert.deepEqual(progress(store), { ...ASIDE, ...NEW });
});

// The free room, measured by probes, whatever the browser's quota.
const QUOTAS = [CHROMIUM_QUOTA, 100_000, 9_000_000, 5_242_880 + 4_000];
for (const quota of QUOTAS) {
  test(`free room measured exactly under a quota of ${quota}`, () => {
    const store = device({ quota });
    const free = quota - store.used();
    assert.equal(freeSpace(store), free);
    assert.equal(fits(store, free), true);
    assert.equal(fits(store, free + 1), false);
    assert.equal(store.map.has(ROOM_KEY), false); // the probe leaves nothing
  });
}

// A restore cut short (the browser killed it): what the next start finds and does.
const CUT = [
  {
    name: "while staging (no journal): the staged copies go, the old progress is whole",
    items: { ...OLD, [stagedKey(`${PREFIX}blocks/run`)]: NEW[`${PREFIX}blocks/run`] },
    found: "dropped",
    after: OLD,
  },
  {
    name: "mid-switch: finished from the staged copies",
    items: {
      [JOURNAL]: JSON.stringify({ schema: 1, keys: Object.keys(NEW) }),
      [`${PREFIX}blocks/run`]: NEW[`${PREFIX}blocks/run`], // moved already
      [`${PREFIX}merge/profile`]: OLD[`${PREFIX}merge/profile`], // old, not yet cleared
      [`${PREFIX}settings`]: OLD[`${PREFIX}settings`], // old, its staged copy still waits
      [stagedKey(`${PREFIX}domino/run`)]: NEW[`${PREFIX}domino/run`],
      [stagedKey(`${PREFIX}settings`)]: NEW[`${PREFIX}settings`],
    },
    found: "finished",
    after: NEW,
  },
  { name: "nothing to finish", items: OLD, found: null, after: OLD },
];
for (const { name, items, found, after } of CUT) {
  test(`cut short ${name}`, () => {
    const store = new QuotaStorage({ items: { ...items, ...ASIDE } });
    assert.equal(finishRestore(store), found);
    assert.deepEqual(store.snapshot(), { ...after, ...ASIDE });
  });
}

// Hostile files: a backup that would erase or that the game cannot hold is refused before any part is read.
/** A throwaway engine session, faked: Hex Merge has 3 slots (M15); a good part names its mode; "bad" is refused. */
const engineCheck = async (/** @type {string} */ _game, /** @type {string} */ method, /** @type {Record<string, string>} */ payload) => {
  engineCheck.calls.push(method);
  if (method === "geometry") return { slots: 3 };
  const [text] = Object.values(payload);
  if (String(text).startsWith("bad")) throw new Error("refused by the engine");
  return { mode: String(text).split(" ").at(-1) };
};
engineCheck.calls = /** @type {string[]} */ ([]);
const GAMES = ["blocks", "domino", "merge", "bowls"];
/** @param {unknown} keys @returns {string} a backup file holding these keys */
const file = (keys) => JSON.stringify({ format: "6e-club-backup", version: 1, saved: "2026-12-02T10:00:00.000Z", keys });
const slots = (/** @type {string[]} */ names) => Object.fromEntries(names.map((n) => [`${PREFIX}merge/slot/${n}`, "good slot"]));
const HOSTILE = [
  { name: "no keys at all", text: file({}), found: { problem: "empty" } },
  { name: "keys as an empty list", text: file([]), found: { problem: "notBackup" } },
  { name: "keys as a list", text: file(["good run"]), found: { problem: "notBackup" } },
  {
    name: "3000 slots: the first one past the game's three is named",
    text: file(slots(Array.from({ length: 3000 }, (_, i) => String(i + 1)))),
    found: { problem: "badPart", part: "merge/slot/4", reason: null, slots: 3 },
  },
  {
    name: "a huge slot index",
    text: file({ ...slots(["1"]), ...slots(["99999999999999999999999"]) }),
    found: { problem: "badPart", part: "merge/slot/99999999999999999999999", reason: null, slots: 3 },
  },
  { name: "slot 0", text: file(slots(["0"])), found: { problem: "badPart", part: "merge/slot/0", reason: null, slots: 3 } },
  { name: "slot 01", text: file(slots(["01"])), found: { problem: "badPart", part: "merge/slot/01", reason: null, slots: 3 } },
  {
    name: "a bowls attempt kept under another mode's name",
    text: file({ [`${PREFIX}bowls/run-zzz`]: "good run endless" }),
    found: { problem: "badPart", part: "bowls/run-zzz", reason: "the endless attempt kept as zzz" },
    loads: 1, // its mode is the engine's reading of it
  },
];
for (const { name, text, found, loads = 0 } of HOSTILE) {
  test(`refused: ${name}`, async () => {
    engineCheck.calls = [];
    assert.deepEqual(await checkBackup(text, GAMES, engineCheck), found);
    assert.equal(engineCheck.calls.filter((method) => method === "load").length, loads); // no part read before the keys are known
  });
}

test("the game's own slots and a bowls attempt under its mode are accepted", async () => {
  const keys = { ...slots(["1", "2", "3"]), [`${PREFIX}bowls/run-daily`]: "good run daily" };
  const found = await checkBackup(file(keys), GAMES, engineCheck);
  assert.deepEqual(found.backup?.keys, keys);
});

// What a restore would remove: progress on the device the file does not hold (not settings, choices, drawing aids).
const LOST = [
  {
    name: "a backup of settings only, onto a device with runs, records, lessons, club record",
    device: {
      [`${PREFIX}blocks/run`]: "r",
      [`${PREFIX}blocks/view`]: "v",
      [`${PREFIX}bowls/profile`]: "p",
      [`${PREFIX}merge/slot/2`]: "s",
      [`${PREFIX}club/record`]: "c",
      [`${PREFIX}seen`]: "l",
      [`${PREFIX}settings`]: "{}",
      [`${PREFIX}domino/choice`]: "{}",
      [`${PREFIX}domino/run/corrupt/1`]: "x",
    },
    keys: { [`${PREFIX}settings`]: "{}" },
    lost: ["blocks/run", "bowls/profile", "club/record", "merge/slot/2", "seen"],
  },
  {
    name: "a backup without the Puzzle Workshop's lists and draft (W28): a player's own puzzles are progress",
    device: {
      [`${PREFIX}bowls/workshop-puzzles`]: '{"mine": [], "friends": []}',
      [`${PREFIX}bowls/workshop-draft`]: '{"position": "R/-/-/-/-/-/-/-/-/-/-/- 0 0"}',
      [`${PREFIX}bowls/prefs`]: "{}",
    },
    keys: { [`${PREFIX}settings`]: "{}" },
    lost: ["bowls/workshop-draft", "bowls/workshop-puzzles"],
  },
  {
    name: "a backup that holds everything the device has",
    device: { [`${PREFIX}blocks/run`]: "r", [`${PREFIX}seen`]: "l" },
    keys: { [`${PREFIX}blocks/run`]: "other run", [`${PREFIX}seen`]: "l", [`${PREFIX}domino/run`]: "d" },
    lost: [],
  },
];
for (const { name, device: items, keys, lost } of LOST) {
  test(`would be lost: ${name}`, () => {
    const storage = createStorage({ backend: new QuotaStorage({ items }) });
    const backup = { format: "6e-club-backup", version: 1, saved: "", keys };
    assert.deepEqual(
      lostBy(storage, backup, GAMES),
      lost.map((key) => PREFIX + key),
    );
  });
}

// The Puzzle Workshop's keys (W28) go into a backup as stored and come back whole from its file.
const WORKSHOP = {
  [`${PREFIX}bowls/workshop-puzzles`]: JSON.stringify({
    mine: [
      {
        code: "6EP1.bowls.abc",
        title: "<b>mine</b>",
        position: "RRG/-/-/-/-/-/-/-/-/-/-/- 0 0",
        goal: "clear R",
        limit: 3,
        par: 2,
        moves: [0, 1],
        best: 2,
      },
    ],
    friends: [],
  }),
  [`${PREFIX}bowls/workshop-draft`]: JSON.stringify({
    position: "-[v]/B/-/-/-/-/-/-/-/-/-/- 0 0",
    goal: "score 120",
    limit: 4,
    title: "Ω",
  }),
};

test("a backup round-trips the Puzzle Workshop's lists and draft (W28)", async () => {
  const store = new QuotaStorage({ items: { ...WORKSHOP, [`${PREFIX}bowls/workshop-draft/corrupt/1`]: "junk" } });
  const made = makeBackup(createStorage({ backend: store }), GAMES, new Date(0));
  assert.deepEqual(made.keys, WORKSHOP); // the copy set aside is not progress
  const found = await checkBackup(JSON.stringify(made), GAMES, engineCheck);
  assert.deepEqual(found.backup?.keys, WORKSHOP);
  const other = new QuotaStorage({ items: { [`${PREFIX}bowls/workshop-puzzles`]: '{"mine": []}' } });
  assert.deepEqual(applyBackup(createStorage({ backend: other }), /** @type {any} */ (found.backup)), { ok: true, count: 2 });
  assert.deepEqual(progress(other), WORKSHOP);
});

const BAD_WORKSHOP = [
  ["workshop-puzzles", "[]"],
  ["workshop-puzzles", "{"],
  ["workshop-draft", '"text"'],
  ["workshop-draft", "null"],
];
for (const [item, text] of BAD_WORKSHOP) {
  test(`refused: the Puzzle Workshop's ${item} as ${text}`, async () => {
    const found = await checkBackup(file({ ...WORKSHOP, [`${PREFIX}bowls/${item}`]: text }), GAMES, engineCheck);
    assert.equal(found.problem, "badPart");
    assert.equal(found.part, `bowls/${item}`);
  });
}
