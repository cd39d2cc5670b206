// A ghost to race (web/kit/clubghost.js, P4): what the HUD line and the end card say
// of the engine's ghost view in the four languages (the served strings), the notice of
// each refusal, and the kit's part: the ghost kept beside the challenge taken, given to
// the engine after the start and after a reload, and dropped with one notice when refused.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { CHALLENGE } from "../../web/kit/clubbadge.js";
import { GHOST, createGhostLine, ghostLine, ghostNotice, ghostVerdict, raceGhost } from "../../web/kit/clubghost.js";
import { createClub } from "../../web/kit/club.js";
import { engineError, fakeScope, heldEngine, installDom, settle, showKey, ghostView as view, shellWords as words } from "./fakes.mjs";

// [language, the engine's view, the HUD line, the end card's two runs and verdict]
const ROWS = [
  ["en", view(), "Ghost 1,240", null],
  ["en", null, null, null],
  ["en", view({ over: true, you: 5210, by: 2724 }), "Ghost 1,240", ["You 5,210 · ghost 7,934", "the ghost wins by 2,724"]],
  ["en", view({ over: true, you: 9000, won: "you", by: 1066 }), "Ghost 1,240", ["You 9,000 · ghost 7,934", "you beat the ghost by 1,066"]],
  ["en", view({ over: true, you: 7934, won: "tie", by: 0 }), "Ghost 1,240", ["You 7,934 · ghost 7,934", "a tie with the ghost"]],
  ["it", view({ over: true, you: 5210, by: 2724 }), "Fantasma 1240", ["Tu 5210 · fantasma 7934", "il fantasma vince di 2724"]],
  ["de", view({ over: true, you: 9000, won: "you", by: 1066 }), "Geist 1240", ["Du 9000 · Geist 7934", "du schlägst den Geist um 1066"]],
  ["ru", view({ over: true, you: 7934, won: "tie", by: 0 }), "Призрак 1240", ["Ты 7934 · призрак 7934", "ничья с призраком"]],
];

for (const [lang, said, line, verdict] of ROWS) {
  test(`the ghost (${lang}, ${said ? `${said.won}, over ${said.over}` : "none"}) says ${JSON.stringify(line)}`, async () => {
    const w = await words(/** @type {string} */ (lang));
    const plain = (/** @type {string | null} */ text) => text?.replace(/[\u00a0\u202f.]/g, "") ?? null; // grouping as the language writes it
    assert.equal(plain(ghostLine(/** @type {any} */ (said), w)), plain(/** @type {string | null} */ (line)));
    assert.deepEqual(ghostVerdict(/** @type {any} */ (said), w)?.map(plain) ?? null, /** @type {any} */ (verdict)?.map(plain) ?? null);
  });
}

// the engine's reason -> the notice's key
const NOTICES = [
  ["replay-corrupt", "damaged"],
  ["replay-diverged", "damaged"],
  ["replay-bounds", "damaged"],
  ["replay-foreign", "foreign"],
  ["replay-version", "version"],
  ["ghost-other-deal", "otherDeal"],
  ["ghost-too-long", "long"],
  ["link", "damaged"],
];

test("every refusal has its notice, in every language", async () => {
  for (const lang of ["en", "it", "de", "ru"]) {
    const { t } = await words(lang);
    for (const [field, key] of NOTICES) {
      assert.equal(ghostNotice(field), `shell.club.ghostRefused.${key}`);
      assert.ok(!t(ghostNotice(field)).startsWith("shell."), `${lang} ${field}`);
    }
  }
});

/** @type {ReturnType<typeof installDom>} */
let doc;
beforeEach(() => {
  doc = installDom();
});

const DEAL = "seed=12&mode=sprint&set=classic";
const CODE = "6E1.domino.eJx";

/** The kit's race on a held engine with `stored` items. @param {Record<string, string>} stored @param {boolean} taken */
function racing(stored, taken) {
  const engine = heldEngine();
  const scope = fakeScope(stored);
  /** @type {string[]} */
  const notices = [];
  const deps = {
    game: "domino",
    lesson: false,
    replay: null,
    engine,
    storage: { scope: () => scope },
    t: showKey,
    notice: (/** @type {string} */ text) => notices.push(text),
    ghostTaken: taken,
  };
  return { engine, scope, notices, done: raceGhost(/** @type {any} */ (deps)) };
}

