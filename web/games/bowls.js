// Color Bowls: the page (W5, W19-W25). The kit's mountGame runs its life (the
// stored view at once, the engine's start, a link's deal, another tab's run,
// a replay, the lesson); this module gives it the hooks. A plain state
// (bowls/state.js), `render(parts, state)` (bowls/render.js), the moves asked
// of club.bowls.api.Session (bowls/play.js), the attempts of each mode
// (bowls/attempts.js), the screens and cards (bowls/screens.js,
// bowls/cards.js), the forecast and the hint (bowls/asks.js) and the input
// (bowls/input.js). Every rule, score and legality answer is the engine's;
// the page draws what the view says.
import { html } from "../svg.js";
import { createJuice } from "../kit/juice.js";
import { mountGame } from "../kit/mount.js";
import { createPlayer } from "./bowls/anim.js";
import { createRing } from "./bowls/ring.js";
import { createAsks } from "./bowls/asks.js";
import { createAttempts } from "./bowls/attempts.js";
import { createCards } from "./bowls/cards.js";
import { createCues } from "./bowls/cues.js";
import { createInput } from "./bowls/input.js";
import { lessonSteps } from "./bowls/lesson.js";
import { createPlay } from "./bowls/play.js";
import { createGame, focusTarget, render } from "./bowls/render.js";
import { createScreens } from "./bowls/screens.js";
import { createState, shownView } from "./bowls/state.js";
import { applyTheme, createToast, ensureDefs } from "./bowls/themes.js";
import { createEditorScreen } from "./bowls/workshop.js";
import { ghostOf } from "./bowls/workshoplists.js";
import { createWorkshopPlay } from "./bowls/workshopplay.js";

/**
 * What the bowls page's hooks read of its context, and hand its modules (each declares its slice); the kit's
 * mountGame reads its own (web/kit/mount.js MountContext).
 * @typedef {Pick<import("../app.js").GameContext<Bowls.Calls>, "engine" | "store" | "t" | "number" | "lang" | "lesson" | "replay" | "storedView" | "screen" | "puzzle"
 *   | "solved" | "afterLesson" | "notice" | "reducedMotion">
 *   & import("./bowls/asks.js").AsksContext & import("./bowls/attempts.js").AttemptsContext & import("./bowls/cards.js").CardsContext
 *   & import("./bowls/cues.js").CuesContext & import("./bowls/screens.js").ScreensContext & import("./bowls/play.js").PlayContext
 *   & import("./bowls/input.js").InputContext & import("./bowls/workshop.js").EditorContext & import("./bowls/workshopplay.js").WorkshopContext} BowlsContext
 */

/** @param {HTMLElement} root @param {import("../app.js").GameContext<Bowls.Calls>} ctx */
export function mount(root, ctx) {
  return mountGame(root, ctx, (kit) => ({ ...hooks(root, ctx, kit), ghostBoard })); // the friend's board: no state of the page
}

/**
 * @param {HTMLElement} root @param {BowlsContext} ctx @param {import("../kit/mount.js").Kit<Bowls.Calls>} kit
 * @returns {import("../kit/mount.js").GameHooks<Bowls.Calls>}
 */
