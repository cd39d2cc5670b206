// The replay bar (docs/daily-club.md): steps through a kept run drawn by the
// engine's replay session. The bar only asks for positions (`seek(i)`, 0..N)
// and hands each answer to the page's `show(view, events, index, jump)`; the engine replays
// the actions, so every position is the engine's own (P4). A seek is one engine
// call wherever it lands; a jump (anything but one step forward) is only drawn by
// the page, never animated, so Last shows the end at once.
//
// The counter says moves as the game's end card counts them ("Move m of M", the
// engine's `move` and `moves`, M11's moves in merge): a step may be a merge turn or
// domino frames, which are positions of the slider but no move.
//
// Controls, each a real button with an accessible name: first, step back,
// play/pause, step forward, last, speed 1×/2×/4×; a real range slider; "Move i
// of N" in a polite live region; the final score; "Play this deal" (the
// challenge link) and "Close". Keys: ←/→ step by the player's moves (the engine's
// `replay_move_index`: a domino tile's frames or a merge turn are no move), Shift+←/→
// or , and . by one step (a frame), Home/End the first and last position, Space
// play/pause, on the slider too (it keeps its own arrow, Home and End keys).
//
// Play timing: one step per 600 ms at 1× (300 at 2×, 150 at 4×). A step that
// brought no event (a plain domino tick or a sideways move) waits a quarter of
// that, so a falling tile moves at about the speed it fell at and the key
// moments keep their time. Every step is still drawn: none is skipped. Under
// reduced motion nothing moves but the position itself (the page's own show
// decides its animations by ctx.reducedMotion).
import { html, svg } from "../svg.js";

export const STEP_MS = 600;
export const SPEEDS = [1, 2, 4];
const QUIET_SHARE = 4; // an eventless step waits STEP_MS / speed / QUIET_SHARE
// The controls' icons (16x16, drawn: no font has them all): a bar is an end, a triangle a direction.
const ICONS = {
  first: "M2 2h2v12H2zM9 2v12L4 8zM15 2v12L10 8z",
  back: "M11 2h2v12h-2zM10 2v12L3 8z",
  play: "M4 2l10 6-10 6z",
  pause: "M3 2h4v12H3zM9 2h4v12H9z",
  forward: "M3 2h2v12H3zM6 2l7 6-7 6z",
  last: "M12 2h2v12h-2zM7 2v12l5-6zM1 2v12l5-6z",
};

/**
 * @typedef {object} Position the engine's `replay_seek` answer
 * @property {number} index
 * @property {number} steps
 * @property {number} move the player's moves made by this position, as the end card counts them
 * @property {number} moves the run's moves, as its end card counts them
 * @property {any} view
 * @property {import("./page.js").GameEvent[]} events
 */

/**
 * @typedef {object} BarOptions
 * @property {(key: string, vars?: object) => string} t
 * @property {(value: number) => string} number
 * @property {number} steps N: positions 0..N
 * @property {number} moves the run's moves, as its end card counts them (the counter's total)
 * @property {number} [move] the moves made by position 0 (0 unless the run began with some)
 * @property {number} score the run's final score
 * @property {string | null} link the challenge link of the deal, or null
 * @property {((index: number) => string) | null} [here] "Play from here": the address of a practice run from position
 *   `index` (club.forking: the engine makes it; the page only names the step), or null
 * @property {string | null} [kind] what the run was, shown beside its score ("Daily · 2 Dec 2026"), or null
 * @property {(index: number) => Promise<Position>} seek asks the engine for position index
 * @property {(index: number, by: number) => Promise<number>} [moveIndex] the position `by` (-1, 1) moves from `index`
 *   (the engine's replay_move_index); none: a move is a step
 * @property {(view: any, events: import("./page.js").GameEvent[], index: number, jump: boolean) => void} show the page draws position
 *   `index`; `jump`: not one step forward from the position shown (Last, First, the slider, a step back):
 *   drawn at once, no animation
 * @property {(error: unknown) => void} report
 * @property {() => void} close leaves the replay
 */

/**
 * @typedef {object} ReplayBar
 * @property {HTMLElement} node
 * @property {(index: number) => Promise<void>} goTo
 * @property {() => number} index the position shown
 * @property {() => boolean} playing
 * @property {() => void} destroy stops playing and lets go of the keys
 */

/**
 * The bar's parts, drawn once; paintBar keeps them in step with the position.
 * @typedef {object} BarParts
 * @property {HTMLElement} node
 * @property {HTMLElement} where "Move i of N", a polite live region
 * @property {HTMLElement} first
 * @property {HTMLElement} back
 * @property {HTMLElement} play
 * @property {SVGPathElement} playIcon
 * @property {HTMLElement} forward
 * @property {HTMLElement} last
 * @property {HTMLElement} speed
 * @property {HTMLInputElement} slider
 * @property {HTMLElement} close
 * @property {HTMLAnchorElement | null} here "Play from here", its address kept at the position shown
 */

