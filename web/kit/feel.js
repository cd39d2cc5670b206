// The feel of a game moment: `cue(name, {size, step})` plays its
// synthesized sound (web/kit/sound.js) and its vibration (web/kit/haptics.js),
// and tells the document (a "club-cue" event: what fired, what was heard/felt).
import { createSound } from "./sound.js";
import { createHaptics, canVibrate } from "./haptics.js";

/** @typedef {{ size?: number, step?: number }} CueOptions */

/**
 * @typedef {object} Feel
 * @property {(name: string, options?: CueOptions) => void} cue plays a game moment
 * @property {() => void} refresh applies changed settings (sound, volume)
 * @property {() => void} sample a short sound at the current volume (the settings slider)
 * @property {() => boolean} canVibrate whether this device vibrates at all
 * @property {() => void} [close] quiets this feel's sound (the app's restart in place)
 */

export const CUES = ["place", "move", "clear", "merge", "cancel", "chain", "fanfare", "refuse", "over"];

/**
 * @param {object} options
 * @param {import("../storage.js").Settings} options.settings read live: sound, volume, vibrate
 * @param {() => void} [options.saveSettings]
 * @param {() => boolean} options.reducedMotion
 * @param {(fn: (hidden: boolean) => void) => unknown} [options.onVisibility]
 * @returns {Feel}
 */
export function createFeel({ settings, reducedMotion, onVisibility }) {
  const sound = createSound({ on: () => settings.sound, level: () => settings.volume });
  const haptics = createHaptics({ on: () => settings.vibrate && !reducedMotion() });
  /** @param {boolean} hidden */
  const visible = (hidden) => (hidden ? sound.hide() : sound.show());
  if (onVisibility) onVisibility(visible);
  else document.addEventListener("visibilitychange", () => visible(document.hidden));

  /** @param {string} name @param {CueOptions} [options] */
  function cue(name, { size = 1, step = 1 } = {}) {
    if (!CUES.includes(name)) return;
    const sounded = sound.play(name, size, step);
    const buzzed = haptics.buzz(name, size, step);
    document.dispatchEvent(new CustomEvent("club-cue", { detail: { name, size, step, sounded, buzzed } }));
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
    // The app's restart in place: this page's sound goes quiet (a new feel takes over).
    close() {
      sound.hide();
    },
    canVibrate,
  };
}
