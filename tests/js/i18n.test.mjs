// The page's strings (web/kit/i18n.js, P12): plural forms by each language's
// own rules (Russian one/few/many), `{name}` filled from the variables, a
// missing string falling back to English and then to its key, numbers in the
// language's own format, the choice of language. Tables are handed in as the
// app preloads them: a Map of promises, so nothing is fetched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fakes.mjs";
import { readFileSync } from "node:fs";
import { createI18n, pickLanguage, LANGUAGES } from "../../web/kit/i18n.js";
import { ENGLISH } from "../../web/kit/english.js";

const TABLES = {
  "t.en": {
    "t.stones": { one: "{count} stone", other: "{count} stones" },
    "t.hello": "Hello, {name}!",
    "t.only.en": "English only",
    "t.twice": "{n} and {n} again",
    "t.moves": { one: "one move left", other: "{count} moves left" },
  },
  "t.it": {
    "t.stones": { one: "{count} pietra", other: "{count} pietre" },
    "t.hello": "Ciao, {name}!",
  },
  "t.de": {
    "t.stones": { one: "{count} Stein", other: "{count} Steine" },
    "t.hello": "Hallo, {name}!",
  },
  "t.ru": {
    "t.stones": { one: "{count} камень", few: "{count} камня", many: "{count} камней", other: "{count} камня" },
    "t.hello": "Привет, {name}!",
  },
};

/** The strings of scope "t" in `lang`, loaded as the app does it. @param {string} lang */
async function strings(lang) {
  const i18n = createI18n(lang, new Map(Object.entries(TABLES).map(([id, table]) => [id, Promise.resolve(table)])));
  await i18n.use("t");
  return i18n;
}

// [language, count, the text]: CLDR's plural rules, each row's category written out
const PLURALS = [
  ["en", 1, "1 stone"],
  ["en", 0, "0 stones"],
  ["en", 2, "2 stones"],
  ["en", 21, "21 stones"],
  ["it", 1, "1 pietra"],
  ["it", 5, "5 pietre"],
  ["it", 1000000, "1000000 pietre"], // Italian's "many" (a million): the table has none, "other" it is
  ["de", 1, "1 Stein"],
  ["de", 0, "0 Steine"],
  ["de", 11, "11 Steine"],
  ["ru", 1, "1 камень"], // one
  ["ru", 21, "21 камень"], // one: ends in 1, not 11
  ["ru", 101, "101 камень"],
  ["ru", 2, "2 камня"], // few: ends in 2-4
  ["ru", 4, "4 камня"],
  ["ru", 22, "22 камня"],
  ["ru", 5, "5 камней"], // many
  ["ru", 0, "0 камней"],
  ["ru", 11, "11 камней"], // 11-14 are many, not one or few
  ["ru", 12, "12 камней"],
  ["ru", 14, "14 камней"],
  ["ru", 25, "25 камней"],
  ["ru", 111, "111 камней"],
  ["ru", 1.5, "1.5 камня"], // a fraction: other
];

for (const [lang, count, text] of PLURALS) {
  test(`plural ${lang} ${count}: ${text}`, async () => {
    assert.equal((await strings(lang)).t("t.stones", { count }), text);
  });
}

// [language, key, variables, the text]
const TEXTS = [
  ["en", "t.hello", { name: "Ada" }, "Hello, Ada!"],
  ["ru", "t.hello", { name: "Ада" }, "Привет, Ада!"],
  ["en", "t.hello", {}, "Hello, {name}!"], // a variable not given stays visible, never "undefined"
  ["en", "t.hello", { name: 0 }, "Hello, 0!"],
  ["en", "t.twice", { n: 3 }, "3 and 3 again"],
  ["en", "t.hello", { name: "{count}", count: 7 }, "Hello, {count}!"], // filled once: a value is not read again
  // a string the language lacks: English; a plural the language lacks: English's, by English rules
  ["de", "t.only.en", {}, "English only"],
  ["ru", "t.moves", { count: 1 }, "one move left"],
  ["ru", "t.moves", { count: 3 }, "3 moves left"],
  // a string nobody has: its key (visible, never blank)
  ["it", "t.nowhere", {}, "t.nowhere"],
  ["en", "other.scope.key", {}, "other.scope.key"],
  // a plural asked without a count is the count 0
  ["en", "t.stones", {}, "{count} stones"],
  ["ru", "t.stones", {}, "{count} камней"],
];

for (const [lang, key, vars, text] of TEXTS) {
  test(`t(${key}, ${JSON.stringify(vars)}) in ${lang}: ${text}`, async () => {
    assert.equal((await strings(lang)).t(key, vars), text);
  });
}

// [language, value, options, the text] (U+00A0: the no-break space Russian groups digits with)
const NUMBERS = [
  ["en", 1234567.5, undefined, "1,234,567.5"],
  ["it", 1234567.5, undefined, "1.234.567,5"],
  ["it", 1234, undefined, "1234"], // Italian groups from five digits on
  ["de", 1234, undefined, "1.234"],
  ["de", 1234567.5, undefined, "1.234.567,5"],
  ["ru", 1234567.5, undefined, "1\u00a0234\u00a0567,5"],
  ["en", 0.25, { style: "percent" }, "25%"],
  ["de", 0.25, { style: "percent" }, "25\u00a0%"],
];

