// The kit's page object (web/kit/page.js): latest-wins tickets, one engine
// operation at a time, storing accepted answers, another tab's newer run
// adopted in order (P10), nothing done after the page has left. The engine is
// held (a test answers each call), the storage scope is a fake with another
// tab in it, and once the real web/storage.js over a Map-backed localStorage.
import { afterEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import { engineError, fakeScope, heldEngine, mapStorage, settle } from "./fakes.mjs";
import { createPage } from "../../web/kit/page.js";
import { createStorage, PREFIX } from "../../web/storage.js";

afterEach(() => {
  mock.restoreAll();
  mock.timers.reset();
});

/** A page's session over a held engine and a fake store; `kept` lists the views stored beside the run. */
function page({ adopt, initial } = {}) {
  const root = { dataset: /** @type {Record<string, string>} */ ({}) };
  const engine = heldEngine();
  const store = fakeScope(initial);
  /** @type {[unknown, string | undefined][]} */
  const kept = [];
  /** @type {[string, string][]} */
  const adopted = [];
  const errors = mock.method(console, "error", () => {});
  const session = createPage(
    /** @type {any} */ (root),
    {
      engine,
      store,
      keepView: (view, item) => {
        kept.push([view, item]);
      },
    },
    {
      adopt,
      onExternal: (item, text) => {
        adopted.push([item, text]);
      },
    },
  );
  return { root, engine, store, kept, adopted, session, errors: () => errors.mock.calls.map((c) => c.arguments[0]) };
}

// ----- tickets: the latest question of a channel wins ------------------------------------------

/**
 * [what, the steps, which tickets are still fresh at the end]; a step asks a
 * named ticket on a channel (`["ask", name, channel]`) or closes the page.
 */
const TICKETS = [
  ["the only ticket is fresh", [["ask", "a"]], { a: true }],
  [
    "an older ticket's answer is dropped",
    [
      ["ask", "a"],
      ["ask", "b"],
    ],
    { a: false, b: true },
  ],
  [
    "only the newest of many",
    [
      ["ask", "a"],
      ["ask", "b"],
      ["ask", "c"],
    ],
    { a: false, b: false, c: true },
  ],
  [
    "channels are independent",
    [
      ["ask", "f", "forecast"],
      ["ask", "h", "hint"],
    ],
    { f: true, h: true },
  ],
  [
    "a new hint drops the old hint, not the forecast",
    [
      ["ask", "f", "forecast"],
      ["ask", "h1", "hint"],
      ["ask", "h2", "hint"],
    ],
    { f: true, h1: false, h2: true },
  ],
  [
    "the default channel is a channel of its own",
    [
      ["ask", "d"],
      ["ask", "f", "forecast"],
    ],
    { d: true, f: true },
  ],
  ["a closed page drops every ticket", [["ask", "a"], ["ask", "f", "forecast"], ["close"]], { a: false, f: false }],
];

for (const [what, steps, fresh] of TICKETS) {
  test(`ticket: ${what}`, () => {
    const { session } = page();
    /** @type {Record<string, () => boolean>} */
    const tickets = {};
    for (const [op, name, channel] of steps) {
      if (op === "close") session.close();
      else tickets[name] = session.ticket(channel);
    }
    assert.deepEqual(Object.fromEntries(Object.keys(tickets).map((name) => [name, tickets[name]()])), fresh);
  });
}

// ----- serial: one engine operation at a time ---------------------------------------------------

test("serial runs each operation after the ones asked before it, in order", async () => {
  const { engine, session } = page();
  const results = [
    session.serial(() => engine.call("place", { n: 1 })),
    session.serial(() => engine.call("place", { n: 2 })),
    session.serial(() => engine.call("redeal")),
  ];
  await settle();
  assert.deepEqual(
    engine.calls.map((c) => c.payload.n ?? c.method),
    [1],
    "the second waits for the first",
  );
  engine.calls[0].answer("first");
  await settle();
  assert.deepEqual(
    engine.calls.map((c) => c.payload.n ?? c.method),
    [1, 2],
  );
  engine.calls[1].answer("second");
  await settle();
  engine.calls[2].answer("third");
  assert.deepEqual(await Promise.all(results), ["first", "second", "third"]);
});

test("a failed operation is reported and does not stop the ones after it", async () => {
  const { engine, session, errors } = page();
  const failing = session.serial(() => {
    throw new Error("a bug in the page");
  });
  const refused = session.serial(() => engine.call("place"));
  const next = session.serial(() => engine.call("view"));
  await settle();
  engine.calls[0].fail(new Error("the engine broke"));
  await settle();
  engine.calls[1].answer("the view");
  assert.equal(await failing, undefined);
  assert.equal(await refused, undefined);
  assert.equal(await next, "the view");
  assert.deepEqual(
    errors().map((e) => e.message),
    ["a bug in the page", "the engine broke"],
  );
});

test("a cancelled engine question is no error (the page asked it to stop)", async () => {
  const { engine, session, errors } = page();
  const asked = session.serial(() => engine.call("hint"));
  await settle();
  engine.calls[0].fail(engineError("cancelled"));
  assert.equal(await asked, undefined);
  session.report(engineError("cancelled"));
  assert.deepEqual(errors(), []);
  session.report(engineError("save"));
  assert.equal(errors().length, 1, "another refusal is reported");
});

test("data-busy is on the root while an operation waits or runs, and off once all are done", async () => {
  const { engine, root, session } = page();
  assert.equal(root.dataset.busy, undefined);
  assert.equal(session.busy(), false);
  const first = session.serial(() => engine.call("a"));
  const second = session.serial(() => engine.call("b"));
  assert.equal(root.dataset.busy, "1");
  assert.equal(session.busy(), true);
  await settle();
  engine.calls[0].answer(1);
  await first;
  await settle();
  assert.equal(root.dataset.busy, "1", "the second still runs");
  engine.calls[1].answer(2);
  await second;
  await settle();
  assert.equal(root.dataset.busy, undefined);
  assert.equal(session.busy(), false);
});

test("a quiet operation (the HUD's badge) is marked data-busy and kept in order, but holds no input", async () => {
  const { engine, root, session } = page();
  const badge = session.serial(() => engine.call("run_info"), { quiet: true });
  assert.equal(root.dataset.busy, "1");
  assert.equal(session.busy(), false, "a press right after the page opens is taken");
  const drop = session.serial(() => engine.call("drop"));
  assert.equal(session.busy(), true);
  await settle();
  assert.deepEqual(
    engine.calls.map((c) => c.method),
    ["run_info"],
    "the drop waits for the query asked before it",
  );
  engine.calls[0].answer(1);
  await badge;
  await settle();
  assert.equal(session.busy(), true, "the drop still runs");
  engine.calls[1].answer(2);
  await drop;
  await settle();
  assert.equal(session.busy(), false);
  assert.equal(root.dataset.busy, undefined);
});

test("after close nothing queued runs, and errors are no longer reported", async () => {
  const { engine, session, errors } = page();
  const running = session.serial(() => engine.call("place"));
  let ran = false;
  const queued = session.serial(() => {
    ran = true;
  });
  await settle();
  session.close();
  assert.equal(session.gone(), true);
  engine.calls[0].fail(new Error("late"));
  assert.equal(await running, undefined);
  assert.equal(await queued, undefined);
  assert.equal(ran, false);
  assert.equal(
    await session.serial(() => {
      ran = true;
    }),
    undefined,
  );
  assert.equal(ran, false);
  assert.deepEqual(errors(), []);
});

test("later runs after its time, unless the page has left by then", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  const { session } = page();
  /** @type {string[]} */
  const ran = [];
  session.later(() => ran.push("soon"), 100);
  session.later(() => ran.push("late"), 1000);
  mock.timers.tick(100);
  assert.deepEqual(ran, ["soon"]);
  session.close();
  mock.timers.tick(1000);
  assert.deepEqual(ran, ["soon"]);
});

