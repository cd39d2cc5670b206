// The route: the page a location hash opens (parseRoute), and what that page
// will need, asked for by web/boot.js as soon as the page starts (preloadRoute):
// its strings, its game's modules, stylesheet and board, while the shell's own
// modules and Python load, instead of after them.
import { peekLanguage } from "./storage.js";
import { pickLanguage, preloadTables } from "./kit/i18n.js";
import { GRAPHS } from "../build/graphs.js";

// Each game's page module, named in full: a bundler (the published site's, tools/bundle.mjs)
// sees four pages, where a template `./games/${game}.js` would match every module below games/.
/** @type {Record<string, () => Promise<any>>} */
const PAGES = {
  blocks: () => import("./games/blocks.js"),
  domino: () => import("./games/domino.js"),
  merge: () => import("./games/merge.js"),
  bowls: () => import("./games/bowls.js"),
};

/** A game's own screens a path names (`#/<game>/<screen>`): the bowls Puzzle Workshop's editor (W28). */
/** @type {Record<string, string[]>} */
const SCREENS = { bowls: ["workshop"] };

/** The games, in the order the arcade shows them. */
export const GAME_IDS = Object.keys(PAGES);
// The Daily Club's stats page (web/club.js), a page module like a game's.
const STATS = () => import("./club.js");

/** @typedef {import("./app.js").Route} Route */

/**
 * A page's module: a game's, or the stats page's ("club"). `fresh`: imported under a URL of its own
 * (a query), for a module whose load failed: a browser may keep the failure for its URL (P3). The
 * module's URL is the first of its graph (build/graphs.js: the source's, or the published chunk's).
 * @param {string} page one of GAME_IDS, or "club"
 * @param {boolean} [fresh]
 * @returns {Promise<any>} the module (rejected for a page that is not one, or that did not load)
 */
export function importPage(page, fresh = false) {
  if (!Object.hasOwn(PAGES, page) && page !== "club") return Promise.reject(new Error(`no page for ${page}`));
  if (!fresh) return page === "club" ? STATS() : PAGES[page]();
  const url = new URL(`../${GRAPHS[page][0]}`, import.meta.url);
  url.searchParams.set("retry", String(Date.now()));
  return import(url.href);
}

/**
 * A game route's query: a lesson, a replay (`replay=CODE`), a deal to start
 * (`seed=…&…` or `daily=…`, handed on without `lesson` and checked by the
 * engine's `start_of`; `archive=…`, a past daily played as practice, checked by the club
 * service's `archive_open`; `from=STEP&code=CODE`, a practice run from a replay's step, made by
 * the engine's `new`: club.forking), or nothing.
 * A game's own screen (`#/bowls/workshop`: W28's editor) and a workshop puzzle's code
 * (`#/bowls?puzzle=6EP1…`, with `&solved=…`: a friend's result sent back to its author) are the page's
 * to open (`screen`, `puzzle`, `solved`); a puzzle's number
 * (`puzzle=N`) is not a code and stays a deal's query.
 * @param {string} hash `#/`, `#/club`, `#/club/archive`, `#/rules/<game>`, `#/<game>`, `#/<game>?lesson`,
 *   `#/<game>?replay=CODE`, `#/<game>?seed=…&…`, `#/<game>?daily=YYYY-MM-DD`, `#/bowls/workshop`,
 *   `#/bowls?puzzle=CODE`, `#/bowls?puzzle=CODE&solved=MOVES`
 * @returns {Route}
 */
