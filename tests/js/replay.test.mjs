// The replay bar (web/kit/replay.js) over a fake engine and a fake DOM: every
// control moves the replay where it says (first, back, play/pause, forward,
// last, the slider by value, the keys), one seek at a time with the latest
// asked position winning, and play stepping on its own timer (mocked: no sleeps).
import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import { deferred, installDom, press, settle, showKey, FakeEvent } from "./fakes.mjs";
import { createReplayBar, SPEEDS, STEP_MS } from "../../web/kit/replay.js";

const STEPS = 12;
/** Steps whose position brought events (played at full time); the others are quiet (a quarter). */
const LOUD = new Set([1, 2, 5, 9, 12]);
/** The moves made by a position, as the end card counts them: a loud step is a move, a quiet one (a turn, frames) not. @param {number} index */
const moveAt = (index) => [...LOUD].filter((step) => step <= index).length;

/**
 * A bar over positions 0..steps, its engine answering at once or when the test
 * says (`hold`), with what it was asked and what the page was given to draw.
 * @param {{ steps?: number, hold?: boolean, link?: string | null, failAt?: number, byMove?: boolean, here?: ((index: number) => string) | null }} [options]
 *   `byMove`: the engine answers replay_move_index (a move's position: the first at its count)
 */
function makeBar({ steps = STEPS, hold = false, link = "#/blocks?seed=7", failAt = -1, byMove = false, here = null } = {}) {
  const host = doc.createElement("div");
  doc.body.appendChild(host);
  /** @type {number[]} */
  const asked = [];
  /** @type {{ index: number, answer: () => void }[]} */
  const held = [];
  /** @type {[any, any[], number, boolean][]} */
  const shown = [];
  /** @type {unknown[]} */
  const reported = [];
  let closed = 0;
  /** @param {number} index */
  const position = (index) => ({
    index,
    steps,
    move: moveAt(index),
    moves: moveAt(steps),
    view: { drops: index },
    events: LOUD.has(index) ? [{ type: "placed" }] : [],
  });
  const bar = createReplayBar(/** @type {any} */ (host), {
    t: showKey,
    number: (value) => `#${value}`,
    steps,
    moves: moveAt(steps),
    score: 2255,
    link,
    here,
    seek(index) {
      asked.push(index);
      if (index === failAt) return Promise.reject(new Error("worker gone"));
      if (!hold) return Promise.resolve(position(index));
      const answer = deferred();
      held.push({ index, answer: () => answer.resolve(position(index)) });
      return answer.promise;
    },
    show: (view, events, index, jump) => {
      shown.push([view, events, index, jump]);
    },
    ...(byMove && { moveIndex: async (index, by) => moveIndex(index, by, steps) }),
    report: (error) => {
      reported.push(error);
    },
    close: () => {
      closed += 1;
    },
  });
  const node = /** @type {any} */ (bar.node);
  const control = (name) => node.querySelector(`.replay-${name}`);
  const slider = node.querySelector(".replay-slider");
  return {
    bar,
    node,
    asked,
    held,
    shown,
    reported,
    slider,
    control,
    closed: () => closed,
    /** The index drawn last by the page. */
    drawn: () => shown.at(-1)?.[2] ?? null,
    /** Answer the oldest held seek and let its callbacks run. */
    async answerNext() {
      held.shift().answer();
      await settle();
    },
  };
}

/**
 * The engine's replay_move_index over the fake moves: the positions where a move's count is first reached.
 * @param {number} index @param {number} by @param {number} steps
 */
function moveIndex(index, by, steps) {
  const starts = [0, ...[...LOUD].filter((step) => step <= steps)];
  if (by > 0) return starts.find((k) => k > index) ?? steps;
  return starts.filter((k) => k < index).at(-1) ?? 0;
}

/** Move the slider as a player does (drag, click, its keys, a tap): its value changes, then `input` fires. */
function slide(slider, value) {
  slider.value = String(value);
  slider.dispatchEvent(new FakeEvent("input", { bubbles: true }));
}

/** @type {import("./fakes.mjs").FakeDocument} */
let doc;
beforeEach(() => {
  doc = installDom();
});
afterEach(() => {
  mock.timers.reset();
});

test("the bar starts at position 0 of N, the backward controls unavailable", () => {
  const { node, control, slider } = makeBar();
  assert.equal(node.dataset.index, "0");
  assert.equal(
    node.querySelector(".replay-where").textContent,
    `shell.replay.position${JSON.stringify({ move: "#0", moves: "#5", count: 5 })}`,
  );
  assert.equal(node.querySelector(".replay-score").textContent, 'shell.replay.final{"score":"#2255"}');
  assert.deepEqual([slider.getAttribute("min"), slider.getAttribute("max"), slider.value], ["0", "12", "0"]);
  assert.deepEqual(
    ["first", "back", "forward", "last"].map((c) => control(c).getAttribute("aria-disabled")),
    ["true", "true", "false", "false"],
  );
  assert.equal(control("play").getAttribute("aria-pressed"), "false");
  assert.equal(node.querySelector(".replay-play-deal").getAttribute("href"), "#/blocks?seed=7");
});

