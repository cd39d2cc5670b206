// What the browser and the engine give the page, faked for node's test runner:
// a tiny DOM (only what the page's pure modules touch), events that bubble,
// controllable promises, an engine whose answers a test releases one by one,
// a storage scope with another tab in it, a translator that shows its keys, the
// served strings of a language, the engine's ghost view.
import { readFileSync } from "node:fs";
import { createI18n } from "../../web/kit/i18n.js";

// ----- promises a test settles itself ------------------------------------------

/**
 * A promise and its two ends.
 * @template T
 * @returns {{ promise: Promise<T>, resolve: (value: T) => void, reject: (error: unknown) => void }}
 */
export function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Every promise callback queued so far has run (one macrotask turn: no fixed sleep). */
export function settle() {
  return new Promise((done) => {
    setImmediate(done);
  });
}

// ----- a tiny DOM ------------------------------------------------------------------

/** The event a fake node dispatches: bubbles when asked, can be prevented. */
export class FakeEvent {
  /** @param {string} type @param {Record<string, unknown>} [init] */
  constructor(type, init = {}) {
    Object.assign(this, { key: "", altKey: false, ctrlKey: false, metaKey: false, shiftKey: false }, init);
    this.type = type;
    this.bubbles = Boolean(init.bubbles);
    this.defaultPrevented = false;
    this.target = null;
    this.currentTarget = null;
    this.stopped = false;
  }

  preventDefault() {
    this.defaultPrevented = true;
  }

  stopPropagation() {
    this.stopped = true;
  }
}

/** Listeners by event type, with the DOM's dispatch order along the parent chain. */
class FakeTarget {
  constructor() {
    /** @type {Map<string, Set<(event: FakeEvent) => void>>} */
    this.listeners = new Map();
  }

  /** @param {string} type @param {(event: FakeEvent) => void} fn */
  addEventListener(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
  }

  /** @param {string} type @param {(event: FakeEvent) => void} fn */
  removeEventListener(type, fn) {
    this.listeners.get(type)?.delete(fn);
  }

  /** How many listeners of a type are attached (a page that leaves must let go). @param {string} type */
  listenerCount(type) {
    return this.listeners.get(type)?.size ?? 0;
  }

  /** @param {FakeEvent} event @returns {boolean} false when a listener prevented it */
  dispatchEvent(event) {
    event.target ??= this;
    /** @type {FakeTarget | null} */
    let at = this;
    while (at && !event.stopped) {
      event.currentTarget = at;
      for (const fn of [...(at.listeners.get(event.type) ?? [])]) fn.call(at, event);
      at = event.bubbles ? (at.parentNode ?? null) : null;
    }
    return !event.defaultPrevented;
  }
}

/** One compound selector part: `tag`, `.class`, `[attr]`, `[attr=value]`, `#id` combined. @param {string} part */
function simpleMatcher(part) {
  const tests = [];
  const re = /([a-zA-Z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:=["']?([^\]"']*)["']?)?\]/g;
  for (const [, tag, cls, id, attr, value] of part.matchAll(re)) {
    if (tag) tests.push((el) => el.localName === tag.toLowerCase());
    if (cls) tests.push((el) => el.classList.contains(cls));
    if (id) tests.push((el) => el.getAttribute("id") === id);
    if (attr) tests.push((el) => el.hasAttribute(attr) && (value === undefined || el.getAttribute(attr) === value));
  }
  return (el) => tests.every((test) => test(el));
}

/** A comma list of compound selectors (no combinators: the page's modules use none). @param {string} selector */
function matcher(selector) {
  const parts = selector.split(",").map((part) => simpleMatcher(part.trim()));
  return (el) => parts.some((test) => test(el));
}

