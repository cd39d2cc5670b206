// Juice: a score that counts up, floating points, bursts, praise
// words and a shake, in one overlay layer that never takes a pointer. Every
// animation is a Web Animation, so `finish()` ends them all at once: a new
// action never waits for the last one's show. Reduced motion (P11): numbers
// jump, floats and praise only fade, bursts and shakes do not happen.
import { html } from "../svg.js";

/**
 * @typedef {object} Juice
 * @property {(el: Element, to: number, format: (n: number) => string) => void} countUp
 *   the number in `el` counts from what it shows to `to`
 * @property {(text: string, x: number, y: number, options?: { cls?: string }) => void} float
 *   points rising from client coordinates (x, y)
 * @property {(x: number, y: number, options?: { size?: number, cls?: string }) => void} burst
 *   particles from (x, y), more and further with size
 * @property {(text: string, options?: { level?: number, x?: number, y?: number }) => void} praise
 *   a big word over the page (level 1..3), at (x, y) when given
 * @property {(level?: number) => void} shake the page shakes (level 1..3)
 * @property {() => void} finish ends every running animation at once
 * @property {() => void} destroy
 */

const COUNT_MS = 400;

/**
 * Numbers that count up to their new value over COUNT_MS, easing out, all on one animation frame loop.
 * They jump instead under reduced motion (P11), on a hidden page (no frames come) and when the number drops
 * (a new run's score).
 * @param {() => boolean} still reduced motion, asked at each count
 */
function createCounter(still) {
  /** @type {Map<Element, { from: number, to: number, start: number, format: (n: number) => string }>} */
  const counts = new Map();
  /** @type {WeakMap<Element, number>} the value each element was last given here */
  const shown = new WeakMap();
  let frame = 0;

  /** @param {Element} el @param {number} value @param {(n: number) => string} format */
  function show(el, value, format) {
    shown.set(el, value);
    el.textContent = format(value);
  }

  function tick() {
    frame = 0;
    const now = performance.now();
    for (const [el, c] of counts) {
      const k = Math.min((now - c.start) / COUNT_MS, 1);
      show(el, k === 1 ? c.to : Math.round(c.from + (c.to - c.from) * (1 - (1 - k) ** 3)), c.format);
      if (k === 1) counts.delete(el);
    }
    if (counts.size) frame = requestAnimationFrame(tick);
  }

  return {
    /** @type {Juice["countUp"]} */
    countUp(el, to, format) {
      if (counts.get(el)?.to === to) return; // already counting there
      // From what it shows: the last value counted, unless something else wrote the element since.
      const last = shown.get(el);
      const from = last !== undefined && format(last) === el.textContent ? last : Number(el.textContent.replace(/[^\d-]/g, "")) || 0;
      if (still() || document.hidden || to <= from) {
        // a score that drops (a new run) shows at once
        counts.delete(el);
        show(el, to, format);
        return;
      }
      counts.set(el, { from, to, start: performance.now(), format });
      frame ||= requestAnimationFrame(tick);
    },
    /** Every count ends now, at its number. */
    end() {
      cancelAnimationFrame(frame);
      frame = 0;
      for (const [el, c] of counts) show(el, c.to, c.format);
      counts.clear();
    },
  };
}

/**
 * @param {HTMLElement} root the page's root (it shakes; the layer sits beside it)
 * @param {{ reducedMotion: () => boolean }} ctx
 * @returns {Juice}
 */
