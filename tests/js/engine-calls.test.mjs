// A game's calls (web/engine.js createEngine, P15): each is sent to the worker at once, in the order
// made, and not after the answer before it reached the page (the worker runs its synchronous calls
// one after another as they arrive: its queue keeps the order). A refusal fails its own call only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineError, createEngine } from "../../web/engine.js";

/** A worker that runs what it is sent in order, answering when the test says (`answer()`). */
function heldWorker() {
  /** @type {string[]} */
  const sent = [];
  /** @type {{ method: string, resolve: (text: string) => void }[]} */
  const running = [];
  const call = (/** @type {string} */ _game, /** @type {string} */ method, /** @type {string} */ payload) => {
    sent.push(`${method} ${payload}`);
    return new Promise((resolve) => running.push({ method, resolve }));
  };
  const answer = () => {
    const next = /** @type {{ method: string, resolve: (text: string) => void }} */ (running.shift());
    const refused = next.method === "refuse";
    next.resolve(JSON.stringify(refused ? { ok: false, error: { field: "save", message: "no" } } : { ok: true, result: next.method }));
  };
  return { sent, answer, exports: { epoch: 0, call, check: call, query: call, cancel: () => 0, python: async () => "3.14" } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("back-to-back calls all reach the worker before the first answer comes back, in the order made", async () => {
  const worker = heldWorker();
  const domino = createEngine(/** @type {any} */ (worker.exports), "domino");
  const answers = [domino.call("tick", { ms: 16 }), domino.call("move", { move: "left" }), domino.call("view")];
  await settle();
  assert.deepEqual(worker.sent, ['tick {"ms":16}', 'move {"move":"left"}', "view {}"]);
  for (let i = 0; i < 3; i += 1) worker.answer();
  assert.deepEqual(await Promise.all(answers), ["tick", "move", "view"]);
});

test("a refused call fails alone: the calls after it are answered", async () => {
  const worker = heldWorker();
  const merge = createEngine(/** @type {any} */ (worker.exports), "merge");
  const refused = merge.call("refuse");
  const after = merge.call("view");
  await settle();
  worker.answer();
  worker.answer();
  const error = await refused.then(
    () => assert.fail("answered"),
    (/** @type {unknown} */ e) => e,
  );
  assert.ok(error instanceof EngineError && error.field === "save");
  assert.equal(await after, "view");
});
