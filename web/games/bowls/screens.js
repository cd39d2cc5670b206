// The screens of the bowls page and the way between them: the mode screen
// (Endless, Daily with its date, Puzzles, the theme gallery) drawn from what
// it is handed (the engine's profile, grid and awards, the parked attempts),
// the puzzle grid, the game screen with its end card, and the settings and
// themes they open. Every number and every award is the engine's.
import { html } from "../../svg.js";
import { modeOf, PARKING } from "./attempts.js";
import { dayOf } from "./hud.js";
import { showTips } from "./lesson.js";
import { puzzleCard, renderGrid } from "./puzzles.js";
import { focusTarget } from "./render.js";
import { applyTheme } from "./themes.js";
import { themesCard } from "./themes.js";
import { shownView } from "./state.js";

/**
 * What the screens read of the bowls page's context, and hand the tips.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "store" | "club" | "t" | "keepView"> & import("./lesson.js").TipsContext} ScreensContext
 */

/** @typedef {import("./hud.js").Words} Words */

/**
 * @typedef {object} ModeButton
 * @property {string} label
 * @property {string} cls
 * @property {boolean} primary
 * @property {() => void} action
 */

/**
 * One card of the mode screen.
 * @typedef {object} ModeCard
 * @property {string} id the mode (data-mode, bw-mode-<id>)
 * @property {string} title
 * @property {string} sub
 * @property {string} best
 * @property {ModeButton[]} buttons
 */

/**
 * What the mode screen shows (the page gathers it from the engine first).
 * @typedef {object} ModeScreenData
 * @property {{best?: Record<string, number>, daily?: Record<string, number>}} profile the engine's reading of it
 * @property {string} today the UTC date (W20), the Daily Club's
 * @property {Record<string, Bowls.View | null>} unfinished each mode's unfinished attempt
 * @property {Bowls.Grid} grid
 * @property {Bowls.Awards} awards
 */

/**
 * @typedef {object} ModeScreenActions
 * @property {(payload: Record<string, any>) => void} start a new attempt (the engine's `new` payload)
 * @property {(mode: string) => void} resume
 * @property {(id: number) => void} play a puzzle
 * @property {() => void} list the puzzle grid
 * @property {() => void} gallery
 * @property {() => void} settings
 * @property {() => void} workshop the Puzzle Workshop's editor (W28)
 */

/** @param {HTMLElement} list @param {ModeCard} card */
function modeCard(list, { id, title, sub, best, buttons }) {
  const item = html("li", { class: `bw-mode bw-mode-${id}`, "data-mode": id }, list);
  html("h2", {}, item, title);
  html("p", { class: "bw-mode-sub" }, item, sub);
  html("p", { class: "bw-mode-best" }, item, best);
  const row = html("div", { class: "bw-mode-buttons" }, item);
  for (const b of buttons) {
    html("button", { class: `btn${b.primary ? " primary" : ""} ${b.cls}`, type: "button" }, row, b.label).addEventListener(
      "click",
      b.action,
    );
  }
}

/** @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on @returns {ModeCard} */
function endlessCard(data, { t, number }, on) {
  const going = data.unfinished.endless;
  const best = data.profile.best?.endless;
  return {
    id: "endless",
    title: t("bowls.mode.endless"),
    sub: t("bowls.endlessPitch"),
    best: best === undefined || best === null ? t("bowls.noBest") : t("bowls.bestIs", { score: number(best) }),
    buttons: [
      ...(going ? [{ label: t("bowls.continue"), primary: true, cls: "bw-continue", action: () => on.resume("endless") }] : []),
      { label: t("bowls.newAttempt"), primary: !going, cls: "bw-start", action: () => on.start({ mode: "endless" }) },
    ],
  };
}

