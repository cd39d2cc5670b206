// The end card of a finished run after a reload (web/kit/clubend.js endedSummary, P4):
// the summary stored when the run was banked is shown again only when it is this run's,
// with the engine's own event; otherwise, or when the stored text is damaged, the event
// alone (Share, the link and the replay; no daily line). Anything off in the stored text
// is dropped, never drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dailyLine, endedSummary } from "../../web/kit/clubend.js";
import { clockText } from "../../web/kit/share.js";

const EVENT = {
  type: "finished",
  game: "blocks",
  score: 412,
  seed: 9,
  daily: "2026-12-03",
  link: "daily=2026-12-03",
  moves: 31,
  grid: "🟨🟧",
  code: "6E1.blocks.eJwAbc",
  practice: null,
};
const BANKED = {
  game: "blocks",
  date: "2026-12-03",
  daily: true,
  counted: true,
  practice: false,
  why: null,
  streak: 4,
  best_streak: 6,
  club_streak: 2,
  club_today: 3,
  new_best: true,
  kept: true,
  event: EVENT,
};
const stored = (/** @type {object} */ change = {}, /** @type {object} */ event = {}) =>
  JSON.stringify({ ...BANKED, ...change, event: { ...EVENT, ...event } });

// [what, stored text, what the summary says (a subset), the daily line shown]
const ROWS = [
  ["this run's summary", stored(), { daily: true, counted: true, streak: 4, club_today: 3, date: "2026-12-03" }, true],
  ["practice, with its reason", stored({ counted: false, practice: true, why: "repeat" }), { practice: true, why: "repeat" }, true],
  ["nothing stored", null, { daily: false, counted: false, streak: 0 }, false],
  ["damaged text", '{"daily": tr', { daily: false, counted: false }, false],
  ["not an object", "[1, 2]", { daily: false }, false],
  ["another run's (score)", stored({}, { score: 411 }), { daily: false, counted: false }, false],
  ["another run's (code)", stored({}, { code: "6E1.blocks.other" }), { daily: false }, false],
  ["another game's", stored({}, { game: "merge" }), { daily: false }, false],
  [
    "hostile fields dropped",
    stored({ streak: "<b>9</b>", club_today: -2, why: "<img src=x>", counted: "yes" }),
    { daily: true, counted: false, streak: 0, club_today: 0, why: null },
    true,
  ],
  ["a date not the event's", stored({ date: "1999-01-01" }), { date: "2026-12-03" }, true],
  [
    "a past daily from the archive, its day's best",
    stored({ counted: false, practice: true, why: "archive", archive: true, archive_best: true }),
    { archive: true, archive_best: true, why: "archive" },
    true,
  ],
  ["hostile archive flags dropped", stored({ archive: "yes", archive_best: 1 }), { archive: false, archive_best: false }, true],
];

for (const [what, text, says, line] of ROWS) {
  test(`a reloaded end card: ${what}`, () => {
    const summary = /** @type {any} */ (endedSummary(/** @type {string | null} */ (text), /** @type {any} */ (EVENT)));
    assert.equal(summary.event, EVENT, "the event is always the engine's");
    for (const [key, value] of Object.entries(/** @type {object} */ (says))) assert.deepEqual(summary[key], value, key);
    assert.equal(summary.daily, line);
  });
}

// The countdown on a daily's end card (and the home card): hours past a day stay hours, never below zero.
const CLOCK = [
  [0, "00:00:00"],
  [-5000, "00:00:00"],
  [999, "00:00:01"],
  [3_600_000, "01:00:00"],
  [86_399_000, "23:59:59"],
  [(5 * 3600 + 12 * 60 + 9) * 1000, "05:12:09"],
];
for (const [ms, shown] of CLOCK) {
  test(`the countdown of ${ms} ms reads ${shown}`, () => {
    const number = (/** @type {number} */ n, /** @type {Intl.NumberFormatOptions} */ o) => new Intl.NumberFormat("en", o).format(n);
    assert.equal(clockText(number, ms), shown);
  });
}

// [what, the summary's change, the end card's daily line in English]
const LINES = [
  ["a counted daily", {}, "Daily · Dec 3 — counted · streak 4"],
  ["a counted daily a freeze kept", { freezes_used: 1 }, "Daily · Dec 3 — counted · streak 4 · 🧊 1 freeze used"],
  ["a counted daily two freezes kept", { freezes_used: 2 }, "Daily · Dec 3 — counted · streak 4 · 🧊 2 freezes used"],
  ["a repeat", { counted: false, practice: true, why: "repeat" }, "Daily · Dec 3 — practice: this daily already counted"],
  [
    "a past daily",
    { counted: false, practice: true, why: "archive", archive: true },
    "Practice · Dec 3 — from the archive, it doesn't count",
  ],
  [
    "a past daily's new best of its day",
    { counted: false, practice: true, why: "archive", archive: true, archive_best: true },
    "Practice · Dec 3 — your best of this day (it doesn't count)",
  ],
];

for (const [what, change, line] of LINES) {
  test(`the end card's line of ${what}`, async () => {
    const { readFileSync } = await import("node:fs");
    const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/i18n/${id}.en.json`, import.meta.url), "utf8"));
    const table = { ...read("shell"), ...read("club") };
    const t = (/** @type {string} */ key, /** @type {any} */ vars = {}) => {
      const entry = table[key];
      const text = typeof entry === "string" ? entry : (entry?.[vars.count === 1 ? "one" : "other"] ?? key);
      return text.replace(/\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string} */ name) => String(vars[name]));
    };
    const summary = /** @type {any} */ ({ ...BANKED, ...change });
    assert.equal(dailyLine(summary, { t, lang: "en", number: (/** @type {number} */ v) => String(v) }), line);
  });
}