// ----- load and keep: the store -----------------------------------------------------------------

test("load asks the engine to check the stored item; a corrupt one is moved aside", async () => {
  const { engine, session, store } = page({ initial: { run: "RUN", profile: "BAD" } });
  const run = session.load();
  await settle();
  assert.deepEqual([engine.calls[0].method, engine.calls[0].payload], ["load", { save: "RUN" }]);
  engine.calls[0].answer({ board: "..." });
  assert.deepEqual(await run, { board: "..." });
  const profile = session.load("profile", "load_profile", "profile");
  await settle();
  assert.deepEqual([engine.calls[1].method, engine.calls[1].payload], ["load_profile", { profile: "BAD" }]);
  engine.calls[1].fail(engineError("profile"));
  assert.equal(await profile, null);
  assert.deepEqual(store.movedAside, ["profile"]);
  assert.equal(await session.load("slot1"), null, "nothing stored: nothing asked");
  assert.equal(engine.calls.length, 2);
});

// [what, the answer, the item, keep's result, the store after, the views kept beside the run, the page's aids]
const KEEPS = [
  [
    "an action: its save, its view beside it",
    { accepted: true, save: "S1", view: { score: 3 }, profile: null },
    "run",
    true,
    { run: "S1" },
    [[{ score: 3 }, undefined]],
  ],
  [
    "an action that changed the profile: both",
    { accepted: true, save: "S2", view: { score: 9 }, profile: "P2" },
    "run",
    true,
    { run: "S2", profile: "P2" },
    [[{ score: 9 }, undefined]],
  ],
  [
    "a refusal changes nothing",
    { accepted: false, reason: "occupied", save: null, view: { score: 0 }, profile: null },
    "run",
    true,
    {},
    [],
  ],
  ["a profile alone (a run given up)", { accepted: true, profile: "P3" }, "run", true, { profile: "P3" }, []],
  [
    "the page's own aids (blocks' colours) beside the run, in the same call",
    { accepted: true, save: "S4", view: { score: 5 }, profile: null },
    "run",
    true,
    { run: "S4", paint: "..3" },
    [[{ score: 5 }, undefined]],
    { paint: "..3" },
  ],
  [
    "a refusal stores no aids either",
    { accepted: false, reason: "occupied", save: null, view: { score: 0 }, profile: null },
    "run",
    true,
    {},
    [],
    { paint: "..3" },
  ],
  [
    "a save slot: no view beside it",
    { accepted: true, save: "SLOT", view: { score: 1 }, profile: null },
    "slot2",
    true,
    { slot2: "SLOT" },
    [],
  ],
];