/** Answers the engine's calls in order: each `[method, payload (a subset) or null, answer or error]`. */
async function answer(/** @type {ReturnType<typeof heldEngine>} */ engine, /** @type {[string, any, any][]} */ answers) {
  for (const [method, payload, value] of answers) {
    await settle();
    const call = engine.waiting()[0];
    assert.equal(call?.method, method);
    if (payload) for (const [key, v] of Object.entries(payload)) assert.deepEqual(call.payload[key], v, key);
    if (value instanceof Error) call.fail(value);
    else call.answer(value);
  }
  await settle();
  assert.deepEqual(
    engine.waiting().map((c) => c.method),
    [],
  );
}

// [what, stored, just taken, the engine's calls and answers, the ghost kept after, the notices]
const RACES = [
  [
    "a challenge just taken with its ghost",
    { [CHALLENGE]: `${DEAL}&beat=40`, [GHOST]: CODE },
    true,
    [["ghost_open", { code: CODE, link: DEAL }, view()]],
    CODE,
    [],
  ],
  [
    "a challenge just taken without one: the engine drops what it held",
    { [CHALLENGE]: DEAL },
    true,
    [["ghost_open", { code: null }, null]],
    null,
    [],
  ],
  [
    "a reload on the challenge's deal",
    { [CHALLENGE]: DEAL, [GHOST]: CODE },
    false,
    [
      ["run_info", null, { link: DEAL }],
      ["ghost", null, null],
      ["ghost_open", { code: CODE, link: DEAL }, view()],
    ],
    CODE,
    [],
  ],
  [
    "a new route while the engine holds it already",
    { [CHALLENGE]: DEAL, [GHOST]: CODE },
    false,
    [
      ["run_info", null, { link: DEAL }],
      ["ghost", null, view()],
    ],
    CODE,
    [],
  ],
  [
    "a reload on another deal: not opened",
    { [CHALLENGE]: DEAL, [GHOST]: CODE },
    false,
    [["run_info", null, { link: "seed=99&mode=sprint&set=classic" }]],
    CODE,
    [],
  ],
  ["no challenge ever", {}, false, [], null, []],
  [
    "a damaged ghost: dropped, one notice",
    { [CHALLENGE]: DEAL, [GHOST]: "6E1.domino.x" },
    true,
    [["ghost_open", null, engineError("replay-corrupt")]],
    null,
    ["shell.club.ghostRefused.damaged"],
  ],
  [
    "another deal's ghost",
    { [CHALLENGE]: DEAL, [GHOST]: CODE },
    true,
    [["ghost_open", null, engineError("ghost-other-deal")]],
    null,
    ["shell.club.ghostRefused.otherDeal"],
  ],
];

for (const [what, stored, taken, calls, kept, notices] of RACES) {
  test(`the race: ${what}`, async () => {
    const race = racing(/** @type {any} */ (stored), /** @type {boolean} */ (taken));
    await answer(race.engine, /** @type {any} */ (calls));
    await race.done;
    assert.equal(race.scope.items.get(GHOST) ?? null, kept);
    assert.deepEqual(race.notices, notices);
  });
}

test("a cancelled race is no refusal: the ghost stays kept, no notice", async () => {
  const race = racing({ [CHALLENGE]: DEAL, [GHOST]: CODE }, true);
  await answer(race.engine, [["ghost_open", null, engineError("cancelled")]]);
  await race.done;
  assert.equal(race.scope.items.get(GHOST), CODE);
  assert.deepEqual(race.notices, []);
});

test("the HUD line shows the engine's ghost at the player's move and hides without one", async () => {
  const parent = doc.createElement("div");
  /** @type {any} */
  let said = view();
  const line = createGhostLine(/** @type {any} */ (parent), { call: async () => said }, { t: showKey, number: String });
  assert.equal(line.node.hidden, true);
  await line.update();
  assert.deepEqual([line.node.hidden, line.node.dataset.score], [false, "1240"]);
  said = null; // a new run: another deal
  await line.update();
  assert.deepEqual([line.node.hidden, line.node.textContent], [true, ""]);
});

