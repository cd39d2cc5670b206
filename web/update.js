// Safe updates (P5/P6). A new version's service worker
// installs in the background and then WAITS (web/sw.js no longer skips
// waiting), so a running page never mixes old and new files. The page shows
// "A new version is ready — Reload"; the switch happens when the player says
// so, or at the next navigation away from the home screen. Before switching,
// the current page is unmounted, which saves a run in progress.
//
// A tab whose worker was switched by ANOTHER tab (controllerchange it did not
// ask for) is "stale": it shows the same prompt and reloads at its next
// navigation instead of importing modules from the new version.
import { html } from "./svg.js";

const CHECK_EVERY_MS = 30 * 60 * 1000;

// The version this page runs: the precache list as its controlling worker
// serves it (or the network, before any worker controls the page).
/** @returns {Promise<string | null>} */
export async function runningVersion() {
  try {
    const text = await (await fetch(new URL("../build/precache.js", import.meta.url))).text();
    return /"version":\s*"([^"]+)"/.exec(text)?.[1] ?? null;
  } catch {
    return null;
  }
}

// The prompt stays until the player reloads or closes it (a closed prompt
// still lets the switch happen at the next navigation from the home screen).
/** @param {HTMLElement} container @param {(key: string) => string} t @param {() => void} onReload */
function promptBar(container, t, onReload) {
  let offered = false;
  return {
    show() {
      if (offered) return;
      offered = true;
      const bar = html("div", { class: "update-bar", role: "status" }, container);
      html("span", {}, bar, t("shell.update.ready"));
      const button = html("button", { type: "button", class: "btn primary update-reload" }, bar, t("shell.update.reload"));
      button.addEventListener("click", onReload);
      const close = html("button", { type: "button", class: "notice-close update-close", "aria-label": t("shell.dismiss") }, bar, "×");
      close.addEventListener("click", () => bar.remove());
    },
    get offered() {
      return offered;
    },
  };
}

/**
 * @typedef {object} Updates
 * @property {() => void} check asks the server for a new version
 * @property {() => "waiting" | "stale" | null} pending
 * @property {() => void} apply switches to the new version (reloads)
 */

// settle(): unmount the current page (saving its run) before the switch. when(fn): when the
// worker is registered (web/pause.js atPause: the player's first pause, or the page hidden).
/**
 * @param {{ container: HTMLElement, t: (key: string) => string, settle: () => void | Promise<void>,
 *   when?: (fn: () => void) => void }} options
 * @returns {Updates}
 */
export function watchUpdates({ container, t, settle, when = (fn) => fn() }) {
  const sw = navigator.serviceWorker;
  /** @type {{ registration: ServiceWorkerRegistration | null, applying: boolean, stale: boolean }} */
  const state = { registration: null, applying: false, stale: false };
  if (!sw || location.protocol === "file:") return { check() {}, pending: () => null, apply() {} };
  let controlled = Boolean(sw.controller); // false on a first visit until the worker claims it

  async function apply() {
    if (state.applying) return;
    state.applying = true;
    try {
      await settle();
    } catch (error) {
      console.error(error);
    }
    const waiting = state.registration?.waiting;
    if (waiting && !state.stale) {
      waiting.postMessage({ type: "skip-waiting" });
      setTimeout(() => location.reload(), 4000); // controllerchange normally comes first
    } else {
      location.reload();
    }
  }

  const bar = promptBar(container, t, apply);
  const offer = () => {
    if (sw.controller) bar.show();
  };
  /** @param {ServiceWorker | null} worker */
  const track = (worker) => {
    if (!worker) return;
    if (worker.state === "installed") offer();
    else
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed") offer();
      });
  };

  sw.addEventListener("controllerchange", () => {
    const wasControlled = controlled;
    controlled = true;
    if (state.applying) location.reload();
    else if (wasControlled) {
      state.stale = true;
      bar.show();
    } // switched by another tab
  });

  when(async () => {
    try {
      // After the arcade is ready, at the player's first pause: registering at start slows the
      // first boot, and a first visit's precache (every file, written to Cache Storage) shared a
      // phone's CPU with the first taps (at x4: 110-220 ms, 70-110 with no worker). Offline, the
      // registration this page runs under is taken as it is: registering again would ask
      // the network for the worker's script and log a failed request for nothing (P5).
      const registration =
        navigator.onLine === false ? ((await sw.getRegistration()) ?? null) : await sw.register("./sw.js", { updateViaCache: "none" });
      state.registration = registration;
      if (!registration) return;
      track(registration.waiting);
      registration.addEventListener("updatefound", () => track(registration.installing));
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener("visibilitychange", () => {
        if (!document.hidden) check();
      });
      addEventListener("online", check);
    } catch (error) {
      console.warn("6E Club: service worker not registered", error);
    }
  });

  function check() {
    if (navigator.onLine === false) return; // asked again when the network is back ("online")
    state.registration?.update().catch(() => {
      /* the server did not answer: try again later */
    });
  }

  return {
    check,
    // "waiting": a new version waits (switch when leaving the home screen);
    // "stale": another tab switched versions (switch at any navigation).
    pending: () => (state.stale ? "stale" : bar.offered ? "waiting" : null),
    apply,
  };
}
