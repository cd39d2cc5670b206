// The app: one Pyodide boot (P2) in the engine worker, games as hash routes,
// each page handed the context of its route's kind (a game's: its engine and
// store; the shell's: the club, the whole storage; each module reads a slice
// of it: docs/architecture.md, The page context). The app starts before Python is ready (P3): home
// and every game's frame are pure JavaScript; a game page draws the view it
// stored beside its run, and stays inert ("starting") until its engine answered.
import { createEngine } from "./engine.js";
import { atPause } from "./pause.js";
import { createStorage, loadSettings, saveSettings } from "./storage.js";
import { createI18n, pickLanguage, LANGUAGES } from "./kit/i18n.js";
import { GAME_IDS, importPage, lessonFirst, lessonHash, parseRoute } from "./route.js";
import { createAnnouncer, reducedMotionQuery } from "./a11y.js";
import { createNotices } from "./notices.js";
import { mountHome } from "./home.js";
import { mountRules } from "./rules.js";
import { html } from "./svg.js";
import { parsedOrNull, viewCopy, viewOfCopy } from "./viewcopy.js";
import { runningVersion, watchUpdates } from "./update.js";
import { createKeeping } from "./persist.js";
import { finishRestore } from "./restore.js";
import { createSeen, createTips, memoryScope } from "./kit/lesson.js";
import { createFeel } from "./kit/feel.js";
import { createClub } from "./kit/club.js";
import { mountSettings } from "./settings.js";
import { TEST_BUILD } from "./testbuild.js";

// The shell's fixed parts: index.html has them before any script runs.
/** @param {string} id */
const shellPart = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @typedef {import("./engine.js").Engine} Engine */
/** @typedef {import("./engine.js").WorkerExports} WorkerExports */
/** @typedef {import("./storage.js").StoreScope} StoreScope */

/**
 * What a page's `mount(root, ctx)` is handed: a shell page's context or a game page's. Each page module
 * declares the slice of it that it reads (`Pick<ShellContext, …>`, `Pick<GameContext<Blocks.Calls>, …>`), so
 * tsc proves it reads nothing else (docs/architecture.md, The page context).
 * @typedef {ShellContext | GameContext} PageContext
 */

/**
 * A shell page's context (home, the club's stats and archive): no game, so no engine and no store; the club
 * record service, the whole storage (backup) and throwaway sessions that check without touching a game.
 * @typedef {object} ShellContext
 * @property {import("./kit/i18n.js").I18n["t"]} t
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 * @property {string} lang
 * @property {import("./storage.js").ClubStorage} storage all of it (backup)
 * @property {(game: string) => number | null} bestScore the best from the last stored headline
 * @property {(game: string) => Promise<number | null>} freshBest the engine's best, stored as the headline
 * @property {Promise<void>} engineReady
 * @property {string[]} games
 * @property {(id: string) => string | null} gameName
 * @property {(id: string, method: string, payload?: object) => Promise<unknown>} check a throwaway session's answer
 *   (a backup's items are checked by the game their key names: the caller knows which answer it asked for)
 * @property {import("./persist.js").Keeping} keeping what protects the storage: persistence asked after the first
 *   finished run, the install offer, the last backup and the backup reminder (web/persist.js)
 * @property {import("./kit/club.js").Club} club the Daily Club (home's card, the stats page: its `record`)
 */

/**
 * A rules page's context: its words only (the game is its route's).
 * @typedef {Pick<ShellContext, "t" | "lang">} RulesContext
 */

