// The stats page of a game of modes (web/club.js): domino's Sprint and Marathon
// (D15, D16) each get their own best and score line; runs banked before modes
// were kept stand apart, named as such; a game of one mode is shown as before.
// The mode names are the served club strings of the four languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createI18n } from "../../web/kit/i18n.js";
import { modeGroups, modeName } from "../../web/club.js";

/** @param {number} score @param {string | null} mode @param {boolean} [daily] */
const run = (score, mode, daily = false) => ({ score, daily, date: "2026-12-02", why: null, mode });
/** @param {string} mode @param {number[]} bests */
const kept = (mode, bests) => ({ mode, best: bests.at(-1), bests: bests.map((best) => ({ date: "2026-12-02", best })) });
/** @param {any[]} last @param {any[]} modes */
const stats = (last, modes) => ({
  played: last.length,
  daily_played: 0,
  streak: 0,
  best_streak: 0,
  best: null,
  last,
  distribution: [],
  bests: [],
  modes,
});

// [what, stats, the groups: [mode, best, the scores of its runs]] (null: shown as a game of one mode)
const ROWS = [
  [
    "domino: Sprint and Marathon apart, the runs before modes last",
    stats(
      [run(2600, null), run(410, "sprint", true), run(3100, "marathon"), run(520, "sprint")],
      [kept("marathon", [3100]), kept("sprint", [410, 520])],
    ),
    [
      ["marathon", 3100, [3100]],
      ["sprint", 520, [410, 520]],
      [null, null, [2600]],
    ],
  ],
  [
    "a mode only practised (no best) still has its score line",
    stats([run(300, "endless"), run(200, "daily", true)], [kept("daily", [200])]),
    [
      ["daily", 200, [200]],
      ["endless", null, [300]],
    ],
  ],
  ["a game of one mode", stats([run(120, null), run(130, null)], []), null],
  ["a record from before modes were kept", stats([run(410, null), run(2600, null)], []), null],
];

for (const [what, given, groups] of ROWS) {
  test(`the stats split by mode: ${what}`, () => {
    const got = modeGroups(/** @type {any} */ (given));
    assert.deepEqual(got && got.map((g) => [g.mode, g.best, g.runs.map((r) => r.score)]), groups);
  });
}

/** The club strings of `lang` (and English), loaded as the app does. @param {string} lang */
async function strings(lang) {
  const ids = [...new Set(["en", lang])].map((l) => `club.${l}`);
  const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/i18n/${id}.json`, import.meta.url), "utf8"));
  const i18n = createI18n(lang, new Map(ids.map((id) => [id, Promise.resolve(read(id))])));
  await i18n.use("club");
  return i18n;
}

// [language, mode, its name on the stats page]
const NAMES = [
  ["en", "sprint", "Sprint"],
  ["en", "marathon", "Marathon"],
  ["en", null, "earlier runs, mode not kept"],
  ["it", "marathon", "Maratona"],
  ["de", "endless", "Endlos"],
  ["ru", "sprint", "Спринт"],
  ["en", "someday", "someday"], // a code the page has no words for reads as itself, never as a key
];

for (const [lang, mode, name] of NAMES) {
  test(`the mode ${mode} reads "${name}" in ${lang}`, async () => {
    const { t } = await strings(lang);
    assert.equal(modeName(t, mode), name);
    assert.equal(t("club.bestIn", { mode: modeName(t, mode) }).includes(name), true);
  });
}
