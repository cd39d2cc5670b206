// Key repeat (D8): a held move repeats after a delay at a rate, as
// games of the genre do (DAS / ARR), instead of at the keyboard's own rate.
// The page says what a press does (`fire`), when a move may be made now
// (`ready`) and how fast it repeats (`timing`, from the engine's view when the
// spec names the numbers); the helper knows no key and no game.
//
// One move is held at a time: pressing another takes over; releasing one that
// is no longer held changes nothing. A press while the page is not ready (an
// animation plays) is owed: it moves once the page is ready, and the repeat's
// charge is kept meanwhile. Everything held is let go when the window loses
// the focus or the page is hidden (no key-up would ever come).
//
// Time comes from the page's frame loop (`frame(now)`, no timer of its own),
// or, with `selfDriven`, from the helper's own animation frames while a move
// is held.

/**
 * @typedef {object} RepeatTiming
 * @property {number} delay ms from the press to the first repeat
 * @property {number} every ms between repeats
 */

/**
 * @typedef {object} RepeatOptions
 * @property {(name: string) => void} fire make the move once
 * @property {() => RepeatTiming | null} timing how fast it repeats now (null: it does not)
 * @property {() => boolean} [ready] whether a move may be made now (default: always)
 * @property {() => void} [onLetGo] told when blur or a hidden page let everything go
 * @property {boolean} [selfDriven] drive the repeat with its own animation frames
 */

/**
 * @typedef {object} KeyRepeat
 * @property {(name: string, now?: number) => void} press a move pressed (once per physical press)
 * @property {(name: string) => void} release its key or button went up
 * @property {(now: number) => void} frame the page's frame: owed and due moves are made
 * @property {() => void} reset nothing is held any more
 * @property {() => string | null} held the move held, if any
 * @property {() => void} destroy stop listening
 */

const STALL = 4; // repeats behind after a stall or an animation: the charge moves once, no burst

/** @param {RepeatOptions} options @returns {KeyRepeat} */
export function createKeyRepeat(options) {
  const ready = options.ready ?? (() => true);
  /** @type {{ name: string, next: number, owed: boolean } | null} */
  let hold = null;
  let raf = 0;

  /** @param {string} name @param {number} [now] */
  function press(name, now = performance.now()) {
    const moved = ready();
    if (moved) options.fire(name);
    const timing = options.timing();
    hold = { name, next: now + (timing ? timing.delay : Infinity), owed: !moved };
    if (options.selfDriven) pump();
  }

  /** @param {string} name */
  function release(name) {
    if (hold?.name === name) hold = null;
  }

  /** @param {number} now */
  function frame(now) {
    if (!hold || !ready()) return;
    if (hold.owed) {
      hold.owed = false;
      options.fire(hold.name);
    }
    const timing = options.timing();
    if (!timing || !hold) return;
    if (now - hold.next > STALL * timing.every) hold.next = now;
    while (hold && now >= hold.next) {
      options.fire(hold.name);
      hold.next += timing.every;
    }
  }

  function pump() {
    if (raf || !hold) return;
    raf = requestAnimationFrame((now) => {
      raf = 0;
      frame(now);
      pump();
    });
  }

  function reset() {
    hold = null;
    if (raf) cancelAnimationFrame(raf);
    raf = 0;
  }

  function letGo() {
    reset();
    options.onLetGo?.();
  }

  function onVisibility() {
    if (document.hidden) letGo();
  }

  addEventListener("blur", letGo);
  document.addEventListener("visibilitychange", onVisibility);

  return {
    press,
    release,
    frame,
    reset,
    held: () => hold?.name ?? null,
    destroy() {
      reset();
      removeEventListener("blur", letGo);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}
