// The life of a game page, written once for the four games: `mountGame` owns
// the order of the phases, a page supplies hooks (what its board is, how a
// view is shown, how a run starts, how a replay step and a lesson look).
//
//   replay    `#/<game>?replay=CODE`: the geometry, then the kit's replay bar
//             (ctx.club.openReplay) hands each position to `replayStep`;
//             nothing is loaded, stored or taken (the app keeps the root inert).
//   stored    a returning visit: the geometry and the view stored beside the
//             run (ctx.storedView) drawn at once, before Python is up; drawn
//             only, never acted on (the app keeps the root inert meanwhile).
//             A first visit, a lesson, a replay: the empty board from the
//             build's copy of the engine's geometry (ctx.builtShape).
//   start     one engine operation (the page's `serial`): the engine's
//             geometry, the profile, then the lesson's position (the one its
//             store kept when a language switch showed it again), or the stored
//             run (`resume`), or the first run (`fresh`: a link's deal when the
//             route has one and nothing is in play: nothing to ask first).
//   link      a link's deal over a resumed run, after the mount: the kit may ask
//             first ("your run in play ends") in a dialog, which an inert page
//             could not answer.
//   adopt     another tab stored a newer run or profile (P10): taken after the
//             start and in order with the page's actions (`serial`).
//   focus     the app lifts `inert` once mount resolved: a focus the page gave
//             while inert was lost, so it is given again.
//   unmount   the page saves what is in play, then the lesson card, the timers
//             and the late answers go.
import { createBadge } from "./clubbadge.js";
import { GHOST, createGhostLine } from "./clubghost.js";
import { createGhostBoard } from "./clubghostboard.js";
import { createClubEnd } from "./clubpage.js";
import { createLesson } from "./lesson.js";
import { createPage } from "./page.js";

/** @typedef {import("./page.js").Page} Page */
/** @typedef {import("./page.js").GameEvent} GameEvent */
/** @typedef {import("./lesson.js").Heard} Heard */
/** @typedef {"stored" | "resumed" | "lesson"} How stored: drawn only; resumed: the engine's own; lesson: its position */

/**
 * What the kit hands the page when it asks for the hooks.
 * @typedef {object} Kit
 * @property {Page} page the page's engine order, storage, timers and lifetime
 * @property {(events: Heard[] | undefined, view?: any) => void} heard the lesson hears an accepted answer's events (or the page's own) and the view after it
 * @property {import("./clubpage.js").ClubEnd} end the Daily Club's block of the end card (banked run, summary, placed)
 */

/**
 * A page's hooks. Those the kit calls during the start run inside the page's
 * `serial`: they call the engine directly and never wait for `page.serial`.
 * @typedef {object} GameHooks
 * @property {Promise<unknown>} [ready] nothing is drawn before it resolves (the page's stylesheet)
 * @property {string[]} [adopts] the stored items another tab may change that the page takes (default run, profile)
 * @property {(geometry: any) => void} [shape] the board from the engine's geometry or its stored copy
 *   (none: the game's view says its shape)
 * @property {(profile: any) => unknown} [profile] the engine's reading of the stored profile (a fresh one's when none)
 * @property {(view: any, how: How) => unknown} show show a view (null with "stored": nothing stored drew; false
 *   returned: nothing was drawn)
 * @property {() => Promise<any>} resume the stored run through the engine (`page.load()`): its view, or null
 * @property {(payload: object | null) => unknown} fresh nothing resumed: the page's first run or start screen
 *   (payload: a link's deal, or null)
 * @property {(payload: object) => unknown} startRun a link's deal over a resumed run (called outside `serial`)
 * @property {() => void} [live] the engine holds the run: input is taken from now on
 * @property {(item: string, text: string) => unknown} [adopt] another tab's newer value (inside `serial`)
 * @property {(view: any, events: GameEvent[], step: number, jump: boolean) => void} replayStep a replay's position: one step
 *   forward drawn like an answer (animated), a jump (`jump`: Last, First, the slider, a step back, the first position)
 *   drawn at once, no animation
 * @property {() => import("./lesson.js").LessonStep[]} lessonSteps the first lesson's steps
 * @property {() => (HTMLElement | null | undefined)} [badge] where in the HUD the Daily / Challenge badge goes
 *   (web/kit/clubbadge.js; none: no badge)
 * @property {import("./clubghostboard.js").GhostDrawer} [ghostBoard] the friend's board of a ghost raced, drawn small by
 *   the game's board renderer (clubghostboard.js; none: the ghost line alone)
 * @property {boolean} [badgeDaily] false: the page says the daily itself (bowls' mode chip); the badge says challenges
 * @property {() => (HTMLOrSVGElement | null | undefined)} [focus] what the mount focuses
 * @property {() => (HTMLOrSVGElement | null | undefined)} [regain] what the mount focuses when the page before
 *   had the focus (Skip lesson, Daily): the player's place is not left on <body> (P11)
 * @property {() => void} [unmount] save what is in play, let go of listeners
 */

