// When a first visit's interpreter snapshot is made (web/engine.js snapshotWait, P15):
// at the player's first pause of SNAPSHOT_PAUSE_MS (no pointer, key or touch), counted
// from the engine's start, or at once when the page is hidden; never during the first
// taps (its making slowed a phone's taps). Times are ms on one clock, given.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SNAPSHOT_PAUSE_MS, snapshotWait } from "../../web/engine.js";

const PAUSE = SNAPSHOT_PAUSE_MS;
const STARTED = 10_000; // the engine's start

/** [what, moment, ms still to wait] */
const MOMENTS = [
  ["the engine just started, no input yet", { now: STARTED, lastInput: null, hidden: false }, PAUSE],
  ["part of a pause since the start", { now: STARTED + 2500, lastInput: null, hidden: false }, PAUSE - 2500],
  ["a whole pause since the start", { now: STARTED + PAUSE, lastInput: null, hidden: false }, 0],
  ["long after the start", { now: STARTED + 60_000, lastInput: null, hidden: false }, 0],
  ["an input before the start counts from the start", { now: STARTED + 1000, lastInput: STARTED - 3000, hidden: false }, PAUSE - 1000],
  ["a tap just now", { now: STARTED + 30_000, lastInput: STARTED + 30_000, hidden: false }, PAUSE],
  ["a tap a second ago", { now: STARTED + 30_000, lastInput: STARTED + 29_000, hidden: false }, PAUSE - 1000],
  ["a tap a whole pause ago", { now: STARTED + 30_000, lastInput: STARTED + 30_000 - PAUSE, hidden: false }, 0],
  ["the page hidden right after a tap", { now: STARTED + 500, lastInput: STARTED + 400, hidden: true }, 0],
  ["the page hidden as the engine starts", { now: STARTED, lastInput: null, hidden: true }, 0],
];

test("the snapshot waits for a whole pause since the engine's start and the last input, or a hidden page", () => {
  for (const [what, moment, wait] of MOMENTS) assert.equal(snapshotWait({ since: STARTED, ...moment }), wait, what);
});

test("the pause is a parameter", () => {
  assert.equal(snapshotWait({ now: STARTED + 100, since: STARTED, lastInput: null, hidden: false }, 1000), 900);
  assert.equal(snapshotWait({ now: STARTED + 1000, since: STARTED, lastInput: null, hidden: false }, 1000), 0);
});

/**
 * The moment the snapshot is made when the player taps at `taps` (ms), the page shown: the
 * scheduler looks again after each wait it is told, as web/engine.js's timer does.
 * @param {number[]} taps
 */
function madeAt(taps) {
  let now = STARTED;
  for (let looks = 0; looks < 1000; looks += 1) {
    const before = taps.filter((t) => t <= now);
    const wait = snapshotWait({ now, since: STARTED, lastInput: before.length ? Math.max(...before) : null, hidden: false });
    if (wait === 0) return now;
    now += wait;
  }
  throw new Error("never made");
}

/** [what, taps after the engine's start (ms), the snapshot made at (ms after the start)] */
const PLAYS = [
  ["no tap", [], 4000],
  ["one tap, then a break", [2000], 6000],
  [
    "a first game's taps, 0.4 to 2 s apart, then a break of 17 s",
    [300, 700, 1500, 3500, 5400, 5800, 7800, 9500, 11000, 13000, 30000],
    17000,
  ],
  ["taps, a pause too short (3 s), taps again", [1000, 1400, 1800, 4800, 5200], 9200],
  ["forty taps 150 ms apart from 0.5 s", Array.from({ length: 40 }, (_, i) => 500 + 150 * i), 6350 + 4000],
];

test("the snapshot is never made during the first taps: a whole pause after the last tap before a break", () => {
  assert.equal(PAUSE, 4000); // the table's times are written for a pause of 4 s
  for (const [what, after, made] of PLAYS) assert.equal(madeAt(after.map((t) => STARTED + t)), STARTED + made, what);
});
