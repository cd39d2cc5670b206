// Lessons that cannot stick (web/kit/lesson.js): a step whose goal the play has
// already reached is done when it comes, so every order of play reaches the end
// card without Skip. Played here with blocks' own steps (web/games/blocks/lesson.js)
// and the engine's event types: each row is a way through the lesson position
// (its single fills the top row, its pair the bottom one; either clear lights
// the fifth edge of the meter, the second the sixth: the Crown).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeEvent, installDom, showKey } from "./fakes.mjs";
import { createLesson, createTips, lessonLeadsTo, memoryScope } from "../../web/kit/lesson.js";
import { lessonSteps } from "../../web/games/blocks/lesson.js";
import { lessonSteps as bowlsSteps } from "../../web/games/bowls/lesson.js";

// An answer's events, and the view after it: the lesson position has four edges lit.
const DROP = { events: [{ type: "placed" }], meter: 0 };
const CLEAR = { events: [{ type: "placed" }, { type: "cleared" }, { type: "meter" }], meter: 1 };
const CROWN = { events: [{ type: "placed" }, { type: "cleared" }, { type: "meter" }, { type: "crown" }], meter: 1 };

// [the way, the player's acts in order: events heard or "next" (the card's Next)]
const WAYS = [
  ["as the steps ask: a drop, a clear, Next, the Crown", [DROP, CLEAR, "next", CROWN]],
  ["the first drop clears (the single in the top gap), a drop, then the Crown", [CLEAR, DROP, CROWN, "next"]],
  ["the Crown won before Next (both gaps filled at once)", [CLEAR, CROWN, "next"]],
  ["a drop, then both clears, then Next", [DROP, CLEAR, CROWN, "next"]],
  ["drops that clear nothing in between", [DROP, DROP, CLEAR, DROP, "next", DROP, CROWN]],
];

/**
 * @param {any[]} acts @param {any} [store] the lesson's store (app.js keeps it while the route is shown again)
 * @returns {{ done: boolean, steps: number[] }} the end reached, the steps shown
 */
function play(acts, store = null) {
  const document = installDom();
  Object.assign(globalThis, {
    addEventListener: () => {},
    removeEventListener: () => {},
    requestAnimationFrame: () => 0,
    cancelAnimationFrame: () => {},
  });
  const root = document.createElement("section");
  document.body.append(root);
  const seen = [];
  const ctx = { t: showKey, announce: () => {}, game: "blocks", store, seen: { markLesson: () => seen.push("done") } };
  const lesson = createLesson(root, ctx, lessonSteps({ tray: () => null, board: () => null, meter: () => null }));
  const card = root.querySelector(".kit-lesson");
  const steps = [lesson.step()];
  const view = { drops: 0, meter: 4, crowns: 0 };
  for (const act of acts) {
    if (act === "next") card.querySelector(".kit-lesson-next").dispatchEvent(new FakeEvent("click"));
    else {
      // The engine's view after the answer: the meter's edges, a sixth one a Crown (B12).
      view.drops += 1;
      view.meter += act.meter;
      if (view.meter >= 6) {
        view.meter -= 6;
        view.crowns += 1;
      }
      lesson.heard(act.events, { ...view });
    }
    if (steps.at(-1) !== lesson.step()) steps.push(lesson.step());
  }
  return { done: card.dataset.done === "1", steps };
}

for (const [way, acts] of WAYS) {
  test(`blocks lesson, ${way}: the end card without Skip`, () => {
    const { done, steps } = play(acts);
    assert.equal(done, true, `stuck at step ${steps.at(-1)} (steps shown: ${steps})`);
    assert.deepEqual(
      steps,
      [...steps].sort((a, b) => a - b),
    ); // never back
  });
}

test("blocks lesson: a first drop that clears passes step 1 only (the steps keep their order; step 2 waits for a clear it shows)", () => {
  const { done, steps } = play([CLEAR]);
  assert.equal(done, false);
  assert.deepEqual(steps, [0, 1]);
});

/** A lesson's card made again over the same store, as a language switch remounts the route: the step it shows. */
function remounted(store, steps) {
  const document = installDom();
  const root = document.createElement("section");
  document.body.append(root);
  const ctx = { t: showKey, announce: () => {}, game: "any", store, seen: { markLesson: () => {} } };
  return createLesson(root, ctx, steps).step();
}

// [the acts before the language switch, the step the lesson shows after it]
const SWITCHES = [
  ["nothing done yet", [], 0],
  ["a drop", [DROP], 1],
  ["a drop and a clear", [DROP, CLEAR], 2],
  ["a drop, a clear and Next", [DROP, CLEAR, "next"], 3],
  ["the whole lesson: its end card", [DROP, CLEAR, "next", CROWN], 4],
];

for (const [when, acts, step] of SWITCHES) {
  test(`blocks lesson shown again in place after ${when}: step ${step + 1}, not step 1`, () => {
    const store = memoryScope();
    const { steps } = play(acts, store);
    assert.equal(steps.at(-1), step);
    assert.equal(remounted(store, lessonSteps({ tray: () => null, board: () => null, meter: () => null })), step);
    assert.equal(remounted(memoryScope(), lessonSteps({ tray: () => null, board: () => null, meter: () => null })), 0);
  });
}