/**
 * Mount a game page: the phases above, in their order.
 * @param {HTMLElement} root the page's <section>
 * @param {import("../app.js").GameContext} ctx the app's context (web/app.js PageContext)
 * @param {(kit: Kit) => GameHooks} hooks the page's hooks, made once the kit's page object is there
 * @returns {Promise<{unmount: () => void}>}
 */
export async function mountGame(root, ctx, hooks) {
  const life = lifeOf(root, ctx);
  const made = hooks(life.kit);
  life.bind(made);
  // The page is shown once its board (stored or built) and a lesson's card are in: in one frame, so
  // nothing drawn moves (a card or a board that came a frame later pushed the page down: layout shift).
  root.style.visibility = "hidden";
  try {
    const built = ctx.builtShape(); // asked for beside the stylesheet
    await made.ready;
    await built;
    if (!ctx.replay && !ctx.lesson) await life.drawStored();
    else await life.drawEarly();
  } finally {
    root.style.removeProperty("visibility");
  }
  ctx.drawn();
  const failure = await firstOperation(life.kit.page, ctx.replay ? life.watch : life.start);
  if (failure) {
    life.unmount();
    throw failure;
  }
  if (!ctx.replay && !ctx.lesson) life.fromLink();
  refocus(root, ctx, life.kit.page, made);
  return { unmount: life.unmount };
}

/**
 * The start as the page's first operation: anything asked meanwhile waits.
 * @param {Page} page @param {() => Promise<void>} phase @returns {Promise<unknown>} what it threw, null when it ran
 */
async function firstOperation(page, phase) {
  /** @type {unknown} */
  let failure = null;
  await page.serial(async () => {
    try {
      await phase();
    } catch (error) {
      failure = error;
    }
  });
  return failure;
}

/**
 * The focus phase: the app lifts `inert` once mount resolved, and a focus the page gave while inert was lost,
 * so it is given again; after Skip lesson or Daily (the page before had the focus) the player's place is not
 * left on <body> (P11).
 * @param {HTMLElement} root @param {import("../app.js").GameContext} ctx @param {Page} page @param {GameHooks} on
 */
function refocus(root, ctx, page, on) {
  const target = on.focus ?? (ctx.focusLost ? on.regain : undefined);
  if (!target) return;
  page.later(() => {
    if (root.inert || root.contains(document.activeElement)) return;
    target()?.focus({ preventScroll: true });
  }, 0);
}

/**
 * The board before Python is up (P3): the copy stored beside the run, else the build's (a first visit).
 * @param {import("../app.js").GameContext} ctx @param {GameHooks} on
 */
async function earlyShape(ctx, on) {
  return on.shape ? (ctx.storedView("geometry") ?? (await ctx.builtShape())) : null;
}

/**
 * A lesson shown again in place (a language switch) goes on from the position its store kept, at the step kept
 * beside it (lesson.js); a lesson opened starts at the engine's lesson position.
 * @param {Page} page @param {import("../app.js").GameContext} ctx @returns {Promise<any>} its view
 */
async function lessonPosition(page, ctx) {
  const kept = ctx.store.get("run") === null ? null : await page.load("run");
  return kept ?? ctx.engine.call("lesson", {});
}

/**
 * The HUD's ghost line beside the badge and, when the game draws it, the friend's board (clubghostboard.js, P4).
 * @param {HTMLElement} root @param {HTMLElement} parent @param {import("../app.js").GameContext} ctx
 * @param {import("./clubghostboard.js").GhostDrawer} [drawer] @returns {import("./clubghost.js").GhostLine}
 */
function raced(root, parent, ctx, drawer) {
  const words = { t: ctx.t, number: (/** @type {number} */ v) => ctx.number(v) };
  const board = drawer ? createGhostBoard(root, drawer, words) : null;
  return createGhostLine(parent, ctx.engine, words, () => ctx.store.get(GHOST) !== null, board);
}