for (const [what, answer, item, result, stored, views, aids] of KEEPS) {
  test(`keep: ${what}`, () => {
    const { session, store, kept } = page();
    assert.equal(session.keep(answer, item, aids), result);
    assert.deepEqual(Object.fromEntries(store.items), stored);
    assert.deepEqual(kept, views);
  });
}

test("keep refuses when another tab stored a newer run first: that run is adopted, this one not stored", async () => {
  const { engine, session, store, kept, adopted } = page({ initial: { run: "MINE" } });
  const loading = session.load();
  await settle();
  engine.calls[0].answer({ score: 1 });
  await loading;
  store.items.set("run", "THEIRS"); // written by the other tab; its storage event not here yet
  assert.equal(session.keep({ accepted: true, save: "MINE-2", view: { score: 2 }, profile: null }), false);
  assert.equal(store.items.get("run"), "THEIRS");
  assert.deepEqual(kept, []);
  await settle();
  assert.deepEqual(adopted, [["run", "THEIRS"]]);
});

// ----- paint: one render a frame --------------------------------------------------------------

/**
 * [what, the steps, the renders after them, what ran in order]; a step is "invalidate", ["after", name]
 * (invalidate with an after callback), "now" (paintNow), "frame" (the browser's next animation frame) or "close".
 */
const FRAMES = [
  ["asked three times in a task: one render at the frame", ["invalidate", "invalidate", "invalidate", "frame"], 1, ["render"]],
  ["nothing before the frame", ["invalidate", "invalidate"], 0, []],
  ["asked again after the frame: a second frame", ["invalidate", "frame", "invalidate", "frame"], 2, ["render", "render"]],
  ["no frame when nothing was asked", ["frame"], 0, []],
  ["an answer's animations after the render", ["invalidate", ["after", "anim"], "frame"], 1, ["render", "anim"]],
  ["paintNow renders at once and drops the frame asked", ["invalidate", "now", "frame"], 1, ["render"]],
  ["a page left renders nothing more", ["invalidate", ["after", "anim"], "close", "frame", "invalidate", "frame"], 0, []],
];

for (const [what, steps, renders, order] of FRAMES) {
  test(`paint: ${what}`, (t) => {
    /** @type {Map<number, () => void>} */
    const frames = new Map();
    let next = 0;
    // node has no animation frames: the browser's two functions, the frames run by the test
    Object.assign(globalThis, {
      requestAnimationFrame: (/** @type {() => void} */ fn) => {
        frames.set(++next, fn);
        return next;
      },
      cancelAnimationFrame: (/** @type {number} */ id) => frames.delete(id),
    });
    t.after(() => {
      Reflect.deleteProperty(globalThis, "requestAnimationFrame");
      Reflect.deleteProperty(globalThis, "cancelAnimationFrame");
    });
    const { root, session } = page();
    /** @type {string[]} */
    const ran = [];
    session.paintWith(() => ran.push("render"));
    for (const step of steps) {
      if (step === "invalidate") session.invalidate();
      else if (step === "now") session.paintNow();
      else if (step === "close") session.close();
      else if (step === "frame") {
        const due = [...frames.values()];
        frames.clear();
        due.forEach((fn) => fn());
      } else session.invalidate(() => ran.push(step[1]));
    }
    assert.deepEqual(ran, order);
    assert.equal(Number(root.dataset.paints ?? 0), renders);
  });
}

// ----- another tab: adopted in order, only what the page adopts ----------------------------------

