// Input (D5, D8): keys, touch gestures on the well and the on-screen pad all
// become plain engine moves. Held left/right repeats through the kit's key
// repeat, at the delay and rate the player set (D8's by default); held soft
// drop goes at the player's speed (domino/softdrop.js: the engine's flag, D6,
// by default, or plain `down` moves); time stays explicit. A key pressed or held
// while a turn's cascade animates is kept, with its repeat charge (as
// guideline games keep it through line-clear delays): the next tile moves as
// soon as it is live.
import { createKeyRepeat } from "../../kit/keys.js";
import { createSoftDrop } from "./softdrop.js";

// The feel of a touch gesture (how a finger is read), not a rule of the game.
const TAP_PX = 10;
const TAP_MS = 280;
const FLICK_PX_PER_MS = 0.9;
const FLICK_WINDOW_MS = 160;

/** @type {Record<string, string>} */
const KEYS = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowDown: "soft",
  ArrowUp: "cw",
  " ": "hard",
  Spacebar: "hard",
  z: "ccw",
  Z: "ccw",
  x: "cw",
  X: "cw",
  p: "pause",
  P: "pause",
  Escape: "pause",
};
const SIDEWAYS = new Set(["left", "right"]);

/**
 * @typedef {object} InputOptions
 * @property {SVGSVGElement} well
 * @property {HTMLElement} pad
 * @property {(move: string) => void} act a move for the engine
 * @property {(held: boolean) => void} soft the engine's soft drop held or released (D6)
 * @property {() => (Promise<unknown> | void)} drop one `down` move of a held soft drop (faster speeds), settled when answered
 * @property {() => string} speed the player's soft drop speed (softdrop.js)
 * @property {() => { row: number, ghost: number } | null} falling the falling tile the engine told last
 * @property {() => void} pause pause or resume
 * @property {() => boolean} playing moves are taken now
 * @property {() => boolean} live the run is on (maybe animating): held keys are recorded
 * @property {() => import("../../kit/keys.js").RepeatTiming | null} timing the engine's key repeat (D8)
 * @property {() => number} cellPixels
 * @property {(move: string) => void} early a one-shot move (rotate, hard drop) pressed while a turn animates:
 *   the page ends the animation at once and makes the move right after it (input never waits)
 * @property {(e: KeyboardEvent) => boolean} explore a key for the cell cursor (cursor.js): true when it took it
 */

/**
 * @typedef {object} Gesture
 * @property {number} id
 * @property {number} x0
 * @property {number} y0
 * @property {number} t0
 * @property {number} cols columns moved so far
 * @property {boolean} far moved beyond a tap
 * @property {Array<[number, number]>} trail recent [time, y] samples
 */

/**
 * The fastest downward movement (px/ms) between samples of the last moments:
 * a flick is fast at its end; a swipe held still before lifting is not one.
 * @param {Array<[number, number]>} trail @param {number} now
 */
function peakSpeed(trail, now) {
  const recent = trail.filter(([t]) => now - t <= FLICK_WINDOW_MS);
  let peak = 0;
  for (let i = 1; i < recent.length; i += 1) {
    const [ta, ya] = recent[i - 1];
    const [tb, yb] = recent[i];
    peak = Math.max(peak, (yb - ya) / Math.max(8, tb - ta));
  }
  return peak;
}

/** @param {EventTarget | null} target @param {string} selector */
const closest = (target, selector) => (target instanceof Element ? target.closest(selector) : null);

/**
 * One button of the on-screen pad: a press holds its move (repeat or soft drop) until lifted; keyboard
 * activation (Enter, Space on the focused button) makes the move once.
 * @param {HTMLButtonElement} button
 * @param {{ press: (what: string, source: string) => void, lift: (what: string, source: string) => void,
 *   act: (move: string) => void, playing: () => boolean }} on
 */
function bindPadButton(button, { press, lift, act, playing }) {
  const what = button.dataset.do ?? "";
  button.addEventListener("mousedown", (e) => e.preventDefault()); // keep the focus on the well
  button.addEventListener("pointerdown", (e) => {
    if (e.button > 0) return;
    e.preventDefault();
    button.setPointerCapture?.(e.pointerId);
    button.classList.add("down");
    press(what, "pad");
  });
  const up = () => {
    button.classList.remove("down");
    lift(what, "pad");
  };
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) button.addEventListener(type, up);
  button.addEventListener("click", (e) => {
    // keyboard activation (pointer presses were handled above)
    if (e.detail === 0 && playing() && what !== "soft") act(what);
  });
}

