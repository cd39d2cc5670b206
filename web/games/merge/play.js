// What input asks of the engine (M12-M15): each action one engine call whose
// answer is kept (page.keep) and drawn; the preview of the aimed cell is
// aim.js's; play time goes with the next call. The page decides nothing:
// legality, merging, points and the end of the round are in the answers.
// Actions run inside page.serial (the page's `act`), so their answers are
// applied in order.
import { randomSeed } from "../../kit/seed.js";
import { endPart } from "../../kit/clubpage.js";
import { createAim } from "./aim.js";
import { aimedCell } from "./state.js";
import { moveSaid } from "./words.js";

/**
 * What the actions read of the merge page's context, and hand aiming.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "engine" | "t" | "number" | "announce" | "reducedMotion"> & import("./aim.js").AimContext} PlayContext
 */

/**
 * @typedef {object} PlayParts
 * @property {PlayContext} ctx
 * @property {import("../../kit/page.js").Page<Merge.Calls>} page
 * @property {import("./state.js").MergeState} state
 * @property {() => void} draw render(state, state.view)
 * @property {import("./board.js").MergeBoard} board
 * @property {ReturnType<typeof import("./anim.js").createPlayer>} player
 * @property {ReturnType<typeof import("./timer.js").createTimer>} timer
 * @property {{open: (stats: import("./cards.js").OverStats) => import("../../kit/dialog.js").Dialog, shut: () => void}} over
 * @property {ReturnType<typeof import("./cues.js").createCues>} cues sound, vibration and juice
 * @property {(events: Merge.Event[]) => void} heard the lesson hears an accepted action's events
 * @property {import("../../kit/clubpage.js").ClubEnd} end the Daily Club's end of a round
 */

/**
 * Play time (M15): measured by the timer, handed to the engine with the next call (or a tick).
 * @param {{ctx: PlayContext, page: import("../../kit/page.js").Page<Merge.Calls>, state: import("./state.js").MergeState,
 *   timer: PlayParts["timer"]}} deps
 */
function createTime({ ctx, page, state, timer }) {
  const { engine } = ctx;

  function takeMs() {
    const ms = timer.take();
    state.sentMs += ms;
    return ms;
  }

  async function flushTime() {
    const ms = takeMs();
    if (ms <= 0) return;
    /** @type {Club.Answer<Merge.View, Merge.Event>} */
    const answer = await engine.call("tick", { ms }).finally(() => {
      state.sentMs -= ms;
    });
    if (answer.accepted && page.keep(answer) && !page.gone()) state.view = answer.view;
  }

  /** A round given up still counts for the best (the engine decides). */
  async function abandon() {
    const [, answer] = await Promise.all([flushTime(), engine.call("abandon", {})]);
    page.keep({ accepted: true, profile: answer.profile });
  }

  return { takeMs, flushTime, abandon };
}

/**
 * The move's events replayed on the board (and felt: cues.js): the newest move's animation
 * wins (its token); `animate(events, before)` answers its length in ms.
 * @param {Pick<PlayParts, "ctx" | "page" | "state" | "draw" | "player" | "cues">} parts
 */
function createAnimate({ ctx, page, state, draw, player, cues }) {
  let moves = 0; // the newest move's animation token
  /** @param {Merge.Event[]} events @param {number[]} before the board before the move */
  return function animate(events, before) {
    const token = ++moves;
    state.anim = token;
    state.reduced = ctx.reducedMotion();
    page.paintNow(); // the move's position drawn, then played over it (one render: a pending frame is dropped)
    const played = player.play(events, before, /** @type {Merge.View} */ (state.view).board, state.reduced) ?? 0;
    page.later(() => {
      if (state.anim !== token) return;
      state.anim = 0;
      draw();
      cues.ended(events);
    }, played);
    return played;
  };
}

/**
 * A refused placement: felt, previewed where it was aimed, shaken, said (its reason's words).
 * @param {Pick<PlayParts, "ctx" | "page" | "state" | "board" | "cues"> & {previewAt: (cell: string) => void, clearAim: () => void}} parts
 */
function createRefuse({ ctx, page, state, board, cues, previewAt, clearAim }) {
  const { t } = ctx;
  /** @param {string} cell @param {string} reason */
  return function refuse(cell, reason) {
    cues.refused();
    previewAt(cell);
    if (!ctx.reducedMotion()) board.shake();
    ctx.announce(t(`merge.reason.${reason}`));
    if (!state.marker && !state.hover)
      page.later(() => {
        if (!aimedCell(state)) clearAim();
      }, 700);
  };
}

/**
 * The game-over card of the round on screen, with the Daily Club's part.
 * @param {PlayParts["state"]} state @param {PlayParts["over"]} over @param {PlayParts["end"]} end
 */