/** @param {string} name dataset key @returns {string} its attribute */
const dataAttr = (name) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export class FakeElement extends FakeTarget {
  /** @param {FakeDocument} document @param {string} tag @param {string | null} namespace */
  constructor(document, tag, namespace) {
    super();
    this.ownerDocument = document;
    this.localName = tag.toLowerCase();
    this.namespaceURI = namespace;
    /** @type {Map<string, string>} */
    this.attrs = new Map();
    /** @type {FakeElement[]} */
    this.children = [];
    /** @type {FakeElement | FakeDocument | null} */
    this.parentNode = null;
    this.text = "";
    this.style = {
      cssText: "",
      props: new Map(),
      setProperty(name, value) {
        this.props.set(name, value);
      },
      removeProperty(name) {
        this.props.delete(name);
      },
    };
    this.dataset = new Proxy(
      {},
      {
        get: (_, name) => (typeof name === "string" ? (this.getAttribute(dataAttr(name)) ?? undefined) : undefined),
        set: (_, name, value) => {
          this.setAttribute(dataAttr(String(name)), String(value));
          return true;
        },
        deleteProperty: (_, name) => {
          this.removeAttribute(dataAttr(String(name)));
          return true;
        },
        has: (_, name) => this.hasAttribute(dataAttr(String(name))),
      },
    );
    const own = this;
    this.classList = {
      contains: (name) => own.className.split(/\s+/).includes(name),
      add: (...names) => {
        for (const n of names) if (!own.classList.contains(n)) own.className = `${own.className} ${n}`.trim();
      },
      remove: (...names) => {
        own.className = own.className
          .split(/\s+/)
          .filter((c) => c && !names.includes(c))
          .join(" ");
      },
      toggle: (name, force) => {
        const on = force ?? !own.classList.contains(name);
        if (on) own.classList.add(name);
        else own.classList.remove(name);
        return on;
      },
    };
  }

  get tagName() {
    return this.namespaceURI === HTML_NS ? this.localName.toUpperCase() : this.localName;
  }

  get className() {
    return this.getAttribute("class") ?? "";
  }

  set className(value) {
    this.setAttribute("class", String(value));
  }

  get title() {
    return this.getAttribute("title") ?? "";
  }

  set title(value) {
    this.setAttribute("title", String(value));
  }

  get id() {
    return this.getAttribute("id") ?? "";
  }

  set id(value) {
    this.setAttribute("id", String(value));
  }

  /** @param {string} name @param {unknown} value */
  setAttribute(name, value) {
    this.attrs.set(name, String(value));
  }

  /** @param {string} name */
  getAttribute(name) {
    return this.attrs.has(name) ? this.attrs.get(name) : null;
  }

  /** @param {string} name */
  hasAttribute(name) {
    return this.attrs.has(name);
  }

  /** @param {string} name */
  removeAttribute(name) {
    this.attrs.delete(name);
  }

  /** @param {FakeElement} child */
  appendChild(child) {
    child.remove();
    child.parentNode = this;
    this.children.push(child);
    return child;
  }

  /** @param {...(FakeElement | string)} nodes */
  append(...nodes) {
    for (const node of nodes) {
      if (typeof node === "string") this.text += node;
      else this.appendChild(node);
    }
  }

  /** @param {...FakeElement} nodes */
  replaceChildren(...nodes) {
    for (const child of [...this.children]) child.remove();
    this.text = "";
    this.append(...nodes);
  }

  remove() {
    const parent = this.parentNode;
    if (!parent) return;
    parent.children = parent.children.filter((c) => c !== this);
    this.parentNode = null;
  }

  get textContent() {
    return this.text + this.children.map((c) => c.textContent).join("");
  }

  set textContent(value) {
    for (const child of [...this.children]) child.remove();
    this.text = String(value);
  }

  /** @returns {FakeElement[]} every element below, in document order */
  descendants() {
    return this.children.flatMap((c) => [c, ...c.descendants()]);
  }

  /** @param {string} selector */
  querySelectorAll(selector) {
    return this.descendants().filter(matcher(selector));
  }

  /** @param {string} selector */
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  /** @param {string} selector @returns {FakeElement | null} this or the nearest ancestor that matches */
  closest(selector) {
    const test = matcher(selector);
    /** @type {any} */
    let at = this;
    while (at instanceof FakeElement) {
      if (test(at)) return at;
      at = at.parentNode;
    }
    return null;
  }

  focus() {
    this.ownerDocument.activeElement = this;
  }

  blur() {
    if (this.ownerDocument.activeElement === this) this.ownerDocument.activeElement = this.ownerDocument.body;
  }

  click() {
    this.dispatchEvent(new FakeEvent("click", { bubbles: true }));
  }

  getBoundingClientRect() {
    return { left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0 };
  }

  /** Not laid out: no boxes. */
  getClientRects() {
    return [];
  }

  /** @param {FakeElement | null} node this element or one inside it */
  contains(node) {
    for (let at = node; at; at = at.parentNode) if (at === this) return true;
    return false;
  }
}

