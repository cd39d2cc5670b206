// Boot (P3, P15): on a returning visit the engine worker is started first
// thing, the app's modules load beside it (app.js is imported only after); on
// a first visit the downloads (web/downloads.js), then the worker, begin as
// soon as the route's frame is painted. The loader card shows a
// first visit how much of them has arrived and why they are needed, then the
// stages the worker reports (runtime, wasm, python, files, engines: observed,
// not timed guesses); a returning visit (a service worker serves every file)
// shows nothing but the page, unless the start fails. A failure, or no
// progress for a minute, shows what went wrong and Retry.
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
  "shell.loader.failed": "The arcade could not start.",
  "shell.loader.timeout": "Python did not start in time. Check your connection and try again.",
  "shell.loader.retry": "Retry",
  "shell.loader.loading": "Loading",
};
// A first visit's downloads wait for the route's frame at most this long.
const FRAME_WAIT_MS = 3000;
// With no progress at all for this long (no byte, no stage), the start has failed.
const STALL_MS = 60000;

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
  const retry = cardPart("retry");
  /** @type {Record<string, string>} */
  let strings = ENGLISH;
  let lang = "en";
  let reached = 0;
  let failed = false;
  /** @type {Progress | null} */
  let bytes = null;
  loader.hidden = !shown;
  /** @param {string} key */
  const say = (key) => strings[key] || ENGLISH[key];
  // The why is told until Python starts (by then only the engine archive may be on its way).
  const downloading = () => reached < PYTHON && Boolean(bytes && bytes.total > 0 && bytes.received < bytes.total);
  const render = () => {
    const fraction = bytes && bytes.total > 0 ? bytes.received / bytes.total : 0;
    const pct = Math.max(STAGES[reached].pct, Math.floor(fraction * DOWNLOADS_PCT));
    fill.style.width = `${pct}%`;
    bar.setAttribute("aria-valuenow", String(pct));
    bar.setAttribute("aria-label", say("shell.loader.loading"));
    share.textContent = fraction > 0 && fraction < 1 ? new Intl.NumberFormat(lang, { style: "percent" }).format(fraction) : "";
    retry.textContent = say("shell.loader.retry");
    if (failed) stage.textContent = say("shell.loader.failed");
    else if (bytes && downloading()) {
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
      if (index < reached) return;
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
    /** @param {string | null} message null: the start made no progress for too long */
    fail(message) {
      root.dataset.boot = "failed";
      failed = true;
      loader.hidden = false;
      render();
      cardPart("load-error-text").textContent = message ?? say("shell.loader.timeout");
      cardPart("load-error").hidden = false;
      retry.focus();
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

function boot() {
  performance.mark("club-boot");
  const root = document.documentElement;
  // A service worker controls the page: every file is on this device already.
  const returning = Boolean(navigator.serviceWorker?.controller);
  root.dataset.visit = returning ? "returning" : "first";
  const ui = loaderUi(!returning);
  ui.advance("shell");
  cardPart("retry").addEventListener("click", () => location.reload());
  let stallTimer = setTimeout(() => ui.fail(null), STALL_MS);
  const progressed = () => {
    clearTimeout(stallTimer);
    if (root.dataset.boot !== "failed") stallTimer = setTimeout(() => ui.fail(null), STALL_MS);
  };
  /** @param {string | null} message */
  const fail = (message) => {
    if (root.dataset.boot === "ready") return;
    clearTimeout(stallTimer);
    ui.fail(message);
  };
  // Python starts in its worker while the page (home, a game's frame, a
  // stored board) is drawn at once: nothing here waits for it (P3). On a first
  // visit the downloads, then the worker, begin once the route's frame is on
  // screen: the page the player came for does not share the network with 4 MB.
  const painted = returning ? Promise.resolve() : routePainted();
  const downloads = returning
    ? null
    : startDownloads(
        new URL("../", import.meta.url),
        (progress) => {
          ui.downloaded(progress);
          progressed();
        },
        painted,
      );
  const engine = painted.then(() =>
    startWorker({
      onStage: (stage) => {
        ui.advance(stage);
        progressed();
      },
      onFail: fail,
      onBytes: (received) => {
        downloads?.fromWorker(received);
      },
      files: downloads, // the worker reads the page's downloads where they were put (web/downloads.js)
    }),
  );
  // Shown to the player with Retry: handled, so not also an uncaught rejection.
  engine.catch((error) => fail(String(error?.message || error)));
  engine.then(
    () => {
      ui.advance("engines");
      progressed();
    },
    () => {},
  );
  // The route's strings, game modules, stylesheet and board, asked for beside the shell's modules.
  const preloaded = preloadRoute();
  preloaded.tables.get(`shell.${preloaded.lang}`)?.then((table) => ui.translate(table, preloaded.lang));
  import("./app.js")
    .then(({ startApp }) => startApp(engine, preloaded))
    .then(
      () => {
        clearTimeout(stallTimer);
        ui.advance("ready");
        ui.hide();
      },
      (error) => {
        console.error(error);
        fail(String(error?.message || error));
      },
    );
}

boot();
