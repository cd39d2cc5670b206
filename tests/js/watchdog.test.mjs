// The boot's watchdog (index.html's inline script, P3): run as the page runs it, in a context of its
// own with a fake window (its events, a clock, the two storages, the loader card's parts). Every
// start ends in the page or in the card's message with Retry: a failure reloads once (marked in
// sessionStorage), a second one is shown in the player's language (the strings of web/i18n).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const INDEX = readFileSync(new URL("../../index.html", import.meta.url), "utf8");
const SCRIPTS = [...INDEX.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const WATCHDOG = SCRIPTS[0];
const LANGS = ["en", "it", "de", "ru"];
/** @type {Record<string, Record<string, string>>} */
const SHELL = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../web/i18n/shell.${lang}.json`, import.meta.url), "utf8"))]),
);
const MARK = "6e-club/v1/boot-reloaded";
// The one reload waits for a short pause (index.html's RELOAD_PAUSE_MS): not the same busy moment again.
const RELOAD_PAUSE_MS = 1500;
const STALL_MS = 60000;

/** A storage in a Map; `broken`: every call throws, as a disabled one does. */
function storage(items = {}, broken = false) {
  const map = new Map(Object.entries(items));
  const guard = () => {
    if (broken) throw new Error("SecurityError: storage disabled");
  };
  return {
    map,
    getItem: (key) => (guard(), map.has(key) ? map.get(key) : null),
    setItem: (key, value) => (guard(), map.set(key, String(value))),
    removeItem: (key) => (guard(), map.delete(key)),
  };
}

class HTMLScriptElement {
  constructor(type) {
    this.type = type;
  }
}

/**
 * A page running the watchdog. `reloaded`: this load is already its reload; `settings`: the stored
 * settings' language; `languages`: the browser's; `noStorage`: sessionStorage throws.
 */
function page({ reloaded = false, lang = null, languages = ["en-US"], noStorage = false, parsing = false } = {}) {
  /** @type {Map<string, Set<Function>>} */
  const listeners = new Map();
  let now = 0;
  /** @type {{ at: number, fn: Function, id: number }[]} */
  let timers = [];
  let nextTimer = 1;
  /** @type {Function[]} */
  const observers = [];
  const dataset = {};
  const root = {
    dataset: new Proxy(dataset, {
      set(target, name, value) {
        target[name] = String(value);
        for (const fn of observers) queueMicrotask(() => fn([]));
        return true;
      },
    }),
  };
  const element = (fields) => ({ hidden: false, textContent: "", lang: "", ...fields });
  const retryListeners = [];
  const parts = {
    loader: element({ hidden: true }),
    "loader-stage": element({ textContent: "Starting…" }),
    "load-error": element({ hidden: true }),
    "load-error-text": element(),
    retry: element({
      focused: false,
      focus() {
        this.focused = true;
      },
      addEventListener: (type, fn) => retryListeners.push(fn),
    }),
  };
  const session = storage(reloaded ? { [MARK]: "1" } : {}, noStorage);
  const local = storage(lang ? { "6e-club/v1/settings": JSON.stringify({ schema: 1, lang, motion: "system" }) } : {});
  const document = { documentElement: root, readyState: parsing ? "loading" : "complete", getElementById: (id) => parts[id] ?? null };
  const location = {
    reloads: 0,
    reload() {
      this.reloads += 1;
    },
  };
  const context = vm.createContext({
    document,
    location,
    navigator: { languages, language: languages[0] },
    sessionStorage: session,
    localStorage: local,
    console: { warn: () => {} },
    HTMLScriptElement,
    MutationObserver: class {
      constructor(fn) {
        this.fn = fn;
      }
      observe() {
        observers.push(this.fn);
      }
    },
    setTimeout: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: nextTimer });
      return nextTimer++;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    addEventListener: (type, fn) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type).add(fn);
    },
  });
  vm.runInContext(WATCHDOG, context);
  /** @returns {boolean} the event was cancelled (the page reloads) */
  const fire = (type, fields = {}) => {
    const event = {
      type,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
      ...fields,
    };
    for (const fn of listeners.get(type) ?? []) fn(event);
    return event.defaultPrevented;
  };
  return {
    parts,
    session: session.map,
    location,
    dataset,
    /** @param {string} name @param {string} value a mark web/boot.js or web/app.js sets on <html> */
    async mark(name, value) {
      root.dataset[name] = value;
      await Promise.resolve();
    },
    moduleNotDelivered: () => fire("error", { target: new HTMLScriptElement("module") }),
    /** @param {object} target an element whose load failed */
    errorOn: (target) => fire("error", { target }),
    failed: (detail) => fire("club:failed", { detail }),
    retry: () => fire("club:retry"),
    clickRetry: () => retryListeners.forEach((fn) => fn()),
    parsed: () => {
      document.readyState = "interactive";
      fire("DOMContentLoaded");
    },
    /** @param {number} ms the clock moves on, due timers run */
    tick(ms) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers = timers.filter((t) => t !== timer);
        timer.fn();
      }
    },
    /** What the card shows: null while hidden. */
    card() {
      if (parts.loader.hidden || parts["load-error"].hidden) return null;
      return {
        lang: parts.loader.lang,
        stage: parts["loader-stage"].textContent,
        text: parts["load-error-text"].textContent,
        retry: parts.retry.textContent,
      };
    },
  };
}

/** The card as the watchdog shows a failure in `lang` (`text`: the line under the title). */
const shown = (lang, text) => ({ lang, stage: SHELL[lang]["shell.loader.failed"], text, retry: SHELL[lang]["shell.loader.retry"] });

test("the index has one inline script: the watchdog", () => {
  assert.equal(SCRIPTS.length, 1);
  assert.match(WATCHDOG, /club:failed/);
});

/** [what fails, how the page is told] */
const FAILURES = [
  ["the entry or a module of its static graph not delivered", (p) => p.moduleNotDelivered()],
  ["web/app.js or PyScript not delivered (web/boot.js)", (p) => p.failed({ message: null, retry: true })],
];

for (const [what, fail] of FAILURES) {
  test(`${what}: the first time, the page reloads once and says nothing`, () => {
    const p = page();
    fail(p);
    p.tick(RELOAD_PAUSE_MS - 1);
    assert.equal(p.location.reloads, 0); // a short pause first
    p.tick(1);
    assert.equal(p.location.reloads, 1);
    assert.ok(p.session.has(MARK));
    assert.equal(p.card(), null);
    assert.equal(p.dataset.boot, undefined);
  });

  test(`${what}: after the reload, the card says so with Retry`, () => {
    const p = page({ reloaded: true });
    fail(p);
    assert.equal(p.location.reloads, 0);
    assert.deepEqual(p.card(), shown("en", SHELL.en["shell.loader.missing"]));
    assert.equal(p.dataset.boot, "failed");
    assert.ok(p.parts.retry.focused);
  });
}

// Each language's card, the words of web/i18n/shell.<lang>.json: [saved, browser's languages, shown in]
const LANGUAGE_CASES = [
  ["it", ["en-US"], "it"],
  ["de", ["en-US"], "de"],
  ["ru", ["en-US"], "ru"],
  ["en", ["ru-RU"], "en"],
  [null, ["de-AT", "en"], "de"],
  [null, ["fr-FR", "ru"], "ru"],
  [null, ["fr-FR"], "en"],
  ["xx", ["it-CH"], "it"],
];

for (const [lang, languages, expected] of LANGUAGE_CASES) {
  test(`the card in ${expected}: saved ${lang}, browser ${languages.join(",")}`, () => {
    const p = page({ reloaded: true, lang, languages });
    p.moduleNotDelivered();
    assert.deepEqual(p.card(), shown(expected, SHELL[expected]["shell.loader.missing"]));
  });
}

test("Retry forgets the reload and reloads: the next start gets its own retry", () => {
  const p = page({ reloaded: true });
  p.moduleNotDelivered();
  p.clickRetry();
  assert.equal(p.location.reloads, 1);
  assert.ok(!p.session.has(MARK));
});

test("the engine worker's own report is shown at once, as it says it", () => {
  const p = page();
  const cancelled = p.failed({ message: "pyodide.asm.wasm: HTTP 404", retry: false });
  assert.equal(cancelled, false);
  assert.equal(p.location.reloads, 0);
  assert.deepEqual(p.card(), shown("en", "pyodide.asm.wasm: HTTP 404"));
});

test("a page's own failure: the page reloads once (the event cancelled), then the page says it", () => {
  const first = page();
  assert.equal(first.failed({ message: null, inPage: true }), true);
  first.tick(RELOAD_PAUSE_MS);
  assert.equal(first.location.reloads, 1);
  const again = page({ reloaded: true });
  assert.equal(again.failed({ message: null, inPage: true }), false);
  assert.equal(again.location.reloads, 0);
  assert.equal(again.card(), null); // the page shows its own message and Retry
  again.retry(); // its Retry
  assert.equal(again.location.reloads, 1);
  assert.ok(!again.session.has(MARK));
});

test("once shown, a later failure changes nothing; while reloading, every one is cancelled", () => {
  const shownOnce = page({ reloaded: true });
  shownOnce.failed({ message: "first", retry: false });
  assert.equal(shownOnce.failed({ message: "second", retry: true }), false);
  assert.equal(shownOnce.card().text, "first");
  assert.equal(shownOnce.location.reloads, 0);
  const reloading = page();
  reloading.moduleNotDelivered();
  assert.equal(reloading.failed({ message: null, inPage: true }), true);
  reloading.tick(RELOAD_PAUSE_MS);
  assert.equal(reloading.location.reloads, 1);
});

test("a start that ends ready forgets the reload; one that met a page's failure keeps it", async () => {
  const ready = page({ reloaded: true });
  await ready.mark("boot", "shell");
  await ready.mark("ready", "1");
  assert.ok(!ready.session.has(MARK));
  const pageFailed = page({ reloaded: true });
  pageFailed.failed({ message: null, inPage: true });
  await pageFailed.mark("ready", "1");
  assert.ok(pageFailed.session.has(MARK)); // else the next start would reload the same failure again
});

test("no progress for a minute is a failure: a reload, then the card (Python's words once the boot ran)", async () => {
  const quiet = page();
  quiet.tick(STALL_MS - 1);
  assert.equal(quiet.location.reloads, 0);
  quiet.tick(1);
  quiet.tick(RELOAD_PAUSE_MS);
  assert.equal(quiet.location.reloads, 1);
  const started = page({ reloaded: true, lang: "de" });
  await started.mark("boot", "python");
  started.tick(STALL_MS);
  assert.deepEqual(started.card(), shown("de", SHELL.de["shell.loader.timeout"]));
  const none = page({ reloaded: true });
  none.tick(STALL_MS);
  assert.deepEqual(none.card(), shown("en", SHELL.en["shell.loader.missing"]));
});

test("each mark of progress gives the start another minute; once ready, no clock runs", async () => {
  const p = page();
  p.tick(STALL_MS - 1000);
  await p.mark("received", "0.5");
  p.tick(STALL_MS - 1000);
  await p.mark("boot", "wasm");
  p.tick(STALL_MS - 1000);
  assert.equal(p.location.reloads, 0);
  await p.mark("ready", "1");
  p.tick(10 * STALL_MS);
  assert.equal(p.location.reloads, 0);
  assert.equal(p.card(), null);
});

test("without session storage nothing marks a reload: none (no loop), the card at once", () => {
  const p = page({ noStorage: true });
  p.moduleNotDelivered();
  assert.equal(p.location.reloads, 0);
  assert.deepEqual(p.card(), shown("en", SHELL.en["shell.loader.missing"]));
});

test("a failure before the card is parsed is shown once it is", () => {
  const p = page({ reloaded: true, parsing: true });
  p.moduleNotDelivered();
  assert.equal(p.dataset.boot, "failed");
  assert.equal(p.card(), null);
  p.parsed();
  assert.deepEqual(p.card(), shown("en", SHELL.en["shell.loader.missing"]));
});

test("an error of anything but a module script (an image, a classic script) is not the boot's", () => {
  for (const target of [{ tagName: "IMG" }, new HTMLScriptElement("")]) {
    const p = page();
    p.errorOn(target);
    assert.equal(p.location.reloads, 0);
    assert.equal(p.card(), null);
  }
});
