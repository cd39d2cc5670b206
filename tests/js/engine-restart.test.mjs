// The engine worker kept alive (web/engine.js keptAlive, P8): a Pyodide that failed fatally
// (its stack overflowed) is replaced by a new worker once per page; the call that met the failure
// is refused as a value's refusal ("engine"), the calls on their way and every engine made before
// the new worker as ENGINE_LOST (nothing said of their values), and the app is told to open again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineError, ENGINE_LOST, createEngine, keptAlive } from "../../web/engine.js";
import { createStorage } from "../../web/storage.js";

const FATAL = "Pyodide already fatally failed and can no longer be used.";

/**
 * A worker as PyScript gives it: its exports answer JSON text; `kill` makes the next `call` overflow
 * (a RangeError), after which every export answers Pyodide's fatal message.
 * @param {string} name
 */
function fakeWorker(name) {
  let dead = false;
  const worker = {
    name,
    terminated: false,
    /** @type {string[]} */
    asked: [],
    killer: "",
    sync: {
      /** @param {string} game @param {string} method @param {string} payload */
      call: async (game, method, payload) => {
        if (dead) throw new Error(FATAL);
        worker.asked.push(`${game}.${method}`);
        if (payload === worker.killer) {
          dead = true;
          throw new RangeError("Maximum call stack size exceeded");
        }
        if (method === "refuse") return JSON.stringify({ ok: false, error: { field: "save", message: "no" } });
        return JSON.stringify({ ok: true, result: name });
      },
      check: async () => JSON.stringify({ ok: true, result: name }),
      query: async () => JSON.stringify({ ok: true, result: name }),
      cancel: async () => 0,
      reset: async () => {},
      bench: async () => ({}),
      python: async () => {
        if (dead) throw new Error(FATAL);
        return "3.14";
      },
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

/** @param {string} [killer] the payload text that kills the first worker */
function arcade(killer = '{"save":"[[[["}') {
  const first = fakeWorker("first");
  first.killer = killer;
  /** @type {ReturnType<typeof fakeWorker>[]} */
  const started = [];
  /** @type {string[]} */
  const heard = [];
  const exports = keptAlive(
    Promise.resolve(first),
    async () => {
      const next = fakeWorker(`worker ${started.length + 2}`);
      next.killer = killer;
      started.push(next);
      return next;
    },
    (event) => heard.push(event.type),
  );
  return { first, started, heard, exports };
}

/** @param {Promise<unknown>} promise @returns {Promise<any>} what it rejected with */
const rejection = (promise) =>
  promise.then(
    () => assert.fail("resolved"),
    (error) => error,
  );

test("a call that kills the worker is refused as its value's fault, and one new worker starts", async () => {
  const { first, started, heard, exports } = arcade();
  const blocks = createEngine(exports, "blocks");
  assert.equal(await blocks.call("view"), "first");
  const error = await rejection(blocks.call("load", { save: "[[[[" }));
  assert.ok(error instanceof EngineError);
  assert.equal(error.field, "engine");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(started.length, 1);
  assert.ok(first.terminated);
  assert.deepEqual(heard, ["club:engine-restarted"]);
  // The engine whose session lived in the dead worker refuses: its session is gone.
  assert.equal((await rejection(blocks.call("view"))).field, ENGINE_LOST);
  // An engine made after (the app's route opened again) plays on the new worker.
  const again = createEngine(exports, "blocks");
  assert.equal(await again.call("view"), "worker 2");
  assert.deepEqual(started[0].asked, ["blocks.view"]);
});

test("calls on their way when the worker died are not blamed, and a refusal stays a refusal", async () => {
  const { exports } = arcade();
  const merge = createEngine(exports, "merge");
  const domino = createEngine(exports, "domino");
  assert.equal((await rejection(merge.call("refuse"))).field, "save");
  const killing = rejection(merge.call("import_code", { save: "[[[[" }));
  const bystander = rejection(domino.call("view"));
  assert.equal((await killing).field, "engine");
  assert.equal((await bystander).field, ENGINE_LOST);
});

test("a rejection of a live worker is given as it is, with no restart", async () => {
  const first = fakeWorker("first");
  first.sync.call = async () => {
    throw new TypeError("a bug in the page");
  };
  let starts = 0;
  const exports = keptAlive(Promise.resolve(first), async () => {
    starts += 1;
    return fakeWorker("second");
  });
  const error = await rejection(createEngine(exports, "bowls").call("view"));
  assert.ok(error instanceof TypeError);
  assert.equal(starts, 0);
  assert.equal(first.terminated, false);
});

test("the worker is started anew only once: a second failure is left as it is", async () => {
  const { started, heard, exports } = arcade();
  await rejection(createEngine(exports, "blocks").call("load", { save: "[[[[" }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const later = createEngine(exports, "blocks");
  assert.equal((await rejection(later.call("load", { save: "[[[[" }))).field, "engine");
  assert.equal((await rejection(later.call("view"))).field, ENGINE_LOST); // gone: no value is blamed for it
  assert.equal(started.length, 1);
  assert.deepEqual(heard, ["club:engine-restarted"]);
});

test("storage moves aside the value that killed the worker, and not one refused only as ENGINE_LOST", async () => {
  /** @type {Map<string, string>} */
  const map = new Map([
    ["6e-club/v1/blocks/run", "deep"],
    ["6e-club/v1/domino/run", "fine"],
  ]);
  const backend = {
    getItem: (/** @type {string} */ k) => map.get(k) ?? null,
    setItem: (/** @type {string} */ k, /** @type {string} */ v) => void map.set(k, v),
    removeItem: (/** @type {string} */ k) => void map.delete(k),
    key: (/** @type {number} */ i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
  /** @type {string[]} */
  const said = [];
  const storage = createStorage({ backend, notice: (text) => said.push(text) });
  const refuse = (/** @type {string} */ field) => () => Promise.reject(new EngineError(field, "failed"));
  assert.equal(await storage.load("6e-club/v1/blocks/run", refuse("engine")), null);
  assert.equal(await storage.load("6e-club/v1/domino/run", refuse(ENGINE_LOST)), null);
  assert.equal(map.get("6e-club/v1/blocks/run"), undefined);
  assert.equal(map.get("6e-club/v1/domino/run"), "fine");
  assert.equal([...map.keys()].filter((k) => k.startsWith("6e-club/v1/blocks/run/corrupt/")).length, 1);
  assert.equal(said.length, 1);
});
