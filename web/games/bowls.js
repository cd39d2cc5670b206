// Color Bowls: the page (W5, W19-W25, issue 14). A plain state object (the
// screen, the engine's view of the attempt on screen, the chosen bowl, a move
// animating, the open card, the forecast and the hint asked), render() that
// draws the screen from it (bowls/game.js draws the game from the state and
// the view), and input handlers that turn events into engine calls through the
// kit's session: one operation at a time in the order asked (`serial`), the
// forecast and the hint latest-wins (`ticket`), stored runs read through the
// engine (`load`), every accepted answer kept (`keep`) and another tab's newer
// run adopted. Every rule, score and legality answer comes from
// club.bowls.api.Session; the page draws what the view says.
//
// The Daily Club (issue 16, ctx.club): the Daily mode plays the club's daily of
// today's UTC date (the club's date, `{daily}`); a route's deal (a challenge or
// daily link) starts an attempt once the stored ones are loaded; every accepted
// answer's events go to ctx.club.finished and the end card gets its daily line,
// grid, share and replay buttons. A replay route (`ctx.replay`) loads nothing and
// takes no input: the kit's replay bar steps the engine, the page draws each step.
import { html } from "../svg.js";
import { createSession } from "../kit/session.js";
import { createJuice } from "../kit/juice.js";
import { createLesson } from "../kit/lesson.js";
import { createFeelings } from "./bowls/feel.js";
import { heardOf, lessonSteps, tipSpecials } from "./bowls/lesson.js";
import { createPlayer } from "./bowls/animate.js";
import { createAttempts, modeOf, PARKING } from "./bowls/attempts.js";
import { createCards } from "./bowls/cards.js";
import { createAsks } from "./bowls/asks.js";
import { baseFrame, bowlLabel, createGame, focusTarget } from "./bowls/game.js";
import { NO_HINT, renderGrid } from "./bowls/puzzles.js";
import { renderModeScreen } from "./bowls/screens.js";
import { applyTheme, createToast, ensureDefs } from "./bowls/themes.js";
import { moveWords, refusalWords, tapWords } from "./bowls/words.js";

/** @typedef {import("../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("./bowls/puzzles.js").HintState} HintState */

/**
 * @typedef {object} PageState
 * @property {"modes" | "game" | "puzzles" | null} screen
 * @property {Bowls.View | null} view the engine's view of the attempt on screen
 * @property {number | null} chosen the chosen bowl (W5): free to change, not a move
 * @property {boolean} animating a move's events are playing on the ring
 * @property {Dialog | null} card the open card
 * @property {{forecast: boolean}} prefs
 * @property {string | null} forecast the forecast line (W23) of the chosen bowl, in words
 * @property {{key: string, text: string} | null} forecastSeen the last answered, by position and bowl
 * @property {HintState} hint the hint asked for the puzzle on screen
 * @property {Bowls.Profile | null} profile the engine's reading of the stored profile
 * @property {Record<string, {text: string, view: Bowls.View}>} parked unfinished attempts of modes not on screen (W25)
 * @property {Map<number, any>} solved puzzle id -> the last "puzzle_solved" event (fewest, first, solved)
 */


/** @param {any} store @returns {{forecast: boolean}} */
function readPrefs(store) {
  try {
    return { forecast: JSON.parse(store.get("prefs") ?? "{}")?.forecast === true };
  } catch {
    return { forecast: false }; // unreadable preferences: the defaults
  }
}

