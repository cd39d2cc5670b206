// A first visit's downloads, begun at navigation (P3, P15): the files the engine
// worker will ask for (the runtime's wasm, the standard library built for the
// arcade) are fetched at once for the page (by a worker of its own, below),
// instead of after PyScript's start, and handed to the
// engine worker whole: each is put in Cache Storage (DOWNLOADS_CACHE) as it
// arrives, and the worker's loader, told it is there, reads it from there
// (web/pyodide-loader.mjs). Not through the HTTP cache: a host that sends
// `Cache-Control: no-cache` without a validator lets the browser keep nothing,
// and each file crossed the wire twice (P16). Reading them here is also what
// the loader's progress shows: bytes received of the total. The runtime's
// modules, PyScript's files (LEFT_TO_THE_WORKER) and the engine archive are the
// worker's own to fetch, and it tells their bytes (`received`, web/pyodide-loader.mjs). The
// list and each file's size come from the build (build/boot.json,
// tools/build.py). A file fetched here that failed is the worker's to fetch
// again (once: the product's retry) and to report if that fails too.
import { DOWNLOADS_CACHE, HANDOVER_WAIT_MS, LEFT_TO_THE_WORKER } from "./snapshot.mjs";

/**
 * @typedef {object} BootFile
 * @property {string} url relative to the site root
 * @property {number} bytes its size as read (decoded)
 * @property {number} wire about what it takes on the wire (gzipped as a CDN sends it)
 * @property {boolean} [worker] fetched by the engine worker itself, not here
 */

/** @typedef {{ received: number, total: number, wire: number }} Progress */
/**
 * How a file the page fetches for the worker ended: `stored` in the downloads cache, or not; `failed`:
 * its download failed (then the worker's own fetch is its one retry).
 * @typedef {{ stored: boolean, failed: boolean }} Handed
 */

// Two at a time: on an HTTP/1.1 host six connections serve the whole page,
// and its own modules and styles must not queue behind the runtime.
const LANES = 2;
// The fetcher tells its bytes at most this often (a frame's worth of news is enough for a bar).
const TELL_EVERY_MS = 100;

/** @param {string} listUrl @returns {Promise<BootFile[]>} */
async function bootFiles(listUrl) {
  try {
    const response = await fetch(listUrl);
    const list = response.ok ? await response.json() : null;
    return Array.isArray(list?.files) ? list.files : [];
  } catch {
    return [];
  }
}

/**
 * The fetcher: a worker of its own, so that 6 MB arriving do not land on the
 * page's main thread (received there, each chunk was a task: 35 ms for the
 * wasm's last one on this machine, 150 ms at a phone's speed, the largest
 * blocking time of a first visit). Its source is this function's text, run
 * from a blob: no request of its own stands between the page and the
 * downloads. It hears `{ urls, lanes, every, cache, wait }` (absolute URLs, the
 * downloads cache's name, how long a write may lag) and says `{ url, begun }` (epoch ms) as each fetch
 * starts, `{ url, bytes }` (read so far) at most every `every` ms, and
 * `{ url, bytes, done, stored, failed }` at each file's end: a file is put in
 * the cache as it arrives (one branch of its body read here, the other
 * written there), and is there only once whole.
 */
function fetcher() {
  /** @param {{ data: { urls: string[], lanes: number, every: number, cache: string, wait: number } }} event */
  self.onmessage = ({ data: { urls, lanes, every, cache, wait } }) => {
    const queue = [...urls];
    /** @param {number} ms @returns {Promise<null>} */
    const after = (ms) =>
      new Promise((done) => {
        setTimeout(() => done(null), ms);
      });
    // No Cache Storage (a plain-http host, a private window), or one that does not open in time:
    // the files are read for the progress only, and the worker fetches them itself.
    /** @type {Promise<Cache | null>} */
    const store = Promise.race([(async () => caches.open(cache))(), after(wait)]).catch(() => null);
    /** @param {string} url @returns {Promise<{ bytes: number, stored: boolean }>} */
    const download = async (url) => {
      let bytes = 0;
      let told = 0;
      const response = await fetch(url);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const [read, kept] = response.body.tee();
      const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
      const cache = await store;
      // A write refused (the quota) or cut short leaves the file to the worker, as if it were not fetched.
      const put = (cache ? cache.put(url, new Response(kept, { headers })).then(() => true) : kept.cancel().then(() => false)).catch(
        () => false,
      );
      const reader = read.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        if (performance.now() - told >= every) {
          told = performance.now();
          self.postMessage({ url, bytes });
        }
      }
      // A write still going `wait` ms after the last byte (Cache Storage stalled behind another) is not waited for.
      return { bytes, stored: Boolean(await Promise.race([put, after(wait)])) };
    };
    const lane = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        self.postMessage({ url, begun: performance.timeOrigin + performance.now() });
        try {
          self.postMessage({ url, ...(await download(url)), done: true, failed: false });
        } catch {
          self.postMessage({ url, bytes: 0, done: true, stored: false, failed: true });
        }
      }
    };
    for (let i = 0; i < lanes; i += 1) lane();
  };
}

