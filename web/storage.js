// Storage (P8–P10): namespaced, versioned keys; values validated by their
// owner and moved aside when corrupt (or repaired by it, the original kept aside); quota errors and disabled storage
// fall back to memory with a notice; a stale tab never overwrites a value
// another tab wrote after it last read it. Copies set aside as corrupt are
// kept, the newest CORRUPT_KEEP of each key (they count against the quota).
import { ENGINE_LOST } from "./engine.js";

export const PREFIX = "6e-club/v1/";
export const CORRUPT_KEEP = 3;
const ASIDE = "/corrupt/"; // `<key>/corrupt/<epoch ms>`

/**
 * What storage needs of a backend: localStorage, or the in-memory fallback.
 * @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">} Backend
 */

/**
 * One game's part of storage (`ctx.store`): items under `6e-club/v1/<game>/`.
 * @typedef {object} StoreScope
 * @property {(item: string) => string | null} get
 * @property {(item: string) => string | null} [peek] reads without taking the value as seen (a later `set` still
 *   notices another tab's newer value, P10)
 * @property {(item: string, text: string) => boolean} set false: another tab wrote it since it was read
 * @property {(item: string) => void} remove
 * @property {<T>(item: string, validate: (text: string) => T | Promise<T>, repair?: Repair) => Promise<T | null>} load
 *   the validated value; null when absent or when validate threw (then moved aside, unless `repair` mended it)
 * @property {(item: string, reason: string) => void} moveAside
 * @property {(fn: (item: string, value: string | null) => void) => () => void} onExternalChange
 */

/**
 * @typedef {object} ClubStorage
 * @property {(key: string) => string | null} get
 * @property {(key: string, text: string) => boolean} set
 * @property {(key: string) => void} remove
 * @property {<T>(key: string, validate: (text: string) => T | Promise<T>, repair?: Repair) => Promise<T | null>} load
 * @property {(key: string, reason: string) => void} moveAside
 * @property {() => string[]} keys every key of the club's, in either store
 * @property {(name: string) => StoreScope} scope
 * @property {boolean} persistent false once values live only in memory
 * @property {Backend | null} backend the device's storage (a restore writes it directly), null when there is none
 * @property {() => Aside[]} asides the copies set aside as corrupt, newest first
 * @property {() => void} stringsReady the strings are loaded: the notices raised before are said now
 */

/**
 * What a value's owner makes of text that does not validate: the text with what still reads kept (the club
 * record's `repair`, P8), or null (it cannot be mended: the value is set aside whole).
 * @typedef {(text: string) => Promise<string | null>} Repair
 */

/**
 * A value set aside as corrupt: its key, the key it was moved from, when, and its length.
 * @typedef {{ key: string, of: string, time: number, chars: number }} Aside
 */

/**
 * The shell's settings: language, motion (P11) and the feel (sound, vibration).
 * @typedef {{ schema: number, lang: string | null, motion: string, sound: boolean, volume: number, vibrate: boolean,
 *   keyDelay: number, keyRepeat: number, softDrop: string, assistPace: boolean }} Settings
 */

/** @typedef {(key: string, vars?: object) => string} Translate the page's strings (`i18n.t`) */

/**
 * What a stored key holds, as the player knows it: its kind, and the game (or the slot) it belongs to.
 * @param {string} key under PREFIX @returns {{ kind: string, game?: string, n?: string, part?: string }}
 */
export function itemOf(key) {
  const name = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
  const whole = /** @type {Record<string, string>} */ ({ settings: "settings", seen: "lessons", "club/record": "club" })[name];
  if (whole) return { kind: whole };
  const [game, ...rest] = name.split("/");
  const item = rest.join("/");
  const slot = /^slot\/(\d{1,9})$/.exec(item);
  if (slot) return { kind: "slot", game, n: slot[1] };
  if (/^run-[a-z]+$/.test(item)) return { kind: "parked", game };
  // The bowls profile holds the puzzles solved too (W18): named so, a player looks for it there.
  if (item === "profile") return { kind: game === "bowls" ? "puzzles" : "profile", game };
  /** @type {Record<string, string>} */
  const kinds = { run: "run", replays: "replays", ended: "ended", paint: "prefs", choice: "prefs", prefs: "prefs" };
  // The Puzzle Workshop's lists and the draft in its editor (W28): a player's own puzzles, named so.
  if (game === "bowls") Object.assign(kinds, { "workshop-puzzles": "workshop", "workshop-draft": "draft" });
  return kinds[item] ? { kind: kinds[item], game } : { kind: "other", part: name };
}

