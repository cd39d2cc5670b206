// Languages (P12): English, Italian, German, Russian. Strings live in
// web/i18n/<scope>.<lang>.json (scope "shell" or a game id), loaded on demand;
// a missing string falls back to English, then to the key itself.
// Plurals: a string may be an object of CLDR categories
// ({"one": "{count} stone", "other": "{count} stones"}; Russian also has
// "few" and "many"); t(key, {count}) picks one with Intl.PluralRules.
export const LANGUAGES = ["en", "it", "de", "ru"];

export function pickLanguage(saved, browserLanguages = navigator.languages || [navigator.language]) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function fetchJson(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

const tableUrl = (id) => new URL(`../i18n/${id}.json`, import.meta.url);

// Start fetching string tables early (while Python boots); createI18n takes the promises.
export function preloadTables(ids) {
  return new Map(ids.map((id) => [id, fetchJson(tableUrl(id))]));
}

export function createI18n(initial, preloaded = new Map()) {
  let lang = initial;
  const tables = new Map(); // `${scope}.${lang}` -> strings
  const loadTable = async (scope, language) => {
    const id = `${scope}.${language}`;
    if (!tables.has(id)) tables.set(id, await (preloaded.get(id) ?? fetchJson(tableUrl(id))));
    return tables.get(id);
  };
  const lookup = (key, language) => {
    const scope = key.split(".")[0];
    return tables.get(`${scope}.${language}`)?.[key];
  };
  const pick = (entry, language, vars) => {
    if (entry === undefined || entry === null || typeof entry === "string") return entry;
    const category = new Intl.PluralRules(language).select(Number(vars.count ?? 0));
    return entry[category] ?? entry.other;
  };
  function t(key, vars = {}) {
    const text = pick(lookup(key, lang), lang, vars) ?? pick(lookup(key, "en"), "en", vars) ?? key;
    return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
  }
  return {
    t,
    get lang() { return lang; },
    async use(scope) {
      await Promise.all([loadTable(scope, "en"), loadTable(scope, lang)]);
    },
    async setLanguage(next, scopes) {
      lang = next;
      document.documentElement.lang = next;
      await Promise.all(scopes.map((scope) => loadTable(scope, next)));
    },
    translateDom(root = document) {
      root.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
      root.querySelectorAll("[data-t-label]").forEach((node) => node.setAttribute("aria-label", t(node.dataset.tLabel)));
    },
    number(value, options) {
      return new Intl.NumberFormat(lang, options).format(value);
    },
  };
}