for (const [lang, value, options, text] of NUMBERS) {
  test(`number(${value}${options ? `, ${JSON.stringify(options)}` : ""}) in ${lang}: ${JSON.stringify(text)}`, async () => {
    assert.equal((await strings(lang)).number(value, options), text);
  });
}

test("setLanguage switches the strings, the numbers and the document's lang", async () => {
  const document = installDom();
  const i18n = await strings("en");
  assert.equal(i18n.t("t.stones", { count: 5 }), "5 stones");
  await i18n.setLanguage("ru", ["t"]);
  assert.equal(i18n.lang, "ru");
  assert.equal(document.documentElement.lang, "ru");
  assert.equal(i18n.t("t.stones", { count: 5 }), "5 камней");
  assert.equal(i18n.number(1000), "1\u00a0000");
});

test("translateDom fills [data-t] texts and [data-t-label] labels", async () => {
  const document = installDom();
  const i18n = await strings("de");
  const title = document.body.appendChild(document.createElement("h1"));
  title.setAttribute("data-t", "t.only.en");
  const button = document.body.appendChild(document.createElement("button"));
  button.setAttribute("data-t-label", "t.hello");
  i18n.translateDom(/** @type {any} */ (document));
  assert.equal(title.textContent, "English only");
  assert.equal(button.getAttribute("aria-label"), "Hallo, {name}!");
});

// [the saved choice, the browser's languages, the language]
const PICKS = [
  ["ru", ["en-US"], "ru"], // the player's choice first
  [null, ["de-CH", "en"], "de"], // else the browser's first the arcade has, by its base language
  [null, ["pt-BR", "it-IT"], "it"],
  [null, ["RU"], "ru"],
  [null, ["fr", "es"], "en"], // none: English
  [null, [], "en"],
  ["xx", ["it"], "it"], // a saved value that is no language is no choice
  [undefined, [null, "", "de"], "de"],
];

for (const [saved, browser, lang] of PICKS) {
  test(`pickLanguage(${JSON.stringify(saved)}, ${JSON.stringify(browser)}) is ${lang}`, () => {
    assert.equal(pickLanguage(saved, browser), lang);
    assert.ok(LANGUAGES.includes(lang));
  });
}

// A table that cannot be had (the network, a broken deploy): asked for once more, then English words (the
// built-in ones when the English table itself failed), never keys, and one notice.
const SHELL = {
  en: JSON.parse(readFileSync(new URL("../../web/i18n/shell.en.json", import.meta.url), "utf8")),
  de: JSON.parse(readFileSync(new URL("../../web/i18n/shell.de.json", import.meta.url), "utf8")),
};
const CLUB_EN = JSON.parse(readFileSync(new URL("../../web/i18n/club.en.json", import.meta.url), "utf8"));
const MISSING = [
  {
    name: "German fails twice: English words, one notice in English naming German",
    lang: "de",
    answers: { "shell.de": [null, null] },
    title: SHELL.en["shell.homeTitle"],
    notices: [SHELL.en["shell.stringsMissing"].replace("{language}", "German")],
  },
  {
    name: "German fails once, comes on the second ask: German words, no notice",
    lang: "de",
    answers: { "shell.de": [null, SHELL.de] },
    title: SHELL.de["shell.homeTitle"],
    notices: [],
  },
  {
    name: "English fails twice with the page in English: the built-in English, one notice",
    lang: "en",
    answers: { "shell.en": [null, null] },
    title: SHELL.en["shell.homeTitle"],
    notices: [SHELL.en["shell.stringsBuiltin"]],
  },
  {
    name: "English fails beside German that came: German words, no notice (English was only the fallback)",
    lang: "de",
    answers: { "shell.en": [null, null] },
    title: SHELL.de["shell.homeTitle"],
    notices: [],
  },
];
for (const { name, lang, answers, title, notices } of MISSING) {
  test(`a table that cannot be had: ${name}`, async () => {
    installDom();
    /** @type {Record<string, any[]>} */
    const queue = structuredClone(answers);
    /** @param {string} id */
    const answer = (id) => (id in queue ? queue[id].shift() : (SHELL[id.split(".")[1]] ?? null));
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (url) => {
      const table = answer(
        String(url)
          .split("/")
          .at(-1)
          .replace(/\.json$/, ""),
      );
      return /** @type {any} */ ({ ok: table !== null, json: async () => table });
    };
    try {
      const said = [];
      const preloaded = new Map([`shell.${lang}`, "shell.en"].map((id) => [id, Promise.resolve(answer(id))]));
      const i18n = createI18n(lang, preloaded, (text) => said.push(text));
      await i18n.setLanguage(lang, ["shell"]);
      await i18n.use("shell");
      assert.equal(i18n.t("shell.homeTitle"), title);
      assert.deepEqual(said, notices);
      for (const scope of Object.keys(queue)) assert.deepEqual(queue[scope], [], `${scope} asked for twice`);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
}

test("the built-in English is the tables' own English, word for word", () => {
  const tables = { ...SHELL.en, ...CLUB_EN };
  for (const [key, text] of Object.entries(ENGLISH)) assert.deepEqual(text, tables[key], `${key}: change web/kit/english.js too`);
  for (const key of ["shell.homeTitle", "shell.stringsBuiltin", "shell.backup.title", "club.title", "shell.game.bowls.pitch"]) {
    assert.ok(key in ENGLISH, key);
  }
});
