// The interpreter loader (P1, P15), run inside the engine worker (P3):
// pyscript.toml names it as the interpreter and web/engine.js passes it to
// PyWorker as `version`, so PyScript imports it and calls loadPyodide.
// - A returning visit restores a memory snapshot of an interpreter that has
//   imported the standard library and the engines (_loadSnapshot) instead of
//   redoing Python's start and compiling the engines' source.
// - The first visit starts normally and says "scheduled": the page then makes
//   the snapshot in web/snapshot-worker.mjs at the player's first pause (engine.js).
// Both options are private Pyodide APIs tied to the exact build: the snapshot
// is keyed by the Pyodide version and the engine archive's digest, and any
// failure falls back to a normal start and drops the stale snapshot.
// - The engine archive is asked for as soon as this module runs, beside
//   Pyodide's own downloads (PyScript asks for it only once Python is up):
//   its bytes are counted for the page's progress bar and the response is
//   handed to PyScript when it asks, so it is fetched once. So is the
//   runtime's module (pyodide.asm.mjs), imported here at once and given to
//   Pyodide (`createPyodideModule`) instead of imported by its start.
// - On a first visit the page has fetched the runtime's wasm and the standard
//   library for this worker (web/downloads.js, `files` in this module's
//   URL): each is read where the page put it (Cache Storage,
//   DOWNLOADS_CACHE), never asked of the network again, whatever the host lets
//   the browser keep (P16).
// - Every file the start needs is asked for twice at most (P3): a failed or cut
//   download is asked for once more (the page's failed download counts as the
//   first), then the page is told what failed and shows it with Retry.
// There is no `document` in a worker: boot stages, bytes received and the
// snapshot state go to the page that started this worker on the
// BroadcastChannel named by the `page` nonce in this module's URL.
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import {
  DOWNLOADS_CACHE,
  LEFT_TO_THE_WORKER,
  RUNTIME_LOCK,
  SNAPSHOT_CACHE,
  archiveDigest,
  handedOver,
  snapshotKey,
  snapshotPrefix,
} from "./snapshot.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// The standard library built for the arcade (tools/stdlib.py): the files a full
// session imports, in place of Pyodide's whole one (a fifth of its bytes).
export const STDLIB_URL = new URL("../build/python_stdlib.zip", import.meta.url).href;
const ROOT = new URL("../", import.meta.url).href;
const params = new URL(import.meta.url).searchParams;
const page = params.get("page");
const channel = page && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(`club-boot-${page}`) : null;
// The page fetched this worker's files and hands them over (a first visit, web/engine.js).
const HANDED = Boolean(channel) && params.has("files");
/**
 * @param {{ stage?: string, failed?: string, snapshot?: string, version?: string, want?: string,
 *   received?: { url: string, bytes?: number, done?: boolean } }} message
 */
const tell = (message) => channel?.postMessage(message);
const ARCHIVE_URL = new URL("../build/club.zip", import.meta.url).href;
const RUNTIME_MODULE_URL = new URL("pyodide.asm.mjs", INDEX_URL).href;
const fetchFirst = globalThis.fetch;
/** @param {string} url absolute @returns {string} relative to the site's root, as build/boot.json lists it */
const relative = (url) => url.split("?")[0].slice(ROOT.length);
/** @param {string} url @returns {string} the file's name, for a failure's message */
const fileName = (url) => url.split("?")[0].split("/").pop() ?? url;

// Arrived before this module ran, told for the page's count of bytes: PyScript's config and
// module (PyScript reads them before it imports this loader) and Pyodide's module (imported by
// it); the runtime's module is told once imported (importRuntime).
for (const file of LEFT_TO_THE_WORKER) if (file !== relative(RUNTIME_MODULE_URL)) tell({ received: { url: file, done: true } });

/** @typedef {{ stored: boolean, failed: boolean }} Handed how the page's download of a file ended */
/** @type {Map<string, Promise<Handed>>} the page's answers, by file */
const answers = new Map();
/** @type {Map<string, (handed: Handed) => void>} */
const waiting = new Map();
if (channel) {
  channel.onmessage = ({ data }) => {
    if (typeof data?.handed === "string") waiting.get(data.handed)?.({ stored: Boolean(data.stored), failed: Boolean(data.failed) });
  };
}

/**
 * How the page's download of `url` ended (it answers once the download has: the file is not
 * asked of the network meanwhile). Asked only on a first visit.
 * @param {string} url absolute @returns {Promise<Handed>}
 */
function pageDownload(url) {
  const file = relative(url);
  let answer = answers.get(file);
  if (!answer) {
    answer = new Promise((done) => waiting.set(file, done));
    answers.set(file, answer);
    tell({ want: file });
  }
  return answer;
}

/**
 * `response` whole, its body read to the end: a download cut short fails here, where it can be
 * asked for again, not in Pyodide's compile (which only logs it and never settles).
 * @param {Response} response @returns {Promise<Response>}
 */