export class FakeHTMLElement extends FakeElement {}
export class FakeButton extends FakeHTMLElement {}
export class FakeAnchor extends FakeHTMLElement {}

/** An <input>: `value` reads the attribute until set; a range keeps its value inside min..max on its steps, as browsers do. */
export class FakeInput extends FakeHTMLElement {
  get value() {
    const raw = this.dirty ?? this.getAttribute("value") ?? "";
    if (this.getAttribute("type") !== "range") return raw;
    const min = Number(this.getAttribute("min") ?? 0);
    const max = Number(this.getAttribute("max") ?? 100);
    const step = Number(this.getAttribute("step") ?? 1);
    const number = Number.isFinite(Number(raw)) && raw !== "" ? Number(raw) : (min + max) / 2;
    return String(Math.min(max, Math.max(min, min + Math.round((number - min) / step) * step)));
  }

  set value(text) {
    this.dirty = String(text);
  }
}

const HTML_NS = "http://www.w3.org/1999/xhtml";
const CLASSES = { button: FakeButton, a: FakeAnchor, input: FakeInput };

export class FakeDocument extends FakeTarget {
  constructor() {
    super();
    this.parentNode = null;
    this.documentElement = this.createElement("html");
    this.documentElement.parentNode = this;
    this.head = this.documentElement.appendChild(this.createElement("head"));
    this.body = this.documentElement.appendChild(this.createElement("body"));
    /** @type {FakeElement} */
    this.activeElement = this.body;
    this.hidden = false;
  }

  /** @param {string} tag */
  createElement(tag) {
    const Kind = CLASSES[tag.toLowerCase()] ?? FakeHTMLElement;
    return new Kind(this, tag, HTML_NS);
  }

  /** @param {string} namespace @param {string} tag */
  createElementNS(namespace, tag) {
    return namespace === HTML_NS ? this.createElement(tag) : new FakeElement(this, tag, namespace);
  }

  /** @param {string} id */
  getElementById(id) {
    return this.documentElement.querySelector(`#${id}`);
  }

  /** @param {string} selector */
  querySelectorAll(selector) {
    return [this.documentElement, ...this.documentElement.descendants()].filter(matcher(selector));
  }

