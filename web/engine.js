// The seam to Python (P2, P3): the club package and its Bridge run in one
// PyScript worker (py/main.py); the main thread loads only JavaScript. Every
// call is `await engine.call(method, payload)`, JSON text both ways, answered
// in the order made (the worker runs them one after another as they arrive), so
// a page never waits on Python synchronously and a long call never blocks input
// or animation.
//
// @pyscript/core 0.7.31 exposes no `workers` to JavaScript; PyWorker(url,
// {config, version}) is its JS API. `version` must name our loader: without
// it the worker ignores pyscript.toml's interpreter and imports Pyodide from
// the CDN. The loader's URL carries a per-page nonce: it names the
// BroadcastChannel on which the worker reports boot stages and the snapshot
// state to this page only (another tab booting has its own).
import { DOWNLOADS_CACHE, SNAPSHOT_CACHE } from "./snapshot.mjs";
import { TEST_BUILD } from "./testbuild.js";
import { atPause } from "./pause.js";

export class EngineError extends Error {
  /** @param {string} field what the engine refused (a payload field, or "") @param {string} message */
  constructor(field, message) {
    super(message);
    this.name = "EngineError";
    this.field = field;
  }
}

const LOADER = new URL("./pyodide-loader.mjs", import.meta.url);
// The field of a call refused because the engine worker failed under another call, or is gone
// (keptAlive): nothing is said of this call's own value (web/storage.js does not move it aside).
export const ENGINE_LOST = "engine-lost";

/**
 * The functions py/main.py exports to this thread (PyScript's `xworker.sync`):
 * JSON text in, JSON text out.
 * @typedef {object} WorkerExports
 * @property {(game: string, method: string, payload: string) => Promise<string>} call
 * @property {(game: string, method: string, payload: string) => Promise<string>} check
 * @property {(game: string, method: string, payload: string) => Promise<string>} query
 * @property {() => void} cancel
 * @property {() => Promise<void>} reset the test build's: every session anew, as after a boot (the app's restart in place)
 * @property {(games?: string[]) => Promise<any>} bench the test build's: `make bench`'s engine timings
 * @property {() => Promise<string>} python
 * @property {number} [epoch] how many times the worker was started anew (keptAlive)
 */

/**
 * A table of what an engine answers (club.surface, written by tools/viewtypes.py into
 * build/types/views.d.ts): `Blocks.Calls`, `Daily.Calls`, `Club.Calls` (the contract every game
 * answers, its own shapes unknown). Each name: `{ payload, answer, acts }`.
 * @typedef {object} CallTable
 */

/**
 * A call's payload argument: optional when the call takes nothing it must have.
 * @template {CallTable} C
 * @template {keyof C} M
 * @typedef {C[M] extends { payload: infer P } ? ({} extends P ? [payload?: P] : [payload: P]) : never} PayloadOf
 */

/**
 * A call's answer.
 * @template {CallTable} C
 * @template {keyof C} M
 * @typedef {C[M] extends { answer: infer A } ? A : never} AnswerOf
 */

/**
 * A declared call, typed by its name: `engine.call("place", {slot, cell})` answers `Promise<Club.Answer<...>>`.
 * @template {CallTable} C
 * @typedef {<M extends keyof C & string>(method: M, ...payload: PayloadOf<C, M>) => Promise<AnswerOf<C, M>>} CallOf
 */

/**
 * One game's engine, as a page has it (`ctx.engine`), typed by its table of calls.
 * @template {CallTable} [C=Club.Calls]
 * @typedef {object} Engine
 * @property {string} game
 * @property {CallOf<C>} call answered in the order made (sent at once: the worker keeps the order)
 * @property {CallOf<C>} query beside the calls: a question that may take long (a hint), and may be cancelled
 * @property {() => Promise<void>} cancel
 */

/**
 * A game's engine as the kit sees it: the contract's calls (`Club.Calls`), which every game's table holds,
 * its own shapes as any game's (tools/viewtypes.py writes both tables from the same declarations).
 * @template {Club.Calls} C @param {Engine<C>} engine @returns {Engine<Club.Calls>}
 */
export function contractOf(engine) {
  return /** @type {Engine<Club.Calls>} */ (/** @type {unknown} */ (engine));
}

/** @param {string} text @returns {unknown} the result, or throws EngineError */
function decode(text) {
  const answer = JSON.parse(text);
  if (!answer.ok) throw new EngineError(answer.error.field, answer.error.message);
  return answer.result;
}

// One game's engine: `call` is sent at once and run by the worker after the calls sent before it:
// its exports are synchronous Python, and coincident applies each message's call as it arrives, so
// the worker's own queue keeps the order. Chained here instead, a call waited for the answer before
// it to reach this thread first: a hop through a busy main thread between them (P15: domino's move
// waited so for the tick its frame had sent). A failed call fails alone. `query` runs
// beside them (async Python), for read-only questions that may take long (a hint) and may be cancelled.
/**
 * @template {CallTable} [C=Club.Calls]
 * @param {Promise<WorkerExports> | WorkerExports} exports
 * @param {string} game
 * @param {"call" | "check"} [entry] "check": the throwaway sessions that validate a backup
 * @returns {Engine<C>}
 */
