// Hex Merge (merge): the page. The kit's mountGame runs its life (the stored
// view at once, the engine's start, a link's deal, another tab's run, a
// replay, the lesson); this module gives it the hooks. A plain state
// (merge/state.js), `render(parts, state)` (merge/render.js), the actions
// asked of club.merge.api.Session (merge/play.js, the aim's preview in
// merge/aim.js), what a move shows (merge/anim.js, merge/cues.js) and the
// input (merge/input.js): legality, merging, points and the end of the round
// are the engine's.
import { html } from "../svg.js";
import { createJuice } from "../kit/juice.js";
import { mountGame } from "../kit/mount.js";
import { createPlayer } from "./merge/anim.js";
import { createBoard } from "./merge/board.js";
import { createConfirm, createOver } from "./merge/cards.js";
import { createCues } from "./merge/cues.js";
import { createDragged } from "./merge/dragged.js";
import { bindInput, createTools } from "./merge/input.js";
import { lessonSteps, showTips } from "./merge/lesson.js";
import { createPlay } from "./merge/play.js";
import { layout, render } from "./merge/render.js";
import { createState } from "./merge/state.js";
import { createTimer } from "./merge/timer.js";
import { aroundSaid, describeBoard } from "./merge/words.js";

/**
 * What the merge page's hooks read of its context, and hand its modules (each declares its slice); the kit's
 * mountGame reads its own (web/kit/mount.js MountContext).
 * @typedef {Pick<import("../app.js").GameContext<Merge.Calls>, "engine" | "store" | "storedView" | "t" | "replay" | "number" | "reducedMotion" | "announce"
 *   | "onVisibility" | "notice"> & import("./merge/render.js").RenderContext & import("./merge/cues.js").CuesContext
 *   & import("./merge/lesson.js").TipsContext & import("./merge/play.js").PlayContext & import("./merge/input.js").ToolsContext} MergeContext
 */

const TICK_MS = 5000; // play time goes to the engine at least this often while it runs (M15)

/** @param {HTMLElement} root the page's <section> @param {import("../app.js").GameContext<Merge.Calls>} ctx the app's context */
export function mount(root, ctx) {
  return mountGame(root, ctx, (kit) => hooks(root, ctx, kit));
}

/**
 * @param {HTMLElement} root @param {MergeContext} ctx @param {import("../kit/mount.js").Kit<Merge.Calls>} kit
 * @returns {import("../kit/mount.js").GameHooks<Merge.Calls>}
 */