/** @param {InputOptions} options */
export function createInput(options) {
  const { well, pad, act, soft, pause, playing, live } = options;
  const repeat = createKeyRepeat({ fire: act, ready: playing, timing: options.timing, onLetGo: reset });
  const softDrop = createSoftDrop({
    speed: options.speed,
    hold: soft,
    down: options.drop,
    ready: playing,
    falling: options.falling,
    onLetGo: reset,
  });
  const softBy = new Set(); // what holds soft drop: "key", "touch", "pad"
  /** @type {Gesture | null} */
  let gesture = null;

  /** @param {string} source @param {boolean} on */
  function setSoft(source, on) {
    const before = softBy.size > 0;
    if (on) softBy.add(source);
    else softBy.delete(source);
    if (before === softBy.size > 0) return;
    if (before) softDrop.stop();
    else softDrop.start();
  }

  function reset() {
    repeat.reset();
    gesture = null;
    for (const source of [...softBy]) setSoft(source, false);
  }

  /** A move pressed (key or pad button): held ones repeat or hold. @param {string} what @param {string} source */
  function press(what, source) {
    if (!live()) return;
    if (SIDEWAYS.has(what)) repeat.press(what);
    else if (what === "soft") setSoft(source, true);
    else if (playing()) act(what);
    else options.early(what);
  }

  /** @param {string} what @param {string} source */
  function lift(what, source) {
    if (SIDEWAYS.has(what)) repeat.release(what);
    if (what === "soft") setSoft(source, false);
  }

  // ----- keyboard ----------------------------------------------------------
  /** @param {KeyboardEvent} e */
  function onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const what = KEYS[e.key];
    const field = closest(e.target, "button, a, select, input, textarea");
    const free = !closest(e.target, "dialog") && (!field || field.closest(".dd-pad"));
    if (free && live() && options.explore(e)) {
      e.preventDefault(); // the cell cursor's key (P11): no move
      return;
    }
    if (!what) return;
    if (closest(e.target, "dialog")) {
      // a card has the keys; P still toggles the pause (Escape is the card's)
      if (what === "pause" && e.key !== "Escape" && !e.repeat) pause();
      return;
    }
    const control = closest(e.target, "button, a, select, input, textarea");
    if (control && !control.closest(".dd-pad") && what !== "pause") return; // a focused control keeps its keys
    if (what !== "pause" && !live()) return;
    e.preventDefault();
    if (e.repeat) return; // repeat is ours, not the keyboard's
    if (what === "pause") pause();
    else press(what, "key");
  }

  /** @param {KeyboardEvent} e */
  function onKeyUp(e) {
    lift(KEYS[e.key], "key"); // a key of no move lifts nothing
  }

  // ----- touch gestures on the well (swipe, tap, flick) ----------------------
  /** @param {PointerEvent} e */
  function onPointerDown(e) {
    if (!playing() || gesture || e.button > 0) return;
    e.preventDefault();
    well.setPointerCapture?.(e.pointerId);
    gesture = { id: e.pointerId, x0: e.clientX, y0: e.clientY, t0: e.timeStamp, cols: 0, far: false, trail: [[e.timeStamp, e.clientY]] };
  }

  /** @param {PointerEvent} e */
  function onPointerMove(e) {
    if (!gesture || e.pointerId !== gesture.id) return;
    const cell = Math.max(12, options.cellPixels());
    const dx = e.clientX - gesture.x0;
    const dy = e.clientY - gesture.y0;
    if (Math.hypot(dx, dy) > TAP_PX) gesture.far = true;
    const cols = Math.trunc(dx / cell);
    while (gesture.cols < cols) {
      act("right");
      gesture.cols += 1;
    }
    while (gesture.cols > cols) {
      act("left");
      gesture.cols -= 1;
    }
    gesture.trail.push([e.timeStamp, e.clientY]);
    if (gesture.trail.length > 8) gesture.trail.shift();
    if (dy > cell * 1.1 && dy > Math.abs(dx) * 1.2) setSoft("touch", true);
    else if (dy < cell * 0.5) setSoft("touch", false);
  }

  /** @param {PointerEvent} e */
  function onPointerUp(e) {
    if (!gesture || e.pointerId !== gesture.id) return;
    const g = gesture;
    gesture = null;
    setSoft("touch", false);
    if (!playing()) return;
    const dy = e.clientY - g.y0;
    if (!g.far && e.timeStamp - g.t0 < TAP_MS) act("cw");
    else if (dy > 40 && g.cols === 0 && peakSpeed([...g.trail, [e.timeStamp, e.clientY]], e.timeStamp) > FLICK_PX_PER_MS) act("hard");
  }

  addEventListener("keydown", onKeyDown);
  addEventListener("keyup", onKeyUp);
  well.addEventListener("pointerdown", onPointerDown);
  well.addEventListener("pointermove", onPointerMove);
  well.addEventListener("pointerup", onPointerUp);
  well.addEventListener("pointercancel", onPointerUp);
  pad
    .querySelectorAll("button[data-do]")
    .forEach((b) => bindPadButton(/** @type {HTMLButtonElement} */ (b), { press, lift, act, playing }));

  return {
    /** Called once per animation frame by the loop. @param {number} now */
    frame(now) {
      repeat.frame(now);
      softDrop.frame(now);
    },
    reset,
    destroy() {
      repeat.destroy();
      softDrop.destroy();
      removeEventListener("keydown", onKeyDown);
      removeEventListener("keyup", onKeyUp);
    },
  };
}