/**
 * What the bar's controls and keys do (createReplayBar's player).
 * @typedef {object} BarActions
 * @property {(index: number) => Promise<void>} goTo
 * @property {() => void} stop
 * @property {() => void} toggle
 * @property {() => number} target the position last asked for
 * @property {() => void} nextSpeed
 * @property {() => void} close
 * @property {(by: number) => void} byMove steps by the player's moves from the position last asked for
 */

/**
 * Draws the bar's parts (P11: each control a real button with an accessible name, a real slider).
 * @param {HTMLElement} host @param {BarOptions} options @returns {BarParts}
 */
function drawBar(host, { t, number, steps, score, link, kind = null, here = null }) {
  const node = html("div", { class: "replay-bar", role: "group", "aria-label": t("shell.replay.title") }, host);
  const status = html("div", { class: "replay-status" }, node);
  const where = html("p", { class: "replay-where", "aria-live": "polite" }, status);
  if (kind) html("p", { class: "replay-kind" }, status, kind);
  html("p", { class: "replay-score" }, status, t("shell.replay.final", { score: number(score) }));
  const controls = html("div", { class: "replay-controls" }, node);
  /** @param {"first" | "back" | "play" | "forward" | "last"} name */
  const button = (name) => {
    const label = t(`shell.replay.${name}`);
    const el = html("button", { type: "button", class: `btn replay-${name}`, "aria-label": label, title: label }, controls);
    const art = svg("svg", { viewBox: "0 0 16 16", class: "replay-icon", "aria-hidden": "true", focusable: "false" }, el);
    svg("path", { d: ICONS[name] }, art);
    return el;
  };
  const [first, back, play, forward, last] = [button("first"), button("back"), button("play"), button("forward"), button("last")];
  const playIcon = /** @type {SVGPathElement} */ (play.querySelector("path"));
  const speed = html(
    "button",
    { type: "button", class: "btn replay-speed", "aria-label": t("shell.replay.speed", { speed: "1×" }) },
    controls,
    "1×",
  );
  const slider = /** @type {HTMLInputElement} */ (
    html(
      "input",
      {
        type: "range",
        class: "replay-slider",
        min: "0",
        max: String(steps),
        step: "1",
        value: "0",
        "aria-label": t("shell.replay.slider"),
      },
      node,
    )
  );
  const links = html("div", { class: "replay-links" }, node);
  if (link) html("a", { class: "btn primary replay-play-deal", href: link }, links, t("shell.replay.playDeal"));
  const from = here
    ? /** @type {HTMLAnchorElement} */ (html("a", { class: "btn replay-play-here", href: here(0) }, links, t("shell.replay.playHere")))
    : null;
  const close = html("button", { type: "button", class: "btn replay-close" }, links, t("shell.replay.close"));
  return { node, where, first, back, play, playIcon, forward, last, speed, slider, close, here: from };
}

/**
 * Shows the position, where the slider was put, the ends and play/pause.
 * @param {BarParts} parts @param {BarOptions} options
 * @param {{ shown: number, move: number, target: number, playing: boolean }} state
 */
function paintBar(parts, { t, number, steps, moves, here = null }, { shown, move, target, playing }) {
  const { node, where, slider, first, back, forward, last, play, playIcon } = parts;
  if (parts.here && here) parts.here.setAttribute("href", here(shown)); // the position on screen, not one asked for and not yet drawn
  where.textContent = t("shell.replay.position", { move: number(move), moves: number(moves), count: moves });
  slider.value = String(target); // where the player put it while the engine answers (a drag stays under the finger)
  slider.setAttribute("aria-valuetext", where.textContent);
  // aria-disabled, not disabled: a focused button at the end keeps the focus (a click there does nothing: goTo clamps)
  for (const el of [first, back]) el.setAttribute("aria-disabled", String(shown === 0));
  for (const el of [forward, last]) el.setAttribute("aria-disabled", String(shown >= steps));
  play.setAttribute("aria-label", t(playing ? "shell.replay.pause" : "shell.replay.play"));
  play.title = play.getAttribute("aria-label") ?? "";
  play.setAttribute("aria-pressed", String(playing));
  playIcon.setAttribute("d", playing ? ICONS.pause : ICONS.play);
  node.dataset.index = String(shown);
  node.dataset.move = String(move);
  node.dataset.playing = playing ? "1" : "";
}

/** @param {BarParts} parts @param {number} steps @param {BarActions} act */
function wireControls(parts, steps, act) {
  const { first, back, play, forward, last, speed, slider, close } = parts;
  first.addEventListener("click", () => {
    act.stop();
    act.goTo(0);
  });
  // A step counts from the position last asked for: quick presses each step once, even before it is drawn.
  back.addEventListener("click", () => {
    act.stop();
    act.goTo(act.target() - 1);
  });
  forward.addEventListener("click", () => {
    act.stop();
    act.goTo(act.target() + 1);
  });
  last.addEventListener("click", () => {
    act.stop();
    act.goTo(steps);
  });
  play.addEventListener("click", act.toggle);
  speed.addEventListener("click", act.nextSpeed);
  // The value first: stopping repaints the slider to the position asked before.
  slider.addEventListener("input", () => {
    const want = Number(slider.value);
    act.stop();
    act.goTo(want);
  });
  close.addEventListener("click", () => {
    act.stop();
    act.close();
  });
}