/**
 * A game page's context: a game route always has its game, an engine and a store (gameContext).
 * Its engine is typed by the game's table of calls (`GameContext<Blocks.Calls>`); the kit's
 * modules, which serve every game, see the contract's (`Club.Calls`). Its mount (the kit's mountGame and the
 * game's hooks) hands each module the slice that module declares.
 * @template {import("./engine.js").CallTable} [C=Club.Calls]
 * @typedef {object} GameContext
 * @property {string} game the game id
 * @property {import("./engine.js").Engine<C>} engine this game's engine (its run's, its lesson's or its replay's)
 * @property {StoreScope} store this game's storage (a lesson's and a replay's keep nothing)
 * @property {import("./kit/i18n.js").I18n["t"]} t
 * @property {(value: number, options?: Intl.NumberFormatOptions) => string} number
 * @property {string} lang
 * @property {(text: string, urgency?: import("./a11y.js").Urgency) => void} announce says it, queued, each
 *   message a sentence (P11); "assertive" for the end of a run
 * @property {import("./notices.js").Notice} notice shows a dismissable notice (a problem) or a brief confirmation ("done")
 * @property {() => boolean} reducedMotion
 * @property {import("./storage.js").Settings} settings
 * @property {(item?: string) => any} storedView the view stored beside the run (drawing only), or null
 * @property {(view: unknown, item?: string) => unknown} keepView stores a view beside the run
 * @property {() => Promise<unknown>} builtShape the game's board as its engine answers `geometry`, written at build time
 *   (build/shapes.js): a first visit's board before Python is up (P3); null for a game without one
 * @property {() => void} painted marks the first board drawn (make bench)
 * @property {() => void} drawn the route's frame is on screen, before Python: a first visit's downloads begin
 *   after it (web/boot.js), so they do not hold back the page the player came for
 * @property {(fn: (hidden: boolean) => void) => () => void} onVisibility
 * @property {boolean} lesson the page runs the game's first lesson (`#/<game>?lesson`):
 *   its engine is a session beside the player's run and its store keeps nothing
 * @property {import("./kit/lesson.js").Seen} seen lessons done and tips shown
 * @property {boolean} focusLost the page before had the focus (the kit gives it to this one: P11)
 * @property {boolean} afterLesson the page before was this game's lesson (its Play or Skip came here)
 * @property {(key: string, text: string, anchor?: Element | null, read?: () => void) => boolean} tip a special explained
 *   once, in place; with `read`, the tip waits for the player and `read` is called when it goes (ShowTip)
 * @property {{ cue: (name: string, options?: { size?: number, step?: number }) => void, launching: () => void }} feel
 *   sound and vibration; `launching()`: a run is launched (a moment for the sound's making: web/kit/sound.js)
 * @property {string | null} start the route's start query (`seed=…&…` or `daily=…`), else null
 * @property {string | null} lessonNext in a lesson, the deal that follows it (a Daily's or a challenge's query: its
 *   Play and Skip open it), else null
 * @property {string | null} screen a game's own screen the route names (`#/bowls/workshop`), else null
 * @property {string | null} puzzle a workshop puzzle's code the route carries (`#/bowls?puzzle=6EP1…`), else null
 * @property {string | null} solved a friend's result on that puzzle, sent back to its author (`&solved=…`), else null
 * @property {string | null} replay the replay code of a replay route (`#/<game>?replay=CODE`): then `engine` is the
 *   `<game>/replay` session, `store` keeps nothing and the page's root is inert after mount
 * @property {import("./kit/club.js").Club} club the Daily Club: start links, banking finished runs, the end card's
 *   block, the replay bar (web/kit/club.js)
 */

/**
 * What a page's mount resolves to.
 * @typedef {object} PageView
 * @property {() => void} unmount saves what is in play and lets go of listeners
 * @property {Promise<unknown>} [settled] the page's first engine answers are in
 */

/**
 * A game and a rules page always name their game (parseRoute takes only known ids).
 * @typedef {{ name: "home", game?: undefined, lesson?: undefined, start?: undefined, replay?: undefined }
 *   | { name: "club", view?: "archive", game?: undefined, lesson?: undefined, start?: undefined, replay?: undefined }
 *   | { name: "rules", game: string, lesson?: undefined, start?: undefined, replay?: undefined }
 *   | { name: "game", game: string, lesson: boolean, start: string | null, replay: string | null, screen?: string | null,
 *       puzzle?: string | null, solved?: string | null }} Route
 */