/** @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on @returns {ModeCard} */
function dailyCard(data, words, on) {
  const { t, number } = words;
  const { today } = data;
  const going = data.unfinished.daily;
  const best = data.profile.daily?.[today];
  const resume = going && {
    label: going.date === today ? t("bowls.continue") : t("bowls.continueFrom", { date: dayOf(words, going.date) }),
    primary: true,
    cls: "bw-continue",
    action: () => on.resume("daily"),
  };
  return {
    id: "daily",
    title: t("bowls.mode.daily"),
    sub: t("bowls.dailyPitch", { date: dayOf(words, today) }),
    best: best === undefined ? t("bowls.noDailyBest") : t("bowls.dailyBestIs", { score: number(best) }),
    buttons: [
      ...(resume ? [resume] : []),
      {
        label: best === undefined ? t("bowls.playToday") : t("bowls.replayToday"),
        primary: !going,
        cls: "bw-start",
        action: () => on.start({ daily: today }),
      }, // the Daily Club's daily of that date
    ],
  };
}

/**
 * The Puzzle Workshop's card (W28): its editor, and its unfinished attempt.
 * @param {Bowls.View | null} going @param {Words["t"]} t @param {ModeScreenActions} on @returns {ModeCard}
 */
function workshopCard(going, t, on) {
  return {
    id: "workshop",
    title: t("bowls.workshop.title"),
    sub: t("bowls.workshop.pitch"),
    best: going?.workshop ? going.workshop.title || t("bowls.workshop.untitled") : "",
    buttons: [
      ...(going ? [{ label: t("bowls.continue"), primary: true, cls: "bw-continue", action: () => on.resume("workshop") }] : []),
      { label: t("bowls.workshop.open"), primary: !going, cls: "bww-open", action: on.workshop },
    ],
  };
}

/**
 * The mode screen, built aside and put in place whole.
 * @param {HTMLElement} target @param {ModeScreenData} data @param {Words} words @param {ModeScreenActions} on
 */
export function renderModeScreen(target, data, words, on) {
  const { t } = words;
  const container = document.createDocumentFragment();
  html("h1", { class: "bw-modes-title" }, container, t("bowls.title"));
  html("p", { class: "bw-modes-lead" }, container, t("bowls.tagline"));
  const list = html("ul", { class: "bw-modes" }, container);
  const cards = [
    endlessCard(data, words, on),
    dailyCard(data, words, on),
    puzzleCard(data.grid, data.unfinished.puzzle, t, { resume: () => on.resume("puzzle"), play: on.play, list: on.list }),
    workshopCard(data.unfinished.workshop, t, on),
    themesCard(data.awards, t, on.gallery),
  ];
  for (const card of cards) modeCard(list, card);
  const links = html("p", { class: "bw-modes-links" }, container);
  html("a", { class: "btn", href: "#/rules/bowls" }, links, t("bowls.rules"));
  html("button", { class: "btn bw-settings", type: "button" }, links, t("bowls.settings")).addEventListener("click", on.settings);
  target.replaceChildren(container);
}

/**
 * @typedef {object} ScreenDeps
 * @property {ScreensContext} ctx
 * @property {import("../../kit/page.js").Page<Bowls.Calls>} page
 * @property {import("./state.js").State} state
 * @property {import("./render.js").Parts} parts
 * @property {import("./hud.js").Words} words
 * @property {ReturnType<typeof import("./attempts.js").createAttempts>} attempts
 * @property {ReturnType<typeof import("./cards.js").createCards>} cards
 * @property {() => ReturnType<typeof import("./play.js").createPlay>} play
 * @property {() => void} moved the attempt on screen is about to change (a hint asked for it is dropped)
 * @property {() => void} workshop the Puzzle Workshop's editor (W28)
 */