function hooks(root, ctx, kit) {
  const { store, t } = ctx;
  const { page } = kit;
  const words = { t, number: ctx.number, lang: ctx.lang };
  root.classList.add("bw", "bowls-theme-simple");
  if (ctx.lesson) root.dataset.lesson = "1"; // no modes, pause or end in a lesson (bowls.css)
  if (ctx.replay) root.dataset.replay = "1"; // a replay is watched: the controls are hidden (bowls.css)
  html("link", { rel: "stylesheet", href: new URL("../css/bowls.css", import.meta.url) }, root);
  html("link", { rel: "stylesheet", href: new URL("../css/bowls-themes.css", import.meta.url) }, root);
  ensureDefs(root);
  const theme = ctx.storedView("theme")?.theme; // the theme of the last visit, at once
  if (typeof theme === "string") applyTheme(root, theme);
  const state = createState(store);
  const modes = html("section", { class: "bw-modes-screen", hidden: true }, root);
  const draw = () => page.invalidate(); // one render a frame, however many changes came in it
  const asks = createAsks({ state, page, ctx, words, render: draw, choose: (b, announce) => play.choose(b, announce) });
  const attempts = createAttempts({ state, page, ctx, end: kit.end, moved: asks.moved, show: () => screens.showGame() });
  const cards = createCards(root, {
    state,
    words,
    page,
    ctx,
    end: kit.end,
    on: {
      start: attempts.start,
      play: attempts.startPuzzle,
      undo: () => play.undo(),
      end: () => play.move("end", {}),
      modes: () => screens.pause(),
      list: () => screens.showGrid(),
      forecast: (on) => screens.setForecast(on),
      useTheme: (name) => screens.useTheme(name),
      daily: () => screens.startDaily(),
      workshop: {
        again: () => again(),
        share: () => workshop.share(shownView(state)).catch(page.report),
        reply: () => workshop.reply(shownView(state)).catch(page.report),
        editor: () => toEditor(),
      },
    },
  });
  const juice = createJuice(root, ctx);
  const game = createGame(
    root,
    words,
    {
      bowl: (b) => input.clickBowl(b),
      bowlKey: (e, b) => input.bowlKey(e, b),
      sow: () => play.sow(state.chosen),
      undo: () => play.undo(),
      redo: () => play.redo(),
      pause: () => screens.pause(),
      end: cards.confirmEnd,
      settings: cards.openSettings,
      hint: asks.hint,
      list: () => (state.view?.workshop ? toEditor() : screens.showGrid()),
      restart: () => (state.view?.puzzle ? attempts.startPuzzle(state.view.puzzle.id) : again()),
      ghost: (view) => ghostOf(workshop.lists(), view.workshop),
    },
    juice,
  );
  const parts = { root, modes, game, grid: html("section", { class: "bwp-grid-screen", "aria-labelledby": "bwp-grid-title" }, root) };
  // The Puzzle Workshop (W28): its editor screen, its lists, and the way from a draft to a link and back.
  const again = () => page.serial(() => workshop.again(shownView(state))); // a workshop puzzle played again
  const {
    workshopNode,
    workshop,
    toEditor,
    destroy: destroyWorkshop,
  } = workshopParts({
    root,
    ctx,
    page,
    state,
    words,
    attempts,
    cards,
    screens: () => screens,
  });
  page.paintWith(() => render(parts, state)); // the screen shown, the ring, the HUD
  const cues = createCues({ ctx, juice, words, node: game.ring.node });
  const player = createPlayer(game.ring, { beat: cues.beat });
  const toast = createToast(root, t, page.later);
  const screens = createScreens({
    ctx,
    page,
    state,
    parts,
    words,
    attempts,
    cards,
    play: () => play,
    moved: asks.moved,
    workshop: toEditor,
  });
  const play = createPlay({
    ctx,
    kit,
    state,
    words,
    game,
    cues,
    player,
    asks,
    attempts,
    toast,
    render: draw,
    over: () => {
      workshop.solved(shownView(state)); // its best, in the lists (W28)
      screens.showOver();
    },
    closeCard: cards.close,
    askUndo: cards.confirmUndo,
  });
  const input = createInput({ root, ctx, state, page, words, play, hint: asks.hint, refuse: cues.refuse });
  // A frame later: resizing the ring inside the observer's own callback would loop.
  const fitter = new ResizeObserver(() => requestAnimationFrame(game.fit));
  fitter.observe(game.node);
  window.addEventListener("resize", game.fit);
  return {
    adopts: ["run"],
    profile: (profile) => {
      state.profile = profile;
    },
    ...runHooks({ ctx, page, state, screens, attempts, asks, workshop }),
    startRun: attempts.start,
    badge: () => game.node.querySelector(".bw-chip")?.parentElement, // the mode chip says a Daily and its date; the badge a challenge
    badgeDaily: false,
    live: input.listen,
    replayStep: play.replayStep,
    lessonSteps: () => lessonSteps(game.ring.node, () => root.querySelector(".bw-sow")),
    // The app makes the page live right after mount: then focus lands where the screen puts it.
    focus: () =>
      state.screen === "game"
        ? game.ring.node(focusTarget(state, shownView(state)))
        : state.screen === "workshop"
          ? /** @type {SVGGElement | null} */ (workshopNode.querySelector(".bw-bowl[tabindex='0']"))
          : /** @type {HTMLElement | null} */ (modes.querySelector(".bw-continue, .bw-start")),
    unmount() {
      asks.moved(); // a hint still searching is stopped
      player.cancel();
      juice.destroy();
      fitter.disconnect();
      game.destroy();
      window.removeEventListener("resize", game.fit);
      input.destroy();
      destroyWorkshop();
    },
  };
}

/**
 * The Puzzle Workshop's parts (W28): the editor screen, the proof, the play and the lists; the address says the
 * screen shown, without a new mount (a reload opens it again).
 * @param {{root: HTMLElement, ctx: import("./bowls/workshop.js").EditorContext & import("./bowls/workshopplay.js").WorkshopContext, page: import("../kit/page.js").Page<Bowls.Calls>,
 *   state: ReturnType<typeof createState>, words: import("./bowls/hud.js").Words, attempts: ReturnType<typeof createAttempts>,
 *   cards: ReturnType<typeof createCards>, screens: () => ReturnType<typeof createScreens>}} deps
 */