test("without a ghost kept the engine is not asked at each move", async () => {
  /** @type {string[]} */
  const asked = [];
  const engine = { call: async (/** @type {string} */ method) => (asked.push(method), view()) };
  let kept = false;
  const line = createGhostLine(/** @type {any} */ (doc.createElement("div")), engine, { t: showKey, number: String }, () => kept);
  await line.update();
  assert.deepEqual([asked, line.node.hidden], [[], true]);
  kept = true; // a challenge with its ghost taken
  await line.update();
  assert.deepEqual([asked, line.node.hidden], [["ghost"], false]);
});

test("an action's answer carrying the ghost is said without asking the engine again (one round trip a move)", async () => {
  /** @type {string[]} */
  const asked = [];
  const engine = { call: async (/** @type {string} */ method) => (asked.push(method), view({ score: 1 })) };
  const line = createGhostLine(/** @type {any} */ (doc.createElement("div")), engine, { t: showKey, number: String });
  // [the action's answer, the HUD's score after it]
  const rows = /** @type {const} */ ([
    [{ accepted: true, ghost: view({ score: 300 }) }, "300"],
    [{ accepted: true, ghost: null }, ""], // a new run: not the ghost's deal
    [{ accepted: true, ghost: view({ score: 450 }) }, "450"],
  ]);
  for (const [answer, score] of rows) {
    await line.update(answer);
    assert.equal(line.node.dataset.score, score);
  }
  assert.deepEqual(asked, []);
  await line.update({ accepted: true }); // an answer without the key (an older engine): asked
  assert.deepEqual([asked, line.node.dataset.score], [["ghost"], "1"]);
});

/** A game page's club with a held engine, opening `#/domino?<start>`. @param {string} start */
function linkPage(start) {
  const engine = heldEngine();
  const scope = fakeScope({ [GHOST]: "6E1.domino.old" });
  const club = createClub(
    /** @type {any} */ ({
      game: "domino",
      start,
      replay: null,
      lesson: false,
      root: doc.createElement("section"),
      engine,
      clubEngine: heldEngine(),
      storage: { scope: () => scope },
      t: showKey,
      lang: "en",
      number: String,
      notice: () => {},
      announce: () => {},
      reducedMotion: () => false,
      onCleanup: () => {},
    }),
  );
  return { engine, scope, club };
}

globalThis.history = /** @type {any} */ ({ state: null, replaceState() {} });

// [the link, what start_of answers, the ghost kept]
const TAKEN = [
  [`${DEAL}&beat=7&vs=${CODE}`, { link: DEAL, payload: { query: DEAL }, beat: 7, vs: CODE }, CODE],
  [`${DEAL}&beat=7`, { link: DEAL, payload: { query: DEAL }, beat: 7, vs: null }, null],
];

for (const [start, found, kept] of TAKEN) {
  test(`a challenge taken keeps its ghost beside it: ${start}`, async () => {
    const { engine, scope, club } = linkPage(/** @type {string} */ (start));
    const asked = club.startPayload();
    await settle();
    engine.waiting()[0].answer(found);
    await settle();
    engine.waiting()[0].answer({ in_play: false, link: null, score: 0 });
    assert.deepEqual(await asked, { query: DEAL });
    assert.equal(scope.items.get(CHALLENGE), `${DEAL}&beat=7`);
    assert.equal(scope.items.get(GHOST) ?? null, kept); // the old ghost never stays beside a new challenge
  });
}

test("the start and a link's deal both ask for the race: one open, unless a challenge was just taken", async () => {
  const { engine, scope, club } = linkPage(DEAL);
  scope.items.set(CHALLENGE, DEAL);
  const first = club.race();
  assert.equal(club.race(), first); // nothing taken since: the same race
  await answer(engine, [
    ["run_info", null, { link: DEAL }],
    ["ghost", null, null],
    ["ghost_open", { code: "6E1.domino.old", link: DEAL }, view()],
  ]);
  await first;
  const asked = club.startPayload(); // the link's deal, already in play: taken again
  await answer(engine, [
    ["start_of", null, { link: DEAL, payload: { query: DEAL }, beat: null, vs: CODE }],
    ["run_info", null, { in_play: true, link: DEAL, score: 3 }],
  ]);
  assert.equal(await asked, null);
  const again = club.race();
  assert.notEqual(again, first);
  await answer(engine, [["ghost_open", { code: CODE, link: DEAL }, view()]]);
  await again;
});
