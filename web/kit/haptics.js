// Touch feedback: navigator.vibrate where the device has it, with
// its own switch, never under reduced motion.

/** @param {number} size @param {number} pulse @returns {number[]} one pulse per unit, at most three */
const pulses = (size, pulse) => Array.from({ length: Math.min(Math.max(size, 1), 3) * 2 - 1 }, (_, i) => (i % 2 ? 40 : pulse));

/** @type {Record<string, (size: number, step: number) => number[]>} */
const PATTERNS = {
  place: () => [10],
  clear: (size) => pulses(size, 22),
  merge: (size) => pulses(size - 2, 18),
  cancel: (size) => pulses(Math.ceil(size / 2), 16),
  chain: (size, step) => [Math.min(14 + step * 6, 40)],
  refuse: () => [28, 60, 28],
  fanfare: () => [40, 50, 40, 50, 120],
  over: () => [120, 80, 220],
};

export const canVibrate = () => typeof navigator.vibrate === "function";

/**
 * @param {{ on: () => boolean }} options whether vibration is wanted now (switch and motion)
 * @returns {{ buzz(name: string, size: number, step: number): boolean }}
 */
export function createHaptics({ on }) {
  return {
    buzz(name, size, step) {
      const pattern = PATTERNS[name];
      if (!pattern || !canVibrate() || !on() || document.hidden) return false;
      return navigator.vibrate(pattern(size, step));
    },
  };
}