function workshopParts({ root, ctx, page, state, words, attempts, cards, screens }) {
  const workshopNode = html("section", { class: "bww-screen", "aria-labelledby": "bww-title" }, root);
  const toModes = () => {
    screens().pause();
    history.replaceState(history.state, "", "#/bowls");
  };
  const editor = createEditorScreen({ screen: workshopNode, ctx, page, words, on: { back: toModes, changed: () => workshop.changed() } });
  const listsNode = html("div", { class: "bww-lists" }, workshopNode);
  const begin = attempts.beginWorkshop;
  const workshop = createWorkshopPlay({ ctx, page, state, words, editor, root, listsNode, begin, modes: () => screens().showModes() });
  const toEditor = () => {
    cards.close();
    page.serial(() => workshop.enter());
    history.replaceState(history.state, "", "#/bowls/workshop");
  };
  /** @param {KeyboardEvent} e */
  const keys = (e) => {
    if (state.screen === "workshop" && !state.card) editor.onKey(e);
  };
  document.addEventListener("keydown", keys);
  const destroy = () => {
    editor.destroy();
    workshop.destroy();
    document.removeEventListener("keydown", keys);
  };
  return { workshopNode, workshop, toEditor, destroy };
}

/**
 * The hooks of a run's life (the kit's mountGame calls them): the stored view, the engine's
 * start, a fresh start, another tab's run (P10).
 * @param {{ctx: Pick<BowlsContext, "engine" | "store" | "t" | "screen" | "puzzle" | "solved" | "afterLesson" | "notice">, page: import("../kit/page.js").Page<Bowls.Calls>,
 *   state: ReturnType<typeof createState>, screens: ReturnType<typeof createScreens>,
 *   attempts: ReturnType<typeof createAttempts>, asks: ReturnType<typeof createAsks>,
 *   workshop: ReturnType<typeof createWorkshopPlay>}} deps
 * @returns {Pick<import("../kit/mount.js").GameHooks<Bowls.Calls>, "show" | "resume" | "fresh" | "adopt">}
 */
function runHooks({ ctx, page, state, screens, attempts, asks, workshop }) {
  const { engine, store, t } = ctx;
  // The route names a screen of the page's own (the workshop's editor) or a workshop puzzle's link (W28):
  // shown instead of the attempt in play, which is kept (parked when another starts).
  const entry = ctx.screen !== null || ctx.puzzle !== null;
  return {
    async show(view, how) {
      if (how === "stored") {
        if (entry) return false; // the route's own screen comes once the engine is up
        const drawable = view && !view.over && typeof view.capacity === "number";
        state.view = drawable ? view : null;
        state.screen = null;
        if (drawable) await screens.showGame(true);
        page.paintNow(); // in this task: the mount shows the page once its ring is in
        return drawable;
      }
      state.view = view;
      await screens.showGame();
      return true;
    },
    async resume() {
      const view = await attempts.loadStored();
      try {
        screens.setTheme((await engine.call("themes", {})).theme); // the one the engine's profile names
      } catch (error) {
        page.report(error);
      }
      state.view = view;
      if (view)
        page.copy("view", view); // the engine's own view from now on
      else page.forget("view");
      if (entry) return null; // the route's screen, in `fresh`
      // An attempt over comes back with its end card (P4), unless the player comes out of the lesson to play.
      return view && !(view.over && ctx.afterLesson) ? view : null;
    },
    async fresh(payload) {
      await attempts.recordIfOver(); // an attempt over that was stored before the engine banked it
      if (ctx.screen === "workshop") await workshop.enter();
      else if (ctx.puzzle !== null && ctx.solved !== null) await workshop.openReply(ctx.puzzle, ctx.solved);
      else if (ctx.puzzle !== null) await workshop.openCode(ctx.puzzle);
      else if (payload) await attempts.begin(payload);
      // Out of the lesson (its Play, or Skip): the first puzzle, not a menu of modes to choose from.
      else if (!ctx.afterLesson || !(await attempts.beginNextPuzzle())) await screens.showModes();
    },
    // Another tab stored a run (P10), unless a newer one came meanwhile: its own turn adopts it.
    async adopt(item, text) {
      if (store.get("run") !== text) return;
      asks.moved();
      const view = await page.load("run"); // a corrupt one is moved aside with a notice
      if (!view || page.gone()) return;
      state.view = view;
      state.chosen = null;
      asks.moved();
      ctx.notice(t("bowls.otherTab"));
      if (state.screen === "game") await screens.showGame();
    },
  };
}

/**
 * The friend's ring beside the player's (P4, web/kit/clubghostboard.js): their bowls and stones, small, no mark.
 * @param {HTMLElement} parent @returns {(view: Bowls.View) => void}
 */
function ghostBoard(parent) {
  const ring = createRing(parent, { label: "", onBowl: () => {}, onKey: () => {} });
  return (view) => ring.render({ bowls: view.bowls, capacity: view.capacity, chosen: null });
}
