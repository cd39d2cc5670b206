// Boot: a real progress indicator while Python loads (P3), a load-failure
// screen with Retry, then the app. Stages are observed, not timed guesses:
// resource timing tells when the runtime files have arrived, PyScript's
// py:progress tells where the interpreter is, and club:ready comes from
// py/main.py once the engines are importable.
import { preloadRoute, startApp } from "./app.js";

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
  const fill = loader.querySelector(".progress-fill");
  const stage = document.getElementById("loader-stage");
  const retry = document.getElementById("retry");
  let strings = ENGLISH;
  let reached = 0;
  let failed = false;
  const say = (key) => strings[key] || ENGLISH[key];
  const label = () => {
    stage.textContent = say(failed ? "shell.loader.failed" : `shell.loader.${STAGES[reached].id}`);
    retry.textContent = say("shell.loader.retry");
    bar.setAttribute("aria-label", say("shell.loader.loading"));
  };
  return {
    translate(table, lang) {
      if (!table || typeof table !== "object") return;
      strings = { ...ENGLISH, ...table };
      document.documentElement.lang = lang;
      label();
    },
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
    fail(message) {
      document.documentElement.dataset.boot = "failed";
      failed = true;
      label();
      document.getElementById("load-error-text").textContent = message ?? say("shell.loader.timeout");
      document.getElementById("load-error").hidden = false;
      retry.focus();
    },
    hide() {
      loader.classList.add("done");
      loader.addEventListener("transitionend", () => loader.remove(), { once: true });
      setTimeout(() => loader.remove(), 600);
    },
  };
}

function watchResources(ui) {
  const seen = (name) => {
    if (name.includes("/vendor/pyodide/pyodide.asm.wasm")) ui.advance("wasm");
    else if (name.includes("/vendor/pyodide/")) ui.advance("runtime");
    else if (name.includes("/build/club.zip")) ui.advance("files");
  };
  performance.getEntriesByType("resource").forEach((entry) => seen(entry.name));
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => seen(e.name)));
  observer.observe({ type: "resource", buffered: true });
  return observer;
}

function watchPyScript(ui) {
  const onProgress = (event) => {
    const text = String(event.detail || "");
    if (/Loading Pyodide|Loading interpreter/.test(text)) ui.advance("runtime");
    else if (/Loaded Pyodide|Loaded interpreter|Loading files|Loading Storage/.test(text)) ui.advance("python");
    else if (/Loaded files|Loaded Storage|Loading JS modules|Loaded JS modules/.test(text)) ui.advance("engines");
  };
  addEventListener("py:progress", onProgress);
  return () => removeEventListener("py:progress", onProgress);
}

function boot() {
  const ui = loaderUi();
  ui.advance("shell");
  const preloaded = preloadRoute();
  preloaded.tables.get(`shell.${preloaded.lang}`)?.then((table) => ui.translate(table, preloaded.lang));
  document.getElementById("retry").addEventListener("click", () => location.reload());
  const observer = watchResources(ui);
  const unwatch = watchPyScript(ui);
  const failTimer = setTimeout(() => ui.fail(null), BOOT_TIMEOUT_MS);
  const onError = (event) => {
    const text = String(event?.reason?.message || event?.message || event?.detail || "unknown error");
    if (document.documentElement.dataset.boot === "ready") return;
    ui.fail(text);
    // Shown to the player with Retry: handled, so not also an uncaught rejection.
    if (event?.type === "unhandledrejection") event.preventDefault();
  };
  addEventListener("py:error", onError);
  addEventListener("unhandledrejection", onError);
  addEventListener("club:ready", async (event) => {
    clearTimeout(failTimer);
    observer.disconnect();
    unwatch();
    removeEventListener("unhandledrejection", onError);
    ui.advance("ready");
    try {
      await startApp(event.detail, preloaded);
      ui.hide();
    } catch (error) {
      console.error(error);
      ui.fail(String(error?.message || error));
    }
  }, { once: true });
}

boot();
