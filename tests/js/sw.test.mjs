// The service worker's answers (web/sw.js, P5): cache first; a cache that does
// not answer in time is not waited for while the network can serve (a page
// whose boot module waits on a stalled Cache Storage never starts); offline,
// the cache after all, and the shell for a navigation. The script runs in a
// vm context with a fake `self`, `caches` and `fetch`.
import { afterEach, beforeEach, test, mock } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { createHash } from "node:crypto";

const SOURCE = readFileSync(new URL("../../web/sw.js", import.meta.url), "utf8");
const SCOPE = "http://arcade.test/";
const never = () => new Promise(() => {});

beforeEach(() => {
  mock.timers.enable({ apis: ["setTimeout"] });
});
afterEach(() => {
  mock.timers.reset();
});

/**
 * The worker with a cache that answers `cache(url)` (a promise) and a network that answers `network(url)`.
 * @param {{ cache: (url: string) => Promise<any>, network: (url: string) => Promise<any> }} fakes
 */
function serviceWorker({ cache, network }) {
  /** @type {Record<string, (event: any) => void>} */
  const handlers = {};
  const self = {
    CLUB_PRECACHE: { version: "v1", files: ["./", "index.html"] },
    registration: { scope: SCOPE },
    location: { origin: "http://arcade.test" },
    addEventListener: (type, handler) => {
      handlers[type] = handler;
    },
  };
  const context = vm.createContext({
    self,
    URL,
    Response: class {
      constructor(body, init) {
        this.body = body;
        this.url = init?.url;
        this.copied = true;
      }
    },
    setTimeout,
    caches: { open: async () => ({ match: (key) => cache(typeof key === "string" ? key : key.url) }) },
    fetch: (request) => network(request.url),
  });
  vm.runInContext(SOURCE, context);
  return (/** @type {string} */ url, mode = "cors") => {
    let answered = null;
    handlers.fetch({
      request: { url, method: "GET", mode },
      respondWith: (promise) => {
        answered = promise;
      },
    });
    return answered;
  };
}

/** Let timers reach `ms` and every promise settle along the way. @param {number} ms */
async function pass(ms) {
  for (let t = 0; t < ms; t += 500) {
    await new Promise((done) => {
      setImmediate(done);
    });
    mock.timers.tick(500);
  }
  await new Promise((done) => {
    setImmediate(done);
  });
}

const file = (name) => ({ name });
const offline = () => Promise.reject(new TypeError("Failed to fetch"));

// [what, cache answer, network answer, url, mode, the file served]
const ANSWERS = [
  ["a cached file, network never asked", () => Promise.resolve(file("cached boot.js")), never, "web/boot.js", "cors", "cached boot.js"],
  [
    "a file the cache lacks: the network's",
    () => Promise.resolve(undefined),
    async () => file("net app.js"),
    "web/app.js",
    "cors",
    "net app.js",
  ],
  [
    "a cache that throws: the network's",
    () => Promise.reject(new Error("broken")),
    async () => file("net app.js"),
    "web/app.js",
    "cors",
    "net app.js",
  ],
  ["a stalled cache: the network's after the wait", never, async () => file("net boot.js"), "web/boot.js", "cors", "net boot.js"],
  [
    "a slow cache, offline: the cache after all",
    () =>
      new Promise((done) => {
        setTimeout(() => done(file("late boot.js")), 8000);
      }),
    offline,
    "web/boot.js",
    "cors",
    "late boot.js",
  ],
  [
    "a navigation, offline, no copy of the root: the shell",
    (url) => Promise.resolve(url.endsWith("index.html") ? file("shell") : undefined),
    offline,
    "#/bowls",
    "navigate",
    "shell",
  ],
];

for (const [what, cache, network, path, mode, served] of ANSWERS) {
  test(`sw: ${what}`, async () => {
    const ask = serviceWorker({ cache, network });
    const answered = ask(new URL(path, SCOPE).href, mode);
    let got = null;
    answered.then((response) => {
      got = response;
    });
    await pass(10000);
    assert.equal(got?.name, served);
  });
}

test("sw: offline and nowhere in the cache, the request fails", async () => {
  const ask = serviceWorker({ cache: () => Promise.resolve(undefined), network: offline });
  const answered = ask(`${SCOPE}web/nothing.js`);
  let failure = null;
  answered.catch((error) => {
    failure = error;
  });
  await pass(4000);
  assert.equal(failure?.message, "Failed to fetch");
});

