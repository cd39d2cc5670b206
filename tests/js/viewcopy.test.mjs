// The view stored beside a run names the run it is the view of (web/viewcopy.js, P10): two tabs' writes can
// interleave the run and view keys, and a copy read beside another run is never drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parsedOrNull, runDigest, viewCopy, viewOfCopy } from "../../web/viewcopy.js";

test("the digest is FNV-1a over 32 bits (the published test vectors)", () => {
  for (const [text, digest] of [
    ["", "811c9dc5"],
    ["a", "e40c292c"],
    ["foobar", "bf9cf968"],
  ])
    assert.equal(runDigest(text), digest, text);
});

const RUN = '{"v":1,"seed":7,"moves":3}';
const OTHER_RUN = '{"v":1,"seed":7,"moves":4}';
const VIEW = { board: "..x", score: 12 };

test("a copy is read back beside its run, and only there", () => {
  const copy = viewCopy(VIEW, RUN);
  for (const [text, run, expected] of [
    [copy, RUN, VIEW], // beside its own run
    [copy, OTHER_RUN, null], // beside another tab's run: never drawn
    [copy, null, null], // no run stored
    [JSON.stringify(VIEW), RUN, null], // the older form, which named no run
    [null, RUN, null], // none stored
    ["{not json", RUN, null], // corrupt
    ["[1, 2]", RUN, null],
    [JSON.stringify({ for_run: runDigest(RUN) }), RUN, null], // no view in it
  ])
    assert.deepEqual(viewOfCopy(/** @type {string | null} */ (text), /** @type {string | null} */ (run)), expected, String(text));
});

test("a stored drawing aid is read as an object or not at all", () => {
  for (const [text, expected] of [
    ['{"best":12}', { best: 12 }],
    ["[1, 2]", [1, 2]],
    ["12", null], // not an object
    ["null", null],
    ['"text"', null],
    ["{not json", null], // corrupt
    [null, null], // none stored
  ])
    assert.deepEqual(parsedOrNull(/** @type {string | null} */ (text)), expected, String(text));
});
