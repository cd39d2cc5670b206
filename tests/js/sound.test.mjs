// The feel kit's timing (P15): a cue is felt after the paint of its move, in the
// order asked; the AudioContext is made at an idle moment after the player's
// first gesture (never inside it, never before one: autoplay rules), with a
// silent first voice; each gesture resumes a suspended context at once.
// A fake Web Audio records what is made; the idle moment runs when the test says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeEvent, installDom, settle } from "./fakes.mjs";
import { afterPaint } from "../../web/kit/feel.js";
import { activated, createSound } from "../../web/kit/sound.js";

test("cues asked in one moment are felt after the next frame's paint, in order, once each", () => {
  const cases = [
    // [hidden, what the test runs in turn, what is felt after each]
    [false, ["frame", "task"], [[], ["a", "b"]]],
    [true, ["task"], [["a", "b"]]],
  ];
  for (const [hidden, steps, felt] of cases) {
    /** @type {{ kind: string, fn: () => void }[]} */
    const waiting = [];
    const later = afterPaint({
      frame: (fn) => waiting.push({ kind: "frame", fn }),
      task: (fn) => waiting.push({ kind: "task", fn }),
      hidden: () => hidden,
    });
    /** @type {string[]} */
    const log = [];
    later(() => log.push("a"));
    later(() => log.push("b"));
    assert.deepEqual(log, [], "nothing before the paint");
    steps.forEach((kind, i) => {
      assert.deepEqual(
        waiting.map((w) => w.kind),
        [kind],
        `one ${kind} for the moment`,
      );
      /** @type {{ kind: string, fn: () => void }} */ (waiting.shift()).fn();
      assert.deepEqual(log, felt[i]);
    });
    // a cue asked after the flush waits for a paint of its own
    later(() => log.push("c"));
    assert.equal(waiting.length, 1);
    assert.deepEqual(log, ["a", "b"]);
  }
});

test("the player has interacted: the browser's sticky activation, else the gestures seen", () => {
  const cases = [
    [false, undefined, false],
    [true, undefined, true],
    [true, { hasBeenActive: false }, false], // a touch's pointerdown is no activation: wait for its end
    [false, { hasBeenActive: true }, true],
  ];
  for (const [gestured, userActivation, expected] of cases)
    assert.equal(activated(gestured, { userActivation }), expected, JSON.stringify([gestured, userActivation]));
});

/** A Web Audio that records contexts and the envelopes' levels; `starts`: the state a new context is in. */
function fakeAudio(starts = "running") {
  const log = { contexts: /** @type {any[]} */ ([]), levels: /** @type {number[]} */ ([]), resumes: 0 };
  const param = () => ({ value: 1, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = () => ({ gain: param(), frequency: param(), connect: (/** @type {any} */ to) => to, start() {}, stop() {} });
  class AudioContext {
    constructor() {
      this.state = starts;
      this.currentTime = 0;
      this.sampleRate = 8000;
      this.destination = node();
      log.contexts.push(this);
    }
    resume() {
      log.resumes += 1;
      this.state = "running";
      return Promise.resolve();
    }
    suspend() {
      this.state = "suspended";
      return Promise.resolve();
    }
    createGain() {
      const gain = node();
      const record = (/** @type {number} */ value) => log.levels.push(value);
      Object.assign(gain.gain, { setValueAtTime: record, exponentialRampToValueAtTime: record });
      return gain;
    }
    createOscillator() {
      return node();
    }
    createBiquadFilter() {
      return node();
    }
    createBufferSource() {
      return node();
    }
    createBuffer(/** @type {number} */ _c, /** @type {number} */ n) {
      return { getChannelData: () => new Float32Array(n) };
    }
  }
  return { AudioContext, log };
}

/**
 * A sound on a fake page: `idle()` runs the player's pauses waited for; `gesture(type)` a capture listener's event.
 * @param {{ starts?: string, on?: () => boolean }} [options]
 */
function page({ starts = "running", on = () => true } = {}) {
  const document = installDom();
  const { AudioContext, log } = fakeAudio(starts);
  Object.assign(globalThis, { AudioContext });
  // a browser that cannot tell whether the player interacted: the gestures seen answer
  Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true, writable: true });
  /** @type {(() => void)[]} */
  const idles = [];
  const sound = createSound({ on, level: () => 0.7, later: (fn) => idles.push(fn) });
  return {
    sound,
    log,
    idle: () => idles.splice(0).forEach((fn) => fn()),
    gesture: (/** @type {string} */ type) => document.dispatchEvent(new FakeEvent(type)),
  };
}

test("the context is made at the idle moment after a first gesture, with a silent first voice", async () => {
  const { sound, log, idle, gesture } = page();
  idle();
  assert.equal(log.contexts.length, 0, "none before a gesture (it would start suspended, and warn)");
  assert.equal(sound.play("place", 1, 1), false, "a cue before any gesture is silent");
  gesture("pointerdown");
  assert.equal(log.contexts.length, 0, "none inside the gesture: its tap pays nothing");
  idle();
  assert.equal(log.contexts.length, 1);
  assert.equal(sound.context()?.state, "running");
  assert.ok(log.levels.length > 0 && Math.max(...log.levels) < 0.001, "the first voice is silent");
  const primed = log.levels.length;
  assert.equal(sound.play("place", 1, 1), true);
  assert.ok(Math.max(...log.levels.slice(primed)) >= 0.1, "a cue sounds");
  gesture("keydown");
  idle();
  assert.equal(log.contexts.length, 1, "one context for the page");
  await settle();
});

test("a cue after the first gesture and before an idle moment makes the context itself", () => {
  const { sound, log, gesture } = page();
  gesture("keydown");
  assert.equal(sound.play("move", 1, 1), true);
  assert.equal(log.contexts.length, 1);
});

test("a context that starts suspended (Safari) is resumed by the next gesture at once", async () => {
  const { sound, log, idle, gesture } = page({ starts: "suspended" });
  gesture("touchend");
  idle();
  await settle();
  const resumes = log.resumes;
  sound.hide();
  await settle();
  gesture("pointerdown");
  assert.equal(log.resumes, resumes + 1, "resumed inside the gesture");
  await settle();
  assert.equal(sound.context()?.state, "running");
  assert.equal(sound.play("chain", 1, 2), true);
});

test("with the sound off nothing is made, gesture or cue", () => {
  const { sound, log, idle, gesture } = page({ on: () => false });
  gesture("pointerdown");
  idle();
  assert.equal(sound.play("place", 1, 1), false);
  assert.equal(log.contexts.length, 0);
});

test("a run launched after a gesture makes the context then, no pause waited for", () => {
  const { sound, log, gesture } = page();
  sound.launching();
  assert.equal(log.contexts.length, 0, "none before a gesture");
  gesture("pointerdown"); // the Play button
  sound.launching();
  assert.equal(log.contexts.length, 1, "made by the launch");
  sound.launching();
  assert.equal(log.contexts.length, 1, "one context for the page");
});
