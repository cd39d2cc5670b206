// Domino Drop (domino): the page. It draws what the Python engine reports and
// forwards input; every rule, score and the end come from club.domino.api.Session
// through ctx.engine.call (async, in the engine worker, answered in order): a key
// is a `move` action (the engine's Answer: view, save, profile text), time is the
// frame path (`tick`, small answers until a turn resolves; `soft`: domino/frames.js).
//
// The page is a plain state object (domino/render.js: phase, the engine's view,
// the falling tile, an animation, the open card), one `render(parts, state)`,
// and handlers that turn input into engine calls. Storage, other tabs and the
// operations that are no frame (a new run, adopting another tab's run, a turn's
// animation) go through the kit's session, one at a time.
//
// A returning visit draws the view stored beside the run (ctx.keepView) at once,
// paused, before Python is ready; it is only drawn, never acted on: input is
// wired once the engine has loaded the run.
//
// Feel (issue 15): every event shown plays its cue (domino/cues.js) through
// ctx.feel; cascade steps float their halves at the spot and burst there, big
// turns get praise (and the biggest a shake); a new action ends the juice and
// the turn's animation at once. The first lesson (`ctx.lesson`) plays the
// engine's lesson position with no game time passing (domino/lesson.js).
//
// A reload loses no play time (D17): when the page goes (pagehide, hidden) it
// writes the game time its stored save lacks, synchronously (the engine's
// answers would come too late); the next load gives it to the engine as one
// tick before the run resumes paused (domino/playtime.js).
//
// The Daily Club (issue 16, ctx.club): a route's deal (`#/domino?seed=…&mode=…&set=…`,
// `?daily=…`) starts a run once the stored one is loaded; the Daily button opens
// today's daily; every turn's events go to ctx.club.finished, and the end card gets
// its daily line, grid and share and replay buttons (ctx.club.endBlock). A replay
// route (`ctx.replay`) loads nothing and takes no input: the kit's replay bar asks
// the engine for each step and the page draws it (watchReplay).
import { createJuice } from "../kit/juice.js";
import { createSession } from "../kit/session.js";
import { randomSeed } from "../kit/seed.js";
import { html } from "../svg.js";
import { askNewGame, oneDecimal, overCard, pauseCard } from "./domino/cards.js";
import { cueOf, praiseLevel } from "./domino/cues.js";
import { createFrames } from "./domino/frames.js";
import { createInput } from "./domino/input.js";
import { startLesson, showTips } from "./domino/lesson.js";
import { OWED_ITEM, owedRecord, owedTo } from "./domino/playtime.js";
import { createState, layout, render } from "./domino/render.js";

/** @typedef {import("./domino/screens.js").Choice} Choice */
/** @typedef {import("../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("./domino/frames.js").Answer} Answer */

/** The mode and set chosen last (stored by the page, a preference, not the run); the start screen keeps only known names. @param {string | null} text @returns {Choice | null} */
function readChoice(text) {
  try {
    return JSON.parse(text ?? "null");
  } catch (error) {
    console.warn("domino: the stored choice is no JSON; the first mode and set are chosen", error);
    return null;
  }
}

