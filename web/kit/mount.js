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
import { contractOf } from "../engine.js";

/** @typedef {import("./page.js").GameEvent} GameEvent */
/** @template {Club.Calls} [C=Club.Calls] @typedef {import("./page.js").Page<C>} Page */
/**
 * What the kit's mount reads of a game page's context, with what it hands on: the page object (page.js), the
 * lesson's card (lesson.js) and the club's end block (clubpage.js). The game's own modules get their slices from
 * the game's hooks.
 * @template {Club.Calls} [C=Club.Calls]
 * @typedef {Pick<import("../app.js").GameContext<C>, "game" | "engine" | "store" | "t" | "number" | "lang" | "club" | "lesson"
 *   | "replay" | "start" | "focusLost" | "storedView" | "builtShape" | "painted" | "drawn">
 *   & import("./page.js").PageObjectContext<C> & import("./lesson.js").LessonContext & import("./clubpage.js").ClubEndContext} MountContext
 */
/** A game's view, as its table of calls answers it. @template {Club.Calls} C @typedef {import("../engine.js").AnswerOf<C, "view">} ViewOf */
/** A game's profile as the page sees it. @template {Club.Calls} C @typedef {import("../engine.js").AnswerOf<C, "load_profile">} ProfileOf */
/** A game's board (none: its view says it). @template {Club.Calls} C @typedef {C extends { geometry: { answer: infer G } } ? G : never} GeometryOf */
/** A game's events. @template {Club.Calls} C @typedef {import("../engine.js").AnswerOf<C, "replay_seek"> extends { events: (infer E)[] } ? E : never} EventOf */
/** @typedef {import("./lesson.js").Heard} Heard */
/** @typedef {"stored" | "resumed" | "lesson"} How stored: drawn only; resumed: the engine's own; lesson: its position */

/**
 * What the kit hands the page when it asks for the hooks.
 * @template {Club.Calls} [C=Club.Calls]
 * @typedef {object} Kit
 * @property {Page<C>} page the page's engine order, storage, timers and lifetime
 * @property {(events: Heard[] | undefined, view?: ViewOf<C>) => void} heard the lesson hears an accepted answer's events (or the page's own) and the view after it
 * @property {import("./clubpage.js").ClubEnd} end the Daily Club's block of the end card (banked run, summary, placed)
 */

/**
 * A page's hooks. Those the kit calls during the start run inside the page's
 * `serial`: they call the engine directly and never wait for `page.serial`. Typed by the game's table of calls.
 * @template {Club.Calls} [C=Club.Calls]
 * @typedef {object} GameHooks
 * @property {Promise<unknown>} [ready] nothing is drawn before it resolves (the page's stylesheet)
 * @property {string[]} [adopts] the stored items another tab may change that the page takes (default run, profile)
 * @property {(geometry: GeometryOf<C>) => void} [shape] the board from the engine's geometry or its stored copy
 *   (none: the game's view says its shape)
 * @property {(profile: ProfileOf<C>) => unknown} [profile] the engine's reading of the stored profile (a fresh one's when none)
 * @property {(view: ViewOf<C> | null, how: How) => unknown} show show a view (null with "stored": nothing stored drew; false
 *   returned: nothing was drawn)
 * @property {() => Promise<ViewOf<C> | null>} resume the stored run through the engine (`page.load()`): its view, or null
 * @property {(payload: object | null) => unknown} fresh nothing resumed: the page's first run or start screen
 *   (payload: a link's deal, or null)
 * @property {(payload: object) => unknown} startRun a link's deal over a resumed run (called outside `serial`)
 * @property {() => void} [live] the engine holds the run: input is taken from now on
 * @property {(item: string, text: string) => unknown} [adopt] another tab's newer value (inside `serial`)
 * @property {(view: ViewOf<C>, events: EventOf<C>[], step: number, jump: boolean) => void} replayStep a replay's position: one step
 *   forward drawn like an answer (animated), a jump (`jump`: Last, First, the slider, a step back, the first position)
 *   drawn at once, no animation
 * @property {() => import("./lesson.js").LessonStep[]} lessonSteps the first lesson's steps
 * @property {() => (HTMLElement | null | undefined)} [badge] where in the HUD the Daily / Challenge badge goes
 *   (web/kit/clubbadge.js; none: no badge)
 * @property {import("./clubghostboard.js").GhostDrawer<ViewOf<C>>} [ghostBoard] the friend's board of a ghost raced, drawn small by
 *   the game's board renderer (clubghostboard.js; none: the ghost line alone)
 * @property {boolean} [badgeDaily] false: the page says the daily itself (bowls' mode chip); the badge says challenges
 * @property {() => (HTMLOrSVGElement | null | undefined)} [focus] what the mount focuses
 * @property {() => (HTMLOrSVGElement | null | undefined)} [regain] what the mount focuses when the page before
 *   had the focus (Skip lesson, Daily): the player's place is not left on <body> (P11)
 * @property {() => void} [unmount] save what is in play, let go of listeners
 */

