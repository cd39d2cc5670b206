// The interpreter loader (P1, P15), run inside the engine worker (P3):
// pyscript.toml names it as the interpreter and web/engine.js passes it to
// PyWorker as `version`, so PyScript imports it and calls loadPyodide.
// - A returning visit restores a memory snapshot of an interpreter that has
//   imported the standard library and the engines (_loadSnapshot) instead of
//   redoing Python's start and compiling the engines' source.
// - The first visit starts normally and says "scheduled": the page then makes
//   the snapshot in web/snapshot-worker.mjs once it is idle (engine.js).
// Both options are private Pyodide APIs tied to the exact build: the snapshot
// is keyed by the Pyodide version and the engine archive's digest, and any
// failure falls back to a normal start and drops the stale snapshot.
// - The engine archive is asked for as soon as this module runs, beside
//   Pyodide's own downloads (PyScript asks for it only once Python is up):
//   its bytes are counted for the page's progress bar and the response is
//   handed to PyScript when it asks, so it is fetched once.
// There is no `document` in a worker: boot stages, bytes received and the
// snapshot state go to the page that started this worker on the
// BroadcastChannel named by the `page` nonce in this module's URL.
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { RUNTIME_LOCK, SNAPSHOT_CACHE, archiveDigest, snapshotKey, snapshotPrefix } from "./snapshot.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// The standard library built for the arcade (tools/stdlib.py): the files a full
// session imports, in place of Pyodide's whole one (a fifth of its bytes).
export const STDLIB_URL = new URL("../build/python_stdlib.zip", import.meta.url).href;
const page = new URL(import.meta.url).searchParams.get("page");
const channel = page && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(`club-boot-${page}`) : null;
/**
 * @param {{ stage?: string, failed?: string, snapshot?: string, version?: string,
 *   received?: { url: string, bytes: number } }} message
 */
const tell = (message) => channel?.postMessage(message);
const ARCHIVE_URL = new URL("../build/club.zip", import.meta.url).href;
const fetchFirst = globalThis.fetch;

// The archive read to its end here, its bytes told as they come; PyScript gets
// a response holding them. A failed request is PyScript's to meet (and the
// fetch wrapper's to tell).
/** @type {Promise<{response: Response, bytes: Uint8Array | null}>} */
const received = (async () => {
  const response = await fetchFirst(ARCHIVE_URL);
  if (!response.ok || !response.body) return { response, bytes: null };
  const reader = response.body.getReader();
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const chunks = [];
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    count += value.byteLength;
    tell({ received: { url: "build/club.zip", bytes: count } });
  }
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  const { status, statusText, headers } = response;
  return { response: new Response(bytes, { status, statusText, headers }), bytes };
})();
const archive = received.then(({ response }) => response);
archive.catch(() => {}); // met again when PyScript asks for it
// The snapshot's key: this Pyodide and this engine archive (null: no archive, no snapshot).
const snapshotKeyNow = received.then(
  ({ bytes }) => (bytes ? snapshotKey(version, archiveDigest(bytes)) : null),
  () => null,
);
let archiveClaimed = false;

// Stages the page's progress bar shows (P3): observed, not guessed. The
// worker's fetches say when the wasm and the games arrived (its resource
// timing would tell only once the busy worker gets round to it).
// A failed download is told at once: Pyodide itself only logs a failed wasm
// fetch and never settles, which would leave the page waiting for a minute.
function watchDownloads() {
  /** @param {Parameters<typeof fetch>} args */
  globalThis.fetch = async (...args) => {
    const url = String(/** @type {any} */ (args[0])?.url ?? args[0]);
    const name = url.split("?")[0].split("/").pop();
    const early = !archiveClaimed && url.split("?")[0] === ARCHIVE_URL;
    archiveClaimed ||= early;
    let response;
    try {
      response = await (early ? archive : fetchFirst(...args));
    } catch (error) {
      // Every file fetched here is needed: the start ends at this point, and the
      // page (told now) shows the failure and Retry. Rethrown, the error would
      // only surface as an unhandled rejection after Pyodide's own log.
      tell({ failed: `${name}: ${error?.message || error}` });
      return new Promise(() => {});
    }
    if (!response.ok) tell({ failed: `${name}: HTTP ${response.status}` });
    else if (url.includes("/vendor/pyodide/pyodide.asm.wasm")) tell({ stage: "wasm" });
    else if (url.includes("/build/club.zip")) tell({ stage: "files" });
    return response;
  };
}

// A snapshot that takes longer than this to read is not waited for: a plain
// start takes about as long, and Cache Storage can stall behind a long write.
const SNAPSHOT_WAIT_MS = 5000;

/** @returns {Promise<Uint8Array | null>} the stored snapshot of this Pyodide version and engine archive */
async function readSnapshot() {
  const read = (async () => {
    try {
      const store = await caches.open(SNAPSHOT_CACHE);
      const prefix = snapshotPrefix(version);
      if (!(await store.keys()).some((request) => request.url.startsWith(prefix))) return null; // a first visit
      const key = await snapshotKeyNow;
      if (!key) return null;
      const hit = await store.match(key);
      return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    } catch {
      return null; // Cache Storage unavailable (private mode, file://): plain start
    }
  })();
  /** @type {Promise<null>} */
  const late = new Promise((done) => {
    setTimeout(() => done(null), SNAPSHOT_WAIT_MS);
  });
  return Promise.race([read, late]);
}

async function dropSnapshot() {
  try {
    const key = await snapshotKeyNow;
    if (key) await (await caches.open(SNAPSHOT_CACHE)).delete(key);
  } catch {
    /* nothing to drop */
  }
}

/** @type {any} the interpreter this module started (a test reads its imports through it) */
let started = null;
/** @returns {any} the interpreter this worker runs, once started, else null */
export const interpreter = () => started;

// A failed start is told to the page at once (it shows what failed and a
// Retry, P3) instead of leaving it waiting for a worker that never answers.
/** @param {object} [options] PyScript's options for Pyodide's loadPyodide @returns {Promise<any>} the interpreter */
export async function loadPyodide(options = {}) {
  try {
    started = await start(options);
    return started;
  } catch (error) {
    tell({ failed: String(error?.message || error) });
    throw error;
  }
}

/** @param {object} options */
async function start(options) {
  tell({ stage: "runtime" });
  watchDownloads();
  const snapshot = await readSnapshot();
  const runtime = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, lockFileContents: RUNTIME_LOCK };
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ ...runtime, _loadSnapshot: snapshot });
      tell({ stage: "python", snapshot: "used", version });
      return pyodide;
    } catch (error) {
      console.warn("6E Club: snapshot rejected, starting normally", error);
      await dropSnapshot();
    }
  }
  const pyodide = await loadRuntime(runtime);
  tell({ stage: "python", snapshot: "scheduled", version });
  return pyodide;
}