/** @param {HTMLElement} root @param {any} ctx the app's context */
export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const state = createState();
  const juice = createJuice(root, ctx);
  const parts = layout(root, ctx, { onStart: startRun, onDaily: openDaily }, juice);
  const { well, hud } = parts;
  const session = createSession(root, ctx, { onExternal: adopt });
  const frames = createFrames({
    state, engine, root, well, reduced: () => ctx.reducedMotion(), turn: startTurn, failed: engineFailed,
    speed: (value) => hud.setSpeed(value), keep: keepAnswer, beat: (now) => input?.frame(now),
    answered, frozen: () => ctx.lesson,
  });
  /** @type {ReturnType<typeof createInput> | null} */
  let input = null;
  /** @type {import("../kit/lesson.js").Lesson | null} */
  let lesson = null;
  let refusedLast = ""; // the move refused last: a held key against a wall is refused once aloud, not every repeat

  /** Plays the cue of one event shown now. @param {any} event @param {any[]} events */
  function cue(event, events) {
    const made = cueOf(event, events);
    if (made) ctx.feel.cue(...made);
  }

  /** A move's answer (frames.js), before it is drawn: its feel, the lesson's ear. @param {string} move @param {import("./domino/frames.js").Answer} answer */
  function answered(move, answer) {
    if (!answer.accepted) {
      if (answer.reason === "blocked" && refusedLast !== move) ctx.feel.cue("refuse");
      refusedLast = move;
      return;
    }
    refusedLast = "";
    const turned = answer.events.some((e) => e.type === "scored" || e.type === "over");
    if (!turned) {
      answer.events.forEach((e) => cue(e, answer.events));
      lesson?.heard(answer.events);
    }
  }

  /** A new action: the juice and the turn's animation end at once (issue 15: input never waits). */
  function hurry() {
    juice.finish();
    if (state.animating) well.hurry();
  }

  /** A rotation or hard drop pressed while a turn animates: the animation ends, the move follows it. @param {string} move */
  function early(move) {
    if (state.phase !== "play" || !state.animating || state.adopting) return;
    hurry();
    state.backlog.push(() => frames.act(move));
  }

  /** The engine's full view becomes the page's, drawn. @param {Domino.View} view */
  function show(view) {
    state.view = view;
    state.falling = view.falling;
    render(parts, state);
    if (state.phase === "play" && !ctx.lesson) showTips(ctx, view, state.profile, well.root);
  }

  // ----- storage --------------------------------------------------------------
  function forgetRun() {
    store.remove("run");
    store.remove("view");
  }

  /** @param {import("./domino/screens.js").Profile} profile */
  function keepProfile(profile) {
    state.profile = profile;
    parts.start.update(profile); // the records on the start screen, shown or not
    ctx.keepView(profile, "records"); // the start screen's records, shown at once next time
  }

  /**
   * Store an answer's save (and view, profile); the play clock learns the save holds the time sent before `mark`.
   * @param {Answer | Domino.Tick} answer @param {number} mark
   */
  function keepAnswer(answer, mark) {
    if (session.keep(/** @type {Answer} */ (answer)) && typeof answer.save === "string") frames.saved(mark);
  }

  /** The game time a reload would lose, written now, synchronously (domino/playtime.js). */
  function keepOwed() {
    if (!state.ready || ctx.lesson || (state.phase !== "play" && state.phase !== "paused")) return;
    const run = (store.peek ?? store.get)("run");
    const owed = frames.owed();
    if (run !== null && owed >= 1) store.set(OWED_ITEM, owedRecord(owed, run));
    else if ((store.peek ?? store.get)(OWED_ITEM) !== null) store.remove(OWED_ITEM);
  }

  /**
   * The game time the last page owed the stored run (the one the engine loaded), given to the engine as one tick and
   * stored; null when none was owed. `tick` is a turn when a tile locked in that time.
   * @param {string | null} run the stored save the engine loaded @returns {Promise<{ tick: Domino.Tick, view: Domino.View } | null>}
   */
  async function payOwed(run) {
    const owed = owedTo((store.peek ?? store.get)(OWED_ITEM), run);
    if (!owed) {
      store.remove(OWED_ITEM); // none, or about another save (which holds that time already)
      return null;
    }
    const tick = /** @type {Domino.Tick} */ (await engine.call("tick", { ms: owed }));
    const [save, view] = await Promise.all([engine.call("save", {}), engine.call("view", {})]);
    if (session.keep({ accepted: true, save, view, profile: tick.profile ?? null })) store.remove(OWED_ITEM);
    return { tick, view };
  }

  /** The engine's save and view now, stored even after unmount (the run is kept). @returns {Promise<Domino.View | null>} */
  async function saveNow() {
    const mark = frames.mark();
    try {
      const [save, view] = await Promise.all([engine.call("save", {}), engine.call("view", {})]);
      if (session.keep({ accepted: true, save, view })) frames.saved(mark);
      return view;
    } catch (error) {
      session.report(error);
      return state.view;
    }
  }

  /** @param {unknown} error @param {number} id */
  function engineFailed(error, id) {
    if (session.gone() || id !== state.runId) return;
    session.report(error); // an engine bug must not freeze the page: say so and pause
    ctx.notice(t("domino.engineError"));
    pause();
  }

  // ----- a turn: animate the engine's events, then draw its view ---------------
  /**
   * A turn resolved or the run ended (the answer that ends a run always is a turn): banked with the club.
   * @param {Answer | Domino.Tick} answer @param {number} mark the play clock's mark of its call
   */
  function startTurn(answer, mark) {
    keepAnswer(answer, mark);
    /** @type {Promise<any>} the club's summary of a finished run, else null */
    const banked = ctx.club.finished(answer.events);
    state.animating = true; // no frame, no input until it is drawn (held keys are kept)
    state.acc = 0; // as before issue 13: the animation is no game time
    const id = state.runId;
    session.serial(() => turn(answer, id, banked));
  }

  /** @param {Answer | Domino.Tick} answer @param {number} id @param {Promise<any>} banked */
  async function turn(answer, id, banked) {
    const locked = answer.events.find((e) => e.type === "locked");
    if (locked) cue(locked, answer.events);
    await well.playTurn(answer.events, ctx.reducedMotion(), (/** @type {Domino.Cancelled} */ step) => { // this step's halves, at their spot
      cue(step, answer.events);
      const { x, y } = well.centre(step.cells);
      const halves = ctx.number(step.cells.length);
      juice.float(t(step.step > 1 ? "domino.pop.chain" : "domino.pop.points", { n: halves, step: step.step }), x, y, { cls: "dd-float" });
      juice.burst(x, y, { size: step.cells.length, cls: "dd-burst" });
    });
    if (id !== state.runId) { // the run was replaced while this one animated: draw the one shown now
      if (state.view && state.phase !== "start") well.drawStill(state.view);
      return;
    }
    state.animating = false;
    show(answer.view);
    announceTurn(answer.events);
    for (const e of answer.events) if (e.type === "scored" || e.type === "over" || e.type === "record") cue(e, answer.events);
    lesson?.heard(answer.events);
    if (answer.view.over) finish(answer, banked);
    while (state.backlog.length && !state.animating && id === state.runId) state.backlog.shift()();
  }

  /** @param {any[]} events */
  function announceTurn(events) {
    /** @type {Domino.Scored | undefined} */
    const scored = events.find((e) => e.type === "scored");
    if (scored?.points) {
      hud.flash(t("domino.pop.turn", { count: scored.points, power: ctx.number(scored.power_gain) }), scored.chain > 1);
      const level = praiseLevel(scored);
      const box = well.root.getBoundingClientRect(); // over the well, a third down
      if (level) juice.praise(t(`domino.praise.${level}`), { level, x: box.left + box.width / 2, y: box.top + box.height / 3 });
      if (level >= 3) juice.shake(level);
      ctx.announce(t("domino.say.turn", { count: scored.points, chain: scored.chain, power: ctx.number(scored.power) }));
    }
    /** @type {Domino.SetStarted | undefined} */
    const started = events.find((e) => e.type === "set-started" && e.set > 1);
    if (started) {
      hud.flash(t("domino.pop.set", { n: started.set }), true);
      ctx.announce(t("domino.say.set", { n: started.set }));
    }
  }

  // ----- cards ------------------------------------------------------------------
  function closeCard() {
    state.card?.close("replaced"); // its onClose (closed) forgets it
  }

  /** @param {Dialog} dialog */
  const closed = (dialog) => { if (state.card === dialog) state.card = null; };

  /** The pause card over the engine's view, said when it acts (`live`). @param {Domino.View} view @param {boolean} [live] */
  function showPaused(view, live = true) {
    closeCard();
    state.card = pauseCard(root, ctx, view, { live, resume, newGame: ctx.lesson ? undefined : newGame, closed });
    if (live) ctx.announce(t("domino.say.paused"));
  }

  // ----- phases ---------------------------------------------------------------------
  /** The page now shows another run (or none): what is in flight about the old one is dropped. */
  function replaceRun() {
    state.runId += 1;
    state.backlog = [];
    state.animating = false;
    state.acc = 0;
    frames.settle();
  }

  /** The run's view in play, or paused under the pause card. @param {Domino.View} view @param {import("./domino/render.js").Phase} phase @param {boolean} [live] */
  function showWell(view, phase, live = true) {
    closeCard();
    state.phase = phase;
    state.animating = false;
    show(view);
    if (phase === "paused") showPaused(view, live);
  }

  /** @param {string} mode @param {string} set */
  function startRun(mode, set) {
    if (!state.ready || state.launching || session.gone()) return;
    launch("new", { seed: randomSeed(), mode, set });
  }

  /** The Daily button: today's daily through its route (the app mounts it; startFromRoute starts it). */
  function openDaily() {
    ctx.club.today().then((/** @type {{ games: Record<string, { query: string }> }} */ today) => {
      if (!session.gone()) location.hash = `#/domino?${today.games.domino.query}`;
    }, session.report);
  }

  /** The deal of the route (a challenge or daily link), once the stored run is loaded: the kit asks before it replaces a run in play. */
  async function startFromRoute() {
    const payload = await ctx.club.startPayload();
    if (payload && !session.gone()) launch("new", payload); // the engine's view says the mode and set the link chose
  }

  /** The lesson's position (issue 15), from the lesson's own engine session. */
  function startLessonRun() {
    if (!state.ready || state.launching || session.gone()) return;
    launch("lesson", {});
  }

  /** A fresh run from the engine (`new` or `lesson`), in play; a new one's mode and set become the chosen ones. @param {string} method @param {object} payload */
  function launch(method, payload) {
    state.launching = true;
    replaceRun();
    session.serial(async () => {
      try {
        const mark = frames.mark();
        const [view, save] = await Promise.all([engine.call(method, payload), engine.call("save", {})]);
        if (session.gone()) return;
        if (session.keep({ accepted: true, save, view })) frames.saved(mark);
        showWell(view, "play");
        well.root.focus({ preventScroll: true });
        frames.run();
        if (method === "new") {
          store.set("choice", JSON.stringify({ mode: view.mode, set: view.set }));
          ctx.announce(t("domino.say.start", { mode: t(`domino.mode.${view.mode}`), set: t(`domino.set.${view.set}`) }));
        }
      } catch (error) {
        session.report(error);
        ctx.notice(t("domino.engineError"));
      } finally {
        state.launching = false;
      }
    });
  }

  function showStart() {
    closeCard();
    state.phase = "start";
    render(parts, state);
    parts.start.show(state.profile, state.view ?? readChoice(store.get("choice"))); // the run's mode and set, else the last chosen
  }

  /** Pause at once (time stops now); the card shows the engine's numbers once it saved the run. */
  async function pause() {
    if (state.phase !== "play") return;
    state.phase = "paused";
    render(parts, state);
    input?.reset();
    frames.flush();
    const mine = session.ticket(); // latest wins: a resume or another run after it drops its card
    const id = state.runId;
    const view = await saveNow();
    if (!mine() || state.phase !== "paused" || id !== state.runId || !view) return;
    state.view = view;
    if (!state.animating) {
      state.falling = view.falling;
      well.drawFalling(state.falling, 0, ctx.reducedMotion()); // the tile where the engine stopped it
    }
    showPaused(view);
  }

  /** Pause -> New game throws the unfinished run away: ask first. */
  async function newGame() {
    state.asking = true;
    const sure = await askNewGame(root, ctx);
    state.asking = false;
    if (!sure || state.phase !== "paused" || session.gone()) return;
    forgetRun();
    replaceRun();
    showStart();
  }

  function resume() {
    if (state.phase !== "paused" || !state.ready || state.adopting) return;
    session.ticket(); // a pause still waiting for its save shows no card now
    closeCard();
    state.phase = "play";
    render(parts, state);
    well.root.focus({ preventScroll: true });
    frames.run();
  }

  function togglePause() {
    if (state.asking) return; // the question has the keys
    if (state.phase === "play") pause();
    else if (state.phase === "paused") resume();
  }

  /**
   * The run ended (D15, D16): the records banked, the end card; the club's part of it when the club has banked the run.
   * @param {Answer | Domino.Tick} answer @param {Promise<any>} banked
   */
  function finish(answer, banked) {
    state.phase = "over";
    render(parts, state);
    input?.reset();
    forgetRun();
    replaceRun();
    if (answer.profile) { // stored by keep; the start screen's records come from the engine's view of it
      engine.call("load_profile", { profile: answer.profile }).then((/** @type {import("./domino/screens.js").Profile} */ profile) => {
        if (!session.gone()) keepProfile(profile);
      }, session.report); // the records shown stay the old ones
    }
    /** @type {Domino.Record | undefined} */
    const record = answer.events.find((e) => e.type === "record");
    const v = answer.view;
    const title = t(v.topped_out ? "domino.over.toppedOut" : v.mode === "sprint" ? "domino.over.sprintDone" : "domino.over.title");
    closeCard();
    const club = html("div", { class: "dd-club" });
    const card = overCard(root, ctx, v, title, record, {
      again: ctx.lesson ? startLessonRun : () => startRun(v.mode, v.set), menu: ctx.lesson ? undefined : showStart, closed, later: session.later,
    }, club);
    state.card = card;
    banked.then(async (summary) => { // the card may open first: the block joins it when the summary comes
      if (summary && card.isOpen() && !session.gone()) await ctx.club.endBlock(club, summary);
    }).catch(session.report);
    ctx.announce(t("domino.say.over", { title, max: ctx.number(v.max), power: ctx.number(v.power), speed: oneDecimal(ctx, v.speed) }));
  }

  /**
   * Another tab saved this game (the session runs this after any operation of ours): its profile
   * replaces ours; its run replaces ours, shown paused (P10).
   * @param {string} item @param {string} text
   */
  async function adopt(item, text) {
    if (!state.ready) return;
    if (item === "profile") {
      keepProfile(await engine.call("load_profile", { profile: text })); // throws: ours stays (reported)
      return;
    }
    if (item !== "run" || state.phase === "start" || state.adopting) return;
    input?.reset();
    state.adopting = true; // no input and no ticks until the engine answered
    try {
      const newer = await engine.call("load", { save: text });
      if (session.gone() || !newer || newer.over) return;
      ctx.notice(t("domino.otherTab"));
      replaceRun();
      session.ticket();
      showWell(newer, "paused");
    } finally {
      state.adopting = false;
    }
  }

  // ----- a replay (issue 16): the kit's bar steps the engine, the page draws each step -----
  /** One step of the replay, drawn like an engine answer (its cues and pops; nothing stored, no card). @param {Domino.View} view @param {any[]} events */
  function showStep(view, events) {
    juice.finish();
    state.phase = "replay";
    state.view = view;
    state.falling = view.falling;
    render(parts, state);
    for (const e of events) cue(e, events);
    /** @type {Domino.Scored | undefined} */
    const scored = events.find((e) => e.type === "scored");
    if (scored?.points) hud.flash(t("domino.pop.turn", { count: scored.points, power: ctx.number(scored.power_gain) }), scored.chain > 1);
  }

  /** Replay mode: no run loaded, no input wired; the bar (after the page) drives it. */
  async function watchReplay() {
    parts.start.hide();
    state.phase = "replay";
    render(parts, state);
    await ctx.club.openReplay(root, { show: showStep });
    ctx.painted();
    return {
      unmount() {
        session.close();
        state.runId += 1;
        hud.destroy();
        juice.destroy();
      },
    };
  }
  if (ctx.replay) return watchReplay();

  // ----- at once: the stored view, drawn before the engine is asked anything ----------
  const storedRun = store.get("run");
  const stored = storedRun ? ctx.storedView() : null;
  if (ctx.lesson) {
    parts.start.hide(); // the lesson has no mode to choose: its well comes from the engine
  } else if (stored && !stored.over) {
    try {
      showWell(stored, "paused", false);
      ctx.painted();
    } catch (error) {
      console.warn("domino: the stored view does not draw; waiting for the engine", error);
      closeCard();
      state.phase = "start";
      state.view = null;
      render(parts, state);
    }
  } else {
    parts.start.show(ctx.storedView("records"), readChoice(store.get("choice")));
    ctx.painted();
  }

  // ----- then the engine: the profile and the run, the live view ------------------------
  keepProfile((await session.load("profile", "load_profile", "profile")) ?? await engine.call("load_profile", {}));
  const loadedRun = (store.peek ?? store.get)("run"); // the text session.load hands the engine now
  const saved = await session.load("run");
  const paid = !ctx.lesson && saved && !saved.over ? await payOwed(loadedRun) : null;
  const resumed = paid ? paid.view : saved;

  input = createInput({
    well: well.root, pad: parts.pad, act: frames.act, pause: togglePause,
    soft: (held) => { // no time passes in the lesson: ↓ moves one row per press
      if (!ctx.lesson) frames.soft(held);
      else if (held) frames.act("down");
    },
    playing: () => state.phase === "play" && !state.animating && !state.adopting,
    live: () => state.phase === "play" && !state.adopting,
    timing: () => (state.view ? { delay: state.view.repeat_delay, every: state.view.repeat_every } : null),
    cellPixels: () => well.cellPixels(),
    early,
  });
  const keyHurry = (/** @type {KeyboardEvent} */ e) => { if (!e.repeat) hurry(); };
  addEventListener("keydown", keyHurry, true); // any key, pad press or touch of the well ends the juice at once
  parts.play.addEventListener("pointerdown", hurry, true);
  parts.pauseButton.addEventListener("click", togglePause);
  ctx.onVisibility((/** @type {boolean} */ hidden) => {
    if (!hidden) return;
    keepOwed(); // a hidden page may be dropped before the pause's save is in
    pause();
  });
  addEventListener("pagehide", keepOwed);
  state.ready = true;

  if (ctx.lesson) {
    startLessonRun();
    lesson = startLesson(root, ctx, parts);
  } else if (resumed && !resumed.over) {
    showWell(resumed, "paused"); // D18: a run resumes after a reload, paused
    if (!paid && store.get("run") === storedRun) ctx.keepView(saved); // the stored view now matches the run
  } else if (paid) { // the time owed ended the run (its last tile locked): its end, banked with the club
    finish(paid.tick, ctx.club.finished(paid.tick.events));
  } else {
    forgetRun(); // none, unreadable (moved aside) or over: no stored view either
    state.view = null;
    showStart();
  }
  ctx.painted(); // the first live draw (a no-op when the stored view was drawn)
  if (!ctx.lesson) startFromRoute().catch(session.report);
  // The app lifts `inert` once this resolves: focus what an unhindered mount would have focused.
  setTimeout(() => {
    if (session.gone() || root.contains(document.activeElement)) return;
    const target = state.card?.buttons.querySelector(".primary") ?? (state.phase === "start" ? parts.start.node.querySelector(".dd-go") : well.root);
    /** @type {HTMLElement | SVGElement | null} */ (target)?.focus({ preventScroll: true });
  }, 0);

  return {
    unmount() {
      keepOwed(); // in case the page goes before the save below is in
      if (state.phase === "play" || state.phase === "paused") saveNow(); // stored when it comes
      removeEventListener("pagehide", keepOwed);
      session.close();
      state.runId += 1; // nothing in flight draws any more
      frames.stop();
      input?.destroy();
      removeEventListener("keydown", keyHurry, true);
      hud.destroy();
      juice.destroy();
      lesson?.destroy();
      closeCard();
    },
  };
}