/**
 * Mount a game page: the phases above, in their order.
 * @template {Club.Calls} C the game's table of calls
 * @param {HTMLElement} root the page's <section>
 * @param {MountContext<C>} ctx what the kit reads of a game page's context (its slice of web/app.js's)
 * @param {(kit: Kit<C>) => GameHooks<C>} hooks the page's hooks, made once the kit's page object is there
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
 * @template {Club.Calls} C @param {HTMLElement} root @param {MountContext<C>} ctx @param {Page<C>} page @param {GameHooks<C>} on
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
 * @template {Club.Calls} C @param {MountContext<C>} ctx @param {GameHooks<C>} on
 * @returns {Promise<GeometryOf<C> | null>} the stored copy is a drawing aid: JSON of the engine's own answer
 */
async function earlyShape(ctx, on) {
  return on.shape ? /** @type {GeometryOf<C> | null} */ (ctx.storedView("geometry") ?? (await ctx.builtShape())) : null;
}

/**
 * A lesson shown again in place (a language switch) goes on from the position its store kept, at the step kept
 * beside it (lesson.js); a lesson opened starts at the engine's lesson position.
 * @template {Club.Calls} C @param {Page<C>} page @param {MountContext<C>} ctx
 * @returns {Promise<ViewOf<C>>} its view (`load` and `lesson` answer the game's view, as `view` does: club.session)
 */
async function lessonPosition(page, ctx) {
  const kept = ctx.store.get("run") === null ? null : await page.load("run");
  return /** @type {ViewOf<C>} */ (kept ?? (await contractOf(ctx.engine).call("lesson", {})));
}

/**
 * The HUD's ghost line beside the badge and, when the game draws it, the friend's board (clubghostboard.js, P4).
 * @template {Club.Calls} C @param {HTMLElement} root @param {HTMLElement} parent @param {MountContext<C>} ctx
 * @param {import("./clubghostboard.js").GhostDrawer<ViewOf<C>>} [drawer] @returns {import("./clubghost.js").GhostLine}
 */
function raced(root, parent, ctx, drawer) {
  const words = { t: ctx.t, number: (/** @type {number} */ v) => ctx.number(v) };
  // The ghost's board is a view of this game (its engine replays the friend's code): the kit hands it on unread.
  const board = drawer ? createGhostBoard(root, /** @type {import("./clubghostboard.js").GhostDrawer} */ (drawer), words) : null;
  return createGhostLine(parent, contractOf(ctx.engine), words, () => ctx.store.get(GHOST) !== null, board);
}

/**
 * The engine's geometry: a page with a `shape` hook declares `geometry` (GeometryOf: never for a game without one).
 * @template {Club.Calls} C @param {import("../engine.js").Engine<C>} engine @returns {Promise<GeometryOf<C>>}
 */
function geometryOf(engine) {
  return /** @type {(method: string) => Promise<GeometryOf<C>>} */ (/** @type {unknown} */ (engine.call))("geometry");
}

/**
 * The replay bar's positions handed to the page: the replay session is this game's, so they are its view and
 * events (the bar, which serves every game, sees any game's).
 * @template {Club.Calls} C @param {GameHooks<C>} on
 * @returns {(view: unknown, events: GameEvent[], step: number, jump: boolean) => void}
 */
function replayShow(on) {
  return (view, events, step, jump) => on.replayStep(/** @type {ViewOf<C>} */ (view), /** @type {EventOf<C>[]} */ (events), step, jump);
}

/** @template {Club.Calls} C @param {HTMLElement} root @param {MountContext<C>} ctx */
function lifeOf(root, ctx) {
  const { store } = ctx;
  const engine = contractOf(ctx.engine); // the kit asks what every game answers
  let on = /** @type {GameHooks<C>} */ (/** @type {unknown} */ (null)); // bound before anything runs (bind)
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
  // Quiet: a player's first press right after the page opens is taken, not held for the HUD's queries.
  const restamp = () => {
    if (badge) page.serial(() => badge?.update(), { quiet: true });
    if (ghost) page.serial(() => ghost?.update(), { quiet: true });
  };
  // The ghost of the challenge taken given to the engine (a query beside the page's operations), then shown.
  const race = () => {
    if (ghost) ctx.club.race().then(() => ghost?.update(), page.report);
  };
  const end = createClubEnd(ctx, page.report, { reset: () => queueMicrotask(restamp) });
  const kit = /** @type {Kit<C>} */ ({ page, heard: (events, view) => lesson?.heard(events, view), end });

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

  /** @param {GeometryOf<C>} geometry */
  function shape(geometry) {
    if (JSON.stringify(geometry) === JSON.stringify(shaped)) return;
    on.shape?.(geometry);
    shaped = geometry;
  }

  async function shapeFromEngine() {
    if (!on.shape) return;
    const geometry = await geometryOf(ctx.engine);
    shape(geometry);
    if (store.get("geometry") !== JSON.stringify(geometry)) page.copy("geometry", geometry);
  }

  async function drawStored() {
    const geometry = await earlyShape(ctx, on);
    const view = store.get("run") === null ? null : /** @type {ViewOf<C> | null} */ (ctx.storedView()); // a drawing aid
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
    await ctx.club.openReplay(root, { show: replayShow(on) });
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
    /** @param {GameHooks<C>} hooks */
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
