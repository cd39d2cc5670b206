// Rules pages: web/rules/<game>.<lang>.md, rendered from a small Markdown
// subset (headings, paragraphs, lists, tables, **bold**, *italic*, `code`)
// into DOM nodes; text is never parsed as HTML.
import { html } from "./svg.js";

/** @param {string} text @param {HTMLElement} parent */
function inline(text, parent) {
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parent.append(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("**")) html("strong", {}, parent, token.slice(2, -2));
    else if (token.startsWith("`")) html("code", {}, parent, token.slice(1, -1));
    else html("em", {}, parent, token.slice(1, -1));
    last = match.index + token.length;
  }
  parent.append(text.slice(last));
}

/** @param {string} line a table row @returns {string[]} */
const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/** @param {string} text Markdown @param {HTMLElement} root */
export function renderMarkdown(text, root) {
  const lines = text.replace(/\r/g, "").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      // "# Title" is the page's h1 (one per page, axe page-has-heading-one).
      const level = /** @type {"h1" | "h2" | "h3"} */ (`h${heading[1].length}`);
      inline(heading[2], html(level, {}, root));
      i += 1;
    } else if (/^\s*[-*•]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = html(ordered ? "ol" : "ul", {}, root);
      while (i < lines.length && (/^\s*[-*•]\s+/.test(lines[i]) || /^\s*\d+\.\s+/.test(lines[i]))) {
        inline(lines[i].replace(/^\s*([-*•]|\d+\.)\s+/, ""), html("li", {}, list));
        i += 1;
      }
    } else if (line.trim().startsWith("|")) {
      const table = html("table", {}, root);
      const head = html("tr", {}, html("thead", {}, table));
      cells(line).forEach((c) => inline(c, html("th", { scope: "col" }, head)));
      i += 2; // header and separator
      const body = html("tbody", {}, table);
      while (i < lines.length && lines[i].trim().startsWith("|")) {
        const row = html("tr", {}, body);
        cells(lines[i]).forEach((c) => inline(c, html("td", {}, row)));
        i += 1;
      }
    } else {
      /** @type {string[]} */
      const para = [];
      while (i < lines.length && lines[i].trim() && !/^(#|\||\s*[-*•]\s|\s*\d+\.\s)/.test(lines[i])) {
        para.push(lines[i].trim());
        i += 1;
      }
      inline(para.join(" "), html("p", {}, root));
    }
  }
}

/**
 * @param {HTMLElement} root @param {import("./app.js").RulesContext} ctx @param {string} game
 * @returns {Promise<import("./app.js").PageView>}
 */
export async function mountRules(root, ctx, game) {
  const { t } = ctx;
  const wrap = html("article", { class: "rules-page" }, root);
  html("a", { class: "back", href: `#/${game}` }, wrap, t("shell.backToGame", { game: t(`shell.game.${game}.name`) }));
  // The game's first lesson, again: it plays beside the run in play.
  html("a", { class: "lesson-link", href: `#/${game}?lesson` }, wrap, t("shell.lesson.replay"));
  const body = html("div", { class: "rules-body" }, wrap);
  let text = null;
  for (const lang of [ctx.lang, "en"]) {
    try {
      const response = await fetch(new URL(`./rules/${game}.${lang}.md`, import.meta.url));
      if (response.ok) {
        text = await response.text();
        break;
      }
    } catch {
      /* offline and not cached: try the next language */
    }
  }
  if (text === null) html("p", {}, body, t("shell.rulesMissing"));
  else renderMarkdown(text, body);
  return { unmount() {} };
}
