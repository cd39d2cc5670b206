// Input (D5, D8): keys, touch gestures on the well and the on-screen pad all
// become plain engine moves. Held left/right repeats here (170 ms, then every
// 50 ms); held soft drop is a flag the engine keeps; time stays explicit.
// A key pressed or held while a turn's cascade animates is kept, with its
// repeat timer (DAS charge, as guideline games keep it through line-clear
// delays): the next tile moves as soon as it is live (issue 11).
const REPEAT_DELAY = 170;
const REPEAT_EVERY = 50;
const TAP_PX = 10;
const TAP_MS = 280;
const FLICK_PX_PER_MS = 0.9;

const KEYS = {
  ArrowLeft: "left", ArrowRight: "right", ArrowDown: "soft", ArrowUp: "cw",
  " ": "hard", Spacebar: "hard", z: "ccw", Z: "ccw", x: "cw", X: "cw", p: "pause", P: "pause", Escape: "pause",
};

// The fastest downward movement (px/ms) between samples of the last 160 ms:
// a flick is fast at its end; a swipe held still before lifting is not one.
function peakSpeed(trail, now) {
  const recent = trail.filter(([t]) => now - t <= 160);
  let peak = 0;
  for (let i = 1; i < recent.length; i += 1) {
    const [ta, ya] = recent[i - 1];
    const [tb, yb] = recent[i];
    peak = Math.max(peak, (yb - ya) / Math.max(8, tb - ta));
  }
  return peak;
}

// playing(): moves are taken now; live(): the run is on (maybe animating),
// so held keys are recorded even when playing() is false.
export function createInput({ well, pad, act, soft, pause, playing, live, cellPixels }) {
  let hold = null; // {dir, next, owed}: owed = the first move is still to be made
  let softBy = new Set(); // what holds soft drop: "key", "touch", "pad"
  let gesture = null;

  function setSoft(source, on) {
    const before = softBy.size > 0;
    if (on) softBy.add(source); else softBy.delete(source);
    if (before !== softBy.size > 0) soft(softBy.size > 0);
  }

  function press(dir, now) {
    const moved = playing();
    if (moved) act(dir);
    hold = { dir, next: now + REPEAT_DELAY, owed: !moved };
  }

  function release(dir) {
    if (hold?.dir === dir) hold = null;
  }

  // Called once per animation frame by the loop.
  function frame(now) {
    if (!hold || !playing()) return;
    if (hold.owed) { hold.owed = false; act(hold.dir); } // pressed during the cascade
    // after a stall or a cascade: a charged repeat moves once now, no burst
    if (now - hold.next > 4 * REPEAT_EVERY) hold.next = now;
    while (now >= hold.next) {
      act(hold.dir);
      hold.next += REPEAT_EVERY;
    }
  }

  function reset() {
    hold = null;
    gesture = null;
    for (const source of [...softBy]) setSoft(source, false);
  }

  // ----- keyboard ----------------------------------------------------------
  function onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const what = KEYS[e.key];
    if (!what) return;
    if (e.target.closest?.("dialog")) return; // a confirm question has the keys (Escape cancels it)
    const control = e.target.closest?.("button, a, select, input, textarea");
    if (control && !control.closest(".dd-pad") && what !== "pause") return; // a focused control keeps its keys
    if (what === "pause") {
      e.preventDefault();
      if (!e.repeat) pause();
      return;
    }
    if (!live()) return;
    e.preventDefault();
    if (e.repeat) return; // repeat is ours, not the keyboard's
    if (what === "left" || what === "right") press(what, performance.now());
    else if (what === "soft") setSoft("key", true);
    else if (playing()) act(what);
  }

  function onKeyUp(e) {
    const what = KEYS[e.key];
    if (what === "left" || what === "right") release(what);
    if (what === "soft") setSoft("key", false);
  }

  // ----- touch gestures on the well (swipe, tap, flick) ----------------------
  function onPointerDown(e) {
    if (!playing() || gesture || e.button > 0) return;
    e.preventDefault();
    well.setPointerCapture?.(e.pointerId);
    gesture = { id: e.pointerId, x0: e.clientX, y0: e.clientY, t0: e.timeStamp, cols: 0, far: false, trail: [[e.timeStamp, e.clientY]] };
  }

  function onPointerMove(e) {
    if (!gesture || e.pointerId !== gesture.id) return;
    const cell = Math.max(12, cellPixels());
    const dx = e.clientX - gesture.x0;
    const dy = e.clientY - gesture.y0;
    if (Math.hypot(dx, dy) > TAP_PX) gesture.far = true;
    const cols = Math.trunc(dx / cell);
    while (gesture.cols < cols) { act("right"); gesture.cols += 1; }
    while (gesture.cols > cols) { act("left"); gesture.cols -= 1; }
    gesture.trail.push([e.timeStamp, e.clientY]);
    if (gesture.trail.length > 8) gesture.trail.shift();
    if (dy > cell * 1.1 && dy > Math.abs(dx) * 1.2) setSoft("touch", true);
    else if (dy < cell * 0.5) setSoft("touch", false);
  }

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

  // ----- on-screen pad --------------------------------------------------------
  function bindPad() {
    for (const button of pad.querySelectorAll("[data-do]")) {
      const what = button.dataset.do;
      button.addEventListener("mousedown", (e) => e.preventDefault()); // keep the focus on the well
      button.addEventListener("pointerdown", (e) => {
        if (e.button > 0) return;
        e.preventDefault();
        button.setPointerCapture?.(e.pointerId);
        button.classList.add("down");
        if (what === "pause") { pause(); return; }
        if (!live()) return;
        if (what === "left" || what === "right") press(what, performance.now());
        else if (what === "soft") setSoft("pad", true);
        else if (playing()) act(what);
      });
      const up = () => {
        button.classList.remove("down");
        if (what === "left" || what === "right") release(what);
        if (what === "soft") setSoft("pad", false);
      };
      button.addEventListener("pointerup", up);
      button.addEventListener("pointercancel", up);
      button.addEventListener("lostpointercapture", up);
      button.addEventListener("click", (e) => {
        // keyboard activation of a pad button (pointer presses were handled above)
        if (e.detail !== 0) return;
        if (what === "pause") pause();
        else if (playing() && what !== "soft") act(what);
      });
    }
  }

  addEventListener("keydown", onKeyDown);
  addEventListener("keyup", onKeyUp);
  addEventListener("blur", reset);
  well.addEventListener("pointerdown", onPointerDown);
  well.addEventListener("pointermove", onPointerMove);
  well.addEventListener("pointerup", onPointerUp);
  well.addEventListener("pointercancel", onPointerUp);
  bindPad();

  return {
    frame,
    reset,
    destroy() {
      removeEventListener("keydown", onKeyDown);
      removeEventListener("keyup", onKeyUp);
      removeEventListener("blur", reset);
    },
  };
}
