// The HUD's Daily / Challenge badge (web/kit/clubbadge.js) and the challenge link
// the kit keeps when a player takes a link's deal (web/kit/club.js startPayload):
// what the badge says for the engine's run_info in the four languages (the served
// strings), that it hides for a plain run, and that only a deal the player took is
// kept as a challenge (not one they refused, not a bad link).
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createI18n } from "../../web/kit/i18n.js";
import { badgeOf, CHALLENGE, createBadge } from "../../web/kit/clubbadge.js";
import { createClub } from "../../web/kit/club.js";
import { engineError, fakeScope, heldEngine, installDom, settle, showKey } from "./fakes.mjs";

/** The shell strings of `lang` (and English), loaded as the app does. @param {string} lang */
async function strings(lang) {
  const ids = [...new Set(["en", lang])].map((l) => `shell.${l}`);
  const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/i18n/${id}.json`, import.meta.url), "utf8"));
  const i18n = createI18n(lang, new Map(ids.map((id) => [id, Promise.resolve(read(id))])));
  await i18n.use("shell");
  return i18n;
}

const DAILY = { daily: "2026-12-03", link: "daily=2026-12-03" };
const SEEDED = { daily: null, link: "seed=12&mode=sprint&set=classic" };

// [what, language, run_info, stored challenge link, the page says the daily itself, what the badge says]
const ROWS = [
  ["a daily", "en", DAILY, null, false, "Daily · Dec 3"],
  ["a daily, whatever challenge was taken before", "en", DAILY, SEEDED.link, false, "Daily · Dec 3"],
  ["a daily in Italian", "it", DAILY, null, false, "Sfida del giorno · 3 dic"],
  ["a daily in German", "de", DAILY, null, false, "Tagesspiel · 3. Dez."],
  ["a daily in Russian", "ru", DAILY, null, false, "Игра дня · 3 дек."],
  ["the challenge deal taken", "en", SEEDED, SEEDED.link, false, "Challenge"],
  ["the challenge deal in Russian", "ru", SEEDED, SEEDED.link, false, "Вызов"],
  ["the challenge deal with a score to beat", "en", SEEDED, `${SEEDED.link}&beat=7934`, false, "Challenge · beat 7,934"],
  ["the score to beat in German digits", "de", SEEDED, `${SEEDED.link}&beat=7934`, false, "Herausforderung · 7.934"],
  ["another deal's score to beat", "en", { daily: null, link: "seed=99&mode=sprint&set=classic" }, `${SEEDED.link}&beat=5`, false, null],
  ["a plain run after a challenge", "en", { daily: null, link: "seed=99&mode=sprint&set=classic" }, SEEDED.link, false, null],
  ["a plain run, no challenge ever", "en", SEEDED, null, false, null],
  ["a run without a recording", "en", { daily: null, link: null }, null, false, null],
  ["bowls' daily: its chip says it", "en", DAILY, null, true, null],
  ["bowls' challenge", "en", SEEDED, SEEDED.link, true, "Challenge"],
  ["no run", "en", null, SEEDED.link, false, null],
  // a past daily from the archive is practice, said on every page (bowls' chip too)
  ["a past daily", "en", { ...DAILY, archive: true }, null, false, "Practice · Dec 3"],
  ["a past daily in German", "de", { ...DAILY, archive: true }, null, false, "Übung · 3. Dez."],
  ["a past daily in Italian", "it", { ...DAILY, archive: true }, null, false, "Allenamento · 3 dic"],
  ["a past daily in Russian", "ru", { ...DAILY, archive: true }, null, false, "Тренировка · 3 дек."],
  ["bowls' past daily", "en", { ...DAILY, archive: true }, null, true, "Practice · Dec 3"],
  ["a past daily over a challenge of its deal", "en", { ...DAILY, archive: true }, DAILY.link, false, "Practice · Dec 3"],
  // a run from a replay's step is practice, whatever deal it began on (club.forking)
  ["a run from a replay", "en", { ...SEEDED, fork: true }, null, false, "Practice · from a replay"],
  ["a run from a replay in Italian", "it", { ...SEEDED, fork: true }, null, false, "Allenamento · da un replay"],
  ["a run from a replay in German", "de", { ...SEEDED, fork: true }, null, false, "Übung · aus einer Wiederholung"],
  ["a run from a replay in Russian", "ru", { ...SEEDED, fork: true }, null, false, "Тренировка · с повтора"],
  ["a run from a daily's replay", "en", { ...DAILY, fork: true }, null, false, "Practice · from a replay"],
  ["bowls' run from a daily's replay", "en", { ...DAILY, fork: true }, null, true, "Practice · from a replay"],
  ["a run from a challenge's replay", "en", { ...SEEDED, fork: true }, SEEDED.link, false, "Practice · from a replay"],
];

for (const [what, lang, info, challenge, chip, said] of ROWS) {
  test(`the badge of ${what} (${lang}) says ${JSON.stringify(said)}`, async () => {
    const { t } = await strings(lang);
    const got = badgeOf(/** @type {any} */ (info), challenge, { t, lang, daily: !chip });
    assert.equal(got?.text ?? null, said);
  });
}

/** @type {ReturnType<typeof installDom>} */
let doc;
beforeEach(() => {
  doc = installDom();
});

test("the badge shows what the engine says of the run in play, and hides for a plain run", async () => {
  const parent = doc.createElement("div");
  const store = fakeScope({ [CHALLENGE]: SEEDED.link });
  /** @type {any} */
  let info = SEEDED;
  const badge = createBadge(/** @type {any} */ (parent), { engine: { call: async () => info }, store }, { t: showKey, lang: "en" });
  assert.equal(badge.node.hidden, true); // nothing said before the engine answered
  await badge.update();
  assert.deepEqual([badge.node.hidden, badge.node.textContent, badge.node.dataset.kind], [false, "shell.club.challenge", "challenge"]);
  info = { daily: null, link: "seed=5&mode=sprint&set=classic" }; // Play again: a new deal
  await badge.update();
  assert.deepEqual([badge.node.hidden, badge.node.dataset.kind], [true, ""]);
});

/** A game page's club with a held engine, opening `#/domino?<start>`. @param {string} start */
function linkPage(start) {
  const engine = heldEngine();
  const scope = fakeScope();
  /** @type {string[]} */
  const notices = [];
  const root = doc.createElement("section");
  const club = createClub(
    /** @type {any} */ ({
      game: "domino",
      start,
      replay: null,
      lesson: false,
      root,
      engine,
      clubEngine: heldEngine(),
      storage: { scope: () => scope },
      t: showKey,
      lang: "en",
      number: String,
      notice: (/** @type {string} */ text) => notices.push(text),
      announce: () => {},
      reducedMotion: () => false,
      onCleanup: () => {},
    }),
  );
  return { engine, scope, club, notices };
}

/** Answers the engine's calls in order: each `[method, answer or error]`. @param {ReturnType<typeof heldEngine>} engine @param {[string, any][]} answers */
async function answer(engine, answers) {
  for (const [method, value] of answers) {
    await settle();
    const call = engine.waiting()[0];
    assert.equal(call?.method, method);
    if (value instanceof Error) call.fail(value);
    else call.answer(value);
  }
}

globalThis.history = /** @type {any} */ ({ state: null, replaceState() {} });

test("a challenge link's deal taken with nothing in play is kept as the challenge, in the engine's words", async () => {
  const { engine, scope, club } = linkPage("set=classic&seed=12&mode=sprint");
  const asked = club.startPayload();
  await answer(engine, [
    ["start_of", { link: SEEDED.link, payload: { query: "set=classic&seed=12&mode=sprint" } }],
    ["run_info", { in_play: false, link: null, score: 0 }],
  ]);
  assert.deepEqual(await asked, { query: "set=classic&seed=12&mode=sprint" });
  assert.equal(scope.items.get(CHALLENGE), SEEDED.link); // the engine's link, not the address's order
});

test("the link of the deal already in play is kept too: it resumes as the challenge it is", async () => {
  const { engine, scope, club } = linkPage(SEEDED.link);
  const asked = club.startPayload();
  await answer(engine, [
    ["start_of", { link: SEEDED.link, payload: { query: SEEDED.link } }],
    ["run_info", { in_play: true, link: SEEDED.link, score: 40 }],
  ]);
  assert.equal(await asked, null);
  assert.equal(scope.items.get(CHALLENGE), SEEDED.link);
});

test("a bad link keeps nothing", async () => {
  const { engine, scope, club, notices } = linkPage("seed=oops");
  const asked = club.startPayload();
  await answer(engine, [["start_of", engineError("query")]]);
  assert.equal(await asked, null);
  assert.equal(scope.items.has(CHALLENGE), false);
  assert.deepEqual(notices, ["shell.club.badLink"]);
});