/** @param {HTMLElement} root @param {import("../app.js").GameContext} ctx */
function lifeOf(root, ctx) {
  const { engine, store } = ctx;
  /** @type {GameHooks} */
  let on = /** @type {any} */ (null);
  let started = false;
  /** @type {string | null} the stored run the start gave the engine (another tab's copy of it is no news) */
  let loaded = null;
  /** @type {unknown} the geometry the board was last shaped from */
  let shaped = null;
  /** @type {import("./lesson.js").Lesson | null} */
  let lesson = null;
  /** @type {import("./clubghost.js").GhostLine | null} the challenger's score at the player's move, in the HUD */
  let ghost = null;
  const onKept = (/** @type {import("./page.js").Answer} */ answer) => ghost?.update(answer).catch(page.report);
  const page = createPage(root, ctx, { onExternal: (item, text) => adopted(item, text), onKept });
  /** @type {import("./clubbadge.js").Badge | null} */
  let badge = null;
  // The badge asks the engine again after the operations asked so far: a new run is started by one of them.
  const restamp = () => {
    if (badge) page.serial(() => badge?.update());
    if (ghost) page.serial(() => ghost?.update());
  };
  // The ghost of the challenge taken given to the engine (a query beside the page's operations), then shown.
  const race = () => {
    if (ghost) ctx.club.race().then(() => ghost?.update(), page.report);
  };
  const end = createClubEnd(ctx, page.report, { reset: () => queueMicrotask(restamp) });
  const kit = { page, heard: (/** @type {Heard[] | undefined} */ events, /** @type {any} */ view) => lesson?.heard(events, view), end };

  /** @param {string} item @param {string} text */
  async function adopted(item, text) {
    if (!started || !(on.adopts ?? ["run", "profile"]).includes(item)) return; // before: the start reads the store itself
    if (item === "run" && text === loaded) return; // what the start loaded is on screen already
    try {
      await on.adopt?.(item, text);
      if (item === "run") restamp();
    } catch (error) {
      if (/** @type {any} */ (error)?.name !== "EngineError") throw error; // a bug: reported by the page's serial
      console.warn(`6E Club: another tab's ${ctx.game} ${item} was refused; this tab's is kept:`, error);
    }
  }

  /** @param {any} geometry */
  function shape(geometry) {
    if (JSON.stringify(geometry) === JSON.stringify(shaped)) return;
    on.shape?.(geometry);
    shaped = geometry;
  }

  async function shapeFromEngine() {
    if (!on.shape) return;
    const geometry = await engine.call("geometry", {});
    shape(geometry);
    if (store.get("geometry") !== JSON.stringify(geometry)) page.copy("geometry", geometry);
  }

  async function drawStored() {
    const geometry = await earlyShape(ctx, on);
    const view = store.get("run") === null ? null : ctx.storedView();
    try {
      if (geometry) shape(geometry);
      if ((await on.show(view, "stored")) !== false) ctx.painted();
    } catch (error) {
      // A drawing aid only (an older or damaged copy): not drawn; the engine's view follows.
      console.warn(`6E Club: the stored ${ctx.game} view was not drawn:`, error);
      shaped = null;
      await on.show(null, "stored");
    }
  }

  async function start() {
    await shapeFromEngine();
    const profile = await page.load("profile", "load_profile", "profile");
    await on.profile?.(profile ?? (await engine.call("load_profile", { profile: null })));
    if (ctx.lesson) {
      const view = await lessonPosition(page, ctx);
      on.live?.();
      await on.show(view, "lesson");
      lesson?.refresh(); // its step's target is drawn now (a piece, a cell)
    } else {
      loaded = (store.peek ?? store.get)("run");
      const view = await on.resume();
      on.live?.();
      if (view) {
        await on.show(view, "resumed");
        kit.end.resumed(); // a run over: its end card's Share, link and replay again (P4)
      } else await on.fresh(ctx.start ? await ctx.club.startPayload() : null);
    }
    ctx.painted();
    started = true;
    page.serial(() => {
      loaded = null;
    }); // after the other tab's values that came during the start
    restamp(); // after the run the start began (a link's deal may start in an operation of its own)
    race();
  }

  // Replay mode: the replay session's positions, drawn like answers; nothing is
  // loaded or stored, and no input is wired.
  async function watch() {
    await shapeFromEngine();
    await ctx.club.openReplay(root, { show: on.replayStep });
    ctx.painted();
  }

  // A link's deal over the run the start resumed (the start took it when nothing was in play).
  function fromLink() {
    if (!ctx.start) return;
    (async () => {
      const payload = await ctx.club.startPayload();
      if (payload && !page.gone()) await on.startRun(payload);
      restamp();
      race();
    })().catch(page.report);
  }

  function unmount() {
    on.unmount?.();
    lesson?.destroy();
    page.close();
  }

  return {
    kit,
    /** @param {GameHooks} hooks */
    bind(hooks) {
      on = hooks;
      const parent = ctx.replay || ctx.lesson || !ctx.club ? null : hooks.badge?.();
      if (parent) badge = createBadge(parent, { engine, store }, { t: ctx.t, lang: ctx.lang, daily: hooks.badgeDaily ?? true });
      if (parent) ghost = raced(root, parent, ctx, hooks.ghostBoard);
    },
    drawStored,
    // A lesson, a replay: the empty board (their positions are the engine's); a lesson's card, read meanwhile.
    async drawEarly() {
      try {
        const geometry = await earlyShape(ctx, on);
        if (geometry) shape(geometry);
      } catch (error) {
        console.warn(`6E Club: the ${ctx.game} board was not drawn early:`, error);
        shaped = null;
      }
      if (ctx.lesson) lesson = createLesson(root, ctx, on.lessonSteps());
    },
    start,
    watch,
    fromLink,
    unmount,
  };
}