function openOverCard(state, over, end) {
  const view = state.view;
  if (!view?.over) return;
  const card = over.open({
    score: view.score,
    moves: view.moves,
    highest: view.highest,
    chain: view.best_chain,
    playMs: view.play_ms,
    best: view.best,
    newBest: view.new_best, // the round's fact (M11): after a reload or a language switch too
    ended: view.ended,
  });
  end.card(endPart(card, "hm-over-club"));
}

/** @param {PlayParts} parts */
export function createPlay({ ctx, page, state, draw, board, player, timer, over, cues, heard, end }) {
  const { engine, t, number } = ctx;
  const { newPosition, clearAim, previewAt, refreshAim, setMarker } = createAim({ ctx, page, state, draw });
  const { takeMs, flushTime, abandon } = createTime({ ctx, page, state, timer });
  const animate = createAnimate({ ctx, page, state, draw, player, cues });
  const refuse = createRefuse({ ctx, page, state, board, cues, previewAt, clearAim });
  const openOver = () => openOverCard(state, over, end);
  // ----- drawing a new position -----
  /** @param {Merge.View} next */
  function show(next) {
    player.stop();
    state.view = next;
    state.anim = 0;
    newPosition();
    draw();
    refreshAim();
  }

  // ----- actions -----
  /** @param {string} cell @returns {Promise<boolean>} placed */
  async function place(cell) {
    const view = state.view;
    if (!view || view.over || !cell) return false;
    cues.start();
    const ms = takeMs();
    /** @type {Club.Answer<Merge.View, Merge.Event>} */
    const answer = await engine
      .call("place", { cell, ms })
      .catch((/** @type {unknown} */ error) => {
        timer.refund(ms);
        throw error;
      })
      .finally(() => {
        state.sentMs -= ms;
      });
    if (!answer.accepted) {
      // a refusal changes nothing: the time is handed over later
      timer.refund(ms);
      if (!page.gone()) refuse(cell, String(answer.reason));
      return false;
    }
    if (!page.keep(answer) || page.gone()) return true;
    state.view = answer.view;
    newPosition();
    state.preview = null;
    const events = answer.events ?? [];
    cues.placed();
    const played = animate(events, view.board);
    ctx.announce(moveSaid(events, state.view, state.geometry, t, number), state.view?.over ? "assertive" : "polite");
    heard(events);
    end.heard(events);
    if (state.view?.over) page.later(openOver, played + (state.reduced ? 100 : 400));
    else if (state.marker) page.later(refreshAim, played);
    return true;
  }

  /** M4, M12: the pair turns. @param {number} step */
  async function rotate(step) {
    if (!state.view?.can_rotate) return;
    cues.start();
    const answer = await engine.call("rotate", { step });
    if (!answer.accepted || !page.keep(answer) || page.gone()) return;
    cues.turned();
    heard(answer.events ?? []);
    end.heard(answer.events ?? []);
    state.view = answer.view;
    newPosition();
    draw();
    refreshAim();
    ctx.announce(t("merge.say.turn", { turn: t(`merge.dir.${answer.view.turn}`) }));
  }

  /**
   * The calls go out at once, in this order (one queue per game); the answers are awaited together.
   * @param {object | null} [payload] a link's deal (`{query}`), else a random seed
   */
  async function newRound(payload = null) {
    const abandoned = abandon();
    cues.start();
    player.stop();
    over.shut();
    end.reset();
    timer.take(); // time of the old round stays with it
    const next = engine.call("new", payload ?? { seed: randomSeed() });
    const save = engine.call("save", {});
    const [, shown, text] = await Promise.all([abandoned, next, save]);
    if (!page.keep({ accepted: true, save: text, view: shown }) || page.gone()) return;
    show(shown);
    ctx.announce(t("merge.say.newRound"));
  }

  /**
   * A replay's position, drawn like an answer: a step forward that
   * placed is animated and felt; a step back or a jump (`jump`, the bar's) is only drawn. Nothing is kept.
   * @param {Merge.View} next @param {Merge.Event[]} events @param {boolean} [jump]
   */
  function replayed(next, events, jump = false) {
    const before = state.view;
    cues.start();
    if (jump || !before || next.moves !== before.moves + 1 || !events.some((e) => e.type === "set")) {
      show(next);
      return;
    }
    player.stop();
    state.view = next;
    state.preview = null;
    newPosition();
    cues.placed();
    animate(events, before.board);
    ctx.announce(moveSaid(events, next, state.geometry, t, number), next.over ? "assertive" : "polite");
  }

  return { flushTime, abandon, show, refreshAim, setMarker, place, rotate, newRound, openOver, replayed };
}
