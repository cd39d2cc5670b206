// The interpreter snapshot's key (web/snapshot.mjs, P15): one per Pyodide version
// and engine archive, so neither an update of Pyodide nor a new build of the
// engines boots an old snapshot; every key of a version shares its prefix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { RUNTIME_LOCK, archiveDigest, snapshotKey, snapshotPrefix } from "../../web/snapshot.mjs";

const bytes = (...values) => new Uint8Array(values);

/** [bytes, digest]: FNV-1a (32 bits, hex) and the length (hex) */
const DIGESTS = [
  [bytes(), "811c9dc50"],
  [bytes(0x61), "e40c292c1"], // FNV-1a("a") = 0xe40c292c
  [bytes(0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72), "bf9cf9686"], // FNV-1a("foobar") = 0xbf9cf968
];

test("the archive digest is FNV-1a of its bytes and their count", () => {
  for (const [input, digest] of DIGESTS) assert.equal(archiveDigest(input), digest);
});

test("one changed byte or one more byte is another archive", () => {
  const seen = new Set([bytes(1, 2, 3), bytes(1, 2, 4), bytes(1, 2, 3, 0), bytes(3, 2, 1)].map(archiveDigest));
  assert.equal(seen.size, 4);
});

test("a key names the version and the archive, under the version's prefix", () => {
  const key = snapshotKey("314.0.7", "abc");
  assert.ok(key.startsWith(snapshotPrefix("314.0.7")), key);
  assert.ok(key.endsWith("pyodide-snapshot-314.0.7-abc.bin"), key);
  assert.notEqual(key, snapshotKey("314.0.7", "abd"));
  assert.notEqual(key, snapshotKey("314.0.8", "abc"));
  assert.ok(!snapshotKey("314.0.71", "abc").startsWith(snapshotPrefix("314.0.7")));
});

test("the lock file both starts give Pyodide is the pinned one's info with no package", () => {
  const pinned = JSON.parse(readFileSync(new URL("../../node_modules/pyodide/pyodide-lock.json", import.meta.url), "utf8"));
  assert.deepEqual(RUNTIME_LOCK, { info: pinned.info, packages: {} });
});
