// The feel of a game moment: `cue(name, {size, step})` plays its
// synthesized sound (web/kit/sound.js) and its vibration (web/kit/haptics.js),
// and tells the document (a "club-cue" event: what fired, what was heard/felt).
// A cue is felt after the paint of the frame it was asked in (P15): a tap's
// work before its answer is on screen is the engine's answer and its drawing,
// never voices or a vibration (their first ones cost a phone tens of ms).
import { createSound } from "./sound.js";
import { createHaptics, canVibrate } from "./haptics.js";

/** @typedef {{ size?: number, step?: number }} CueOptions */

/**
 * @typedef {object} Feel
 * @property {(name: string, options?: CueOptions) => void} cue plays a game moment
 * @property {() => void} refresh applies changed settings (sound, volume)
 * @property {() => void} sample a short sound at the current volume (the settings slider)
 * @property {() => boolean} canVibrate whether this device vibrates at all
 * @property {() => void} launching a run is launched: the moment for the sound's making (sound.js)
 * @property {() => void} [close] quiets this feel's sound (the app's restart in place)
 */

export const CUES = ["place", "move", "clear", "merge", "cancel", "chain", "fanfare", "refuse", "over"];

/**
 * @typedef {object} Timing how a queue waits for the paint
 * @property {(fn: () => void) => unknown} frame before the next paint (requestAnimationFrame)
 * @property {(fn: () => void) => unknown} task a task of its own, after what is queued (setTimeout 0)
 * @property {() => boolean} hidden no frame comes to a hidden page: a task then
 */

/** @typedef {{ postTask: (fn: () => void, options: { priority: string }) => Promise<void> }} TaskScheduler */
const tasks = /** @type {{ scheduler?: TaskScheduler }} */ (/** @type {unknown} */ (globalThis)).scheduler;

/**
 * The cues' task is a background one where the browser can say so (the Prioritized Task Scheduling
 * API): after its paint, it yields to what the player waits for: an input, an engine's answer, a
 * frame (P15). A page's first cue may make its AudioContext, tens of ms of main thread; as a plain
 * timer it ran ahead of everything else queued after the paint.
 * @type {Timing}
 */
const BROWSER = {
  frame: (fn) => requestAnimationFrame(() => fn()),
  task: (fn) => (tasks ? tasks.postTask(fn, { priority: "background" }) : setTimeout(fn, 0)),
  hidden: () => document.hidden,
};

/**
 * A queue of work run after the next paint, in the order asked: one frame and one task for all
 * that one moment asks (a move's several cues), each piece of work once.
 * @param {Timing} [timing]
 * @returns {(fn: () => void) => void}
 */
export function afterPaint(timing = BROWSER) {
  /** @type {(() => void)[]} */
  let queued = [];
  const flush = () => {
    const due = queued;
    queued = [];
    for (const fn of due) fn();
  };
  return (fn) => {
    queued.push(fn);
    if (queued.length > 1) return; // the first one asked for the flush
    if (timing.hidden()) timing.task(flush);
    else timing.frame(() => timing.task(flush));
  };
}

/**
 * @param {object} options
 * @param {import("../storage.js").Settings} options.settings read live: sound, volume, vibrate
 * @param {() => void} [options.saveSettings]
 * @param {() => boolean} options.reducedMotion
 * @param {(fn: (hidden: boolean) => void) => unknown} [options.onVisibility]
 * @param {(fn: () => void) => void} [options.later] when a cue is felt (afterPaint)
 * @returns {Feel}
 */
export function createFeel({ settings, reducedMotion, onVisibility, later = afterPaint() }) {
  const sound = createSound({ on: () => settings.sound, level: () => settings.volume });
  const haptics = createHaptics({ on: () => settings.vibrate && !reducedMotion() });
  /** @param {boolean} hidden */
  const visible = (hidden) => (hidden ? sound.hide() : sound.show());
  if (onVisibility) onVisibility(visible);
  else document.addEventListener("visibilitychange", () => visible(document.hidden));

  /** @param {string} name @param {CueOptions} [options] */
  function cue(name, { size = 1, step = 1 } = {}) {
    if (!CUES.includes(name)) return;
    later(() => {
      const sounded = sound.play(name, size, step);
      const buzzed = haptics.buzz(name, size, step);
      document.dispatchEvent(new CustomEvent("club-cue", { detail: { name, size, step, sounded, buzzed } }));
    });
  }

  return {
    cue,
    refresh() {
      sound.volume(settings.volume);
      if (settings.sound) sound.show();
      else sound.hide();
    },
    sample() {
      sound.play("chain", 1, 3);
    },
    launching: () => sound.launching(),
    // The app's restart in place: this page's sound goes quiet (a new feel takes over).
    close() {
      sound.hide();
    },
    canVibrate,
  };
}