  /** @param {string} selector */
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/**
 * A fresh fake document as `globalThis.document`, with the element classes the
 * page's modules test against (`instanceof HTMLElement`). Call before a test
 * that draws; the returned document is the one installed.
 * @returns {FakeDocument}
 */
export function installDom() {
  const document = new FakeDocument();
  Object.assign(globalThis, {
    document,
    Element: FakeElement,
    HTMLElement: FakeHTMLElement,
    HTMLButtonElement: FakeButton,
    HTMLAnchorElement: FakeAnchor,
    HTMLInputElement: FakeInput,
  });
  return document;
}

/**
 * A key pressed on `target` (bubbling to the document, as a real keydown).
 * @param {FakeElement} target @param {string} key @param {Record<string, unknown>} [init]
 */
export function press(target, key, init = {}) {
  const event = new FakeEvent("keydown", { bubbles: true, key, ...init });
  target.dispatchEvent(event);
  return event;
}

// ----- the engine ---------------------------------------------------------------------

/**
 * An engine whose every call waits until the test answers it: `calls` lists
 * what was asked, in order (`call` and `query` alike, a query marked so), each
 * with `answer(value)` and `fail(error)`; `cancel()` is counted in `cancels`.
 */
export function heldEngine() {
  /** @type {{ method: string, payload: any, query: boolean, settled: boolean, answer: (value?: unknown) => void, fail: (error: unknown) => void }[]} */
  const calls = [];
  /** @param {string} method @param {any} payload @param {boolean} query */
  const ask = (method, payload, query) => {
    const { promise, resolve, reject } = deferred();
    const call = {
      method,
      payload,
      query,
      settled: false,
      answer(value) {
        call.settled = true;
        resolve(value);
      },
      fail(error) {
        call.settled = true;
        reject(error);
      },
    };
    calls.push(call);
    return promise;
  };
  const engine = {
    calls,
    cancels: 0,
    /** @param {string} method @param {any} [payload] */
    call: (method, payload = {}) => ask(method, payload, false),
    /** A slow, cancellable question (the bowls hint). @param {string} method @param {any} [payload] */
    query: (method, payload = {}) => ask(method, payload, true),
    cancel() {
      engine.cancels += 1;
      return Promise.resolve();
    },
    /** The calls still waiting for their answer, oldest first. */
    waiting() {
      return calls.filter((c) => !c.settled);
    },
  };
  return engine;
}

/** The engine's refusal as the page gets it (web/engine.js's EngineError). @param {string} field */
export function engineError(field) {
  return Object.assign(new Error(`refused: ${field}`), { name: "EngineError", field });
}

// ----- storage: one game's scope, with another tab beside it ------------------------------

/**
 * A storage scope (web/storage.js StoreScope) in a Map: `set` refuses (false)
 * when another tab stored the item since this page last read it, as the real
 * one does (P10), and tells the page; `otherTab(item, text)` is that tab storing.
 * @param {Record<string, string>} [initial]
 */
export function fakeScope(initial = {}) {
  /** @type {Map<string, string>} */
  const items = new Map(Object.entries(initial));
  /** @type {Map<string, string | null>} */
  const seen = new Map();
  /** @type {Set<(item: string, text: string | null) => void>} */
  const watchers = new Set();
  /** @type {string[]} */
  const movedAside = [];
  const tell = (item, text) => watchers.forEach((fn) => fn(item, text));
  const scope = {
    items,
    movedAside,
    /** @param {string} item */
    get(item) {
      const text = items.get(item) ?? null;
      seen.set(item, text);
      return text;
    },
    /** @param {string} item @param {string} text */
    set(item, text) {
      const current = items.get(item) ?? null;
      if (seen.has(item) && current !== seen.get(item) && current !== text) {
        seen.set(item, current);
        tell(item, current);
        return false;
      }
      seen.set(item, text);
      items.set(item, text);
      return true;
    },
    /** @param {string} item */
    remove(item) {
      items.delete(item);
      seen.delete(item);
    },
    /** @param {string} item @param {(text: string) => any} validate */
    async load(item, validate) {
      const text = scope.get(item);
      if (text === null) return null;
      try {
        return await validate(text);
      } catch {
        movedAside.push(item);
        items.delete(item);
        return null;
      }
    },
    /** @param {(item: string, text: string | null) => void} fn */
    onExternalChange(fn) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    /** Another tab stores `text` (its storage event reaches this page). @param {string} item @param {string} text */
    otherTab(item, text) {
      items.set(item, text);
      seen.set(item, text);
      tell(item, text);
    },
    watching: () => watchers.size,
  };
  return scope;
}

/**
 * localStorage in a Map (web/storage.js's Backend).
 * @param {Record<string, string>} [initial]
 */
export function mapStorage(initial = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

// ----- words -------------------------------------------------------------------------------

/**
 * A translator that shows what it was asked: `key` alone, or `key{"var":…}`
 * with the variables, so a test reads which string and which numbers were said.
 * @param {string} key @param {Record<string, unknown>} [vars]
 */
export function showKey(key, vars) {
  return vars && Object.keys(vars).length ? `${key}${JSON.stringify(vars)}` : key;
}

/**
 * The shell strings of `lang` (and English), loaded as the app does: the served files.
 * @param {string} lang @returns {Promise<{t: (key: string, vars?: object) => string, number: (value: number) => string}>}
 */
export async function shellWords(lang) {
  const ids = [...new Set(["en", lang])].map((l) => `shell.${l}`);
  const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/i18n/${id}.json`, import.meta.url), "utf8"));
  const i18n = createI18n(lang, new Map(ids.map((id) => [id, Promise.resolve(read(id))])));
  await i18n.use("shell");
  return { t: i18n.t, number: (/** @type {number} */ v) => i18n.number(v) };
}

// ----- the engine's views ------------------------------------------------------------------

/** The engine's ghost view (club.ghost.GhostView), with a board when `change` gives one. @param {object} [change] */
export const ghostView = (change = {}) => ({
  move: 12,
  score: 1240,
  final: 7934,
  moves: 80,
  you: 1100,
  over: false,
  won: "ghost",
  by: 140,
  ...change,
});
