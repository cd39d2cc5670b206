// Where the Pyodide memory snapshot is kept (P2, P3): one Cache Storage name and
// one key per Pyodide version, shared by the page that has it made
// (web/engine.js, through web/snapshot-worker.mjs) and the worker's loader that
// boots from it (web/pyodide-loader.mjs). Constants only, so the main thread
// imports them without the loader (which imports Pyodide itself).

/** The Cache Storage the snapshot is kept in (never the service worker's precache). */
export const SNAPSHOT_CACHE = "club-snapshot";

/**
 * The snapshot's key in that cache: one per Pyodide version, so an update never boots an old one.
 * @param {string} version the Pyodide version
 * @returns {string}
 */
export function snapshotKey(version) {
  return new URL(`./pyodide-snapshot-${version}.bin`, import.meta.url).href;
}
