// Hex Merge (merge): the page. A plain state (merge/state.js), a render of the
// engine's view (merge/render.js), and input turned into engine calls
// (merge/input.js, merge/play.js) through the kit's session: legality,
// merging, points and the end of the round come from club.merge.api.Session.
// Issue 13: on a returning visit the view stored beside the run is drawn at
// once, before Python is up; input waits for the engine's own load (the app
// keeps the page inert until mount resolves).
// Issue 15: each move is heard, felt and shown (merge/feel.js on the kit's
// feel and juice); `#/merge?lesson` plays the first lesson (merge/lesson.js)
// on the engine's lesson round; D reads the board out (merge/words.js).
import { html } from "../svg.js";
import { createSession } from "../kit/session.js";
import { createJuice } from "../kit/juice.js";
import { createBoard } from "./merge/board.js";
import { createTray } from "./merge/tray.js";
import { createGhost } from "./merge/ghost.js";
import { createPlayer } from "./merge/anim.js";
import { createTimer } from "./merge/timer.js";
import { createConfirm, createOver, createSettings, createSlots } from "./merge/dialogs.js";
import { createHud } from "./merge/hud.js";
import { createState } from "./merge/state.js";
import { createRender } from "./merge/render.js";
import { createPlay } from "./merge/play.js";
import { createSlotApi } from "./merge/slots.js";
import { bindInput } from "./merge/input.js";
import { createFeel } from "./merge/feel.js";
import { createMergeLesson } from "./merge/lesson.js";
import { describeBoard, rowsText } from "./merge/words.js";
import { createClubEnd, dailyButton } from "../kit/clubpage.js";

const TICK_MS = 5000; // play time goes to the engine at least this often while it runs (M15)

/**
 * @param {HTMLElement} root the page's <section>
 * @param {any} ctx the app's context
 */