test("Play from here names the position on screen, not one asked for and not yet drawn; none without a way to fork", async () => {
  const { node, control, held } = makeBar({ here: (index) => `#/blocks?from=${index}`, hold: true });
  const here = () => node.querySelector(".replay-play-here").getAttribute("href");
  assert.equal(here(), "#/blocks?from=0");
  control("forward").click();
  control("forward").click();
  await settle();
  assert.equal(here(), "#/blocks?from=0"); // asked, not yet drawn
  held.shift()?.answer();
  await settle();
  assert.equal(here(), "#/blocks?from=1");
  held.shift()?.answer();
  await settle();
  assert.equal(here(), "#/blocks?from=2");
  assert.equal(makeBar().node.querySelector(".replay-play-here"), null);
});

test("a replay of no challenge link has no Play this deal", () => {
  assert.equal(makeBar({ link: null }).node.querySelector(".replay-play-deal"), null);
});

// [control, the position before, the position after]
const BUTTONS = [
  ["forward", 0, 1],
  ["forward", 11, 12],
  ["forward", 12, 12], // at the end: nothing further
  ["back", 5, 4],
  ["back", 0, 0], // at the start: nothing before
  ["first", 7, 0],
  ["last", 3, 12],
  ["last", 12, 12],
];

for (const [name, from, to] of BUTTONS) {
  test(`${name} from ${from} shows ${to}`, async () => {
    const { bar, control, drawn, node } = makeBar();
    await bar.goTo(from);
    control(name).click();
    await settle();
    assert.equal(bar.index(), to);
    assert.equal(node.dataset.index, String(to));
    if (to !== from) assert.equal(drawn(), to, "the page drew the position");
    assert.equal(control("back").getAttribute("aria-disabled"), String(to === 0));
    assert.equal(control("last").getAttribute("aria-disabled"), String(to === STEPS));
  });
}

test("the page draws each position with the engine's view, events and index; a jump says so", async () => {
  const { bar, shown } = makeBar();
  await bar.goTo(1);
  await bar.goTo(2);
  await bar.goTo(9);
  await bar.goTo(8);
  assert.deepEqual(shown, [
    [{ drops: 1 }, [{ type: "placed" }], 1, false],
    [{ drops: 2 }, [{ type: "placed" }], 2, false],
    [{ drops: 9 }, [{ type: "placed" }], 9, true],
    [{ drops: 8 }, [], 8, true],
  ]);
});

test("the counter counts the moves the end card counts, not the steps (a turn or frames are no move)", async () => {
  const { bar, node, slider, control } = makeBar();
  const said = (move) => `shell.replay.position${JSON.stringify({ move: `#${move}`, moves: "#5", count: 5 })}`;
  for (const [index, move] of [
    [1, 1],
    [4, 2],
    [5, 3],
    [11, 4],
  ]) {
    await bar.goTo(index);
    assert.equal(node.querySelector(".replay-where").textContent, said(move), `position ${index}`);
    assert.equal(node.dataset.move, String(move));
  }
  control("last").click();
  await settle();
  assert.equal(node.querySelector(".replay-where").textContent, said(5), "Last: every move of the end card");
  assert.equal(slider.getAttribute("aria-valuetext"), said(5));
  assert.equal(slider.getAttribute("max"), String(STEPS), "the slider still has a position per step");
});

// [the slider's new value, the position it shows]
const SLIDES = [
  [7, 7],
  [12, 12],
  [1, 1],
  [0, 0], // Home
  [99, 12], // past the end: the range keeps it at its max (End)
  [-5, 0],
];

for (const [value, to] of SLIDES) {
  test(`the slider moved to ${value} shows position ${to}`, async () => {
    const { bar, slider, drawn, asked } = makeBar();
    if (to === 0) await bar.goTo(4); // so that going to 0 is a move
    slide(slider, value);
    await settle();
    assert.equal(bar.index(), to);
    assert.equal(drawn(), to);
    assert.equal(asked.at(-1), to);
    assert.equal(slider.value, String(to));
  });
}

test("the slider while playing stops the play and goes where it was moved", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control, slider } = makeBar();
  control("play").click();
  mock.timers.tick(0);
  await settle();
  assert.equal(bar.index(), 1);
  assert.equal(bar.playing(), true);
  slide(slider, 9);
  await settle();
  assert.equal(bar.index(), 9);
  assert.equal(bar.playing(), false);
  mock.timers.tick(STEP_MS * 10);
  await settle();
  assert.equal(bar.index(), 9, "no step after the stop");
});

