// The page's side of its engine (the engine's Session lives in the worker;
// this is what a game page holds to talk to it), one place for
// - order: engine operations run one at a time (`serial`), `data-busy` on the
//   page's root while any waits or a render it asked for is not yet drawn (the
//   e2e tests and the "starting" look read it);
// - leaving: after `close()` (the page unmounted) nothing late does anything;
// - latest wins: a preview answer for an older question is dropped (`ticket`);
// - storage: load-or-move-aside; `keep`, the one writer of an accepted action:
//   the run's save, the engine's view beside it and a page's own drawing aids
//   (blocks' colours) in the same task, so the stored view always matches the
//   stored run (P3, P10), the profile when it changed; `copy` for a drawing aid
//   alone (a view resumed, the geometry); another tab's newer run adopted;
// - paint: `invalidate()` asks for one render at the next animation frame, however
//   many changes came in the task (a pointer's aim, an answer, a release);
// - errors: reported, never swallowed (`report`);
// - timers: `later(fn, ms)`, cleared when the page leaves (one helper, not one per page).
// It knows no rule: the engine's answers are stored and handed back.

/**
 * An event of any game's engine (`club.<game>.events`), told apart by its `type`;
 * a game's own code reads its game's union (`Blocks.Event`...).
 * @typedef {Blocks.Event | Domino.Event | Merge.Event | Bowls.Event} GameEvent
 */

/**
 * A table of one function per event kind, each given the event of its kind (narrowed by `type`).
 * @template {{type: string}} E @template R
 * @typedef {{ [K in E["type"]]?: (event: Extract<E, {type: K}>) => R }} ByKind
 */

/**
 * @typedef {object} Answer the engine's answer to an action (club.session.Answer)
 * @property {boolean} accepted
 * @property {string | null} [reason]
 * @property {unknown} [view] the game's view (its page reads it as its game's)
 * @property {string | null} [save]
 * @property {string | null} [profile]
 * @property {GameEvent[]} [events]
 * @property {Club.GhostView | null} [ghost] the challenger at the player's move, when a ghost is raced (P4)
 */

/**
 * @typedef {object} PageOptions
 * @property {string[]} [adopt] stored items another tab may change that the page adopts (default run, profile)
 * @property {(item: string, text: string) => (void | Promise<void>)} [onExternal] adopt another tab's value
 *   (run inside `serial`, so never while an action of this page is on its way)
 * @property {(answer: Answer) => void} [onKept] a run's save was stored (an accepted move): the HUD's ghost line says
 *   the ghost its answer carries
 */

/** @typedef {Record<string, string>} Aids a page's own drawing aids stored beside the run, by item (blocks: `paint`) */

/**
 * A game page's engine order, storage, timers and lifetime, typed by its game's table of calls.
 * @template {Club.Calls} [C=Club.Calls]
 * @typedef {object} Page
 * @property {<T>(fn: () => T | Promise<T>, options?: {quiet?: boolean}) => Promise<T | undefined>} serial run fn after
 *   the operations asked before it; `quiet`: a query that changes nothing a player acts on (the HUD's badge, the ghost
 *   line, a play-time tick), in order and marked `data-busy` like the rest, but input is not held for it (`busy`)
 * @property {(channel?: string) => () => boolean} ticket a latest-wins ticket: call it when asking, the returned check is
 *   true only while it is the latest ticket of its channel (default "") and the page is still there (a page with two
 *   kinds of question, e.g. a forecast and a hint, gives each its channel so one does not drop the other)
 * @property {(error: unknown) => void} report log an error (unless the page is gone); an EngineError refusal is not an error
 * @property {<M extends keyof C & string = "load">(item?: string, method?: M, field?: string) =>
 *   Promise<import("../engine.js").AnswerOf<C, M> | null>} load the stored item checked by the engine
 *   (`engine.call(method, {[field]: text})`, default the run by `load`); none or corrupt (moved aside with a notice): null
 * @property {(answer: Answer, item?: string, aids?: Aids) => boolean} keep the one writer of a move: the save, its view
 *   beside it (a run's) and the page's `aids`, a changed profile. false when another tab stored a newer run first (it
 *   is being adopted: the page should not go on with this one)
 * @property {(item: string, value: unknown) => void} copy a drawing aid beside the run (`view`, `geometry`: JSON of
 *   the engine's answer), e.g. the view of the run resumed
 * @property {(...items: string[]) => void} forget a run left for good: its stored items removed (default run, view)
 * @property {(paint: () => void) => void} paintWith the page's render, run by `invalidate` and `paintNow`
 * @property {(after?: () => void) => void} invalidate the state changed: one render at the next animation frame, however
 *   often asked; `after` runs once that render is done (what an answer showed, on the widgets drawn)
 * @property {() => void} paintNow render at once (a mount's first draw, a focus that needs the widgets drawn)
 * @property {(fn: () => void, ms: number) => void} later run fn after ms unless the page is gone by then
 *   (a page's one timer helper: every pending timer is cleared on close)
 * @property {() => boolean} busy an operation that may change what the player acts on is waiting or running
 * @property {() => boolean} gone the page has been left
 * @property {() => void} close the page unmounts
 */

