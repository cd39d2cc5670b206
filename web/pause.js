// The player's pause (P15): work that costs a phone tens of ms or more of main
// thread, and that no tap is waiting for, is done when the player has let the page
// be for a while, never between a tap and its answer. The main thread is idle while
// the engine worker answers a tap, so an idle callback alone can land there.
// Done at a pause: the interpreter snapshot and the service worker's registration
// (PAUSE_MS, web/engine.js, web/update.js), the sound's AudioContext (a shorter pause,
// web/kit/sound.js: Chromium's first context in a page blocks its main thread for
// tens of ms).

/** The pause the snapshot and the service worker wait for (ms without a pointer, key or touch). */
export const PAUSE_MS = 4000;
/** What the player does that puts the work off (each resets the pause). */
const PLAYING = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel"];

/**
 * How long the work still waits: 0 once the player has let the page be for `pause` ms since it
 * was asked for (`since`) and since their last input, or once the page is hidden (the player
 * left: nothing of theirs to slow). A pure function of the moment, for the tests.
 * @param {{ now: number, since: number, lastInput: number | null, hidden: boolean }} moment
 *   times in ms on one clock; `lastInput` null: none since the page opened
 * @param {number} [pause]
 * @returns {number} ms to wait
 */
export function pauseWait({ now, since, lastInput, hidden }, pause = PAUSE_MS) {
  if (hidden) return 0;
  const quiet = Math.max(since, lastInput ?? since);
  return Math.max(0, quiet + pause - now);
}

// A page hidden is looked at again this much later: hidden because it is being left (a reload,
// a link), it is gone by then, and no worker is begun that would die with it; hidden because the
// player went to another tab or app, the work is done then.
const HIDDEN_MS = 500;

/**
 * Run `fn` once, at the player's first pause of `pause` ms (pauseWait) or once the page is hidden.
 * @param {() => void} fn
 * @param {number} [pause]
 */
export function atPause(fn, pause = PAUSE_MS) {
  const now = () => performance.now();
  const since = now();
  /** @type {number | null} */
  let lastInput = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const played = () => {
    lastInput = now();
  };
  const shown = () => {
    clearTimeout(timer);
    timer = setTimeout(check, document.visibilityState === "hidden" ? HIDDEN_MS : 0);
  };
  // Looked at when the pause may be over (its timer) or the page was hidden: one timer at a time.
  function check() {
    const wait = pauseWait({ now: now(), since, lastInput, hidden: document.visibilityState === "hidden" }, pause);
    if (wait > 0) {
      timer = setTimeout(check, wait);
      return;
    }
    for (const type of PLAYING) removeEventListener(type, played, true);
    removeEventListener("visibilitychange", shown);
    fn();
  }
  for (const type of PLAYING) addEventListener(type, played, { capture: true, passive: true });
  addEventListener("visibilitychange", shown);
  timer = setTimeout(check, pause);
}