test("a dragged slider asks many positions: one seek at a time, the last value wins", async () => {
  const { bar, slider, held, asked, answerNext, drawn } = makeBar({ hold: true });
  slide(slider, 3);
  slide(slider, 4);
  slide(slider, 8);
  assert.deepEqual(asked, [3], "the next seek waits for the one on its way");
  assert.equal(slider.value, "8", "the thumb stays where the player put it");
  await answerNext();
  assert.deepEqual(asked, [3, 8], "the values passed over meanwhile are never asked");
  await answerNext();
  assert.equal(held.length, 0);
  assert.equal(bar.index(), 8);
  assert.equal(drawn(), 8);
});

// [key, the position before, the position after]
const KEYS = [
  ["End", 0, 12],
  ["End", 12, 12],
  ["Home", 7, 0],
  ["ArrowRight", 0, 1],
  ["ArrowRight", 12, 12],
  ["ArrowLeft", 6, 5],
  ["ArrowLeft", 0, 0],
];

for (const [key, from, to] of KEYS) {
  test(`${key} on the page from ${from} shows ${to}`, async () => {
    const { bar } = makeBar();
    await bar.goTo(from);
    const event = press(doc.body, key);
    await settle();
    assert.equal(bar.index(), to);
    assert.equal(event.defaultPrevented, true, "the page does not scroll");
  });
}

// ←/→ by move (a domino tile's frames and a merge turn are no move), Shift+←/→ and , . by one step:
// [key, modifiers, the position before, the position after]; moves are made at positions 1, 2, 5, 9 and 12
const BY_MOVE = [
  ["ArrowRight", {}, 2, 5],
  ["ArrowRight", {}, 3, 5],
  ["ArrowRight", {}, 9, 12],
  ["ArrowRight", {}, 12, 12],
  ["ArrowLeft", {}, 7, 5],
  ["ArrowLeft", {}, 5, 2],
  ["ArrowLeft", {}, 0, 0],
  ["ArrowRight", { shiftKey: true }, 2, 3],
  ["ArrowLeft", { shiftKey: true }, 7, 6],
  [".", {}, 2, 3],
  [",", {}, 2, 1],
  [",", {}, 0, 0],
];

for (const [key, modifiers, from, to] of BY_MOVE) {
  test(`${Object.keys(modifiers).length ? "Shift+" : ""}${key} from ${from} shows ${to} (by move)`, async () => {
    const { bar } = makeBar({ byMove: true });
    await bar.goTo(from);
    const event = press(doc.body, key, modifiers);
    await settle();
    await settle();
    assert.equal(bar.index(), to);
    assert.equal(event.defaultPrevented, true);
  });
}

test("quick presses by move each go one move on from where the last one lands", async () => {
  const { bar } = makeBar({ byMove: true });
  press(doc.body, "ArrowRight");
  press(doc.body, "ArrowRight");
  press(doc.body, "ArrowRight");
  for (let i = 0; i < 6; i += 1) await settle();
  assert.equal(bar.index(), 5);
});

test("Space on the focused slider plays and pauses (where the focus is after scrubbing)", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, slider } = makeBar();
  const event = press(slider, " ");
  assert.equal(bar.playing(), true);
  assert.equal(event.defaultPrevented, true, "the page does not scroll");
  press(slider, " ");
  assert.equal(bar.playing(), false);
});

// [where the key is pressed, key, modifiers] — none of these steps the replay
const IGNORED = [
  ["the slider (its own arrows)", "slider", "ArrowRight", {}],
  ["a dialog", "dialog", "ArrowRight", {}],
  ["a text area", "textarea", "ArrowLeft", {}],
  ["the page, with Ctrl", "body", "ArrowRight", { ctrlKey: true }],
  ["the page, with Alt", "body", "ArrowLeft", { altKey: true }],
  ["the page, already handled", "body", "ArrowRight", { handled: true }],
];

for (const [what, where, key, modifiers] of IGNORED) {
  test(`${key} in ${what} is not the bar's`, async () => {
    const { bar, slider } = makeBar();
    await bar.goTo(5);
    let target = doc.body;
    if (where === "slider") target = slider;
    else if (where !== "body") target = doc.body.appendChild(doc.createElement(where));
    const { handled, ...init } = modifiers;
    if (handled) target.addEventListener("keydown", (e) => e.preventDefault());
    press(target, key, init);
    await settle();
    assert.equal(bar.index(), 5);
  });
}

test("quick presses each step once, even before the first is drawn", async () => {
  const { bar, control, asked, answerNext } = makeBar({ hold: true });
  control("forward").click();
  control("forward").click();
  control("forward").click();
  await answerNext();
  await answerNext();
  assert.equal(bar.index(), 3);
  assert.deepEqual(asked, [1, 3]);
});

