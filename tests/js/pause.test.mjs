// When a first visit's interpreter snapshot is made (web/pause.js pauseWait, P15):
// at the player's first pause of PAUSE_MS (no pointer, key or touch), counted
// from the engine's start, or at once when the page is hidden; never during the first
// taps (its making slowed a phone's taps). Times are ms on one clock, given.
import { mock, test } from "node:test";
import assert from "node:assert/strict";
import { PAUSE_MS, atPause, pauseWait } from "../../web/pause.js";

const PAUSE = PAUSE_MS;
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
  for (const [what, moment, wait] of MOMENTS) assert.equal(pauseWait({ since: STARTED, ...moment }), wait, what);
});

test("the pause is a parameter", () => {
  assert.equal(pauseWait({ now: STARTED + 100, since: STARTED, lastInput: null, hidden: false }, 1000), 900);
  assert.equal(pauseWait({ now: STARTED + 1000, since: STARTED, lastInput: null, hidden: false }, 1000), 0);
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
    const wait = pauseWait({ now, since: STARTED, lastInput: before.length ? Math.max(...before) : null, hidden: false });
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

/**
 * atPause on a page whose clock and timers the test moves: `input(type)` a player's input now,
 * `wait(ms)` time passing; `ran()` how many times the work ran.
 * @param {number} pause
 */
function pausePage(pause) {
  let clock = 0;
  const target = new EventTarget();
  Object.assign(globalThis, {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    document: { visibilityState: "visible" },
  });
  Object.defineProperty(globalThis, "performance", { value: { now: () => clock }, configurable: true, writable: true });
  let runs = 0;
  atPause(() => {
    runs += 1;
  }, pause);
  return {
    input: (/** @type {string} */ type) => target.dispatchEvent(new Event(type)),
    wait(/** @type {number} */ ms) {
      for (let step = 0; step < ms; step += 10) {
        clock += 10;
        mock.timers.tick(10);
      }
    },
    ran: () => runs,
  };
}

test("work at a pause (the sound's context: 1 s) runs once, a whole pause after the last input, never between taps", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const saved = { performance: globalThis.performance };
  try {
    const page = pausePage(1000);
    page.wait(600);
    page.input("pointerdown"); // the first tap at 0.6 s
    page.wait(900);
    page.input("pointermove"); // aiming at 1.5 s
    page.wait(950);
    assert.equal(page.ran(), 0, "taps under a second apart: no pause yet");
    page.input("keydown");
    page.wait(990);
    assert.equal(page.ran(), 0);
    page.wait(20);
    assert.equal(page.ran(), 1, "a whole second after the last input");
    page.input("pointerdown");
    page.wait(3000);
    assert.equal(page.ran(), 1, "once");
  } finally {
    mock.timers.reset();
    Object.defineProperty(globalThis, "performance", { value: saved.performance, configurable: true, writable: true });
  }
});
