// Juice (issue 15): counting numbers, floating points, bursts, praise and
// shake over a game page. (First version: numbers are set at once.)

/**
 * @typedef {object} Juice
 * @property {(el: Element, to: number, format: (n: number) => string) => void} countUp
 * @property {(text: string, x: number, y: number, options?: { cls?: string }) => void} float
 * @property {(x: number, y: number, options?: { size?: number, cls?: string }) => void} burst
 * @property {(text: string, options?: { level?: number }) => void} praise
 * @property {(level?: number) => void} shake
 * @property {() => void} finish ends every running animation at once
 * @property {() => void} destroy
 */

/**
 * @param {HTMLElement} root the page's root
 * @param {{ reducedMotion: () => boolean }} ctx
 * @returns {Juice}
 */
export function createJuice(root, ctx) {
  void root; void ctx;
  return {
    countUp(el, to, format) { el.textContent = format(to); },
    float() {},
    burst() {},
    praise() {},
    shake() {},
    finish() {},
    destroy() {},
  };
}
