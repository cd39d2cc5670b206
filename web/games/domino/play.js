// The phases of a Domino Drop run on the page (D15-D18): a run launched from
// the engine (`new`, a link's deal, the lesson's position), shown in play or
// paused under the pause card, ended with its end card, thrown away for the
// start screen, and another tab's run adopted paused (P10). Storage goes
// through the kit's page object; the moves and the time are the frame path's
// (frames.js), a turn's animation anim.js's.
import { randomSeed } from "../../kit/seed.js";
import { html } from "../../svg.js";
import { askNewGame, overCard, pauseCard } from "./cards.js";
import { showTips } from "./lesson.js";
import { readChoice } from "./screens.js";
import { spawnSaid } from "./speech.js";
import { overSaid, overTitle, startSaid } from "./words.js";

/**
 * What the actions read of the domino page's context, and hand the tips.
 * @typedef {Pick<import("../../app.js").GameContext<Domino.Calls>, "engine" | "store" | "t" | "number" | "keepView" | "lesson" | "announce" | "reducedMotion"
 *   | "notice" | "settings" | "feel"> & import("./lesson.js").TipsContext} PlayContext
 */

/** @typedef {import("../../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("./frames.js").Answer} Answer */
/** @typedef {import("./frames.js").Turned} Turned */
/** @typedef {{ view: Domino.View, profile: string | null }} Ended what a run's end shows: its final view, its profile when banking changed it */

/**
 * @typedef {object} PlayDeps
 * @property {PlayContext} ctx
 * @property {import("../../kit/mount.js").Kit<Domino.Calls>} kit
 * @property {import("./state.js").State} state
 * @property {import("./render.js").Parts} parts
 * @property {ReturnType<typeof import("./frames.js").createFrames>} frames
 * @property {() => { reset: () => void } | null} input the input, once wired
 */

/**
 * The run kept: its save (the play clock told), the records, nothing once it is thrown away.
 * @param {{ctx: PlayContext, page: import("../../kit/page.js").Page<Domino.Calls>, state: import("./state.js").State,
 *   parts: import("./render.js").Parts, frames: PlayDeps["frames"]}} deps
 */
function createKeep({ ctx, page, state, parts, frames }) {
  const { engine } = ctx;

  function forgetRun() {
    page.forget("run", "view");
  }

  /** @param {import("./screens.js").Profile} profile */
  function keepProfile(profile) {
    state.profile = profile;
    parts.start.update(profile); // the records on the start screen, shown or not
    ctx.keepView(profile, "records"); // the start screen's records, shown at once next time
  }

  /** An answer's save stored (and view, profile): the play clock learns the save holds the time sent before `mark`. @param {Answer | Turned} answer @param {number} mark */
  function keepAnswer(answer, mark) {
    if (page.keep(/** @type {Answer} */ (answer)) && typeof answer.save === "string") frames.saved(mark);
  }

  /** The engine's save and view now, stored even after unmount (the run is kept). @returns {Promise<Domino.View | null>} */
  async function saveNow() {
    const mark = frames.mark();
    try {
      const [save, view] = await Promise.all([engine.call("save", {}), engine.call("view", {})]);
      if (page.keep({ accepted: true, save, view })) frames.saved(mark);
      return view;
    } catch (error) {
      page.report(error);
      return state.view;
    }
  }

  return { forgetRun, keepProfile, keepAnswer, saveNow };
}

/**
 * The pause card and the way out of it (D18): pause at once, resume, or New game after a question.
 * @param {PlayDeps & {saveNow: () => Promise<Domino.View | null>, leave: () => void}} deps `leave`: the run is
 *   thrown away for the start screen
 */
