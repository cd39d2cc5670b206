// What the two Pyodide starts share (the engine worker's loader and the snapshot
// worker): the lock file they give Pyodide, where the memory snapshot is
// kept (P2, P3, P15): one Cache Storage name
// and one key per Pyodide version and engine archive, shared by the page that has
// it made (web/engine.js, through web/snapshot-worker.mjs) and the worker's loader
// that boots from it (web/pyodide-loader.mjs); and where a first visit's downloads
// are handed to them (P3, P15, P16). No Pyodide here, so the main thread
// imports it without the loader (which imports Pyodide itself).

/**
 * Pyodide's lock file as both starts give it (`lockFileContents`): the pinned file's
 * `info` (Pyodide checks its ABI against the runtime's) and no package, since the
 * arcade loads none (P1). A first visit is spared its 27 KB and the start a request;
 * tests/js/snapshot.test.mjs holds it to node_modules/pyodide/pyodide-lock.json.
 */
export const RUNTIME_LOCK = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};

/** The Cache Storage the snapshot is kept in (never the service worker's precache). */
export const SNAPSHOT_CACHE = "club-snapshot";

/**
 * The snapshot's key in that cache. The snapshot holds the engines already imported
 * (their modules run, no source compiled on a returning visit), so it is one per
 * Pyodide version and per engine archive: an update of either never boots an old one.
 * @param {string} version the Pyodide version
 * @param {string} archive the engine archive's digest (`archiveDigest`)
 * @returns {string}
 */
export function snapshotKey(version, archive) {
  return `${snapshotPrefix(version)}${archive}.bin`;
}

/**
 * What every snapshot key of this Pyodide version begins with: a first visit, which has
 * none, starts at once instead of waiting for the archive its key needs.
 * @param {string} version the Pyodide version
 * @returns {string}
 */
export function snapshotPrefix(version) {
  return new URL(`./pyodide-snapshot-${version}-`, import.meta.url).href;
}

/**
 * A short digest of the engine archive's bytes (FNV-1a, 32 bits, and the length): it
 * tells one build of build/club.zip from another, and needs no secure context
 * (crypto.subtle is missing on a plain-http host that is not localhost).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function archiveDigest(bytes) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i += 1) {
    hash ^= bytes[i];
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, "0")}${bytes.length.toString(16)}`;
}

/**
 * The Cache Storage a first visit's downloads are handed over in (P3, P16): the page's
 * fetcher (web/downloads.js) puts each file there whole, and the engine worker's loader
 * and the snapshot worker read it there, so no file crosses the wire twice, whatever the
 * host lets the browser keep (a host sending `Cache-Control: no-cache` without a validator
 * made the engine worker download the 4.7 MB again). Read only for a file the page said it
 * stored in this visit; dropped once the snapshot is made (web/engine.js) and when a service
 * worker's precache holds every file (web/sw.js names it too).
 */
export const DOWNLOADS_CACHE = "club-downloads";

/**
 * The files of a first visit's downloads (build/boot.json) the page leaves to the engine
 * worker's start, which tells their arrival: the runtime's modules, which the worker imports
 * (no import can be handed bytes: the page's policy runs no script from a blob), and PyScript's
 * config and module, which PyScript reads itself as it starts the worker (fetched here too, each
 * crossed the wire twice on a host that keeps nothing). The engine archive is marked `worker`
 * in the list itself.
 */
export const LEFT_TO_THE_WORKER = ["vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs", "pyscript.toml", "py/main.py"];

/**
 * How long a look into the downloads cache is waited for: Cache Storage can stall behind a long
 * write (another tab's snapshot, tens of MB); the file is then fetched instead.
 */
export const HANDOVER_WAIT_MS = 3000;

/**
 * A file the page's fetcher stored in the downloads cache, or null (none there, no Cache
 * Storage: a plain-http host, a private window; or no answer in HANDOVER_WAIT_MS).
 * @param {string} url absolute
 * @returns {Promise<Response | null>} never rejects
 */
export async function handedOver(url) {
  const look = (async () => {
    try {
      return (await (await caches.open(DOWNLOADS_CACHE)).match(url)) ?? null;
    } catch {
      return null;
    }
  })();
  /** @type {Promise<null>} */
  const late = new Promise((done) => {
    setTimeout(() => done(null), HANDOVER_WAIT_MS);
  });
  return Promise.race([look, late]);
}