/** @param {AbortSignal} signal */
function visibilityHub(signal) {
  /** @type {Set<(hidden: boolean) => void>} */
  const listeners = new Set();
  document.addEventListener("visibilitychange", () => listeners.forEach((fn) => fn(document.hidden)), { signal });
  /** @param {(hidden: boolean) => void} fn */
  return (fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
}

// The first route's frame is on screen (before Python): said once, to web/boot.js, which begins a
// first visit's downloads after it (P3: the page the player came for first, then the engine).
function routeDrawn() {
  if (performance.getEntriesByName("club-route-drawn").length) return;
  performance.mark("club-route-drawn");
  dispatchEvent(new Event("club:drawn"));
}

/**
 * A page of the shell (home, the club's stats, rules): its frame is drawn once its mount is done (its
 * stylesheet applied, a first visit's stats in). No mount waits for the engine, which on a first visit
 * waits for this frame (web/boot.js).
 * @template T @param {Promise<T>} view its mount's promise @returns {Promise<T>}
 */
async function shellPage(view) {
  try {
    return await view;
  } finally {
    routeDrawn();
  }
}

/**
 * The engines of every session in the worker: each game's run, its first lesson and its replay beside it,
 * the Daily Club's record service, and throwaway sessions that check a backup without touching a game.
 * @param {Promise<WorkerExports>} worker
 */
function createEngines(worker) {
  /** @param {string} suffix */
  const each = (suffix) => new Map(GAME_IDS.map((id) => [id, createEngine(worker, `${id}${suffix}`)]));
  return {
    games: each(""),
    lessons: each("/lesson"),
    replays: each("/replay"),
    club: createEngine(worker, "club"), // streaks, stats, kept replays: pure text in, text out
    checkers: new Map([...GAME_IDS, "club"].map((id) => [id, createEngine(worker, id, "check")])),
  };
}

/**
 * What every page's context is made from: the shell's parts, made once.
 * @typedef {object} Shell
 * @property {ReturnType<typeof createEngines>} engines
 * @property {Promise<void>} engineReady
 * @property {() => boolean} engineUp
 * @property {import("./storage.js").ClubStorage} storage
 * @property {import("./storage.js").Settings} settings
 * @property {() => void} keepSettings
 * @property {import("./kit/i18n.js").I18n} i18n
 * @property {import("./notices.js").Notice} notice
 * @property {(text: string, urgency?: import("./a11y.js").Urgency) => void} announce
 * @property {() => boolean} reducedMotion
 * @property {(fn: (hidden: boolean) => void) => () => void} onVisibility
 * @property {import("./kit/lesson.js").Seen} seen
 * @property {ReturnType<typeof createTips>} tips
 * @property {ReturnType<typeof createFeel>} feel
 * @property {import("./persist.js").Keeping} keeping
 */

/**
 * The contexts of a route's page, each made by its kind when the page mounts (mountPage): a shell page's, a
 * rules page's, a game page's. Each is what its page reads, no more: a shell page has no engine and no store.
 * @typedef {object} Contexts
 * @property {() => ShellContext} shell home, the club's stats and archive
 * @property {() => RulesContext} rules
 * @property {(game: string) => GameContext} game the route's game
 * @property {string | null} replay the replay code of a replay route (its root stays inert)
 * @property {() => void} cleanup the page is left
 */

/**
 * A page's contexts: the game's engine (its run's, its lesson's or its replay's), its storage scope (a
 * lesson and a replay keep nothing) and the shell's parts.
 * @param {Shell} shell @param {Route} route @param {HTMLElement} root the page's section
 * @param {{ focusLost?: boolean, afterLesson?: boolean, lessonStore?: import("./storage.js").StoreScope, shown?: () => boolean }} [arrival] the
 *   page before had the focus; it was this game's lesson; a lesson's store (kept while its route is shown again);
 *   the route is still the one shown (false once the player left, even while the page mounts)
 * @returns {Contexts}
 */
function makeContext(shell, route, root, { focusLost = false, afterLesson = false, lessonStore, shown } = {}) {
  const { engines, storage, i18n, notice, announce, reducedMotion, tips } = shell;
  const { game } = route;
  const lesson = Boolean(game && route.lesson);
  const replay = game && !lesson && typeof route.replay === "string" ? route.replay : null;
  const start = game && !lesson && replay === null ? (route.start ?? null) : null;
  const aside = lesson || replay !== null; // a session beside the player's run, keeping nothing
  /** @type {(() => void)[]} */
  const cleanups = [tips.clear];
  // Every game id has its engines (createEngines).
  const sessionOf = (/** @type {string} */ id) =>
    /** @type {Engine} */ ((lesson ? engines.lessons : replay !== null ? engines.replays : engines.games).get(id));
  const engine = game ? sessionOf(game) : null;
  const number = (/** @type {number} */ v, /** @type {Intl.NumberFormatOptions | undefined} */ o) => i18n.number(v, o);
  const club = createClub({
    game: game ?? null,
    start,
    replay,
    lesson,
    root,
    engine,
    clubEngine: engines.club,
    storage,
    notice,
    announce,
    reducedMotion,
    t: i18n.t,
    lang: i18n.lang,
    number,
    shown,
    banked: shell.keeping.finishedRun, // P8: a finished run is what persistence is asked for, once
    onCleanup: (fn) => {
      cleanups.push(fn);
    },
  });
  /** @param {string} id @returns {GameContext} */
  const gameContext = (id) => ({
    game: id,
    lesson,
    start,
    lessonNext: (lesson && route.start) || null,
    replay,
    screen: (route.name === "game" && route.screen) || null,
    puzzle: route.name === "game" && typeof route.puzzle === "string" ? route.puzzle : null,
    solved: route.name === "game" && typeof route.solved === "string" ? route.solved : null,
    club,
    engine: sessionOf(id),
    store: aside ? (lessonStore ?? memoryScope()) : storage.scope(id),
    number,
    announce,
    notice,
    reducedMotion,
    seen: shell.seen,
    feel: shell.feel,
    focusLost,
    afterLesson,
    tip: (key, text, anchor, read) => tips.show(root, key, text, anchor, read),
    t: i18n.t,
    lang: i18n.lang,
    settings: shell.settings,
    ...viewAids(storage, id, aside),
    painted: () => {
      if (!performance.getEntriesByName("club-board-painted").length) performance.mark("club-board-painted");
    },
    drawn: routeDrawn,
    onVisibility: (fn) => {
      const off = shell.onVisibility(fn);
      cleanups.push(off);
      return off;
    },
  });
  return {
    shell: () => shellContext(shell, club, number),
    rules: () => ({ t: i18n.t, lang: i18n.lang }),
    game: gameContext,
    replay,
    cleanup: () => cleanups.forEach((fn) => fn()),
  };
}

/**
 * A game page's drawing aids before Python is up: the view stored beside its run (never acted on; a lesson and a
 * replay keep none) and the build's board.
 * @param {import("./storage.js").ClubStorage} storage @param {string} game @param {boolean} aside a lesson or a replay
 * @returns {Pick<GameContext, "storedView" | "keepView" | "builtShape">}
 */
function viewAids(storage, game, aside) {
  // The run's view names its run (web/viewcopy.js): read beside another tab's run, it is not drawn. The run is
  // peeked: a drawing aid never takes another tab's run as seen (its next write must still find the conflict).
  /** @param {StoreScope} scope */
  const storedRun = (scope) => (scope.peek ?? scope.get)("run");
  return {
    storedView: (item = "view") => {
      if (aside) return null;
      const scope = storage.scope(game);
      return item === "view" ? viewOfCopy(scope.get(item), storedRun(scope)) : parsedOrNull(scope.get(item));
    },
    keepView: (view, item = "view") => {
      if (aside) return false;
      const scope = storage.scope(game);
      return scope.set(item, item === "view" ? viewCopy(view, storedRun(scope)) : JSON.stringify(view));
    },
    builtShape: () =>
      import("../build/shapes.js").then(
        ({ SHAPES }) => (Object.hasOwn(SHAPES, game) ? SHAPES[game] : null),
        () => null, // a drawing aid only: the engine's geometry follows
      ),
  };
}

/**
 * A shell page's context: the club, the whole storage, the bests and the checkers; no engine of a game.
 * @param {Shell} shell @param {import("./kit/club.js").Club} club @param {ShellContext["number"]} number
 * @returns {ShellContext}
 */
function shellContext(shell, club, number) {
  const { engines, storage, i18n } = shell;
  return {
    t: i18n.t,
    number,
    lang: i18n.lang,
    storage,
    club,
    // Home shows each best score at once from the engine's last headline, stored beside the profile.
    bestScore: (id) => parsedOrNull(storage.scope(id).get("headline"))?.best ?? null,
    freshBest: (id) => freshBest(shell, id),
    engineReady: shell.engineReady,
    games: GAME_IDS,
    gameName: (id) => (GAME_IDS.includes(id) ? i18n.t(`shell.game.${id}.name`) : null),
    // A Promise; the ids are the games' and "club" (validatorFor), each with its checker.
    check: (id, method, payload) => {
      const engine = /** @type {Engine} */ (engines.checkers.get(id));
      return /** @type {(method: string, payload?: object) => Promise<unknown>} */ (/** @type {unknown} */ (engine.call))(method, payload);
    },
    keeping: shell.keeping,
  };
}

/**
 * The engine's best of a game, stored as the headline the home screen shows at once next time.
 * @param {Shell} shell @param {string} game @returns {Promise<number | null>}
 */
async function freshBest({ engines, storage }, game) {
  const profile = storage.scope(game).get("profile");
  try {
    const headline = await /** @type {Engine} */ (engines.games.get(game)).call("headline", { profile }); // a game of GAME_IDS
    storage.scope(game).set("headline", JSON.stringify(headline));
    // No best: a profile the engine cannot read is moved aside here, with its notice (P8), not
    // read again at every visit of home (a throwaway session reads it: the game's is untouched).
    if ((headline?.best ?? null) === null && profile !== null)
      await storage
        .scope(game)
        .load("profile", (text) => /** @type {Engine} */ (engines.checkers.get(game)).call("load_profile", { profile: text }));
    return headline?.best ?? null;
  } catch (error) {
    if (!(error?.name === "EngineError")) console.error(error);
    return null;
  }
}

/**
 * A page's module (a game's, or the stats page's): the one asked for while Python booted, else imported
 * now; one that did not load is imported once more under a URL of its own (P3: the page retries a module
 * the browser did not deliver, and a browser may keep the failure for the module's URL).
 * @param {string} page a game id, or "club" @param {Map<string, Promise<any>>} preloaded
 * @returns {Promise<any>} the module, or null when it did not load twice
 */
async function loadPage(page, preloaded) {
  try {
    const early = await (preloaded.get(page) ?? importPage(page));
    if (early) return early;
  } catch (error) {
    console.warn(`${page}: its module did not load; once more`, error);
  }
  try {
    return await importPage(page, true);
  } catch (error) {
    console.error(error);
    return null;
  }
}

/**
 * A page whose module did not load, or whose mount failed: told to the boot's watchdog (index.html),
 * which reloads the page once (every module fetched anew); after that the page says it failed, with
 * Retry (P3), which reloads it again.
 * @param {HTMLElement} root the page's section @param {string} text what the page says
 * @param {string} retry the button's label
 * @returns {Promise<null>} never settled when the page reloads: nothing more happens here
 */
function pageFailed(root, text, retry) {
  const failed = new CustomEvent("club:failed", { cancelable: true, detail: { message: null, inPage: true } });
  if (!dispatchEvent(failed)) return new Promise(() => {});
  root.replaceChildren();
  const box = html("div", { class: "page-failed", role: "alert" }, root);
  html("p", { class: "placeholder" }, box, text);
  const button = html("button", { type: "button", class: "btn primary" }, box, retry);
  button.addEventListener("click", () => dispatchEvent(new Event("club:retry")));
  routeDrawn(); // its frame is this message: a first visit's downloads need not wait for another
  return Promise.resolve(null);
}

/**
 * A page's module mounted into its section: home, the club page, a rules page or a game.
 * @param {Shell} shell @param {Route} route @param {HTMLElement} root @param {Contexts} contexts each kind's, the route's made
 * @param {Map<string, Promise<any>>} preloaded the route's game module, asked for while Python booted
 * @param {() => boolean} current still the route shown
 * @returns {Promise<PageView | null>}
 */
async function mountPage(shell, route, root, contexts, preloaded, current) {
  const { t } = shell.i18n;
  /** @param {string} key what the page says */
  const failed = (key) => pageFailed(root, t(key), t("shell.loader.retry"));
  /** @param {() => Promise<any>} mount @param {string} key what the page says when it fails */
  const guarded = async (mount, key) => {
    try {
      return (await mount()) ?? null;
    } catch (error) {
      console.error(error);
      return failed(key);
    }
  };
  if (route.name === "home") {
    document.title = "6E Club";
    return shellPage(mountHome(root, contexts.shell()));
  }
  if (route.name === "rules") {
    document.title = `${t(`shell.game.${route.game}.name`)} · ${t("shell.rules")} · 6E Club`;
    return shellPage(mountRules(root, contexts.rules(), route.game));
  }
  // The Daily Club's stats page (web/club.js) or a game's page.
  const page = route.name === "club" ? "club" : route.game;
  const key = route.name === "club" ? "shell.pageFailed" : "shell.gameFailed";
  const title = route.name === "club" ? t(route.view === "archive" ? "club.archive.title" : "shell.club.title") : null;
  document.title = `${title ?? t(`shell.game.${route.game}.name`)} · 6E Club`;
  const module = await loadPage(page, preloaded);
  if (!current()) return null;
  if (!module) return failed(key);
  if (route.name === "club") {
    const ctx = contexts.shell();
    return guarded(() => shellPage(route.view === "archive" ? module.mountArchive(root, ctx) : module.mountClub(root, ctx)), key);
  }
  const ctx = contexts.game(route.game);
  return guarded(() => module.mount(root, ctx), key);
}

/**
 * @param {Promise<WorkerExports>} worker the engine worker (startWorker)
 * @param {{ tables: Map<string, Promise<any>>, modules: Map<string, Promise<any>> }} [preloaded] preloadRoute's
 */
export async function startApp(worker, preloaded = { tables: new Map(), modules: new Map() }) {
  /** @type {Awaited<ReturnType<typeof openApp>> | null} */
  let opened = await openApp(worker, preloaded);
  const sync = await worker;
  document.documentElement.dataset.python = await sync.python();
  // The test build's hooks (tools/bench.py, the e2e suite): the engines' own latency measured in
  // the worker, the engines as the page has them (round trips, a hint's search), the restart in
  // place. The published site has none of them (web/testbuild.js).
  if (TEST_BUILD)
    dispatchEvent(
      new CustomEvent("club:ready", {
        detail: {
          bench: (/** @type {string[] | undefined} */ games) => sync.bench(games),
          engine: (/** @type {string} */ game) => createEngine(worker, game),
          restart: { close, open },
        },
      }),
    );
  const updates = watchUpdates({
    container: shellPart("notices"),
    t: (key, vars) => (opened ? opened.shell.i18n.t(key, vars) : key),
    settle: () => opened?.router.settle(),
    when: atPause,
  });
  opened.router.watch(updates);
  runningVersion().then((version) => {
    document.documentElement.dataset.version = version ?? "";
  });
  // A new engine worker after a fatal failure (web/engine.js keptAlive) holds no session: the
  // route opens again from storage, as after a load, with the notices said so far (P8).
  addEventListener("club:engine-restarted", () => open({ keepNotices: true }).catch(console.error));

  // The restart in place (the test build's hook; a worker started anew opens the route the same
  // way, its sessions fresh): `close` ends the arcade in this page (the page shown goes, saving a
  // run in play; the shell's listeners and parts go; Python's sessions start anew, the
  // interpreter and the engines staying imported) and `open` opens it again from storage at
  // the address's route, as a new load of the page would. The e2e suite's tests that are not
  // about the boot start this way: a boot costs about two CPU-seconds, this a fifth of that.
  async function close({ keepNotices = false } = {}) {
    delete document.documentElement.dataset.ready;
    opened?.close(keepNotices);
    opened = null;
    shellPart("app").replaceChildren();
    await sync.cancel();
    if (TEST_BUILD) await sync.reset(); // a new worker's sessions (club:engine-restarted) are fresh already
  }

  async function open({ keepNotices = false } = {}) {
    if (opened) await close({ keepNotices });
    scrollTo(0, 0);
    opened = await openApp(worker, { tables: new Map(), modules: new Map() });
    opened.router.watch(updates);
  }
}

/**
 * The shell, the header's controls and the router, and the route shown: what a load of the page opens.
 * @param {Promise<WorkerExports>} worker @param {{ tables: Map<string, Promise<any>>, modules: Map<string, Promise<any>> }} preloaded
 * @returns {Promise<{ shell: Shell, router: ReturnType<typeof createRouter>, close: (keepNotices?: boolean) => void }>}
 */
async function openApp(worker, preloaded) {
  const listening = new AbortController();
  const { signal } = listening;
  const shell = await createShell(worker, preloaded, signal);
  const router = createRouter(shell, preloaded.modules);
  const { i18n, storage, settings } = shell;
  mountSettings(document.getElementById("settings-button"), {
    settings,
    saveSettings: shell.keepSettings,
    t: i18n.t,
    feel: shell.feel,
    reducedMotion: shell.reducedMotion,
    keeping: shell.keeping,
    lang: () => i18n.lang,
    signal,
  });
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang-select"));
  select.value = i18n.lang;
  select.addEventListener(
    "change",
    async () => {
      if (!LANGUAGES.includes(select.value)) return;
      settings.lang = select.value;
      saveSettings(storage, settings);
      const route = parseRoute(location.hash);
      await i18n.setLanguage(select.value, ["shell", "club", ...(route.game ? [route.game] : [])]);
      i18n.translateDom();
      shell.announce(""); // the last sentence heard was in the old language (P11, P12)
      await router.show(route, { again: true });
    },
    { signal },
  );
  i18n.translateDom();
  bindSkip(signal);

  addEventListener("hashchange", () => router.show(parseRoute(location.hash)), { signal });
  await router.show(parseRoute(location.hash));
  await shell.engineReady;
  await router.current()?.view?.settled;
  if (!performance.getEntriesByName("club-interactive").length) performance.mark("club-interactive");
  document.documentElement.dataset.ready = "1";
  return {
    shell,
    router,
    /** @param {boolean} [keepNotices] */
    close(keepNotices = false) {
      router.settle();
      listening.abort();
      shell.feel.close?.();
      if (!keepNotices)
        shellPart("notices")
          .querySelectorAll(".notice")
          .forEach((item) => item.remove());
      shellPart("live").textContent = "";
      shellPart("live-alert").textContent = "";
    },
  };
}

/**
 * The shell's parts, made once before the first page: storage (a restore finished first), settings,
 * strings, the live region, the feel, the lessons done and tips shown.
 * @param {Promise<WorkerExports>} worker @param {{ tables: Map<string, Promise<any>> }} preloaded
 * @param {AbortSignal} signal ends the shell's listeners (the restart in place)
 * @returns {Promise<Shell>}
 */
async function createShell(worker, preloaded, signal) {
  let engineUp = false;
  const engineReady = worker.then(() => {
    engineUp = true;
  });
  engineReady.catch(() => {}); // shown by boot.js with Retry
  /** @type {import("./kit/i18n.js").I18n | null} */
  let i18n = null;
  const notice = createNotices(shellPart("notices"), (k, v) => (i18n ? i18n.t(k, v) : k));
  const storage = createStorage({ notice, t: (k, v) => (i18n ? i18n.t(k, v) : null), signal });
  const restored = finishRestore(storage.backend); // before anything reads the progress
  const settings = loadSettings(storage);
  i18n = createI18n(pickLanguage(settings.lang), preloaded.tables, notice);
  await i18n.setLanguage(i18n.lang, ["shell", "club"]);
  await Promise.all([i18n.use("shell"), i18n.use("club")]);
  storage.stringsReady(); // a corrupt settings' notice, held until now, in the player's language
  if (restored === "finished") notice(i18n.t("shell.backup.finished"));
  const seen = createSeen(storage); // after the strings: a corrupt record's notice is translated
  const announce = createAnnouncer(shellPart("live"), shellPart("live-alert"));
  const onVisibility = visibilityHub(signal);
  const reducedMotion = reducedMotionQuery(settings);
  document.documentElement.dataset.motion = settings.motion;
  const keepSettings = () => saveSettings(storage, settings);
  return {
    engines: createEngines(worker),
    engineReady,
    engineUp: () => engineUp,
    storage,
    settings,
    keepSettings,
    i18n,
    notice,
    announce,
    reducedMotion,
    onVisibility,
    seen,
    tips: createTips(seen, { t: i18n.t, announce }),
    feel: createFeel({ settings, saveSettings: keepSettings, reducedMotion, onVisibility }),
    keeping: createKeeping({ storage, signal }),
  };
}

/**
 * The page's heading takes the focus (P11): read first, the page's controls the next Tab.
 * @param {HTMLElement} root @returns {boolean} whether there was one
 */
function focusHeading(root) {
  const heading = /** @type {HTMLElement | null} */ (root.querySelector("h1") ?? root.querySelector("h2"));
  if (!heading || heading.closest("[inert]")) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * The skip link (P11): the focus into the page shown, its heading (or the page itself), the route
 * unchanged (its href="#app" would be a route: home).
 * @param {AbortSignal} signal
 */
function bindSkip(signal) {
  document.querySelector("a.skip")?.addEventListener(
    "click",
    (event) => {
      event.preventDefault();
      const app = shellPart("app");
      const root = /** @type {HTMLElement | null} */ (app.querySelector(":scope > section"));
      const bar = /** @type {HTMLElement | null} */ (app.querySelector(".replay-bar"));
      if (bar) bar.focus({ preventScroll: true });
      else if (!root || !focusHeading(root)) app.focus({ preventScroll: true });
    },
    { signal },
  );
}

/**
 * A lesson's store (memory only): a new one for a lesson opened, the one it had when its route is shown again in
 * place (a language switch), so the lesson goes on at its position and step instead of starting over.
 * @returns {(route: Route, again: boolean) => import("./storage.js").StoreScope | undefined}
 */
function keptLessons() {
  /** @type {{ game: string, store: import("./storage.js").StoreScope } | null} the lesson shown: its store outlives its page */
  let kept = null;
  return (route, again) => {
    if (route.name !== "game" || !route.lesson) return undefined;
    if (!again || kept?.game !== route.game) kept = { game: route.game, store: memoryScope() };
    return kept.store;
  };
}

/**
 * The routes shown one at a time: the page before is unmounted (which saves a run in play), the new one
 * mounted into a fresh section, inert until its engine answered.
 * @param {Shell} shell @param {Map<string, Promise<any>>} modules preloaded game modules
 */
function createRouter(shell, modules) {
  const app = shellPart("app");
  const { i18n, storage, seen } = shell;
  /** @type {{ view: PageView | null, cleanup: () => void } | null} */
  let current = null;
  /** @type {Route | null} */
  let currentRoute = null;
  let mountToken = 0;
  /** @type {ReturnType<typeof watchUpdates> | null} */
  let updates = null;
  const lessonStore = keptLessons();

  // Before a version switch: unmount the page, which saves a run in progress.
  function settle() {
    mountToken += 1;
    if (!current) return;
    try {
      current.view?.unmount();
    } catch (error) {
      console.error(error);
    }
    current.cleanup();
    current = null;
  }

  // A waiting update is applied at the next navigation away from the home
  // screen (or any navigation once another tab switched versions): the
  // reload lands on the route being opened, now served by the new version.
  /** @param {Route} route @returns {boolean} true: the page reloads */
  function switchVersionFirst(route) {
    if (!updates) return false; // not watched yet: the first page
    const due = updates.pending();
    const leavingHome = currentRoute?.name === "home" && route.name !== "home";
    if (due === "stale" || (due === "waiting" && leavingHome)) {
      updates.apply();
      return true;
    }
    updates.check();
    return false;
  }

  // The first visit to a game (no lesson done, no run of it stored) opens its lesson, a Daily's or a
  // challenge's too: the deal waits in the lesson's address and starts, untouched, after its Play or Skip
  // (lessonFirst). An old player with a run in play is not sent to one.
  /** @param {Route} route @param {Route | null} before the route shown until now @returns {Route} */
  function firstVisit(route, before) {
    if (route.name !== "game") return route;
    const { game } = route;
    // Closing a replay opens the game itself, not a lesson.
    const leftReplay = before?.name === "game" && before.game === game && typeof before.replay === "string";
    const player = { done: seen.lessonDone(game), stored: storage.scope(game).get("run") !== null, leftReplay };
    if (!lessonFirst(route, player)) return route;
    history.replaceState(history.state, "", lessonHash(game, route.start));
    return { ...route, lesson: true };
  }

  /** @param {Route} route @param {{ again?: boolean }} [how] `again`: the route shown is shown again in place (a language switch) */
  async function show(route, { again = false } = {}) {
    if (switchVersionFirst(route)) return;
    // The page that goes had the focus (its Skip, its Daily): the next one takes it (P11).
    // Read before it goes: unmounting it drops the focus to <body>.
    const focusLost = app.contains(document.activeElement) && document.activeElement !== app;
    settle();
    const before = currentRoute;
    route = firstVisit(route, before);
    const token = ++mountToken;
    currentRoute = route;
    const afterLesson = Boolean(before?.lesson && before.game === route.game && !route.lesson);
    app.replaceChildren();
    app.setAttribute("aria-busy", "true");
    const root = html("section", { class: `view view-${route.name}${route.game ? ` game-${route.game}` : ""}` }, app);
    /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll(".gamenav a")).forEach((a) => {
      if (a.dataset.game === route.game) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    });
    const kept = lessonStore(route, again);
    const contexts = makeContext(shell, route, root, { focusLost, afterLesson, lessonStore: kept, shown: () => token === mountToken });
    const { cleanup } = contexts;
    // Input waits for the engine: the page is drawn but inert until its mount
    // (which loads the run through the engine) has finished.
    if (route.name === "game" && !shell.engineUp()) {
      root.inert = true;
      root.dataset.starting = "1";
    }
    if (route.game) await i18n.use(route.game);
    if (token !== mountToken) return;
    const view = await mountPage(shell, route, root, contexts, modules, () => token === mountToken);
    if (token !== mountToken) {
      // The player moved on while this page waited for the engine: let it go.
      try {
        view?.unmount();
      } catch (error) {
        console.error(error);
      }
      cleanup();
      return;
    }
    // A replay is watched, never played: the page's own controls stay out of reach (the bar is outside root);
    // a page that failed keeps its Retry in reach.
    root.inert = contexts.replay !== null && view !== null;
    delete root.dataset.starting;
    landFocus(root, token);
    current = { view, cleanup };
    app.setAttribute("aria-busy", "false");
    document.documentElement.dataset.route = route.name === "game" ? route.game : route.name;
  }

  /**
   * P11: the focus is never left on <body>. Once the page's own focus had its turn (mount's refocus,
   * a replay's bar), a page that has none takes it on its heading: a direct load, a route whose
   * page before had the focus. A focus the player put elsewhere (a nav link) stays.
   * @param {HTMLElement} root @param {number} token
   */
  function landFocus(root, token) {
    setTimeout(() => {
      const at = document.activeElement;
      if (token !== mountToken || (at && at !== document.body && at !== app)) return;
      focusHeading(root);
    }, 0);
  }

  return {
    show,
    settle,
    current: () => current,
    /** @param {ReturnType<typeof watchUpdates>} watcher */
    watch(watcher) {
      updates = watcher;
    },
  };
}