function createPause({ ctx, kit, state, parts, frames, input, saveNow, leave }) {
  const { t } = ctx;
  const { page } = kit;
  const { root, well } = parts;
  let assistTold = false; // the assist pace said on this page (sayAssist)

  function closeCard() {
    state.card?.close("replaced"); // its onClose (closed) forgets it
  }

  /** @param {Dialog} dialog */
  const closed = (dialog) => {
    if (state.card === dialog) state.card = null;
  };

  /** The pause card over the engine's view, said when it acts (`live`). @param {Domino.View} view @param {boolean} [live] */
  function showPaused(view, live = true) {
    closeCard();
    state.card = pauseCard(root, ctx, view, { live, resume, newGame: ctx.lesson ? undefined : newGame, closed });
    if (live) ctx.announce(t("domino.say.paused"));
  }

  /** Pause at once (time stops now); the card shows the engine's numbers once it saved the run. */
  async function pause() {
    if (state.phase !== "play") return;
    state.phase = "paused";
    page.invalidate();
    input()?.reset();
    frames.flush();
    const mine = page.ticket(); // latest wins: a resume or another run after it drops its card
    const id = state.runId;
    const view = await saveNow();
    if (!mine() || state.phase !== "paused" || id !== state.runId || !view) return;
    state.view = view;
    if (!state.animating) {
      state.falling = view.falling;
      well.drawFalling(state.falling, ctx.reducedMotion()); // the tile where the engine stopped it
    }
    showPaused(view);
  }

  /** Pause -> New game throws the unfinished run away: ask first. */
  async function newGame() {
    state.asking = true;
    const sure = await askNewGame(root, ctx);
    state.asking = false;
    if (!sure || state.phase !== "paused" || page.gone()) return;
    leave();
  }

  function resume() {
    if (state.phase !== "paused" || !state.ready || state.adopting) return;
    page.ticket(); // a pause still waiting for its save shows no card now
    closeCard();
    state.phase = "play";
    page.paintNow(); // the well shown before it takes the focus
    well.root.focus({ preventScroll: true });
    frames.run();
    sayAssist(state.view);
  }

  /**
   * At assist pace (P11), what a player by ear needs when play begins or goes on: the pace, once per page (a run
   * resumed after a reload is told again), then the falling tile. @param {Domino.View | null | undefined} view
   */
  function sayAssist(view) {
    if (!view?.assist || view.over) return;
    if (!assistTold && !ctx.lesson) ctx.announce(t("domino.say.assist"));
    assistTold = true;
    for (const line of spawnSaid(ctx, view)) ctx.announce(line);
  }

  function togglePause() {
    if (state.asking) return; // the question has the keys
    if (state.phase === "play") pause();
    else if (state.phase === "paused") resume();
  }

  /** @param {unknown} error @param {number} id */
  function engineFailed(error, id) {
    if (page.gone() || id !== state.runId) return;
    page.report(error); // an engine bug must not freeze the page: say so and pause
    ctx.notice(t("domino.engineError"));
    pause();
  }

  /** A new run: its pace is said again when it begins (it may differ from the last run's). */
  const newPace = () => {
    assistTold = false;
  };

  return { closeCard, closed, showPaused, pause, resume, togglePause, engineFailed, sayAssist, newPace };
}

/**
 * The page now shows another run (or none): what is in flight about the old one is dropped (a tick's or a move's
 * answer is applied only while the run id it was asked under is the page's), and the play clock owes the new one nothing.
 * @param {import("./state.js").State} state @param {PlayDeps["frames"]} frames
 */
function replaceRun(state, frames) {
  state.runId += 1;
  state.backlog = [];
  state.animating = false;
  state.acc = 0;
  frames.settle();
}

/**
 * Fresh runs from the engine (`new` or `lesson`), one operation each in the page's order.
 * @param {Pick<PlayDeps, "ctx" | "kit" | "state" | "frames"> & {begin: (view: Domino.View) => void}} deps `begin`: the run's
 *   view in play from now on
 */
function createLaunch({ ctx, kit, state, frames, begin }) {
  const { engine, store, t } = ctx;
  const { page } = kit;

  /**
   * A fresh run from the engine, in play; a new one's mode and set become the chosen ones.
   * @param {"new" | "lesson"} method @param {Domino.Calls["new"]["payload"]} payload the deal (a lesson takes none)
   */
  function launch(method, payload) {
    state.launching = true;
    ctx.feel.launching();
    replaceRun(state, frames);
    kit.end.reset(); // a new run: the last run's summary is no longer shown
    return page.serial(async () => {
      try {
        const mark = frames.mark();
        // assist pace (P11, the player's setting) is asked for with every new run and recorded in it
        const asked = ctx.settings.assistPace ? { ...payload, assist: true } : payload;
        const started = method === "new" ? engine.call(method, asked) : engine.call(method);
        const [view, save] = await Promise.all([started, engine.call("save", {})]);
        if (page.gone()) return;
        if (page.keep({ accepted: true, save, view })) frames.saved(mark);
        if (method === "new") {
          store.set("choice", JSON.stringify({ mode: view.mode, set: view.set }));
          ctx.announce(startSaid(ctx, view));
        }
        begin(view);
      } catch (error) {
        page.report(error);
        ctx.notice(t("domino.engineError"));
      } finally {
        state.launching = false;
      }
    });
  }

  /** The start screen's Play, or the lesson's Play again. @param {"new" | "lesson"} method @param {Domino.Calls["new"]["payload"]} payload */
  function startRun(method, payload) {
    if (!state.ready || state.launching || page.gone()) return;
    launch(method, method === "new" ? { seed: randomSeed(), ...payload } : payload);
  }

  return { launch, startRun };
}

/**
 * The end card of a run over (D15, D16), said at once, with the Daily Club's block. Play again plays the same mode
 * and set (in the lesson: the lesson again); Change mode (`toStart`, none in the lesson) leaves for the start screen.
 * @param {Pick<PlayDeps, "ctx" | "kit" | "state" | "parts"> & {closed: (dialog: Dialog) => void,
 *   startRun: (method: "new" | "lesson", payload: Domino.Calls["new"]["payload"]) => void, toStart: () => void}} deps
 * @param {Ended} answer
 */
