// A first visit's downloads, begun at navigation (P3, P15): the files the engine
// worker will ask for (the runtime, the standard library built for the arcade)
// are fetched at once for the page (by a worker of its own, below), into the
// HTTP cache the engine worker then reads them from, instead of after
// PyScript's start. Reading them here is also
// what the loader's progress shows: bytes received of the total. The engine
// archive is fetched by the worker's loader itself, which tells its bytes
// (`received`, web/pyodide-loader.mjs). The list and each file's size come
// from the build (build/boot.json, tools/build.py). Nothing here is needed to
// start: a failed fetch is only progress not shown (the worker asks again
// and reports a real failure itself).

/**
 * @typedef {object} BootFile
 * @property {string} url relative to the site root
 * @property {number} bytes its size as read (decoded)
 * @property {number} wire about what it takes on the wire (gzipped as a CDN sends it)
 * @property {boolean} [worker] fetched by the engine worker itself, not here
 */

/** @typedef {{ received: number, total: number, wire: number }} Progress */

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
 * downloads. It hears `{ urls, lanes, every }` (absolute URLs) and says
 * `{ url, begun }` (epoch ms) as each fetch starts and `{ url, bytes }` (read
 * so far) at most every `every` ms, and `{ url, bytes, done }` at each file's end.
 */
function fetcher() {
  /** @param {{ data: { urls: string[], lanes: number, every: number } }} event */
  self.onmessage = ({ data: { urls, lanes, every } }) => {
    const queue = [...urls];
    const lane = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        let bytes = 0;
        let told = 0;
        try {
          self.postMessage({ url, begun: performance.timeOrigin + performance.now() });
          const response = await fetch(url);
          const reader = response.ok ? response.body?.getReader() : undefined;
          for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
            bytes += chunk.value.byteLength;
            if (performance.now() - told >= every) {
              told = performance.now();
              self.postMessage({ url, bytes });
            }
          }
        } catch {
          // the engine worker asks for it again and reports a failure itself
        }
        self.postMessage({ url, bytes, done: true });
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
 * @returns {{ fromWorker: (received: { url: string, bytes: number }) => void }}
 */
export function startDownloads(root, onProgress, when = Promise.resolve()) {
  /** @type {Map<string, number>} bytes received per file */
  const got = new Map();
  /** @type {BootFile[]} */
  let files = [];
  const tell = () =>
    onProgress({
      received: files.reduce((sum, f) => sum + Math.min(f.bytes, got.get(f.url) ?? 0), 0),
      total: files.reduce((sum, f) => sum + f.bytes, 0),
      wire: files.reduce((sum, f) => sum + f.wire, 0),
    });
  bootFiles(new URL("build/boot.json", root).href).then((list) => {
    files = list;
    tell();
    const fetched = files.filter((f) => !f.worker);
    const byUrl = new Map(fetched.map((f) => [new URL(f.url, root).href, f.url]));
    const started = byUrl.size ? startFetcher() : null;
    if (!started) return;
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
      if (data.done && --left === 0) {
        worker.terminate();
        URL.revokeObjectURL(started.url);
      }
    };
    when.then(() => worker.postMessage({ urls: [...byUrl.keys()], lanes: LANES, every: TELL_EVERY_MS }));
  });
  return {
    fromWorker({ url, bytes }) {
      got.set(url, Math.max(got.get(url) ?? 0, bytes));
      if (files.length) tell();
    },
  };
}
