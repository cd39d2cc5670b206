// Active play time (M15): runs from the first placement while the round is
// on, and pauses while the page is hidden or a menu is open. The engine keeps
// the total; this only measures and hands over milliseconds.
/** @param {() => number} [now] */
export function createTimer(now = () => performance.now()) {
  /** @type {number | null} when the current running stretch started */
  let since = null;
  let pending = 0; // measured, not yet handed to the engine
  /** @type {Record<string, boolean>} any hold (starting, hidden, menu, confirm, idle) stops the clock */
  const holds = { hidden: false, menu: false, idle: true };

  function sync() {
    const run = !Object.values(holds).some(Boolean); // any hold (hidden, menu, confirm, idle) stops it
    if (run && since === null) since = now();
    if (!run && since !== null) {
      pending += now() - since;
      since = null;
    }
  }

  return {
    /** @param {string} reason @param {boolean} on */
    hold(reason, on) {
      holds[reason] = on;
      sync();
    },
    running: () => since !== null,
    // Milliseconds measured since the last take (whole ms; the rest stays pending).
    take() {
      if (since !== null) {
        const t = now();
        pending += t - since;
        since = t;
      }
      const ms = Math.floor(pending);
      pending -= ms;
      return ms;
    },
    // Milliseconds a refused action did not use go back (M15: nothing is lost).
    /** @param {number} ms */
    refund(ms) {
      pending += ms;
    },
    peek: () => pending + (since !== null ? now() - since : 0),
  };
}

/** "m:ss" or "h:mm:ss". @param {number} ms */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