// [what, the session's adopt list (undefined: the default), the item the other tab stores, its text, adopted]
const EXTERNAL = [
  ["a newer run", undefined, "run", "R2", [["run", "R2"]]],
  ["a newer profile", undefined, "profile", "P2", [["profile", "P2"]]],
  ["a view beside the run (the page's own drawing aid)", undefined, "view", "{}", []],
  ["the paint (cosmetic)", undefined, "paint", "..3", []],
  ["a removed run (no text)", undefined, "run", null, []],
  ["a slot the page adopts", ["run", "slot1"], "slot1", "S", [["slot1", "S"]]],
  ["the profile, when the page adopts runs only", ["run"], "profile", "P2", []],
];

for (const [what, adopt, item, text, expected] of EXTERNAL) {
  test(`another tab stores ${what}`, async () => {
    const { session, store, adopted } = page({ adopt });
    store.otherTab(item, text);
    await settle();
    assert.deepEqual(adopted, expected);
    session.close();
  });
}

test("another tab's run is adopted inside serial: after the action on its way, never during it", async () => {
  const { engine, session, store, adopted } = page();
  const acting = session.serial(async () => {
    const answer = await engine.call("place");
    return `placed ${answer}`;
  });
  await settle();
  store.otherTab("run", "THEIRS");
  await settle();
  assert.deepEqual(adopted, [], "not while the action waits for its answer");
  engine.calls[0].answer("here");
  assert.equal(await acting, "placed here");
  await settle();
  assert.deepEqual(adopted, [["run", "THEIRS"]]);
});

test("a page that has left adopts nothing and stops listening", async () => {
  const { session, store, adopted } = page();
  assert.equal(store.watching(), 1);
  session.close();
  assert.equal(store.watching(), 0);
  store.otherTab("run", "THEIRS");
  await settle();
  assert.deepEqual(adopted, []);
});

// ----- the same through web/storage.js over a localStorage in a Map ------------------------------

/** The window's `storage` event as another tab's write raises it (web/storage.js listens on the global). */
function windowEvents() {
  const win = new EventTarget();
  globalThis.addEventListener = win.addEventListener.bind(win); // this test file's own process: no other page
  return (key, newValue) => win.dispatchEvent(Object.assign(new Event("storage"), { key, newValue }));
}

test("web/storage.js: another tab's storage event reaches the page's session and is adopted in order", async () => {
  const storageEvent = windowEvents();
  const backend = mapStorage({ [`${PREFIX}blocks/run`]: "MINE" });
  const storage = createStorage({ backend });
  const scope = storage.scope("blocks");
  const engine = heldEngine();
  /** @type {[string, string][]} */
  const adopted = [];
  const session = createPage(
    /** @type {any} */ ({ dataset: {} }),
    { engine, store: scope, keepView: () => {} },
    {
      onExternal: (item, text) => {
        adopted.push([item, text]);
      },
    },
  );
  const loading = session.load();
  await settle();
  engine.calls[0].answer({ score: 1 });
  await loading;
  const acting = session.serial(() => engine.call("place"));
  backend.setItem(`${PREFIX}blocks/run`, "THEIRS");
  storageEvent(`${PREFIX}blocks/run`, "THEIRS");
  storageEvent(`${PREFIX}merge/run`, "ANOTHER GAME");
  await settle();
  assert.deepEqual(adopted, [], "the action on its way first");
  engine.calls[1].answer({ accepted: true, save: "MINE-2", view: {}, profile: null });
  await acting;
  await settle();
  assert.deepEqual(adopted, [["run", "THEIRS"]]);
  assert.equal(session.keep({ accepted: true, save: "THEIRS-2", view: {}, profile: null }), true, "the adopted run is this tab's now");
  assert.equal(backend.getItem(`${PREFIX}blocks/run`), "THEIRS-2");
  session.close();
});

test("web/storage.js: a write that lost the race to another tab is refused and the newer run adopted", async () => {
  windowEvents();
  const backend = mapStorage({ [`${PREFIX}blocks/run`]: "MINE" });
  const scope = createStorage({ backend }).scope("blocks");
  const engine = heldEngine();
  /** @type {[string, string][]} */
  const adopted = [];
  const session = createPage(
    /** @type {any} */ ({ dataset: {} }),
    { engine, store: scope, keepView: () => {} },
    {
      onExternal: (item, text) => {
        adopted.push([item, text]);
      },
    },
  );
  const loading = session.load();
  await settle();
  engine.calls[0].answer({});
  await loading;
  backend.setItem(`${PREFIX}blocks/run`, "THEIRS"); // its storage event has not arrived yet
  assert.equal(session.keep({ accepted: true, save: "MINE-2", view: {}, profile: null }), false);
  assert.equal(backend.getItem(`${PREFIX}blocks/run`), "THEIRS", "the newer run is not overwritten");
  await settle();
  assert.deepEqual(adopted, [["run", "THEIRS"]]);
  session.close();
});
