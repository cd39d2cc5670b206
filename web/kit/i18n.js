// Languages (P12): English, Italian, German, Russian. Strings live in
// web/i18n/<scope>.<lang>.json (scope "shell" or a game id), loaded on demand;
// a missing string falls back to English, then to the key itself.
// A table that cannot be had (the network, a broken deploy) is asked for once
// more; then its words are English (a failed English table: the built-in
// English of the shell's frame and home screen, web/kit/english.js, imported
// only then), and one notice says so: a player never reads a key.
// Plurals: a string may be an object of CLDR categories
// ({"one": "{count} stone", "other": "{count} stones"}; Russian also has
// "few" and "many"); t(key, {count}) picks one with Intl.PluralRules.
export const LANGUAGES = ["en", "it", "de", "ru"];

/**
 * @param {string | null | undefined} saved the language the player chose
 * @param {readonly string[]} [browserLanguages]
 * @returns {string} one of LANGUAGES
 */
export function pickLanguage(saved, browserLanguages = navigator.languages || [navigator.language]) {
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = String(tag || "")
      .toLowerCase()
      .split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** A string table: key -> text, or plural forms by CLDR category. */
/** @typedef {Record<string, string | Record<string, string>>} Table */
/** @typedef {{ count?: number, [name: string]: unknown }} Vars */

/** @param {URL} url @returns {Promise<Table | null>} the table, or null when it cannot be had */
async function fetchJson(url) {
  try {
    const response = await fetch(url);
    const table = response.ok ? await response.json() : null;
    return table && typeof table === "object" && !Array.isArray(table) ? table : null;
  } catch {
    return null;
  }
}

/** @param {string} id */
const tableUrl = (id) => new URL(`../i18n/${id}.json`, import.meta.url);

// Start fetching string tables early (while Python boots); createI18n takes the promises.
/** @param {string[]} ids `${scope}.${lang}` @returns {Map<string, Promise<Table | null>>} */
export function preloadTables(ids) {
  return new Map(ids.map((id) => [id, fetchJson(tableUrl(id))]));
}

/**
 * @typedef {object} I18n
 * @property {(key: string, vars?: Vars) => string} t the text of `key`, `{name}` filled from vars
 * @property {string} lang
 * @property {(scope: string) => Promise<void>} use loads a scope's strings (English and the language)
 * @property {(next: string, scopes: string[]) => Promise<void>} setLanguage
 * @property {(root?: ParentNode) => void} translateDom fills [data-t] texts and [data-t-label] labels
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 */

/**
 * @param {string} initial the language
 * @param {Map<string, Promise<Table | null>>} [preloaded] tables asked for already
 * @param {(text: string) => void} [notice] says that some words could not be loaded (once per kind of failure)
 * @returns {I18n}
 */
export function createI18n(initial, preloaded = new Map(), notice = () => {}) {
  let lang = initial;
  /** @type {Map<string, Table>} */
  const tables = new Map(); // `${scope}.${lang}` -> strings
  /** @type {Map<string, Intl.NumberFormat>} */
  const formats = new Map(); // `${lang} ${options}` -> its formatter
  /** @type {Set<string>} */
  const failed = new Set(); // `${scope}.${lang}` of the tables that could not be had
  /** @type {Set<string>} */
  const said = new Set(); // the notices said: one each
  /**
   * A table, asked for once more when the first answer failed (a dropped connection); still none: the
   * built-in English for an English table, else none (its words fall back to English).
   * @param {string} id @returns {Promise<Table>}
   */
  const fetchTable = async (id) => {
    const table = (await (preloaded.get(id) ?? fetchJson(tableUrl(id)))) ?? (await fetchJson(tableUrl(id)));
    if (table) return table;
    failed.add(id);
    return id.endsWith(".en") ? (await import("./english.js")).ENGLISH : {};
  };
  /** @param {string} scope @param {string} language */
  const loadTable = async (scope, language) => {
    const id = `${scope}.${language}`;
    if (!tables.has(id)) tables.set(id, await fetchTable(id));
    return tables.get(id);
  };
  // Plural rules made once per language: a page draws many labels per frame, and making
  // an Intl object costs far more than using one.
  /** @type {Map<string, Intl.PluralRules>} */
  const pluralRules = new Map();
  /** @param {string} language */
  const plurals = (language) => {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    return rules;
  };
  /** @param {string} key @param {string} language */
  const lookup = (key, language) => {
    const scope = key.split(".")[0];
    return tables.get(`${scope}.${language}`)?.[key];
  };
  /**
   * @param {string | Record<string, string> | undefined} entry
   * @param {string} language @param {Vars} vars @returns {string | undefined}
   */
  const pick = (entry, language, vars) => {
    if (typeof entry === "string") return entry;
    if (entry === undefined || entry === null) return undefined;
    const category = plurals(language).select(Number(vars.count ?? 0));
    return entry[category] ?? entry.other;
  };
  /** @param {string} key @param {Vars} [vars] @returns {string} */
  function t(key, vars = {}) {
    const text = pick(lookup(key, lang), lang, vars) ?? pick(lookup(key, "en"), "en", vars) ?? key;
    return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
  }
  // After a load: one notice per kind of failure, in the words that are there.
  const report = () => {
    // Only the language's own tables show: English failing beside a German table that came is no loss.
    const shown = [...failed].filter((id) => id.endsWith(`.${lang}`));
    if (!shown.length) return;
    const builtin = shown.some((id) => failed.has(`${id.slice(0, id.lastIndexOf("."))}.en`));
    const key = builtin ? "shell.stringsBuiltin" : "shell.stringsMissing";
    const words = lookup(key, lang) === undefined ? "en" : lang; // the sentence's own language names the missing one
    const text = t(key, { language: new Intl.DisplayNames([words], { type: "language" }).of(lang) ?? lang });
    if (said.has(text)) return;
    said.add(text);
    notice(text);
  };
  return {
    t,
    get lang() {
      return lang;
    },
    async use(scope) {
      await Promise.all([loadTable(scope, "en"), loadTable(scope, lang)]);
      report();
    },
    async setLanguage(next, scopes) {
      lang = next;
      document.documentElement.lang = next;
      await Promise.all(scopes.map((scope) => loadTable(scope, next)));
      if (next !== "en") await Promise.all(scopes.map((scope) => loadTable(scope, "en"))); // the fallback
      report();
    },
    translateDom(root = document) {
      // The selectors pick only the nodes that have the attribute.
      root.querySelectorAll("[data-t]").forEach((node) => {
        node.textContent = t(/** @type {string} */ (node.getAttribute("data-t")));
      });
      root
        .querySelectorAll("[data-t-label]")
        .forEach((node) => node.setAttribute("aria-label", t(/** @type {string} */ (node.getAttribute("data-t-label")))));
    },
    number(value, options) {
      // one formatter per language and options: making one costs more than formatting (a replay's jump draws hundreds)
      const key = `${lang} ${options ? JSON.stringify(options) : ""}`;
      let format = formats.get(key);
      if (!format) formats.set(key, (format = new Intl.NumberFormat(lang, options)));
      return format.format(value);
    },
  };
}
