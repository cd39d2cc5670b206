// The frame path (D8): time and moves to the engine, never a round trip
// inside a frame. Each animation frame adds its elapsed time to `state.acc`
// and, when no tick is in flight, sends it as one `tick` without awaiting it;
// the frame draws the latest falling tile the engine told (a tick's or a
// move's answer), extrapolating nothing. A move is sent at once and drawn when
// its answer arrives. Time that passed before an input is sent before it
// (flush), so the engine sees time and input in the order they happened
// (D8). Answers that arrive while a turn animates are applied after it, in
// order; answers about a run the page has since replaced are dropped.
//
// These calls go straight to the engine (answered in order by its worker),
// not through the page's `serial`, which would hold a move behind the
// previous answer and let the next frame's time overtake it.
//
// The play clock (domino/playtime.js) counts the time sent; each answer that
// brings a save carries its call's mark, so the page knows how much game time
// the stored save lacks (`owed`) when it must go without waiting.
import { createPlayClock } from "./playtime.js";

const MAX_FRAME_MS = 100; // a long frame (tab stall) counts as at most this much game time
const PROBE_KEEP = 600; // frame intervals kept by the frame-time probe

/**
 * @typedef {object} FrameDeps
 * @property {import("./state.js").State} state
 * @property {import("../../engine.js").Engine<Domino.Calls>} engine
 * @property {HTMLElement} root the page's section (the probe's lists go on it)
 * @property {ReturnType<typeof import("./well.js").createWell>} well
 * @property {(value: number) => void} speed shows the engine's Speed
 * @property {() => boolean} reduced reduced motion
 * @property {(answer: Answer | Turned, mark: number) => void} turn a turn resolved or the run ended: animate it (mark: the play
 *   clock's, for its save)
 * @property {(answer: Answer, mark: number) => void} keep store an accepted move's save and view
 * @property {(error: unknown, runId: number) => void} failed the engine failed
 * @property {(now: number) => void} beat the input's part of a frame (held keys)
 * @property {(move: string, answer: Answer, by: string) => void} answered a move's answer, accepted or refused (its feel, the
 *   lesson); by "soft": a held soft drop's `down`
 * @property {() => boolean} frozen no game time passes (the lesson: the tile waits for the player)
 */

/** @typedef {Club.Answer<Domino.View, Domino.Event>} Answer an action's answer, with this game's events and view */
/** @typedef {Domino.Tick & { view: Domino.View, save: string }} Turned a tick that resolved a turn or ended the run: its view and save come (Domino.Tick) */

/** @param {Domino.Tick} tick @returns {tick is Turned} */
function turned(tick) {
  return tick.view !== null && tick.save !== null;
}

/**
 * The frame-time probe (make bench), on while <html data-frame-probe="1"> when play (re)starts:
 * comma lists of ms on the page's <section>, the last 600 each: data-frames the rAF intervals during
 * play, data-moves input to the move's answer drawn, data-ticks the tick round trips. Off, it keeps
 * and writes nothing.
 * @param {HTMLElement} root the page's section (the lists go on it)
 */
function createFrameProbe(root) {
  /** @type {{ frames: string[], moves: string[], ticks: string[] } | null} */
  let lists = null;
  let first = true; // a (re)start's first frame has no interval before it

  /** @param {"frames" | "moves" | "ticks"} name @param {number} ms */
  function record(name, ms) {
    if (!lists) return;
    const list = lists[name];
    list.push(ms.toFixed(1));
    if (list.length > PROBE_KEEP) list.shift();
    root.dataset[name] = list.join(",");
  }

  return {
    record,
    /** Play (re)starts: on while the flag is, the lists kept from the last start. */
    start() {
      first = true;
      lists = document.documentElement.dataset.frameProbe === "1" ? (lists ?? { frames: [], moves: [], ticks: [] }) : null;
    },
    /** A frame came `ms` after the one before it. @param {number} ms */
    frame(ms) {
      if (!first) record("frames", ms);
      first = false;
    },
  };
}

/**
 * An answer is applied now, or after the turn being animated (answers come in order; anim.js applies
 * the backlog when the turn's animation ends).
 * @param {import("./state.js").State} state @param {() => void} apply
 */
function deliver(state, apply) {
  if (state.animating) state.backlog.push(apply);
  else apply();
}

