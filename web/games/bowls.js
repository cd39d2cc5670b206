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
import { html } from "../svg.js";
import { openDialog } from "../kit/dialog.js";
import { createSession } from "../kit/session.js";
import { randomSeed } from "../kit/seed.js";
import { createPlayer } from "./bowls/animate.js";
import { baseFrame, bowlLabel, createGame, focusTarget, hintKey } from "./bowls/game.js";
import { modeName } from "./bowls/hud.js";
import { puzzleOverCard, renderGrid } from "./bowls/puzzles.js";
import { discardCard, endCard, overCard, renderModeScreen, settingsCard } from "./bowls/screens.js";
import { applyTheme, createToast, ensureDefs, renderGallery } from "./bowls/themes.js";

/** @typedef {import("../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("../kit/dialog.js").DialogOptions} DialogOptions */
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

const PARKED = (/** @type {string} */ mode) => `run-${mode}`;
const PARKING = ["endless", "daily", "puzzle"]; // the modes with attempts of their own
/** @type {Record<string, string>} */
const REFUSAL_WORDS = { empty: "bowls.say.empty", ice: "bowls.say.iced" };
const NO_HINT = /** @type {HintState} */ ({ key: "", asking: false, message: "", bowl: null });

const todayUtc = () => new Date().toISOString().slice(0, 10); // W20: the UTC date

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
  const game = createGame(root, words, {
    bowl: clickBowl, bowlKey, sow: () => sow(state.chosen), undo, redo, pause, end: confirmEnd, settings: openSettings,
    hint: askHint, restart: () => startPuzzle(state.view?.puzzle?.id ?? 0), list: showGrid,
  });
  const gridScreen = html("section", { class: "bwp-grid-screen", "aria-labelledby": "bwp-grid-title" }, root);
  const toast = createToast(root, t, session.later);
  const player = createPlayer(game.ring, { popup: showPopup });
  const modeActions = { start: askStart, resume, play: startPuzzle, list: showGrid, gallery: openGallery, settings: openSettings };
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
    askForecast();
    render();
  }

  // ----- the forecast (W23): a preview, latest wins ------------------------------------
  function askForecast() {
    const view = state.view;
    const fresh = session.ticket("forecast");
    if (!state.prefs.forecast || state.chosen === null || !view || view.over) { state.forecast = null; return; }
    const key = `${view.position}|${state.chosen}`;
    if (state.forecastSeen?.key === key) { state.forecast = state.forecastSeen.text; return; }
    state.forecast = null; // never the line of another bowl meanwhile
    engine.call("forecast", { bowl: state.chosen }).then((/** @type {Bowls.Forecast} */ answer) => {
      if (!fresh() || state.view !== view) return;
      state.forecastSeen = { key, text: forecastWords(answer.line) };
      state.forecast = state.forecastSeen.text;
      render();
    }, session.report);
  }

  /** The sow step's own player phase in words. @param {Bowls.ForecastLine | null} f */
  function forecastWords(f) {
    if (!f) return null;
    let text;
    if (f.overflow) text = t("bowls.forecast.overflow");
    else if (f.combo === 0) text = t("bowls.forecast.none");
    else text = t("bowls.forecast.line", { count: f.combo, mult: f.multiplier, points: words.number(f.points) });
    return f.perfect ? `${text} ${t("bowls.forecast.perfect")}` : text;
  }

  // ----- the hint (W18): a query searched in the worker, beside the queue ------------------
  // The attempt on screen changes (or is about to): a hint asked for it is dropped and stopped.
  function moved() {
    session.ticket("hint");
    if (state.hint.asking) engine.cancel().catch(session.report);
    state.hint = NO_HINT;
  }

  async function askHint() {
    const view = state.view;
    if (state.screen !== "game" || !view?.puzzle || view.over || state.hint.asking) return;
    const fresh = session.ticket("hint");
    state.hint = { key: hintKey(view), asking: true, message: t("bowls.puzzle.panel.thinking"), bowl: null };
    render();
    let answer = null;
    try {
      answer = await engine.query("hint", {});
    } catch (error) {
      session.report(error); // a hint a move cancelled is not an error
    }
    if (!fresh() || state.view !== view) return; // asked for an older position: dropped
    const bowl = answer?.bowl ?? null;
    let message = "";
    if (answer && bowl === null) message = t(answer.reason === "no-solution" ? "bowls.puzzle.panel.hintNone" : "bowls.puzzle.panel.hintGiveUp");
    else if (answer) message = t("bowls.puzzle.panel.hintIs", { n: bowl + 1 });
    state.hint = { key: hintKey(view), asking: false, message, bowl };
    if (bowl !== null && state.chosen !== bowl) choose(bowl, false);
    else render();
    if (message) ctx.announce(message);
  }

  // ----- cards ------------------------------------------------------------------------
  /** @param {DialogOptions} options */
  function openCard(options) {
    closeCard();
    const card = openDialog(root, {
      ...options,
      onClose: (reason) => { if (state.card === card) state.card = null; options.onClose?.(reason); },
    });
    state.card = card;
    return card;
  }

  function closeCard() {
    const card = state.card;
    state.card = null;
    card?.close();
  }

  /** @param {any} outcome the answer of the action that ended the attempt */
  function showOver(outcome) {
    const view = state.view;
    const returnFocus = /** @type {HTMLElement | null} */ (/** @type {unknown} */ (game.ring.node(focusTarget(state, view))));
    if (view.mode === "puzzle" && view.puzzle) {
      const on = { play: startPuzzle, undo, list: showGrid };
      openCard({ ...puzzleOverCard(view, state.solved.get(view.puzzle.id), t, on), returnFocus });
      return;
    }
    const again = () => start(view.mode === "daily" ? { mode: "daily", date: todayUtc() } : { mode: view.mode });
    openCard({ ...overCard(view, outcome, words, { again, undo, modes: pause }), returnFocus });
  }

  function confirmEnd() {
    if (state.view && !state.view.over) openCard(endCard(state.view, words, () => move("end", {})));
  }

  function openSettings() {
    openCard(settingsCard(state.prefs, words, (forecast) => {
      state.prefs = { ...state.prefs, forecast };
      store.set("prefs", JSON.stringify(state.prefs));
      state.forecastSeen = null;
      if (state.screen === "game") refresh();
    }));
  }

  // The themes and achievements (W24): after the operations asked before (a move may change them).
  function openGallery() {
    session.serial(async () => {
      const awards = await engine.call("themes", {});
      if (session.gone() || state.card) return; // a second click
      const body = html("div", { class: "bwt-gallery-body" });
      const card = openCard({
        title: t("bowls.gallery.title"), lines: [body], cls: "bw-overlay bwt-gallery-card",
        buttons: [{ label: t("bowls.gallery.close"), primary: true, cls: "bwt-close" }],
      });
      const use = (/** @type {string} */ name) => session.serial(() => useTheme(name, body, use, card));
      renderGallery(body, awards, t, use);
      topOf(card);
    });
  }

  /** Start at the top of a long card, not at its Close button. @param {Dialog} card */
  function topOf(card) {
    const heading = /** @type {HTMLElement} */ (card.node.querySelector("h2"));
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    card.node.scrollTop = 0;
  }

  /** @param {string} name @param {HTMLElement} body @param {(name: string) => void} use @param {Dialog} card */
  async function useTheme(name, body, use, card) {
    const answer = await engine.call("set_theme", { theme: name });
    if (!answer.accepted || session.gone()) return;
    if (answer.profile) { store.set("profile", answer.profile); await readProfile(answer.profile); }
    const awards = await engine.call("themes", {});
    setTheme(awards.theme);
    if (state.screen === "modes") renderModeScreen(modes, await modeData(), words, modeActions); // behind the card
    if (!card.isOpen()) return;
    renderGallery(body, awards, t, use);
    topOf(card);
    ctx.announce(`${t(`bowls.theme.${name}`)}: ${t("bowls.gallery.inUse")}`);
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
    const unfinished = Object.fromEntries(PARKING.map((mode) => [mode, unfinishedOf(mode)]));
    return { profile: state.profile ?? { best: {}, daily: {} }, today: todayUtc(), unfinished, grid, awards };
  }

  async function showModes() {
    finishAnimation();
    closeCard();
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
      renderGrid(gridScreen, grid, t, { back: pause, play: startPuzzle });
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
    if (state.view.over) {
      const outcome = await recordIfOver();
      if (!session.gone()) showOver(outcome);
    }
  }

  // ----- attempts -----------------------------------------------------------------------
  /** @param {string} mode */
  function unfinishedOf(mode) {
    const view = state.view;
    if (view && view.mode === mode && !view.over) return view;
    return state.parked[mode]?.view ?? null;
  }

  /** The attempt on screen is kept aside while another mode is played (W25). @param {string} nextMode */
  async function parkCurrent(nextMode) {
    const view = state.view;
    if (!view || view.over || view.mode === nextMode) return;
    const text = await engine.call("save", {});
    store.set(PARKED(view.mode), text);
    state.parked[view.mode] = { text, view };
  }

  /** The attempt the engine now holds goes on screen. @param {Bowls.View} view @param {string} save */
  async function takeAttempt(view, save) {
    if (session.gone()) return;
    state.view = view;
    state.chosen = null;
    moved();
    session.keep({ accepted: true, save, view });
    await showGame();
  }

  /** A new attempt replaces the mode's unfinished one: asked first. @param {Record<string, any>} payload */
  function askStart(payload) {
    const going = unfinishedOf(payload.mode);
    if (going) openCard(discardCard(going, words, () => start(payload)));
    else start(payload);
  }

  /** @param {Record<string, any>} payload the engine's `new` payload */
  function start(payload) {
    moved();
    return session.serial(async () => {
      await parkCurrent(payload.mode);
      const view = await engine.call("new", { seed: randomSeed(), ...payload });
      store.remove(PARKED(view.mode));
      delete state.parked[view.mode];
      await takeAttempt(view, await engine.call("save", {}));
      ctx.announce(t("bowls.say.started", { mode: modeName(t, view) }));
    });
  }

  /** @param {number} id */
  function startPuzzle(id) {
    if (!id) return undefined;
    moved();
    return session.serial(async () => {
      await parkCurrent("puzzle");
      const view = await engine.call("puzzle_new", { puzzle: id });
      await takeAttempt(view, await engine.call("save", {}));
    });
  }

  /** @param {string} mode */
  function resume(mode) {
    moved();
    return session.serial(async () => {
      if (state.view && state.view.mode === mode && !state.view.over) { await showGame(); return; }
      const entry = state.parked[mode];
      if (!entry) return;
      await parkCurrent(mode);
      const view = await engine.call("load", { save: entry.text });
      store.remove(PARKED(mode));
      delete state.parked[mode];
      await takeAttempt(view, entry.text);
    });
  }

  /** The profile an answer carries, as the engine reads it. @param {string | null | undefined} text */
  async function readProfile(text) {
    if (text) state.profile = await engine.call("load_profile", { profile: text });
  }

  // The engine banks an attempt with the action that ends it (W25); one loaded from a save
  // written before that is banked here.
  async function recordIfOver() {
    if (!state.view?.over || state.view.recorded) return null;
    const answer = await engine.call("record", {});
    if (!answer.accepted || session.gone()) return null;
    state.view = answer.view;
    session.keep(answer);
    await readProfile(answer.profile);
    return answer;
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
    if (announce) ctx.announce(bowlLabel(words, state.view.bowls[b], b));
  }

  /** @param {number} b */
  function clickBowl(b) {
    if (!live()) return;
    const refusal = state.view.bowls[b].refusal; // the engine's reason (W5): empty, ice
    if (refusal) ctx.announce(t(REFUSAL_WORDS[refusal] ?? "bowls.reason.refused", { n: b + 1 }));
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
    if (!state.animating) return;
    player.cancel();
    state.animating = false;
    render();
  }

  /** A move: asked now, applied after the operations asked before it. @param {string} method @param {Record<string, any>} payload */
  function move(method, payload) {
    moved();
    return session.serial(() => { finishAnimation(); return act(method, payload); });
  }

  /** @param {number | null} b */
  function sow(b) {
    if (b === null || !state.view) return;
    state.chosen = null; // a sow spends the choice: a quick second click on that bowl chooses, it never sows twice
    move("sow", { bowl: b });
  }

  function undo() { closeCard(); move("undo", {}); }
  function redo() { move("redo", {}); }

  /** @param {string} method @param {Record<string, any>} payload */
  async function act(method, payload) {
    const before = state.view;
    const answer = await engine.call(method, payload);
    if (session.gone()) return;
    if (!answer.accepted) {
      const key = `bowls.reason.${answer.reason ?? "refused"}`;
      const said = t(key, { n: (payload.bowl ?? 0) + 1 });
      ctx.announce(said === key ? t("bowls.reason.refused") : said); // never read a raw key out
      return;
    }
    state.view = answer.view;
    moved();
    if (!session.keep(answer)) return; // another tab's newer run: adopted next
    await readProfile(answer.profile); // a banked attempt, an achievement (W24, W25)
    if (session.gone()) return;
    state.forecastSeen = null;
    const solved = answer.events.find((/** @type {any} */ e) => e.type === "puzzle_solved");
    if (solved && answer.view.puzzle) state.solved.set(answer.view.puzzle.id, solved);
    const cheer = toast.show(answer.events); // W24: the engine awards achievements with the move
    if (cheer) ctx.announce(cheer);
    announceMove(method);
    if (state.screen !== "game") return; // the player left the game screen while it was asked
    if (!answer.events.some((/** @type {any} */ e) => e.type === "pickup")) { played(answer); return; }
    state.animating = true;
    render();
    const base = { ...baseFrame(state, state.view, words), chosen: null };
    player.play(before.bowls, answer.events, { reduced: ctx.reducedMotion(), base }).then((finished) => {
      if (!finished) return;
      state.animating = false;
      played(answer);
    });
  }

  /** The move is drawn; the end card if it ended the attempt. @param {any} answer */
  function played(answer) {
    refresh();
    if (state.view.over) showOver(answer);
  }

  /** @param {string} method */
  function announceMove(method) {
    const view = state.view;
    const score = words.number(view.score);
    if (method === "undo") { ctx.announce(t("bowls.say.undone", { score })); return; }
    if (method === "end") return;
    const last = view.last ?? { points: 0, combo: 0, perfect: false, multiplier: 0 };
    const parts = [last.points > 0 ? t("bowls.say.points", { points: words.number(last.points), mult: last.multiplier }) : t("bowls.say.noMatch")];
    if (last.perfect) parts.push(t("bowls.say.perfect"));
    parts.push(t("bowls.say.score", { score }));
    if (view.over) parts.push(overWords(view));
    ctx.announce(parts.join(" "));
  }

  // The end in words: the move count is the attempt's own (a puzzle's limit, Daily's).
  /** @param {Bowls.View} view */
  function overWords(view) {
    const count = view.status === "limit" ? view.limit ?? view.moves : view.moves;
    const score = words.number(view.score);
    const key = `bowls.say.over.${view.status}`;
    const said = t(key, { score, count });
    return said === key ? t("bowls.say.over.ended", { score }) : said;
  }

  /** @param {any} e a points or perfect event */
  function showPopup(e) {
    if (e.type === "perfect") game.ring.popup(t("bowls.perfect"), "perfect");
    else if (e.phase === "refill") game.ring.popup(`+${e.points}`, "refill");
    else game.ring.popup(e.multiplier > 1 ? `+${e.points} ×${e.multiplier}` : `+${e.points}`, "points");
  }

  // ----- keyboard (W22) ------------------------------------------------------------------
  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (session.gone() || root.inert || state.screen !== "game" || state.card) return;
    const tag = /** @type {HTMLElement | null} */ (e.target)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if ((key === "u" && !ctrl && !e.altKey) || (ctrl && key === "z" && !e.shiftKey)) { e.preventDefault(); undo(); return; }
    if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) { e.preventDefault(); redo(); return; }
    if (ctrl || e.altKey) return;
    if (key === "h") askHint();
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
  // What the engine must read before the page can show anything live.
  async function loadStored() {
    state.profile = await session.load("profile", "load_profile", "profile");
    for (const mode of PARKING) {
      const text = store.get(PARKED(mode));
      if (text === null) continue;
      const view = await session.load(PARKED(mode));
      if (view && !view.over && view.mode === mode) state.parked[mode] = { text, view };
      else if (view) store.remove(PARKED(mode));
    }
    return session.load("run");
  }

  async function boot() {
    let view = await loadStored();
    try {
      setTheme((await engine.call("themes", {})).theme); // the one the engine's profile names
    } catch (error) {
      session.report(error);
    }
    // Parked attempts were loaded through the engine: the one on screen goes back.
    if (view) view = await engine.call("load", { save: store.get("run") });
    state.view = view;
    if (view) ctx.keepView(view); // the engine's own view from now on
    else store.remove("view");
    if (view && !view.over) await showGame();
    else { await recordIfOver(); await showModes(); }
    ctx.painted();
  }

  const theme = ctx.storedView("theme")?.theme;
  if (typeof theme === "string") applyTheme(root, theme);
  // Issue 13: the view stored beside the run, drawn at once (only drawn: the page is
  // inert until the engine has loaded the run and the input is wired).
  const stored = ctx.storedView();
  if (stored && !stored.over && typeof stored.capacity === "number" && store.get("run") !== null) {
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
  // The app makes the page live right after mount: then focus lands where the screen puts it.
  session.later(() => {
    if (root.inert || (document.activeElement && document.activeElement !== document.body)) return;
    if (state.screen === "game") game.ring.focusBowl(focusTarget(state, state.view));
    else /** @type {HTMLElement | null} */ (modes.querySelector(".bw-continue, .bw-start"))?.focus({ preventScroll: true });
  }, 0);

  return {
    unmount() {
      if (state.hint.asking) engine.cancel().catch(session.report);
      session.close();
      player.cancel();
      fitter.disconnect();
      window.removeEventListener("resize", game.fit);
      document.removeEventListener("keydown", onKey);
    },
  };
}
