// Domino Drop (domino): the page. The kit's mountGame runs its life (the
// stored view at once, paused; the engine's start; a link's deal; another
// tab's run; a replay; the lesson); this module gives it the hooks. Every
// rule, score and the end come from club.domino.api.Session: a key is a
// `move` action, time is the frame path (`tick`, small answers until a turn
// resolves; domino/frames.js). The page is a plain state (domino/state.js),
// one `render(parts, state)` (domino/render.js), the run's phases
// (domino/play.js), a turn on screen (domino/anim.js) and the input
// (domino/input.js).
//
// A reload loses no play time (D17): when the page goes (pagehide, hidden) it
// writes the game time its stored save lacks, synchronously (the engine's
// answers would come too late); the next load gives it to the engine as one
// tick before the run resumes paused (domino/playtime.js).
import { createJuice } from "../kit/juice.js";
import { mountGame } from "../kit/mount.js";
import { markDailyDone } from "../kit/clubpage.js";
import { asksDescribe } from "../a11y.js";
import { createAnim } from "./domino/anim.js";
import { createCursor } from "./domino/cursor.js";
import { createFrames } from "./domino/frames.js";
import { createWell } from "./domino/well.js";
import { createInput } from "./domino/input.js";
import { lessonSteps } from "./domino/lesson.js";
import { createPlay } from "./domino/play.js";
import { createOwed } from "./domino/playtime.js";
import { layout, render } from "./domino/render.js";
import { wellSaid } from "./domino/speech.js";
import { createState } from "./domino/state.js";

/**
 * What the domino page's hooks read of its context, and hand its modules (each declares its slice); the kit's
 * mountGame reads its own (web/kit/mount.js MountContext).
 * @typedef {Pick<import("../app.js").GameContext<Domino.Calls>, "engine" | "store" | "club" | "t" | "number" | "announce" | "reducedMotion" | "lesson" | "replay"
 *   | "settings" | "onVisibility" | "storedView"> & import("./domino/anim.js").AnimContext & import("./domino/play.js").PlayContext
 *   & import("./domino/playtime.js").OwedContext & import("../kit/clubpage.js").DailyContext} DominoContext
 */

/** @param {HTMLElement} root @param {import("../app.js").GameContext<Domino.Calls>} ctx */
export function mount(root, ctx) {
  return mountGame(root, ctx, (kit) => ({ ...hooks(root, ctx, kit), ghostBoard })); // the friend's board: no state of the page
}

/**
 * The Daily button: today's daily through its route (the app mounts it, the kit starts it).
 * @param {Pick<DominoContext, "club">} ctx @param {import("../kit/mount.js").Kit<Domino.Calls>} kit
 */
function openDaily(ctx, kit) {
  ctx.club.today().then((/** @type {{ games: Record<string, { query: string }> }} */ today) => {
    if (!kit.page.gone()) location.hash = `#/domino?${today.games.domino.query}`;
  }, kit.page.report);
}

/**
 * The well by ear (P11): key D reads it (wherever the focus is on this page, a replay's too), key C the cell cursor.
 * @param {Pick<DominoContext, "t" | "number" | "announce">} ctx @param {import("./domino/state.js").State} state
 */
function byEar(ctx, state) {
  const cursor = createCursor({ fmt: ctx, say: (text) => ctx.announce(text), view: () => state.view, falling: () => state.falling });
  /** Key D: the columns, the falling tile and its landing, the next tile. @param {KeyboardEvent} e */
  const describe = (e) => {
    if (!asksDescribe(e) || !state.view || e.repeat) return;
    e.preventDefault();
    for (const line of wellSaid(ctx, state.view, state.falling)) ctx.announce(line);
  };
  document.addEventListener("keydown", describe);
  return {
    /** A key for the cell cursor (input.js): true when it took it. @param {KeyboardEvent} e */
    explore: (e) => cursor.key(e),
    stop: () => document.removeEventListener("keydown", describe),
  };
}

/**
 * @param {HTMLElement} root @param {DominoContext} ctx @param {import("../kit/mount.js").Kit<Domino.Calls>} kit
 * @returns {import("../kit/mount.js").GameHooks<Domino.Calls>}
 */