/** @param {ScreenDeps} deps */
export function createScreens({ ctx, page, state, parts, words, attempts, cards, play, moved, workshop }) {
  const { engine, store } = ctx;
  const { modes, game, grid } = parts;
  /** @type {ModeScreenActions} */
  const actions = {
    start: (payload) => cards.askStart(attempts.unfinishedOf(modeOf(payload) ?? ""), payload),
    resume: attempts.resume,
    play: attempts.startPuzzle,
    list: showGrid,
    gallery: openGallery,
    settings: cards.openSettings,
    workshop,
  };

  async function modeData() {
    const puzzles = await engine.call("puzzles", {});
    const awards = await engine.call("themes", {});
    const unfinished = Object.fromEntries(PARKING.map((mode) => [mode, attempts.unfinishedOf(mode)]));
    const { date } = await ctx.club.today(); // W20: the UTC date, the Daily Club's
    return { profile: state.profile ?? { best: {}, daily: {} }, today: date, unfinished, grid: puzzles, awards };
  }

  async function showModes() {
    play().finishAnimation();
    cards.close();
    const data = await modeData();
    if (page.gone()) return;
    renderModeScreen(modes, data, words, actions); // built aside, then shown whole
    state.screen = "modes";
    page.paintNow(); // shown before it takes the focus
    /** @type {HTMLElement | null} */ (modes.querySelector(".bw-continue, .bw-start"))?.focus({ preventScroll: true });
  }

  // An attempt over is left for good on the way to the mode screen or the puzzle grid: a reload shows
  // that screen, not its end card again (which it shows until then, P4).
  function leaveOver() {
    if (!state.view?.over) return;
    page.forget("run", "view");
  }

  // Pause (and every way back to the mode screen): after the operations asked before it.
  function pause() {
    moved();
    return page.serial(() => {
      leaveOver();
      return showModes();
    });
  }

  function showGrid() {
    moved();
    page.serial(async () => {
      leaveOver();
      const puzzles = await engine.call("puzzles", {});
      if (page.gone()) return;
      renderGrid(grid, puzzles, ctx.t, { back: pause, play: attempts.startPuzzle });
      state.screen = "puzzles";
      page.paintNow(); // shown before it takes the focus
      const focus = /** @type {HTMLElement | null} */ (grid.querySelector(".bwp-cell.next") ?? grid.querySelector(".bwp-cell"));
      focus?.focus({ preventScroll: false });
      focus?.scrollIntoView?.({ block: "center" });
    });
  }

  /** `early`: the stored view, drawn before the engine is ready (no focus, nothing banked). */
  async function showGame(early = false) {
    if (state.screen !== "game") window.scrollTo(0, 0); // from another screen: start at the title
    state.screen = "game";
    play().refresh();
    if (early) return;
    page.paintNow(); // the ring shown before it takes the focus
    const view = shownView(state);
    game.ring.focusBowl(focusTarget(state, view));
    showTips(ctx, view, game.ring.node);
    if (view.over) {
      await attempts.recordIfOver(); // the view then says whether it raised a best (W25)
      if (!page.gone()) showOver();
    }
  }

  /** The end card, focus back on the ring when it closes. */
  function showOver() {
    cards.showOver(/** @type {HTMLElement | null} */ (/** @type {unknown} */ (game.ring.node(focusTarget(state, shownView(state))))));
  }

  /** Today's daily (the Daily Club's date): a new attempt of it, asked first if one is unfinished. */
  function startDaily() {
    ctx.club.today().then((/** @type {{date: string}} */ today) => {
      if (!page.gone()) cards.askStart(attempts.unfinishedOf("daily"), { daily: today.date });
    }, page.report);
  }

  /** The forecast line (W23) on or off, a preference of the page. @param {boolean} forecast */
  function setForecast(forecast) {
    state.prefs = { ...state.prefs, forecast };
    store.set("prefs", JSON.stringify(state.prefs));
    if (state.screen === "game") play().refresh();
  }

  // The gallery, after the operations asked before (a move may have earned a theme).
  function openGallery() {
    page.serial(async () => {
      const awards = await engine.call("themes", {});
      if (!page.gone()) cards.openGallery(awards);
    });
  }

  /** A theme chosen in the gallery (inside the page's serial). @param {string} name */
  async function useTheme(name) {
    const answer = await engine.call("set_theme", { theme: name });
    if (!answer.accepted || page.gone()) return null;
    if (answer.profile) {
      store.set("profile", answer.profile);
      await attempts.readProfile(answer.profile);
    }
    const awards = await engine.call("themes", {});
    setTheme(awards.theme);
    if (state.screen === "modes") renderModeScreen(modes, await modeData(), words, actions); // behind the card
    return awards;
  }

  /** A theme the engine named (W24). @param {string} name */
  function setTheme(name) {
    applyTheme(parts.root, name);
    ctx.keepView({ theme: name }, "theme"); // for the first paint of the next visit
  }

  return { showModes, pause, showGrid, showGame, showOver, startDaily, setForecast, openGallery, useTheme, setTheme };
}