test("sw: a stalled cache is waited for 3 s at most before the network is asked", async () => {
  let asked = false;
  const ask = serviceWorker({
    cache: never,
    network: async () => {
      asked = true;
      return file("net");
    },
  });
  ask(`${SCOPE}web/boot.js`);
  await pass(2500);
  assert.equal(asked, false);
  await pass(1000);
  assert.equal(asked, true);
});

test("sw: activation drops other versions' precaches and a first visit's downloads, keeps its own and the snapshot", async () => {
  const names = new Set(["6e-club-v0", "6e-club-v1", "club-downloads", "club-snapshot", "another-app"]);
  /** @type {Record<string, (event: any) => void>} */
  const handlers = {};
  const self = {
    CLUB_PRECACHE: { version: "v1", files: [] },
    registration: { scope: SCOPE },
    location: { origin: "http://arcade.test" },
    clients: { claim: async () => {} },
    addEventListener: (type, handler) => {
      handlers[type] = handler;
    },
  };
  const caches = { keys: async () => [...names], delete: async (name) => names.delete(name) };
  vm.runInContext(SOURCE, vm.createContext({ self, URL, setTimeout, caches }));
  /** @type {Promise<void> | null} */
  let activated = null;
  handlers.activate({ waitUntil: (promise) => (activated = promise) });
  await activated;
  assert.deepEqual([...names].sort(), ["6e-club-v1", "another-app", "club-snapshot"]);
});

const digest = (text) => createHash("sha256").update(text).digest("hex");
const WASM = "vendor/pyodide/pyodide.asm.wasm";

/**
 * The first install with `downloads` (path -> text) in the downloads cache and the build's digests `handed`:
 * what went into the precache from there, and what was asked of the network (with its cache mode).
 * @param {Record<string, string>} downloads @param {Record<string, string>} handed
 */
async function install(downloads, handed) {
  /** @type {Record<string, (event: any) => void>} */
  const handlers = {};
  const self = {
    CLUB_PRECACHE: { version: "v1", files: ["./", "index.html", WASM], handed },
    registration: { scope: SCOPE },
    location: { origin: "http://arcade.test" },
    addEventListener: (type, handler) => {
      handlers[type] = handler;
    },
  };
  const put = [];
  const asked = [];
  const stores = {
    "club-downloads": {
      match: async (url) => {
        const text = downloads[url.slice(SCOPE.length)];
        return text === undefined ? undefined : new Response(text, { headers: { "Content-Type": "application/wasm" } });
      },
    },
    "6e-club-v1": {
      put: async (url, response) => {
        put.push([url.slice(SCOPE.length), await response.text(), response.headers.get("Content-Type")]);
      },
      addAll: async (requests) => {
        asked.push(...requests.map((r) => [r.url.slice(SCOPE.length), r.cache]));
      },
    },
  };
  const context = vm.createContext({ self, URL, Request, Response, crypto, setTimeout, caches: { open: async (name) => stores[name] } });
  vm.runInContext(SOURCE, context);
  /** @type {Promise<void> | null} */
  let installed = null;
  handlers.install({ waitUntil: (promise) => (installed = promise) });
  await installed;
  return { put, asked };
}

// [what, the downloads cache, the build's digests, put from the downloads, asked of the network]
const INSTALLS = [
  [
    "the runtime a first visit downloaded is taken from there, checked (P16)",
    { [WASM]: "wasm bytes" },
    { [WASM]: digest("wasm bytes") },
    [[WASM, "wasm bytes", "application/wasm"]],
    [
      ["", "no-cache"],
      ["index.html", "no-cache"],
    ],
  ],
  [
    "another version's runtime (its digest differs) is fetched",
    { [WASM]: "older wasm" },
    { [WASM]: digest("wasm bytes") },
    [],
    [
      ["", "no-cache"],
      ["index.html", "no-cache"],
      [WASM, "no-cache"],
    ],
  ],
  [
    "no downloads (gone with the snapshot): every file fetched",
    {},
    { [WASM]: digest("wasm bytes") },
    [],
    [
      ["", "no-cache"],
      ["index.html", "no-cache"],
      [WASM, "no-cache"],
    ],
  ],
  [
    "a file the build lists no digest for is fetched",
    { [WASM]: "wasm bytes" },
    {},
    [],
    [
      ["", "no-cache"],
      ["index.html", "no-cache"],
      [WASM, "no-cache"],
    ],
  ],
];

for (const [what, downloads, handed, fromDownloads, fromNetwork] of INSTALLS) {
  test(`sw install: ${what}`, async () => {
    mock.timers.reset(); // the digest and the fakes' promises run on real time
    const { put, asked } = await install(downloads, handed);
    assert.deepEqual(put, fromDownloads);
    assert.deepEqual(asked, fromNetwork);
  });
}