/** @returns {{ worker: Worker, url: string } | null} the fetcher and its blob's URL, or null where a blob worker is refused */
function startFetcher() {
  const url = URL.createObjectURL(new Blob([`(${fetcher})()`], { type: "text/javascript" }));
  try {
    return { worker: new Worker(url), url };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

/**
 * Start the downloads; `onProgress` hears the bytes received of all the files
 * (the worker's included, once told through `fromWorker`).
 * @param {URL} root the site's root
 * @param {(progress: Progress) => void} onProgress
 * @param {Promise<void>} [when] the downloads begin once this resolves (the list is read and the
 *   fetcher started before: the fetches then begin at once, ahead of PyScript's import)
 * @returns {{ fromWorker: (received: { url: string, bytes?: number, done?: boolean }) => void,
 *   handed: (url: string) => Promise<Handed> }}
 *   `handed(url)`: how the page's download of `url` (relative to the root) ended, once it has; a file
 *   the page does not fetch is neither stored nor failed
 */
export function startDownloads(root, onProgress, when = Promise.resolve()) {
  /** @type {Map<string, number>} bytes received per file (Infinity: all of it) */
  const got = new Map();
  /** @type {BootFile[]} */
  let files = [];
  /** @type {Map<string, Promise<Handed>>} how each file the page fetches ended, by its URL in the list */
  const ends = new Map();
  /** @type {Map<string, (handed: Handed) => void>} */
  const settle = new Map();
  const tell = () =>
    onProgress({
      received: files.reduce((sum, f) => sum + Math.min(f.bytes, got.get(f.url) ?? 0), 0),
      total: files.reduce((sum, f) => sum + f.bytes, 0),
      wire: files.reduce((sum, f) => sum + f.wire, 0),
    });
  const listed = bootFiles(new URL("build/boot.json", root).href).then((list) => {
    files = list;
    tell();
    const fetched = files.filter((f) => !f.worker && !LEFT_TO_THE_WORKER.includes(f.url));
    for (const f of fetched) ends.set(f.url, new Promise((done) => settle.set(f.url, done)));
    const byUrl = new Map(fetched.map((f) => [new URL(f.url, root).href, f.url]));
    const started = byUrl.size ? startFetcher() : null;
    if (!started) {
      for (const done of settle.values()) done({ stored: false, failed: false });
      return;
    }
    const { worker } = started;
    let left = byUrl.size;
    worker.onmessage = ({ data }) => {
      const url = byUrl.get(data.url);
      if (!url) return;
      // Marked on this page's clock: when each download began (P3: at navigation, before PyScript).
      if (data.begun) performance.mark(`club-download-${url}`, { startTime: data.begun - performance.timeOrigin });
      else {
        got.set(url, Math.max(got.get(url) ?? 0, data.bytes));
        tell();
      }
      if (!data.done) return;
      settle.get(url)?.({ stored: data.stored, failed: data.failed });
      if (--left === 0) {
        worker.terminate();
        URL.revokeObjectURL(started.url);
      }
    };
    when.then(() =>
      worker.postMessage({ urls: [...byUrl.keys()], lanes: LANES, every: TELL_EVERY_MS, cache: DOWNLOADS_CACHE, wait: HANDOVER_WAIT_MS }),
    );
  });
  return {
    fromWorker({ url, bytes = 0, done = false }) {
      got.set(url, Math.max(got.get(url) ?? 0, done ? Infinity : bytes));
      if (files.length) tell();
    },
    async handed(url) {
      await listed;
      return (await ends.get(url)) ?? { stored: false, failed: false };
    },
  };
}