function openOverCard({ ctx, kit, state, parts, closed, startRun, toStart }, answer) {
  const view = answer.view;
  const club = html("div", { class: "dd-club" });
  state.card = overCard(
    parts.root,
    ctx,
    view,
    overTitle(ctx, view),
    {
      again: ctx.lesson ? () => startRun("lesson", {}) : () => startRun("new", { mode: view.mode, set: view.set }),
      menu: ctx.lesson ? undefined : toStart,
      closed,
      later: kit.page.later,
    },
    club,
  );
  kit.end.card(club); // the block joins the card when the club has banked the run
  ctx.announce(overSaid(ctx, view), "assertive");
}

/** @param {PlayDeps} deps */
export function createPlay(deps) {
  const { ctx, kit, state, parts, frames, input } = deps;
  const { engine, store, t } = ctx;
  const { page } = kit;
  const { well } = parts;
  const { forgetRun, keepProfile, keepAnswer, saveNow } = createKeep({ ctx, page, state, parts, frames });
  const { closeCard, closed, showPaused, pause, togglePause, engineFailed, sayAssist, newPace } = createPause({
    ...deps,
    saveNow,
    leave: () => {
      forgetRun();
      replaceRun(state, frames);
      showStart();
    },
  });
  const { launch, startRun } = createLaunch({ ctx, kit, state, frames, begin });

  /**
   * The engine's full view becomes the page's, drawn; a special on screen for the first time, explained.
   * @param {Domino.View} view
   */
  function show(view) {
    state.view = view;
    state.falling = view.falling;
    hold(false);
    page.paintNow(); // drawn in this task: a mount shows the page once its well is in
    if (state.phase !== "play" || ctx.lesson) return;
    // A tip waits for the player (it may cover the pad, or the tile it explains): no tile falls unseen while it
    // is read, the run's first or any later one (a Daily that counts). No game time passes until the player
    // dismissed it or acted (frames.js `frozen`).
    hold(showTips(ctx, view, state.profile, well.root, () => hold(false)));
  }

  /** The tile waits while a tip is read (no game time) or falls; `data-held` says which (the tests wait on it). @param {boolean} on */
  function hold(on) {
    state.held = on;
    parts.root.toggleAttribute("data-held", on);
  }

  /**
   * The run's view in play, or paused under the pause card.
   * @param {Domino.View} view @param {import("./state.js").Phase} phase @param {boolean} [live]
   */
  function showWell(view, phase, live = true) {
    closeCard();
    state.phase = phase;
    state.animating = false;
    show(view);
    if (phase === "paused") showPaused(view, live);
  }

  /** A view in play from now on: the well has the focus, the frames run; at assist pace its first tile said. @param {Domino.View} view */
  function begin(view) {
    replaceRun(state, frames);
    showWell(view, "play");
    well.root.focus({ preventScroll: true });
    frames.run();
    newPace();
    sayAssist(view);
  }

  /** @param {import("./screens.js").Profile | null} [profile] the records shown (before the engine: the stored ones) */
  function showStart(profile = state.profile) {
    closeCard();
    state.phase = "start";
    page.paintNow();
    parts.start.show(profile, state.view ?? readChoice(store.get("choice"))); // the run's mode and set, else the last chosen
  }

  /**
   * The run ended (D15, D16): the records banked, the end card, the Daily Club's part of it. The run over stays
   * stored until the player leaves its card (Play again, Change mode), so a reload shows the card again (P4).
   * @param {Ended} answer
   */
  function finish(answer) {
    state.phase = "over";
    page.invalidate();
    input()?.reset();
    replaceRun(state, frames);
    if (answer.profile) {
      // stored by keep; the start screen's records come from the engine's view of it
      engine.call("load_profile", { profile: answer.profile }).then((/** @type {import("./screens.js").Profile} */ profile) => {
        if (!page.gone()) keepProfile(profile);
      }, page.report); // the records shown stay the old ones
    }
    closeCard();
    openOverCard(
      {
        ctx,
        kit,
        state,
        parts,
        closed,
        startRun,
        toStart: () => {
          forgetRun();
          showStart();
        },
      },
      answer,
    );
  }

  /**
   * Another tab saved this game (after any operation of ours): its profile replaces ours; its run
   * replaces ours, shown paused (P10).
   * @param {string} item @param {string} text
   */
  async function adopt(item, text) {
    if (item === "profile") {
      keepProfile(await engine.call("load_profile", { profile: text })); // refused: ours stays
      return;
    }
    if (state.phase === "start" || state.adopting) return;
    input()?.reset();
    state.adopting = true; // no input and no ticks until the engine answered
    try {
      const newer = await engine.call("load", { save: text });
      if (page.gone() || !newer || newer.over) return;
      ctx.notice(t("domino.otherTab"));
      replaceRun(state, frames);
      page.ticket();
      showWell(newer, "paused");
    } finally {
      state.adopting = false;
    }
  }

  return {
    forgetRun,
    keepProfile,
    keepAnswer,
    saveNow,
    engineFailed,
    show,
    closeCard,
    showWell,
    begin,
    launch,
    startRun,
    showStart,
    pause,
    togglePause,
    finish,
    adopt,
  };
}
