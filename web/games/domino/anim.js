// A Domino Drop move and turn on screen (D5, D6, D13): a move's cue at once;
// a turn (a tile locked, or the run's end) stored, then its cascade played
// on the well (well.js) with each step's cue, floating halves and burst,
// then the engine's view drawn with the turn's pop, praise and words. A new
// action ends the juice and the animation at once: input never waits. A
// replay's step is shown the same way, nothing stored.
import { cueOf, praiseLevel } from "./cues.js";
import { lockSaid, moveSaid, spawnSaid } from "./speech.js";
import { stepPop, turnPop, turnSaid } from "./words.js";

/**
 * What an answer's showing reads of the domino page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Domino.Calls>, "feel" | "announce" | "t" | "number" | "reducedMotion">} AnimContext
 */

/** @typedef {import("./frames.js").Answer} Answer */
/** @typedef {import("./frames.js").Turned} Turned */

/**
 * @typedef {object} AnimDeps
 * @property {AnimContext} ctx
 * @property {import("../../kit/mount.js").Kit<Domino.Calls>} kit
 * @property {import("./state.js").State} state
 * @property {import("./render.js").Parts} parts
 * @property {import("../../kit/juice.js").Juice} juice
 * @property {ReturnType<typeof import("./play.js").createPlay>} play
 * @property {(move: string) => void} act a move through the frame path
 */

/** @param {AnimDeps} deps */
export function createAnim({ ctx, kit, state, parts, juice, play, act }) {
  const { well, hud } = parts;
  let refusedLast = ""; // the move refused last: a held key against a wall is refused once aloud, not every repeat

  /** Plays the cue of one event shown now. @param {Domino.Event} event @param {Domino.Event[]} events */
  function cue(event, events) {
    const made = cueOf(event, events);
    if (made) ctx.feel.cue(...made);
  }

  /**
   * A move's answer (frames.js), before it is drawn: its feel, the lesson's ear. A held soft drop's `down`s
   * (`by` "soft") are as silent as the engine's own soft drop (D6, gravity): reaching the floor is no mistake.
   * @param {string} move @param {Answer} answer @param {string} [by]
   */
  function answered(move, answer, by = "") {
    if (by === "soft") {
      if (answer.accepted) kit.heard(answer.events);
      return;
    }
    if (!answer.accepted) {
      if (answer.reason === "blocked" && refusedLast !== move) ctx.feel.cue("refuse");
      refusedLast = move;
      if (answer.reason === "blocked" && answer.view.assist) ctx.announce(ctx.t("domino.say.blocked")); // every press heard
      return;
    }
    refusedLast = "";
    const turned = answer.events.some((e) => e.type === "scored" || e.type === "over");
    if (!turned) {
      answer.events.forEach((e) => cue(e, answer.events));
      kit.heard(answer.events);
      // assist pace (P11): the tile where it is now and what a drop there would do, after every move
      if (answer.view.assist) ctx.announce(moveSaid(ctx, answer.view));
    }
  }

  /** A new action: the juice and the turn's animation end at once. */
  function hurry() {
    juice.finish();
    if (state.animating) well.hurry();
  }

  /** A rotation or hard drop pressed while a turn animates: the animation ends, the move follows it. @param {string} move */
  function early(move) {
    if (state.phase !== "play" || !state.animating || state.adopting) return;
    hurry();
    state.backlog.push(() => act(move));
  }

  /**
   * A turn resolved or the run ended (the answer that ends a run always is a turn): stored, banked with the club.
   * @param {Answer | Turned} answer @param {number} mark the play clock's mark of its call
   */
  function startTurn(answer, mark) {
    play.keepAnswer(answer, mark);
    kit.end.heard(answer.events);
    state.animating = true; // no frame, no input until it is drawn (held keys are kept)
    state.acc = 0; // the animation is no game time
    const id = state.runId;
    kit.page.serial(() => turn(answer, id));
  }

  /** @param {Answer | Turned} answer @param {number} id */
  async function turn(answer, id) {
    const locked = answer.events.find((e) => e.type === "locked");
    if (locked) cue(locked, answer.events);
    await well.playTurn(answer.events, ctx.reducedMotion(), (/** @type {Domino.CancelledEvent} */ step) => {
      // this step's halves, at their spot
      cue(step, answer.events);
      const { x, y } = well.centre(step.cells);
      juice.float(stepPop(ctx, step), x, y, { cls: "dd-float" });
      juice.burst(x, y, { size: step.cells.length, cls: "dd-burst" });
    });
    if (id !== state.runId) {
      // the run was replaced while this one animated: draw the one shown now
      if (state.view && state.phase !== "start") well.drawStill(state.view);
      return;
    }
    state.animating = false;
    play.show(answer.view);
    announceTurn(answer.events, answer.view);
    for (const e of answer.events) if (e.type === "scored" || e.type === "over" || e.type === "record") cue(e, answer.events);
    kit.heard(answer.events);
    if (answer.view.over) play.finish(answer);
    while (state.backlog.length && !state.animating && id === state.runId) {
      /** @type {() => void} */ (state.backlog.shift())(); // the backlog is not empty
    }
  }

  /**
   * A turn in words and pops; at assist pace (P11) what the lock cancelled step by step before the turn's
   * sum, and the new tile with its landing and the next one after it.
   * @param {Domino.Event[]} events @param {Domino.View} view
   */
  function announceTurn(events, view) {
    if (view.assist) for (const line of lockSaid(ctx, events, view.height)) ctx.announce(line);
    /** @type {Domino.ScoredEvent | undefined} */
    const scored = events.find((e) => e.type === "scored");
    if (scored?.points) {
      hud.flash(turnPop(ctx, scored), scored.chain > 1);
      const level = praiseLevel(scored);
      const box = well.root.getBoundingClientRect(); // over the well, a third down
      if (level) juice.praise(ctx.t(`domino.praise.${level}`), { level, x: box.left + box.width / 2, y: box.top + box.height / 3 });
      if (level >= 3) juice.shake(level);
      ctx.announce(turnSaid(ctx, scored));
    }
    const started = /** @type {Domino.SetStartedEvent | undefined} */ (events.find((e) => e.type === "set-started" && e.set > 1));
    if (started) {
      hud.flash(ctx.t("domino.pop.set", { n: started.set }), true);
      ctx.announce(ctx.t("domino.say.set", { n: started.set }));
    }
    if (view.assist && !view.over) for (const line of spawnSaid(ctx, view)) ctx.announce(line);
  }

  /**
   * One step of a replay, drawn like an engine answer (its cues and pops; nothing stored, no card);
   * a jump (the bar's: not one step forward) is only drawn.
   * @param {Domino.View} view @param {Domino.Event[]} events @param {number} [step] @param {boolean} [jump]
   */
  function replayStep(view, events, step, jump = false) {
    juice.finish();
    state.phase = "replay";
    state.view = view;
    state.falling = view.falling;
    kit.page.paintNow(); // then the step's cues and pops over it
    if (jump) return;
    for (const e of events) cue(e, events);
    /** @type {Domino.ScoredEvent | undefined} */
    const scored = events.find((e) => e.type === "scored");
    if (scored?.points) hud.flash(turnPop(ctx, scored), scored.chain > 1);
  }

  return { answered, hurry, early, startTurn, replayStep };
}
