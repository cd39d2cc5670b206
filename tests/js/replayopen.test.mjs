// Opening a replay (web/kit/club.js openReplay) over a held engine and a fake DOM:
// the code goes through the engine's query path (in slices, cancellable), a route
// change while it opens cancels it and draws nothing, a refusal is said in the
// words of its reason (replay-bounds among them), and an opened replay keeps no
// listener that would cancel a later question.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEngine } from "./engine.mjs";
import { engineError, heldEngine, installDom, settle, showKey } from "./fakes.mjs";
import { createClub, REPLAY_ERRORS } from "../../web/kit/club.js";

/** @type {ReturnType<typeof installDom>} */
let doc;
/** @type {EventTarget} */
let win;

beforeEach(() => {
  doc = installDom();
  win = new EventTarget();
  Object.assign(globalThis, {
    addEventListener: win.addEventListener.bind(win),
    removeEventListener: win.removeEventListener.bind(win),
    scrollY: 0,
  });
});

/** A page in replay mode with a held engine; what it said and what it left to clean up. */
function replayPage() {
  const engine = heldEngine();
  const root = doc.createElement("section");
  doc.body.appendChild(root);
  /** @type {string[]} */
  const said = [];
  /** @type {(() => void)[]} */
  const cleanups = [];
  const club = createClub(
    /** @type {any} */ ({
      game: "domino",
      start: null,
      replay: "6E1.domino.code",
      lesson: false,
      root,
      engine,
      clubEngine: heldEngine(),
      storage: null,
      t: showKey,
      lang: "en",
      number: String,
      notice: () => {},
      announce: (/** @type {string} */ text) => said.push(text),
      reducedMotion: () => false,
      onCleanup: (/** @type {() => void} */ fn) => cleanups.push(fn),
    }),
  );
  /** @type {[any, any[]][]} */
  const shown = [];
  const opening = club.openReplay(/** @type {any} */ (root), { show: (view, events) => shown.push([view, events]) });
  return { engine, opening, shown, said, cleanups };
}

const OPENED = {
  game: "domino",
  score: 12,
  daily: null,
  seed: 1,
  link: "seed=1&mode=sprint&set=classic",
  index: 0,
  steps: 3,
  view: { turns: 0 },
  events: [],
};

test("the code is opened through the engine's query path, not its queue of calls", async () => {
  const { engine, opening, shown } = replayPage();
  await settle();
  assert.deepEqual(
    engine.calls.map((c) => [c.method, c.payload, c.query]),
    [["replay_open", { code: "6E1.domino.code" }, true]],
  );
  engine.calls[0].answer(OPENED);
  assert.equal((await opening).steps, 3);
  assert.deepEqual(shown, [[{ turns: 0 }, []]]);
  assert.ok(doc.querySelector(".replay-bar"));
  win.dispatchEvent(new Event("hashchange")); // the replay is open: leaving cancels nothing of it
  assert.equal(engine.cancels, 0);
});

test("leaving while it opens cancels the open, and the cancelled answer draws nothing", async () => {
  const { engine, opening, shown, said } = replayPage();
  await settle();
  win.dispatchEvent(new Event("hashchange"));
  assert.equal(engine.cancels, 1);
  engine.calls[0].fail(engineError("cancelled"));
  assert.equal(await opening, null);
  assert.deepEqual([shown, said], [[], []]);
  assert.equal(doc.querySelector(".replay-refused"), null);
  assert.equal(doc.querySelector(".replay-bar"), null);
});

const REFUSALS = [
  // the engine's field, the words shown
  ["replay-bounds", "shell.replay.error.replay-bounds"],
  ["replay-diverged", "shell.replay.error.replay-diverged"],
  ["ms", "shell.replay.error.replay-corrupt"], // no replay reason: said as damaged
];

for (const [field, words] of REFUSALS) {
  test(`a code refused as ${field} is said as ${words}`, async () => {
    const { engine, opening, said } = replayPage();
    await settle();
    engine.calls[0].fail(engineError(field));
    assert.equal(await opening, null);
    assert.equal(doc.querySelector(".replay-refused")?.textContent.startsWith(words), true);
    assert.deepEqual(said, [words]);
    win.dispatchEvent(new Event("hashchange"));
    assert.equal(engine.cancels, 0);
  });
}

test("every replay reason of the engine has its words, in every language", () => {
  const reasons = runEngine("import json; from club.replay import REASONS; print(json.dumps(REASONS))");
  assert.deepEqual([...REPLAY_ERRORS].sort(), [...reasons].sort());
  for (const lang of ["en", "it", "de", "ru"]) {
    const strings = JSON.parse(readFileSync(new URL(`../../web/i18n/shell.${lang}.json`, import.meta.url), "utf8"));
    for (const reason of reasons) assert.ok(strings[`shell.replay.error.${reason}`], `${lang}: ${reason}`);
  }
});

// "Play this deal" of a replay: [what, the stored challenge, the stored ghost, the query it opens]
const DEAL = "seed=12&mode=sprint&set=classic";
const PLAY_DEAL = [
  ["no challenge taken: the plain deal", null, null, DEAL],
  [
    "the challenge of this deal: its score to beat and its ghost",
    `${DEAL}&beat=7934`,
    "6E1.domino.eJx",
    `${DEAL}&beat=7934&vs=6E1.domino.eJx`,
  ],
  ["the challenge of this deal without a score", DEAL, "6E1.domino.eJx", `${DEAL}&vs=6E1.domino.eJx`],
  ["the challenge of this deal without a ghost", `${DEAL}&beat=5`, null, `${DEAL}&beat=5`],
  ["another deal's challenge: the plain deal", "seed=99&mode=sprint&set=classic&beat=5", "6E1.domino.eJx", DEAL],
];

for (const [what, challenge, ghost, query] of PLAY_DEAL) {
  test(`Play this deal, ${what}`, async () => {
    const { playQuery } = await import("../../web/kit/clubreplay.js");
    const { fakeScope } = await import("./fakes.mjs");
    const scope = fakeScope({ ...(challenge && { challenge }), ...(ghost && { ghost }) });
    const deps = /** @type {any} */ ({ game: "domino", storage: { scope: () => scope } });
    assert.equal(playQuery(DEAL, deps), query);
  });
}