/**
 * The bar's keys (P11): ←/→ by move, Shift+←/→ or , and . by step, Space play/pause; the slider keeps its
 * own arrows, Home and End, and Space plays and pauses there too (where the focus is after scrubbing).
 * @param {HTMLInputElement} slider @param {BarActions} act @returns {(e: KeyboardEvent) => void}
 */
function barKeys(slider, act) {
  return (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const on = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (on?.closest("dialog, textarea, select")) return;
    if (on === slider) {
      if (e.key !== " ") return; // the slider's own arrows, Home and End
      e.preventDefault();
      act.toggle();
      return;
    }
    const arrow = e.key === "ArrowLeft" || e.key === "ArrowRight";
    if ((arrow && e.shiftKey) || e.key === "," || e.key === ".") {
      e.preventDefault(); // one step: a frame of a falling tile, a merge turn
      act.stop();
      act.goTo(act.target() + (e.key === "ArrowLeft" || e.key === "," ? -1 : 1));
    } else if (arrow) {
      e.preventDefault();
      act.stop();
      act.byMove(e.key === "ArrowLeft" ? -1 : 1);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      act.stop();
      act.goTo(e.key === "Home" ? 0 : Number.POSITIVE_INFINITY);
    } else if (e.key === " " && !(on instanceof HTMLButtonElement || on instanceof HTMLAnchorElement)) {
      e.preventDefault(); // a focused button's own Space clicks it
      act.toggle();
    }
  };
}

/**
 * @param {HTMLElement} host the bar is appended to it (#app, after the page's root)
 * @param {BarOptions} options
 * @returns {ReplayBar}
 */
export function createReplayBar(host, options) {
  const { t, steps } = options;
  const parts = drawBar(host, options);

  let shown = 0;
  let move = options.move ?? 0;
  let target = 0;
  let seeking = false;
  let speedAt = 0;
  let playing = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null; // the next step of play; null also while that step is on its way
  let lastEvents = /** @type {import("./page.js").GameEvent[]} */ ([]);
  let gone = false;

  const paint = () => paintBar(parts, options, { shown, move, target, playing });

  // One seek at a time; the latest asked position wins (a dragged slider asks many).
  async function pump() {
    if (seeking) return;
    seeking = true;
    try {
      while (!gone && target !== shown) {
        const want = target;
        const answer = await options.seek(want);
        if (gone) return;
        const jump = answer.index !== shown + 1;
        shown = answer.index;
        move = answer.move;
        lastEvents = answer.events ?? [];
        options.show(answer.view, lastEvents, shown, jump);
        if (target === want) target = shown;
        paint();
      }
    } catch (error) {
      options.report(error);
      target = shown;
      stop();
    } finally {
      seeking = false;
    }
  }

  /** @param {number} index */
  async function goTo(index) {
    target = Math.max(0, Math.min(steps, Math.round(index)));
    paint();
    await pump();
  }

  // Play ends here, also while its step is on its way (a control, a failed seek): no step follows.
  function stop() {
    playing = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    paint();
  }

  function tick() {
    timer = null;
    if (gone || !playing) return;
    goTo(shown + 1).then(() => {
      if (gone || !playing) return;
      if (shown >= steps) {
        stop();
        return;
      }
      const wait = STEP_MS / SPEEDS[speedAt] / (lastEvents.length ? 1 : QUIET_SHARE);
      timer = setTimeout(tick, wait);
    });
  }

  function toggle() {
    if (playing) {
      stop();
      return;
    }
    playing = true;
    paint();
    if (shown < steps) {
      timer = setTimeout(tick, 0);
      return;
    }
    goTo(0).then(() => {
      // at the end: play again from the start
      if (gone || !playing || timer !== null) return;
      timer = setTimeout(tick, STEP_MS / SPEEDS[speedAt]);
    });
  }

  function nextSpeed() {
    speedAt = (speedAt + 1) % SPEEDS.length;
    const label = `${SPEEDS[speedAt]}×`;
    parts.speed.textContent = label;
    parts.speed.setAttribute("aria-label", t("shell.replay.speed", { speed: label }));
  }

  // Moves asked one after another: quick presses each go one move on from where the last one landed.
  let moving = Promise.resolve();
  /** @param {number} by */
  function byMove(by) {
    const ask = options.moveIndex;
    if (!ask) {
      goTo(target + by);
      return;
    }
    moving = moving
      .then(async () => {
        const to = await ask(target, by);
        if (!gone) await goTo(to);
      })
      .catch(options.report);
  }

  /** @type {BarActions} */
  const act = { goTo, stop, toggle, target: () => target, nextSpeed, close: () => options.close(), byMove };
  wireControls(parts, steps, act);
  const onKey = barKeys(parts.slider, act);
  document.addEventListener("keydown", onKey);
  paint();

  return {
    node: parts.node,
    goTo,
    index: () => shown,
    playing: () => playing,
    destroy() {
      gone = true;
      playing = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      document.removeEventListener("keydown", onKey);
    },
  };
}
