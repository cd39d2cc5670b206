// Synthesized sounds: Web Audio oscillators and envelopes, no
// files. One AudioContext with a master gain for the volume, suspended while
// the page is hidden.
// Making the context and its first voice costs a phone tens to hundreds of ms
// of main thread (P15: a tap's answer on screen at once; Chromium's first context
// in a page blocks it 70 ms on a desktop): they are made at the player's pause,
// never inside a tap nor while its answer is awaited (the main thread is idle
// then, the engine worker busy: an idle callback alone landed there). Autoplay
// rules: a context made before the player's first gesture starts suspended (and
// the browser warns), so it is made at the first pause after one (sticky
// activation: it starts running), at a run's launch, or by the first cue if that
// comes sooner (cues sound after their move's paint: web/kit/feel.js). A browser
// that wants the resume inside a gesture (Safari) gets it from every gesture's
// capture listener (cheap), and sounds from the next gesture on.

import { atPause } from "../pause.js";

/**
 * @typedef {object} Sound
 * @property {(name: string, size: number, step: number) => boolean} play true: nodes were made
 * @property {(volume: number) => void} volume sets the master gain (0..1)
 * @property {() => void} hide suspends the context
 * @property {() => void} show resumes it (when the sound is on)
 * @property {() => AudioContext | null} context
 * @property {() => void} launching a run is launched: the context is made now, not at the next pause
 */

/** How long an idle moment may be waited for before the work is done anyway (ms). */
export const IDLE_TIMEOUT_MS = 2000;
/** The player's pause the context waits for (ms without a pointer, key or touch): a tap's answer is long on screen. */
export const SOUND_PAUSE_MS = 1000;

/**
 * Runs `fn` when the main thread is idle (within IDLE_TIMEOUT_MS), or soon where the browser
 * has no idle callback (Safari).
 * @param {() => void} fn
 */
export const whenIdle = (fn) => {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(fn, 250);
};

/**
 * Runs `fn` at the player's first pause of SOUND_PAUSE_MS (or the page hidden), when idle.
 * @param {() => void} fn
 */
export const atRest = (fn) => atPause(() => whenIdle(fn), SOUND_PAUSE_MS);

/**
 * Whether the player has interacted with the page (sticky activation): an AudioContext made now
 * may start. Where the browser cannot tell, the gestures this module saw (`gestured`) answer.
 * @param {boolean} gestured
 * @param {{ userActivation?: { hasBeenActive: boolean } }} [nav]
 */
export const activated = (gestured, nav = navigator) => nav.userActivation?.hasBeenActive ?? gestured;

/** @param {number} semitones above A4 */
const note = (semitones) => 440 * 2 ** (semitones / 12);
// C5 E5 G5 C6 (semitones from A4)
const ARPEGGIO = [3, 7, 10, 15];
const SILENT = 0.0001;

/**
 * The voices and the cues' sounds, made in the graph `graph()` gives (the context and its master gain).
 * @param {() => { audio: AudioContext, out: GainNode }} graph
 */
