// Boot (P3, P15): on a returning visit the engine worker is started first
// thing, the app's modules load beside it (app.js is imported only after); on
// a first visit the downloads (web/downloads.js), then the worker, begin as
// soon as the route's frame is painted. The loader card shows a
// first visit how much of them has arrived and why they are needed, then the
// stages the worker reports (runtime, wasm, python, files, engines: observed,
// not timed guesses); a returning visit (a service worker serves every file)
// shows nothing but the page, unless the start fails. A failure is told to
// the boot's watchdog (index.html: it does not live here, so it also sees this
// module not delivered, or no progress for a minute), which reloads once, then
// shows what went wrong with Retry.
import { startWorker } from "./engine.js";
import { startDownloads } from "./downloads.js";
import { preloadRoute } from "./route.js";

const STAGES = [
  { id: "shell", pct: 5 },
  { id: "runtime", pct: 15 },
  { id: "wasm", pct: 45 },
  { id: "python", pct: 60 },
  { id: "files", pct: 80 },
  { id: "engines", pct: 92 },
  { id: "ready", pct: 100 },
];
// A first visit's downloads are most of its wait on a phone: they fill the bar
// up to here, the stages after them the rest.
const DOWNLOADS_PCT = 90;
const PYTHON = STAGES.findIndex((s) => s.id === "python");
// English until the saved language's shell table (fetched at once by
// preloadRoute, web/route.js) arrives; i18n proper is not running yet (P12).
const ENGLISH = {
  "shell.loader.shell": "Loading the arcade",
  "shell.loader.runtime": "Downloading the Python runtime",
  "shell.loader.wasm": "Runtime downloaded",
  "shell.loader.python": "Starting Python",
  "shell.loader.files": "Loading the games",
  "shell.loader.engines": "Starting the engines",
  "shell.loader.ready": "Ready",
  "shell.loader.why": "Downloading the game engine, {size}, once — then it plays offline",
  "shell.loader.loading": "Loading",
};
// A first visit's downloads wait for the route's frame at most this long.
const FRAME_WAIT_MS = 3000;

/** @typedef {import("./downloads.js").Progress} Progress */

// The loader card's parts: index.html has them before this script runs.
/** @param {string} id */
const cardPart = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {boolean} shown a first visit's card (a returning visit's stays hidden unless the start fails) */
function loaderUi(shown) {
  const root = document.documentElement;
  const loader = cardPart("loader");
  const bar = /** @type {HTMLElement} */ (loader.querySelector(".progress"));
  const fill = /** @type {HTMLElement} */ (loader.querySelector(".progress-fill"));
  const stage = cardPart("loader-stage");
  const share = cardPart("loader-share");
  /** @type {Record<string, string>} */
  let strings = ENGLISH;
  let lang = "en";
  let reached = 0;
  // The watchdog (index.html) shows a failure on this card, in its own words: they stay.
  const failed = () => root.dataset.boot === "failed";
  /** @type {Progress | null} */
  let bytes = null;
  loader.hidden = !shown;
  /** @param {string} key */
  const say = (key) => strings[key] || ENGLISH[key];
  // The why is told until Python starts (by then only the engine archive may be on its way).
  const downloading = () => reached < PYTHON && Boolean(bytes && bytes.total > 0 && bytes.received < bytes.total);
  const render = () => {
    if (failed()) return;
    const fraction = bytes && bytes.total > 0 ? bytes.received / bytes.total : 0;
    const pct = Math.max(STAGES[reached].pct, Math.floor(fraction * DOWNLOADS_PCT));
    fill.style.width = `${pct}%`;
    bar.setAttribute("aria-valuenow", String(pct));
    bar.setAttribute("aria-label", say("shell.loader.loading"));
    share.textContent = fraction > 0 && fraction < 1 ? new Intl.NumberFormat(lang, { style: "percent" }).format(fraction) : "";
    if (bytes && downloading()) {
      const size = new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
      stage.textContent = say("shell.loader.why").replace("{size}", size.format(bytes.wire / 1e6));
    } else stage.textContent = say(`shell.loader.${STAGES[reached].id}`);
  };
  return {
    /** @param {unknown} table the shell's strings in `language` @param {string} language */
    translate(table, language) {
      if (!table || typeof table !== "object") return;
      strings = { ...ENGLISH, ...table };
      lang = language;
      root.lang = language;
      render();
    },
    /** @param {string} id a stage of STAGES */
    advance(id) {
      const index = STAGES.findIndex((s) => s.id === id);
      if (index < reached || failed()) return;
      reached = index;
      render();
      root.dataset.boot = id;
      root.dataset.bootTrail = `${root.dataset.bootTrail || ""} ${id}`.trim();
    },
    /** @param {Progress} progress the first visit's downloads so far */
    downloaded(progress) {
      bytes = progress;
      render();
      if (progress.total > 0) root.dataset.received = String(progress.received === progress.total ? 1 : progress.received / progress.total);
    },
    // Gone at once: the page under it is already drawn and live (a fading card
    // would be half-transparent text for a moment).
    hide() {
      loader.remove();
    },
  };
}

