// Boot: the app at once, and a real progress indicator while Python starts
// in its worker (P3, issue 13), with a load-failure screen and Retry. Stages
// are observed, not timed guesses: the worker's loader reports when the
// runtime started, the wasm and the games arrived and Python is up
// (web/pyodide-loader.mjs); the engines are ready when py/main.py has run.
import { preloadRoute, startApp } from "./app.js";
import { startWorker } from "./engine.js";

const STAGES = [
  { id: "shell", pct: 5 },
  { id: "runtime", pct: 15 },
  { id: "wasm", pct: 45 },
  { id: "python", pct: 60 },
  { id: "files", pct: 80 },
  { id: "engines", pct: 92 },
  { id: "ready", pct: 100 },
];
// English until the saved language's shell table (fetched at once by
// preloadRoute) arrives; i18n proper is not running yet (issue 11).
const ENGLISH = {
  "shell.loader.shell": "Loading the arcade",
  "shell.loader.runtime": "Downloading the Python runtime",
  "shell.loader.wasm": "Runtime downloaded",
  "shell.loader.python": "Starting Python",
  "shell.loader.files": "Loading the games",
  "shell.loader.engines": "Starting the engines",
  "shell.loader.ready": "Ready",
  "shell.loader.failed": "The arcade could not start.",
  "shell.loader.timeout": "Python did not start in time. Check your connection and try again.",
  "shell.loader.retry": "Retry",
  "shell.loader.loading": "Loading",
};
const BOOT_TIMEOUT_MS = 60000;

function loaderUi() {
  const loader = document.getElementById("loader");
  const bar = loader.querySelector(".progress");
  const fill = /** @type {HTMLElement} */ (loader.querySelector(".progress-fill"));
  const stage = document.getElementById("loader-stage");
  const retry = document.getElementById("retry");
  /** @type {Record<string, string>} */
  let strings = ENGLISH;
  let reached = 0;
  let failed = false;
  /** @param {string} key */
  const say = (key) => strings[key] || ENGLISH[key];
  const label = () => {
    stage.textContent = say(failed ? "shell.loader.failed" : `shell.loader.${STAGES[reached].id}`);
    retry.textContent = say("shell.loader.retry");
    bar.setAttribute("aria-label", say("shell.loader.loading"));
  };
  return {
    /** @param {unknown} table the shell's strings in `lang` @param {string} lang */
    translate(table, lang) {
      if (!table || typeof table !== "object") return;
      strings = { ...ENGLISH, ...table };
      document.documentElement.lang = lang;
      label();
    },
    /** @param {string} id a stage of STAGES */
    advance(id) {
      const index = STAGES.findIndex((s) => s.id === id);
      if (index < reached) return;
      reached = index;
      const { pct } = STAGES[index];
      fill.style.width = `${pct}%`;
      bar.setAttribute("aria-valuenow", String(pct));
      label();
      document.documentElement.dataset.boot = id;
      document.documentElement.dataset.bootTrail = `${document.documentElement.dataset.bootTrail || ""} ${id}`.trim();
    },
    /** @param {string | null} message null: the boot timed out */
    fail(message) {
      document.documentElement.dataset.boot = "failed";
      failed = true;
      label();
      document.getElementById("load-error-text").textContent = message ?? say("shell.loader.timeout");
      document.getElementById("load-error").hidden = false;
      retry.focus();
    },
    // Gone at once: the page under it is already drawn and live (a fading card
    // would be half-transparent text for a moment).
    hide() {
      loader.remove();
    },
  };
}

function boot() {
  performance.mark("club-boot");
  const ui = loaderUi();
  ui.advance("shell");
  const preloaded = preloadRoute();
  preloaded.tables.get(`shell.${preloaded.lang}`)?.then((table) => ui.translate(table, preloaded.lang));
  document.getElementById("retry").addEventListener("click", () => location.reload());
  const failTimer = setTimeout(() => ui.fail(null), BOOT_TIMEOUT_MS);
  /** @param {string | null} message */
  const fail = (message) => {
    if (document.documentElement.dataset.boot === "ready") return;
    clearTimeout(failTimer);
    ui.fail(message);
  };
  // Python starts in its worker while the page (home, a game's frame, a
  // stored board) is drawn at once: nothing here waits for it (issue 13).
  const engine = startWorker({ onStage: (stage) => ui.advance(stage), onFail: fail });
  // Shown to the player with Retry: handled, so not also an uncaught rejection.
  engine.catch((error) => fail(String(error?.message || error)));
  engine.then(() => { clearTimeout(failTimer); ui.advance("engines"); }, () => {});
  startApp(engine, preloaded).then(() => {
    ui.advance("ready");
    ui.hide();
  }, (error) => {
    console.error(error);
    fail(String(error?.message || error));
  });
}

boot();
