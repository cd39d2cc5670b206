// "Play from here" (web/kit/clubreplay.js hereLink, web/kit/club.js herePayload): the replay bar's
// address names the replay and the step, and the game page hands the engine exactly that
// (`{from_replay, step}`: club.forking makes the run); anything else is no fork. A run in play
// is ended only if the player agrees (the same question a link's deal asks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { hereLink } from "../../web/kit/clubreplay.js";
import { createClub, herePayload } from "../../web/kit/club.js";
import { heldEngine, installDom, settle, showKey } from "./fakes.mjs";

const CODE = "6E1.blocks.eJyrVkrOz0vOT-_JLypRsjI0sNBRyk0sSs5QsoquVspMUbIy1FFKzs8tyEktSVWyMqxVqo0FAIyuDxQ";

// [what, route start, payload handed to the engine or null]
const ROWS = [
  ["step 0", `from=0&code=${CODE}`, { from_replay: CODE, step: 0 }],
  ["step 17", `from=17&code=${CODE}`, { from_replay: CODE, step: 17 }],
  ["the replay first", `code=${CODE}&from=3`, null], // only the bar's own order is a fork link
  ["no step", `from=&code=${CODE}`, null],
  ["a negative step", `from=-1&code=${CODE}`, null],
  ["a fraction", `from=1.5&code=${CODE}`, null],
  ["no code", "from=3", null],
  ["an empty code", "from=3&code=", null],
  ["a challenge link", "seed=12&mode=sprint", null],
  ["a past daily", "archive=2026-12-01", null],
];

for (const [what, start, payload] of ROWS) {
  test(`a start of ${what} is ${payload ? "a fork" : "no fork"}`, () => {
    assert.deepEqual(herePayload(start), payload);
  });
}

test("the bar's address reads back as the replay and the step it names", () => {
  for (const index of [0, 1, 250]) {
    const link = hereLink("domino", CODE, index);
    assert.ok(link.startsWith("#/domino?from="), link);
    assert.deepEqual(herePayload(link.slice("#/domino?".length)), { from_replay: CODE, step: index });
  }
});

/** A game page's club opening `#/blocks?<start>` with a held engine. @param {string} start */
function forkPage(start) {
  const doc = installDom();
  globalThis.history = /** @type {any} */ ({ state: null, replaceState() {} });
  const engine = heldEngine();
  const club = createClub(
    /** @type {any} */ ({
      game: "blocks",
      start,
      replay: null,
      lesson: false,
      root: doc.createElement("div"),
      engine,
      clubEngine: heldEngine(),
      storage: { scope: () => ({ get: () => null, set: () => true, remove: () => {} }) },
      t: showKey,
      lang: "en",
      number: String,
      notice: () => {},
      announce: () => {},
      reducedMotion: () => false,
      onCleanup: () => {},
    }),
  );
  return { engine, club, doc };
}

test("with nothing in play the fork starts at once, asking nothing", async () => {
  const { engine, club, doc } = forkPage(`from=4&code=${CODE}`);
  const asked = club.startPayload();
  await settle();
  const call = engine.waiting()[0];
  assert.equal(call?.method, "run_info");
  call.answer({ in_play: false, score: 0 });
  assert.deepEqual(await asked, { from_replay: CODE, step: 4 });
  assert.equal(doc.querySelector(".club-confirm"), null);
});
