// Backup files mutated at random (a seeded PRNG, so a failure names its case):
// checking one never throws and says either the backup or one problem (P9);
// restoring an accepted one onto a nearly full device either restores every
// part or leaves the device byte-identical (P8). The engines' own checks are
// stood in for by a fake `check` that accepts exactly the values marked good.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FORMAT, VERSION, checkBackup } from "../../web/backup.js";
import { restore } from "../../web/restore.js";
import { PREFIX } from "../../web/storage.js";
import { QuotaStorage } from "./fakequota.mjs";

const GAMES = ["blocks", "domino", "merge", "bowls"];
const GOOD = {
  [`${PREFIX}blocks/run`]: "good blocks run",
  [`${PREFIX}domino/profile`]: "good domino profile",
  [`${PREFIX}merge/slot/2`]: "good merge slot",
  [`${PREFIX}bowls/run-daily`]: "good bowls daily",
  [`${PREFIX}blocks/paint`]: "01ab.",
  [`${PREFIX}domino/choice`]: '{"mode": "sprint"}',
};
const VALID = JSON.stringify({ format: FORMAT, version: VERSION, saved: "2026-12-02T10:00:00.000Z", keys: GOOD });

/** The engines' answer to a part, faked: a value is good when it says so. */
function check(/** @type {string} */ _game, /** @type {string} */ method, /** @type {Record<string, string>} */ payload) {
  if (method === "geometry") return { slots: 3 }; // Hex Merge's slots (M15)
  const [text] = Object.values(payload);
  if (!String(text).startsWith("good")) throw new Error("refused by the engine");
  return { mode: String(text).split(" ").at(-1) }; // a bowls attempt's view names its mode
}

/** mulberry32: a small seeded PRNG. @param {number} seed */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES = [null, 0, -1, 1.5, 2, 99, "", "x", "good", [], {}, true, "good".repeat(5000), { keys: {} }];

// What a mutation does to the parsed file or to its text.
const MUTATIONS = [
  (/** @type {any} */ data, /** @type {() => number} */ r) => {
    data[pick(r, ["format", "version", "saved", "keys"])] = pick(r, ODD_VALUES);
  },
  (/** @type {any} */ data, /** @type {() => number} */ r) => {
    const key = pick(r, isObject(data.keys) ? Object.keys(data.keys) : []);
    if (key) data.keys[key] = pick(r, ODD_VALUES);
  },
  (/** @type {any} */ data, /** @type {() => number} */ r) => {
    if (isObject(data.keys))
      data.keys[
        pick(r, [
          "6e-club/v1/zz/run",
          "other",
          `${PREFIX}merge/slot/x`,
          `${PREFIX}blocks/run/corrupt/1`,
          `${PREFIX}settings`,
          `${PREFIX}seen`,
        ])
      ] = pick(r, ODD_VALUES);
  },
  (/** @type {any} */ data, /** @type {() => number} */ r) => {
    const key = pick(r, isObject(data.keys) ? Object.keys(data.keys) : []);
    if (key) delete data.keys[key];
  },
  (/** @type {any} */ data) => {
    data.keys = Array.isArray(data.keys) ? {} : Object.values(data.keys ?? {});
  },
];

/** @param {unknown} value */
const isObject = (value) => Boolean(value) && typeof value === "object";

/** @template T @param {() => number} r @param {T[]} items @returns {T} */
function pick(r, items) {
  return items[Math.floor(r() * items.length)];
}

/** A mutated backup file's text. @param {number} seed */
function mutated(seed) {
  const r = prng(seed);
  if (r() < 0.25) {
    // the text itself: cut, a byte changed, garbage in
    const at = Math.floor(r() * VALID.length);
    return pick(r, [
      VALID.slice(0, at),
      VALID.slice(0, at) + "\u0000" + VALID.slice(at + 1),
      VALID.slice(0, at) + '}{["' + VALID.slice(at),
    ]);
  }
  const data = JSON.parse(VALID);
  for (let i = 0, n = 1 + Math.floor(r() * 3); i < n; i += 1) pick(r, MUTATIONS)(data, r);
  return JSON.stringify(data);
}

test("the valid file this fuzz starts from is accepted (the fuzz mutates something that works)", async () => {
  const found = await checkBackup(VALID, GAMES, check);
  assert.deepEqual(Object.keys(found), ["backup"]);
});

test("400 mutated backup files: checked without a throw, one answer each; an accepted one restores whole or changes nothing", async () => {
  let accepted = 0;
  let refused = 0;
  for (let seed = 1; seed <= 400; seed += 1) {
    const text = mutated(seed);
    const found = await checkBackup(text, GAMES, check);
    assert.equal(Boolean(found.backup) !== Boolean(found.problem), true, `seed ${seed}: ${JSON.stringify(found)}`);
    if (!found.backup) {
      refused += 1;
      continue;
    }
    accepted += 1;
    for (const [key, value] of Object.entries(found.backup.keys)) {
      assert.ok(key.startsWith(PREFIX) && typeof value === "string", `seed ${seed}: ${key}`);
    }
    // A device with progress and another site filling most of the quota.
    const quota = 20_000 + Math.floor(prng(seed)() * 60_000);
    const store = new QuotaStorage({ quota, items: { "other-site/x": "o".repeat(quota - 15_000), [`${PREFIX}merge/profile`]: "old" } });
    const before = store.snapshot();
    const done = restore(store, found.backup.keys);
    if (done.ok) {
      const after = store.snapshot();
      for (const [key, value] of Object.entries(found.backup.keys)) assert.equal(after[key], value, `seed ${seed}: ${key}`);
      assert.equal(after["other-site/x"], before["other-site/x"]);
    } else {
      assert.deepEqual(store.snapshot(), before, `seed ${seed}: refused (${done.problem}) but changed the device`);
    }
  }
  // Both sides of the fuzz are reached, or it tests one of them only.
  assert.ok(accepted > 20 && refused > 100, `accepted ${accepted}, refused ${refused}`);
});
