// Domino Drop's held soft drop at the player's speed (web/games/domino/softdrop.js): "normal" holds the
// engine's soft drop (D6, its `soft` flag); "fast" and "instant" send plain `down` moves (D20), which the
// recording keeps, so a run replays the same whatever the speed. Each row: the speed set, what happens
// (ms since the press), and what the engine is asked, in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deferred, installDom, settle } from "./fakes.mjs";
import { createSoftDrop } from "../../web/games/domino/softdrop.js";
import { SOFT_DROP } from "../../web/storage.js";

installDom();
globalThis.addEventListener ??= () => {}; // the kit's key repeat listens for blur on the window
globalThis.removeEventListener ??= () => {};

const FAST = SOFT_DROP.fastMs;

/**
 * A soft drop on a fake engine: every `down` waits for its answer until `answer()`; `ready` and the falling
 * tile are the test's. @param {string} speed
 */
function harness(speed) {
  /** @type {string[]} */
  const asked = [];
  /** @type {Array<ReturnType<typeof deferred>>} */
  const waiting = [];
  const page = { ready: true, falling: /** @type {{ row: number, ghost: number } | null} */ ({ row: 2, ghost: 9 }) };
  const drop = createSoftDrop({
    speed: () => speed,
    hold: (held) => asked.push(held ? "soft on" : "soft off"),
    down: () => {
      asked.push("down");
      const answer = deferred();
      waiting.push(answer);
      return answer.promise;
    },
    ready: () => page.ready,
    falling: () => page.falling,
  });
  return {
    asked,
    page,
    drop,
    /** Every `down` sent so far is answered, the tile now at `row`. @param {number} row */
    async answer(row) {
      if (page.falling) page.falling = { ...page.falling, row };
      for (const answer of waiting.splice(0)) answer.resolve(undefined);
      await settle();
    },
  };
}

/** Frames every 10 ms from `from` to `to` (inclusive). @param {ReturnType<typeof harness>} h @param {number} from @param {number} to */
function frames(h, from, to) {
  for (let now = from; now <= to; now += 10) h.drop.frame(now);
}

const downs = (/** @type {number} */ n) => Array(n).fill("down");

// [what, speed, play (the test's steps), what the engine is asked]
/** @type {Array<[string, string, (h: ReturnType<typeof harness>) => Promise<void> | void, string[]]>} */
const ROWS = [
  [
    "normal holds the engine's soft drop (D6) and sends no move",
    "normal",
    (h) => {
      h.drop.start(0);
      frames(h, 0, 300);
      h.drop.stop();
    },
    ["soft on", "soft off"],
  ],
  [
    "an unknown speed (an old or hand-edited setting) is normal",
    "warp",
    (h) => {
      h.drop.start(0);
      h.drop.stop();
    },
    ["soft on", "soft off"],
  ],
  [
    `fast: a row at the press, then one every ${FAST} ms while held (200 ms: 1 + 10)`,
    "fast",
    (h) => {
      h.drop.start(0);
      frames(h, 0, 200);
      h.drop.stop();
      frames(h, 210, 400); // let go: nothing more
    },
    downs(1 + 200 / FAST),
  ],
  [
    "fast pressed while a turn animates: the row is owed and the repeat's charge kept (D8's keys alike): both once moves are taken",
    "fast",
    (h) => {
      h.page.ready = false;
      h.drop.start(0);
      frames(h, 0, 100);
      h.page.ready = true;
      h.drop.frame(110);
      h.drop.stop();
    },
    downs(2),
  ],
  [
    "instant: the rows down to the ghost at once, nothing more while they are on their way or at the floor",
    "instant",
    async (h) => {
      h.drop.start(0);
      frames(h, 0, 50); // the 7 downs are not answered yet: no second burst
      await h.answer(9);
      frames(h, 60, 300); // at the floor (row = ghost): it waits there, never locked by the page
      h.drop.stop();
    },
    downs(9 - 2),
  ],
  [
    "instant held: a tile that can fall again (moved off a ledge, a new tile) goes down at once",
    "instant",
    async (h) => {
      h.drop.start(0);
      await h.answer(9);
      h.page.falling = { row: 9, ghost: 12 }; // slid sideways over a hole
      h.drop.frame(20);
      await h.answer(12);
      h.page.falling = { row: 0, ghost: 12 }; // the next tile
      h.drop.frame(40);
      await h.answer(12);
      h.drop.stop();
      h.page.falling = { row: 0, ghost: 12 };
      h.drop.frame(60); // let go: the new tile falls on its own
    },
    downs(7 + 3 + 12),
  ],
  [
    "instant with no falling tile sends nothing",
    "instant",
    (h) => {
      h.page.falling = null;
      h.drop.start(0);
      frames(h, 0, 50);
      h.drop.stop();
    },
    [],
  ],
];

for (const [what, speed, play, expected] of ROWS) {
  test(what, async () => {
    const h = harness(speed);
    await play(h);
    h.drop.destroy();
    assert.deepEqual(h.asked, expected);
  });
}

test("the speeds offered: D6's first (the default), then the input layer's faster ones", () => {
  assert.deepEqual(SOFT_DROP.speeds, ["normal", "fast", "instant"]);
  assert.ok(FAST > 0 && FAST < 50, "fast is faster than D6's soft drop");
});