/** @param {FrameDeps} deps */
export function createFrames(deps) {
  const { state, engine, root, well } = deps;
  const clock = createPlayClock();
  const probe = createFrameProbe(root);
  let raf = 0;
  let last = 0;

  /** Send the elapsed game time as one tick (fire and forget: its answer is applied when it comes). */
  function sendTick() {
    const ms = Math.floor(state.acc);
    if (ms < 1 || state.animating || state.adopting) return;
    state.acc -= ms;
    state.ticking += 1;
    const id = state.runId;
    const asked = performance.now();
    const mark = clock.sent(ms);
    engine.call("tick", { ms }).then(
      (/** @type {Domino.Tick} */ answer) => {
        state.ticking -= 1;
        probe.record("ticks", performance.now() - asked);
        if (id !== state.runId) return;
        deliver(state, () => takeTick(answer, mark));
        // frames that passed while this tick was out: their time goes at once
        if (!state.ticking && state.phase === "play" && state.acc >= 1) sendTick();
      },
      (error) => {
        state.ticking -= 1;
        deps.failed(error, id);
      },
    );
  }

  /** @param {Domino.Tick} answer @param {number} mark */
  function takeTick(answer, mark) {
    if (turned(answer)) {
      deps.turn(answer, mark);
      return;
    }
    state.falling = answer.falling;
    well.drawFalling(state.falling, deps.reduced()); // now, not at the next frame
    deps.speed(answer.speed);
  }

  /** Time before an input is the engine's before the input (D8: time is explicit). */
  function flush() {
    if (state.acc >= 1) sendTick();
  }

  /** @param {number} now */
  function frame(now) {
    raf = 0;
    if (state.phase !== "play") return;
    probe.frame(now - last);
    const dt = Math.min(Math.max(now - last, 0), MAX_FRAME_MS);
    last = now;
    if (!state.animating) {
      deps.beat(now);
      if (!deps.frozen()) state.acc += dt;
      if (!state.ticking) sendTick();
      well.drawFalling(state.falling, deps.reduced());
    }
    if (state.phase === "play") raf = requestAnimationFrame(frame);
  }

  /** The loop runs while the phase is play. */
  function run() {
    if (raf || state.phase !== "play") return;
    last = performance.now();
    state.acc = 0;
    probe.start();
    raf = requestAnimationFrame(frame);
  }

  /**
   * A player move, sent at once after the time before it; settled once its answer is taken (none: not sent).
   * @param {string} move @param {string} [by] "soft": a `down` of a held soft drop (softdrop.js)
   * @returns {Promise<void> | undefined}
   */
  function act(move, by = "") {
    if (state.phase !== "play" || state.animating || state.adopting) return undefined;
    flush();
    const id = state.runId;
    const asked = performance.now();
    const mark = clock.mark();
    return engine.call("move", { move }).then(
      (/** @type {Answer} */ answer) => {
        if (id === state.runId) deliver(state, () => takeMove(move, answer, asked, mark, by));
      },
      (error) => deps.failed(error, id),
    );
  }

  /** @param {string} move @param {Answer} answer @param {number} asked @param {number} mark @param {string} by */
  function takeMove(move, answer, asked, mark, by) {
    deps.answered(move, answer, by);
    if (!answer.accepted) return;
    if (answer.events.some((e) => e.type === "scored" || e.type === "over")) {
      // a turn: a tile locked (every lock scores, maybe 0) or the run ended
      deps.turn(answer, mark);
      return;
    }
    deps.keep(answer, mark);
    state.view = answer.view;
    state.falling = answer.view.falling;
    well.drawFalling(state.falling, deps.reduced()); // at once, not at the next frame
    probe.record("moves", performance.now() - asked);
  }

  /** Soft drop held or released (a flag the engine keeps). @param {boolean} held */
  function soft(held) {
    if (state.adopting) return;
    flush();
    const id = state.runId;
    engine.call("soft", { held }).catch((error) => deps.failed(error, id));
  }

  return {
    run,
    flush,
    act,
    soft,
    /** The play clock's mark for a call asked now (its answer's save holds every tick sent before it). */
    mark: () => clock.mark(),
    /** A save asked at `mark` is stored. @param {number} mark */
    saved: (mark) => clock.saved(mark),
    /** Another run is shown: nothing is owed to it yet. */
    settle: () => clock.settle(),
    /** Game time the stored save lacks: ticks sent since it, and the frames' time not yet sent (ms). */
    owed: () => clock.owed(state.acc),
    stop() {
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
    },
  };
}
