// Storage (P8–P10): namespaced, versioned keys; values validated by their
// owner and moved aside when corrupt; quota errors and disabled storage
// fall back to memory with a notice; a stale tab never overwrites a value
// another tab wrote after it last read it.
export const PREFIX = "6e-club/v1/";

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

function memoryStore() {
  const map = new Map();
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
    key: (i) => [...map.keys()][i] ?? null,
    get length() { return map.size; },
  };
}

export function createStorage({ notice, t, backend } = {}) {
  const real = backend === undefined ? probeLocalStorage() : backend;
  const memory = memoryStore();
  const lastSeen = new Map();
  const conflictHandlers = new Set();
  const say = (key, fallback, vars) => notice?.(t ? t(key, vars) : fallback);
  let persistent = Boolean(real);
  if (!real) say("shell.storageOff", "Storage is unavailable: your progress is kept only until you close this page.");

  const read = (key) => {
    if (memory.getItem(key) !== null) return memory.getItem(key);
    try { return real ? real.getItem(key) : null; } catch { return null; }
  };

  function get(key) {
    const value = read(key);
    lastSeen.set(key, value);
    return value;
  }

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
      if (persistent) say("shell.storageFull", "Storage is full: the game goes on, but this progress is not saved on the device.");
      persistent = false;
    }
    return true;
  }

  function remove(key) {
    lastSeen.delete(key);
    memory.removeItem(key);
    try { real?.removeItem(key); } catch { /* already gone */ }
  }

  function moveAside(key, reason) {
    const value = read(key);
    if (value === null) return;
    const aside = `${key}/corrupt/${Date.now()}`;
    try { real?.setItem(aside, value); } catch { /* nowhere to keep it: dropping is still safe */ }
    remove(key);
    console.warn(`6E Club: moved corrupt ${key} to ${aside}: ${reason}`);
    say("shell.corrupt", "A saved game could not be read and was set aside; a fresh one starts.", { reason });
  }

  async function load(key, validate) {
    const text = get(key);
    if (text === null) return null;
    try {
      return await validate(text);
    } catch (error) {
      moveAside(key, error?.message || String(error));
      return null;
    }
  }

  function keys() {
    const out = new Set();
    for (const store of [real, memory]) {
      if (!store) continue;
      try {
        for (let i = 0; i < store.length; i += 1) {
          const k = store.key(i);
          if (k?.startsWith(PREFIX)) out.add(k);
        }
      } catch { /* storage went away */ }
    }
    return [...out];
  }

  addEventListener("storage", (event) => {
    if (!event.key?.startsWith(PREFIX) || event.newValue === lastSeen.get(event.key)) return;
    if (!lastSeen.has(event.key)) return;
    lastSeen.set(event.key, event.newValue); // handed to the page, which adopts it
    conflictHandlers.forEach((fn) => fn(event.key, event.newValue));
  });

  function scope(name) {
    const full = (item) => `${PREFIX}${name}/${item}`;
    return {
      get: (item) => get(full(item)),
      set: (item, text) => set(full(item), text),
      remove: (item) => remove(full(item)),
      load: (item, validate) => load(full(item), validate),
      moveAside: (item, reason) => moveAside(full(item), reason),
      onExternalChange(fn) {
        const handler = (key, value) => {
          if (key.startsWith(`${PREFIX}${name}/`)) fn(key.slice(PREFIX.length + name.length + 1), value);
        };
        conflictHandlers.add(handler);
        return () => conflictHandlers.delete(handler);
      },
    };
  }

  return { get, set, remove, load, moveAside, keys, scope, get persistent() { return persistent; } };
}

// Settings shared by the shell: one versioned JSON value.
const SETTINGS_KEY = `${PREFIX}settings`;
const SETTINGS_DEFAULTS = { schema: 1, lang: null, motion: "system" };

export function parseSettings(text) {
  const value = JSON.parse(text);
  if (typeof value !== "object" || value?.schema !== 1) throw new Error("unknown settings schema");
  return { ...SETTINGS_DEFAULTS, ...value };
}

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
export function peekLanguage() {
  try {
    return parseSettings(globalThis.localStorage.getItem(SETTINGS_KEY)).lang;
  } catch {
    return null;
  }
}

export function saveSettings(storage, settings) {
  storage.set(SETTINGS_KEY, JSON.stringify({ ...settings, schema: 1 }));
}