/** @param {HTMLElement} root @param {any} ctx */
export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const words = { t, number: ctx.number ?? ((/** @type {number} */ v) => String(v)) };
  root.classList.add("bw", "bowls-theme-simple");
  if (ctx.lesson) root.dataset.lesson = "1"; // no modes, pause or end in a lesson (bowls.css)
  html("link", { rel: "stylesheet", href: new URL("../css/bowls.css", import.meta.url) }, root);
  html("link", { rel: "stylesheet", href: new URL("../css/bowls-themes.css", import.meta.url) }, root);
  ensureDefs(root);

  /** @type {PageState} */
  const state = {
    screen: null, view: null, chosen: null, animating: false, card: null,
    prefs: readPrefs(store), forecast: null, forecastSeen: null, hint: NO_HINT,
    profile: null, parked: {}, solved: new Map(),
  };
  const session = createSession(root, ctx, { adopt: ["run"], onExternal: adoptExternal });
  const modes = html("section", { class: "bw-modes-screen", hidden: true }, root);
  const asks = createAsks({ state, session, ctx, words, render, choose });
  const { moved } = asks;
  const attempts = createAttempts({ state, session, ctx, moved, show: () => showGame() });
  const cards = createCards(root, {
    state, words, session, ctx,
    on: {
      start: attempts.start, play: attempts.startPuzzle, undo, end: () => move("end", {}), modes: pause, list: showGrid,
      forecast: setForecast, useTheme, daily: startDaily,
    },
  });
  const juice = createJuice(root, ctx);
  const game = createGame(root, words, {
    bowl: clickBowl, bowlKey, sow: () => sow(state.chosen), undo, redo, pause, end: cards.confirmEnd, settings: cards.openSettings,
    hint: asks.hint, restart: () => { if (state.view?.puzzle) attempts.startPuzzle(state.view.puzzle.id); }, list: showGrid,
  }, juice);
  const feelings = createFeelings({ ctx, juice, words, node: game.ring.node });
  /** @type {import("../kit/lesson.js").Lesson | null} */
  let lesson = null;
  const gridScreen = html("section", { class: "bwp-grid-screen", "aria-labelledby": "bwp-grid-title" }, root);
  const toast = createToast(root, t, session.later);
  const player = createPlayer(game.ring, { beat: feelings.beat });
  const modeActions = {
    start: (/** @type {Record<string, any>} */ payload) => cards.askStart(attempts.unfinishedOf(modeOf(payload) ?? ""), payload),
    resume: attempts.resume, play: attempts.startPuzzle, list: showGrid, gallery: openGallery, settings: cards.openSettings,
  };
  // A frame later: resizing the ring inside the observer's own callback would loop.
  const fitter = new ResizeObserver(() => requestAnimationFrame(game.fit));
  fitter.observe(game.node);
  window.addEventListener("resize", game.fit);

  // ----- drawing ------------------------------------------------------------------
  function render() {
    modes.hidden = state.screen !== "modes";
    game.node.hidden = state.screen !== "game";
    if (state.screen) root.dataset.screen = state.screen;
    else delete root.dataset.screen;
    if (state.screen === "game" && state.view) game.render(state, state.view);
  }

  // After the choice or the view changed: the forecast asked for, then drawn.
  function refresh() {
    const view = state.view;
    if (view && state.chosen !== null && !view.choosable.includes(state.chosen)) state.chosen = null;
    asks.forecast();
    render();
  }

  // ----- settings and themes ---------------------------------------------------------
  /** @param {boolean} forecast */
  function setForecast(forecast) {
    state.prefs = { ...state.prefs, forecast };
    store.set("prefs", JSON.stringify(state.prefs));
    state.forecastSeen = null;
    if (state.screen === "game") refresh();
  }

  // The gallery, after the operations asked before (a move may have earned a theme).
  function openGallery() {
    session.serial(async () => {
      const awards = await engine.call("themes", {});
      if (!session.gone()) cards.openGallery(awards);
    });
  }

  /** A theme chosen in the gallery (inside the session's serial). @param {string} name */
  async function useTheme(name) {
    const answer = await engine.call("set_theme", { theme: name });
    if (!answer.accepted || session.gone()) return null;
    if (answer.profile) { store.set("profile", answer.profile); await attempts.readProfile(answer.profile); }
    const awards = await engine.call("themes", {});
    setTheme(awards.theme);
    if (state.screen === "modes") renderModeScreen(modes, await modeData(), words, modeActions); // behind the card
    return awards;
  }

  /** A theme the engine named. @param {string} name */
  function setTheme(name) {
    applyTheme(root, name);
    ctx.keepView({ theme: name }, "theme"); // for the first paint of the next visit
  }

  // ----- screens ----------------------------------------------------------------------
  // Pause (and every way back to the mode screen): after the operations asked before it.
  function pause() {
    moved();
    return session.serial(showModes);
  }

  async function modeData() {
    const grid = await engine.call("puzzles", {});
    const awards = await engine.call("themes", {});
    const unfinished = Object.fromEntries(PARKING.map((mode) => [mode, attempts.unfinishedOf(mode)]));
    const { date } = await ctx.club.today(); // W20: the UTC date, the club's
    return { profile: state.profile ?? { best: {}, daily: {} }, today: date, unfinished, grid, awards };
  }

  async function showModes() {
    finishAnimation();
    cards.close();
    const data = await modeData();
    if (session.gone()) return;
    renderModeScreen(modes, data, words, modeActions); // built aside, then shown whole
    state.screen = "modes";
    render();
    /** @type {HTMLElement | null} */ (modes.querySelector(".bw-continue, .bw-start"))?.focus({ preventScroll: true });
  }

  function showGrid() {
    moved();
    session.serial(async () => {
      const grid = await engine.call("puzzles", {});
      if (session.gone()) return;
      renderGrid(gridScreen, grid, t, { back: pause, play: attempts.startPuzzle });
      state.screen = "puzzles";
      render();
      const focus = /** @type {HTMLElement | null} */ (gridScreen.querySelector(".bwp-cell.next") ?? gridScreen.querySelector(".bwp-cell"));
      focus?.focus({ preventScroll: false });
      focus?.scrollIntoView?.({ block: "center" });
    });
  }

  /** `early`: the stored view, drawn before the engine is ready (no focus, nothing banked). */
  async function showGame(early = false) {
    if (state.screen !== "game") window.scrollTo(0, 0); // from another screen: start at the title
    state.screen = "game";
    refresh();
    if (early) return;
    game.ring.focusBowl(focusTarget(state, state.view));
    tipSpecials(ctx, state.view, game.ring.node);
    if (state.view.over) {
      const outcome = await attempts.recordIfOver();
      if (!session.gone()) showOver(outcome);
    }
  }

  /** The end card, focus back on the ring when it closes. @param {any} outcome @param {Promise<any> | null} [banked] the club's summary */
  function showOver(outcome, banked = null) {
    cards.showOver(outcome, /** @type {HTMLElement | null} */ (/** @type {unknown} */ (game.ring.node(focusTarget(state, state.view)))), banked);
  }

  /** Today's daily (the club's date): a new attempt of it, asked first if one is unfinished. */
  function startDaily() {
    ctx.club.today().then((/** @type {{date: string}} */ today) => {
      if (!session.gone()) cards.askStart(attempts.unfinishedOf("daily"), { daily: today.date });
    }, session.report);
  }

  // ----- choosing and sowing (W5, W22) -------------------------------------------------
  const live = () => Boolean(state.view && !state.view.over);

  /** @param {number} b @param {boolean} [announce] */
  function choose(b, announce = true) {
    if (!live()) return;
    state.chosen = b;
    finishAnimation();
    refresh();
    game.ring.focusBowl(b);
    if (announce) ctx.announce(bowlLabel(words, state.view.bowls[b], b, state.view.capacity));
    lesson?.heard([{ kind: "choose", bowl: b }]);
  }

  /** @param {number} b */
  function clickBowl(b) {
    if (!live()) return;
    const refusal = state.view.bowls[b].refusal; // the engine's reason (W5): empty, ice
    if (refusal) { feelings.refuse(); ctx.announce(tapWords(words, refusal, b)); }
    else if (state.chosen === b) sow(b);
    else choose(b);
  }

  // W22: the engine says where each arrow leads from the bowl chosen (the last index: none yet).
  /** @param {number} direction */
  function step(direction) {
    if (!live()) return;
    const { arrows, bowls } = state.view;
    const b = arrows[direction > 0 ? "forward" : "back"][state.chosen ?? bowls.length];
    if (b !== null) choose(b);
  }

  /** @param {KeyboardEvent} e @param {number} b */
  function bowlKey(e, b) {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === " ") clickBowl(b);
    else if (state.chosen === b) sow(b);
    else if (state.view?.choosable.includes(b)) { choose(b, false); sow(b); }
  }

  function finishAnimation() {
    feelings.start(); // a new action: the last one's juice ends at once
    if (!state.animating) return;
    player.cancel();
    state.animating = false;
    render();
  }

  /** A move: asked now, applied after the operations asked before it. @param {string} method @param {Record<string, any>} payload */
  function move(method, payload) {
    moved();
    feelings.start();
    return session.serial(() => { finishAnimation(); return act(method, payload); });
  }

  /** @param {number | null} b */
  function sow(b) {
    if (b === null || !state.view) return;
    state.chosen = null; // a sow spends the choice: a quick second click on that bowl chooses, it never sows twice
    move("sow", { bowl: b });
  }

  function undo() { cards.close(); move("undo", {}); }
  function redo() { move("redo", {}); }

  /** @param {string} method @param {Record<string, any>} payload */
  async function act(method, payload) {
    const before = state.view;
    const answer = await engine.call(method, payload);
    if (session.gone()) return;
    if (!answer.accepted) { feelings.refuse(); ctx.announce(refusalWords(words, answer.reason, payload.bowl)); return; }
    state.view = answer.view;
    moved();
    /** @type {Promise<any>} the club's summary when this answer finished a run, else null */
    const banked = ctx.club.finished(answer.events);
    if (!session.keep(answer)) return; // another tab's newer run: adopted next
    await attempts.readProfile(answer.profile); // a banked attempt, an achievement (W24, W25)
    if (session.gone()) return;
    state.forecastSeen = null;
    const solved = answer.events.find((/** @type {any} */ e) => e.type === "puzzle_solved");
    if (solved && answer.view.puzzle) state.solved.set(answer.view.puzzle.id, solved);
    const cheer = toast.show(answer.events); // W24: the engine awards achievements with the move
    if (cheer) ctx.announce(cheer);
    const said = moveWords(words, method, state.view);
    if (said) ctx.announce(said);
    lesson?.heard(heardOf(answer.events));
    if (state.screen !== "game") return; // the player left the game screen while it was asked
    if (!answer.events.some((/** @type {any} */ e) => e.type === "pickup")) { played(answer, banked); return; }
    state.animating = true;
    render();
    const base = { ...baseFrame(state, state.view, words), chosen: null };
    player.play(before.bowls, answer.events, { reduced: ctx.reducedMotion(), base }).then((finished) => {
      if (!finished) return;
      state.animating = false;
      played(answer, banked);
    });
  }

  /** The move is drawn; the end card if it ended the attempt. @param {any} answer @param {Promise<any>} banked */
  function played(answer, banked) {
    refresh();
    feelings.after(answer.events, state.view);
    tipSpecials(ctx, state.view, game.ring.node);
    if (state.view.over) showOver(answer, banked);
  }

  // ----- a replay (issue 16): the kit's bar steps the engine, the page draws each step ------
  /** One step, drawn like a move's answer (sowing animated when it moved forward); nothing stored, no card. @param {Bowls.View} view @param {any[]} events */
  function showStep(view, events) {
    const before = state.view;
    finishAnimation();
    state.view = view;
    state.chosen = null;
    state.screen = "game";
    const forward = before && view.moves > before.moves && events.some((e) => e.type === "pickup");
    if (!forward) { render(); feelings.after(events, view); return; }
    state.animating = true;
    render();
    player.play(before.bowls, events, { reduced: ctx.reducedMotion(), base: { ...baseFrame(state, view, words), chosen: null } }).then((finished) => {
      if (!finished) return;
      state.animating = false;
      render();
      feelings.after(events, view);
    });
  }

  /** The deal of the route (a challenge or daily link), once the stored attempts are loaded: the kit asks before it replaces one in play. */
  async function startFromRoute() {
    const payload = await ctx.club.startPayload();
    if (payload && !session.gone()) await attempts.start(payload);
  }

  // ----- keyboard (W22) ------------------------------------------------------------------
  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (session.gone() || root.inert || ctx.replay || state.screen !== "game" || state.card) return;
    const tag = /** @type {HTMLElement | null} */ (e.target)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if ((key === "u" && !ctrl && !e.altKey) || (ctrl && key === "z" && !e.shiftKey)) { e.preventDefault(); undo(); return; }
    if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) { e.preventDefault(); redo(); return; }
    if (ctrl || e.altKey) return;
    if (key === "h") asks.hint();
    else if (key === "ArrowRight" || key === "ArrowDown") { e.preventDefault(); step(1); }
    else if (key === "ArrowLeft" || key === "ArrowUp") { e.preventDefault(); step(-1); }
    else if (key === "Enter" && tag !== "BUTTON" && tag !== "A") { e.preventDefault(); sow(state.chosen); }
  }

  // ----- two tabs (P10) -------------------------------------------------------------------
  // Another tab stored a run: adopted after the operations asked before (the session's serial).
  /** @param {string} item @param {string} text */
  async function adoptExternal(item, text) {
    if (item !== "run" || store.get("run") !== text) return; // a newer one came meanwhile: its own turn adopts it
    moved();
    const view = await session.load("run"); // a corrupt one is moved aside with a notice
    if (!view || session.gone()) return;
    state.view = view;
    state.chosen = null;
    moved();
    ctx.notice(t("bowls.otherTab"));
    if (state.screen === "game") await showGame();
  }

  // ----- start ---------------------------------------------------------------------------
  async function boot() {
    if (ctx.lesson) { await bootLesson(); return; }
    if (ctx.replay) { await bootReplay(); return; }
    const view = await attempts.loadStored();
    try {
      setTheme((await engine.call("themes", {})).theme); // the one the engine's profile names
    } catch (error) {
      session.report(error);
    }
    state.view = view;
    if (view) ctx.keepView(view); // the engine's own view from now on
    else store.remove("view");
    if (view && !view.over) await showGame();
    else { await attempts.recordIfOver(); await showModes(); }
    ctx.painted();
  }

  // Issue 16: a replay, no attempt loaded (the theme stays the stored one's); the controls are hidden (bowls.css).
  async function bootReplay() {
    root.dataset.replay = "1";
    await ctx.club.openReplay(root, { show: showStep });
    ctx.painted();
  }

  // Issue 15: the first lesson, on the engine's position in a session beside the run.
  async function bootLesson() {
    state.view = await engine.call("lesson", {});
    await showGame();
    lesson = createLesson(root, ctx, lessonSteps(game.ring.node, () => root.querySelector(".bw-sow")));
    ctx.painted();
  }

  const theme = ctx.storedView("theme")?.theme;
  if (typeof theme === "string") applyTheme(root, theme);
  // Issue 13: the view stored beside the run, drawn at once (only drawn: the page is
  // inert until the engine has loaded the run and the input is wired).
  const stored = ctx.storedView();
  if (!ctx.replay && stored && !stored.over && typeof stored.capacity === "number" && store.get("run") !== null) {
    try {
      state.view = stored;
      await showGame(true);
      ctx.painted();
    } catch (error) {
      console.error(error); // a stored view that does not draw is simply not drawn
      state.view = null;
      state.screen = null;
      render();
    }
  }
  // The first operation of the page: anything asked meanwhile waits for it; a failed
  // start fails the mount (the app says so).
  let failure = null;
  await session.serial(async () => {
    try { await boot(); } catch (error) { failure = error; }
  });
  if (failure) { session.close(); throw failure; }
  document.addEventListener("keydown", onKey);
  if (!ctx.lesson && !ctx.replay) startFromRoute().catch(session.report);
  // The app makes the page live right after mount: then focus lands where the screen puts it.
  session.later(() => {
    if (root.inert || (document.activeElement && document.activeElement !== document.body)) return;
    if (state.screen === "game") game.ring.focusBowl(focusTarget(state, state.view));
    else /** @type {HTMLElement | null} */ (modes.querySelector(".bw-continue, .bw-start"))?.focus({ preventScroll: true });
  }, 0);

  return {
    unmount() {
      moved(); // a hint still searching is stopped
      session.close();
      player.cancel();
      juice.destroy();
      lesson?.destroy();
      fitter.disconnect();
      window.removeEventListener("resize", game.fit);
      document.removeEventListener("keydown", onKey);
    },
  };
}