export async function mount(root, ctx) {
  const { t, number } = ctx;
  root.classList.add("hm");
  root.classList.toggle("hm-replay", Boolean(ctx.replay));
  html("link", { rel: "stylesheet", href: new URL("../css/merge.css", import.meta.url) }, root);
  const state = createState();
  const timer = createTimer();
  timer.hold("starting", true); // no play time counts before the engine has the run
  /** @type {Map<string, string>} another tab's values seen while starting: taken once live */
  const missed = new Map();
  const session = createSession(root, ctx, {
    onExternal: (item, text) => (state.live ? play.adopt(item, text) : void missed.set(item, text)),
  });

  // ----- the widgets -----
  const juice = createJuice(root, ctx);
  const hud = createHud(root, { t, number, juice });
  const layout = html("div", { class: "hm-layout" }, root);
  layout.append(hud.bar);
  const boardWrap = html("div", { class: "hm-board-wrap" }, layout);
  const board = createBoard(boardWrap, { label: t("merge.boardLabel"),
    describe: (values) => (state.geometry ? rowsText(state.geometry, values, t).join(" ") : "") });
  board.root.setAttribute("aria-keyshortcuts", "D R Shift+R");
  html("p", { class: "sr-only hm-keys-hint" }, boardWrap, t("merge.sr.hint"));
  const side = html("div", { class: "hm-side" }, layout);
  const tray = createTray(side, { t, onRotate: (step) => act(play.rotate, step) });
  const tools = html("div", { class: "hm-tools" }, side);
  html("p", { class: "hm-help" }, side, t("merge.help"));
  const ghost = createGhost();
  const feel = createFeel({ ctx, board, juice });
  const player = createPlayer(board, { onStep: feel.step });
  const render = createRender({ root, hud, tray, board });
  const menu = (/** @type {boolean} */ open) => timer.hold("menu", open);
  const over = createOver(root, { t, number, onNew: () => act(play.newRound), onToggle: menu });
  const confirm = createConfirm(root, { t, onToggle: (open) => timer.hold("confirm", open) });

  /** The play time shown (M15): the engine's, what is on its way, what runs now. */
  const elapsed = () => (state.view?.play_ms ?? 0) + state.sentMs + timer.peek();
  function draw() {
    if (state.view) timer.hold("idle", !state.view.clock_runs);
    state.clockMs = elapsed();
    state.reduced = ctx.reducedMotion(); // P11: read at every draw (the setting may change while playing)
    render(state, state.view);
    if (state.live) tips(state.view);
  }
  /** The first time a joker is in the tray, one line says what it does (issue 15). @param {Merge.View | null} view */
  function tips(view) {
    const joker = view?.current.kind === "joker" ? tray.current : view?.next.kind === "joker" ? side.querySelector(".hm-next-box") : null;
    if (joker) ctx.tip("merge.joker", t("merge.tip.joker"), joker);
  }
  /** @type {import("../kit/lesson.js").Lesson | null} */
  let lesson = null;
  const play = createPlay({ ctx, session, state, draw, board, player, timer, over, feel,
    heard: (events) => lesson?.heard(events), end: createClubEnd(ctx, session.report) });
  /**
   * An action from input: taken only once the engine has the run (a stored view is
   * never acted on), after the actions before it; a failure is reported.
   * @template {any[]} A @param {(...args: A) => unknown} fn @param {A} args
   */
  function act(fn, ...args) {
    if (state.live) session.serial(() => fn(...args));
  }
  /** Key D: the board read out (issue 15 point 6). */
  const describe = () => { if (state.view && state.geometry) ctx.announce(describeBoard(state.geometry, state.view, t, number)); };
  const offInput = bindInput({ state, board, tray, ghost, play, act, report: session.report, draw, describe });

  // ----- the toolbar; settings and slots are made once the engine's geometry is known -----
  /** A toolbar button. @param {string} cls @param {string} key its label @param {() => unknown} onClick */
  const tool = (cls, key, onClick) => {
    // a lesson keeps only the settings; a replay (issue 16) takes no input at all
    const button = html("button", { class: `btn ${cls}`, type: "button", hidden: Boolean(ctx.replay) || (ctx.lesson && cls !== "hm-settings-btn") }, tools, t(key));
    button.addEventListener("click", onClick);
  };
  /** @type {ReturnType<typeof createSettings> | null} */
  let settings = null;
  /** @type {ReturnType<typeof createSlots> | null} */
  let slots = null;
  tool("hm-new", "merge.newRound", async () => {
    if (!state.live) return;
    if (state.view?.in_progress && !(await confirm.ask({ title: t("merge.confirmNew.title"),
      text: t("merge.confirmNew.text"), yes: t("merge.newRound") }))) return;
    act(play.newRound);
  });
  dailyButton(tools, ctx, "merge", { label: t("merge.daily"), title: t("merge.dailyLabel"), cls: "hm-daily", report: session.report })
    .hidden = Boolean(ctx.lesson || ctx.replay);
  tool("hm-slots-btn", "merge.slots", () => {
    if (!state.live || !state.geometry) return;
    act(play.flushTime);
    slots ??= createSlots(root, { t, number, count: state.geometry.slots, onToggle: menu,
      slots: createSlotApi({ ctx, session, state, play, confirm, count: state.geometry.slots }) });
    slots.open().catch(session.report);
  });
  tool("hm-settings-btn", "merge.settings", () => {
    if (!state.live || !state.view || !state.geometry) return;
    settings ??= createSettings(root, { t, styles: state.geometry.styles, onToggle: menu,
      onChange: (change) => act(play.changeSettings, change) });
    settings.open({ ...state.view.settings, style: state.view.style });
  });

  // ----- time (M15): active play only; paused when hidden or in menus -----
  const clock = setInterval(() => { if (state.live && state.view?.timer) draw(); }, 500);
  const ticker = setInterval(() => { if (state.live && timer.running()) play.flushTime().catch(session.report); }, TICK_MS);
  ctx.onVisibility((/** @type {boolean} */ hidden) => {
    timer.hold("hidden", hidden);
    if (!state.live) return;
    if (hidden) play.flushTime().catch(session.report);
    draw();
  });
  timer.hold("hidden", document.hidden);

  // ----- a replay (issue 16): the replay session's positions, nothing loaded, kept or taken -----
  if (ctx.replay) {
    const fresh = await ctx.engine.call("geometry", {});
    state.geometry = fresh;
    board.reshape(fresh);
    await ctx.club.openReplay(root, { show: (/** @type {Merge.View} */ view, /** @type {any[]} */ events) => {
      play.replayed(view, events);
      ctx.painted();
    } });
    return { unmount: leave };
  }

  // ----- start (M15, issue 13) -----
  drawKept(ctx, state, board, draw);
  const { loaded, resumed } = await start(ctx, session, state, board, play);
  ctx.painted();
  timer.hold("starting", false);
  state.live = true;
  if (ctx.lesson) lesson = createMergeLesson(root, ctx, { board, tray });
  draw();
  play.openOver(false);
  if (missed.has("profile")) act(play.adopt, "profile", /** @type {string} */ (missed.get("profile")));
  if (missed.has("run") && missed.get("run") !== loaded) act(play.adopt, "run", /** @type {string} */ (missed.get("run")));
  // A link's deal over a resumed round (issue 16): after the mount, as the kit may ask
  // first in a dialog ("your round in play ends"), which an inert page could not answer.
  if (resumed && ctx.start && !ctx.lesson) {
    act(async () => {
      const payload = await ctx.club.startPayload();
      if (payload && !session.gone()) await play.newRound(payload);
    });
  }

  function leave() {
    if (state.live) play.flushTime().catch(session.report); // the time played goes to the engine and the stored run
    state.live = false;
    session.close();
    play.close();
    player.stop();
    lesson?.destroy();
    juice.destroy();
    clearInterval(clock);
    clearInterval(ticker);
    offInput();
    ghost.remove();
  }
  return { unmount: leave };
}