function createVoices(graph) {
  /** @type {AudioBuffer | null} */
  let hiss = null;

  /**
   * One voice: an oscillator through an envelope into the master gain.
   * @param {number} at seconds from now @param {number} freq Hz
   * @param {{ to?: number, type?: OscillatorType, dur?: number, peak?: number, filter?: number }} [shape]
   */
  function tone(at, freq, { to, type = "triangle", dur = 0.12, peak = 0.2, filter } = {}) {
    const { audio, out } = graph();
    const t0 = audio.currentTime + 0.01 + at;
    const osc = audio.createOscillator();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t0);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    const env = audio.createGain();
    env.gain.setValueAtTime(SILENT, t0);
    env.gain.exponentialRampToValueAtTime(peak, t0 + 0.008);
    env.gain.exponentialRampToValueAtTime(SILENT, t0 + dur);
    /** @type {AudioNode} */
    let head = osc;
    if (filter) {
      const lowpass = audio.createBiquadFilter();
      lowpass.frequency.value = filter;
      head = osc.connect(lowpass);
    }
    head.connect(env).connect(out);
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
  }

  /** A short breath of filtered noise. @param {number} at @param {number} dur @param {number} peak @param {number} freq */
  function noise(at, dur, peak, freq) {
    const { audio, out } = graph();
    if (!hiss) {
      hiss = audio.createBuffer(1, Math.round(audio.sampleRate * 0.4), audio.sampleRate);
      const data = hiss.getChannelData(0);
      for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
    }
    const t0 = audio.currentTime + 0.01 + at;
    const source = audio.createBufferSource();
    source.buffer = hiss;
    const band = audio.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = freq;
    const env = audio.createGain();
    env.gain.setValueAtTime(peak, t0);
    env.gain.exponentialRampToValueAtTime(SILENT, t0 + dur);
    source.connect(band).connect(env).connect(out);
    source.start(t0);
    source.stop(t0 + dur + 0.02);
  }

  /** @type {Record<string, (size: number, step: number) => void>} */
  const SOUNDS = {
    place: () => {
      tone(0, 220, { to: 130, dur: 0.09, peak: 0.3 });
      noise(0, 0.04, 0.12, 2400);
    },
    move: () => tone(0, 700, { type: "sine", dur: 0.04, peak: 0.07 }),
    clear: (size) => {
      const n = Math.min(size, 4);
      for (let i = 0; i < n; i += 1) tone(i * 0.05, note(ARPEGGIO[i]), { dur: 0.2, peak: 0.16 });
      noise(0, 0.12 + n * 0.04, 0.1 + n * 0.02, 1800 + n * 600);
    },
    merge: (size) => {
      const lift = Math.min(size - 3, 6) * 2;
      tone(0, note(lift - 9), { to: note(lift + 3), type: "sine", dur: 0.16, peak: 0.22 });
      tone(0.07, note(lift + 10), { type: "sine", dur: 0.22, peak: 0.1 });
    },
    cancel: (size) => {
      tone(0, 520 + Math.min(size, 6) * 40, { to: 260, type: "square", dur: 0.08, peak: 0.06, filter: 1800 });
      noise(0.02, 0.08, 0.08, 1200);
    },
    chain: (size, step) => {
      const up = Math.min(Math.max(step, 1) - 1, 8) * 2; // a whole tone per step, capped
      tone(0, note(up), { dur: 0.16, peak: 0.18 });
      tone(0.04, note(up + 7), { type: "sine", dur: 0.18, peak: 0.1 });
    },
    fanfare: () => {
      ARPEGGIO.forEach((n, i) => tone(i * 0.09, note(n), { dur: i === 3 ? 0.5 : 0.16, peak: 0.18 }));
      tone(0.27, note(-9), { type: "sine", dur: 0.5, peak: 0.12 });
    },
    refuse: () => {
      tone(0, 110, { type: "sawtooth", dur: 0.07, peak: 0.14, filter: 700 });
      tone(0.1, 104, { type: "sawtooth", dur: 0.08, peak: 0.14, filter: 700 });
    },
    over: () => [-2, -5, -9].forEach((n, i) => tone(i * 0.12, note(n), { to: note(n - 1), dur: i === 2 ? 0.26 : 0.13, peak: 0.16 })),
  };

  return { tone, SOUNDS };
}

/**
 * @param {{ on: () => boolean, level: () => number, later?: (fn: () => void) => void }} options
 *   whether the sound is on; the volume; how the context's making is put off (atRest)
 * @returns {Sound}
 */
export function createSound({ on, level, later = atRest }) {
  /** @type {AudioContext | null} */
  let ac = null;
  /** @type {GainNode | null} */
  let master = null;
  let gestured = false;
  let pending = false; // a pause is awaited to make the context
  let primed = false;
  // Voices are made only once make() made the context and its master gain.
  const { tone, SOUNDS } = createVoices(() => ({ audio: /** @type {AudioContext} */ (ac), out: /** @type {GainNode} */ (master) }));

  // Made once the player has interacted (never a suspended context and an autoplay warning).
  const make = () => {
    if (ac || !on() || document.hidden || typeof AudioContext !== "function" || !activated(gestured)) return;
    ac = new AudioContext();
    master = ac.createGain();
    master.gain.value = level();
    master.connect(ac.destination);
    if (ac.state === "running") prime();
    else resume();
  };
  const resume = () => {
    if (!ac || ac.state !== "suspended" || document.hidden) return;
    ac.resume()
      .then(prime)
      .catch(() => {
        /* a later gesture tries again */
      });
  };
  // A first voice, silent: the audio graph's first nodes are the costly ones, paid here, not by a cue.
  const prime = () => {
    if (primed || !ac || ac.state !== "running") return;
    primed = true;
    tone(0, 440, { peak: SILENT * 2, dur: 0.02 });
  };
  const soon = () => {
    if (ac || pending || !on()) return;
    pending = true;
    later(() => {
      pending = false;
      make();
    });
  };
  // Every gesture: resuming is cheap and done at once; making the context waits for a pause.
  const wake = () => {
    gestured = true;
    if (!on() || document.hidden) return;
    if (ac) resume();
    else soon();
  };
  for (const type of ["pointerdown", "keydown", "touchend"]) document.addEventListener(type, wake, true);
  if (activated(false)) soon(); // a page the player already touched (the app's restart in place)

  return {
    play(name, size, step) {
      const sound = SOUNDS[name];
      if (!sound || !on() || document.hidden) return false;
      make(); // the first cue came before a pause: it sounds after its move's paint
      if (!ac || ac.state !== "running") return false;
      sound(size, step);
      return true;
    },
    volume(value) {
      if (master) master.gain.value = value;
    },
    // A run launched (domino's Play, a bowls attempt): made now, inside the launch. Its hitch is
    // the launch's, no tap's; domino's falling tile leaves no pause once play began, and an idle
    // moment after the launch came in the middle of the first moves.
    launching: make,
    hide() {
      if (ac?.state === "running")
        ac.suspend().catch(() => {
          /* closed already */
        });
    },
    show() {
      if (!on() || document.hidden) return;
      if (ac) resume();
      else soon();
    },
    context: () => ac,
  };
}
