// The copies set aside as corrupt (P8), listed in the home screen's
// "Your progress" section: which save each was, when it was set aside and the
// room it takes (they count against the device's quota, which every site at
// this address shares), each with a Delete, and Delete all. Storage keeps only
// the newest CORRUPT_KEEP of each key (web/storage.js).
import { html } from "./svg.js";
import { PREFIX } from "./storage.js";

/** What the list of copies set aside reads of home's context. @typedef {Pick<import("./app.js").ShellContext, "t" | "lang" | "storage" | "gameName">} AsidesContext */

/**
 * Room in the units a player knows: localStorage counts UTF-16 code units,
 * two bytes each.
 * @param {number} chars @param {string} lang @returns {string}
 */
export function sizeText(chars, lang) {
  return bytesText(chars * 2, lang);
}

/** @param {number} bytes @param {string} lang @returns {string} "800 bytes", "4 kB", "8.4 MB" */
export function bytesText(bytes, lang) {
  /** @param {string} unit @param {number} value @param {"long" | "short"} display */
  const unit = (unit, value, display) =>
    new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: display, maximumFractionDigits: 1 }).format(value);
  if (bytes < 1000) return unit("byte", bytes, "long");
  if (bytes < 1000 * 1000) return unit("kilobyte", bytes / 1000, "short");
  return unit("megabyte", bytes / (1000 * 1000), "short");
}

/**
 * A stored key as the player reads it: "Domino Drop: run", or the key's own name.
 * @param {string} key under PREFIX, or the part's name without it @param {AsidesContext["gameName"]} gameName
 */
export function partName(key, gameName) {
  const part = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
  const [game, ...rest] = part.split("/");
  return gameName(game) ? `${gameName(game)}: ${rest.join("/")}` : part;
}

/**
 * The list, drawn again after each Delete; hidden while there is none.
 * @param {HTMLElement} parent @param {AsidesContext} ctx
 * @returns {{ refresh(): void }}
 */
export function mountAsides(parent, ctx) {
  const { t } = ctx;
  const box = html("div", { class: "backup-asides", hidden: true }, parent);
  const when = new Intl.DateTimeFormat(ctx.lang, { dateStyle: "medium", timeStyle: "short" });

  function refresh() {
    const asides = ctx.storage.asides();
    box.replaceChildren();
    box.hidden = asides.length === 0;
    if (!asides.length) return;
    html("h3", {}, box, t("shell.asides.title"));
    html("p", { class: "backup-lead" }, box, t("shell.asides.lead"));
    const list = html("ul", { class: "asides" }, box);
    for (const aside of asides) {
      const part = partName(aside.of, ctx.gameName);
      const date = when.format(new Date(aside.time));
      const item = html("li", { class: "aside", "data-key": aside.key, "data-chars": aside.chars }, list);
      html("span", { class: "aside-what" }, item, t("shell.asides.item", { part, date, size: sizeText(aside.chars, ctx.lang) }));
      const remove = html(
        "button",
        { type: "button", class: "btn aside-delete", "aria-label": t("shell.asides.deleteOne", { part, date }) },
        item,
        t("shell.asides.delete"),
      );
      remove.addEventListener("click", () => {
        ctx.storage.remove(aside.key);
        refresh();
        focusList();
      });
    }
    const all = html("button", { type: "button", class: "btn asides-clear" }, box, t("shell.asides.deleteAll"));
    all.addEventListener("click", () => {
      for (const aside of ctx.storage.asides()) ctx.storage.remove(aside.key);
      refresh();
      focusList();
    });
  }

  // The focus stays in the section after its button is gone: the next Delete, else the title.
  function focusList() {
    /** @type {HTMLElement | null} */
    const next = box.querySelector(".aside-delete") ?? parent.querySelector("h2");
    if (next && !next.hasAttribute("tabindex") && next.tagName === "H2") next.setAttribute("tabindex", "-1");
    next?.focus();
  }

  refresh();
  return { refresh };
}