export function parseRoute(hash) {
  const text = String(hash || "").replace(/^#\/?/, "");
  const cut = text.indexOf("?");
  const path = cut < 0 ? text : text.slice(0, cut);
  const query = cut < 0 ? "" : text.slice(cut + 1);
  const parts = path.split("/").filter(Boolean);
  const params = new URLSearchParams(query);
  if (parts.length === 0) return { name: "home" };
  if (parts[0] === "club" && parts.length === 1) return { name: "club" };
  // The archive of past dailies: a view of the club's page module (web/archive.js).
  if (parts[0] === "club" && parts[1] === "archive" && parts.length === 2) return { name: "club", view: "archive" };
  if (parts[0] === "rules" && GAME_IDS.includes(parts[1])) return { name: "rules", game: parts[1] };
  if (!GAME_IDS.includes(parts[0])) return { name: "home" };
  const game = parts[0];
  const screen = parts.length === 2 && Object.hasOwn(SCREENS, game) && SCREENS[game].includes(parts[1]) ? parts[1] : null;
  if (parts.length !== 1 && screen === null) return { name: "home" };
  if (screen) return { name: "game", game, lesson: false, start: null, replay: null, screen, puzzle: null };
  if (params.has("replay")) return { name: "game", game, lesson: false, start: null, replay: params.get("replay") ?? "" };
  const start =
    params.has("seed") || params.has("daily") || params.has("archive") || params.has("from")
      ? query
          .split("&")
          .filter((part) => part && part.split("=")[0] !== "lesson")
          .join("&")
      : null;
  // A lesson beside a deal: the deal is what follows the lesson (its Play and Skip open it), never dealt into it.
  if (params.has("lesson")) return { name: "game", game, lesson: true, start, replay: null };
  const puzzle = params.get("puzzle") ?? "";
  if (Object.hasOwn(SCREENS, game) && puzzle && !/^\d+$/.test(puzzle))
    return { name: "game", game, lesson: false, start: null, replay: null, screen: null, puzzle, solved: params.get("solved") };
  return { name: "game", game, lesson: false, start, replay: null };
}

/**
 * Whether a game route opens the game's first lesson instead (docs/game-pages.md "Lesson mode"): a newcomer's (no lesson done, no run of the game stored) plain visit, and a newcomer's Daily
 * or challenge link too, whose deal then waits, untouched, until the lesson's Play or Skip (so it still counts).
 * A replay, a game's own screen or a workshop puzzle opens as asked, and so does the game its replay closed to.
 * @param {Route} route
 * @param {{ done: boolean, stored: boolean, leftReplay: boolean }} player the lesson is done; a run is stored;
 *   the page before was this game's replay
 * @returns {boolean}
 */
export function lessonFirst(route, { done, stored, leftReplay }) {
  if (route.name !== "game" || route.lesson || done || stored || leftReplay) return false;
  return typeof route.replay !== "string" && !route.screen && typeof route.puzzle !== "string";
}

/**
 * The address of a game's lesson, with the deal that follows it (a Daily's or a challenge's query), if any.
 * @param {string} game @param {string | null | undefined} start
 */
export const lessonHash = (game, start) => `#/${game}?lesson${start ? `&${start}` : ""}`;

/**
 * The route's strings and, for a game, its modules, stylesheet and board, asked for now.
 * @returns {{ tables: Map<string, Promise<any>>, modules: Map<string, Promise<any>>, lang: string }}
 */
export function preloadRoute() {
  const route = parseRoute(location.hash);
  const lang = pickLanguage(peekLanguage());
  const scopes = ["shell", "club", ...(route.game ? [route.game] : [])];
  const ids = [...new Set(scopes.flatMap((scope) => [`${scope}.en`, `${scope}.${lang}`]))];
  /** @type {Map<string, Promise<any>>} */
  const modules = new Map();
  /** @param {string} rel @param {string} path from the site's root @param {string} [as] */
  const ask = (rel, path, as) =>
    document.head.append(
      Object.assign(document.createElement("link"), { rel, href: new URL(`../${path}`, import.meta.url).href, ...(as && { as }) }),
    );
  if (route.name === "game") {
    modules.set(
      route.game,
      importPage(route.game).catch(() => null),
    );
    // Its whole module graph at once (build/graphs.js): one round trip, not one per import level; the
    // board before Python (build/shapes.js, ctx.builtShape); the stylesheet the page links when it mounts.
    for (const path of [...(GRAPHS[route.game] ?? []), "build/shapes.js"]) ask("modulepreload", path);
    ask("preload", `web/css/${route.game}.css`, "style");
  }
  // The stats page's modules, and a first visit's stats before Python (build/clubstats.js).
  if (route.name === "club") for (const path of [...(GRAPHS.club ?? []), "build/clubstats.js"]) ask("modulepreload", path);
  // Home's and the stats page's sheet: their first frame waits for it.
  if (route.name === "home" || route.name === "club") ask("preload", "web/css/club.css", "style");
  return { tables: preloadTables(ids), modules, lang };
}
