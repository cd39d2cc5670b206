// A first visit's downloads, begun at navigation (P3, P15): the files the engine
// worker will ask for (the runtime, the standard library built for the arcade)
// are fetched by the page at once, into the HTTP cache the worker then reads
// them from, instead of after PyScript's start. Reading them here is also
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

/** @param {Response} response @param {(bytes: number) => void} onBytes */
async function drain(response, onBytes) {
  const reader = response.body?.getReader();
  if (!reader) return;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes(value.byteLength);
  }
}

/**
 * Start the downloads; `onProgress` hears the bytes received of all the files
 * (the worker's included, once told through `fromWorker`).
 * @param {URL} root the site's root
 * @param {(progress: Progress) => void} onProgress
 * @returns {{ fromWorker: (received: { url: string, bytes: number }) => void }}
 */
export function startDownloads(root, onProgress) {
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
    const queue = files.filter((f) => !f.worker);
    const lane = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const { url } = file;
        try {
          const response = await fetch(new URL(url, root).href);
          if (response.ok)
            await drain(response, (n) => {
              got.set(url, (got.get(url) ?? 0) + n);
              tell();
            });
        } catch {
          // the worker asks for it again and reports a failure itself
        }
      }
    };
    for (let i = 0; i < LANES; i += 1) lane();
  });
  return {
    fromWorker({ url, bytes }) {
      got.set(url, Math.max(got.get(url) ?? 0, bytes));
      if (files.length) tell();
    },
  };
}