function hooks(root, ctx, kit) {
  const { engine, store } = ctx;
  const state = createState();
  const juice = createJuice(root, ctx);
  const parts = layout(
    root,
    ctx,
    {
      onStart: (mode, set) => play.startRun("new", { mode, set }),
      onDaily: () => openDaily(ctx, kit),
    },
    juice,
  );
  kit.page.paintWith(() => render(parts, state)); // the phase's screen, the well, the HUD (the falling tile: frames.js)
  /** @type {ReturnType<typeof createInput> | null} */
  let input = null;
  const frames = createFrames({
    state,
    engine,
    root,
    well: parts.well,
    reduced: () => ctx.reducedMotion(),
    turn: (answer, mark) => anim.startTurn(answer, mark),
    failed: (error, id) => play.engineFailed(error, id),
    speed: (value) => parts.hud.setSpeed(value),
    keep: (answer, mark) => play.keepAnswer(answer, mark),
    beat: (now) => input?.frame(now),
    answered: (move, answer, by) => anim.answered(move, answer, by),
    frozen: () => ctx.lesson || state.held,
  });
  const play = createPlay({ ctx, kit, state, parts, frames, input: () => input });
  const anim = createAnim({ ctx, kit, state, parts, juice, play, act: frames.act });
  const owed = createOwed({ ctx, page: kit.page, state, frames });
  const keyHurry = (/** @type {KeyboardEvent} */ e) => {
    if (!e.repeat) anim.hurry();
  };
  const ear = byEar(ctx, state);
  if (ctx.lesson || ctx.replay)
    parts.start.hide(); // no mode to choose: the well comes from the engine
  else markDailyDone(/** @type {HTMLElement} */ (root.querySelector(".dd-daily")), ctx, kit.page.report);
  if (ctx.replay) {
    state.phase = "replay";
    kit.page.paintNow();
  }
  /** @type {string | null} */
  let loaded = null; // the stored run the engine loaded
  /** @type {{ tick: Domino.Tick, view: Domino.View } | null} */
  let paid = null; // the time the last page owed it, paid

  // Input waits for the engine: wired once it holds the run (the stored view is only drawn).
  function live() {
    input = createInput({
      well: parts.well.root,
      pad: parts.pad,
      act: frames.act,
      pause: play.togglePause,
      soft: (held) => {
        // no gravity in the lesson nor at assist pace: ↓ moves one row per press, whatever the speed set
        if (!ctx.lesson && !state.view?.assist) frames.soft(held);
        else if (held) frames.act("down");
      },
      // The player's soft drop speed (settings): D6's, the engine's flag, by default; faster ones send plain `down`s.
      speed: () => (ctx.lesson || state.view?.assist ? "normal" : ctx.settings.softDrop),
      drop: () => frames.act("down", "soft"),
      falling: () => state.falling,
      playing: () => state.phase === "play" && !state.animating && !state.adopting,
      live: () => state.phase === "play" && !state.adopting,
      // The player's held-key timing (settings), D8's by default; the engine gets plain moves either way.
      timing: () => (state.view ? { delay: ctx.settings.keyDelay, every: ctx.settings.keyRepeat } : null),
      cellPixels: () => parts.well.cellPixels(),
      early: anim.early,
      explore: ear.explore,
    });
    addEventListener("keydown", keyHurry, true); // any key, pad press or touch of the well ends the juice at once
    parts.play.addEventListener("pointerdown", anim.hurry, true);
    parts.pauseButton.addEventListener("click", play.togglePause);
    ctx.onVisibility((/** @type {boolean} */ hidden) => {
      if (!hidden) return;
      owed.keep(); // a hidden page may be dropped before the pause's save is in
      play.pause();
    });
    addEventListener("pagehide", owed.keep);
    state.ready = true;
  }

  return {
    profile: play.keepProfile,
    show(view, how) {
      if (how === "stored" || !view) showStored({ ctx, state, play }, view);
      else if (how === "lesson") play.begin(view);
      else if (!view.over) {
        play.showWell(view, "paused"); // D18: a run resumes after a reload, paused
        if (!paid && (store.peek ?? store.get)("run") === loaded) kit.page.copy("view", view); // the stored view now matches the run
      } else if (paid) {
        // the time owed ended the run (its last tile locked): its end, banked with the club
        kit.end.heard(paid.tick.events);
        play.finish({ view, profile: paid.tick.profile });
      } else {
        // a run over, reloaded: its final well and end card again (the kit adds its club block, P4)
        play.show(view);
        play.finish({ view, profile: null });
      }
    },
    async resume() {
      loaded = (store.peek ?? store.get)("run"); // the text page.load hands the engine now
      const saved = await kit.page.load("run");
      paid = saved && !saved.over ? await owed.pay(loaded) : null;
      const view = paid ? paid.view : saved;
      if (view) return view; // in play, or over: its end card until the player leaves it
      play.forgetRun(); // none, or unreadable (moved aside): no stored view either
      return null;
    },
    fresh(payload) {
      state.view = null;
      play.showStart();
      if (payload) play.launch("new", payload); // the engine's view says the mode and set the link chose
    },
    startRun: (payload) => play.launch("new", payload),
    live,
    badge: () => root.querySelector(".dd-chip")?.parentElement, // beside the mode chip (the kit's)
    adopt: play.adopt,
    replayStep: anim.replayStep,
    lessonSteps: () => lessonSteps(parts),
    // The app lifts `inert` once the mount resolved: focus what an unhindered mount would have focused.
    focus: () =>
      /** @type {HTMLElement | null} */ (
        state.card?.buttons.querySelector(".primary") ?? (state.phase === "start" ? parts.start.node.querySelector(".dd-go") : null)
      ) ?? parts.well.root,
    unmount() {
      owed.keep(); // in case the page goes before the save below is in
      if (state.phase === "play" || state.phase === "paused") play.saveNow(); // stored when it comes
      removeEventListener("pagehide", owed.keep);
      state.runId += 1; // nothing in flight draws any more
      frames.stop();
      input?.destroy();
      removeEventListener("keydown", keyHurry, true);
      ear.stop();
      parts.hud.destroy();
      juice.destroy();
      play.closeCard();
    },
  };
}

/**
 * The friend's well beside the player's (P4, web/kit/clubghostboard.js): its resting halves, small (their
 * falling tile is theirs to place: not drawn).
 * @param {HTMLElement} parent @returns {(view: Domino.View) => void}
 */
function ghostBoard(parent) {
  const well = createWell(parent, { label: () => "" });
  return (view) => {
    well.setSize(view.width, view.height);
    well.drawStill(view);
  };
}

/**
 * A stored view drawn (its card not live), else the start screen with the records stored beside the profile, at once.
 * @param {{ ctx: Pick<DominoContext, "storedView">, state: import("./domino/state.js").State,
 *   play: ReturnType<typeof createPlay> }} page @param {Domino.View | null} view
 */
function showStored({ ctx, state, play }, view) {
  if (view && !view.over) return play.showWell(view, "paused", false);
  state.view = null;
  play.showStart(ctx.storedView("records"));
}
