// Start-up engineering for returning visits (P15). PyScript imports this
// module as its interpreter (pyscript.toml) and calls loadPyodide.
// - A returning visit restores a memory snapshot of a freshly started
//   interpreter (_loadSnapshot) instead of redoing Python's start.
// - The first visit starts normally; once the arcade is ready, a background
//   worker (web/snapshot-worker.mjs) starts a second interpreter with
//   _makeSnapshot and stores its snapshot in Cache Storage. It is made apart
//   from the page because _makeSnapshot wraps the JS globals in a way that
//   PyScript's own start cannot use.
// Both options are private Pyodide APIs tied to the exact build: the snapshot
// is keyed by the Pyodide version and any failure falls back to a normal
// start and drops the stale snapshot.
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const SNAPSHOT_CACHE = "club-snapshot";
export const SNAPSHOT_KEY = new URL(`./pyodide-snapshot-${version}.bin`, import.meta.url).href;
const root = document.documentElement;

async function readSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // Cache Storage unavailable (private mode, file://): plain start
  }
}

async function dropSnapshot() {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_KEY); } catch { /* nothing to drop */ }
}

function makeSnapshotLater() {
  if (typeof Worker === "undefined" || typeof caches === "undefined") return;
  // Wait until the page is idle after start-up: the worker's own Python start
  // competes for the CPU, and the player's first moves come first.
  const whenIdle = (fn) => setTimeout(() => (self.requestIdleCallback ? requestIdleCallback(fn, { timeout: 4000 }) : fn()), 1500);
  addEventListener("club:ready", () => whenIdle(() => {
    root.dataset.snapshot = "saving";
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = (event) => {
      root.dataset.snapshot = event.data === "saved" ? "saved" : "none";
      worker.terminate();
    };
    worker.onerror = () => { root.dataset.snapshot = "none"; worker.terminate(); };
    worker.postMessage({ indexURL: INDEX_URL, key: SNAPSHOT_KEY, cache: SNAPSHOT_CACHE });
  }), { once: true });
}

export async function loadPyodide(options = {}) {
  const snapshot = await readSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ ...options, indexURL: INDEX_URL, _loadSnapshot: snapshot });
      root.dataset.snapshot = "used";
      return pyodide;
    } catch (error) {
      console.warn("6E Club: snapshot rejected, starting normally", error);
      await dropSnapshot();
    }
  }
  root.dataset.snapshot = "scheduled";
  makeSnapshotLater();
  return loadRuntime({ ...options, indexURL: INDEX_URL });
}