function hooks(root, ctx, kit) {
  const { engine, t } = ctx;
  const { page } = kit;
  root.classList.add("hm");
  root.classList.toggle("hm-replay", Boolean(ctx.replay));
  html("link", { rel: "stylesheet", href: new URL("../css/merge.css", import.meta.url) }, root);
  const state = createState();
  const timer = createTimer();
  timer.hold("starting", true); // no play time counts before the engine has the run
  const juice = createJuice(root, ctx);
  const parts = layout(root, ctx, { state, juice, onRotate: (step) => act(play.rotate, step) });
  const dragged = createDragged();
  const cues = createCues({ ctx, board: parts.board, juice });
  const player = createPlayer(parts.board, { onStep: cues.step });
  const menu = (/** @type {boolean} */ open) => timer.hold("menu", open);
  const over = createOver(root, { t, number: ctx.number, onNew: () => act(play.newRound), onToggle: menu });
  const confirm = createConfirm(root, { t, onToggle: (open) => timer.hold("confirm", open) });

  /** The play time shown (M15): the engine's, what is on its way, what runs now. */
  const elapsed = () => (state.view?.play_ms ?? 0) + state.sentMs + timer.peek();
  function paint() {
    if (state.view) timer.hold("idle", !state.view.clock_runs);
    state.clockMs = elapsed();
    state.reduced = ctx.reducedMotion(); // P11: read at every draw (the setting may change while playing)
    render(parts, state);
    if (state.live) showTips(ctx, state.view, parts);
  }
  page.paintWith(paint);
  const draw = () => page.invalidate(); // one render a frame, however many changes came in it
  const play = createPlay({ ctx, page, state, draw, board: parts.board, player, timer, over, cues, heard: kit.heard, end: kit.end });
  /**
   * An action from input: taken only once the engine has the run (a stored view is
   * never acted on), after the actions before it; a failure is reported.
   * @template {any[]} A @param {(...args: A) => unknown} fn @param {A} args
   */
  function act(fn, ...args) {
    if (state.live) page.serial(() => fn(...args));
  }
  /** Key D: the board read out (P11). */
  const describe = () => {
    if (state.view && state.geometry) ctx.announce(describeBoard(state.geometry, state.view, t, ctx.number));
  };
  // Key N (P11): a cell's stone and its neighbours', as the engine reads them.
  const neighbours = async (/** @type {string} */ cell) => {
    const around = /** @type {Merge.Around} */ (await ctx.engine.call("around", { cell }));
    if (!page.gone() && state.geometry) ctx.announce(aroundSaid(around, state.geometry, t));
  };
  const offInput = bindInput({
    state,
    board: parts.board,
    tray: parts.tray,
    dragged,
    play,
    act,
    report: page.report,
    draw,
    describe,
    neighbours,
  });
  createTools(parts.tools, root, { ctx, page, state, play, confirm, menu, act, draw });

  // ----- time (M15): active play only; paused when hidden or in menus -----
  const clock = setInterval(() => {
    if (state.live && state.view?.timer) draw();
  }, 500);
  // In the page's queue like every engine call that stores the run: another tab's newer
  // round adopted there is never overwritten by a tick answered on the older one (P10).
  const ticker = setInterval(() => {
    if (state.live && timer.running()) page.serial(play.flushTime, { quiet: true });
  }, TICK_MS);
  ctx.onVisibility((/** @type {boolean} */ hidden) => {
    timer.hold("hidden", hidden);
    if (!state.live) return;
    if (hidden) page.serial(play.flushTime, { quiet: true });
    draw();
  });
  timer.hold("hidden", document.hidden);

  return {
    /** @param {Merge.Geometry} geometry */
    shape(geometry) {
      state.geometry = geometry;
      parts.board.reshape(geometry);
    },
    show(view, how) {
      if (how !== "stored" && view) {
        play.show(view);
        if (how === "resumed") play.openOver(); // a round over stays over after a reload: its card again
        return true;
      }
      state.view = state.geometry ? view : null; // drawn only with the board it was drawn on
      page.paintNow(); // in this task: the mount shows the page once its board is in
      return Boolean(state.view);
    },
    async resume() {
      const view = await page.load("run", "load", "save");
      if (view && JSON.stringify(view) !== JSON.stringify(ctx.storedView())) page.copy("view", view);
      return view;
    },
    fresh: (payload) => play.newRound(payload), // nothing in play: a link's deal, else a random one
    ghostBoard: (parent) => ghostBoard(parent, state),
    badge: () => /** @type {HTMLElement | null} */ (root.querySelector(".hm-header h1")), // "Daily · Dec 3" / "Challenge" beside the title (the kit's)
    startRun: (payload) => page.serial(() => play.newRound(payload)),
    live() {
      timer.hold("starting", false);
      state.live = true;
    },
    // Another tab stored a newer run or profile (P10).
    async adopt(item, text) {
      const next =
        item === "run"
          ? await engine.call("load", { save: text })
          : await engine.call("load_profile", { profile: text }).then(() => engine.call("view", {}));
      // No view is stored here: the tab that stored the run stored its view in the same task (kit keep),
      // and a write of ours could land after that tab's next one (P10: the stale tab never overwrites).
      if (page.gone()) return;
      if (item === "run") {
        play.show(next);
        ctx.notice(t("merge.otherTab"));
      } else {
        state.view = next;
        draw();
      }
    },
    regain: () => parts.board.root, // the keyboard plays on the board: arrows aim, Enter places
    replayStep: (view, /** @type {Merge.Event[]} */ events, step, jump) => play.replayed(view, events, jump),
    lessonSteps: () => lessonSteps(parts),
    unmount() {
      if (state.live) play.flushTime().catch(page.report); // the time played goes to the engine and the stored run
      state.live = false;
      player.stop();
      juice.destroy();
      clearInterval(clock);
      clearInterval(ticker);
      offInput();
      dragged.remove();
    },
  };
}

/**
 * The friend's board beside the player's (P4, web/kit/clubghostboard.js): the same stones, small.
 * @param {HTMLElement} parent @param {import("./merge/state.js").MergeState} state the page's (its geometry)
 * @returns {(view: Merge.View) => void}
 */
function ghostBoard(parent, state) {
  const board = createBoard(parent, { label: "", describe: () => "" });
  /** @type {Merge.Geometry | null} */
  let shaped = null;
  return (view) => {
    if (!state.geometry) return;
    if (shaped !== state.geometry) board.reshape((shaped = state.geometry));
    board.setBoard(view.board);
  };
}
