// Domino's play time across a reload (web/games/domino/playtime.js, D17): the
// clock's account of what the stored save lacks, and the record written when
// the page goes, applied only to exactly the save it was written against.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_OWED_MS, createPlayClock, fingerprint, owedRecord, owedTo } from "../../web/games/domino/playtime.js";

// Each row: what the page did, in order, and what is owed then (acc: frames' time not yet sent).
const CLOCK = [
  {
    name: "ticks sent after the last save are owed",
    steps: [
      ["tick", 16],
      ["tick", 17],
    ],
    acc: 0,
    owed: 33,
  },
  { name: "the frames' time not yet sent is owed too (whole ms)", steps: [["tick", 16]], acc: 9.7, owed: 25 },
  { name: "a save asked after ticks holds them", steps: [["tick", 16], ["tick", 16], ["ask"], ["stored"]], acc: 0, owed: 0 },
  { name: "a save asked before a tick does not hold it", steps: [["tick", 16], ["ask"], ["tick", 20], ["stored"]], acc: 0, owed: 20 },
  { name: "a save not stored (yet) holds nothing", steps: [["tick", 16], ["ask"], ["tick", 20]], acc: 0, owed: 36 },
  {
    name: "an older save stored late changes nothing",
    steps: [["tick", 5], ["ask"], ["tick", 6], ["ask"], ["stored", 1], ["stored", 0]],
    acc: 0,
    owed: 0,
  },
  { name: "another run shown: nothing of the old one is owed", steps: [["tick", 40], ["settle"], ["tick", 16]], acc: 0, owed: 16 },
];
for (const { name, steps, acc, owed } of CLOCK) {
  test(`clock: ${name}`, () => {
    const clock = createPlayClock();
    const marks = [];
    for (const [step, value] of steps) {
      if (step === "tick") clock.sent(value);
      if (step === "ask") marks.push(clock.mark());
      if (step === "stored") clock.saved(marks[value ?? marks.length - 1]);
      if (step === "settle") clock.settle();
    }
    assert.equal(clock.owed(acc), owed);
  });
}

const RUN = '{"data":{"active_ms":1600},"game":"domino"}';
const LATER = '{"data":{"active_ms":2000},"game":"domino"}';
const RECORDS = [
  { name: "a record about the stored save", text: owedRecord(412, RUN), run: RUN, owed: 412 },
  { name: "about another save (a later one landed: it holds that time)", text: owedRecord(412, RUN), run: LATER, owed: 0 },
  { name: "no stored run", text: owedRecord(412, RUN), run: null, owed: 0 },
  { name: "no record", text: null, run: RUN, owed: 0 },
  { name: "not JSON", text: "412", run: RUN, owed: 0 },
  { name: "another schema", text: JSON.stringify({ schema: 2, ms: 412, run: fingerprint(RUN) }), run: RUN, owed: 0 },
  { name: "more than any gap between saves", text: owedRecord(MAX_OWED_MS + 1, RUN), run: RUN, owed: 0 },
  { name: "not a whole ms", text: JSON.stringify({ schema: 1, ms: 4.5, run: fingerprint(RUN) }), run: RUN, owed: 0 },
  { name: "nothing owed", text: JSON.stringify({ schema: 1, ms: 0, run: fingerprint(RUN) }), run: RUN, owed: 0 },
];
for (const { name, text, run, owed } of RECORDS) {
  test(`record: ${name}`, () => assert.equal(owedTo(text, run), owed));
}

test("fingerprints tell saves of one length apart", () => {
  assert.notEqual(fingerprint('{"active_ms":1600}'), fingerprint('{"active_ms":1601}'));
  assert.notEqual(fingerprint(RUN), fingerprint(LATER));
});