async function whole(response) {
  const { status, statusText, headers } = response;
  return new Response(await response.arrayBuffer(), { status, statusText, headers });
}

/**
 * A file fetched, asked for again once when it failed (`tries` 2); an HTTP error after the
 * last try is answered as it is, a failed request rejects.
 * @param {Parameters<typeof fetch>} args
 * @param {{ tries: number, read: boolean }} how `read`: the body is read whole before it is answered
 * @returns {Promise<Response>}
 */
async function fetchTwice(args, { tries, read }) {
  /** @type {{ response?: Response, error?: unknown }} */
  let last = {};
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      const response = await fetchFirst(...args);
      if (response.ok) return read ? await whole(response) : response;
      last = { response };
    } catch (error) {
      last = { error };
    }
  }
  if (last.response) return last.response;
  throw last.error;
}

/**
 * A file the start needs: the page's download of it on a first visit (the page answers once it
 * has ended), else this worker's own fetch, asked for again once when it fails (once in all
 * when the page's download failed: that was the first try). On a first visit the body is read
 * whole (a cut download is asked for again); on a returning visit a service worker serves the
 * file from this device, and the wasm's stream keeps its streaming compile.
 * @param {string} url @param {Parameters<typeof fetch>} args @returns {Promise<Response>}
 */
async function fetchFile(url, args) {
  if (!HANDED || !url.startsWith(ROOT)) return fetchTwice(args, { tries: 2, read: false });
  const handed = await pageDownload(url);
  const response = handed.stored ? await handedOver(url.split("?")[0]) : null;
  if (response) return response;
  const fetched = await fetchTwice(args, { tries: handed.failed ? 1 : 2, read: true });
  if (fetched.ok) tell({ received: { url: relative(url), done: true } }); // the page's count of bytes, complete
  return fetched;
}

/**
 * The runtime's module, imported at once (PyScript calls loadPyodide only once it has itself
 * started), again once under another address when that failed (a module that failed to load
 * is not loaded again from its own).
 * @returns {Promise<any>} the module
 */
async function importRuntime() {
  let module;
  try {
    module = await import(RUNTIME_MODULE_URL);
  } catch {
    try {
      module = await import(`${RUNTIME_MODULE_URL}?again`);
    } catch (error) {
      throw new Error(`${fileName(RUNTIME_MODULE_URL)}: ${error?.message || error}`, { cause: error });
    }
  }
  tell({ received: { url: relative(RUNTIME_MODULE_URL), done: true } });
  return module;
}
const runtimeModule = importRuntime();
runtimeModule.catch(() => {}); // met when the start needs it

/**
 * The engine archive read to its end, its bytes told as they come; asked for again once when
 * that failed (P3). An HTTP error after that is PyScript's to meet (and the fetch wrapper's to
 * tell). On a first visit it is kept for the snapshot worker beside the page's downloads.
 * @returns {Promise<{response: Response, bytes: Uint8Array | null}>}
 */
async function readArchive() {
  /** @type {{ response?: Response, error?: unknown }} */
  let last = {};
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetchFirst(ARCHIVE_URL);
      if (!response.ok || !response.body) {
        last = { response };
        continue;
      }
      const reader = response.body.getReader();
      /** @type {Uint8Array<ArrayBuffer>[]} */
      const chunks = [];
      let count = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        count += value.byteLength;
        tell({ received: { url: relative(ARCHIVE_URL), bytes: count } });
      }
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      const { status, statusText, headers } = response;
      if (HANDED) keepForSnapshot(bytes);
      return { response: new Response(bytes, { status, statusText, headers }), bytes };
    } catch (error) {
      last = { error };
    }
  }
  if (last.response) return { response: last.response, bytes: null };
  throw last.error;
}

/** @param {Uint8Array<ArrayBuffer>} bytes the engine archive, for the snapshot worker (web/snapshot-worker.mjs) */
function keepForSnapshot(bytes) {
  (async () => {
    try {
      await (await caches.open(DOWNLOADS_CACHE)).put(ARCHIVE_URL, new Response(bytes));
    } catch {
      /* the snapshot worker fetches it itself */
    }
  })();
}

/** @type {Promise<{response: Response, bytes: Uint8Array | null}>} */
const received = readArchive();
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
    const early = !archiveClaimed && url.split("?")[0] === ARCHIVE_URL;
    archiveClaimed ||= early;
    let response;
    try {
      response = await (early ? archive : fetchFile(url, args));
    } catch (error) {
      // Every file fetched here is needed: the start ends at this point, and the
      // page (told now) shows the failure and Retry. Rethrown, the error would
      // only surface as an unhandled rejection after Pyodide's own log.
      tell({ failed: `${fileName(url)}: ${error?.message || error}` });
      return new Promise(() => {});
    }
    if (!response.ok) tell({ failed: `${fileName(url)}: HTTP ${response.status}` });
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
  const createPyodideModule = (await runtimeModule).default;
  const runtime = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, lockFileContents: RUNTIME_LOCK, createPyodideModule };
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