/**
 * What the page object reads of its game page's context: the engine, the store and the view kept beside the run.
 * @template {Club.Calls} [C=Club.Calls]
 * @typedef {Pick<import("../app.js").GameContext<C>, "engine" | "store" | "keepView">} PageObjectContext
 */

/**
 * @template {Club.Calls} [C=Club.Calls]
 * @param {HTMLElement} root the page's <section>
 * @param {PageObjectContext<C>} ctx
 * @param {PageOptions} [options]
 * @returns {Page<C>}
 */
export function createPage(root, ctx, options = {}) {
  const { engine, store } = ctx;
  const adopt = options.adopt ?? ["run", "profile"];
  let gone = false;
  let pending = 0; // operations waiting or running: `data-busy`
  let acting = 0; // of them, the ones not quiet: `busy()`
  let chain = /** @type {Promise<any>} */ (Promise.resolve());
  const latest = /** @type {Map<string, number>} */ (new Map());
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  let paint = () => {};
  let frame = 0;
  /** @type {(() => void)[]} */
  let afters = [];
  let paints = 0;

  /** @param {unknown} error */
  function report(error) {
    if (gone) return;
    if (/** @type {any} */ (error)?.name === "EngineError" && /** @type {any} */ (error)?.field === "cancelled") return;
    console.error(error);
  }

  /** @template T @param {() => T | Promise<T>} fn @param {{quiet?: boolean}} [options] @returns {Promise<T | undefined>} */
  function serial(fn, { quiet = false } = {}) {
    pending += 1;
    if (!quiet) acting += 1;
    root.dataset.busy = "1";
    const run = chain
      .then(() => (gone ? undefined : fn()))
      .catch((error) => {
        report(error);
        return undefined;
      });
    chain = run.finally(() => {
      pending -= 1;
      if (!quiet) acting -= 1;
      idleIfDone();
    });
    return run;
  }

  /** @param {string} [channel] */
  function ticket(channel = "") {
    const mine = (latest.get(channel) ?? 0) + 1;
    latest.set(channel, mine);
    return () => !gone && mine === latest.get(channel);
  }

  /** @param {string} item @param {string} method @param {string} field */
  function load(item = "run", method = "load", field = "save") {
    // The method and its field are the caller's, named in its game's table (Page["load"]'s type).
    const ask = /** @type {(method: string, payload: object) => Promise<unknown>} */ (/** @type {unknown} */ (engine.call));
    return store.load(item, (/** @type {string} */ text) => ask(method, { [field]: text }));
  }

  /**
   * The one writer of a move: the save, its view and the page's aids in one task (the view stored beside the run
   * always matches it, P3, P10), the profile when the answer changed it.
   * @param {Answer} answer @param {string} item @param {Aids} [aids]
   */
  function keep(answer, item = "run", aids = {}) {
    if (typeof answer.save === "string") {
      if (!store.set(item, answer.save)) return false; // another tab's newer run: adopted by onExternal
      if (item === "run") {
        if (answer.view) ctx.keepView(answer.view);
        for (const [name, text] of Object.entries(aids)) store.set(name, text);
        options.onKept?.(answer);
      }
    }
    if (typeof answer.profile === "string") store.set("profile", answer.profile);
    return true;
  }

  function run() {
    frame = 0;
    paints += 1;
    root.dataset.paints = String(paints); // renders so far (e2e/test_paint.py counts them per move)
    paint();
    const then = afters;
    afters = [];
    then.forEach((fn) => fn());
    idleIfDone();
  }

  // `data-busy` until every answer asked for is applied and on screen (a render waits for its frame).
  function idleIfDone() {
    if (pending === 0 && !frame) delete root.dataset.busy;
  }

  /** @param {() => void} fn @param {number} ms */
  function later(fn, ms) {
    const id = setTimeout(() => {
      timers.delete(id);
      if (!gone) fn();
    }, ms);
    timers.add(id);
  }

  const offExternal = store.onExternalChange((/** @type {string} */ item, /** @type {string | null} */ text) => {
    if (text && adopt.includes(item) && options.onExternal) serial(() => options.onExternal?.(item, text));
  });

  return {
    serial,
    ticket,
    report,
    load: /** @type {Page<C>["load"]} */ (/** @type {unknown} */ (load)),
    keep,
    copy: (name, value) => void ctx.keepView(value, name === "view" ? undefined : name),
    forget(...items) {
      for (const name of items.length ? items : ["run", "view"]) store.remove(name);
    },
    paintWith(fn) {
      paint = fn;
    },
    invalidate(after) {
      if (gone) return;
      if (after) afters.push(after);
      root.dataset.busy = "1";
      if (!frame) frame = requestAnimationFrame(run);
    },
    paintNow() {
      if (frame) cancelAnimationFrame(frame);
      if (!gone) run();
    },
    later,
    busy: () => acting > 0,
    gone: () => gone,
    close() {
      gone = true;
      if (frame) cancelAnimationFrame(frame);
      afters = [];
      offExternal();
      timers.forEach((id) => clearTimeout(id));
      timers.clear();
    },
  };
}
