// Held soft drop at the player's speed (Settings, `softDrop`). The rule stays
// the engine's: "normal" holds its soft drop (D6: a row every 50 ms of game
// time, the `soft` flag, recorded as `soft`). "fast" and "instant" are the
// input layer's plain `down` moves (D20: one row; refused `blocked` at the
// floor, which locks nothing), recorded as moves like any other, so a run
// replays exactly whatever the speed it was played at:
//
// - "fast": one `down` at the press, then one every `SOFT_DROP.fastMs`, through
//   the kit's key repeat (its own hold: a held left/right goes on beside it);
// - "instant": as many `down`s as the tile has rows above the ghost (the
//   view's landing row) at once, and again while held whenever the tile could
//   fall further (moved off a ledge, a new tile). It never locks the tile:
//   only time (the lock delay, D7), `hard` and `drop` lock (D20).
import { createKeyRepeat } from "../../kit/keys.js";
import { SOFT_DROP } from "../../storage.js";

/**
 * @typedef {object} SoftDropOptions
 * @property {() => string} speed the player's setting: "normal", "fast" or "instant" (read at each press)
 * @property {(held: boolean) => void} hold the engine's soft drop held or released (D6)
 * @property {() => (Promise<unknown> | void)} down one `down` move for the engine (settled when answered)
 * @property {() => boolean} ready moves are taken now (no turn animates)
 * @property {() => { row: number, ghost: number } | null} falling the falling tile the engine told last
 * @property {() => void} [onLetGo] told when blur or a hidden page let the hold go
 */

/**
 * @typedef {object} SoftDrop
 * @property {(now?: number) => void} start soft drop pressed (whatever holds it: key, touch, pad), at `now` (default: now)
 * @property {() => void} stop soft drop let go
 * @property {(now: number) => void} frame the page's frame: due `down`s are sent
 * @property {() => string | null} held the speed held, if any
 * @property {() => void} destroy
 */

/** @param {SoftDropOptions} options @returns {SoftDrop} */
export function createSoftDrop(options) {
  const every = SOFT_DROP.fastMs;
  const repeat = createKeyRepeat({
    fire: options.down,
    ready: options.ready,
    timing: () => ({ delay: every, every }),
    onLetGo: options.onLetGo,
  });
  /** @type {string | null} */
  let held = null; // the speed taken at the press
  let pending = 0; // instant: `down`s sent, not yet answered

  /** Instant: the rows down to the ghost, once the last ones are answered. */
  function toFloor() {
    const tile = options.falling();
    if (pending || !tile || !options.ready()) return;
    for (let row = tile.row; row < tile.ghost; row += 1) {
      const answer = options.down();
      if (!answer) continue;
      pending += 1;
      const done = () => {
        pending -= 1;
      };
      answer.then(done, done);
    }
  }

  return {
    start(now = performance.now()) {
      if (held) return;
      held = SOFT_DROP.speeds.includes(options.speed()) ? options.speed() : SOFT_DROP.speeds[0];
      if (held === "fast") repeat.press("down", now);
      else if (held === "instant") toFloor();
      else options.hold(true);
    },
    stop() {
      if (held === "fast") repeat.release("down");
      else if (held === "normal") options.hold(false);
      held = null;
    },
    frame(now) {
      if (held === "fast") repeat.frame(now);
      else if (held === "instant") toFloor();
    },
    held: () => held,
    destroy() {
      repeat.destroy();
      held = null;
    },
  };
}