/**
 * 1. The board at once: the view stored beside the run, drawn only (never acted on).
 * @param {any} ctx @param {import("./merge/state.js").MergeState} state
 * @param {import("./merge/board.js").MergeBoard} board @param {() => void} draw
 */
function drawKept(ctx, state, board, draw) {
  const geometry = ctx.storedView("geometry");
  const kept = ctx.store.get("run") ? ctx.storedView() : null;
  if (!geometry || !kept) return;
  try {
    state.geometry = geometry;
    board.reshape(geometry);
    state.view = kept;
    draw();
    ctx.painted();
  } catch (error) {
    // A drawing aid only (an older or damaged copy): not drawn; the engine's load follows.
    console.warn("6E Club: the stored merge view was not drawn", error);
    state.geometry = null;
    state.view = null;
    board.reshape(null);
  }
}

/**
 * 2. The engine: its geometry, the profile and the run (or a new round), drawn live.
 * @param {any} ctx @param {import("../kit/session.js").PageSession} session
 * @param {import("./merge/state.js").MergeState} state
 * @param {import("./merge/board.js").MergeBoard} board @param {ReturnType<typeof createPlay>} play
 * @returns {Promise<{loaded: string | null, resumed: boolean}>} the stored run text the engine was given, and whether
 *   it was taken (else a new round was dealt: a link's, if any)
 */
async function start(ctx, session, state, board, play) {
  const { engine, store } = ctx;
  const fresh = await engine.call("geometry", {});
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(fresh, state.geometry)) {
    state.geometry = fresh;
    board.reshape(fresh);
  }
  if (!same(fresh, ctx.storedView("geometry"))) ctx.keepView(fresh, "geometry");
  const card = await session.load("profile", "load_profile", "profile"); // unreadable: moved aside
  if (!card) await engine.call("load_profile", { profile: null });
  if (ctx.lesson) { // the first lesson: the engine's lesson round, in a session of its own (issue 15)
    play.show(await engine.call("lesson", {}));
    return { loaded: null, resumed: false };
  }
  const loaded = store.get("run");
  const resumed = await session.load("run", "load", "save");
  if (resumed) {
    play.show(resumed);
    if (JSON.stringify(resumed) !== store.get("view")) ctx.keepView(resumed);
  } else {
    // A challenge or daily link deals its deal (nothing in play: the kit asks nothing).
    await play.newRound(ctx.start ? await ctx.club.startPayload() : null);
  }
  return { loaded, resumed: Boolean(resumed) };
}
