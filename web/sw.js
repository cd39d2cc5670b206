// Offline (P5): precache every file the page needs under a cache named after
// the app version, serve cache-first, drop older caches on activation.
// Updates (P5/P6): a new version installs and then waits;
// it takes over only when a page asks ("skip-waiting", sent by web/update.js
// after the player chose Reload and the run was saved), so an open page never
// loads half its files from one version and half from another. The very
// first install has no worker to wait for: it activates and claims the page
// at once, so offline works after the first visit.
// Type-checked by tsconfig.sw.json (the WebWorker library).
/**
 * The build's list (tools/build.py): `handed`, the SHA-256 (hex) of each file a first visit's page puts in
 * DOWNLOADS_CACHE (the runtime's wasm, the standard library): the precache takes it from there.
 * @typedef {{ version: string, files: string[], handed?: Record<string, string> }} Precache
 */
const worker = /** @type {ServiceWorkerGlobalScope & { CLUB_PRECACHE: Precache }} */ (/** @type {unknown} */ (self));
const { version, files, handed = {} } = worker.CLUB_PRECACHE;
const CACHE = `6e-club-${version}`;
// Where a first visit's page handed its downloads to the engine worker (web/snapshot.mjs
// DOWNLOADS_CACHE): once this precache holds every file, a later start reads them here.
const DOWNLOADS_CACHE = "club-downloads";
/** @param {string} path @returns {string} */
const scopeUrl = (path) => new URL(path, worker.registration.scope).href;

/** @param {ArrayBuffer} bytes @returns {Promise<string>} */
const sha256 = async (bytes) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * A file the page downloaded in this first visit (web/downloads.js), as this version lists it: a copy
 * when DOWNLOADS_CACHE holds it and its digest is the one the build wrote, else null (another version's,
 * cut short, gone with the snapshot's making, or not there).
 * @param {string} path @returns {Promise<Response | null>} never rejects
 */
const downloaded = async (path) => {
  try {
    const hit = handed[path] && (await (await caches.open(DOWNLOADS_CACHE)).match(scopeUrl(path)));
    if (!hit) return null;
    const bytes = await hit.arrayBuffer();
    return (await sha256(bytes)) === handed[path] ? new Response(bytes, { headers: hit.headers }) : null;
  } catch {
    return null;
  }
};

// The first install precaches every file. The runtime's wasm and the standard library (4.4 MB on the
// wire) that the page downloaded at its start are taken from DOWNLOADS_CACHE, checked against the
// build's digests: fetched again, they crossed the wire twice in a first visit, while the player
// made the first moves on a phone's CPU (P15, P16). Every other file is asked of
// the network with `no-cache`: the host confirms the copy the browser holds (a 304) or sends the
// current one, so no older version's file is precached under this version's name.
worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const fetched = [];
      for (const path of files) {
        const copy = await downloaded(path);
        if (copy) await cache.put(scopeUrl(path), copy);
        else fetched.push(new Request(scopeUrl(path), { cache: "no-cache" }));
      }
      await cache.addAll(fetched);
    })(),
  );
});

worker.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") worker.skipWaiting();
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((n) => (n.startsWith("6e-club-") && n !== CACHE) || n === DOWNLOADS_CACHE);
      await Promise.all(old.map((n) => caches.delete(n)));
      await worker.clients.claim();
    })(),
  );
});

// A cache that does not answer in this time is not waited for: the network
// serves the file (online). Cache Storage can stall behind a long write (the
// interpreter snapshot, tens of MB, web/snapshot-worker.mjs) or one cut short
// by a closed page, and a page whose boot module waits on it never starts.
const CACHE_WAIT_MS = 3000;

/** @type {Promise<Cache> | null} the cache, opened once (not once per request) */
let opened = null;

/**
 * The precache holds each file under its URL without a query; a request's query is
 * the page's own (web/engine.js): looked up by the URL without it. An exact lookup, not
 * `ignoreSearch`, which compares every entry of the cache: with 200 files and a boot's
 * 60 requests at once, each answer took 50-65 ms.
 * @param {RequestInfo} key @returns {Promise<Response | undefined>} never rejects
 */
const fromCache = async (key) => {
  try {
    const url = new URL(typeof key === "string" ? key : key.url);
    url.search = "";
    opened ??= caches.open(CACHE);
    return await (await opened).match(url.href);
  } catch {
    opened = null;
    return undefined;
  }
};

/** @param {number} ms @returns {Promise<undefined>} */
const after = (ms) =>
  new Promise((done) => {
    setTimeout(() => done(undefined), ms);
  });

/**
 * A copy for a URL with a query: a cached response keeps the URL it was stored
 * under, and a module's import.meta.url would lose the query (the engine
 * worker's loader reads its page nonce there, web/engine.js).
 * @param {Request} request @param {Response} hit
 */
const answer = (request, hit) => (new URL(request.url).search ? new Response(hit.body, hit) : hit);

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  event.respondWith(
    (async () => {
      const lookup = fromCache(request.mode === "navigate" ? scopeUrl("./") : request);
      const hit = await Promise.race([lookup, after(CACHE_WAIT_MS)]);
      if (hit) return answer(request, hit);
      try {
        return await fetch(request);
      } catch (error) {
        // Offline: the cache after all, however long it takes.
        const late = await lookup;
        if (late) return answer(request, late);
        if (request.mode === "navigate") {
          const shell = await fromCache(scopeUrl("./index.html"));
          if (shell) return shell;
        }
        throw error;
      }
    })(),
  );
});
