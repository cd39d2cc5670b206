// The share text of a finished run (web/kit/share.js) in the four languages, with the
// served string tables: a counted daily or a plain run posts its score; a practice run
// (the club service's `why`: help used, the day already counted, off its day) says
// practice and never posts the daily's "Score"; a reason with no words reads as "other".
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createI18n } from "../../web/kit/i18n.js";
import { shareText, whyText } from "../../web/kit/share.js";

globalThis.location = /** @type {any} */ ({ origin: "https://club.test", pathname: "/" });

/** The shell and club strings of `lang` (and English), loaded as the app does. @param {string} lang */
async function strings(lang) {
  const ids = [...new Set(["en", lang])].flatMap((l) => [`shell.${l}`, `club.${l}`]);
  const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/i18n/${id}.json`, import.meta.url), "utf8"));
  const i18n = createI18n(lang, new Map(ids.map((id) => [id, Promise.resolve(read(id))])));
  await Promise.all([i18n.use("shell"), i18n.use("club")]);
  return i18n;
}

// the engine's `challenge` query: the deal, the score to beat, the run's code as a ghost when it fits a link (P4)
const DAILY = {
  game: "bowls",
  score: 240,
  daily: "2026-12-02",
  link: "daily=2026-12-02",
  grid: "🟨🟧",
  challenge: "daily=2026-12-02&beat=240&vs=6E1.bowls.eJx",
};
const PLAIN = { ...DAILY, daily: null, link: "seed=12&mode=endless", challenge: "seed=12&mode=endless&beat=240" };

// [language, event, why, what the text holds, what it must not hold]
const ROWS = [
  [
    "en",
    DAILY,
    null,
    [
      "6E Club · Color Bowls · Dec 2, 2026\nScore: 240\n🟨🟧\nBeat my 240: https://club.test/#/bowls?daily=2026-12-02&beat=240&vs=6E1.bowls.eJx",
    ],
    ["practice"],
  ],
  ["en", PLAIN, null, ["Challenge\nScore: 240", "Beat my 240: https://club.test/#/bowls?seed=12&mode=endless&beat=240"], ["practice"]],
  ["de", DAILY, null, ["Schlag meine 240 Punkte: https://club.test/#/bowls?daily=2026-12-02&beat=240&vs=6E1.bowls.eJx"], ["Übung"]],
  [
    "en",
    DAILY,
    "training",
    ["· practice\n", "Practice score: 240 (you used Undo, so it doesn't count)", "?daily=2026-12-02"],
    ["\nScore:"],
  ],
  ["en", DAILY, "repeat", ["Practice score: 240 (this daily already counted)"], ["\nScore:"]],
  ["en", DAILY, "late", ["Practice score: 240 (finished too late to count)"], ["\nScore:"]],
  ["en", DAILY, "hint", ["Practice score: 240 (this run can't count)"], ["\nScore:", "club.why"]],
  ["en", PLAIN, "training", ["Challenge · practice", "Practice score: 240"], ["\nScore:"]],
  ["it", DAILY, "training", ["· allenamento\n", "Punteggio di allenamento: 240 (hai usato Annulla"], ["\nPunteggio:"]],
  ["de", DAILY, "training", ["· Übung\n", "Übungspunkte: 240 (du hast Zurück benutzt"], ["\nPunkte:"]],
  ["ru", DAILY, "training", ["· тренировка\n", "Счёт тренировки: 240 (была отмена хода"], ["\nСчёт:"]],
  ["ru", DAILY, null, ["\nСчёт: 240\n"], ["тренировк"]],
];

// a counted daily whose streak a freeze kept says so: [language, frozen, what the text holds, what it must not hold]
const FROZEN = [
  ["en", { streak: 9, used: 1 }, ["6E Club · Color Bowls · Dec 2, 2026\nStreak 9 (🧊 1 freeze used)\nScore: 240\n"], []],
  ["en", { streak: 15, used: 2 }, ["Streak 15 (🧊 2 freezes used)"], []],
  ["de", { streak: 9, used: 1 }, ["Serie 9 (🧊 1× Schutz genutzt)\nPunkte"], []],
  ["ru", { streak: 9, used: 2 }, ["Серия 9 (🧊 2 заморозки)"], []],
  ["it", { streak: 9, used: 1 }, ["Serie 9 (🧊 1 protezione usata)"], []],
  ["en", null, ["Score: 240"], ["🧊", "Streak"]],
];

for (const [lang, frozen, holds, lacks] of FROZEN) {
  test(`share text: ${lang}, a counted daily, frozen ${JSON.stringify(frozen)}`, async () => {
    const { t, number } = await strings(lang);
    const text = shareText({ t, lang, number: (v) => number(v), gameName: t("shell.game.bowls.name"), event: DAILY, frozen });
    for (const part of holds) assert.ok(text.includes(part), `${JSON.stringify(text)} lacks ${JSON.stringify(part)}`);
    for (const part of lacks) assert.ok(!text.includes(part), `${JSON.stringify(text)} has ${JSON.stringify(part)}`);
  });
}

for (const [lang, event, why, holds, lacks] of ROWS) {
  test(`share text: ${lang}, ${event.daily ? "daily" : "challenge"}, why ${why}`, async () => {
    const { t, number } = await strings(lang);
    const text = shareText({ t, lang, number: (v) => number(v), gameName: t("shell.game.bowls.name"), event, why });
    for (const part of holds) assert.ok(text.includes(part), `${JSON.stringify(text)} lacks ${JSON.stringify(part)}`);
    for (const part of lacks) assert.ok(!text.includes(part), `${JSON.stringify(text)} has ${JSON.stringify(part)}`);
  });
}

test("every reason the club service gives has words in every language", async () => {
  for (const lang of ["en", "it", "de", "ru"]) {
    const { t } = await strings(lang);
    const other = t("club.why.other");
    for (const why of ["training", "repeat", "late", "early"]) {
      const said = whyText(t, why);
      assert.ok(said !== other && !said.startsWith("club."), `${lang} ${why}: ${said}`);
    }
    assert.equal(whyText(t, "no-such-reason"), other);
  }
});
