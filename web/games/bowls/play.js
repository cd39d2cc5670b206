// A bowls move on the page (W5, W22, W25): the choice of a bowl (free, not a
// move), then a sow, an undo, a redo or End, each asked of the engine after
// the operations before it. An accepted answer is kept, its events played on
// the ring (anim.js) with their cues (cues.js), said (words.js) and heard by
// the lesson and the Daily Club; the end card follows when it ended the
// attempt. A refusal is the engine's reason, said.
import { baseFrame, bowlLabels, landingOf } from "./render.js";
import { heardOf, showTips } from "./lesson.js";
import { landingWords, moveWords, refusalWords } from "./words.js";
import { shownView } from "./state.js";

/**
 * What the actions read of the bowls page's context, and hand the tips.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "engine" | "announce" | "reducedMotion"> & import("./lesson.js").TipsContext} PlayContext
 */

/** @typedef {Club.Answer<Bowls.View, Bowls.Event>} Answer a bowls action's answer */
/** @typedef {"sow" | "undo" | "redo" | "end"} Move the actions a player makes on the ring */

/**
 * @typedef {object} PlayDeps
 * @property {PlayContext} ctx
 * @property {import("../../kit/mount.js").Kit<Bowls.Calls>} kit
 * @property {import("./state.js").State} state
 * @property {import("./hud.js").Words} words
 * @property {{ring: {node: (b: number) => Element | null, focusBowl: (b: number) => void},
 *   choose: (state: import("./render.js").GameState, view: Bowls.View) => void}} game the game screen
 * @property {ReturnType<typeof import("./cues.js").createCues>} cues
 * @property {ReturnType<typeof import("./anim.js").createPlayer>} player
 * @property {ReturnType<typeof import("./asks.js").createAsks>} asks
 * @property {ReturnType<typeof import("./attempts.js").createAttempts>} attempts
 * @property {{show: (events: Bowls.Event[]) => string | null}} toast the achievements' toast (W24)
 * @property {() => void} render
 * @property {(outcome: Answer) => void} over the end card
 * @property {() => void} closeCard
 * @property {(undo: () => void) => void} askUndo asks before an undo that costs the Daily (W21), then undoes on yes
 */

