// The settings dialog (issue 15): sound, volume, vibration, motion.

/**
 * @param {HTMLElement | null} button the header's settings button
 * @param {object} options
 * @param {import("./storage.js").Settings} options.settings
 * @param {() => void} options.saveSettings
 * @param {(key: string, vars?: object) => string} options.t
 * @param {import("./kit/feel.js").Feel} options.feel
 * @param {() => boolean} options.reducedMotion
 * @returns {{ open(): void, close(): void }}
 */
export function mountSettings(button, options) {
  void button; void options;
  return { open() {}, close() {} };
}