/**
 * A stored key named for what it holds ("the saved run of Domino Drop", "the Daily Club record").
 * @param {string} key @param {Translate} t @returns {string}
 */
export function itemName(key, t) {
  const { kind, game, n, part } = itemOf(key);
  const gameName = game ? t(`shell.game.${game}.name`) : "";
  return t(`shell.item.${kind}`, { game: gameName, n, part });
}

/** @returns {Backend | null} localStorage when it works */
function probeLocalStorage() {
  try {
    const store = globalThis.localStorage;
    const probe = `${PREFIX}probe`;
    store.setItem(probe, "1");
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}

/** @returns {Backend} */
function memoryStore() {
  /** @type {Map<string, string>} */
  const map = new Map();
  return {
    getItem: (k) => map.get(k) ?? null, // the values are strings
    setItem: (k, v) => {
      map.set(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
    },
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** @param {string} key @returns {{ of: string, time: number } | null} what an aside key names */
function asideOf(key) {
  const cut = key.lastIndexOf(ASIDE);
  if (!key.startsWith(PREFIX) || cut < 0) return null;
  const time = Number(key.slice(cut + ASIDE.length));
  return Number.isSafeInteger(time) ? { of: key.slice(0, cut), time } : null;
}

/**
 * The copies set aside in a backend, newest first.
 * @param {Backend | null} store @returns {Aside[]}
 */
function listAsides(store) {
  /** @type {Aside[]} */
  const out = [];
  try {
    for (let i = 0; store && i < store.length; i += 1) {
      const key = store.key(i);
      if (key === null) continue;
      const named = asideOf(key);
      if (named) out.push({ key, ...named, chars: store.getItem(key)?.length ?? 0 });
    }
  } catch {
    /* storage went away: none to show */
  }
  return out.sort((a, b) => b.time - a.time || (a.key < b.key ? -1 : 1));
}

/** Only the newest CORRUPT_KEEP copies of each key stay. @param {Backend | null} store */
function pruneAsides(store) {
  if (!store) return; // none kept, none to prune
  /** @type {Map<string, number>} */
  const kept = new Map();
  for (const aside of listAsides(store)) {
    const count = (kept.get(aside.of) ?? 0) + 1;
    kept.set(aside.of, count);
    if (count > CORRUPT_KEEP) store.removeItem(aside.key);
  }
}

// The repaired notice in English, for a storage given no strings.
const REPAIRED_EN =
  "A saved record was partly damaged and has been repaired: everything that could be read (streaks, bests, days) is kept, and the damaged copy is set aside.";

/**
 * A fresh key for a copy of `key` set aside: a copy kept this same millisecond (a repaired value's original,
 * then another) is not overwritten.
 * @param {Backend | null} store @param {string} key @returns {string}
 */
function asideKey(store, key) {
  let time = Date.now();
  const taken = () => {
    try {
      return (store?.getItem(`${key}${ASIDE}${time}`) ?? null) !== null;
    } catch {
      return false;
    }
  };
  while (taken()) time += 1;
  return `${key}${ASIDE}${time}`;
}

/**
 * Keeps a copy of `value` under `aside` (P8). The value's own key is emptied first, so the move costs only
 * the longer key; when even that does not fit (the origin is full), older copies set aside (of any key,
 * oldest first) are deleted one by one until it does.
 * @param {Backend | null} store @param {string} key @param {string} aside @param {string} value
 * @returns {number | null} how many older copies were deleted to keep it; null: it could not be kept
 */
function keepAside(store, key, aside, value) {
  if (!store) return null;
  try {
    store.removeItem(key);
  } catch {
    /* already gone */
  }
  for (let dropped = 0; ; dropped += 1) {
    try {
      store.setItem(aside, value);
      pruneAsides(store);
      return dropped;
    } catch {
      const oldest = listAsides(store).at(-1); // newest first: the last is the oldest
      if (!oldest) return null;
      store.removeItem(oldest.key);
    }
  }
}

/**
 * What the player is told of a value set aside (or not): what it was, and what became of it.
 * @param {string} key @param {number | null} kept older copies deleted to keep it; null: not kept
 * @returns {{ words: (t: Translate) => string, fallback: string }}
 */
function corruptNotice(key, kept) {
  const part = key.slice(PREFIX.length);
  if (kept === null) {
    return {
      words: (t) => t("shell.corruptLost", { what: itemName(key, t) }),
      fallback: `This could not be read: ${part}. Storage on this device is full, so no copy of it could be kept.`,
    };
  }
  return {
    words: (t) => [t("shell.corrupt", { what: itemName(key, t) }), kept ? t("shell.corruptRoom", { count: kept }) : ""].join(" ").trim(),
    fallback: `This could not be read and was set aside: ${part}.`,
  };
}

/**
 * Every key of the club's in the given stores (a value may live in memory only, after a failed write).
 * @param {(Backend | null)[]} stores @returns {string[]}
 */
function clubKeys(stores) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const store of stores) {
    if (!store) continue;
    try {
      for (let i = 0; i < store.length; i += 1) {
        const k = store.key(i);
        if (k?.startsWith(PREFIX)) out.add(k);
      }
    } catch {
      /* storage went away */
    }
  }
  return [...out];
}

/**
 * Another tab's write to a key this tab has read (P10): the newer value is handed to the page, which adopts
 * it, and taken as seen, so a later write of ours is not refused for it. Keys never read here are no news.
 * @param {Map<string, string | null>} lastSeen @param {Set<(key: string, value: string | null) => void>} handlers
 * @param {AbortSignal} [signal] ends the watch (the app's restart in place)
 */
function watchOtherTabs(lastSeen, handlers, signal) {
  // The page's window (node's tests have none).
  globalThis.addEventListener?.(
    "storage",
    (event) => {
      const { key, newValue } = event;
      if (!key?.startsWith(PREFIX) || newValue === lastSeen.get(key)) return;
      if (!lastSeen.has(key)) return;
      lastSeen.set(key, newValue); // handed to the page, which adopts it
      handlers.forEach((fn) => fn(key, newValue));
    },
    { signal },
  );
}

/**
 * One game's part of storage (`ctx.store`): the club's operations on its items, `6e-club/v1/<name>/<item>`,
 * and another tab's changes to them named by item.
 * @param {string} name
 * @param {Pick<ClubStorage, "get" | "set" | "remove" | "load" | "moveAside"> & { read: (key: string) => string | null }} club
 *   `read`: a value without taking it as seen
 * @param {Set<(key: string, value: string | null) => void>} handlers
 * @returns {StoreScope}
 */
function scopeOf(name, club, handlers) {
  /** @param {string} item */
  const full = (item) => `${PREFIX}${name}/${item}`;
  return {
    get: (item) => club.get(full(item)),
    peek: (item) => club.read(full(item)),
    set: (item, text) => club.set(full(item), text),
    remove: (item) => club.remove(full(item)),
    load: (item, validate, repair) => club.load(full(item), validate, repair),
    moveAside: (item, reason) => club.moveAside(full(item), reason),
    onExternalChange(fn) {
      const handler = (key, value) => {
        if (key.startsWith(`${PREFIX}${name}/`)) fn(key.slice(PREFIX.length + name.length + 1), value);
      };
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

/**
 * @param {object} [options]
 * @param {(text: string) => void} [options.notice] shows a notice to the player
 * @param {(key: string, vars?: object) => string | null} [options.t] translates a notice (null: the strings are not
 *   loaded yet; its notices wait for `stringsReady`)
 * @param {Backend | null} [options.backend] instead of localStorage (tests); null: none
 * @param {AbortSignal} [options.signal] stops hearing other tabs (the app's restart in place)
 * @returns {ClubStorage}
 */
export function createStorage({ notice, t, backend, signal } = {}) {
  const real = backend === undefined ? probeLocalStorage() : backend;
  const memory = memoryStore();
  /** @type {Map<string, string | null>} */
  const lastSeen = new Map();
  /** @type {Set<(key: string, value: string | null) => void>} */
  const conflictHandlers = new Set();
  /** @type {Array<(t: Translate) => string>} */
  const held = []; // notices raised before the strings were loaded: said in the player's language once they are
  /**
   * @param {(t: Translate) => string} words the notice in the player's language
   * @param {string} fallback English, when this storage was given no strings at all
   */
  const say = (words, fallback) => {
    if (!t) notice?.(fallback);
    else if (t("shell.dismiss") === null)
      held.push(words); // null: not loaded yet
    else notice?.(words(/** @type {Translate} */ (t)));
  };
  let persistent = Boolean(real);
  try {
    pruneAsides(real);
  } catch {
    /* left for the next start */
  }
  if (!real) say((tr) => tr("shell.storageOff"), "Storage is unavailable: your progress is kept only until you close this page.");

  /** @param {string} key @returns {string | null} */
  const read = (key) => {
    if (memory.getItem(key) !== null) return memory.getItem(key);
    try {
      return real ? real.getItem(key) : null;
    } catch {
      return null;
    }
  };

  /** @param {string} key */
  function get(key) {
    const value = read(key);
    lastSeen.set(key, value);
    return value;
  }

  /** @param {string} key @param {string} text @returns {boolean} */
  function set(key, text) {
    const current = read(key);
    if (lastSeen.has(key) && current !== lastSeen.get(key) && current !== text) {
      // Another tab wrote this key since we read it: do not overwrite (P10);
      // hand the newer value to the page, which adopts it.
      lastSeen.set(key, current);
      conflictHandlers.forEach((fn) => fn(key, current));
      return false;
    }
    lastSeen.set(key, text);
    if (!real || memory.getItem(key) !== null) {
      memory.setItem(key, text);
      return true;
    }
    try {
      real.setItem(key, text);
    } catch {
      memory.setItem(key, text);
      if (persistent)
        say((tr) => tr("shell.storageFull"), "Storage is full: the game goes on, but new progress is not saved on this device.");
      persistent = false;
    }
    return true;
  }

  /** @param {string} key */
  function remove(key) {
    lastSeen.delete(key);
    memory.removeItem(key);
    try {
      real?.removeItem(key);
    } catch {
      /* already gone */
    }
  }

  /** @param {string} key @param {string} reason */
  function moveAside(key, reason) {
    const value = read(key);
    if (value === null) return;
    const aside = asideKey(real, key);
    const kept = keepAside(real, key, aside, value);
    remove(key);
    console.warn(`6E Club: corrupt ${key} ${kept !== null ? `moved to ${aside}` : "dropped, no room for a copy"}: ${reason}`);
    const { words, fallback } = corruptNotice(key, kept);
    say(words, fallback);
  }

  /**
   * The validated value of `key`. Text that does not validate is mended by `repair` when it can be (the
   * original kept aside, the mended text stored, the player told, P8), else moved aside whole.
   * @template T
   * @param {string} key @param {(text: string) => T | Promise<T>} validate @param {Repair} [repair]
   * @returns {Promise<T | null>}
   */
  async function load(key, validate, repair) {
    const text = get(key);
    if (text === null) return null;
    try {
      return await validate(text);
    } catch (error) {
      if (error?.field === ENGINE_LOST) return null; // the engine failed under another call: this value is not to blame
      const reason = error?.message || String(error);
      const mended = repair ? await repair(text).catch(() => null) : null;
      if (mended === null) {
        moveAside(key, reason);
        return null;
      }
      // Not when another read of the same text mended it first (one copy aside, one notice).
      if (read(key) !== mended) {
        const aside = asideKey(real, key);
        keepAside(real, key, aside, text);
        lastSeen.set(key, read(key)); // keepAside emptied the key itself: not another tab's write
        if (set(key, mended)) {
          console.warn(`6E Club: repaired ${key}, the original kept at ${aside}: ${reason}`);
          say((tr) => tr("shell.repaired"), REPAIRED_EN);
        }
      }
      return load(key, validate); // the mended text (or another tab's newer one), validated as any
    }
  }

  watchOtherTabs(lastSeen, conflictHandlers, signal);
  /** @param {string} name @returns {StoreScope} */
  const scope = (name) => scopeOf(name, { get, read, set, remove, load, moveAside }, conflictHandlers);

  return {
    get,
    set,
    remove,
    load,
    moveAside,
    keys: () => clubKeys([real, memory]),
    scope,
    get persistent() {
      return persistent;
    },
    backend: real,
    asides: () => listAsides(real),
    stringsReady() {
      held.splice(0).forEach((words) => notice?.(words(/** @type {Translate} */ (t))));
    },
  };
}

// Settings shared by the shell: one versioned JSON value.
const SETTINGS_KEY = `${PREFIX}settings`;
// Held keys in Domino Drop (D8): the delay before a held left/right repeats and the
// time between repeats are the input layer's, the player's to set; D8's values by default.
export const KEY_TIMING = { delay: { min: 50, max: 300, step: 10, fallback: 170 }, repeat: { min: 10, max: 100, step: 5, fallback: 50 } };
// Held soft drop in Domino Drop: "normal" is the engine's own (D6, its `soft` flag), the first of the list and the
// default; "fast" and "instant" are the input layer's plain `down` moves (D20), every `fastMs` or to the floor at once.
export const SOFT_DROP = { speeds: ["normal", "fast", "instant"], fastMs: 20 };
/** @type {Settings} */
const SETTINGS_DEFAULTS = {
  schema: 1,
  lang: null,
  motion: "system",
  sound: true,
  volume: 0.7,
  vibrate: true,
  keyDelay: KEY_TIMING.delay.fallback,
  keyRepeat: KEY_TIMING.repeat.fallback,
  softDrop: SOFT_DROP.speeds[0],
  assistPace: false, // Domino Drop's assist pace (P11): a new run's tiles wait for the player
};
/** @param {{ min: number, max: number }} range @returns {(v: any) => boolean} */
const within = (range) => (v) => Number.isInteger(v) && v >= range.min && v <= range.max;
// Each field's check: a value of the wrong kind falls back to that field's default.
/** @type {Record<string, (value: any) => boolean>} */
const SETTINGS_CHECKS = {
  lang: (v) => v === null || typeof v === "string",
  motion: (v) => ["system", "reduce", "full"].includes(v),
  sound: (v) => typeof v === "boolean",
  volume: (v) => Number.isFinite(v) && v >= 0 && v <= 1,
  vibrate: (v) => typeof v === "boolean",
  keyDelay: within(KEY_TIMING.delay),
  keyRepeat: within(KEY_TIMING.repeat),
  softDrop: (v) => SOFT_DROP.speeds.includes(v),
  assistPace: (v) => typeof v === "boolean",
};

/** @param {string | null} text @returns {Settings} (throws on an unknown schema) */
export function parseSettings(text) {
  const value = JSON.parse(text ?? "null"); // none stored (peekLanguage): an unknown schema too
  if (typeof value !== "object" || value?.schema !== 1) throw new Error("unknown settings schema");
  const settings = { ...SETTINGS_DEFAULTS };
  for (const [key, ok] of Object.entries(SETTINGS_CHECKS)) if (ok(value[key])) settings[key] = value[key];
  return settings;
}

/** @param {ClubStorage} storage @returns {Settings} */
export function loadSettings(storage) {
  const text = storage.get(SETTINGS_KEY);
  if (text === null) return { ...SETTINGS_DEFAULTS };
  try {
    return parseSettings(text);
  } catch (error) {
    storage.moveAside(SETTINGS_KEY, error.message);
    return { ...SETTINGS_DEFAULTS };
  }
}

// The saved language, read before the app starts (to preload its strings);
// no side effects: a bad or unreadable value is simply no preference here and
// is dealt with by loadSettings later.
/** @returns {string | null} */
export function peekLanguage() {
  try {
    return parseSettings(globalThis.localStorage.getItem(SETTINGS_KEY)).lang;
  } catch {
    return null;
  }
}

/** @param {ClubStorage} storage @param {Settings} settings */
export function saveSettings(storage, settings) {
  storage.set(SETTINGS_KEY, JSON.stringify({ ...settings, schema: 1 }));
}