export function createEngine(exports, game, entry = "call") {
  /** @type {number | undefined} the worker's epoch this engine's session lives in (keptAlive) */
  let born;
  // A session made in a worker that since failed is gone: refused, never asked of the new one.
  const live = async () => {
    const sync = await exports;
    born ??= sync.epoch;
    if (sync.epoch !== born) throw new EngineError(ENGINE_LOST, "the engine was restarted");
    return sync;
  };
  /** @type {(to: "call" | "check" | "query") => (method: string, payload: unknown[]) => Promise<unknown>} */
  const asking =
    (to) =>
    async (method, [payload = {}]) =>
      decode(await (await live())[to](game, method, JSON.stringify(payload)));
  const call = asking(entry);
  const query = asking("query");
  // The one place the JSON meets its types: the answer is the declared call's (C[method].answer),
  // as the bridge routes declared names only and answers each with its method's return annotation,
  // which tools/viewtypes.py wrote into C.
  return /** @type {Engine<C>} */ ({
    game,
    call: (/** @type {string} */ method, /** @type {unknown[]} */ ...payload) => call(method, payload),
    query: (/** @type {string} */ method, /** @type {unknown[]} */ ...payload) => query(method, payload),
    async cancel() {
      (await exports).cancel();
    },
  });
}

// The interpreter memory snapshot for returning visits (P15): made by a plain
// module worker (web/snapshot-worker.mjs) once the player pauses.
// PyScript's worker cannot make it itself: makeMemorySnapshot() refuses the
// JS objects PyScript hands to Python ("Can't serialize object").
// It holds the engines imported too, so it is keyed by the engine archive's digest
// as well as by the Pyodide version (web/snapshot.mjs).
// Its making is a second interpreter's start and import of everything, seconds of a
// core: made while the player plays, it slowed a phone's first taps (bowls, CPU x4:
// 80-146 ms a tap, 20-35 ms once it was made). So it waits for the player's pause
// (web/pause.js): no pointer, key or touch for 4 s, counted from the engine's start, or
// the page hidden (another tab, another app).

/**
 * Make the snapshot at the player's first pause.
 * @param {boolean} handed the page handed this boot's downloads over (web/downloads.js): the
 *   snapshot worker reads them where they are, then they go
 */
function makeSnapshotLater(handed) {
  if (typeof Worker === "undefined" || typeof caches === "undefined") return;
  const root = document.documentElement;
  atPause(() => {
    root.dataset.snapshot = "saving";
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    /** @param {string} state */
    const done = (state) => {
      root.dataset.snapshot = state;
      worker.terminate();
      // The first visit's downloads served their two starts: a returning visit reads the precache.
      if (handed) caches.delete(DOWNLOADS_CACHE).catch(() => {});
    };
    worker.onmessage = (event) => done(event.data === "saved" ? "saved" : "none");
    worker.onerror = () => done("none");
    worker.postMessage({
      indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
      stdLibURL: new URL("../build/python_stdlib.zip", import.meta.url).href,
      archiveURL: new URL("../build/club.zip", import.meta.url).href,
      cache: SNAPSHOT_CACHE,
      handed,
    });
  });
}

// Start the worker. onStage(id) hears the boot stages the worker reports,
// onBytes({url, bytes, done}) the bytes it has received of a file it downloads itself.
// Resolves {call, check, query, cancel, bench, python} once py/main.py ran.
// onFail(message) hears a start that failed inside the worker.
// files: a first visit's downloads (web/downloads.js), which the worker asks for by file
// (`want`) and is answered how each ended (`handed`): then it reads them where the page put them.
/**
 * @param {{ onStage?: (stage: string) => void, onFail?: (message: string) => void,
 *   onBytes?: (received: { url: string, bytes?: number, done?: boolean }) => void,
 *   files?: { handed: (url: string) => Promise<{ stored: boolean, failed: boolean }> } | null }} [hooks]
 * @returns {Promise<WorkerExports>}
 */
