// The view stored beside a run: a drawing aid for the first paint, before Python is up (docs/architecture.md,
// "Storage keys"). The run and its view are two keys. One tab writes both in one task, but two tabs writing at
// once (a move here, a play-time tick there, M15) can interleave the two keys in the browser's storage, leaving
// one tab's view beside the other tab's run (P10). So the copy names the run it is the view of, and a copy that
// names another run is never drawn: the page draws the run through the engine instead.

/**
 * FNV-1a (32 bits) of a text's UTF-16 code units, as 8 hex digits: the run a view copy belongs to.
 * @param {string} text @returns {string}
 */
export function runDigest(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/**
 * The text stored for `view`, the view of the run stored as `run`.
 * @param {unknown} view @param {string | null} run @returns {string}
 */
export function viewCopy(view, run) {
  return JSON.stringify({ for_run: runDigest(run ?? ""), view });
}

/**
 * A stored drawing aid's object (JSON text), or null when absent, unreadable or not an object: the engine's own
 * load decides what is true.
 * @param {string | null} text @returns {any}
 */
export function parsedOrNull(text) {
  if (typeof text !== "string") return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The view a stored copy holds, when it is the view of the run stored as `run`; otherwise null (none, corrupt,
 * another run's, or the older form that named no run).
 * @param {string | null} text @param {string | null} run @returns {unknown}
 */
export function viewOfCopy(text, run) {
  if (run === null) return null;
  const copy = parsedOrNull(text);
  const named = copy !== null && !Array.isArray(copy) && Object.hasOwn(copy, "view");
  return named && copy.for_run === runDigest(run) ? (copy.view ?? null) : null;
}
