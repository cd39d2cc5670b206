// The feel of a game moment (issue 15): a synthesized sound and a vibration
// for each cue. (First version: the cue is announced on document only.)

/** @typedef {"place" | "move" | "clear" | "merge" | "cancel" | "chain" | "fanfare" | "refuse" | "over"} CueName */
/** @typedef {{ size?: number, step?: number }} CueOptions */

/**
 * @typedef {object} Feel
 * @property {(name: string, options?: CueOptions) => void} cue plays a game moment
 * @property {() => void} refresh applies changed settings (sound, volume, vibrate)
 * @property {() => void} sample a short sound at the current volume (the settings slider)
 */

/**
 * @param {object} options
 * @param {import("../storage.js").Settings} options.settings
 * @param {() => void} [options.saveSettings]
 * @param {() => boolean} options.reducedMotion
 * @param {(fn: (hidden: boolean) => void) => () => void} [options.onVisibility]
 * @returns {Feel}
 */
export function createFeel({ settings, reducedMotion }) {
  /** @param {string} name @param {CueOptions} [options] */
  function cue(name, { size = 1, step = 1 } = {}) {
    void settings; void reducedMotion;
    document.dispatchEvent(new CustomEvent("club-cue", { detail: { name, size, step, sounded: false, buzzed: false } }));
  }
  return { cue, refresh() {}, sample() {} };
}