export function startWorker({ onStage = () => {}, onFail = () => {}, onBytes = () => {}, files = null } = {}) {
  const nonce = Math.random().toString(36).slice(2);
  // Kept open for the page's life: no message of the worker's is lost to a
  // race with its answer (the snapshot is made once both are in).
  const channel = new BroadcastChannel(`club-boot-${nonce}`);
  /** @type {string | null} */
  let scheduled = null; // the Pyodide version, when a snapshot is to be made
  let up = false;
  const snapshotWhenBoth = () => {
    if (up && scheduled) makeSnapshotLater(Boolean(files));
    if (up) scheduled = null;
  };
  channel.onmessage = ({ data }) => {
    if (data?.stage) {
      onStage(data.stage);
      performance.mark(`club-stage-${data.stage}`);
    }
    if (data?.failed) onFail(data.failed);
    if (data?.received) onBytes(data.received);
    if (typeof data?.want === "string" && files) {
      const file = data.want;
      files.handed(file).then(({ stored, failed }) => channel.postMessage({ handed: file, stored, failed }));
    }
    if (data?.snapshot) {
      document.documentElement.dataset.snapshot = data.snapshot;
      document.documentElement.dataset.pyodide = data.version;
      if (data.snapshot === "scheduled") {
        scheduled = data.version;
        snapshotWhenBoth();
      }
    }
  };
  const loader = new URL(LOADER);
  loader.searchParams.set("page", nonce);
  if (files) loader.searchParams.set("files", "");
  const ready = (async () => {
    const { PyWorker } = await import("../vendor/pyscript/core.js");
    performance.mark("club-pyscript-loaded"); // marks: where a cold start's time goes
    const xworker = await PyWorker(new URL("../py/main.py", import.meta.url).href, {
      config: new URL("../pyscript.toml", import.meta.url).href,
      version: loader.href,
    }).catch((/** @type {any} */ error) => {
      // The worker's own start failed (it tells the page why, after its own second try): a
      // reload would not mend it sooner (web/boot.js shows it as it is).
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { inWorker: true });
    });
    performance.mark("club-engine-ready");
    return xworker;
  })();
  ready.then(
    () => {
      up = true;
      snapshotWhenBoth();
    },
    () => {},
  );
  return keptAlive(ready, respawn);
}

// A new engine worker after a fatal failure: its loader's nonce is its own, so its boot stages
// go to no one (the page's boot is over).
async function respawn() {
  const loader = new URL(LOADER);
  loader.searchParams.set("page", Math.random().toString(36).slice(2));
  const { PyWorker } = await import("../vendor/pyscript/core.js");
  return PyWorker(new URL("../py/main.py", import.meta.url).href, {
    config: new URL("../pyscript.toml", import.meta.url).href,
    version: loader.href,
  });
}

// `reset` and `bench`: the test build's (py/main.py's TEST_HOOKS; web/testbuild.js).
const EXPORTS = ["call", "check", "query", "cancel", "python", ...(TEST_BUILD ? ["reset", "bench"] : [])];
const FATAL = /Pyodide already fatally failed/;

/**
 * The worker's exports, kept alive (P8): Pyodide fails fatally when its stack overflows (the
 * call that did it rejects with a RangeError, every later one with "Pyodide already fatally
 * failed and can no longer be used"), and a dead interpreter answers nothing again. A call that
 * rejects asks the interpreter its version: when that says it is dead, a new worker is started,
 * once per page (a second failure is left as it is). No call is asked again (the one that met
 * the failure may be what killed it): that one fails as an EngineError of field "engine", which
 * every page handles as a refusal (a stored value is moved aside with its notice, a code is
 * refused); those that were on their way, and every call once no restart is left, fail as
 * ENGINE_LOST. The new worker's sessions are fresh: an engine made before it refuses every call
 * (ENGINE_LOST: createEngine's epoch), and `club:engine-restarted` tells the app to open its
 * route again from storage (web/app.js).
 * @template {{ sync: WorkerExports, terminate: () => void }} W
 * @param {Promise<W>} first the worker started with the page
 * @param {() => Promise<W>} start another one
 * @param {(event: Event) => void} [announce]
 * @returns {Promise<WorkerExports>}
 */
export async function keptAlive(first, start, announce = (event) => globalThis.dispatchEvent?.(event)) {
  let current = first;
  let epoch = 0;
  /** @param {W} worker @param {unknown} error @returns {Promise<boolean>} */
  const dead = async (worker, error) => {
    if (FATAL.test(String(error))) return true;
    return worker.sync.python().then(
      () => false,
      (probe) => FATAL.test(String(probe)),
    );
  };
  /** @param {W} worker */
  const restart = (worker) => {
    if (epoch > 0) return;
    epoch += 1;
    worker.terminate();
    current = start();
    current.then(() => announce(new Event("club:engine-restarted")), console.error);
  };
  /** @type {Record<string, any>} */
  const exports = {
    get epoch() {
      return epoch;
    },
  };
  for (const name of EXPORTS)
    exports[name] = async (/** @type {any[]} */ ...args) => {
      const worker = await current;
      try {
        return await /** @type {any} */ (worker.sync)[name](...args);
      } catch (error) {
        if (!(await dead(worker, error))) throw error;
        if (worker === (await first)) restart(worker);
        // The first error is the failure itself (a RangeError): later ones say it had happened.
        const met = !FATAL.test(String(error));
        throw new EngineError(met ? "engine" : ENGINE_LOST, String(/** @type {any} */ (error)?.message ?? error));
      }
    };
  await first;
  return /** @type {WorkerExports} */ (/** @type {unknown} */ (exports));
}