export function createJuice(root, ctx) {
  // Beside the root, not inside it: a shaking root would carry a fixed layer along.
  const layer = html("div", { class: "juice-layer", "aria-hidden": "true" }, root.parentElement ?? document.body);
  /** @type {Map<Animation, Element | null>} what runs, and the element it removes when done */
  const running = new Map();
  const counter = createCounter(() => ctx.reducedMotion());
  /** @type {Animation | null} */
  let praised = null;

  /** @param {Element} el @param {Keyframe[]} frames @param {KeyframeAnimationOptions} timing @param {boolean} [own] */
  function play(el, frames, timing, own = true) {
    const animation = el.animate(frames, timing);
    running.set(animation, own ? el : null);
    const done = () => {
      running.delete(animation);
      if (own) el.remove();
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  }

  /** @param {string} cls @param {number} x @param {number} y @param {string} [text] */
  function spawn(cls, x, y, text) {
    const el = html("div", { class: cls }, layer, text ?? null);
    el.style.left = `${x}px`;
    el.style.top = `${y}px`;
    return el;
  }

  /** @param {number} level */
  const clampLevel = (level) => Math.min(Math.max(Math.round(level) || 1, 1), 3);
  const still = () => ctx.reducedMotion();
  const FADE = [{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 1, offset: 0.7 }, { opacity: 0 }];

  /** Ends an animation now, its element gone in the same frame. @param {Animation | null} animation */
  function end(animation) {
    if (!animation || !running.has(animation)) return;
    animation.finish();
    running.get(animation)?.remove();
    running.delete(animation);
  }

  function finish() {
    counter.end();
    [...running.keys()].forEach(end);
  }

  return {
    countUp: counter.countUp,
    float(text, x, y, { cls = "" } = {}) {
      const el = spawn(`juice-float ${cls}`.trim(), x, y, text);
      const at = "translate(-50%, -50%)";
      play(
        el,
        still()
          ? FADE
          : [
              { transform: `${at} scale(0.7)`, opacity: 0 },
              { transform: `${at} translateY(-12px) scale(1.1)`, opacity: 1, offset: 0.2 },
              { transform: `${at} translateY(-56px)`, opacity: 0 },
            ],
        { duration: still() ? 600 : 900, easing: "ease-out" },
      );
    },
    burst(x, y, { size = 1, cls = "" } = {}) {
      if (still()) return;
      const n = 6 + Math.min(size, 8) * 2;
      const reach = 26 + Math.min(size, 8) * 7;
      for (let i = 0; i < n; i += 1) {
        const angle = (Math.PI * 2 * (i + Math.random() * 0.6)) / n;
        const far = reach * (0.6 + Math.random() * 0.5);
        const el = spawn(`juice-dot ${cls}`.trim(), x, y);
        play(
          el,
          [
            { transform: "translate(-50%, -50%) scale(1)", opacity: 1 },
            {
              transform: `translate(calc(-50% + ${(Math.cos(angle) * far).toFixed(1)}px), calc(-50% + ${(Math.sin(angle) * far).toFixed(1)}px)) scale(0.2)`,
              opacity: 0,
            },
          ],
          { duration: 420 + Math.random() * 160, easing: "cubic-bezier(.2,.7,.3,1)" },
        );
      }
    },
    praise(text, { level = 1, x, y } = {}) {
      const box = root.getBoundingClientRect();
      const cx = x ?? box.left + box.width / 2;
      const cy = y ?? Math.min(Math.max(box.top + box.height * 0.4, 90), innerHeight - 90);
      end(praised); // one word at a time: the newest
      const el = spawn(`juice-praise level-${clampLevel(level)}`, cx, cy, text);
      const at = "translate(-50%, -50%)";
      praised = play(
        el,
        still()
          ? FADE
          : [
              { transform: `${at} scale(0.5)`, opacity: 0 },
              { transform: `${at} scale(1.12)`, opacity: 1, offset: 0.18 },
              { transform: `${at} scale(1)`, opacity: 1, offset: 0.7 },
              { transform: `${at} scale(1.04) translateY(-16px)`, opacity: 0 },
            ],
        { duration: still() ? 800 : 1100, easing: "ease-out" },
      );
    },
    shake(level = 1) {
      if (still()) return;
      const px = 2 + clampLevel(level) * 2;
      const frames = [0, -1, 0.8, -0.6, 0.4, 0].map((k, i) => ({
        transform: `translate(${(k * px).toFixed(1)}px, ${i % 2 ? px / 3 : 0}px)`,
      }));
      play(root, frames, { duration: 140 + clampLevel(level) * 50 }, false);
    },
    finish,
    destroy() {
      finish();
      layer.remove();
    },
  };
}