test("bowls lesson: a step passed by the page's own choice is asked again after a remount (the choice is not kept)", () => {
  const store = memoryScope();
  const document = installDom();
  const root = document.createElement("section");
  document.body.append(root);
  const ctx = { t: showKey, announce: () => {}, game: "bowls", store, seen: { markLesson: () => {} } };
  const steps = () =>
    bowlsSteps(
      () => null,
      () => null,
    );
  const lesson = createLesson(root, ctx, steps());
  lesson.heard([{ kind: "choose", bowl: 0 }]);
  assert.equal(lesson.step(), 1);
  assert.equal(remounted(store, steps()), 0); // the choice was the page's: choose again
  lesson.heard([{ type: "pickup", kind: "pickup" }]);
  assert.equal(lesson.step(), 2);
  assert.equal(remounted(store, steps()), 2); // the sow is the engine's position: kept
  store.set("lesson", "9");
  assert.equal(remounted(store, steps()), 0); // no step of this lesson: from the start
});

// What follows a lesson (ctx.lessonNext), as its card says it and where its Play and Skip go: a newcomer's Daily or
// challenge starts then, fresh. [the deal's query, what the step line says, the address Skip opens]
const AFTER = [
  [null, null, "shell.lesson.step", "#/blocks"],
  ["daily=2026-12-06", "daily", "shell.lesson.stepDaily", "#/blocks?daily=2026-12-06"],
  ["archive=2026-12-01", "daily", "shell.lesson.stepDaily", "#/blocks?archive=2026-12-01"],
  ["seed=7&beat=120&vs=6E1.blocks.x", "challenge", "shell.lesson.stepChallenge", "#/blocks?seed=7&beat=120&vs=6E1.blocks.x"],
];

for (const [next, leads, key, address] of AFTER) {
  test(`a lesson followed by ${next ?? "the game"}: its step line, and Skip opens ${address}`, () => {
    assert.equal(lessonLeadsTo(next), leads);
    const document = installDom();
    const opened = [];
    Object.assign(globalThis, {
      addEventListener: () => {},
      removeEventListener: () => {},
      requestAnimationFrame: () => 0,
      cancelAnimationFrame: () => {},
      location: { replace: (/** @type {string} */ to) => opened.push(to) },
    });
    const root = document.createElement("section");
    document.body.append(root);
    const done = [];
    const ctx = { t: showKey, announce: () => {}, game: "blocks", lessonNext: next, seen: { markLesson: (g) => done.push(g) } };
    createLesson(root, ctx, lessonSteps({ tray: () => null, board: () => null, meter: () => null }));
    const card = root.querySelector(".kit-lesson");
    assert.equal(card.querySelector(".kit-lesson-count").textContent, `${key}{"n":1,"total":4}`);
    card.querySelector(".kit-lesson-skip").dispatchEvent(new FakeEvent("click"));
    assert.deepEqual(opened, [address]);
    assert.deepEqual(done, ["blocks"]); // skipped counts as done: the next Daily opens directly
  });
}

// A tip the page waits on (ctx.tip's `read`: domino's first tile under a tip that covers the pad) stays until the
// player reads it (its button, or any act of play: a pointer, a key but Tab), never goes by a timer, and says so
// once; a plain tip goes by itself. [what ends it, read calls after it]
const TIP_ENDS = [
  ["its button", (tip) => tip.querySelector(".kit-tip-ok").dispatchEvent(new FakeEvent("click"))],
  ["a key of play", (tip) => tip.ownerDocument.dispatchEvent(new FakeEvent("keydown", { key: "ArrowLeft" }))],
  ["a pointer pressed elsewhere", (tip) => tip.ownerDocument.dispatchEvent(new FakeEvent("pointerdown"))],
  ["the page going (clear)", (_tip, tips) => tips.clear()],
];

for (const [how, end] of TIP_ENDS) {
  test(`a tip the page waits on is read by ${how}, not by a timer`, (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const document = installDom();
    Object.assign(globalThis, { innerWidth: 390, innerHeight: 844 });
    const root = document.createElement("section");
    document.body.append(root);
    const marked = new Set();
    const seen = { tipSeen: (k) => marked.has(k), markTip: (k) => marked.add(k) };
    const tips = createTips(seen, { t: showKey, announce: () => {} });
    let read = 0;
    assert.equal(
      tips.show(root, "domino.double", "a double", null, () => (read += 1)),
      true,
    );
    const tip = root.querySelector(".kit-tip");
    t.mock.timers.tick(60_000);
    assert.equal(root.querySelector(".kit-tip"), tip, "gone by a timer");
    assert.equal(read, 0);
    if (how !== "its button") tip.ownerDocument.dispatchEvent(new FakeEvent("keydown", { key: "Tab" })); // moves around, reads nothing
    assert.equal(read, 0);
    end(tip, tips);
    assert.equal(root.querySelector(".kit-tip"), null);
    tips.clear();
    assert.equal(read, 1); // once
    assert.equal(
      tips.show(root, "domino.double", "again", null, () => (read += 1)),
      false,
    ); // once ever
    tips.show(root, "domino.single", "a plain tip");
    t.mock.timers.tick(8000);
    assert.equal(root.querySelector(".kit-tip"), null); // a plain tip goes by itself
  });
}