/**
 * The first route's frame painted (web/app.js says `club:drawn`, then two frames pass), or at
 * most FRAME_WAIT_MS (a page that fails to draw does not hold back the engine).
 * @returns {Promise<void>}
 */
function routePainted() {
  return new Promise((resolve) => {
    // The second frame's callback runs once the first one (the route's) has been presented.
    const go = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    if (performance.getEntriesByName("club-route-drawn").length) go();
    else addEventListener("club:drawn", go, { once: true });
    setTimeout(resolve, FRAME_WAIT_MS);
  });
}

/**
 * A failed start, told to the boot's watchdog (index.html): it reloads the page once, else shows the
 * failure on the loader card with Retry.
 * @param {string | null} message what failed, as the card says it (null: its words for a file not delivered)
 * @param {boolean} again a reload may mend it (a module not delivered); false: the engine worker's own report
 */
function tellFailure(message, again) {
  dispatchEvent(new CustomEvent("club:failed", { cancelable: true, detail: { message, retry: again } }));
}

/**
 * What the card says of an error: a module not delivered (a TypeError, in every browser's words) in the
 * player's language (the watchdog's), anything else as the error says it.
 * @param {any} error
 */
const said = (error) => (error instanceof TypeError ? null : String(error?.message || error));

function boot() {
  performance.mark("club-boot");
  const root = document.documentElement;
  // A service worker controls the page: every file is on this device already.
  const returning = Boolean(navigator.serviceWorker?.controller);
  root.dataset.visit = returning ? "returning" : "first";
  const ui = loaderUi(!returning);
  ui.advance("shell");
  // Once the engine worker has said a file failed after its own second try, nothing reloads: the
  // engine's rejection and the app's that follow are the same failure, shown as it is.
  let workerFailed = false;
  /** @param {string | null} message @param {boolean} again */
  const fail = (message, again) => {
    if (root.dataset.boot !== "ready") tellFailure(message, again && !workerFailed);
  };
  // Python starts in its worker while the page (home, a game's frame, a
  // stored board) is drawn at once: nothing here waits for it (P3). On a first
  // visit the downloads, then the worker, begin once the route's frame is on
  // screen: the page the player came for does not share the network with 4 MB.
  const painted = returning ? Promise.resolve() : routePainted();
  const downloads = returning ? null : startDownloads(new URL("../", import.meta.url), (progress) => ui.downloaded(progress), painted);
  const engine = painted.then(() =>
    startWorker({
      onStage: (stage) => ui.advance(stage),
      onFail: (message) => {
        workerFailed = true;
        fail(message, false);
      },
      onBytes: (received) => {
        downloads?.fromWorker(received);
      },
      files: downloads, // the worker reads the page's downloads where they were put (web/downloads.js)
    }),
  );
  // Told to the watchdog (PyScript's modules not delivered, or its worker not started; the app logs
  // the error): handled, so not also an uncaught rejection.
  engine.catch((error) => {
    workerFailed ||= Boolean(error?.inWorker);
    fail(said(error), true);
  });
  engine.then(
    () => ui.advance("engines"),
    () => {},
  );
  // The route's strings, game modules, stylesheet and board, asked for beside the shell's modules.
  const preloaded = preloadRoute();
  preloaded.tables.get(`shell.${preloaded.lang}`)?.then((table) => ui.translate(table, preloaded.lang));
  import("./app.js")
    .then(({ startApp }) => startApp(engine, preloaded))
    .then(
      () => {
        ui.advance("ready");
        ui.hide();
      },
      (error) => {
        console.error(error);
        fail(said(error), true);
      },
    );
}

boot();