/** @param {PlayDeps} deps */
export function createPlay({ ctx, kit, state, words, game, cues, player, asks, attempts, toast, render, over, closeCard, askUndo }) {
  const { engine } = ctx;
  const { page } = kit;

  // After the choice or the view changed: the forecast line taken from the view, then drawn.
  function refresh() {
    const view = state.view;
    if (view && state.chosen !== null && !view.choosable.includes(state.chosen)) state.chosen = null;
    asks.forecast();
    render();
  }

  const live = () => Boolean(state.view && !state.view.over);

  /** @param {number} b @param {boolean} [announce] */
  function choose(b, announce = true) {
    if (!live()) return;
    state.chosen = b;
    finishAnimation();
    asks.forecast(); // the view's line of the bowl: no question to the engine (W23)
    game.ring.focusBowl(b); // first: the draw's one layout then holds the focus ring too
    if (state.screen === "game") game.choose(state, shownView(state)); // the choice alone is drawn again
    const view = shownView(state); // live: a view not over
    if (announce) {
      // the bowl, and where its stones would land (W6)
      const label = bowlLabels(words, view)[b];
      const lands = landingWords(words, landingOf(view, b));
      ctx.announce(lands ? `${label} ${lands}` : label);
    }
    kit.heard([{ kind: "choose", bowl: b }]);
  }

  function finishAnimation() {
    cues.start(); // a new action: the last one's juice ends at once
    if (!state.animating) return;
    player.cancel();
    state.animating = false;
    render();
  }

  /** A move: asked now, applied after the operations asked before it. @param {Move} method @param {{ bowl?: number }} payload */
  function move(method, payload) {
    asks.moved();
    cues.start();
    return page.serial(() => {
      finishAnimation();
      return act(method, payload);
    });
  }

  /** @param {number | null} b */
  function sow(b) {
    if (b === null || !state.view) return;
    state.chosen = null; // a sow spends the choice: a quick second click on that bowl chooses, it never sows twice
    move("sow", { bowl: b });
  }

  function undo() {
    const undone = () => {
      closeCard();
      move("undo", {});
    };
    // W21: the first undo of a Daily makes it practice: asked first (the engine's view says when); once said
    // yes, the attempt is training and no undo asks again
    if (state.view?.undo_costs_daily && !state.animating) askUndo(undone);
    else undone();
  }
  function redo() {
    move("redo", {});
  }

  /** @param {Move} method @param {{ bowl?: number }} payload the bowl a sowing starts from */
  async function act(method, payload) {
    const before = shownView(state); // moves are asked on the game screen
    const answer = await (method === "sow" ? engine.call(method, { bowl: payload.bowl ?? -1 }) : engine.call(method));
    if (page.gone()) return;
    if (!answer.accepted) {
      cues.refuse();
      ctx.announce(refusalWords(words, answer.reason, payload.bowl));
      return;
    }
    state.view = answer.view;
    asks.moved();
    kit.end.heard(answer.events); // the Daily Club banks a finished run
    if (!page.keep(answer)) return; // another tab's newer run: adopted next
    await attempts.readProfile(answer.profile); // a banked attempt, an achievement (W24, W25)
    if (page.gone()) return;
    const solved = answer.events.find((e) => e.type === "puzzle_solved");
    if (solved && answer.view.puzzle) state.solved.set(answer.view.puzzle.id, solved);
    const cheer = toast.show(answer.events); // W24: the engine awards achievements with the move
    if (cheer) ctx.announce(cheer);
    const shown = shownView(state); // the accepted move's view
    const said = moveWords(words, method, shown, answer.events);
    if (said) ctx.announce(said, shown.over ? "assertive" : "polite"); // P11: the end of a run is urgent
    kit.heard(heardOf(answer.events));
    if (state.screen !== "game") return; // the player left the game screen while it was asked
    if (!answer.events.some((e) => e.type === "pickup")) {
      played(answer);
      return;
    }
    state.animating = true;
    page.paintNow(); // the board as the sowing starts, then the player's frames over it
    const base = { ...baseFrame(state, shownView(state), words), chosen: null };
    player.play(before.bowls, answer.events, { reduced: ctx.reducedMotion(), base }).then((finished) => {
      if (!finished) return;
      state.animating = false;
      played(answer);
    });
  }

  /** The move is drawn; the end card if it ended the attempt. @param {Answer} answer */
  function played(answer) {
    refresh();
    const view = shownView(state);
    cues.after(answer.events, view);
    showTips(ctx, view, game.ring.node);
    if (view.over) over(answer);
  }

  /**
   * A replay's step, drawn like a move's answer (sowing animated when it moved one step forward); a jump
   * (the bar's) is only drawn; nothing stored, no card.
   * @param {Bowls.View} view @param {Bowls.Event[]} events @param {number} [step] @param {boolean} [jump]
   */
  function replayStep(view, events, step, jump = false) {
    const before = state.view;
    finishAnimation();
    state.view = view;
    state.chosen = null;
    state.screen = "game";
    const forward = !jump && before && view.moves > before.moves && events.some((e) => e.type === "pickup");
    if (!forward) {
      render();
      if (!jump) cues.after(events, view);
      return;
    }
    state.animating = true;
    page.paintNow(); // the board as the sowing starts, then the player's frames over it
    player
      .play(before.bowls, events, { reduced: ctx.reducedMotion(), base: { ...baseFrame(state, view, words), chosen: null } })
      .then((finished) => {
        if (!finished) return;
        state.animating = false;
        render();
        cues.after(events, view);
      });
  }

  return { refresh, live, choose, finishAnimation, move, sow, undo, redo, replayStep };
}
