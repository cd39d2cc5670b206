// Boot: a real progress indicator while Python loads (P3), a load-failure
// screen with Retry, then the app. Stages are observed, not timed guesses:
// resource timing tells when the runtime files have arrived, PyScript's
// py:progress tells where the interpreter is, and club:ready comes from
// py/main.py once the engines are importable.
import { preloadRoute, startApp } from "./app.js";

const STAGES = [
  { id: "shell", pct: 5, label: "Loading the arcade" },
  { id: "runtime", pct: 15, label: "Downloading the Python runtime" },
  { id: "wasm", pct: 45, label: "Runtime downloaded" },
  { id: "python", pct: 60, label: "Starting Python" },
  { id: "files", pct: 80, label: "Loading the games" },
  { id: "engines", pct: 92, label: "Starting the engines" },
  { id: "ready", pct: 100, label: "Ready" },
];
const BOOT_TIMEOUT_MS = 60000;

function loaderUi() {
  const loader = document.getElementById("loader");
  const bar = loader.querySelector(".progress");
  const fill = loader.querySelector(".progress-fill");
  const stage = document.getElementById("loader-stage");
  let reached = 0;
  return {
    advance(id) {
      const index = STAGES.findIndex((s) => s.id === id);
      if (index < reached) return;
      reached = index;
      const { pct, label } = STAGES[index];
      fill.style.width = `${pct}%`;
      bar.setAttribute("aria-valuenow", String(pct));
      stage.textContent = label;
      document.documentElement.dataset.boot = id;
      document.documentElement.dataset.bootTrail = `${document.documentElement.dataset.bootTrail || ""} ${id}`.trim();
    },
    fail(message) {
      document.documentElement.dataset.boot = "failed";
      stage.textContent = "The arcade could not start.";
      document.getElementById("load-error-text").textContent = message;
      document.getElementById("load-error").hidden = false;
      document.getElementById("retry").focus();
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
  document.getElementById("retry").addEventListener("click", () => location.reload());
  const observer = watchResources(ui);
  const unwatch = watchPyScript(ui);
  const failTimer = setTimeout(
    () => ui.fail("Python did not start in time. Check your connection and try again."),
    BOOT_TIMEOUT_MS,
  );
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