test("play steps on its own: a step of events waits STEP_MS, a quiet one a quarter of it", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control, node } = makeBar();
  control("play").click();
  assert.equal(bar.playing(), true);
  assert.equal(control("play").getAttribute("aria-pressed"), "true");
  assert.equal(control("play").getAttribute("aria-label"), "shell.replay.pause");
  mock.timers.tick(0);
  await settle();
  /** @type {number[]} */
  const times = [];
  for (let step = 1; step < STEPS; step += 1) {
    assert.equal(bar.index(), step);
    const wait = LOUD.has(step) ? STEP_MS : STEP_MS / 4;
    mock.timers.tick(wait - 1);
    await settle();
    assert.equal(bar.index(), step, `step ${step} is held ${wait} ms`);
    mock.timers.tick(1);
    await settle();
    times.push(wait);
  }
  assert.equal(bar.index(), STEPS);
  assert.equal(bar.playing(), false, "it stops at the end");
  assert.equal(node.dataset.playing, "");
  assert.equal(control("play").getAttribute("aria-label"), "shell.replay.play");
});

test("the speed button cycles 1×, 2×, 4× and play keeps its time", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control } = makeBar();
  const labels = [];
  for (let i = 0; i < SPEEDS.length; i += 1) {
    control("speed").click();
    labels.push(control("speed").textContent);
  }
  assert.deepEqual(labels, ["2×", "4×", "1×"]);
  control("speed").click(); // 2×
  control("play").click();
  mock.timers.tick(0);
  await settle();
  assert.equal(bar.index(), 1); // a step of events: STEP_MS / 2 at 2×
  mock.timers.tick(STEP_MS / 2 - 1);
  await settle();
  assert.equal(bar.index(), 1);
  mock.timers.tick(1);
  await settle();
  assert.equal(bar.index(), 2);
});

test("pause stops the play where it is", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control } = makeBar();
  control("play").click();
  mock.timers.tick(0);
  await settle();
  mock.timers.tick(STEP_MS);
  await settle();
  assert.equal(bar.index(), 2);
  control("play").click();
  assert.equal(bar.playing(), false);
  mock.timers.tick(STEP_MS * 20);
  await settle();
  assert.equal(bar.index(), 2);
});

test("pause pressed while a step is on its way pauses", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control, answerNext } = makeBar({ hold: true });
  control("play").click();
  mock.timers.tick(0); // the first step is asked
  control("play").click(); // pause, before the engine answered
  assert.equal(bar.playing(), false);
  await answerNext();
  mock.timers.tick(STEP_MS * 20);
  await settle();
  assert.equal(bar.index(), 1, "the step asked is shown, and nothing after it");
  assert.equal(bar.playing(), false);
});

test("First pressed while a step is on its way ends the play at the start", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control, answerNext, held } = makeBar({ hold: true });
  control("play").click();
  mock.timers.tick(0); // step 1 asked
  control("first").click();
  while (held.length) await answerNext();
  mock.timers.tick(STEP_MS * 20);
  await settle();
  while (held.length) await answerNext();
  assert.equal(bar.index(), 0);
  assert.equal(bar.playing(), false);
});

test("Space plays and pauses, except on a focused button (its own Space clicks it)", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control } = makeBar();
  press(doc.body, " ");
  assert.equal(bar.playing(), true);
  press(doc.body, " ");
  assert.equal(bar.playing(), false);
  press(control("forward"), " ");
  assert.equal(bar.playing(), false);
});

test("play at the end plays again from the start", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control } = makeBar();
  await bar.goTo(STEPS);
  control("play").click();
  await settle();
  assert.equal(bar.index(), 0);
  assert.equal(bar.playing(), true);
  mock.timers.tick(STEP_MS);
  await settle();
  assert.equal(bar.index(), 1);
});

test("a seek the engine fails is reported: the bar stays on what it shows and stops", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { bar, control, reported } = makeBar({ failAt: 3 });
  await bar.goTo(2);
  control("play").click();
  mock.timers.tick(0);
  await settle();
  assert.equal(bar.index(), 2);
  assert.equal(bar.playing(), false);
  assert.equal(reported.length, 1);
  control("forward").click(); // the player may try again
  await settle();
  assert.equal(reported.length, 2);
});

test("Close leaves the replay; destroy lets go of the keys and of late answers", async () => {
  const { bar, control, closed, held, shown, answerNext } = makeBar({ hold: true });
  control("close").click();
  assert.equal(closed(), 1);
  assert.equal(doc.listenerCount("keydown"), 1);
  control("forward").click();
  bar.destroy();
  assert.equal(doc.listenerCount("keydown"), 0);
  await answerNext();
  assert.equal(held.length, 0);
  assert.deepEqual(shown, [], "an answer after destroy is not drawn");
});
