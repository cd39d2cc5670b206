// Languages (P12): English, Italian, German, Russian. Strings live in
// web/i18n/<scope>.<lang>.json (scope "shell" or a game id), loaded on demand;
// a missing string falls back to English, then to the key itself.
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

/** @param {URL} url @returns {Promise<Table>} the table, or {} when it cannot be had */
async function fetchJson(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

/** @param {string} id */
const tableUrl = (id) => new URL(`../i18n/${id}.json`, import.meta.url);

// Start fetching string tables early (while Python boots); createI18n takes the promises.
/** @param {string[]} ids `${scope}.${lang}` @returns {Map<string, Promise<Table>>} */
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
 * @param {Map<string, Promise<Table>>} [preloaded] tables asked for already
 * @returns {I18n}
 */
export function createI18n(initial, preloaded = new Map()) {
  let lang = initial;
  /** @type {Map<string, Table>} */
  const tables = new Map(); // `${scope}.${lang}` -> strings
  /** @type {Map<string, Intl.NumberFormat>} */
  const formats = new Map(); // `${lang} ${options}` -> its formatter
  /** @param {string} scope @param {string} language */
  const loadTable = async (scope, language) => {
    const id = `${scope}.${language}`;
    if (!tables.has(id)) tables.set(id, await (preloaded.get(id) ?? fetchJson(tableUrl(id))));
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
  return {
    t,
    get lang() {
      return lang;
    },
    async use(scope) {
      await Promise.all([loadTable(scope, "en"), loadTable(scope, lang)]);
    },
    async setLanguage(next, scopes) {
      lang = next;
      document.documentElement.lang = next;
      await Promise.all(scopes.map((scope) => loadTable(scope, next)));
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
